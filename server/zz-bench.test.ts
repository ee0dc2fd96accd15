import { it } from 'vitest';
import { startTestService } from './test/harness';
import { seedBulk } from './seed/bulk';

it('bench', async () => {
  const t = await startTestService();
  const db = t.service.store.db;
  const rel = await db.selectFrom('releases').selectAll().where('capacity_units', '=', 'time').where('parking_lot', '=', 0).orderBy('id').executeTakeFirstOrThrow();
  let s = performance.now();
  seedBulk(t.service.store, rel.product_id, rel.id, 100_000);
  console.log('seed ms', performance.now() - s);
  const user = await db.selectFrom('users').selectAll().where('id', '=', 2).executeTakeFirstOrThrow();
  const st = await db.selectFrom('features').select('workflow_status_id').where('release_id', '=', rel.id).executeTakeFirstOrThrow();
  const paths = [
    '/features',
    `/products/${rel.product_id}/features`,
    `/releases/${rel.id}/features`,
    `/releases/${rel.id}/features?page=2000`,
    `/products/${rel.product_id}/features?fields=*`,
    `/releases/${rel.id}/features?fields=*`,
    `/products/${rel.product_id}/features?q=export`,
    `/products/${rel.product_id}/features?q=ex`,
    `/releases/${rel.id}/features?q=Faster%20export`,
    `/products/${rel.product_id}/features?tag=security`,
    `/releases/${rel.id}/features?tag=security`,
    `/products/${rel.product_id}/features?assigned_to_user=${user.email}`,
    `/releases/${rel.id}/features?assigned_to_user=${user.id}`,
    `/products/${rel.product_id}/features?workflow_status=${st.workflow_status_id}`,
    `/releases/${rel.id}/features?workflow_status=${st.workflow_status_id}`,
    `/features?workflow_status=Shipped`,
    `/products/${rel.product_id}/features?updated_since=2000-01-01`,
    `/products/${rel.product_id}/features?updated_since=2999-01-01`,
    `/features?tag=security&assigned_to_user=${user.id}&workflow_status=${st.workflow_status_id}&q=export`,
  ];
  for (const p of paths) {
    await t.get(p);
    const times: number[] = [];
    let total = 0;
    for (let i = 0; i < 10; i++) {
      s = performance.now();
      const r = await t.get<{ pagination: { total_records: number } }>(p);
      times.push(performance.now() - s);
      total = r.body.pagination?.total_records;
      if (r.status !== 200) console.log(r.text);
    }
    times.sort((a, b) => a - b);
    console.log(`${times[5]?.toFixed(1)} ms  total=${total}  ${p}`);
  }
  // write in the 100k release
  s = performance.now();
  const res = await t.request('POST', `/releases/${rel.id}/features`, { feature: { name: 'Bench write' } });
  console.log('create ms', performance.now() - s, res.status);
  await t.close();
}, 600_000);

// Requirements over HTTP against the real service and the demo seed: operations 3 and 4, show,
// update and delete by id or key; each rule's 422; the feature's progress following its
// requirements; audit rows and the recycle bin; nothing written after a refusal.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../src/contract/common';
import { featureSchema } from '../src/contract/features';
import type { Feature, FeatureCreateInput, Requirement, RequirementCreateInput, RequirementUpdateInput } from '../src/contract/features';
import { apiClient } from './test/client';
import type { ApiClient } from './test/client';
import { startTestService } from './test/harness';
import type { TestResponse, TestService } from './test/harness';
import { deletionOf, lastAudit, rowCount } from './test/records';

let t: TestService;
let api: ApiClient;
let release: Feature['release'];
let users: NonNullable<Feature['assigned_to_user']>[];

beforeAll(async () => {
  t = await startTestService();
  api = apiClient(t);
  const res = await api.call('GET /features', { query: { per_page: 200, fields: '*' } });
  const seeded = res.data().features.map((f) => featureSchema.parse(f));
  const found = seeded.find((f) => f.release.capacity_units === 'time' && !f.release.parking_lot);
  if (!found) throw new Error('demo seed has no time release');
  release = found.release;
  users = [...new Map(seeded.flatMap((f) => (f.assigned_to_user ? [[f.assigned_to_user.id, f.assigned_to_user] as const] : []))).values()];
  expect(users.length).toBeGreaterThanOrEqual(2);
});

afterAll(async () => {
  await t.close();
});

async function newFeature(feature: Partial<FeatureCreateInput> = {}): Promise<Feature> {
  const res = await api.call('POST /releases/{release_id}/features', {
    params: { release_id: release.reference_num },
    body: { feature: { name: 'Host feature', ...feature } },
  });
  expect(res.status, res.text).toBe(200);
  return res.data().feature;
}

/** Any body, for the refusals. */
const postReq = (featureKey: string, requirement: unknown) =>
  api.send('POST /features/{feature_id}/requirements', {
    params: { feature_id: featureKey },
    body: { requirement },
  });

async function createReq(featureKey: string, requirement: RequirementCreateInput): Promise<Requirement> {
  const res = await api.call('POST /features/{feature_id}/requirements', {
    params: { feature_id: featureKey },
    body: { requirement },
  });
  expect(res.status, res.text).toBe(200);
  return res.data().requirement;
}

async function updateReq(key: string, requirement: RequirementUpdateInput): Promise<Requirement> {
  const res = await api.call('PUT /requirements/{id}', { params: { id: key }, body: { requirement } });
  expect(res.status, res.text).toBe(200);
  return res.data().requirement;
}

const getReq = (key: string) => api.call('GET /requirements/{id}', { params: { id: key } });
const listReqs = (featureKey: string, query: { per_page?: number; page?: number; q?: string; updated_since?: string } = {}) =>
  api.call('GET /features/{feature_id}/requirements', { params: { feature_id: featureKey }, query });

async function feature(key: string): Promise<Feature> {
  const res = await api.call('GET /features/{id}', { params: { id: key } });
  expect(res.status).toBe(200);
  return res.data().feature;
}

function expect422(res: TestResponse, ...fields: string[]): Record<string, string[]> {
  expect(res.status, res.text).toBe(422);
  const body = errorBodySchema.parse(res.body);
  for (const f of fields) expect(Object.keys(body.errors ?? {}), res.text).toContain(f);
  return body.errors ?? {};
}

const count = (table: 'requirements' | 'audits' | 'deletions'): Promise<number> => rowCount(t, table);

describe('POST /features/{feature_id}/requirements (operation 3)', () => {
  it('creates a requirement with every body field, keyed after its feature', async () => {
    const f = await newFeature();
    const u = users[0];
    const res = await postReq(f.reference_num, {
      name: '  Sign in with a passkey ',
      start_date: '2026-04-01',
      end_date: '2026-04-03',
      workflow_status: { name: 'in progress' },
      description: '<p>WebAuthn</p>',
      assigned_to_user: { email: u?.email },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const r = res.data().requirement;
    expect(r.name).toBe('Sign in with a passkey');
    expect(r.reference_num).toBe(`${f.reference_num}-1`);
    expect(r.position).toBe(1);
    expect(r.feature).toEqual({
      id: f.id,
      name: f.name,
      reference_num: f.reference_num,
      product_id: f.product_id,
      created_at: f.created_at,
      url: f.url,
      resource: f.resource,
    });
    expect(r.release_id).toBe(f.release.id);
    expect([r.start_date, r.end_date]).toEqual(['2026-04-01', '2026-04-03']);
    expect(r.workflow_status.name).toBe('In progress');
    expect(r.description?.body).toBe('<p>WebAuthn</p>');
    expect(r.assigned_to_user?.email).toBe(u?.email);
    expect(r.created_by_user?.email).toBe(t.service.adminEmail);
    expect(r.url).toBe(`${t.url}/requirements/${r.reference_num}`);
    expect(r.resource).toBe(`${t.url}/api/v1/requirements/${r.reference_num}`);

    const second = await createReq(f.id, { name: 'Recovery codes' });
    expect(second.reference_num).toBe(`${f.reference_num}-2`);
    expect(second.position).toBe(2);
    expect(second.workflow_status.position).toBe(1);
    expect(second.assigned_to_user).toBeNull();
    const host = await feature(f.id);
    expect(host.requirements.map((x) => x.reference_num)).toEqual([r.reference_num, second.reference_num]);
  });

  it('accepts the feature key in any case and refuses unknown features with 404', async () => {
    const f = await newFeature();
    const r = await createReq(f.reference_num.toLowerCase(), { name: 'Lower-case path' });
    expect(r.feature.id).toBe(f.id);
    expect((await postReq('PLN-99999', { name: 'x' })).status).toBe(404);
    expect((await postReq('999999', { name: 'x' })).status).toBe(404);
  });

  const cases: [string, unknown, string][] = [
    ['name missing', {}, 'name'],
    ['name blank', { name: ' ' }, 'name'],
    ['name of the wrong type', { name: ['x'] }, 'name'],
    ['unknown status', { name: 'x', workflow_status: { name: 'Nope' } }, 'workflow_status'],
    ['a feature status', { name: 'x', workflow_status: { name: 'Shipped' } }, 'workflow_status'],
    ['status as a boolean', { name: 'x', workflow_status: true }, 'workflow_status'],
    ['unknown assignee', { name: 'x', assigned_to_user: { email: 'ghost@example.com' } }, 'assigned_to_user'],
    ['assignee as a string', { name: 'x', assigned_to_user: 'ghost@example.com' }, 'assigned_to_user'],
    ['not a real date', { name: 'x', start_date: '2026-02-31' }, 'start_date'],
    ['end before start', { name: 'x', start_date: '2026-04-02', end_date: '2026-04-01' }, 'end_date'],
    ['description too long', { name: 'x', description: 'x'.repeat(100_001) }, 'description'],
  ];
  for (const [what, body, field] of cases) {
    it(`${what} → 422 on ${field}`, async () => {
      const f = await newFeature();
      expect422(await postReq(f.id, body), field);
    });
  }

  it('reports every problem together and writes nothing', async () => {
    const f = await newFeature();
    const before = await Promise.all([count('requirements'), count('audits')]);
    const errors = expect422(
      await postReq(f.id, {
        name: '',
        workflow_status: { name: 'Nope' },
        end_date: 'soon',
        assigned_to_user: { email: 'ghost@example.com' },
      }),
      'name',
      'workflow_status',
      'end_date',
      'assigned_to_user',
    );
    expect(Object.keys(errors)).toHaveLength(4);
    expect(await Promise.all([count('requirements'), count('audits')])).toEqual(before);
    // The next one still gets number 1: the refused write allocated nothing.
    expect((await createReq(f.id, { name: 'First' })).reference_num).toBe(`${f.reference_num}-1`);
  });

  it('answers 400 to malformed JSON and 422 to a missing envelope', async () => {
    const f = await newFeature();
    const bad = await api.send('POST /features/{feature_id}/requirements', {
      params: { feature_id: f.id },
      rawBody: '{"requirement": ',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(bad.status).toBe(400);
    expect422(
      await api.send('POST /features/{feature_id}/requirements', {
        params: { feature_id: f.id },
        body: { name: 'x' },
      }),
      'requirement',
    );
  });
});

describe('GET /features/{feature_id}/requirements (operation 4)', () => {
  it('pages in position order and filters by q and updated_since', async () => {
    const f = await newFeature();
    const made: Requirement[] = [];
    for (const name of ['Alpha export', 'Beta import', 'Gamma export', 'Delta 100%']) made.push(await createReq(f.id, { name }));
    const all = await listReqs(f.reference_num);
    expect(all.status).toBe(200);
    const page = all.data();
    expect(page.requirements.map((r) => r.id)).toEqual(made.map((r) => r.id));
    expect(page.pagination).toEqual({ total_records: 4, total_pages: 1, current_page: 1 });

    const p2 = (await listReqs(f.id, { per_page: 3, page: 2 })).data();
    expect(p2.requirements.map((r) => r.name)).toEqual(['Delta 100%']);
    expect(p2.pagination).toEqual({ total_records: 4, total_pages: 2, current_page: 2 });

    const q = (await listReqs(f.id, { q: 'EXPORT' })).data();
    expect(q.requirements.map((r) => r.name)).toEqual(['Alpha export', 'Gamma export']);
    const pct = (await listReqs(f.id, { q: '0%' })).data();
    expect(pct.requirements.map((r) => r.name)).toEqual(['Delta 100%']);

    const mark = new Date().toISOString();
    await new Promise((r) => setTimeout(r, 5));
    await updateReq(made[1]?.id ?? '', { name: 'Beta import v2' });
    const since = (await listReqs(f.id, { updated_since: mark })).data();
    expect(since.requirements.map((r) => r.name)).toEqual(['Beta import v2']);

    expect((await listReqs(f.id, { per_page: 500 })).status).toBe(400);
    expect((await listReqs(f.id, { updated_since: 'notadate' })).status).toBe(400);
    expect((await listReqs('PLN-99999')).status).toBe(404);
  });
});

describe('GET, PUT, DELETE /requirements/{id}', () => {
  it('shows by id and by key, 404 for unknown', async () => {
    const f = await newFeature();
    const r = await createReq(f.id, { name: 'Shown' });
    for (const key of [r.id, r.reference_num, r.reference_num.toLowerCase()]) {
      const res = await getReq(key);
      expect(res.status).toBe(200);
      expect(res.data().requirement).toEqual(r);
    }
    for (const key of ['999999', 'PLN-1-999', 'nope']) expect((await getReq(key)).status).toBe(404);
    expect(
      (
        await api.call('PUT /requirements/{id}', {
          params: { id: '999999' },
          body: { requirement: { name: 'x' } },
        })
      ).status,
    ).toBe(404);
    expect((await api.call('DELETE /requirements/{id}', { params: { id: 'PLN-1-999' } })).status).toBe(404);
  });

  it('updates fields, audits old → new, and refuses bad values without writing', async () => {
    const f = await newFeature();
    const r = await createReq(f.id, { name: 'Before', start_date: '2026-01-10' });
    const u = users[1];
    const changed = await updateReq(r.reference_num, {
      name: 'After',
      assigned_to_user: { email: u?.email ?? '' },
      workflow_status: { name: 'Done' },
    });
    expect([changed.name, changed.assigned_to_user?.email, changed.workflow_status.name]).toEqual(['After', u?.email, 'Done']);
    const row = await lastAudit(t, 'Requirement', r.id);
    expect(row.audit_action).toBe('update');
    expect((JSON.parse(row.changes) as Record<string, unknown>).name).toEqual(['Before', 'After']);

    const before = await count('audits');
    const putReq = (requirement: RequirementUpdateInput) =>
      api.call('PUT /requirements/{id}', { params: { id: r.id }, body: { requirement } });
    expect422(await putReq({ end_date: '2026-01-01' }), 'end_date');
    expect422(await putReq({ name: 'x', workflow_status: { name: 'Nope' } }), 'workflow_status');
    expect422(await putReq({ name: '' }), 'name');
    expect(await count('audits')).toBe(before);
    expect((await getReq(r.id)).body).toEqual({ requirement: changed });

    const cleared = await updateReq(r.id, { assigned_to_user: null, description: null });
    expect(cleared.assigned_to_user).toBeNull();
  });

  it('deletes with 204 into the recycle bin', async () => {
    const f = await newFeature();
    const r = await createReq(f.id, { name: 'Short-lived' });
    const deletions = await count('deletions');
    const res = await api.call('DELETE /requirements/{id}', { params: { id: r.reference_num } });
    expect(res.status).toBe(204);
    expect((await getReq(r.id)).status).toBe(404);
    expect(await count('deletions')).toBe(deletions + 1);
    const row = await deletionOf(t, 'Requirement', r.id);
    expect((JSON.parse(row.payload) as { requirements: { name: string }[] }).requirements[0]?.name).toBe('Short-lived');
    expect((await feature(f.id)).requirements).toEqual([]);
  });
});

describe('feature progress from requirements', () => {
  it('follows completion of the requirements on create, update and delete', async () => {
    const f = await newFeature({ progress_source: 'progress_from_requirements' });
    expect(f.progress).toBeNull();
    const a = await createReq(f.id, { name: 'A' });
    const b = await createReq(f.id, { name: 'B', workflow_status: { name: 'Done' } });
    expect((await feature(f.id)).progress).toBe(50);
    await createReq(f.id, { name: 'C' });
    expect((await feature(f.id)).progress).toBe(33);
    await updateReq(a.id, { workflow_status: { name: 'Done' } });
    expect((await feature(f.id)).progress).toBe(67);
    await api.call('DELETE /requirements/{id}', { params: { id: b.id } });
    expect((await feature(f.id)).progress).toBe(50);
  });

  it('leaves manual progress alone', async () => {
    const f = await newFeature({ progress: 10 });
    await createReq(f.id, { name: 'Done already', workflow_status: { name: 'Done' } });
    expect((await feature(f.id)).progress).toBe(10);
  });
});

// API tests of the service as a whole: data survives a restart without re-seeding, the `empty`
// seed mode, tokens minted for a user (as `npm run token` does), what the demo seed contains,
// and the bulk generator used by the benchmarks.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meEnvelope, productPage, teamEnvelope, teamPage, userPage, workflowKindPage, workflowPage } from '../src/contract/account';
import { releaseEnvelope, releasePage, releasePhasePage } from '../src/contract/releases';
import { todayIso } from '../src/domain/dates';
import { mintToken } from './auth';
import { seedBulk } from './seed/bulk';
import { seedAccount } from './seed/seed';
import { openStore } from './store/db';
import { startTestService } from './test/harness';
import type { TestService } from './test/harness';
import { auditRows } from './test/records';

describe('demo service', () => {
  let t: TestService;

  beforeAll(async () => {
    t = await startTestService();
  });

  afterAll(async () => {
    await t.close();
  });

  it('seeds the demo account on first start', async () => {
    expect(t.service.seeded).toBe(true);
    const products = productPage.parse((await t.get('/products')).body).products;
    expect(products.map((p) => `${p.reference_prefix} ${p.name}`).sort()).toEqual(['MOB Mobile App', 'PLN Planner Cloud']);
    const users = userPage.parse((await t.get('/users')).body).users;
    expect(users.map((u) => u.name)).toEqual(['Alex Admin', 'Morgan Lee', 'Sam Rivera']);
  });

  it('seeds a release in time, one in story points and a parking lot per product, dated around today', async () => {
    const today = todayIso();
    for (const product of ['PLN', 'MOB']) {
      const { releases } = releasePage.parse((await t.get(`/products/${product}/releases?fields=*&per_page=200`)).body);
      expect(releases.some((r) => r.capacity_units === 'time' && !r.parking_lot && (r.total_capacity ?? 0) > 0)).toBe(true);
      expect(releases.some((r) => r.capacity_units === 'story_points' && (r.total_capacity_text ?? '').endsWith('p'))).toBe(true);
      expect(releases.filter((r) => r.parking_lot)).toHaveLength(1);
      const current = releases.find((r) => r.workflow_status?.name === 'In progress');
      expect(current?.start_date && current.start_date <= today).toBe(true);
      expect(current?.release_date && current.release_date >= today).toBe(true);
      expect(releases.every((r) => (r.features_count ?? 0) > 0)).toBe(true);
    }
    const phases = releasePhasePage.parse((await t.get('/releases/MOB-R-1/release_phases')).body).release_phases;
    expect(phases.map((p) => p.type)).toEqual(['phase', 'phase', 'milestone']);
  });

  it('allocates reference numbers with the product counters', async () => {
    const db = t.service.store.db;
    const pln = await db.selectFrom('products').selectAll().where('reference_prefix', '=', 'PLN').executeTakeFirstOrThrow();
    const features = await db
      .selectFrom('features')
      .select(['reference_num', 'next_requirement_num', 'id', 'tags'])
      .where('product_id', '=', pln.id)
      .orderBy('id')
      .execute();
    expect(features.length).toBeGreaterThanOrEqual(8);
    expect(features.map((f) => f.reference_num)).toEqual(features.map((_, i) => `PLN-${i + 1}`));
    expect(pln.next_feature_num).toBe(features.length + 1);
    // Each kind's keys in creation order, read the same way.
    const keysOf = async (table: 'releases' | 'initiatives' | 'epics') =>
      (await db.selectFrom(table).select('reference_num').where('product_id', '=', pln.id).orderBy('id').execute()).map(
        (r) => r.reference_num,
      );
    const releases = await keysOf('releases');
    expect(releases).toEqual(releases.map((_, i) => `PLN-R-${i + 1}`));
    expect(pln.next_release_num).toBe(releases.length + 1);
    const initiatives = await keysOf('initiatives');
    expect(initiatives[0]).toBe('PLN-S-1');
    expect(pln.next_initiative_num).toBe(initiatives.length + 1);
    const epics = await keysOf('epics');
    expect(epics[0]).toBe('PLN-E-1');
    expect(pln.next_epic_num).toBe(epics.length + 1);

    const first = features[0];
    const reqs = await db
      .selectFrom('requirements')
      .select('reference_num')
      .where('feature_id', '=', first?.id ?? 0)
      .orderBy('position')
      .execute();
    expect(reqs.map((r) => r.reference_num)).toEqual(reqs.map((_, i) => `PLN-1-${i + 1}`));
    expect(first?.next_requirement_num).toBe(reqs.length + 1);

    // Tags are kept twice: comma-joined on the feature and as rows for filtering.
    for (const f of features) {
      const rows = await db.selectFrom('feature_tags').select('tag').where('feature_id', '=', f.id).execute();
      expect(rows.map((r) => r.tag).sort()).toEqual(f.tags ? f.tags.split(',').sort() : []);
    }
    const watchers = await db.selectFrom('feature_watchers').select('user_id').execute();
    expect(watchers.length).toBeGreaterThan(0);
    const web = teamEnvelope.parse((await t.get('/teams/WEB')).body).team;
    expect(web.program_increments.map((p) => p.reference_num)).toEqual(['WEB-PI-1', 'WEB-PI-2']);
  });

  it('spreads features over several statuses, estimated in their release units', async () => {
    const db = t.service.store.db;
    const rows = await db
      .selectFrom('features')
      .innerJoin('releases', 'releases.id', 'features.release_id')
      .innerJoin('workflow_statuses', 'workflow_statuses.id', 'features.workflow_status_id')
      .select(['workflow_statuses.name as status', 'releases.capacity_units', 'features.initial_estimate'])
      .execute();
    expect(new Set(rows.map((r) => r.status)).size).toBeGreaterThanOrEqual(4);
    const points = rows.filter((r) => r.capacity_units === 'story_points' && r.initial_estimate !== null);
    const minutes = rows.filter((r) => r.capacity_units === 'time' && r.initial_estimate !== null);
    expect(points.every((r) => (r.initial_estimate ?? 0) < 100)).toBe(true);
    expect(minutes.every((r) => (r.initial_estimate ?? 0) >= 60)).toBe(true);
  });

  it('keeps data across a restart without seeding again', async () => {
    const created = await t.request('POST', '/products/PLN/releases', {
      release: { name: 'Survives restarts', total_capacity_text: '3d' },
    });
    expect(created.status, created.text).toBe(200);
    const release = releaseEnvelope.parse(created.body).release;
    const usersBefore = userPage.parse((await t.get('/users')).body).pagination.total_records;

    await t.restart();

    expect(t.service.seeded).toBe(false);
    const again = await t.get(`/releases/${release.reference_num}`);
    expect(again.status).toBe(200);
    expect(releaseEnvelope.parse(again.body).release).toMatchObject({
      id: release.id,
      name: 'Survives restarts',
      total_capacity_text: '3d',
    });
    expect(userPage.parse((await t.get('/users')).body).pagination.total_records).toBe(usersBefore);
    expect(productPage.parse((await t.get('/products')).body).pagination.total_records).toBe(2);
    const audit = await auditRows(t, 'Release', release.id);
    expect(audit.map((a) => a.audit_action)).toEqual(['create']);
  });

  it('mints a working token for a user (mintToken)', async () => {
    const morgan = await t.service.store.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'morgan@planner.local')
      .executeTakeFirstOrThrow();
    const token = await mintToken(t.service.store.db, morgan.id, 'test');
    expect(token).toMatch(/^pln_/);
    const res = await t.request('GET', '/me', undefined, { token });
    expect(res.status).toBe(200);
    expect(meEnvelope.parse(res.body).user).toMatchObject({
      email: 'morgan@planner.local',
      administrator: false,
    });
  });

  // Two starts of `node --import tsx` (compiling on the fly): seconds each on a quiet machine, past a
  // minute on one shared with other work, so each has two minutes and the test both and more.
  it('mints a working token from the command line (npm run token -- <email>)', { timeout: 300_000 }, async () => {
    const { PLANNER_TOKEN: _fixed, ...inherited } = process.env;
    const cliEnv = { ...inherited, PLANNER_DATA_DIR: t.dataDir, ...(t.databaseUrl ? { PLANNER_DATABASE_URL: t.databaseUrl } : {}) };
    // Run asynchronously: a synchronous spawn would freeze this process's service for seconds, and
    // its keep-alive timers would then close the client's pooled socket under the next request.
    const run = (email: string) =>
      new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
        execFile(
          process.execPath,
          ['--import', 'tsx', 'server/main.ts', 'token', email],
          { cwd: path.resolve(__dirname, '..'), env: cliEnv, encoding: 'utf8', timeout: 120_000 },
          (error, stdout, stderr) => {
            resolve({ status: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr });
          },
        );
      });
    const ok = await run('sam@planner.local');
    expect(ok.status, ok.stderr).toBe(0);
    const token = ok.stdout.trim().split('\n').at(-1) ?? '';
    const res = await t.request('GET', '/me', undefined, { token });
    expect(res.status).toBe(200);
    expect(meEnvelope.parse(res.body).user.email).toBe('sam@planner.local');
    const bad = await run('nobody@planner.local');
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/No user/);
  });
});

describe('empty seed mode', () => {
  let t: TestService;

  beforeAll(async () => {
    t = await startTestService({ seed: 'empty' });
  });

  afterAll(async () => {
    await t.close();
  });

  it('has the users, one product with its workflows and feature kinds, and nothing else', async () => {
    expect(userPage.parse((await t.get('/users')).body).users.map((u) => u.email)).toEqual([
      'admin@planner.local',
      'morgan@planner.local',
      'sam@planner.local',
    ]);
    const products = productPage.parse((await t.get('/products')).body).products;
    expect(products.map((p) => p.reference_prefix)).toEqual(['PLN']);
    expect(workflowPage.parse((await t.get('/products/PLN/workflows')).body).pagination.total_records).toBe(7);
    expect(workflowKindPage.parse((await t.get('/products/PLN/workflow_kinds')).body).workflow_kinds).toHaveLength(4);
    expect(releasePage.parse((await t.get('/products/PLN/releases')).body).pagination.total_records).toBe(0);
    expect(teamPage.parse((await t.get('/teams')).body).pagination.total_records).toBe(0);
    const db = t.service.store.db;
    for (const table of ['features', 'requirements', 'initiatives', 'epics', 'release_phases', 'audits'] as const) {
      const { n } = await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(n, table).toBe(0);
    }
  });

  it('lets the first release be created with reference number R-1', async () => {
    const res = await t.request('POST', '/products/PLN/releases', { release: { name: 'First' } });
    expect(res.status, res.text).toBe(200);
    const release = releaseEnvelope.parse(res.body).release;
    expect(release.reference_num).toBe('PLN-R-1');
    expect(release.workflow_status.name).toBe('Planning');
  });
});

describe('seeding and the bulk generator', () => {
  const dirs: string[] = [];
  const freshStore = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'planner-seed-'));
    dirs.push(dir);
    return openStore(dir);
  };

  afterAll(() => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('seeds the demo account quickly and atomically', async () => {
    const store = await freshStore();
    try {
      const started = performance.now();
      const cpu = process.cpuUsage();
      const result = await seedAccount(store.db, 'demo');
      // Quick is little work: this process's CPU time (about 0.3 s), which a neighbour's load does not
      // stretch as it stretches the wall clock; the wall clock only has to show no waiting on itself.
      const { user, system } = process.cpuUsage(cpu);
      expect((user + system) / 1000).toBeLessThan(1_000);
      expect(performance.now() - started).toBeLessThan(10_000);
      expect(result.adminEmail).toBe('admin@planner.local');
      // A second seed breaks the unique keys and must leave nothing of itself behind.
      const count = async () =>
        (
          await store.db
            .selectFrom('features')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n;
      const before = await count();
      await expect(seedAccount(store.db, 'demo')).rejects.toThrow();
      expect(await count()).toBe(before);
    } finally {
      await store.close();
    }
  });

  it('inserts features in bulk with tags, reference numbers and a searchable name index', async () => {
    const store = await freshStore();
    try {
      await seedAccount(store.db, 'demo');
      const db = store.db;
      const pln = await db.selectFrom('products').selectAll().where('reference_prefix', '=', 'PLN').executeTakeFirstOrThrow();
      const release = await db.selectFrom('releases').selectAll().where('reference_num', '=', 'PLN-R-3').executeTakeFirstOrThrow();
      const result = seedBulk(store, pln.id, release.id, 5_000);
      expect(result.inserted).toBe(5_000);
      expect(result.firstReference).toBe(`PLN-${pln.next_feature_num}`);
      expect(result.lastReference).toBe(`PLN-${pln.next_feature_num + 4_999}`);
      const after = await db.selectFrom('products').select('next_feature_num').where('id', '=', pln.id).executeTakeFirstOrThrow();
      expect(after.next_feature_num).toBe(pln.next_feature_num + 5_000);

      const inRelease = await db
        .selectFrom('features')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('release_id', '=', release.id)
        .executeTakeFirstOrThrow();
      expect(inRelease.n).toBeGreaterThanOrEqual(5_000);
      const tagged = store.sqlite
        .prepare(
          'SELECT COUNT(*) AS n FROM features f WHERE f.id BETWEEN ? AND ? AND NOT EXISTS (SELECT 1 FROM feature_tags t WHERE t.feature_id = f.id)',
        )
        .get(result.firstId, result.lastId) as { n: number };
      expect(tagged.n).toBe(0);
      // Story-point release: estimates are small point values.
      const est = store.sqlite
        .prepare('SELECT MAX(initial_estimate) AS m FROM features WHERE id BETWEEN ? AND ?')
        .get(result.firstId, result.lastId) as { m: number };
      expect(est.m).toBeLessThanOrEqual(13);

      // The name index covers the new rows, and its trigger is back for later inserts.
      const lastName = (store.sqlite.prepare('SELECT name FROM features WHERE id = ?').get(result.lastId) as { name: string }).name;
      const hits = store.sqlite.prepare('SELECT rowid FROM features_fts WHERE features_fts MATCH ?').all(`"${lastName}"`) as {
        rowid: number;
      }[];
      expect(hits.map((h) => h.rowid)).toContain(result.lastId);
      const trigger = store.sqlite.prepare("SELECT name FROM sqlite_master WHERE type = 'trigger' AND name = 'features_fts_ai'").get();
      expect(trigger).toBeDefined();

      expect(() => seedBulk(store, pln.id, 999_999, 1)).toThrow(/No release/);
    } finally {
      await store.close();
    }
  });
});

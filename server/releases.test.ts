// API tests of releases (operation 8, show, update, lists) and release phases (create, show,
// operation 15, delete, list): happy paths parsed with the contract, every rule's 422 naming its
// field, 404s, malformed requests, audit rows and the recycle bin.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../src/contract/common';
import {
  releaseEnvelope,
  releasePage,
  releasePhaseEnvelope,
  releasePhasePage,
  releaseSchema,
  type Release,
  type ReleasePhase,
} from '../src/contract/releases';
import { TEST_TOKEN, startTestService } from './test/harness';
import type { TestService } from './test/harness';
import {
  auditRows,
  deletionOf,
  expectFields,
  getOk,
  JSON_TYPE,
  makeRelease,
  RELEASE_LIST_MEMBERS,
  rowCount,
  uniqueName,
} from './test/records';

let t: TestService;

beforeAll(async () => {
  t = await startTestService();
});

afterAll(async () => {
  await t.close();
});

async function createRelease(product: string, release: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return t.request('POST', `/products/${product}/releases`, { release, ...extra });
}

const newRelease = (release: Record<string, unknown> = {}, product = 'PLN'): Promise<Release> => makeRelease(t, release, product);

const getRelease = async (id: string): Promise<Release> => (await getOk(t, `/releases/${id}`, releaseEnvelope)).release;

async function updateRelease(id: string, release: Record<string, unknown>) {
  return t.request('PUT', `/releases/${id}`, { release });
}

async function phasesOf(release: string): Promise<ReleasePhase[]> {
  const res = await t.get(`/releases/${release}/release_phases?per_page=200`);
  expect(res.status, res.text).toBe(200);
  return releasePhasePage.parse(res.body).release_phases;
}

async function createPhase(phase: Record<string, unknown>) {
  return t.request('POST', '/release_phases', { release_phase: phase });
}

/** A phase that must be created (the answer is parsed with the documented envelope). */
async function newPhase(phase: Record<string, unknown>) {
  return releasePhaseEnvelope.parse((await createPhase(phase)).body).release_phase;
}

const audits = (type: string, id: string) => auditRows(t, type, id);

/** One request on a connection of its own (no keep-alive pool). */
/** A request on its own connection; `chunked` sends the body in pieces with no Content-Length. */
function rawRequest(method: string, path: string, body: string, chunked = false): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${t.url}/api/v1${path}`,
      {
        method,
        agent: false,
        headers: {
          Authorization: `Bearer ${TEST_TOKEN}`,
          'Content-Type': 'application/json',
          ...(chunked ? { 'Transfer-Encoding': 'chunked' } : { 'Content-Length': Buffer.byteLength(body) }),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    // The service may answer and close before the whole body is sent.
    req.on('error', (err: NodeJS.ErrnoException) => (err.code === 'EPIPE' || err.code === 'ECONNRESET' ? undefined : reject(err)));
    if (!chunked) return req.end(body);
    // Pieces that split multi-byte characters: the body must be read back whole, not per piece.
    const bytes = Buffer.from(body);
    for (let at = 0; at < bytes.length; at += 4099) req.write(bytes.subarray(at, at + 4099));
    req.end();
  });
}

describe('POST /products/:product_id/releases (operation 8)', () => {
  it('creates a release with every field and answers the whole record', async () => {
    // The dates come back as sent.
    const dates = {
      start_date: '2030-09-01',
      end_date: '2030-10-15',
      release_date: '2030-10-15',
      development_started_on: '2030-09-02',
      external_release_date: '2030-10-31',
      external_date_resolution: 'month',
    };
    const res = await createRelease('PLN', {
      name: 'Autumn launch',
      owner: 'morgan@planner.local',
      initiatives: ['Enterprise readiness', 'PLN-S-1'],
      workflow_status: { name: 'in progress' },
      theme: '<p>Ship <em>it</em></p>',
      ...dates,
      capacity_units: 'story_points',
      total_capacity_text: '40p',
      progress_source: 'progress_manual',
      progress: 25,
      duration_source: 'duration_manual',
      parking_lot: false,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('content-type')).toBe(JSON_TYPE);
    const { release } = releaseEnvelope.parse(res.body);
    expect(release.reference_num).toMatch(/^PLN-R-\d+$/);
    expect(release).toMatchObject({
      name: 'Autumn launch',
      ...dates,
      capacity_units: 'story_points',
      total_capacity: 40,
      total_capacity_text: '40p',
      progress: 25,
      progress_source: 'progress_manual',
      parking_lot: false,
      released: false,
      features_count: 0,
      parent_id: null,
    });
    expect(release.workflow_status.name).toBe('In progress');
    expect(release.owner?.email).toBe('morgan@planner.local');
    expect(release.created_by_user?.email).toBe('admin@planner.local');
    expect(release.theme?.body).toBe('<p>Ship <em>it</em></p>');
    expect(release.initiatives.map((i) => i.reference_num).sort()).toEqual(['PLN-S-1', 'PLN-S-2']);
    expect(release.url).toBe(`${t.url}/releases/${release.reference_num}`);
    expect(release.resource).toBe(`${t.url}/api/v1/releases/${release.reference_num}`);
  });

  it('allocates reference numbers from the product counter', async () => {
    const a = await newRelease();
    const b = await newRelease();
    const n = (r: Release) => Number(r.reference_num.split('-').pop());
    expect(n(b)).toBe(n(a) + 1);
    const product = await t.service.store.db
      .selectFrom('products')
      .select('next_release_num')
      .where('reference_prefix', '=', 'PLN')
      .executeTakeFirstOrThrow();
    expect(product.next_release_num).toBe(n(b) + 1);
  });

  it('defaults to the first release status, time units and manual sources', async () => {
    const release = await newRelease();
    expect(release.workflow_status.name).toBe('Planning');
    expect(release).toMatchObject({
      capacity_units: 'time',
      total_capacity: null,
      total_capacity_text: null,
      progress_source: 'progress_manual',
      duration_source: 'duration_manual',
      owner: null,
      theme: null,
      initiatives: [],
    });
  });

  it('accepts the product id as well as its prefix, and owner by id', async () => {
    const mob = await t.get('/products/MOB');
    const productId = String((mob.body as { product: { id: string } }).product.id);
    const sam = (await t.get('/users/sam@planner.local')).body as { user: { id: string } };
    const res = await createRelease(productId, { name: 'Mobile 5.0', owner: Number(sam.user.id) });
    expect(res.status, res.text).toBe(200);
    const { release } = releaseEnvelope.parse(res.body);
    expect(release.reference_num).toMatch(/^MOB-R-\d+$/);
    expect(release.product_id).toBe(productId);
    expect(release.owner?.email).toBe('sam@planner.local');
  });

  it('returns only the fields asked for with top-level fields', async () => {
    const res = await createRelease('PLN', { name: uniqueName('Fields') }, { fields: 'reference_num,name' });
    expect(res.status).toBe(200);
    const body = res.body as { release: Record<string, unknown> };
    expect(Object.keys(body.release).sort()).toEqual(['id', 'name', 'reference_num']);
  });

  it('writes a create audit row with the new values', async () => {
    const release = await newRelease({ owner: 'sam@planner.local' });
    const rows = await audits('Release', release.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.audit_action).toBe('create');
    const changes = JSON.parse(rows[0]?.changes ?? '{}') as Record<string, [unknown, unknown]>;
    expect(changes.name).toEqual([null, release.name]);
    expect(changes.reference_num).toEqual([null, release.reference_num]);
    expect(changes.owner_id?.[1]).toBeTypeOf('number');
  });

  it('answers 404 for an unknown product', async () => {
    expect((await createRelease('NOPE', { name: 'x' })).status).toBe(404);
    expect((await createRelease('999999', { name: 'x' })).status).toBe(404);
  });
});

describe('release rules', () => {
  it('requires a name that is not blank, a string and not too long', async () => {
    expectFields(await createRelease('PLN', {}), 'name');
    expectFields(await createRelease('PLN', { name: '   ' }), 'name');
    const typed = expectFields(await createRelease('PLN', { name: 5 }), 'name');
    expect(typed.name?.[0]).toMatch(/string/);
    const long = expectFields(await createRelease('PLN', { name: 'x'.repeat(256) }), 'name');
    expect(long.name?.[0]).toMatch(/too long/);
  });

  it('refuses wrong types with 422, never 500', async () => {
    expectFields(await createRelease('PLN', { name: 'Typed', parking_lot: 'yes' }), 'parking_lot');
    expectFields(await createRelease('PLN', { name: 'Typed', progress: '50' }), 'progress');
    expectFields(await createRelease('PLN', { name: 'Typed', initiatives: 'PLN-S-1' }), 'initiatives');
    expectFields(await createRelease('PLN', { name: 'Typed', workflow_status: false }), 'workflow_status');
    expectFields(await createRelease('PLN', { name: 'Typed', owner: { email: 'x' } }), 'owner');
    expectFields(await createRelease('PLN', { name: 'Typed', theme: 42 }), 'theme');
  });

  it('needs the release object itself', async () => {
    expectFields(await t.request('POST', '/products/PLN/releases', { name: 'flat' }), 'release');
    expectFields(await t.request('POST', '/products/PLN/releases', { release: 'Spring' }), 'release');
    expectFields(await t.request('POST', '/products/PLN/releases', { release: ['Spring'] }), 'release');
  });

  it('takes workflow_status from the product release workflow only', async () => {
    const errors = expectFields(await createRelease('PLN', { name: 'S', workflow_status: { name: 'Shipped' } }), 'workflow_status');
    expect(errors.workflow_status?.[0]).toMatch(/not a release status/);
    expectFields(await createRelease('PLN', { name: 'S', workflow_status: { name: '' } }), 'workflow_status');
  });

  it('needs an existing user as owner', async () => {
    expectFields(await createRelease('PLN', { name: 'O', owner: 'nobody@planner.local' }), 'owner');
    expectFields(await createRelease('PLN', { name: 'O', owner: 987654 }), 'owner');
  });

  it('checks parent_id: an existing release of the same product, not itself, no cycle', async () => {
    const parent = await newRelease({ name: uniqueName('Roll-up') });
    const child = await newRelease({ parent_id: parent.id });
    expect(child.parent_id).toBe(parent.id);
    expectFields(await createRelease('PLN', { name: 'P', parent_id: '999999' }), 'parent_id');
    const mob = (await t.get('/releases/MOB-R-1')).body as { release: { id: string } };
    expectFields(await createRelease('PLN', { name: 'P', parent_id: mob.release.id }), 'parent_id');
    expectFields(await createRelease('PLN', { name: 'P', parent_id: 'PLN-R-1' }), 'parent_id');
    expectFields(await updateRelease(child.id, { parent_id: child.id }), 'parent_id');
    const cycle = expectFields(await updateRelease(parent.id, { parent_id: child.id }), 'parent_id');
    expect(cycle.parent_id?.[0]).toMatch(/cycle/);
    const cleared = releaseEnvelope.parse((await updateRelease(child.id, { parent_id: null })).body).release;
    expect(cleared.parent_id).toBeNull();
  });

  it('links initiatives of the product by name, key or id', async () => {
    const errors = expectFields(
      await createRelease('PLN', { name: 'I', initiatives: ['Enterprise readiness', 'No such thing'] }),
      'initiatives',
    );
    expect(errors.initiatives).toHaveLength(1);
    expectFields(await createRelease('PLN', { name: 'I', initiatives: ['MOB-S-1'] }), 'initiatives');
    const release = await newRelease({ initiatives: ['PLN-S-3'] });
    const id = release.initiatives[0]?.id ?? '';
    const updated = releaseEnvelope.parse(
      (await updateRelease(release.id, { initiatives: [Number(id), 'Grow self-serve adoption'] })).body,
    ).release;
    expect(updated.initiatives.map((i) => i.reference_num).sort()).toEqual(['PLN-S-1', 'PLN-S-3']);
    const none = releaseEnvelope.parse((await updateRelease(release.id, { initiatives: [] })).body).release;
    expect(none.initiatives).toEqual([]);
  });

  it('refuses dates that are not real days and dates out of order', async () => {
    expectFields(await createRelease('PLN', { name: 'D', start_date: '2030-02-30' }), 'start_date');
    expectFields(await createRelease('PLN', { name: 'D', release_date: '30/01/2030' }), 'release_date');
    expectFields(await createRelease('PLN', { name: 'D', start_date: '2030-05-01', end_date: '2030-04-30' }), 'end_date');
    expectFields(await createRelease('PLN', { name: 'D', start_date: '2030-05-01', release_date: '2030-04-01' }), 'release_date');
    const release = await newRelease({ start_date: '2030-05-01', release_date: '2030-06-01' });
    const errors = expectFields(await updateRelease(release.id, { start_date: '2030-07-01' }), 'start_date');
    expect(errors.start_date?.[0]).toMatch(/release_date/);
    const same = await updateRelease(release.id, { start_date: '2030-06-01' });
    expect(same.status).toBe(200);
  });

  it('accepts external_date_resolution only with an external release date', async () => {
    const errors = expectFields(await createRelease('PLN', { name: 'E', external_date_resolution: 'quarter' }), 'external_date_resolution');
    expect(errors.external_date_resolution?.[0]).toMatch(/external_release_date/);
    expectFields(
      await createRelease('PLN', {
        name: 'E',
        external_release_date: '2030-01-01',
        external_date_resolution: 'decade',
      }),
      'external_date_resolution',
    );
    const release = await newRelease({
      external_release_date: '2030-03-01',
      external_date_resolution: 'quarter',
    });
    expect(release.external_date_resolution).toBe('quarter');
    // Stored date: the resolution alone may change.
    const week = releaseEnvelope.parse((await updateRelease(release.id, { external_date_resolution: 'week' })).body).release;
    expect(week.external_date_resolution).toBe('week');
    // Clearing the date clears its resolution.
    const cleared = releaseEnvelope.parse((await updateRelease(release.id, { external_release_date: null })).body).release;
    expect(cleared).toMatchObject({ external_release_date: null, external_date_resolution: null });
    expectFields(await updateRelease(release.id, { external_date_resolution: 'exact' }), 'external_date_resolution');
    expectFields(
      await updateRelease(release.id, { external_release_date: null, external_date_resolution: 'exact' }),
      'external_date_resolution',
    );
  });

  it('checks capacity units and parses total_capacity_text against them', async () => {
    expectFields(await createRelease('PLN', { name: 'C', capacity_units: 'hours' }), 'capacity_units');
    const points = expectFields(
      await createRelease('PLN', { name: 'C', capacity_units: 'story_points', total_capacity_text: '10d' }),
      'total_capacity_text',
    );
    expect(points.total_capacity_text?.[0]).toBe('is in time, but this release is estimated in story points (use for example 5p)');
    const time = expectFields(await createRelease('PLN', { name: 'C', total_capacity_text: '5p' }), 'total_capacity_text');
    expect(time.total_capacity_text?.[0]).toMatch(/story points/);
    expectFields(await createRelease('PLN', { name: 'C', total_capacity_text: 'lots' }), 'total_capacity_text');
    const release = await newRelease({ total_capacity_text: '1w 2d' });
    expect(release).toMatchObject({ total_capacity: 7 * 8 * 60, total_capacity_text: '7d' });
    // Units may change on a release without estimated features, with the capacity given again.
    expectFields(await updateRelease(release.id, { capacity_units: 'story_points' }), 'total_capacity_text');
    const switched = releaseEnvelope.parse(
      (await updateRelease(release.id, { capacity_units: 'story_points', total_capacity_text: '30p' })).body,
    ).release;
    expect(switched).toMatchObject({
      capacity_units: 'story_points',
      total_capacity: 30,
      total_capacity_text: '30p',
    });
    const cleared = releaseEnvelope.parse((await updateRelease(release.id, { total_capacity_text: '' })).body).release;
    expect(cleared.total_capacity).toBeNull();
  });

  it('refuses to change capacity units under estimated features', async () => {
    const spring = await getRelease('PLN-R-2');
    expect(spring.capacity_units).toBe('time');
    const errors = expectFields(
      await updateRelease('PLN-R-2', { capacity_units: 'story_points', total_capacity_text: '10p' }),
      'capacity_units',
    );
    expect(errors.capacity_units?.[0]).toMatch(/estimates/);
    expect((await getRelease('PLN-R-2')).capacity_units).toBe('time');
  });

  it('accepts progress only with manual progress source, between 0 and 100', async () => {
    const errors = expectFields(
      await createRelease('PLN', { name: 'P', progress_source: 'progress_from_features', progress: 50 }),
      'progress',
    );
    expect(errors.progress?.[0]).toMatch(/progress_manual/);
    expectFields(await createRelease('PLN', { name: 'P', progress: 150 }), 'progress');
    expectFields(await createRelease('PLN', { name: 'P', progress: -1 }), 'progress');
    expectFields(await createRelease('PLN', { name: 'P', progress_source: 'progress_from_magic' }), 'progress_source');
    expectFields(await createRelease('PLN', { name: 'P', duration_source: 'duration_from_stars' }), 'duration_source');
    const computed = await newRelease({ progress_source: 'progress_from_features' });
    expectFields(await updateRelease(computed.id, { progress: 10 }), 'progress');
    const manual = releaseEnvelope.parse(
      (await updateRelease(computed.id, { progress_source: 'progress_manual', progress: 60 })).body,
    ).release;
    expect(manual).toMatchObject({ progress_source: 'progress_manual', progress: 60 });
  });

  it('reports every problem of a body at once', async () => {
    const res = await createRelease('PLN', {
      name: '',
      owner: 'nobody@planner.local',
      workflow_status: { name: 'Nope' },
      total_capacity_text: '5p',
      parking_lot: 'yes',
      start_date: '2030-02-01',
      end_date: '2030-01-01',
    });
    const errors = expectFields(res, 'name', 'owner', 'workflow_status', 'total_capacity_text', 'parking_lot', 'end_date');
    expect(Object.keys(errors)).toHaveLength(6);
  });

  it('leaves nothing written when a rule fails', async () => {
    const db = t.service.store.db;
    const count = () => rowCount(t, 'releases');
    const counter = async () =>
      (await db.selectFrom('products').select('next_release_num').where('reference_prefix', '=', 'PLN').executeTakeFirstOrThrow())
        .next_release_num;
    const [before, num] = [await count(), await counter()];
    expectFields(await createRelease('PLN', { name: 'Half', initiatives: ['PLN-S-1', 'missing'] }), 'initiatives');
    expect(await count()).toBe(before);
    expect(await counter()).toBe(num);
    const release = await newRelease({ name: 'Whole' });
    expectFields(await updateRelease(release.id, { name: 'Changed', owner: 'nobody@planner.local' }), 'owner');
    expect((await getRelease(release.id)).name).toBe('Whole');
  });
});

describe('malformed requests', () => {
  it('answers 400 for malformed JSON', async () => {
    const res = await t.request('POST', '/products/PLN/releases', undefined, {
      rawBody: '{"release": {"name": ',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toBe(JSON_TYPE);
    expect(errorBodySchema.parse(res.body).error).toMatch(/JSON/);
  });

  it('answers 400 for a body that is not JSON', async () => {
    const res = await t.request('PUT', '/releases/PLN-R-2', undefined, {
      rawBody: 'release[name]=x',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(400);
    expect(errorBodySchema.parse(res.body).error).toMatch(/Content-Type/);
  });

  it('answers 413 for a body over 1 MiB', async () => {
    // Its own connection: the service stops reading an oversized body and drops the socket.
    const body = JSON.stringify({ release: { name: 'Big', theme: 'x'.repeat(1024 * 1024 + 10) } });
    const res = await rawRequest('POST', '/products/PLN/releases', body);
    expect(res.status).toBe(413);
    expect(errorBodySchema.parse(JSON.parse(res.text)).error).toMatch(/larger/);
  });

  it('counts a body sent in pieces without a length: 413 over 1 MiB, read whole under it', async () => {
    const over = JSON.stringify({ release: { name: 'Big', theme: 'x'.repeat(1024 * 1024 + 10) } });
    expect((await rawRequest('POST', '/products/PLN/releases', over, true)).status).toBe(413);
    const name = `Chunked ${'é✓'.repeat(3000)}`.slice(0, 200);
    const under = JSON.stringify({ release: { name, theme: 'ü'.repeat(40_000) } });
    const res = await rawRequest('POST', '/products/PLN/releases', under, true);
    expect(res.status).toBe(200);
    const created = JSON.parse(res.text) as { release: { name: string; theme: string } };
    expect(created.release.name).toBe(name);
  });

  it('answers 422 for an over-long theme under the limit', async () => {
    expectFields(await createRelease('PLN', { name: 'Long theme', theme: 'x'.repeat(100_001) }), 'theme');
  });
});

describe('GET and PUT /releases/:id', () => {
  it('shows a release by id or key (any case) alike', async () => {
    const byKey = await getRelease('PLN-R-2');
    const byId = await getRelease(byKey.id);
    expect(byId).toEqual(byKey);
    expect(await getRelease('pln-r-2')).toEqual(byKey);
    expect(byKey.name).toBe('Spring launch');
    expect(byKey.features_count).toBeGreaterThan(0);
    expect(byKey.initiatives.length).toBeGreaterThan(0);
    expect(byKey.released).toBe(false);
    expect((await getRelease('PLN-R-1')).released).toBe(true);
  });

  it('answers 404 for unknown ids and keys', async () => {
    for (const id of ['999999', 'PLN-R-999', 'nonsense', '0']) {
      const res = await t.get(`/releases/${id}`);
      expect(res.status, id).toBe(404);
      errorBodySchema.parse(res.body);
    }
    expect((await updateRelease('PLN-R-999', { name: 'x' })).status).toBe(404);
  });

  it('shows a release of a product and 404 for a release of another product', async () => {
    const res = await t.get('/products/PLN/releases/PLN-R-1');
    expect(res.status).toBe(200);
    releaseEnvelope.parse(res.body);
    expect((await t.get('/products/MOB/releases/PLN-R-1')).status).toBe(404);
  });

  it('updates by key and audits the changed fields old → new', async () => {
    const release = await newRelease({ name: 'Before' });
    const res = await updateRelease(release.reference_num, {
      name: 'After',
      workflow_status: { name: 'Released' },
      theme: '<p>t</p>',
    });
    expect(res.status, res.text).toBe(200);
    const updated = releaseEnvelope.parse(res.body).release;
    expect(updated).toMatchObject({ name: 'After', released: true });
    expect(updated.workflow_status.name).toBe('Released');
    expect(updated.updated_at >= release.updated_at).toBe(true);
    const rows = await audits('Release', release.id);
    expect(rows.map((r) => r.audit_action)).toEqual(['create', 'update']);
    const changes = JSON.parse(rows[1]?.changes ?? '{}') as Record<string, [unknown, unknown]>;
    expect(changes.name).toEqual(['Before', 'After']);
    expect(changes.theme).toEqual([null, '<p>t</p>']);
    expect(changes.workflow_status_id).toBeDefined();
    expect(rows[1]?.user_id).toBeTypeOf('number');
  });

  it('writes no audit row for an update that changes nothing', async () => {
    const release = await newRelease({ name: 'Steady' });
    const res = await updateRelease(release.id, { name: 'Steady' });
    expect(res.status).toBe(200);
    expect((await audits('Release', release.id)).map((r) => r.audit_action)).toEqual(['create']);
  });

  it('refuses a blank name on update', async () => {
    const release = await newRelease();
    expectFields(await updateRelease(release.id, { name: '' }), 'name');
    expectFields(await updateRelease(release.id, { name: null }), 'name');
  });

  it('honours fields on show', async () => {
    const res = await t.get('/releases/PLN-R-2?fields=name,progress');
    expect(Object.keys((res.body as { release: object }).release).sort()).toEqual(['id', 'name', 'progress']);
  });
});

describe('GET /products/:product_id/releases', () => {
  it('lists compact items with their owner and workspace by default (as hosted)', async () => {
    const res = await t.get('/products/PLN/releases');
    expect(res.status).toBe(200);
    const page = releasePage.parse(res.body);
    const first = page.releases[0] ?? {};
    expect(Object.keys(first).sort()).toEqual(RELEASE_LIST_MEMBERS);
  });

  it('lists whole records with fields=* and a subset with a field list', async () => {
    const full = releasePage.parse((await t.get('/products/PLN/releases?fields=*&per_page=200')).body);
    for (const r of full.releases) releaseSchema.parse(r);
    const some = (await t.get('/products/PLN/releases?fields=name,progress,workflow_status')).body as {
      releases: object[];
    };
    expect(Object.keys(some.releases[0] ?? {}).sort()).toEqual(['id', 'name', 'progress', 'workflow_status']);
  });

  it('orders non-parking-lot releases first, then by release date (undated last), then id', async () => {
    const { releases } = releasePage.parse((await t.get('/products/PLN/releases?per_page=200')).body);
    const lots = releases.map((r) => r.parking_lot);
    expect(lots.indexOf(true)).toBeGreaterThan(lots.lastIndexOf(false));
    const dated = releases.filter((r) => !r.parking_lot);
    const key = (r: (typeof dated)[number]) => [r.release_date === null ? 1 : 0, r.release_date ?? '', Number(r.id)] as const;
    const keys = dated.map(key);
    const ascending = keys.slice(1).every((b, i) => {
      const a = keys[i];
      return a !== undefined && (a[0] < b[0] || (a[0] === b[0] && (a[1] < b[1] || (a[1] === b[1] && a[2] < b[2]))));
    });
    expect(ascending).toBe(true);
    expect(releases.slice(0, 3).map((r) => r.reference_num)).toEqual(['PLN-R-1', 'PLN-R-2', 'PLN-R-3']);
  });

  it('filters by parking_lot', async () => {
    const lots = releasePage.parse((await t.get('/products/PLN/releases?parking_lot=true')).body);
    expect(lots.releases.map((r) => r.name)).toEqual(['Parking lot']);
    const others = releasePage.parse((await t.get('/products/PLN/releases?parking_lot=false&per_page=200')).body);
    expect(others.releases.every((r) => r.parking_lot === false)).toBe(true);
    const bad = await t.get('/products/PLN/releases?parking_lot=yes');
    expect(bad.status).toBe(400);
    expect(errorBodySchema.parse(bad.body).errors?.parking_lot).toBeDefined();
  });

  it('searches names with q, case-insensitively and literally', async () => {
    const hit = releasePage.parse((await t.get('/products/PLN/releases?q=SPRING')).body);
    expect(hit.releases.map((r) => r.reference_num)).toEqual(['PLN-R-2']);
    const percent = releasePage.parse((await t.get('/products/PLN/releases?q=%25')).body);
    expect(percent.releases).toEqual([]);
  });

  it('filters by updated_since', async () => {
    const release = await newRelease();
    const mark = new Date(Date.now() - 1000).toISOString();
    await new Promise((r) => setTimeout(r, 5));
    await updateRelease(release.id, { name: uniqueName('Touched') });
    const page = releasePage.parse((await t.get(`/products/PLN/releases?updated_since=${encodeURIComponent(mark)}&per_page=200`)).body);
    expect(page.releases.map((r) => r.id)).toContain(release.id);
    const future = releasePage.parse((await t.get('/products/PLN/releases?updated_since=2999-01-01T00:00:00Z')).body);
    expect(future.pagination.total_records).toBe(0);
  });

  it('pages, caps per_page at 200 and refuses more with 400 naming per_page', async () => {
    const all = releasePage.parse((await t.get('/products/PLN/releases?per_page=200')).body);
    const second = releasePage.parse((await t.get('/products/PLN/releases?per_page=1&page=2')).body);
    expect(second.releases[0]?.id).toBe(all.releases[1]?.id);
    expect(second.pagination).toEqual({
      total_records: all.pagination.total_records,
      total_pages: all.pagination.total_records,
      current_page: 2,
    });
    const res = await t.get('/products/PLN/releases?per_page=500');
    expect(res.status).toBe(400);
    expect(errorBodySchema.parse(res.body).errors?.per_page).toBeDefined();
  });

  it('lists another product by id and answers 404 for an unknown one', async () => {
    const mob = (await t.get('/products/MOB')).body as { product: { id: string } };
    const page = releasePage.parse((await t.get(`/products/${mob.product.id}/releases`)).body);
    expect(page.releases.every((r) => r.reference_num?.startsWith('MOB-R-'))).toBe(true);
    expect((await t.get('/products/NOPE/releases')).status).toBe(404);
  });
});

describe('release phases', () => {
  it('lists the phases of a release by start date then position', async () => {
    const phases = await phasesOf('PLN-R-2');
    expect(phases.map((p) => p.name)).toEqual(['Discovery', 'Build', 'Code freeze', 'Beta', 'General availability']);
    const starts = phases.map((p) => p.start_on ?? '');
    expect(starts).toEqual([...starts].sort());
    const freeze = phases.find((p) => p.name === 'Code freeze');
    expect(freeze?.type).toBe('milestone');
    expect(freeze?.start_on).toBe(freeze?.end_on);
    expect(phases.find((p) => p.name === 'Build')?.features_count).toBeGreaterThan(0);
    const page = releasePhasePage.parse((await t.get('/releases/PLN-R-2/release_phases?per_page=2&page=3')).body);
    expect(page.release_phases).toHaveLength(1);
    expect(page.pagination).toEqual({ total_records: 5, total_pages: 3, current_page: 3 });
    expect((await t.get('/releases/PLN-R-999/release_phases')).status).toBe(404);
  });

  it('creates a phase at the end of the release and audits it', async () => {
    const release = await newRelease();
    const first = await createPhase({
      release_id: release.id,
      name: 'Alpha',
      phase_type: 'phase',
      start_on: '2030-01-01',
      end_on: '2030-01-31',
      description: '<p>a</p>',
    });
    expect(first.status, first.text).toBe(200);
    const phase = releasePhaseEnvelope.parse(first.body).release_phase;
    expect(phase).toMatchObject({
      name: 'Alpha',
      type: 'phase',
      start_on: '2030-01-01',
      end_on: '2030-01-31',
      release_id: release.id,
      position: 1,
      features_count: 0,
    });
    expect(phase.description?.body).toBe('<p>a</p>');
    const second = await newPhase({ release_id: release.reference_num, name: 'Beta', phase_type: 'phase' });
    expect(second.position).toBe(2);
    const rows = await audits('ReleasePhase', phase.id);
    expect(rows.map((r) => r.audit_action)).toEqual(['create']);
    expect(JSON.parse(rows[0]?.changes ?? '{}')).toMatchObject({ name: [null, 'Alpha'] });
  });

  it('gives a milestone one date', async () => {
    const release = await newRelease();
    const ok = await newPhase({
      release_id: release.id,
      name: 'Launch',
      phase_type: 'milestone',
      start_on: '2030-02-01',
    });
    expect(ok).toMatchObject({ type: 'milestone', start_on: '2030-02-01', end_on: '2030-02-01' });
    const same = await createPhase({
      release_id: release.id,
      name: 'Launch 2',
      phase_type: 'milestone',
      start_on: '2030-02-01',
      end_on: '2030-02-01',
    });
    expect(same.status).toBe(200);
    const errors = expectFields(
      await createPhase({
        release_id: release.id,
        name: 'Bad',
        phase_type: 'milestone',
        start_on: '2030-02-01',
        end_on: '2030-02-05',
      }),
      'end_on',
    );
    expect(errors.end_on?.[0]).toMatch(/milestone/);
    const endOnly = await newPhase({
      release_id: release.id,
      name: 'End only',
      phase_type: 'milestone',
      end_on: '2030-03-01',
    });
    expect(endOnly).toMatchObject({ start_on: '2030-03-01', end_on: '2030-03-01' });
    const open = await newPhase({
      release_id: release.id,
      name: 'Open start',
      phase_type: 'phase',
      end_on: '2030-04-01',
    });
    const put = await t.request('PUT', `/release_phases/${open.id}`, {
      release_phase: { phase_type: 'milestone' },
    });
    expect(releasePhaseEnvelope.parse(put.body).release_phase).toMatchObject({
      start_on: '2030-04-01',
      end_on: '2030-04-01',
    });
    const undated = await t.request('PUT', `/release_phases/${open.id}`, {
      release_phase: { phase_type: 'milestone', start_on: null },
    });
    expect(releasePhaseEnvelope.parse(undated.body).release_phase).toMatchObject({
      start_on: null,
      end_on: null,
    });
  });

  it('checks phase rules: type, name, dates, release, progress', async () => {
    const release = await newRelease();
    expectFields(await createPhase({ release_id: release.id, name: 'No type' }), 'phase_type');
    expectFields(await createPhase({ release_id: release.id, name: 'Odd', phase_type: 'sprint' }), 'phase_type');
    expectFields(await createPhase({ release_id: release.id, phase_type: 'phase' }), 'name');
    expectFields(await createPhase({ release_id: release.id, name: ' ', phase_type: 'phase' }), 'name');
    expectFields(
      await createPhase({
        release_id: release.id,
        name: 'Late',
        phase_type: 'phase',
        start_on: '2030-05-01',
        end_on: '2030-04-01',
      }),
      'end_on',
    );
    expectFields(
      await createPhase({
        release_id: release.id,
        name: 'Bad day',
        phase_type: 'phase',
        start_on: '2030-04-31',
      }),
      'start_on',
    );
    expectFields(await createPhase({ release_id: '999999', name: 'Lost', phase_type: 'phase' }), 'release_id');
    expectFields(await createPhase({ name: 'Lost', phase_type: 'phase' }), 'release_id');
    expectFields(
      await createPhase({
        release_id: release.id,
        name: 'Auto',
        phase_type: 'phase',
        progress_source: 'progress_from_features',
        progress: 30,
      }),
      'progress',
    );
    expectFields(await createPhase({ release_id: release.id, name: 'Over', phase_type: 'phase', progress: 101 }), 'progress');
    const all = expectFields(
      await createPhase({ release_id: '999999', phase_type: 'gate', start_on: 'soon' }),
      'release_id',
      'phase_type',
      'start_on',
      'name',
    );
    expect(Object.keys(all).sort()).toEqual(['name', 'phase_type', 'release_id', 'start_on']);
    const manual = await newPhase({
      release_id: release.id,
      name: 'Manual',
      phase_type: 'phase',
      progress: 30,
    });
    expect(manual).toMatchObject({ progress: 30, progress_source: 'progress_manual' });
    expect((await phasesOf(release.id)).map((p) => p.name)).toEqual(['Manual']);
  });

  it('shows a phase by id and answers 404 for unknown ids', async () => {
    const [phase] = await phasesOf('PLN-R-2');
    const res = await t.get(`/release_phases/${phase?.id ?? ''}`);
    expect(res.status).toBe(200);
    expect(releasePhaseEnvelope.parse(res.body).release_phase).toEqual(phase);
    expect((await t.get('/release_phases/999999')).status).toBe(404);
    expect((await t.get('/release_phases/abc')).status).toBe(404);
    expect((await t.request('PUT', '/release_phases/999999', { release_phase: { phase_type: 'phase' } })).status).toBe(404);
    expect((await t.request('DELETE', '/release_phases/999999')).status).toBe(404);
  });

  it('updates a phase (operation 15) with phase_type required, and audits it', async () => {
    const release = await newRelease();
    const phase = await newPhase({
      release_id: release.id,
      name: 'Build',
      phase_type: 'phase',
      start_on: '2030-01-01',
      end_on: '2030-01-20',
    });
    const put = (body: Record<string, unknown>) => t.request('PUT', `/release_phases/${phase.id}`, { release_phase: body });
    expectFields(await put({ name: 'No type' }), 'phase_type');
    expectFields(await put({ phase_type: 'phase', end_on: '2029-12-31' }), 'end_on');
    expectFields(await put({ phase_type: 'phase', start_on: '2030-02-01' }), 'start_on');
    expectFields(await put({ phase_type: 'phase', name: '' }), 'name');
    expectFields(await put({ phase_type: 'phase', progress_source: 'progress_from_features', progress: 5 }), 'progress');
    const res = await put({ phase_type: 'phase', name: 'Build & test', end_on: '2030-01-25', progress: 40 });
    expect(res.status, res.text).toBe(200);
    expect(releasePhaseEnvelope.parse(res.body).release_phase).toMatchObject({
      name: 'Build & test',
      end_on: '2030-01-25',
      progress: 40,
    });
    // Turning a phase into a milestone collapses it to its start date.
    const milestone = releasePhaseEnvelope.parse((await put({ phase_type: 'milestone' })).body).release_phase;
    expect(milestone).toMatchObject({ type: 'milestone', start_on: '2030-01-01', end_on: '2030-01-01' });
    expectFields(await put({ phase_type: 'milestone', end_on: '2030-01-09' }), 'end_on');
    const rows = await audits('ReleasePhase', phase.id);
    expect(rows.map((r) => r.audit_action)).toEqual(['create', 'update', 'update']);
    expect(JSON.parse(rows[1]?.changes ?? '{}')).toMatchObject({
      name: ['Build', 'Build & test'],
      end_on: ['2030-01-20', '2030-01-25'],
    });
  });

  it('deletes a phase: 204, features keep their release without a phase, the phase goes to the recycle bin', async () => {
    const db = t.service.store.db;
    const build = (await phasesOf('PLN-R-2')).find((p) => p.name === 'Build');
    if (!build) throw new Error('seed has no Build phase in PLN-R-2');
    const linked = await db.selectFrom('features').select(['id', 'release_id']).where('release_phase_id', '=', Number(build.id)).execute();
    expect(linked.length).toBeGreaterThan(0);

    const res = await t.request('DELETE', `/release_phases/${build.id}`);
    expect(res.status).toBe(204);
    expect(res.text).toBe('');

    const after = await db
      .selectFrom('features')
      .select(['id', 'release_id', 'release_phase_id'])
      .where(
        'id',
        'in',
        linked.map((f) => f.id),
      )
      .execute();
    expect(after.every((f) => f.release_phase_id === null)).toBe(true);
    expect(after.map((f) => f.release_id)).toEqual(linked.map((f) => f.release_id));

    const bin = await deletionOf(t, 'ReleasePhase', build.id);
    expect(bin.name).toBe('Build');
    const payload = JSON.parse(bin.payload) as { release_phases: { id: number; name: string }[] };
    const links = JSON.parse(bin.links) as { features: { id: number; release_phase_id: number }[] };
    expect(payload.release_phases[0]).toMatchObject({ id: Number(build.id), name: 'Build' });
    expect(links.features.map((f) => f.id).sort()).toEqual(linked.map((f) => f.id).sort());
    expect(links.features.every((f) => f.release_phase_id === Number(build.id))).toBe(true);

    const destroy = (await audits('ReleasePhase', build.id)).at(-1);
    expect(destroy?.audit_action).toBe('destroy');
    const featureAudit = (await audits('Feature', String(linked[0]?.id))).at(-1);
    expect(JSON.parse(featureAudit?.changes ?? '{}')).toEqual({ release_phase_id: [Number(build.id), null] });

    expect((await t.get(`/release_phases/${build.id}`)).status).toBe(404);
    expect((await t.request('DELETE', `/release_phases/${build.id}`)).status).toBe(404);
    expect((await phasesOf('PLN-R-2')).map((p) => p.name)).not.toContain('Build');
  });
});

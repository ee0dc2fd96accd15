// API tests of account administration in the hosted shape (issue 29): changing users
// (`PUT /users/{id}`: names, email, enabled, the administrator role, the last administrator kept) and
// making and changing teams (`POST /teams`, `POST /products/{id}/teams`, `PUT /teams/{id}`), all
// administrators only; every answer parsed with the contract by the typed client.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mintToken } from './auth';
import { apiClient } from './test/client';
import type { ApiClient } from './test/client';
import { startTestService } from './test/harness';
import type { TestService } from './test/harness';
import { auditRows, expect422, uniqueName } from './test/records';

let t: TestService;
let api: ApiClient;
let member: string;
let memberId: string;
let adminId: string;

beforeAll(async () => {
  t = await startTestService();
  api = apiClient(t);
  const db = t.service.store.db;
  const morgan = await db.selectFrom('users').select('id').where('email', '=', 'morgan@planner.local').executeTakeFirstOrThrow();
  memberId = String(morgan.id);
  member = await mintToken(db, morgan.id, 'account-admin.test');
  adminId = String((await db.selectFrom('users').select('id').where('email', '=', 'admin@planner.local').executeTakeFirstOrThrow()).id);
});

afterAll(async () => {
  await t.close();
});

let people = 0;
/** A user of its own for a test, made as the seed makes them (there is no create operation). */
async function newUser(administrator = false): Promise<{ id: string; email: string; token: string }> {
  const at = new Date().toISOString();
  const email = `person${++people}.${Date.now()}@admin.test`;
  const row = await t.service.store.db
    .insertInto('users')
    .values({ name: `Pat Person${people}`, email, administrator: administrator ? 1 : 0, enabled: 1, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: String(row.id), email, token: await mintToken(t.service.store.db, row.id, 'account-admin.test') };
}

describe('PUT /users/{id}', () => {
  it('changes names (hosted first_name / last_name, or name), email and enabled, audited', async () => {
    const u = await newUser();
    const res = await api.call('PUT /users/{id}', { params: { id: u.id }, body: { user: { first_name: 'Sarah', last_name: 'Humpty' } } });
    const { user } = res.data();
    expect(user).toMatchObject({ id: u.id, name: 'Sarah Humpty', email: u.email, enabled: true, administrator: false });
    // One part alone keeps the other.
    expect((await api.call('PUT /users/{id}', { params: { id: u.id }, body: { user: { first_name: 'Sal' } } })).data().user.name).toBe(
      'Sal Humpty',
    );
    expect((await api.call('PUT /users/{id}', { params: { id: u.id }, body: { user: { last_name: null } } })).data().user.name).toBe('Sal');
    const email = `renamed.${u.email}`;
    const changed = (await api.call('PUT /users/{id}', { params: { id: u.id }, body: { user: { name: 'Sally Hump', email } } })).data()
      .user;
    expect(changed).toMatchObject({ name: 'Sally Hump', email });
    expect((await api.call('GET /users/{id}', { params: { id: u.id } })).data().user).toEqual(changed);
    const rows = await auditRows(t, 'User', u.id);
    expect(rows.length).toBe(4);
  });

  it('disabling a user ends their access at once; enabling gives it back', async () => {
    const u = await newUser();
    expect((await t.request('GET', '/me', undefined, { token: u.token })).status).toBe(200);
    const off = (await api.call('PUT /users/{id}', { params: { id: u.id }, body: { user: { enabled: false } } })).data().user;
    expect(off).toMatchObject({ enabled: false, product_roles: [], paid_seat: false });
    expect((await t.request('GET', '/me', undefined, { token: u.token })).status).toBe(401);
    await api.call('PUT /users/{id}', { params: { id: u.id }, body: { user: { enabled: 'true' } } });
    expect((await t.request('GET', '/me', undefined, { token: u.token })).status).toBe(200);
  });

  it('makes and unmakes administrators; the roles follow', async () => {
    const u = await newUser();
    const made = (await api.call('PUT /users/{id}', { params: { id: u.id }, body: { user: { administrator: true } } })).data().user;
    expect(made.administrator).toBe(true);
    expect(made.administrator_roles).toEqual({ administer_account: true, administer_billing: true, administer_configuration: true });
    expect(made.product_roles?.every((r) => r.role === 20 && r.role_description === 'Owner')).toBe(true);
    // The new administrator may now administer.
    expect((await t.request('PUT', `/users/${u.id}`, { user: { first_name: 'Self' } }, { token: u.token })).status).toBe(200);
    const unmade = (await api.call('PUT /users/{id}', { params: { id: u.id }, body: { user: { administrator: false } } })).data().user;
    expect(unmade.product_roles?.every((r) => r.role === 30)).toBe(true);
    expect((await t.request('PUT', `/users/${u.id}`, { user: { first_name: 'Again' } }, { token: u.token })).status).toBe(403);
  });

  it('keeps the last enabled administrator and refuses disabling yourself, writing nothing', async () => {
    const db = t.service.store.db;
    const admins = await db.selectFrom('users').select('id').where('administrator', '=', 1).where('enabled', '=', 1).execute();
    expect(admins.map((a) => String(a.id))).toEqual([adminId]);
    expect422(await t.request('PUT', `/users/${adminId}`, { user: { administrator: false } }), 'administrator');
    expect422(await t.request('PUT', `/users/${adminId}`, { user: { enabled: false } }), 'enabled');
    // With a second administrator, the first may step down, but never disable themselves.
    const other = await newUser(true);
    expect422(await t.request('PUT', `/users/${adminId}`, { user: { enabled: false } }), 'enabled');
    const stepped = await t.request('PUT', `/users/${other.id}`, { user: { administrator: false } }, { token: other.token });
    expect(stepped.status, stepped.text).toBe(200);
    // `other` is no administrator now: the last one stays.
    expect422(await t.request('PUT', `/users/${adminId}`, { user: { administrator: false } }), 'administrator');
    const me = await db.selectFrom('users').selectAll().where('id', '=', Number(adminId)).executeTakeFirstOrThrow();
    expect([me.administrator, me.enabled]).toEqual([1, 1]);
  });

  it('answers every problem of a body in one 422 naming the fields, and changes nothing', async () => {
    const u = await newUser();
    const before = (await api.call('GET /users/{id}', { params: { id: u.id } })).data().user;
    const errors = expect422(
      await t.request('PUT', `/users/${u.id}`, { user: { email: 'not an email', enabled: 'maybe', administrator: 3, first_name: '' } }),
      'email',
      'enabled',
      'administrator',
      'first_name',
    );
    expect(errors.email?.[0]).toContain('email');
    expect422(await t.request('PUT', `/users/${u.id}`, { user: { email: 'MORGAN@planner.local' } }), 'email');
    expect422(await t.request('PUT', `/users/${u.id}`, { user: { name: 'A B', first_name: 'C' } }), 'name');
    expect422(await t.request('PUT', `/users/${u.id}`, { user: { name: '  ' } }), 'name');
    expect422(await t.request('PUT', `/users/${u.id}`, { user: { id: '5', created_at: 'x' } }), 'id', 'created_at');
    expect422(await t.request('PUT', `/users/${u.id}`, { user: { first_name: 'x'.repeat(300) } }), 'first_name');
    expect((await api.call('GET /users/{id}', { params: { id: u.id } })).data().user).toEqual(before);
  });

  it('answers 404 for an unknown user and 403 to members, before reading the body', async () => {
    expect((await t.request('PUT', '/users/999999', { user: { first_name: 'Nobody' } })).status).toBe(404);
    expect((await t.request('PUT', '/users/admin@planner.local', { user: { first_name: 'Nobody' } })).status).toBe(200);
    const refused = await t.request('PUT', `/users/${memberId}`, { user: { first_name: 'Me' } }, { token: member });
    expect(refused.status).toBe(403);
    expect((await t.request('PUT', `/users/${adminId}`, { user: { administrator: false } }, { token: member })).status).toBe(403);
    expect((await t.request('PUT', `/users/${memberId}`, 'not json', { token: member })).status).toBe(403);
  });
});

describe('POST /teams, POST /products/{id}/teams, PUT /teams/{id}', () => {
  it('creates an account-wide team in the hosted shape, with its own workflow and a prefix made from its name', async () => {
    const name = uniqueName('Account team');
    const { team } = (await api.call('POST /teams', { body: { team: { name } } })).data();
    expect(team).toMatchObject({
      name,
      product_id: null,
      project: null,
      color: '#666666',
      team_members_count: 0,
      automatically_calculate_team_members_count: true,
      iterations: [],
      program_increments: [],
    });
    expect(team.reference_prefix).toMatch(/^AT\d*$/);
    expect(team.team_workflow_statuses.map((s) => s.name)).toEqual(['To do', 'In progress', 'In review', 'Done']);
    expect((await api.call('GET /teams/{id}', { params: { id: team.id } })).data().team).toEqual(team);
    const [create] = await auditRows(t, 'Team', team.id);
    expect(create).toBeDefined();
    // A second team of the same name gets the next free prefix.
    const again = (await api.call('POST /teams', { body: { team: { name } } })).data().team;
    expect(again.reference_prefix).not.toBe(team.reference_prefix);
  });

  it("creates a product's team under the path, and the feature rules take it at once", async () => {
    const { team } = (
      await api.call('POST /products/{id}/teams', {
        params: { id: 'PLN' },
        body: { team: { name: 'Product team', reference_prefix: 'PTX', color: '#AABBCC' } },
      })
    ).data();
    expect(team).toMatchObject({ reference_prefix: 'PTX', color: '#aabbcc', project: { reference_prefix: 'PLN' } });
    const listed = (await api.call('GET /products/{id}/teams', { params: { id: 'PLN' }, query: { per_page: 200 } })).data().teams;
    expect(listed.map((x) => x.id)).toContain(team.id);
    const release = (await t.get<{ releases: { id: string }[] }>('/products/PLN/releases')).body.releases[0]?.id ?? '';
    const feature = await t.request<{ feature: { team: { id: string } | null; team_workflow_status: { name: string } | null } }>(
      'POST',
      `/releases/${release}/features`,
      { feature: { name: uniqueName('Team feature'), team: 'PTX' } },
    );
    expect(feature.status, feature.text).toBe(200);
    expect(feature.body.feature.team?.id).toBe(team.id);
    expect(feature.body.feature.team_workflow_status?.name).toBe('To do');
    // The body's product must be the path's.
    expect422(await t.request('POST', '/products/PLN/teams', { team: { name: 'Elsewhere', product_id: 'MOB' } }), 'product_id');
    expect((await t.request('POST', '/products/PLN/teams', { team: { name: 'Same', product_id: 'PLN' } })).status).toBe(200);
  });

  it('changes a team: name, colour, prefix while no increment carries it, its workspace while nothing elsewhere uses it', async () => {
    const { team } = (await api.call('POST /teams', { body: { team: { name: uniqueName('Movable'), product_id: 'MOB' } } })).data();
    expect(team.project?.reference_prefix).toBe('MOB');
    const changed = (
      await api.call('PUT /teams/{id}', {
        params: { id: team.id },
        body: { team: { name: 'Moved team', reference_prefix: 'MVD', product_id: null, automatically_calculate_team_members_count: true } },
      })
    ).data().team;
    expect(changed).toMatchObject({ name: 'Moved team', reference_prefix: 'MVD', product_id: null, project: null });
    expect((await api.call('GET /teams/{id}', { params: { id: 'MVD' } })).data().team.id).toBe(team.id);
    // A seeded team has program increments keyed with its prefix, and features of its workspace.
    expect422(await t.request('PUT', '/teams/WEB', { team: { reference_prefix: 'WEBX' } }), 'reference_prefix');
    expect422(await t.request('PUT', '/teams/WEB', { team: { product_id: 'MOB' } }), 'product_id');
    expect((await t.request('PUT', '/teams/WEB', { team: { product_id: 'PLN' } })).status).toBe(200);
  });

  it('answers every problem of a body in one 422 naming the fields, writing nothing', async () => {
    const before = (await api.call('GET /teams', { query: { per_page: 200 } })).data().pagination.total_records;
    expect422(
      await t.request('POST', '/teams', {
        team: { reference_prefix: 'lower', color: 'red', product_id: 'NOPE', automatically_calculate_team_members_count: false },
      }),
      'name',
      'reference_prefix',
      'color',
      'product_id',
      'automatically_calculate_team_members_count',
    );
    expect422(await t.request('POST', '/teams', { team: { name: 'Taken', reference_prefix: 'PLN' } }), 'reference_prefix');
    expect422(await t.request('POST', '/teams', { team: { name: 'Taken', reference_prefix: 'WEB' } }), 'reference_prefix');
    expect422(await t.request('POST', '/teams', { team: { name: 'Counted', team_members_count: 3 } }), 'team_members_count');
    expect422(await t.request('PUT', '/teams/WEB', { team: { name: '' } }), 'name');
    expect((await api.call('GET /teams', { query: { per_page: 200 } })).data().pagination.total_records).toBe(before);
  });

  it('answers 404 for unknown teams and products, 403 to members', async () => {
    expect((await t.request('PUT', '/teams/999999', { team: { name: 'X' } })).status).toBe(404);
    expect((await t.request('POST', '/products/999999/teams', { team: { name: 'X' } })).status).toBe(404);
    expect((await t.request('POST', '/products/NOPE/teams', { team: { name: 'X' } })).status).toBe(404);
    expect((await t.request('POST', '/teams', { team: { name: 'X' } }, { token: member })).status).toBe(403);
    expect((await t.request('POST', '/products/PLN/teams', { team: { name: 'X' } }, { token: member })).status).toBe(403);
    expect((await t.request('PUT', '/teams/WEB', { team: { name: 'X' } }, { token: member })).status).toBe(403);
  });
});

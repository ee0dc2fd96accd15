// API tests of the account records in the hosted service's shape (issue 10) and of creating and
// changing products (`POST /products`, `PUT /products/{id}`), against the real service with the demo
// seed; every answer parsed with the contract.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_WORKFLOW_MEMBERS, productEnvelope, productPage } from '../src/contract/account';
import { errorBodySchema } from '../src/contract/common';
import { mintToken } from './auth';
import { apiClient } from './test/client';
import type { ApiClient } from './test/client';
import { startTestService } from './test/harness';
import type { TestService } from './test/harness';

let t: TestService;
let api: ApiClient;
let member: string;

beforeAll(async () => {
  t = await startTestService();
  api = apiClient(t);
  const db = t.service.store.db;
  const morgan = await db.selectFrom('users').select('id').where('email', '=', 'morgan@planner.local').executeTakeFirstOrThrow();
  member = await mintToken(db, morgan.id, 'account-hosted.test');
});

afterAll(async () => {
  await t.close();
});

/** The field problems of a refused answer. */
function problemsOf(res: { status: number; body: unknown }): Record<string, string[]> {
  expect(res.status).toBe(422);
  return errorBodySchema.parse(res.body).errors ?? {};
}

let prefixes = 0;
/** A prefix no product has yet. */
const freshPrefix = (): string => `NP${++prefixes}X`;

async function productCount(): Promise<number> {
  return (await api.call('GET /products')).data().pagination.total_records;
}

describe('users and GET /me in the hosted shape', () => {
  it('answers the administrator with an owner role on every product and the empty forms', async () => {
    const { user } = (await api.call('GET /me')).data();
    expect(user.product_roles?.map((r) => [r.role, r.role_description, r.product_name])).toEqual([
      [20, 'Owner', 'Planner Cloud'],
      [20, 'Owner', 'Mobile App'],
    ]);
    for (const role of user.product_roles ?? []) expect(role.product_id).toMatch(/^\d+$/);
    expect(user).toMatchObject({
      timezone: null,
      accessed_at: null,
      user_roles: [],
      paid_seat: true,
      roadmaps_seat: true,
      develop_seat: false,
      administrator_roles: {
        administer_account: true,
        administer_billing: true,
        administer_configuration: true,
      },
      identity_provider: null,
      preferences: null,
      accounts: [],
    });
  });

  it('answers a member with contributor roles and no administrator roles', async () => {
    const { user } = (await api.call('GET /me', { token: member })).data();
    expect(user.email).toBe('morgan@planner.local');
    expect(new Set(user.product_roles?.map((r) => `${r.role} ${r.role_description}`))).toEqual(new Set(['30 Contributor']));
    expect(user.administrator_roles).toEqual({
      administer_account: false,
      administer_billing: false,
      administer_configuration: false,
    });
  });

  it('gives every user of a list and a show the same members', async () => {
    const { users } = (await api.call('GET /users')).data();
    expect(users).toHaveLength(3);
    for (const u of users) {
      expect(u.product_roles).toHaveLength(2);
      expect(u.user_roles).toEqual([]);
      expect(typeof u.paid_seat).toBe('boolean');
    }
    const sam = users.find((u) => u.email === 'sam@planner.local');
    const shown = (await api.call('GET /users/{id}', { params: { id: sam?.id ?? '' } })).data().user;
    expect(shown).toEqual(sam);
  });
});

describe('teams in the hosted shape', () => {
  it('answer their product as `project`, no members and the empty forms', async () => {
    const { team } = (await api.call('GET /teams/{id}', { params: { id: 'WEB' } })).data();
    expect(team.project).toMatchObject({
      reference_prefix: 'PLN',
      name: 'Planner Cloud',
      product_line: false,
    });
    expect(team.project?.id).toBe(team.product_id);
    expect(team).toMatchObject({
      team_members_count: 0,
      automatically_calculate_team_members_count: true,
      capacity: null,
      hourly_rate: null,
      start_date: null,
      end_date: null,
      schedule: null,
      custom_fields: [],
      team_members: null,
    });
    const { teams } = (await api.call('GET /teams')).data();
    expect(teams.map((x) => x.project?.reference_prefix).sort()).toEqual(['MOB', 'PLN', 'PLN']);
  });
});

describe('products and workflows in the hosted shape', () => {
  it('shows a product with its workflow per record kind', async () => {
    const { product } = (await api.call('GET /products/{id}', { params: { id: 'PLN' } })).data();
    const { workflows } = (await api.call('GET /products/{id}/workflows', { params: { id: 'PLN' } })).data();
    const byType = new Map(workflows.map((w) => [w.statusable_type as string, w]));
    for (const [member, type] of Object.entries(PRODUCT_WORKFLOW_MEMBERS)) {
      const answered = product[member as keyof typeof PRODUCT_WORKFLOW_MEMBERS];
      const stored = byType.get(type);
      if (stored)
        expect(answered, member).toEqual({
          workflow_type: member.replace(/_workflow$/, ''),
          id: stored.id,
          name: stored.name,
          statusable_type: type,
        });
      else expect(answered, member).toBeNull();
    }
    expect(product.strategic_imperative_workflow).toBeNull();
    expect(product).toMatchObject({
      description: null,
      children: [],
      custom_fields: [],
      screen_definition_ids: null,
      screen_definitions: [],
      has_epics: true,
      has_master_features: true,
      has_ideas: false,
      capacity_planning_enabled: true,
      enhanced_capacity_planning_enabled: false,
      default_capacity_units: 10,
      product_line_type: null,
      color: null,
    });
  });

  it('lists compact products by default and whole ones with fields', async () => {
    const compact = (await api.call('GET /products')).data().products;
    for (const p of compact) {
      expect(Object.keys(p).sort()).toEqual([
        'created_at',
        'id',
        'name',
        'product_line',
        'reference_prefix',
        'resource',
        'updated_at',
        'url',
        'workspace_type',
      ]);
    }
    const whole = (await api.call('GET /products', { query: { fields: '*' } })).data().products;
    expect(whole.every((p) => p.feature_workflow?.statusable_type === 'Feature')).toBe(true);
    // A narrower `fields` leaves out members the page schema documents for the default items.
    const some = (await api.call('GET /products', { query: { fields: 'epic_workflow' } })).body as {
      products: Record<string, unknown>[];
    };
    expect(some.products.map((p) => Object.keys(p).sort().join())).toEqual(['epic_workflow,id', 'epic_workflow,id']);
  });

  it('lists workflows with transitions_only and the feature kinds on the feature workflow', async () => {
    const { workflows } = (await api.call('GET /products/{id}/workflows', { params: { id: 'PLN' } })).data();
    const kinds = (await api.call('GET /products/{id}/workflow_kinds', { params: { id: 'PLN' } })).data().workflow_kinds;
    for (const w of workflows) {
      expect(w.transitions_only).toBe(false);
      expect(w.workflow_kinds).toEqual(w.statusable_type === 'Feature' ? kinds : []);
    }
    expect(kinds.map((k) => k.name)).toEqual(['New', 'Improvement', 'Bug fix', 'Research']);
  });
});

describe('POST /products', () => {
  it('creates a product that is listed and takes records at once', async () => {
    const before = await productCount();
    const prefix = freshPrefix();
    const res = await api.call('POST /products', {
      body: { product: { name: '  Launch Pad ', prefix, description: '<p>Rockets</p>' } },
    });
    const { product } = res.data();
    expect(product).toMatchObject({
      name: 'Launch Pad',
      reference_prefix: prefix,
      product_line: false,
      workspace_type: 'product_workspace',
    });
    expect(product.id).toMatch(/^\d+$/);
    expect(product.description).toMatchObject({
      body: '<p>Rockets</p>',
      notable_id: product.id,
      notable_type: 'Project',
    });
    expect(product.url).toBe(`${t.url}/products/${prefix}`);
    expect(product.feature_workflow?.statusable_type).toBe('Feature');

    const listed = productPage.parse((await api.call('GET /products', { query: { per_page: 200 } })).body);
    expect(listed.pagination.total_records).toBe(before + 1);
    expect(listed.products.map((p) => p.reference_prefix)).toContain(prefix);
    const { workflows } = (await api.call('GET /products/{id}/workflows', { params: { id: prefix } })).data();
    expect(workflows).toHaveLength(7);
    const frames = (await api.call('GET /products/{product_id}/time_frames', { params: { product_id: prefix } })).data().time_frames;
    expect(frames).toHaveLength(3);

    const release = (
      await api.call('POST /products/{product_id}/releases', {
        params: { product_id: prefix },
        body: { release: { name: 'First' } },
      })
    ).data().release;
    expect(release.reference_num).toBe(`${prefix}-R-1`);
    expect(release.workflow_status.name).toBe('Planning');
    const feature = (
      await api.call('POST /releases/{release_id}/features', {
        params: { release_id: release.id },
        body: { feature: { name: 'Ignition', workflow_kind: 'Bug fix' } },
      })
    ).data().feature;
    expect(feature.reference_num).toBe(`${prefix}-1`);
    expect(feature.workflow_status.name).toBe('New');
    expect(feature.workflow_kind?.name).toBe('Bug fix');
    const epic = (
      await api.call('POST /releases/{release_id}/epics', {
        params: { release_id: release.id },
        body: { epic: { name: 'Orbit' } },
      })
    ).data().epic;
    expect(epic.reference_num).toBe(`${prefix}-E-1`);
    const initiative = (
      await api.call('POST /products/{product_id}/initiatives', {
        params: { product_id: prefix },
        body: {
          initiative: {
            name: 'Reach space',
            workflow_status: { name: 'On track' },
            time_frame: frames[0]?.name ?? '',
          },
        },
      })
    ).data().initiative;
    expect(initiative.reference_num).toBe(`${prefix}-S-1`);
    const goal = (
      await api.call('POST /products/{product_id}/goals', {
        params: { product_id: prefix },
        body: { goal: { name: 'Land' } },
      })
    ).data().goal;
    expect(goal.reference_num).toBe(`${prefix}-G-1`);
  });

  it('audits the creation', async () => {
    const prefix = freshPrefix();
    const { product } = (await api.call('POST /products', { body: { product: { name: 'Audited', prefix } } })).data();
    const rows = await t.service.store.db
      .selectFrom('audits')
      .selectAll()
      .where('auditable_type', '=', 'Product')
      .where('auditable_id', '=', Number(product.id))
      .execute();
    expect(rows.map((r) => r.audit_action)).toEqual(['create']);
    expect(JSON.parse(rows[0]?.changes ?? '{}')).toMatchObject({
      name: [null, 'Audited'],
      reference_prefix: [null, prefix],
    });
  });

  it('takes reference_prefix as the prefix', async () => {
    const prefix = freshPrefix();
    const { product } = (await api.call('POST /products', { body: { product: { name: 'Aliased', reference_prefix: prefix } } })).data();
    expect(product.reference_prefix).toBe(prefix);
  });

  it('refuses a prefix used by a product or a team, in any case of the request', async () => {
    const before = await productCount();
    expect(problemsOf(await api.call('POST /products', { body: { product: { name: 'Twin', prefix: 'PLN' } } })).prefix).toEqual([
      'has already been taken',
    ]);
    expect(
      problemsOf(await api.call('POST /products', { body: { product: { name: 'Twin', reference_prefix: 'WEB' } } })).reference_prefix,
    ).toEqual(['has already been taken']);
    expect(await productCount()).toBe(before);
  });

  it('refuses malformed prefixes, naming the field', async () => {
    for (const prefix of ['pln', 'A', '1ABC', 'TOOLONGPREFIX', 'AB-C', 'AB C', '']) {
      const errors = problemsOf(await api.call('POST /products', { body: { product: { name: 'Bad prefix', prefix } } }));
      expect(errors.prefix, prefix).toEqual(['must be 2 to 10 upper-case letters or digits, starting with a letter']);
    }
    const both = problemsOf(
      await api.call('POST /products', {
        body: { product: { name: 'Two', prefix: 'ABC', reference_prefix: 'ABD' } },
      }),
    );
    expect(both.prefix).toEqual(['must be the same as reference_prefix when both are sent']);
  });

  it('requires a name and a prefix, and reports every problem of the body at once', async () => {
    const errors = problemsOf(await api.send('POST /products', { body: { product: { description: 'No name' } } }));
    expect(errors).toEqual({ name: ["can't be blank"], prefix: ["can't be blank"] });
    const blank = problemsOf(await api.send('POST /products', { body: { product: { name: '   ', prefix: 'pln' } } }));
    expect(Object.keys(blank).sort()).toEqual(['name', 'prefix']);
  });

  it('refuses wrong JSON types with 422 on each field, and read-only fields', async () => {
    const before = await productCount();
    const errors = problemsOf(
      await api.send('POST /products', {
        body: { product: { name: 5, prefix: 12, description: ['x'], workspace_type: 'marketing_workspace' } },
      }),
    );
    expect(Object.keys(errors).sort()).toEqual(['description', 'name', 'prefix', 'workspace_type']);
    expect(problemsOf(await api.send('POST /products', { body: { product: 'Rockets' } })).product).toEqual(['must be an object']);
    const readOnly = problemsOf(
      await api.send('POST /products', {
        body: { product: { name: 'Line', prefix: freshPrefix(), product_line: true, id: '7' } },
      }),
    );
    expect(readOnly).toEqual({ product_line: ['is read-only'], id: ['is read-only'] });
    expect(await productCount()).toBe(before);
  });

  it('answers 403 to a member and makes nothing', async () => {
    const before = await productCount();
    const res = await api.call('POST /products', {
      body: { product: { name: 'Not mine', prefix: freshPrefix() } },
      token: member,
    });
    expect(res.status).toBe(403);
    expect(errorBodySchema.parse(res.body).error).toMatch(/administrator/);
    expect(await productCount()).toBe(before);
  });
});

describe('PUT /products/{id}', () => {
  async function fresh(): Promise<{ id: string; prefix: string }> {
    const prefix = freshPrefix();
    const { product } = (await api.call('POST /products', { body: { product: { name: `Product ${prefix}`, prefix } } })).data();
    return { id: product.id, prefix };
  }

  it('renames and describes a product, by id or prefix', async () => {
    const { id, prefix } = await fresh();
    const renamed = (
      await api.call('PUT /products/{id}', {
        params: { id: prefix },
        body: { product: { name: 'Renamed', description: '<p>Now</p>' } },
      })
    ).data().product;
    expect(renamed).toMatchObject({ id, name: 'Renamed', reference_prefix: prefix });
    expect(renamed.description?.body).toBe('<p>Now</p>');
    const cleared = (await api.call('PUT /products/{id}', { params: { id }, body: { product: { description: '' } } })).data().product;
    expect(cleared.description).toBeNull();
    const shown = productEnvelope.parse((await api.call('GET /products/{id}', { params: { id } })).body).product;
    expect(shown).toEqual(cleared);
  });

  it('writes nothing for a body that changes nothing', async () => {
    const { id, prefix } = await fresh();
    const before = (await api.call('GET /products/{id}', { params: { id } })).data().product;
    const same = (
      await api.call('PUT /products/{id}', {
        params: { id },
        body: { product: { name: before.name, prefix } },
      })
    ).data().product;
    expect(same.updated_at).toBe(before.updated_at);
    const audits = await t.service.store.db
      .selectFrom('audits')
      .select('audit_action')
      .where('auditable_type', '=', 'Product')
      .where('auditable_id', '=', Number(id))
      .execute();
    expect(audits.map((a) => a.audit_action)).toEqual(['create']);
  });

  it('changes the prefix of a product without records', async () => {
    const { id, prefix } = await fresh();
    const next = freshPrefix();
    const moved = (await api.call('PUT /products/{id}', { params: { id }, body: { product: { prefix: next } } })).data().product;
    expect(moved.reference_prefix).toBe(next);
    expect((await api.call('GET /products/{id}', { params: { id: prefix } })).status).toBe(404);
    const release = (
      await api.call('POST /products/{product_id}/releases', {
        params: { product_id: next },
        body: { release: { name: 'After' } },
      })
    ).data().release;
    expect(release.reference_num).toBe(`${next}-R-1`);
  });

  it('refuses a prefix change once records carry keys made with it, and a taken prefix', async () => {
    const pln = problemsOf(
      await api.call('PUT /products/{id}', {
        params: { id: 'PLN' },
        body: { product: { reference_prefix: 'PLANNER' } },
      }),
    );
    expect(pln.reference_prefix?.[0]).toMatch(/^can't be changed: records of PLN carry keys/);
    const { id } = await fresh();
    expect(problemsOf(await api.call('PUT /products/{id}', { params: { id }, body: { product: { prefix: 'MOB' } } })).prefix).toEqual([
      'has already been taken',
    ]);
    expect(problemsOf(await api.call('PUT /products/{id}', { params: { id }, body: { product: { prefix: 'mob' } } })).prefix).toBeDefined();
    const plnNow = (await api.call('GET /products/{id}', { params: { id: 'PLN' } })).data().product;
    expect(plnNow.reference_prefix).toBe('PLN');
  });

  it('refuses wrong types and a blank name', async () => {
    const { id } = await fresh();
    const errors = problemsOf(
      await api.send('PUT /products/{id}', {
        params: { id },
        body: { product: { name: '', description: 7 } },
      }),
    );
    expect(Object.keys(errors).sort()).toEqual(['description', 'name']);
  });

  it('answers 404 for an unknown product and 403 to a member', async () => {
    for (const id of ['NOPE', '999999']) {
      expect((await api.call('PUT /products/{id}', { params: { id }, body: { product: { name: 'Ghost' } } })).status).toBe(404);
    }
    const res = await api.call('PUT /products/{id}', {
      params: { id: 'PLN' },
      body: { product: { name: 'Mine now' } },
      token: member,
    });
    expect(res.status).toBe(403);
    expect((await api.call('GET /products/{id}', { params: { id: 'PLN' } })).data().product.name).toBe('Planner Cloud');
  });
});

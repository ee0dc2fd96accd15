// Custom layouts over HTTP (issue 14): operation 17 and one layout for configuration administrators
// only (a member 403, no token 401); layouts written by administrators with their order kept and
// every bad layout a 422 naming the field at fault; a workspace's layouts readable by everyone and
// resolved to its own custom fields; and "required means required": a create in a workspace whose
// layout makes a field required is a 422 naming it, for a standard and a custom field, on every
// kind, and writes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SCREENABLE_TYPES,
  screenDefinitionEnvelope,
  screenDefinitionPage,
  screenDefinitionSchema,
  screenLayoutList,
} from '../src/contract/layouts';
import type { LayoutSectionInput, ScreenDefinition, ScreenableType } from '../src/contract/layouts';
import { mintToken } from './auth';
import { apiClient } from './test/client';
import type { ApiClient } from './test/client';
import { startTestService } from './test/harness';
import type { TestService } from './test/harness';
import { expect422, expectOk, makeRelease, rowCounts } from './test/records';

let t: TestService;
let api: ApiClient;
let member: string;
let pln: string;
let mob: string;
let release: string;

beforeAll(async () => {
  t = await startTestService();
  api = apiClient(t);
  const db = t.service.store.db;
  const morgan = await db.selectFrom('users').select('id').where('email', '=', 'morgan@planner.local').executeTakeFirstOrThrow();
  member = await mintToken(db, morgan.id, 'layouts.test');
  const products = await db.selectFrom('products').select(['id', 'reference_prefix']).execute();
  pln = String(products.find((p) => p.reference_prefix === 'PLN')?.id);
  mob = String(products.find((p) => p.reference_prefix === 'MOB')?.id);
  release = (await makeRelease(t)).id;
});
afterAll(() => t.close());

const fieldsOf = (layout: { sections: { fields: { field: string }[] }[] }) => layout.sections.flatMap((s) => s.fields.map((f) => f.field));

async function layouts(productId: string, token?: string) {
  const res = await api.call('GET /products/{product_id}/screen_layouts', {
    params: { product_id: productId },
    ...(token ? { token } : {}),
  });
  return res.data().screen_layouts;
}

async function featureLayout(productId = pln) {
  const found = (await layouts(productId)).find((l) => l.screenable_type === 'Feature');
  if (!found) throw new Error('no feature layout');
  return found;
}

/** A new feature layout assigned to `productIds`, from sections. */
async function makeLayout(
  sections: LayoutSectionInput[],
  productIds: string[] = [],
  type: ScreenableType = 'Feature',
): Promise<ScreenDefinition> {
  const res = await api.call('POST /screen_definitions', {
    body: {
      screen_definition: {
        name: `Layout ${Math.random().toString(36).slice(2, 7)}`,
        screenable_type: type,
        sections,
        product_ids: productIds,
      },
    },
  });
  expect(res.status, res.text).toBe(200);
  return res.data().screen_definition;
}

const FEATURE_BASE = [{ field: 'name' }, { field: 'release' }];

describe('operation 17: configuration administrators only', () => {
  it('lists every kind’s default layout, paged, in the hosted shape', async () => {
    const res = await api.call('GET /screen_definitions', { query: { per_page: 50 } });
    const page = expectOk(res, screenDefinitionPage);
    const defaults = page.screen_definitions.filter((d) => d.default).map((d) => d.screenable_type);
    expect(new Set(defaults)).toEqual(new Set(SCREENABLE_TYPES));
    expect(page.pagination.total_records).toBe(page.screen_definitions.length);
    // The hosted members: a number id, custom fields with their position, required flag and options.
    const raw = res.body as { screen_definitions: { id: unknown; custom_field_definitions: { id: unknown; position: number }[] }[] };
    expect(typeof raw.screen_definitions[0]?.id).toBe('number');
    const feature = page.screen_definitions.find((d) => d.screenable_type === 'Feature' && d.default);
    expect(feature?.custom_field_definitions.map((c) => c.key)).toContain('platforms');
    expect(feature?.custom_field_definitions.map((c) => c.position)).toEqual(feature?.custom_field_definitions.map((_, i) => i + 1));
    const platforms = feature?.custom_field_definitions.find((c) => c.key === 'platforms');
    expect(platforms?.options.map((o) => o.label)).toEqual(['Web', 'iOS', 'Android', 'API']);
    expect(platforms?.can_be_required_on_form).toBe(true);

    const paged = expectOk(await api.call('GET /screen_definitions', { query: { per_page: 2, page: 2 } }), screenDefinitionPage);
    expect(paged.screen_definitions).toHaveLength(2);
    expect(paged.pagination.current_page).toBe(2);
    const epics = expectOk(await api.call('GET /screen_definitions', { query: { screenable_type: 'Epic' } }), screenDefinitionPage);
    expect(epics.screen_definitions.every((d) => d.screenable_type === 'Epic')).toBe(true);
  });

  it('refuses members (403) and callers without a token (401), on every layout route', async () => {
    const [any] = (await api.call('GET /screen_definitions').then((r) => r.data())).screen_definitions;
    const id = any?.id ?? '1';
    expect((await api.send('GET /screen_definitions', { token: member })).status).toBe(403);
    expect((await api.send('GET /screen_definitions/{id}', { params: { id }, token: member })).status).toBe(403);
    expect((await api.send('GET /screen_definitions', { token: null })).status).toBe(401);
    const counts = await rowCounts(t, ['screen_definitions', 'screen_definition_fields']);
    const body = { screen_definition: { name: 'Mine', screenable_type: 'Feature' } };
    expect((await api.send('POST /screen_definitions', { body, token: member })).status).toBe(403);
    expect(
      (await api.send('PUT /screen_definitions/{id}', { params: { id }, body: { screen_definition: { name: 'x' } }, token: member }))
        .status,
    ).toBe(403);
    expect((await api.send('DELETE /screen_definitions/{id}', { params: { id }, token: member })).status).toBe(403);
    expect(await rowCounts(t, ['screen_definitions', 'screen_definition_fields'])).toEqual(counts);
  });

  it('lets members read the layouts their workspace uses, one per kind', async () => {
    const list = await layouts(pln, member);
    expect(list.map((l) => l.screenable_type)).toEqual([...SCREENABLE_TYPES]);
    const feature = list.find((l) => l.screenable_type === 'Feature');
    const custom = feature?.sections.flatMap((s) => s.fields).find((f) => f.field === 'custom_fields.platforms');
    expect(custom?.custom_field_definition?.type).toBe('multi_select');
    expect(custom?.label).toBe('Platforms');
    // MOB defines none of PLN's feature fields: its form leaves them out.
    const mobFeature = (await layouts(mob, member)).find((l) => l.screenable_type === 'Feature');
    expect(fieldsOf(mobFeature ?? { sections: [] }).some((f) => f.startsWith('custom_fields.'))).toBe(false);
    expect((await api.send('GET /products/{product_id}/screen_layouts', { params: { product_id: '999999' } })).status).toBe(404);
  });
});

describe('writing layouts', () => {
  it('keeps sections and fields in the order given, and answers them resolved', async () => {
    const made = await makeLayout([
      { name: 'Impact', column: 'main', fields: [{ field: 'custom_fields.customer_impact', required: true }, { field: 'name' }] },
      { name: 'Where', column: 'side', fields: [{ field: 'tags', on_form: false }, { field: 'release' }, { field: 'assigned_to_user' }] },
    ]);
    expect(made.sections.map((s) => [s.name, s.column])).toEqual([
      ['Impact', 'main'],
      ['Where', 'side'],
    ]);
    expect(fieldsOf(made)).toEqual(['custom_fields.customer_impact', 'name', 'tags', 'release', 'assigned_to_user']);
    const tags = made.sections[1]?.fields[0];
    expect(tags).toMatchObject({ on_form: false, on_detail: true, required: false, label: 'Tags', custom: false, can_be_required: true });
    expect(made.sections[0]?.fields[0]).toMatchObject({ required: true, custom: true, label: 'Customer impact' });
    expect(made.default).toBe(false);
    expect(made.custom_field_definitions.map((c) => [c.key, c.position, c.required])).toEqual([['customer_impact', 1, true]]);

    // Reordered by an update: the new order is the one read back.
    const res = await api.call('PUT /screen_definitions/{id}', {
      params: { id: made.id },
      body: {
        screen_definition: {
          name: 'Reordered',
          sections: [
            { name: 'Where', column: 'side', fields: [{ field: 'assigned_to_user' }, { field: 'release' }] },
            { name: 'Impact', column: 'main', fields: [{ field: 'name' }, { field: 'custom_fields.customer_impact' }] },
          ],
        },
      },
    });
    const updated = expectOk(res, screenDefinitionEnvelope).screen_definition;
    expect(updated.name).toBe('Reordered');
    expect(fieldsOf(updated)).toEqual(['assigned_to_user', 'release', 'name', 'custom_fields.customer_impact']);
    const again = expectOk(await api.call('GET /screen_definitions/{id}', { params: { id: made.id } }), screenDefinitionSchema);
    expect(fieldsOf(again)).toEqual(fieldsOf(updated));
  });

  it('refuses a layout naming a field that does not exist, one that cannot be required, twice the same, or without the name', async () => {
    const counts = await rowCounts(t, ['screen_definitions', 'screen_definition_sections', 'screen_definition_fields']);
    const send = (sections: unknown) =>
      api.send('POST /screen_definitions', { body: { screen_definition: { name: 'Bad', screenable_type: 'Feature', sections } } });
    let errors = expect422(await send([{ name: 'A', fields: [...FEATURE_BASE, { field: 'colour' }] }]), 'sections.0.fields.2.field');
    expect(errors['sections.0.fields.2.field']?.[0]).toMatch(/not a field of features/);
    errors = expect422(
      await send([{ name: 'A', fields: [...FEATURE_BASE, { field: 'custom_fields.nope' }] }]),
      'sections.0.fields.2.field',
    );
    expect(errors['sections.0.fields.2.field']?.[0]).toMatch(/nope/);
    errors = expect422(
      await send([{ name: 'A', fields: [...FEATURE_BASE, { field: 'estimates', required: true }] }]),
      'sections.0.fields.2.required',
    );
    expect(errors['sections.0.fields.2.required']?.[0]).toMatch(/cannot be required/);
    expect422(
      await send([{ name: 'A', fields: [...FEATURE_BASE, { field: 'tags', required: true, on_form: false }] }]),
      'sections.0.fields.2.required',
    );
    expect422(
      await send([
        { name: 'A', fields: [...FEATURE_BASE] },
        { name: 'B', fields: [{ field: 'name' }] },
      ]),
      'sections.1.fields.0.field',
    );
    errors = expect422(await send([{ name: 'A', fields: [{ field: 'release' }] }]), 'sections');
    expect(errors.sections?.[0]).toMatch(/Name/);
    expect422(
      await send([{ name: 'A', fields: [{ field: 'name', on_form: false }, { field: 'release' }] }]),
      'sections.0.fields.0.on_form',
    );
    // An epic field is not a feature field, and a kind that does not exist is refused.
    expect422(await send([{ name: 'A', fields: [...FEATURE_BASE, { field: 'custom_fields.risk' }] }]), 'sections.0.fields.2.field');
    expect422(
      await api.send('POST /screen_definitions', { body: { screen_definition: { name: 'X', screenable_type: 'Widget' } } }),
      'screenable_type',
    );
    expect422(
      await api.send('POST /screen_definitions', {
        body: { screen_definition: { name: 'X', screenable_type: 'Feature', product_ids: ['999999'] } },
      }),
      'product_ids',
    );
    expect422(
      await api.send('POST /screen_definitions', { body: { screen_definition: { name: '', screenable_type: 'Feature' } } }),
      'name',
    );
    expect(await rowCounts(t, ['screen_definitions', 'screen_definition_sections', 'screen_definition_fields'])).toEqual(counts);
  });

  it('assigns a layout to a workspace for its kind, and falls back to the default when it is deleted', async () => {
    const before = await featureLayout(mob);
    const made = await makeLayout([{ name: 'Only', column: 'main', fields: [...FEATURE_BASE, { field: 'tags' }] }], [mob]);
    expect(made.product_ids).toEqual([mob]);
    const assigned = await featureLayout(mob);
    expect(assigned.screen_definition_id).toBe(made.id);
    expect(fieldsOf(assigned)).toEqual(['name', 'release', 'tags']);
    // Another layout assigned to MOB takes its place: one layout per workspace and kind.
    const second = await makeLayout([{ name: 'Two', column: 'main', fields: FEATURE_BASE }], [mob]);
    expect((await featureLayout(mob)).screen_definition_id).toBe(second.id);
    const first = expectOk(await api.call('GET /screen_definitions/{id}', { params: { id: made.id } }), screenDefinitionSchema);
    expect(first.product_ids).toEqual([]);
    const del = await api.send('DELETE /screen_definitions/{id}', { params: { id: second.id } });
    expect(del.status, del.text).toBe(204);
    expect((await featureLayout(mob)).screen_definition_id).toBe(before.screen_definition_id);
  });

  it('keeps one default per kind, and refuses to delete it', async () => {
    const list = expectOk(await api.call('GET /screen_definitions', { query: { screenable_type: 'Page' } }), screenDefinitionPage);
    const current = list.screen_definitions.find((d) => d.default);
    if (!current) throw new Error('no default');
    expect422(await api.send('DELETE /screen_definitions/{id}', { params: { id: current.id } }), 'default');
    expect422(
      await api.send('PUT /screen_definitions/{id}', { params: { id: current.id }, body: { screen_definition: { default: false } } }),
      'default',
    );
    const res = await api.call('POST /screen_definitions', {
      body: {
        screen_definition: {
          name: 'New note default',
          screenable_type: 'Page',
          default: true,
          sections: [{ name: 'N', fields: [{ field: 'name' }] }],
        },
      },
    });
    const made = expectOk(res, screenDefinitionEnvelope).screen_definition;
    expect(made.default).toBe(true);
    const after = expectOk(await api.call('GET /screen_definitions', { query: { screenable_type: 'Page' } }), screenDefinitionPage);
    expect(after.screen_definitions.filter((d) => d.default).map((d) => d.id)).toEqual([made.id]);
    // Put the old one back as the default for the tests after this one.
    await api.call('PUT /screen_definitions/{id}', { params: { id: current.id }, body: { screen_definition: { default: true } } });
  });
});

describe('required means required', () => {
  it('refuses a feature created without a required custom field or standard field, naming each, and writes nothing', async () => {
    const made = await makeLayout(
      [
        {
          name: 'Must',
          column: 'main',
          fields: [
            { field: 'custom_fields.customer_impact', required: true },
            ...FEATURE_BASE,
            { field: 'assigned_to_user', required: true },
          ],
        },
      ],
      [pln],
    );
    try {
      const counts = await rowCounts(t, ['features', 'custom_field_values', 'audits']);
      const res = await api.send('POST /releases/{release_id}/features', {
        params: { release_id: release },
        body: { feature: { name: 'Needs impact' } },
      });
      const errors = expect422(res, 'custom_fields.customer_impact', 'assigned_to_user');
      expect(errors['custom_fields.customer_impact']).toEqual(['is required']);
      // Blank values are no values.
      const blank = await api.send('POST /releases/{release_id}/features', {
        params: { release_id: release },
        body: { feature: { name: 'Blank', assigned_to_user: '', custom_fields: { customer_impact: '' } } },
      });
      expect422(blank, 'custom_fields.customer_impact', 'assigned_to_user');
      expect(await rowCounts(t, ['features', 'custom_field_values', 'audits'])).toEqual(counts);

      const ok = await api.send('POST /releases/{release_id}/features', {
        params: { release_id: release },
        body: { feature: { name: 'Has impact', assigned_to_user: 'sam@planner.local', custom_fields: { customer_impact: 'High' } } },
      });
      expect(ok.status, ok.text).toBe(200);
      // Required on create only: an update may leave it out.
      const id = (ok.body as { feature: { id: string } }).feature.id;
      const upd = await api.send('PUT /features/{id}', { params: { id }, body: { feature: { name: 'Renamed' } } });
      expect(upd.status, upd.text).toBe(200);
    } finally {
      await api.send('DELETE /screen_definitions/{id}', { params: { id: made.id } });
    }
  });

  it('enforces the layout on every kind’s create', async () => {
    const cases: { type: ScreenableType; field: string; create: () => ReturnType<ApiClient['send']> }[] = [
      {
        type: 'Epic',
        field: 'tags',
        create: () => api.send('POST /releases/{release_id}/epics', { params: { release_id: release }, body: { epic: { name: 'E' } } }),
      },
      {
        type: 'Release',
        field: 'owner',
        create: () => api.send('POST /products/{product_id}/releases', { params: { product_id: pln }, body: { release: { name: 'R' } } }),
      },
      {
        type: 'Initiative',
        field: 'time_frame',
        create: () =>
          api.send('POST /products/{product_id}/initiatives', {
            params: { product_id: pln },
            body: { initiative: { name: 'I', workflow_status: 'Not started' } },
          }),
      },
      {
        type: 'StrategicImperative',
        field: 'effort',
        create: () => api.send('POST /products/{product_id}/goals', { params: { product_id: pln }, body: { goal: { name: 'G' } } }),
      },
      {
        type: 'Ideas::Idea',
        field: 'categories',
        create: () =>
          api.send('POST /products/{product_id}/ideas', {
            params: { product_id: pln },
            body: { idea: { name: 'Idea', created_by: 'sam@planner.local' } },
          }),
      },
      {
        type: 'Page',
        field: 'tags',
        create: () => api.send('POST /products/{product_id}/pages', { params: { product_id: pln }, body: { page: { name: 'Note' } } }),
      },
      {
        type: 'ReleasePhase',
        field: 'description',
        create: () =>
          api.send('POST /release_phases', { body: { release_phase: { name: 'P', phase_type: 'phase', release_id: release } } }),
      },
    ];
    for (const c of cases) {
      const made = await makeLayout(
        [
          {
            name: 'Must',
            column: 'main',
            fields: [
              { field: 'name' },
              ...(c.type === 'ReleasePhase' ? [{ field: 'phase_type' }] : []),
              ...(c.type === 'Ideas::Idea' ? [{ field: 'created_by' }] : []),
              ...(c.type === 'Epic' ? [{ field: 'release' }] : []),
              ...(c.type === 'Initiative' ? [{ field: 'workflow_status' }] : []),
              { field: c.field, required: true },
            ],
          },
        ],
        [pln],
        c.type,
      );
      try {
        const res = await c.create();
        const errors = expect422(res, c.field);
        expect(errors[c.field], `${c.type} ${res.text}`).toEqual(['is required']);
      } finally {
        await api.send('DELETE /screen_definitions/{id}', { params: { id: made.id } });
      }
    }
  });

  it('answers the workspace layout the form is drawn from with the required marks', async () => {
    const made = await makeLayout(
      [{ name: 'Must', column: 'main', fields: [{ field: 'custom_fields.spec_url', required: true }, ...FEATURE_BASE] }],
      [pln],
    );
    try {
      const layout = await featureLayout(pln);
      const list = expectOk(
        await api.call('GET /products/{product_id}/screen_layouts', { params: { product_id: pln }, token: member }),
        screenLayoutList,
      );
      expect(list.screen_layouts.find((l) => l.screenable_type === 'Feature')?.screen_definition_id).toBe(made.id);
      expect(layout.sections[0]?.fields[0]).toMatchObject({ field: 'custom_fields.spec_url', required: true, label: 'Specification' });
      expect(layout.sections[0]?.fields[1]).toMatchObject({ field: 'name', required: true, locked: true });
    } finally {
      await api.send('DELETE /screen_definitions/{id}', { params: { id: made.id } });
    }
  });
});

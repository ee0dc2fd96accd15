// API tests pinning the hosted members records answer since the hosted-fidelity change, with real
// values: custom fields written and read on features, requirements, releases, release phases and
// goals (before, only epics and initiatives took them); goals' success metric; a release's external
// date text, `released_on`, `master_release` and initiative links; the links work items embed
// (tags, release, initiative, phase, epic features); an initiative's linked records; and which
// members each list answers by default. One service for the file; answers are read as the contract's
// types without parsing them, so these tests pin behaviour, not the schemas (contract.test.ts does).
import { beforeAll, describe, expect, it } from 'vitest';
import type { CustomFieldValue } from '../src/contract/custom-fields';
import type { Epic } from '../src/contract/epics';
import type { Feature, Requirement } from '../src/contract/features';
import { INITIATIVE_ACCOUNT_LIST_FIELDS } from '../src/contract/initiatives';
import type { Goal, Initiative } from '../src/contract/initiatives';
import type { Release, ReleasePhase } from '../src/contract/releases';
import { todayIso } from '../src/domain/dates';
import { fileService } from './test/client';
import type { TestResponse } from './test/harness';
import {
  auditRows,
  deletionOf,
  expect422,
  lastAudit,
  makeEpic,
  makeFeature,
  makeGoal,
  makeInitiative,
  makeRelease,
  RELEASE_LIST_MEMBERS,
  rowCount,
  uniqueName,
} from './test/records';

const { t, api } = await fileService();

type RecordType = 'Feature' | 'Requirement' | 'Release' | 'ReleasePhase' | 'Goal';
type CustomInput = Record<string, string | number | null>;
/** What every kind answers beside its own members: enough to follow its custom fields. */
interface WithCustomFields {
  id: string;
  custom_fields?: CustomFieldValue[] | undefined;
}

/** Keys of this file's definitions: the same two on every kind, so one test body serves all five. */
const SCORE = 'hm_score';
const STAGE = 'hm_stage';
/** Defined for epics only, and for MOB only: neither may be written on a PLN record of these kinds. */
const EPIC_ONLY = 'hm_epic_only';
const MOB_ONLY = 'hm_mob_only';

const fx = {
  plnId: 0,
  mobId: 0,
  /** Definition ids by record type: `{score, stage}`. */
  defs: new Map<RecordType, { score: string; stage: string }>(),
  /** A release to hold this file's features, and one to hold its phases. */
  featureRelease: '',
  phaseRelease: '',
  /** A feature to hold requirements. */
  requirementFeature: '',
};

/** An ISO 8601 UTC timestamp as `Date#toISOString` writes it (what `updatedAt` must be). */
const isIsoInstant = (s: string | null | undefined): boolean =>
  typeof s === 'string' && !Number.isNaN(Date.parse(s)) && new Date(s).toISOString() === s;

interface Kind {
  type: RecordType;
  table: 'features' | 'requirements' | 'releases' | 'release_phases' | 'goals';
  /** The answer's envelope key. */
  key: string;
  /** `extra` members go into the body beside the name and custom fields (and may replace the name). */
  create(custom: CustomInput, extra?: Record<string, unknown>): Promise<TestResponse>;
  update(id: string, custom: CustomInput): Promise<TestResponse>;
  show(id: string): Promise<TestResponse>;
  remove(id: string): Promise<TestResponse>;
}

const KINDS: Kind[] = [
  {
    type: 'Feature',
    table: 'features',
    key: 'feature',
    create: (custom, extra = {}) =>
      t.request('POST', `/releases/${fx.featureRelease}/features`, {
        feature: { name: uniqueName('CF feature'), custom_fields: custom, ...extra },
      }),
    update: (id, custom) => t.request('PUT', `/features/${id}`, { feature: { custom_fields: custom } }),
    show: (id) => t.get(`/features/${id}`),
    remove: (id) => t.request('DELETE', `/features/${id}`),
  },
  {
    type: 'Requirement',
    table: 'requirements',
    key: 'requirement',
    create: (custom, extra = {}) =>
      t.request('POST', `/features/${fx.requirementFeature}/requirements`, {
        requirement: { name: uniqueName('CF requirement'), custom_fields: custom, ...extra },
      }),
    update: (id, custom) => t.request('PUT', `/requirements/${id}`, { requirement: { custom_fields: custom } }),
    show: (id) => t.get(`/requirements/${id}`),
    remove: (id) => t.request('DELETE', `/requirements/${id}`),
  },
  {
    type: 'Release',
    table: 'releases',
    key: 'release',
    create: (custom, extra = {}) =>
      t.request('POST', '/products/PLN/releases', {
        release: { name: uniqueName('CF release'), custom_fields: custom, ...extra },
      }),
    update: (id, custom) => t.request('PUT', `/releases/${id}`, { release: { custom_fields: custom } }),
    show: (id) => t.get(`/releases/${id}`),
    remove: (id) => t.request('DELETE', `/releases/${id}`),
  },
  {
    type: 'ReleasePhase',
    table: 'release_phases',
    key: 'release_phase',
    create: (custom, extra = {}) =>
      t.request('POST', '/release_phases', {
        release_phase: {
          release_id: fx.phaseRelease,
          name: uniqueName('CF phase'),
          phase_type: 'phase',
          custom_fields: custom,
          ...extra,
        },
      }),
    // The spec makes `phase_type` required on update too.
    update: (id, custom) =>
      t.request('PUT', `/release_phases/${id}`, {
        release_phase: { phase_type: 'phase', custom_fields: custom },
      }),
    show: (id) => t.get(`/release_phases/${id}`),
    remove: (id) => t.request('DELETE', `/release_phases/${id}`),
  },
  {
    type: 'Goal',
    table: 'goals',
    key: 'goal',
    create: (custom, extra = {}) =>
      t.request('POST', '/products/PLN/goals', { goal: { name: uniqueName('CF goal'), custom_fields: custom, ...extra } }),
    update: (id, custom) => t.request('PUT', `/goals/${id}`, { goal: { custom_fields: custom } }),
    show: (id) => t.get(`/goals/${id}`),
    // Goals are deleted under their product (the hosted path).
    remove: (id) => t.request('DELETE', `/products/PLN/goals/${id}`),
  },
];

/** The record under `key` of a 200 answer. */
function recordOf<T = WithCustomFields>(res: TestResponse, key: string): T {
  expect(res.status, res.text).toBe(200);
  const body = res.body as Record<string, T | undefined>;
  const record = body[key];
  if (record === undefined) throw new Error(`no "${key}" in ${res.text}`);
  return record;
}

const count = (table: Kind['table']): Promise<number> => rowCount(t, table);

/** The stored values of one record: `{key: text}`. */
async function storedValues(type: RecordType, id: string): Promise<Record<string, string>> {
  const rows = await t.service.store.db
    .selectFrom('custom_field_values as v')
    .innerJoin('custom_field_definitions as d', 'd.id', 'v.field_id')
    .select(['d.key', 'v.value'])
    .where('v.record_type', '=', type)
    .where('v.record_id', '=', Number(id))
    .execute();
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}

const totalValues = (): Promise<number> => rowCount(t, 'custom_field_values');

/** An audit row's `changes`, parsed. */
const changesOf = (row: { changes: string }): Record<string, unknown> => JSON.parse(row.changes) as Record<string, unknown>;

function defsOf(type: RecordType): { score: string; stage: string } {
  const defs = fx.defs.get(type);
  if (!defs) throw new Error(`no definitions of ${type}`);
  return defs;
}

beforeAll(async () => {
  const db = t.service.store.db;
  const products = await db.selectFrom('products').select(['id', 'reference_prefix']).execute();
  fx.plnId = products.find((p) => p.reference_prefix === 'PLN')?.id ?? 0;
  fx.mobId = products.find((p) => p.reference_prefix === 'MOB')?.id ?? 0;
  // There is no API that makes definitions (the service only lists them): rows, as the seed writes
  // them. Positions far above the seed's so this file's fields come after any seeded ones.
  const define = async (productId: number, recordType: string, key: string, fieldType: string, position: number, options: string[] = []) =>
    String(
      (
        await db
          .insertInto('custom_field_definitions')
          .values({
            product_id: productId,
            record_type: recordType,
            key,
            name: `HM ${key}`,
            field_type: fieldType,
            options: JSON.stringify(options),
            position,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
  for (const kind of KINDS) {
    fx.defs.set(kind.type, {
      score: await define(fx.plnId, kind.type, SCORE, 'number', 901),
      stage: await define(fx.plnId, kind.type, STAGE, 'select', 902, ['Alpha', 'Beta']),
    });
    await define(fx.mobId, kind.type, MOB_ONLY, 'string', 903);
  }
  await define(fx.plnId, 'Epic', EPIC_ONLY, 'string', 904);

  fx.featureRelease = (await makeRelease(t)).id;
  fx.phaseRelease = (await makeRelease(t)).id;
  fx.requirementFeature = (await makeFeature(t, fx.featureRelease)).id;
});

describe.each(KINDS)('custom fields on $type', (kind) => {
  it('writes them on create and answers each as {id,key,name,type,value,updatedAt} with the canonical value', async () => {
    const defs = defsOf(kind.type);
    const before = Date.now();
    // A number sent as text and a select option in another case: both stored canonical.
    const created = recordOf(await kind.create({ [SCORE]: '12.50', [STAGE]: 'beta' }), kind.key);
    const fields = created.custom_fields ?? [];
    expect(fields.map(({ updatedAt: _, ...rest }) => rest)).toEqual([
      { id: defs.score, key: SCORE, name: `HM ${SCORE}`, type: 'number', value: 12.5 },
      { id: defs.stage, key: STAGE, name: `HM ${STAGE}`, type: 'select', value: 'Beta' },
    ]);
    for (const f of fields) {
      expect(isIsoInstant(f.updatedAt), String(f.updatedAt)).toBe(true);
      expect(Date.parse(f.updatedAt ?? '')).toBeGreaterThanOrEqual(before - 1_000);
    }
    expect(await storedValues(kind.type, created.id)).toEqual({ [SCORE]: '12.5', [STAGE]: 'Beta' });
    // The record's own page answers what the write answered.
    expect(recordOf(await kind.show(created.id), kind.key).custom_fields).toEqual(fields);
    const [create] = await auditRows(t, kind.type, created.id);
    expect(create?.audit_action).toBe('create');
    expect(changesOf(create ?? { changes: '{}' }).custom_fields).toEqual([null, { [SCORE]: '12.5', [STAGE]: 'Beta' }]);
  });

  it('updates one value, keeps the other (and its updatedAt) and audits the change', async () => {
    const created = recordOf(await kind.create({ [SCORE]: 3, [STAGE]: 'Alpha' }), kind.key);
    const stageBefore = created.custom_fields?.find((f) => f.key === STAGE);
    const updated = recordOf(await kind.update(created.id, { [SCORE]: 7.25 }), kind.key);
    const score = updated.custom_fields?.find((f) => f.key === SCORE);
    expect(score?.value).toBe(7.25);
    expect(Date.parse(score?.updatedAt ?? '')).toBeGreaterThanOrEqual(
      Date.parse(created.custom_fields?.find((f) => f.key === SCORE)?.updatedAt ?? ''),
    );
    expect(updated.custom_fields?.find((f) => f.key === STAGE)).toEqual(stageBefore);
    const audit = await lastAudit(t, kind.type, created.id);
    expect(audit.audit_action).toBe('update');
    expect(changesOf(audit).custom_fields).toEqual([{ [SCORE]: '3' }, { [SCORE]: '7.25' }]);
  });

  it('refuses a key that is not a field of this kind in this product, naming it, and writes nothing', async () => {
    const [records, values] = [await count(kind.table), await totalValues()];
    // A blank name beside them: one 422 names every problem of the body, the record's own and these.
    const res = await kind.create({ hm_nope: 1, [EPIC_ONLY]: 'x', [MOB_ONLY]: 'y', [SCORE]: 1 }, { name: '' });
    const errors = expect422(res, 'name', 'custom_fields.hm_nope', `custom_fields.${EPIC_ONLY}`, `custom_fields.${MOB_ONLY}`);
    expect(Object.keys(errors)).not.toContain(`custom_fields.${SCORE}`);
    expect(await count(kind.table)).toBe(records);
    expect(await totalValues()).toBe(values);

    const created = recordOf(await kind.create({ [SCORE]: 5 }), kind.key);
    expect422(await kind.update(created.id, { hm_nope: 'x', [SCORE]: 6 }), 'custom_fields.hm_nope');
    expect(await storedValues(kind.type, created.id)).toEqual({ [SCORE]: '5' });
  });

  it('refuses a value a number or select field cannot hold, and writes nothing', async () => {
    const [records, values] = [await count(kind.table), await totalValues()];
    const errors = expect422(await kind.create({ [SCORE]: 'lots', [STAGE]: 'Gamma' }), `custom_fields.${SCORE}`, `custom_fields.${STAGE}`);
    expect(errors[`custom_fields.${SCORE}`]).toEqual(['must be a number']);
    expect(errors[`custom_fields.${STAGE}`]).toEqual(['must be one of: Alpha, Beta']);
    expect(await count(kind.table)).toBe(records);
    expect(await totalValues()).toBe(values);

    const created = recordOf(await kind.create({ [SCORE]: 1, [STAGE]: 'Alpha' }), kind.key);
    const audits = (await auditRows(t, kind.type, created.id)).length;
    // One bad value refuses the whole body: the good one beside it is not written either.
    expect422(await kind.update(created.id, { [SCORE]: 2, [STAGE]: 'Gamma' }), `custom_fields.${STAGE}`);
    expect(await storedValues(kind.type, created.id)).toEqual({ [SCORE]: '1', [STAGE]: 'Alpha' });
    expect((await auditRows(t, kind.type, created.id)).length).toBe(audits);
  });

  it('clears a value with null', async () => {
    const created = recordOf(await kind.create({ [SCORE]: 4, [STAGE]: 'Beta' }), kind.key);
    const values = await totalValues();
    const cleared = recordOf(await kind.update(created.id, { [SCORE]: null }), kind.key);
    expect(cleared.custom_fields?.map((f) => [f.key, f.value])).toEqual([[STAGE, 'Beta']]);
    expect(await storedValues(kind.type, created.id)).toEqual({ [STAGE]: 'Beta' });
    expect(await totalValues()).toBe(values - 1);
    expect(changesOf(await lastAudit(t, kind.type, created.id)).custom_fields).toEqual([{ [SCORE]: '4' }, { [SCORE]: null }]);
  });

  it('removes its values with the record and keeps them in the recycle bin', async () => {
    const created = recordOf(await kind.create({ [SCORE]: 9, [STAGE]: 'Alpha' }), kind.key);
    const defs = defsOf(kind.type);
    const values = await totalValues();
    const res = await kind.remove(created.id);
    expect([200, 204], res.text).toContain(res.status);
    expect(await storedValues(kind.type, created.id)).toEqual({});
    expect(await totalValues()).toBe(values - 2);
    const payload = JSON.parse((await deletionOf(t, kind.type, created.id)).payload) as {
      custom_field_values?: { record_type: string; record_id: number; field_id: number; value: string }[];
    };
    expect(
      (payload.custom_field_values ?? [])
        .map(({ record_type, record_id, field_id, value }) => ({ record_type, record_id, field_id, value }))
        .sort((a, b) => a.field_id - b.field_id),
    ).toEqual([
      { record_type: kind.type, record_id: Number(created.id), field_id: Number(defs.score), value: '9' },
      { record_type: kind.type, record_id: Number(created.id), field_id: Number(defs.stage), value: 'Alpha' },
    ]);
  });
});

describe('custom field values of the records a delete takes along', () => {
  it("a feature's delete removes its requirements' values too and keeps them in its recycle bin row", async () => {
    const feature = await makeFeature(t, fx.featureRelease, { custom_fields: { [SCORE]: 1 } });
    const requirement = recordOf(
      await t.request('POST', `/features/${feature.id}/requirements`, {
        requirement: { name: uniqueName('Req'), custom_fields: { [STAGE]: 'Beta' } },
      }),
      'requirement',
    );
    expect((await t.request('DELETE', `/features/${feature.id}`)).status).toBeLessThan(300);
    expect(await storedValues('Requirement', requirement.id)).toEqual({});
    const payload = JSON.parse((await deletionOf(t, 'Feature', feature.id)).payload) as {
      custom_field_values: { record_type: string; record_id: number; value: string }[];
    };
    expect(payload.custom_field_values.map((v) => [v.record_type, v.record_id, v.value])).toEqual([
      ['Feature', Number(feature.id), '1'],
      ['Requirement', Number(requirement.id), 'Beta'],
    ]);
  });

  it("a release's delete removes its phases' values too and keeps them in its recycle bin row", async () => {
    const release = await makeRelease(t, { custom_fields: { [STAGE]: 'Alpha' } });
    const phase = recordOf(
      await t.request('POST', '/release_phases', {
        release_phase: { release_id: release.id, name: uniqueName('Phase'), phase_type: 'milestone', custom_fields: { [SCORE]: 8 } },
      }),
      'release_phase',
    );
    expect((await t.request('DELETE', `/releases/${release.id}`)).status).toBeLessThan(300);
    expect(await storedValues('ReleasePhase', phase.id)).toEqual({});
    expect(await storedValues('Release', release.id)).toEqual({});
    const payload = JSON.parse((await deletionOf(t, 'Release', release.id)).payload) as {
      custom_field_values: { record_type: string; record_id: number; value: string }[];
    };
    expect(payload.custom_field_values.map((v) => [v.record_type, v.record_id, v.value])).toEqual([
      ['Release', Number(release.id), 'Alpha'],
      ['ReleasePhase', Number(phase.id), '8'],
    ]);
  });
});

describe("a feature's requirements", () => {
  it('are whole requirement records, each with its own custom fields', async () => {
    const feature = await makeFeature(t, fx.featureRelease);
    const first = recordOf<Requirement>(
      await t.request('POST', `/features/${feature.id}/requirements`, {
        requirement: { name: uniqueName('Req'), description: '<p>Why</p>', custom_fields: { [SCORE]: 2 } },
      }),
      'requirement',
    );
    const second = recordOf<Requirement>(
      await t.request('POST', `/features/${feature.id}/requirements`, {
        requirement: { name: uniqueName('Req'), custom_fields: { [STAGE]: 'alpha' } },
      }),
      'requirement',
    );
    const shown = recordOf<Feature>(await t.get(`/features/${feature.id}`), 'feature');
    // The very records `GET /requirements/{id}` answers, in position order.
    const own = await Promise.all(
      [first, second].map(async (r) => recordOf<Requirement>(await t.get(`/requirements/${r.id}`), 'requirement')),
    );
    expect(shown.requirements).toEqual(own);
    expect(shown.requirements.map((r) => r.custom_fields?.map((f) => [f.key, f.value]))).toEqual([[[SCORE, 2]], [[STAGE, 'Alpha']]]);
    expect(shown.requirements[0]?.description?.body).toBe('<p>Why</p>');
    expect(shown.requirements[0]?.feature?.reference_num).toBe(feature.reference_num);
  });
});

describe("goals' success metric", () => {
  const metricOf = async (res: TestResponse) => recordOf<Goal>(res, 'goal').success_metric;

  it('is written with a name, an HTML text and a status of the initiative workflow, and answered hosted', async () => {
    const res = await t.request('POST', '/products/PLN/goals', {
      goal: {
        name: uniqueName('Metric goal'),
        success_metric: { name: 'Weekly active teams', description: '<p>Teams active each week</p>', workflow_status: 'On track' },
      },
    });
    const goal = recordOf<Goal>(res, 'goal');
    const metric = goal.success_metric;
    expect(metric?.name).toBe('Weekly active teams');
    expect(metric?.description).toMatchObject({
      body: '<p>Teams active each week</p>',
      notable_id: goal.id,
      notable_type: 'Goal',
    });
    expect(metric?.workflow_status).toMatchObject({ name: 'On track', complete: false });
    expect(metric?.workflow_status?.id).toMatch(/^\d+$/);
    expect(metric?.workflow_status_times).toEqual([]);
    expect(await metricOf(await t.get(`/goals/${goal.id}`))).toEqual(metric);
    // Stored as three columns of the goal, audited with the create.
    const [create] = await auditRows(t, 'Goal', goal.id);
    expect(changesOf(create ?? { changes: '{}' }).success_metric_name).toEqual([null, 'Weekly active teams']);
  });

  it('keeps the members a partial update leaves out, and null clears the whole metric', async () => {
    const goal = await makeGoal(t, {
      success_metric: { name: 'Churn', description: '<p>Monthly</p>', workflow_status: { name: 'At risk' } },
    });
    const renamed = await metricOf(await t.request('PUT', `/goals/${goal.id}`, { goal: { success_metric: { name: 'Net churn' } } }));
    expect(renamed?.name).toBe('Net churn');
    expect(renamed?.description?.body).toBe('<p>Monthly</p>');
    expect(renamed?.workflow_status?.name).toBe('At risk');

    const restatused = await metricOf(
      await t.request('PUT', `/goals/${goal.id}`, { goal: { success_metric: { workflow_status: 'off track' } } }),
    );
    expect([restatused?.name, restatused?.description?.body, restatused?.workflow_status?.name]).toEqual([
      'Net churn',
      '<p>Monthly</p>',
      'Off track',
    ]);
    // Another member of the goal leaves the metric as it is (its text's `updated_at` is the goal's).
    const untouched = await metricOf(await t.request('PUT', `/goals/${goal.id}`, { goal: { name: uniqueName('Renamed goal') } }));
    expect([untouched?.name, untouched?.description?.body, untouched?.workflow_status]).toEqual([
      'Net churn',
      '<p>Monthly</p>',
      restatused?.workflow_status,
    ]);

    expect(await metricOf(await t.request('PUT', `/goals/${goal.id}`, { goal: { success_metric: null } }))).toBeNull();
    expect(await metricOf(await t.get(`/goals/${goal.id}`))).toBeNull();
    const row = await t.service.store.db
      .selectFrom('goals')
      .select(['success_metric_name', 'success_metric_description', 'success_metric_status_id'])
      .where('id', '=', Number(goal.id))
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ success_metric_name: null, success_metric_description: null, success_metric_status_id: null });
  });

  it('answers null for a goal that never had one', async () => {
    expect((await makeGoal(t)).success_metric).toBeNull();
  });

  it('refuses a status that is not an initiative status of the product, naming success_metric.workflow_status', async () => {
    const goals = await count('goals');
    expect422(
      await t.request('POST', '/products/PLN/goals', {
        goal: { name: uniqueName('Bad metric'), success_metric: { name: 'x', workflow_status: 'Shipped' } },
      }),
      'success_metric.workflow_status',
    );
    expect(await count('goals')).toBe(goals);
    const goal = await makeGoal(t, { success_metric: { name: 'Kept', workflow_status: 'On track' } });
    expect422(
      await t.request('PUT', `/goals/${goal.id}`, { goal: { success_metric: { name: 'Lost', workflow_status: 'Nope' } } }),
      'success_metric.workflow_status',
    );
    const kept = await metricOf(await t.get(`/goals/${goal.id}`));
    expect([kept?.name, kept?.workflow_status?.name]).toEqual(['Kept', 'On track']);
    // A status of another product's initiative workflow, by id, is not one of this product's.
    const mobOnTrack = await t.service.store.db
      .selectFrom('workflow_statuses as s')
      .innerJoin('workflows as w', 'w.id', 's.workflow_id')
      .select('s.id')
      .where('w.product_id', '=', fx.mobId)
      .where('w.statusable_type', '=', 'Initiative')
      .where('s.name', '=', 'On track')
      .executeTakeFirstOrThrow();
    expect422(
      await t.request('PUT', `/goals/${goal.id}`, { goal: { success_metric: { workflow_status: { id: mobOnTrack.id } } } }),
      'success_metric.workflow_status',
    );
  });

  it('refuses a member it does not know inside success_metric', async () => {
    const goals = await count('goals');
    const res = await t.request('POST', '/products/PLN/goals', {
      goal: { name: uniqueName('Odd metric'), success_metric: { name: 'x', target: 40 } },
    });
    const errors = expect422(res);
    expect(
      Object.keys(errors).some((k) => k.startsWith('success_metric')),
      res.text,
    ).toBe(true);
    expect(await count('goals')).toBe(goals);
  });
});

describe('releases', () => {
  it('describe the external release date at each resolution', async () => {
    // 2026-03-18 is a Wednesday: its week starts on Monday 2026-03-16.
    const release = await makeRelease(t, { release_date: '2026-05-20' });
    const describeAt = async (body: Record<string, unknown>) =>
      recordOf<Release>(await t.request('PUT', `/releases/${release.id}`, { release: body }), 'release').external_release_date_description;
    expect(release.external_release_date_description).toBeNull();
    // A date without a resolution reads as exact.
    expect(await describeAt({ external_release_date: '2026-03-18' })).toBe('2026-03-18');
    const cases: [string, string][] = [
      ['exact', '2026-03-18'],
      ['week', 'Week of 2026-03-16'],
      ['month', 'March 2026'],
      ['quarter', 'Q1 2026'],
      ['half', 'H1 2026'],
      ['year', '2026'],
      // `sync` follows the release date, not the external one.
      ['sync', '2026-05-20'],
    ];
    for (const [resolution, text] of cases) {
      expect(await describeAt({ external_date_resolution: resolution }), resolution).toBe(text);
    }
    expect(await describeAt({ release_date: '2026-09-02' })).toBe('2026-09-02');
    // Clearing the date clears its resolution and its text.
    expect(await describeAt({ external_release_date: null })).toBeNull();
  });

  it('answer released_on only while the status is a complete one', async () => {
    const release = await makeRelease(t, { release_date: '2026-03-14', workflow_status: 'Planning' });
    expect([release.released, release.released_on, release.master_release]).toEqual([false, null, false]);
    const put = async (status: string) =>
      recordOf<Release>(await t.request('PUT', `/releases/${release.id}`, { release: { workflow_status: { name: status } } }), 'release');
    const released = await put('Released');
    expect([released.released, released.released_on]).toEqual([true, todayIso()]);
    expect(released.status_changed_on).toBe(todayIso());
    const reopened = await put('In progress');
    expect([reopened.released, reopened.released_on]).toEqual([false, null]);
    // Created complete: no status change yet, so the release date is the day it shipped.
    const shipped = await makeRelease(t, { release_date: '2026-02-10', workflow_status: 'Released' });
    expect([shipped.released, shipped.released_on, shipped.master_release]).toEqual([true, '2026-02-10', false]);
    // Created complete without a date: still released, so released_on is a day, not null.
    const undated = await makeRelease(t, { workflow_status: 'Released' });
    expect(undated.released).toBe(true);
    expect(undated.released_on).toBe(undated.created_at.slice(0, 10));
  });

  it('link their initiatives with when they were made, their addresses and their description', async () => {
    const initiative = await makeInitiative(t, { description: '<p>Grow the base</p>' });
    const release = await makeRelease(t, { initiatives: [initiative.reference_num] });
    expect(release.initiatives).toEqual([
      {
        id: initiative.id,
        name: initiative.name,
        reference_num: initiative.reference_num,
        created_at: initiative.created_at,
        url: initiative.url,
        resource: initiative.resource,
        description: initiative.description,
        integration_fields: [],
      },
    ]);
    expect(release.initiatives[0]?.description?.body).toBe('<p>Grow the base</p>');
    expect(release.initiatives[0]?.resource).toMatch(new RegExp(`/api/v1/initiatives/${initiative.reference_num}$`));
  });
});

describe('what features and epics embed', () => {
  it('full_tags: one per tag, id null, a #rrggbb colour that is the same for the same tag on two records', async () => {
    const a = await makeFeature(t, fx.featureRelease, { tags: 'hm-red,hm-blue' });
    const b = await makeFeature(t, fx.featureRelease, { tags: ['hm-blue'] });
    const epic = await makeEpic(t, fx.featureRelease, { tags: 'hm-blue,hm-green' });
    expect(a.full_tags?.map((tag) => [tag.id, tag.name])).toEqual([
      [null, 'hm-red'],
      [null, 'hm-blue'],
    ]);
    for (const tag of [...(a.full_tags ?? []), ...(b.full_tags ?? []), ...(epic.full_tags ?? [])]) {
      expect(tag.color).toMatch(/^#[0-9a-f]{6}$/);
    }
    const blue = a.full_tags?.[1]?.color;
    expect(b.full_tags).toEqual([{ id: null, name: 'hm-blue', color: blue }]);
    expect(epic.full_tags?.[0]).toEqual({ id: null, name: 'hm-blue', color: blue });
    expect(epic.full_tags?.map((tag) => tag.name)).toEqual(['hm-blue', 'hm-green']);
  });

  it('release: its head with created_at, owner (a user or null) and project (the workspace)', async () => {
    const owned = await makeRelease(t, { owner: 'morgan@planner.local', release_date: '2026-06-30' });
    const feature = await makeFeature(t, owned.id);
    const epic = await makeEpic(t, owned.id);
    const product = recordOf<{ id: string; reference_prefix: string; name: string }>(await t.get('/products/PLN'), 'product');
    for (const item of [feature, epic]) {
      expect(item.release).toMatchObject({
        id: owned.id,
        reference_num: owned.reference_num,
        name: owned.name,
        release_date: '2026-06-30',
        created_at: owned.created_at,
        url: owned.url,
        resource: owned.resource,
        owner: { id: owned.owner?.id, email: 'morgan@planner.local', name: 'Morgan Lee' },
        project: { id: String(fx.plnId), reference_prefix: 'PLN', name: product.name },
      });
    }
    const unowned = await makeFeature(t, fx.featureRelease);
    expect(unowned.release.owner).toBeNull();
    expect(unowned.release.project?.id).toBe(String(fx.plnId));
  });

  it('initiative (with description and url) and the keys of initiative and epic, or null', async () => {
    const initiative = await makeInitiative(t, { description: '<p>North star</p>' });
    const epic = await makeEpic(t, fx.featureRelease, { initiative: initiative.reference_num });
    const linked = await makeFeature(t, fx.featureRelease, {
      initiative: initiative.reference_num,
      epic: epic.reference_num,
    });
    expect(linked.initiative).toMatchObject({
      id: initiative.id,
      reference_num: initiative.reference_num,
      url: initiative.url,
      created_at: initiative.created_at,
    });
    expect(linked.initiative?.description?.body).toBe('<p>North star</p>');
    expect([linked.initiative_reference_num, linked.epic_reference_num]).toEqual([initiative.reference_num, epic.reference_num]);
    expect(linked.epic).toMatchObject({ id: epic.id, reference_num: epic.reference_num, url: epic.url });
    expect(epic.initiative?.description?.body).toBe('<p>North star</p>');
    expect(epic.initiative_reference_num).toBe(initiative.reference_num);

    const bare = await makeFeature(t, fx.featureRelease);
    expect([bare.initiative, bare.initiative_reference_num, bare.epic, bare.epic_reference_num]).toEqual([null, null, null, null]);
    const bareEpic = await makeEpic(t, fx.featureRelease);
    expect([bareEpic.initiative, bareEpic.initiative_reference_num]).toEqual([null, null]);
  });

  it('belongs_to_release_phase: the whole phase when set, null otherwise', async () => {
    const phase = recordOf<ReleasePhase>(
      await t.request('POST', '/release_phases', {
        release_phase: {
          release_id: fx.featureRelease,
          name: uniqueName('Beta phase'),
          phase_type: 'phase',
          start_on: '2026-04-01',
          end_on: '2026-04-30',
          description: '<p>Closed beta</p>',
          custom_fields: { [STAGE]: 'Beta' },
        },
      }),
      'release_phase',
    );
    const feature = await makeFeature(t, fx.featureRelease, { release_phase: phase.id });
    const {
      features_count: _count,
      comments_count: _comments,
      position: _position,
      ...whole
    } = recordOf<ReleasePhase>(await t.get(`/release_phases/${phase.id}`), 'release_phase');
    expect(feature.belongs_to_release_phase).toEqual(whole);
    expect(feature.belongs_to_release_phase).toMatchObject({
      release_id: fx.featureRelease,
      progress_source: phase.progress_source,
      description: { body: '<p>Closed beta</p>' },
    });
    expect(feature.belongs_to_release_phase?.custom_fields?.map((f) => f.value)).toEqual(['Beta']);
    expect((await makeFeature(t, fx.featureRelease)).belongs_to_release_phase).toBeNull();
  });

  it("an epic's features are compact items; epic_only_original_estimate is the epic's own estimate", async () => {
    const epic = await makeEpic(t, fx.featureRelease, { initial_estimate_text: '3d' });
    const f1 = await makeFeature(t, fx.featureRelease, { epic: epic.reference_num, initial_estimate_text: '5d' });
    const f2 = await makeFeature(t, fx.featureRelease, { epic: epic.id });
    const shown = recordOf<Epic>(await t.get(`/epics/${epic.id}`), 'epic');
    const compact = (f: Feature) => ({
      id: f.id,
      name: f.name,
      reference_num: f.reference_num,
      created_at: f.created_at,
      product_id: f.product_id,
      url: f.url,
      resource: f.resource,
    });
    expect(shown.features).toEqual([compact(f1), compact(f2)]);
    expect(epic.initial_estimate).not.toBeNull();
    expect(shown.epic_only_original_estimate).toBe(epic.initial_estimate);
    expect(shown.master_feature_only_original_estimate).toBe(epic.initial_estimate);
    expect((await makeEpic(t, fx.featureRelease)).features).toEqual([]);
  });

  it('a feature answers its own estimates (feature_only_*) and an epic its own work done, which is not logged here: null', async () => {
    const feature = await makeFeature(t, fx.featureRelease, { initial_estimate_text: '2d', remaining_estimate_text: '1d' });
    await t.request('POST', `/features/${feature.id}/requirements`, { requirement: { name: uniqueName('Own estimate req') } });
    const shown = recordOf<Feature>(await t.get(`/features/${feature.id}`), 'feature');
    expect(shown.feature_only_original_estimate).toBe(feature.initial_estimate);
    expect(shown.feature_only_original_estimate).toBe(16 * 60);
    expect(shown.feature_only_remaining_estimate).toBe(8 * 60);
    expect(shown.feature_only_work_done).toBeNull();
    const bare = await makeFeature(t, fx.featureRelease);
    expect([bare.feature_only_original_estimate, bare.feature_only_remaining_estimate, bare.feature_only_work_done]).toEqual([
      null,
      null,
      null,
    ]);
    const epic = recordOf<Epic>(
      await t.get(`/epics/${(await makeEpic(t, fx.featureRelease, { initial_estimate_text: '1d' })).id}`),
      'epic',
    );
    expect(epic).toMatchObject({ epic_only_work_done: null, master_feature_only_work_done: null, epic_only_original_estimate: 8 * 60 });
    // Asked for alone by `fields`, on a list too.
    const items = (await t.get(`/releases/${fx.featureRelease}/features?fields=feature_only_original_estimate&per_page=200`)).body as {
      features: Record<string, unknown>[];
    };
    expect(items.features.find((f) => f.id === feature.id)).toEqual({ id: feature.id, feature_only_original_estimate: 16 * 60 });
  });

  it('the account lists answer created_by_user when fields asks for it (the hosted examples ask so)', async () => {
    const feature = await makeFeature(t, fx.featureRelease);
    const epic = await makeEpic(t, fx.featureRelease);
    for (const [path, key, made] of [
      ['/features', 'features', feature],
      ['/epics', 'epics', epic],
    ] as const) {
      const res = await t.get(`${path}?fields=id,reference_num,created_by_user&per_page=200&q=${encodeURIComponent(made.name)}`);
      expect(res.status, res.text).toBe(200);
      const items = (res.body as Record<string, Record<string, unknown>[]>)[key] ?? [];
      expect(items).toEqual([{ id: made.id, reference_num: made.reference_num, created_by_user: made.created_by_user }]);
      expect(made.created_by_user?.email).toBe('admin@planner.local');
    }
  });

  it('a product answers fields=project_template_id (null: no templates here), and so does its list', async () => {
    const res = await t.get('/products/PLN?fields=project_template_id');
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ product: { id: String(fx.plnId), project_template_id: null } });
    expect((await t.get('/products/PLN')).body).toMatchObject({ product: { project_template_id: null } });
    const listed = await t.get('/products?fields=project_template_id&per_page=200');
    expect(listed.status, listed.text).toBe(200);
    for (const item of (listed.body as { products: Record<string, unknown>[] }).products) expect(item.project_template_id).toBeNull();
    const bad = await t.get('/products/PLN?fields=project_template_id&bogus=1');
    expect(bad.status).toBe(400);
  });
});

describe('the embedded members under fields', () => {
  /** Each member asked alone must be what the whole record answers: the look-ups it needs are made. */
  const FEATURE_MEMBERS = [
    'release',
    'full_tags',
    'initiative',
    'initiative_reference_num',
    'epic',
    'epic_reference_num',
    'master_feature',
    'belongs_to_release_phase',
    'requirements',
    'custom_fields',
  ];
  const EPIC_MEMBERS = [
    'release',
    'full_tags',
    'initiative',
    'initiative_reference_num',
    'features',
    'epic_only_original_estimate',
    'custom_fields',
  ];

  it('a feature list answers each new member alone as the whole record has it', async () => {
    const release = await makeRelease(t, { owner: 'admin@planner.local' });
    const initiative = await makeInitiative(t, { description: '<p>Fields</p>' });
    const epic = await makeEpic(t, release.id, { initiative: initiative.id, tags: 'hm-fields' });
    const phase = recordOf<ReleasePhase>(
      await t.request('POST', '/release_phases', {
        release_phase: { release_id: release.id, name: uniqueName('Phase'), phase_type: 'phase', custom_fields: { [SCORE]: 1 } },
      }),
      'release_phase',
    );
    const feature = await makeFeature(t, release.id, {
      tags: 'hm-fields',
      initiative: initiative.id,
      epic: epic.id,
      release_phase: phase.id,
      custom_fields: { [STAGE]: 'Alpha' },
    });
    await t.request('POST', `/features/${feature.id}/requirements`, {
      requirement: { name: uniqueName('Req'), custom_fields: { [SCORE]: 3 } },
    });
    const whole = recordOf<Feature>(await t.get(`/features/${feature.id}`), 'feature') as unknown as Record<string, unknown>;
    for (const member of FEATURE_MEMBERS) {
      const res = await t.get(`/releases/${release.id}/features?fields=${member}`);
      const items = (res.body as { features?: Record<string, unknown>[] }).features ?? [];
      expect(items, member).toEqual([{ id: feature.id, [member]: whole[member] }]);
    }
    const shown = await t.get(`/features/${feature.id}?fields=${FEATURE_MEMBERS.join(',')}`);
    expect(recordOf(shown, 'feature')).toEqual(Object.fromEntries([['id', feature.id], ...FEATURE_MEMBERS.map((m) => [m, whole[m]])]));
  });

  it('an epic list answers each new member alone as the whole record has it', async () => {
    const release = await makeRelease(t, { owner: 'sam@planner.local' });
    const initiative = await makeInitiative(t, { description: '<p>Epic fields</p>' });
    const epic = await makeEpic(t, release.id, {
      initiative: initiative.id,
      tags: 'hm-epic-fields',
      initial_estimate_text: '2d',
      custom_fields: {},
    });
    await makeFeature(t, release.id, { epic: epic.id });
    const whole = recordOf<Epic>(await t.get(`/epics/${epic.id}`), 'epic') as unknown as Record<string, unknown>;
    for (const member of EPIC_MEMBERS) {
      const res = await t.get(`/releases/${release.id}/epics?fields=${member}`);
      const items = (res.body as { epics?: Record<string, unknown>[] }).epics ?? [];
      expect(items, member).toEqual([{ id: epic.id, [member]: whole[member] }]);
    }
  });

  it('embedded links follow the records they show', async () => {
    const release = await makeRelease(t);
    const initiative = await makeInitiative(t, { description: '<p>Before</p>' });
    const phase = recordOf<ReleasePhase>(
      await t.request('POST', '/release_phases', {
        release_phase: { release_id: release.id, name: uniqueName('Phase'), phase_type: 'phase' },
      }),
      'release_phase',
    );
    const feature = await makeFeature(t, release.id, { initiative: initiative.id, release_phase: phase.id });
    await makeFeature(t, release.id, { initiative: initiative.id });
    // Read once so anything remembered between writes would be the old rows.
    expect((await t.get(`/features/${feature.id}`)).status).toBe(200);
    await t.request('PUT', `/initiatives/${initiative.id}`, { initiative: { description: '<p>After</p>' } });
    await t.request('PUT', `/releases/${release.id}`, { release: { owner: 'morgan@planner.local' } });
    await t.request('PUT', `/release_phases/${phase.id}`, {
      release_phase: { phase_type: 'phase', custom_fields: { [STAGE]: 'Beta' } },
    });
    const shown = recordOf<Feature>(await t.get(`/features/${feature.id}`), 'feature');
    expect(shown.initiative?.description?.body).toBe('<p>After</p>');
    expect(shown.release.owner?.email).toBe('morgan@planner.local');
    expect(shown.belongs_to_release_phase?.custom_fields?.map((f) => [f.key, f.value])).toEqual([[STAGE, 'Beta']]);
  });
});

describe('initiatives', () => {
  it("answer status as the workflow status's name in snake case", async () => {
    const onTrack = await makeInitiative(t);
    expect(onTrack.status).toBe('on_track');
    const atRisk = recordOf<Initiative>(
      await t.request('PUT', `/initiatives/${onTrack.id}`, { initiative: { workflow_status: { name: 'At risk' } } }),
      'initiative',
    );
    expect([atRisk.workflow_status.name, atRisk.status]).toEqual(['At risk', 'at_risk']);
    expect((await makeInitiative(t, { workflow_status: { name: 'Not started' } })).status).toBe('not_started');
  });

  it('list their features, epics (also as master_features), releases and goals', async () => {
    const initiative = await makeInitiative(t);
    const release = await makeRelease(t, { initiatives: [initiative.id], release_date: '2026-07-01' });
    const epic = await makeEpic(t, fx.featureRelease, { initiative: initiative.id });
    const feature = await makeFeature(t, fx.featureRelease, { initiative: initiative.id });
    const goal = await makeGoal(t, { initiatives: [initiative.id], description: '<p>Be loved</p>' });
    const shown = recordOf<Initiative>(await t.get(`/initiatives/${initiative.id}`), 'initiative');

    expect(shown.features).toEqual([
      {
        id: feature.id,
        name: feature.name,
        reference_num: feature.reference_num,
        created_at: feature.created_at,
        product_id: feature.product_id,
        url: feature.url,
        resource: feature.resource,
      },
    ]);
    const epicLink = {
      id: epic.id,
      name: epic.name,
      reference_num: epic.reference_num,
      created_at: epic.created_at,
      url: epic.url,
      resource: epic.resource,
    };
    expect(shown.epic).toEqual([epicLink]);
    expect(shown.master_features).toEqual([epicLink]);
    expect(shown.releases?.map((r) => [r.id, r.reference_num, r.release_date, r.created_at])).toEqual([
      [release.id, release.reference_num, '2026-07-01', release.created_at],
    ]);
    expect(shown.releases?.[0]?.project?.id).toBe(String(fx.plnId));
    expect(shown.goals).toEqual([
      {
        id: goal.id,
        name: goal.name,
        reference_num: goal.reference_num,
        created_at: goal.created_at,
        url: goal.url,
        resource: goal.resource,
        description: goal.description,
        integration_fields: [],
      },
    ]);
    expect(shown.goals[0]?.description?.body).toBe('<p>Be loved</p>');

    const lonely = await makeInitiative(t);
    expect([lonely.features, lonely.epic, lonely.master_features, lonely.releases, lonely.goals]).toEqual([[], [], [], [], []]);
  });
});

describe('list defaults', () => {
  const keysOf = (item: object): string[] => Object.keys(item).sort();
  const itemsOf = (res: TestResponse, key: string): Record<string, unknown>[] => {
    expect(res.status, res.text).toBe(200);
    const items = (res.body as Record<string, Record<string, unknown>[] | undefined>)[key];
    if (!items) throw new Error(`no "${key}" in ${res.text}`);
    return items;
  };

  it("a product's releases: the compact members plus integration_fields, owner and project", async () => {
    await makeRelease(t, { owner: 'sam@planner.local' });
    const items = itemsOf(await api.send('GET /products/{product_id}/releases', { params: { product_id: 'PLN' } }), 'releases');
    expect(items.length).toBeGreaterThan(1);
    for (const item of items) expect(keysOf(item)).toEqual(RELEASE_LIST_MEMBERS);
    expect(items.some((i) => (i.owner as { email?: string } | null)?.email === 'sam@planner.local')).toBe(true);
    expect(items.every((i) => (i.project as { id?: string } | null)?.id === String(fx.plnId))).toBe(true);

    // The other release lists answer the same members by default.
    const initiative = await makeInitiative(t);
    const parent = await makeRelease(t);
    await makeRelease(t, { initiatives: [initiative.id], parent_id: parent.id });
    const goal = await makeGoal(t, { initiatives: [initiative.id] });
    for (const path of [`/releases/${parent.id}/releases`, `/initiatives/${initiative.id}/releases`, `/goals/${goal.id}/releases`]) {
      const listed = itemsOf(await t.get(path), 'releases');
      expect(listed.length, path).toBe(1);
      for (const item of listed) expect(keysOf(item), path).toEqual(RELEASE_LIST_MEMBERS);
    }
  });

  it("a product's goals and an initiative's goals are whole records; fields=name narrows them to {id, name}", async () => {
    const initiative = await makeInitiative(t);
    const goal = await makeGoal(t, {
      initiatives: [initiative.id],
      success_metric: { name: 'Listed metric' },
      custom_fields: { [SCORE]: 11 },
    });
    const whole = recordOf<Goal>(await t.get(`/goals/${goal.id}`), 'goal');
    for (const path of ['/products/PLN/goals?per_page=200', `/initiatives/${initiative.id}/goals`]) {
      const items = itemsOf(await t.get(path), 'goals');
      expect(
        items.find((i) => i.id === goal.id),
        path,
      ).toEqual(whole);
      const narrow = itemsOf(await t.get(`${path}${path.includes('?') ? '&' : '?'}fields=name`), 'goals');
      expect(narrow.length, path).toBe(items.length);
      for (const item of narrow) expect(keysOf(item), path).toEqual(['id', 'name']);
      expect(
        narrow.find((i) => i.id === goal.id),
        path,
      ).toEqual({ id: goal.id, name: goal.name });
    }
  });

  it("a product's initiatives are whole but for what serves them, a goal's whole, fields=name narrows them; the account's stay compact", async () => {
    const initiative = await makeInitiative(t, { description: '<p>Listed</p>' });
    const whole = recordOf<Initiative>(await t.get(`/initiatives/${initiative.id}`), 'initiative');
    const items = itemsOf(await t.get('/products/PLN/initiatives?per_page=200'), 'initiatives');
    const item = items.find((i) => i.id === initiative.id) ?? {};
    // Every member of the whole record, with its value, but the lists of what serves the initiative
    // (which can run to thousands): those are for `fields` to ask for.
    const servedBy = ['features', 'epic', 'master_features', 'releases'];
    const wholeMembers = Object.entries(whole as Record<string, unknown>);
    expect(item).toEqual(Object.fromEntries(wholeMembers.filter(([k]) => !servedBy.includes(k))));
    expect(
      itemsOf(await t.get('/products/PLN/initiatives?per_page=200&fields=*'), 'initiatives').find((i) => i.id === initiative.id),
    ).toEqual(whole);
    const narrow = itemsOf(await t.get('/products/PLN/initiatives?per_page=200&fields=name'), 'initiatives');
    for (const item of narrow) expect(keysOf(item)).toEqual(['id', 'name']);
    expect(narrow.find((i) => i.id === initiative.id)).toEqual({ id: initiative.id, name: initiative.name });
    // A goal's initiatives list as the product's does.
    const goal = await makeGoal(t, { initiatives: [initiative.id] });
    // (Linking the goal changed the initiative: its goals and updated_at.)
    const linked = recordOf<Initiative>(await t.get(`/initiatives/${initiative.id}`), 'initiative');
    expect(linked.goals.map((g) => g.id)).toEqual([goal.id]);
    expect(itemsOf(await t.get(`/goals/${goal.id}/initiatives`), 'initiatives')).toEqual([linked]);

    // The account's items are compact with the hosted list's status word, effort, value and `presented`.
    const account = itemsOf(await t.get('/initiatives?per_page=200'), 'initiatives');
    for (const item of account) expect(keysOf(item)).toEqual([...INITIATIVE_ACCOUNT_LIST_FIELDS].sort());
    expect(account.find((i) => i.id === initiative.id)).toEqual({
      id: initiative.id,
      name: initiative.name,
      reference_num: initiative.reference_num,
      status: linked.status,
      effort: linked.effort,
      value: linked.value,
      presented: linked.presented,
      created_at: initiative.created_at,
      product_id: initiative.product_id,
      url: initiative.url,
      resource: initiative.resource,
    });
  });

  it.each(['/products/PLN/releases', '/products/PLN/goals', '/products/PLN/initiatives', '/initiatives', '/goals'])(
    '%s still answers an unknown query parameter with 400',
    async (path) => {
      const res = await t.get(`${path}?hm_bogus=1`);
      expect(res.status, res.text).toBe(400);
      expect(res.text).toContain('hm_bogus');
    },
  );

  it('/initiatives/{id}/goals still answers an unknown query parameter with 400', async () => {
    const initiative = await makeInitiative(t);
    const res = await t.get(`/initiatives/${initiative.id}/goals?hm_bogus=1`);
    expect(res.status, res.text).toBe(400);
    expect(res.text).toContain('hm_bogus');
  });
});

// API tests of the hosted paths of our record kinds added for issue 10 (item 3): update and delete
// of releases, initiatives and goals under their product (a record of another product is a 404),
// `DELETE /releases/{id}`, an epic created in a product's default release, the account's goals and
// release phases, a goal's initiatives, epics, features and releases, an initiative's releases and
// the releases that roll up into a release. Deletes are checked for what hangs from the record, the
// recycle bin, audit rows and the parents' roll-ups; refusals for leaving everything as it was.
import { describe, expect, it } from 'vitest';
import { epicEnvelope, epicPage } from '../src/contract/epics';
import { featurePage } from '../src/contract/features';
import { goalEnvelope, goalPage, initiativeEnvelope, initiativePage } from '../src/contract/initiatives';
import { releasePage, releasePhasePage } from '../src/contract/releases';
import type { Release } from '../src/contract/releases';
import { apiClient, fileService } from './test/client';
import { startTestService } from './test/harness';
import {
  auditRows,
  deletionOf,
  expect422,
  expectFields,
  makeEpic,
  makeFeature,
  makeGoal,
  makeInitiative,
  makeRelease,
  rowCount,
  rowCounts,
  uniqueName,
} from './test/records';

const { t, api } = await fileService();

const db = () => t.service.store.db;

type Counted =
  | 'releases'
  | 'release_phases'
  | 'goals'
  | 'initiatives'
  | 'epics'
  | 'features'
  | 'audits'
  | 'deletions'
  | 'initiative_goals'
  | 'release_initiatives';
const count = (table: Counted): Promise<number> => rowCount(t, table);

/** What a refused write must leave as it was. */
async function snapshot() {
  const tables: Counted[] = [
    'releases',
    'release_phases',
    'goals',
    'initiatives',
    'epics',
    'features',
    'audits',
    'deletions',
    'initiative_goals',
    'release_initiatives',
  ];
  return rowCounts(t, tables);
}

/** The first 200 items of a list, parsed with its page schema. */
async function firstPage<P>(path: string, page: { parse: (body: unknown) => P }): Promise<P> {
  const res = await t.get(`${path}?per_page=200`);
  expect(res.status, res.text).toBe(200);
  return page.parse(res.body);
}

/** Update and delete under a product answer 404 for a record of another product and for an unknown one. */
async function expectOnlyUnderItsProduct(kinds: 'initiatives' | 'goals', body: Record<string, unknown>, cases: [string, string][]) {
  for (const [product, id] of cases) {
    expect((await t.request('PUT', `/products/${product}/${kinds}/${id}`, body)).status, `${product} ${id}`).toBe(404);
    expect((await t.request('DELETE', `/products/${product}/${kinds}/${id}`)).status, `${product} ${id}`).toBe(404);
  }
}

/** The lists of what serves a goal. */
const GOAL_LISTS = [
  'GET /goals/{goal_id}/initiatives',
  'GET /goals/{goal_id}/epics',
  'GET /goals/{goal_id}/features',
  'GET /goals/{goal_id}/releases',
] as const;

async function showRelease(id: string): Promise<Release> {
  return (await api.call('GET /releases/{id}', { params: { id } })).data().release;
}

describe('PUT and DELETE /products/{product_id}/releases/{id}', () => {
  it('updates a release of the product, by id or key, and answers it whole', async () => {
    const release = await makeRelease(t);
    const name = uniqueName('Renamed release');
    const res = await api.call('PUT /products/{product_id}/releases/{id}', {
      params: { product_id: 'PLN', id: release.reference_num.toLowerCase() },
      body: { release: { name, theme: 'Faster' } },
    });
    const updated = res.data().release;
    expect(updated).toMatchObject({ id: release.id, name });
    expect((await showRelease(release.id)).name).toBe(name);
    // `fields` narrows the answer, as on every other write (so the whole-record schema does not read it).
    const narrowed = await api.send('PUT /products/{product_id}/releases/{id}', {
      params: { product_id: 'PLN', id: release.id },
      body: { release: { name }, fields: 'name' },
    });
    expect(narrowed.body).toEqual({ release: { id: release.id, name } });
  });

  it('answers 404 for a release of another product, an unknown release or product, and changes nothing', async () => {
    const release = await makeRelease(t);
    const before = await snapshot();
    for (const [product_id, id] of [
      ['MOB', release.id],
      ['PLN', '999999999'],
      ['PLN', 'PLN-R-999999'],
      ['NOPE', release.id],
    ] as const) {
      const res = await api.send('PUT /products/{product_id}/releases/{id}', {
        params: { product_id, id },
        body: { release: { name: 'Moved' } },
      });
      expect(res.status, `${product_id} ${id}: ${res.text}`).toBe(404);
      const del = await api.send('DELETE /products/{product_id}/releases/{id}', {
        params: { product_id, id },
      });
      expect(del.status, `${product_id} ${id}: ${del.text}`).toBe(404);
    }
    expect((await showRelease(release.id)).name).toBe(release.name);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a bad body with a 422 naming every field, writing nothing', async () => {
    const release = await makeRelease(t);
    const before = await snapshot();
    const res = await api.send('PUT /products/{product_id}/releases/{id}', {
      params: { product_id: 'PLN', id: release.id },
      body: { release: { name: 5, parking_lot: 'yes', parent_id: release.id } },
    });
    expectFields(res, 'name', 'parking_lot', 'parent_id');
    const missing = await api.send('PUT /products/{product_id}/releases/{id}', {
      params: { product_id: 'PLN', id: release.id },
      body: { name: 'x' },
    });
    expect422(missing, 'release');
    expect(await snapshot()).toEqual(before);
    expect((await showRelease(release.id)).name).toBe(release.name);
  });

  it('deletes a release with its phases: recycle bin, destroy audits, and nothing left behind', async () => {
    const release = await makeRelease(t, { initiatives: [] });
    const phaseIds: string[] = [];
    for (const [name, phase_type] of [
      ['Build', 'phase'],
      ['Launch', 'milestone'],
    ] as const) {
      const res = await api.call('POST /release_phases', {
        body: {
          release_phase: {
            name,
            phase_type,
            release_id: release.id,
            start_on: '2031-01-01',
            end_on: phase_type === 'phase' ? '2031-01-31' : '2031-01-01',
          },
        },
      });
      phaseIds.push(res.data().release_phase.id);
    }
    const res = await api.call('DELETE /products/{product_id}/releases/{id}', {
      params: { product_id: 'PLN', id: release.reference_num },
    });
    expect(res.status, res.text).toBe(204);
    expect(res.text).toBe('');
    expect((await api.send('GET /releases/{id}', { params: { id: release.id } })).status).toBe(404);
    for (const id of phaseIds) expect((await api.send('GET /release_phases/{id}', { params: { id } })).status).toBe(404);
    expect(await db().selectFrom('release_phases').select('id').where('release_id', '=', Number(release.id)).execute()).toEqual([]);

    const kept = JSON.parse((await deletionOf(t, 'Release', release.id)).payload) as Record<string, { id?: number }[]>;
    expect(kept.releases?.map((r) => String(r.id))).toEqual([release.id]);
    expect(kept.release_phases?.map((p) => String(p.id)).sort()).toEqual([...phaseIds].sort());
    expect((await auditRows(t, 'Release', release.id)).at(-1)?.audit_action).toBe('destroy');
    for (const id of phaseIds) expect((await auditRows(t, 'ReleasePhase', id)).at(-1)?.audit_action).toBe('destroy');
    // The list's counter moved with it.
    const list = await firstPage('/products/PLN/releases', releasePage);
    expect(list.releases.map((r) => r.id)).not.toContain(release.id);
    expect(list.pagination.total_records).toBe(
      Number(
        (
          await db()
            .selectFrom('releases')
            .innerJoin('products', 'products.id', 'releases.product_id')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('products.reference_prefix', '=', 'PLN')
            .executeTakeFirstOrThrow()
        ).n,
      ),
    );
  });

  it('refuses to delete a release that still holds features or epics, naming them, and deletes nothing', async () => {
    const release = await makeRelease(t);
    const feature = await makeFeature(t, release.id);
    const epic = await makeEpic(t, release.id);
    await api.call('POST /release_phases', {
      body: {
        release_phase: {
          name: 'Kept',
          phase_type: 'milestone',
          release_id: release.id,
          start_on: '2031-02-01',
        },
      },
    });
    const before = await snapshot();
    const res = await api.send('DELETE /products/{product_id}/releases/{id}', {
      params: { product_id: 'PLN', id: release.id },
    });
    const errors = expect422(res, 'features', 'epics');
    expect(errors.features?.[0]).toContain(feature.reference_num);
    expect(errors.epics?.[0]).toContain(epic.reference_num);
    expect(await snapshot()).toEqual(before);
    expect((await showRelease(release.id)).id).toBe(release.id);

    // Once they are gone the release can go.
    expect((await api.call('DELETE /features/{id}', { params: { id: feature.id } })).status).toBe(204);
    expect422(await api.send('DELETE /releases/{id}', { params: { id: release.id } }), 'epics');
    expect((await api.call('DELETE /epics/{id}', { params: { id: epic.id } })).status).toBe(204);
    expect((await api.call('DELETE /releases/{id}', { params: { id: release.id } })).status).toBe(204);
    expect((await api.send('GET /releases/{id}', { params: { id: release.id } })).status).toBe(404);
  });

  it('DELETE /releases/{id}: 404 for an unknown release; children move up to its parent', async () => {
    expect((await api.send('DELETE /releases/{id}', { params: { id: '999999999' } })).status).toBe(404);
    expect((await api.send('DELETE /releases/{id}', { params: { id: 'not a key' } })).status).toBe(404);
    const top = await makeRelease(t);
    const middle = await makeRelease(t, { parent_id: top.id });
    const child = await makeRelease(t, { parent_id: middle.id });
    expect((await api.call('DELETE /releases/{id}', { params: { id: middle.id } })).status).toBe(204);
    expect((await showRelease(child.id)).parent_id).toBe(top.id);
    const moved = (await auditRows(t, 'Release', child.id)).at(-1);
    expect(JSON.parse(moved?.changes ?? '{}')).toEqual({ parent_id: [Number(middle.id), Number(top.id)] });
    const kept = JSON.parse((await deletionOf(t, 'Release', middle.id)).links) as Record<string, { id: number }[]>;
    expect(kept.release_children?.map((r) => String(r.id))).toEqual([child.id]);
  });

  it("recomputes the parent release's and the initiatives' roll-ups (and their goals') after a delete", async () => {
    const manual = { progress_source: 'progress_manual' };
    const parent = await makeRelease(t, { progress_source: 'progress_from_sub_releases' });
    const initiative = await makeInitiative(t, { progress_source: 'progress_from_releases' });
    const goal = await makeGoal(t, {
      progress_source: 'progress_from_initiatives',
      initiatives: [initiative.id],
    });
    const gone = await makeRelease(t, {
      ...manual,
      progress: 80,
      parent_id: parent.id,
      initiatives: [initiative.id],
    });
    const stays = await makeRelease(t, {
      ...manual,
      progress: 20,
      parent_id: parent.id,
      initiatives: [initiative.id],
    });
    expect((await showRelease(parent.id)).progress).toBe(50);
    const showInitiative = async () => (await api.call('GET /initiatives/{id}', { params: { id: initiative.id } })).data().initiative;
    const showGoal = async () => (await api.call('GET /goals/{id}', { params: { id: goal.id } })).data().goal;
    expect((await showInitiative()).progress).toBe(50);
    expect((await showGoal()).progress).toBe(50);

    expect(
      (
        await api.call('DELETE /products/{product_id}/releases/{id}', {
          params: { product_id: 'PLN', id: gone.id },
        })
      ).status,
    ).toBe(204);
    expect((await showRelease(parent.id)).progress).toBe(20);
    expect((await showInitiative()).progress).toBe(20);
    expect((await showGoal()).progress).toBe(20);
    expect(await db().selectFrom('release_initiatives').selectAll().where('release_id', '=', Number(gone.id)).execute()).toEqual([]);
    expect((await firstPage(`/initiatives/${initiative.id}/releases`, releasePage)).releases.map((r) => r.id)).toEqual([stays.id]);
  });
});

describe('PUT and DELETE /products/{product_id}/initiatives/{id}', () => {
  it('updates an initiative of the product; another product, unknown ids and bad bodies are refused', async () => {
    const initiative = await makeInitiative(t);
    const name = uniqueName('Renamed initiative');
    const res = await api.call('PUT /products/{product_id}/initiatives/{id}', {
      params: { product_id: 'PLN', id: initiative.reference_num },
      body: { initiative: { name } },
    });
    expect(initiativeEnvelope.parse(res.body).initiative).toMatchObject({ id: initiative.id, name });

    const before = await snapshot();
    await expectOnlyUnderItsProduct('initiatives', { initiative: { name: 'x' } }, [
      ['MOB', initiative.id],
      ['PLN', '999999999'],
    ]);
    const bad = await api.send('PUT /products/{product_id}/initiatives/{id}', {
      params: { product_id: 'PLN', id: initiative.id },
      body: { initiative: { name: '', workflow_status: { name: 'No such status' }, progress: 500 } },
    });
    expect422(bad, 'name', 'workflow_status', 'progress');
    expect(await snapshot()).toEqual(before);
    expect((await api.call('GET /initiatives/{id}', { params: { id: initiative.id } })).data().initiative.name).toBe(name);
  });

  it('deletes an initiative of the product: its epics, features and goals stay, unlinked', async () => {
    const release = await makeRelease(t);
    const initiative = await makeInitiative(t);
    const goal = await makeGoal(t, { initiatives: [initiative.id] });
    const epic = await makeEpic(t, release.id, { initiative: initiative.id });
    const feature = await makeFeature(t, release.id, { initiative: initiative.id });
    const res = await api.call('DELETE /products/{product_id}/initiatives/{id}', {
      params: { product_id: 'PLN', id: initiative.id },
    });
    expect(res.status, res.text).toBe(204);
    expect((await api.send('GET /initiatives/{id}', { params: { id: initiative.id } })).status).toBe(404);
    expect((await api.call('GET /epics/{id}', { params: { id: epic.id } })).data().epic.initiative).toBeNull();
    expect((await api.call('GET /features/{id}', { params: { id: feature.id } })).data().feature.initiative).toBeNull();
    expect((await api.call('GET /goals/{id}', { params: { id: goal.id } })).data().goal.initiatives).toEqual([]);
    expect((await deletionOf(t, 'Initiative', initiative.id)).record_id).toBe(Number(initiative.id));
  });
});

describe('PUT and DELETE /products/{product_id}/goals/{id}', () => {
  it('updates a goal of the product; another product, unknown ids and bad bodies are refused', async () => {
    const goal = await makeGoal(t);
    const res = await api.call('PUT /products/{product_id}/goals/{id}', {
      params: { product_id: 'PLN', id: goal.reference_num },
      body: { goal: { description: 'An even smarter goal.', effort: 3 } },
    });
    expect(goalEnvelope.parse(res.body).goal).toMatchObject({ id: goal.id, effort: 3 });

    const before = await snapshot();
    await expectOnlyUnderItsProduct('goals', { goal: { name: 'x' } }, [
      ['MOB', goal.id],
      ['PLN', 'PLN-G-999999'],
    ]);
    const bad = await api.send('PUT /products/{product_id}/goals/{id}', {
      params: { product_id: 'PLN', id: goal.id },
      body: { goal: { effort: 'lots', initiatives: ['No such initiative'] } },
    });
    expect422(bad, 'effort', 'initiatives');
    expect(await snapshot()).toEqual(before);
  });

  it('deletes a goal: its initiative links go, the initiatives stay (and lose it), the bin keeps the rows', async () => {
    const initiative = await makeInitiative(t);
    const goal = await makeGoal(t, { initiatives: [initiative.id] });
    const links = await count('initiative_goals');
    const res = await api.call('DELETE /products/{product_id}/goals/{id}', {
      params: { product_id: 'PLN', id: goal.reference_num },
    });
    expect(res.status, res.text).toBe(204);
    expect((await api.send('GET /goals/{id}', { params: { id: goal.id } })).status).toBe(404);
    expect(await count('initiative_goals')).toBe(links - 1);
    expect((await api.call('GET /initiatives/{id}', { params: { id: initiative.id } })).data().initiative.goals).toEqual([]);
    const kept = JSON.parse((await deletionOf(t, 'Goal', goal.id)).payload) as Record<string, Record<string, number>[]>;
    expect(kept.initiative_goals).toEqual([{ initiative_id: Number(initiative.id), goal_id: Number(goal.id) }]);
    expect((await auditRows(t, 'Goal', goal.id)).at(-1)?.audit_action).toBe('destroy');
    expect((await firstPage('/products/PLN/goals', goalPage)).goals.map((g) => g.id)).not.toContain(goal.id);
  });
});

describe('POST /products/{product_id}/epics', () => {
  it("creates the epic in the product's first release still to ship when the body names none", async () => {
    const releases = (
      await api.call('GET /products/{product_id}/releases', {
        params: { product_id: 'PLN' },
        query: { per_page: 200, fields: '*' },
      })
    ).data().releases;
    const expected = releases.find((r) => r.parking_lot === false && r.released === false);
    expect(expected).toBeDefined();
    const res = await api.call('POST /products/{product_id}/epics', {
      params: { product_id: 'PLN' },
      body: { epic: { name: uniqueName('Product epic') } },
    });
    const epic = epicEnvelope.parse(res.body).epic;
    expect(epic.release?.id).toBe(expected?.id);
    expect(epic.reference_num).toMatch(/^PLN-E-\d+$/);
    expect((await auditRows(t, 'Epic', epic.id)).at(-1)?.audit_action).toBe('create');
  });

  it("takes the body's release (id or key) when it is one of the product's", async () => {
    const release = await makeRelease(t);
    const byKey = await api.call('POST /products/{product_id}/epics', {
      params: { product_id: 'PLN' },
      body: { epic: { name: uniqueName('Keyed epic'), release: release.reference_num } },
    });
    expect(byKey.data().epic.release?.id).toBe(release.id);
    const byId = await api.send('POST /products/{product_id}/epics', {
      params: { product_id: 'PLN' },
      body: { epic: { name: uniqueName('Numbered epic'), release: Number(release.id) }, fields: 'release' },
    });
    expect(byId.status, byId.text).toBe(200);
    expect((byId.body as { epic: { release: { id: string } } }).epic.release.id).toBe(release.id);
  });

  it('refuses a release of another product, a blank name and wrong types in one 422, writing nothing', async () => {
    const mob = await makeRelease(t, {}, 'MOB');
    const before = await snapshot();
    const res = await api.send('POST /products/{product_id}/epics', {
      params: { product_id: 'PLN' },
      body: { epic: { release: mob.id, start_date: 'soon', tags: 5 } },
    });
    expect422(res, 'name', 'release', 'start_date', 'tags');
    expect(await snapshot()).toEqual(before);
    expect(
      (
        await api.send('POST /products/{product_id}/epics', {
          params: { product_id: 'NOPE' },
          body: { epic: { name: 'x' } },
        })
      ).status,
    ).toBe(404);
  });

  it('answers 422 on `release` in a product that has no release at all', async () => {
    const empty = await startTestService({ seed: 'empty' });
    try {
      const client = apiClient(empty);
      const res = await client.send('POST /products/{product_id}/epics', {
        params: { product_id: 'PLN' },
        body: { epic: { name: 'Nowhere' } },
      });
      const errors = expectFields(res, 'release');
      expect(errors.release?.[0]).toContain('no release');
      const epics = await empty.service.store.db.selectFrom('epics').select('id').execute();
      expect(epics).toEqual([]);
    } finally {
      await empty.close();
    }
  });
});

describe('account-wide lists', () => {
  it('GET /goals pages every goal of every product, with `fields`, `q` and the paging envelope', async () => {
    const mobGoal = await makeGoal(t, {}, 'MOB');
    const total = await count('goals');
    const first = (await api.call('GET /goals', { query: { per_page: 200 } })).data();
    expect(first.pagination).toEqual({
      total_records: total,
      total_pages: Math.ceil(total / 200),
      current_page: 1,
    });
    expect(first.goals.map((g) => g.id)).toContain(mobGoal.id);
    // The items are the product list's items (one list answer serves both paths).
    const ofProduct = (await api.call('GET /products/{product_id}/goals', { params: { product_id: 'MOB' } })).data().goals;
    expect(first.goals.find((g) => g.id === mobGoal.id)).toEqual(ofProduct.find((g) => g.id === mobGoal.id));
    const paged = (await api.call('GET /goals', { query: { per_page: 1, page: 2, fields: 'name' } })).data();
    expect(paged.goals).toEqual([{ id: first.goals[1]?.id, name: first.goals[1]?.name }]);
    expect(paged.pagination).toEqual({ total_records: total, total_pages: total, current_page: 2 });
    const found = (await api.call('GET /goals', { query: { q: mobGoal.name } })).data();
    expect(found.goals.map((g) => g.id)).toEqual([mobGoal.id]);
    expect((await api.send('GET /goals', { query: { per_page: 0 } })).status).toBe(400);
    expect((await api.send('GET /goals', { query: { sort: 'name' } })).status).toBe(400);
  });

  it('GET /release_phases pages every phase of the account, grouped by release', async () => {
    const total = await count('release_phases');
    expect(total).toBeGreaterThan(2);
    const all = (await api.call('GET /release_phases', { query: { per_page: 200 } })).data();
    expect(all.pagination.total_records).toBe(total);
    expect(all.release_phases).toHaveLength(Math.min(total, 200));
    const releaseIds = all.release_phases.map((p) => Number(p.release_id));
    expect(releaseIds).toEqual([...releaseIds].sort((a, b) => a - b));
    // Phases are whole by default; `fields` narrows them (so the whole-record schema does not read it).
    const second = await api.send('GET /release_phases', { query: { per_page: 2, page: 2, fields: 'name' } });
    expect(second.body).toEqual({
      release_phases: all.release_phases.slice(2, 4).map((p) => ({ id: p.id, name: p.name })),
      pagination: { total_records: total, total_pages: Math.ceil(total / 2), current_page: 2 },
    });
    expect(releasePhasePage.parse((await api.send('GET /release_phases', { query: { page: 99 } })).body).release_phases).toEqual([]);
  });
});

describe("a goal's and an initiative's related lists, and a release's releases", () => {
  it("answers a goal's initiatives, epics, features and releases through its initiatives", async () => {
    const release = await makeRelease(t);
    const other = await makeRelease(t);
    const linked = await makeInitiative(t);
    const unlinked = await makeInitiative(t);
    await api.call('PUT /releases/{id}', {
      params: { id: release.id },
      body: { release: { initiatives: [linked.id] } },
    });
    await api.call('PUT /releases/{id}', {
      params: { id: other.id },
      body: { release: { initiatives: [unlinked.id] } },
    });
    const goal = await makeGoal(t, { initiatives: [linked.id] });
    const epic = await makeEpic(t, release.id, { initiative: linked.id });
    await makeEpic(t, release.id, { initiative: unlinked.id });
    const feature = await makeFeature(t, release.id, { initiative: linked.id });
    await makeFeature(t, release.id, { initiative: unlinked.id });
    await makeFeature(t, release.id);

    const initiatives = (await api.call('GET /goals/{goal_id}/initiatives', { params: { goal_id: goal.reference_num } })).data();
    expect(initiatives.initiatives.map((i) => i.id)).toEqual([linked.id]);
    expect(initiatives.pagination).toEqual({ total_records: 1, total_pages: 1, current_page: 1 });
    expect(initiativePage.parse(initiatives).initiatives[0]?.name).toBe(linked.name);

    const epics = (await api.call('GET /goals/{goal_id}/epics', { params: { goal_id: goal.id } })).data();
    expect(epicPage.parse(epics).epics.map((e) => e.id)).toEqual([epic.id]);
    expect(epics.pagination.total_records).toBe(1);

    const features = (
      await api.call('GET /goals/{goal_id}/features', {
        params: { goal_id: goal.id },
        query: { fields: 'name,initiative' },
      })
    ).data();
    expect(featurePage.parse(features).features.map((f) => f.id)).toEqual([feature.id]);
    expect(features.features[0]).toMatchObject({ name: feature.name, initiative: { id: linked.id } });

    const releases = (await api.call('GET /goals/{goal_id}/releases', { params: { goal_id: goal.id } })).data();
    expect(releasePage.parse(releases).releases.map((r) => r.id)).toEqual([release.id]);
    expect((await firstPage(`/initiatives/${unlinked.id}/releases`, releasePage)).releases.map((r) => r.id)).toEqual([other.id]);

    // A goal with no initiative has empty pages, not errors.
    const lonely = await makeGoal(t);
    for (const key of GOAL_LISTS) {
      const res = await api.send(key, { params: { goal_id: lonely.id } });
      expect(res.status, key).toBe(200);
      expect((res.body as { pagination: unknown }).pagination, key).toEqual({
        total_records: 0,
        total_pages: 0,
        current_page: 1,
      });
    }
  });

  it('answers 404 for an unknown goal, initiative or release', async () => {
    for (const key of GOAL_LISTS) {
      expect((await api.send(key, { params: { goal_id: '999999999' } })).status, key).toBe(404);
      expect((await api.send(key, { params: { goal_id: 'PLN-G-999999' } })).status, key).toBe(404);
    }
    expect(
      (
        await api.send('GET /initiatives/{initiative_id}/releases', {
          params: { initiative_id: '999999999' },
        })
      ).status,
    ).toBe(404);
    expect((await api.send('GET /releases/{release_id}/releases', { params: { release_id: 'PLN-R-999999' } })).status).toBe(404);
  });

  it('GET /releases/{release_id}/releases answers the releases that roll up into it', async () => {
    const parent = await makeRelease(t);
    const a = await makeRelease(t, { parent_id: parent.id, release_date: '2031-03-01' });
    const b = await makeRelease(t, { parent_id: parent.id, release_date: '2031-02-01' });
    await makeRelease(t, { parent_id: a.id });
    const page = (await api.call('GET /releases/{release_id}/releases', { params: { release_id: parent.reference_num } })).data();
    expect(page.releases.map((r) => r.id)).toEqual([b.id, a.id]);
    expect(page.pagination).toEqual({ total_records: 2, total_pages: 1, current_page: 1 });
    const none = (await api.call('GET /releases/{release_id}/releases', { params: { release_id: b.id } })).data();
    expect(none).toEqual({ releases: [], pagination: { total_records: 0, total_pages: 0, current_page: 1 } });
  });
});

it('every new row is in the API document', async () => {
  const doc = (await api.call('GET /openapi.json')).data();
  for (const [path, method] of [
    ['/products/{product_id}/releases/{id}', 'put'],
    ['/products/{product_id}/releases/{id}', 'delete'],
    ['/releases/{id}', 'delete'],
    ['/products/{product_id}/initiatives/{id}', 'put'],
    ['/products/{product_id}/initiatives/{id}', 'delete'],
    ['/products/{product_id}/goals/{id}', 'put'],
    ['/products/{product_id}/goals/{id}', 'delete'],
    ['/products/{product_id}/epics', 'post'],
    ['/goals', 'get'],
    ['/release_phases', 'get'],
    ['/goals/{goal_id}/epics', 'get'],
    ['/goals/{goal_id}/features', 'get'],
    ['/goals/{goal_id}/initiatives', 'get'],
    ['/goals/{goal_id}/releases', 'get'],
    ['/initiatives/{initiative_id}/releases', 'get'],
    ['/releases/{release_id}/releases', 'get'],
  ] as const) {
    expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
  }
});

// The recycle bin over HTTP (issue 13): what a delete puts in it (`X-Deletion-Id`, the list and its
// filters), the dry run that changes nothing, restores that bring everything back as it was (ids,
// keys, tags, watchers, custom fields, comments, links both ways, roll-ups), links whose other end
// is gone reported instead of failing, restores that cannot complete changing nothing, the 30-day
// window on an injected clock and the sweep, one winner among concurrent restores, and the
// administrators' purge.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deletionEnvelope, deletionPage, restoreAnswerSchema } from '../src/contract/deletions';
import type { RestoreAnswer } from '../src/contract/deletions';
import { epicEnvelope } from '../src/contract/epics';
import { featureEnvelope, requirementEnvelope } from '../src/contract/features';
import { releaseEnvelope, releasePhaseEnvelope } from '../src/contract/releases';
import { ideaEnvelope } from '../src/contract/ideas';
import { initiativeEnvelope } from '../src/contract/initiatives';

import { mintToken } from './auth';
import { apiClient } from './test/client';
import type { ApiClient } from './test/client';
import { dialectOf } from './store/dialect';
import { TEST_TOKEN, startTestService } from './test/harness';
import { sqlRows } from './test/sql';
import type { TestService, TestResponse } from './test/harness';
import { expect400, expect422, expectOk, makeEpic, makeFeature, makeInitiative, makeRelease, rowCounts } from './test/records';
import { checkedFetch } from './test/openapi-check';

const DAY = 24 * 60 * 60 * 1000;
/** The service's clock, moved by hand: the restore window and the sweep read it. */
const clock = {
  at: Date.now(),
  now() {
    return this.at;
  },
  advance(ms: number) {
    this.at += ms;
  },
  set(ms: number) {
    this.at = ms;
  },
};
let t: TestService;
let api: ApiClient;
let member: string;
let release: string;

beforeAll(async () => {
  t = await startTestService({ service: { clock } });
  api = apiClient(t);
  const db = t.service.store.db;
  const morgan = await db.selectFrom('users').select('id').where('email', '=', 'morgan@planner.local').executeTakeFirstOrThrow();
  member = await mintToken(db, morgan.id, 'deletions.test');
  release = (await makeRelease(t)).id;
});
afterAll(() => t.close());

/** Deletes at `path` and answers the deletion id its `X-Deletion-Id` names. */
async function remove(path: string, token?: string): Promise<string> {
  const res = await t.request('DELETE', path, undefined, token === undefined ? {} : { token });
  expect(res.status, res.text).toBe(204);
  const id = res.headers.get('x-deletion-id');
  expect(id).toMatch(/^\d+$/);
  return id ?? '';
}

const restore = (id: string, dryRun = false): Promise<TestResponse> =>
  t.request('POST', `/deletions/${id}/restore${dryRun ? '?dry_run=true' : ''}`);
const restored = async (id: string, dryRun = false): Promise<RestoreAnswer> => expectOk(await restore(id, dryRun), restoreAnswerSchema);
const epic = async (id: string) => expectOk(await t.get(`/epics/${id}`), epicEnvelope).epic;
const feature = async (id: string) => expectOk(await t.get(`/features/${id}`), featureEnvelope).feature;

describe('deleting into the bin', () => {
  it('answers the deletion id, lists it newest first with what came with it, and shows it', async () => {
    const f = await makeFeature(t, release, { name: 'Bin listing feature', tags: 'a,b' });
    await t.request('POST', `/features/${f.id}/requirements`, { requirement: { name: 'Req one' } });
    await t.request('POST', `/features/${f.id}/requirements`, { requirement: { name: 'Req two' } });
    await t.request('POST', `/features/${f.id}/comments`, { comment: { body: '<p>Hello</p>' } });
    const id = await remove(`/features/${f.id}`);
    const page = (await api.call('GET /deletions')).data();
    expect(page.deletions[0]?.id).toBe(id);
    const entry = page.deletions[0];
    expect(entry).toMatchObject({
      status: 'deleted',
      record: { name: 'Bin listing feature', type: 'Feature', reference_num: f.reference_num, id: f.id },
      deleted_by: { email: 'admin@planner.local' },
    });
    expect(entry?.contents).toEqual([
      { type: 'Requirement', count: 2 },
      { type: 'Comment', count: 1 },
    ]);
    expect(Date.parse(entry?.restorable_until ?? '') - Date.parse(entry?.deleted_at ?? '')).toBe(30 * DAY);
    expect(expectOk(await t.get(`/deletions/${id}`), deletionEnvelope).deletion.id).toBe(id);
  });

  it('filters by kind, by who deleted, by workspace and by name or key; refuses unknown ones naming the parameter', async () => {
    const e = await makeEpic(t, release, { name: 'Filterable epic zq' });
    const byMember = await makeFeature(t, release, { name: 'Member deleted zq' });
    await remove(`/epics/${e.id}`);
    await remove(`/features/${byMember.id}`, member);
    const list = async (query: string) => expectOk(await t.get(`/deletions?${query}`), deletionPage).deletions.map((d) => d.record.name);
    expect(await list('q=zq&record_type=Epic')).toEqual(['Filterable epic zq']);
    expect(await list('q=zq&record_type=Epic,Feature')).toEqual(['Member deleted zq', 'Filterable epic zq']);
    expect(await list('q=zq&deleted_by=morgan@planner.local')).toEqual(['Member deleted zq']);
    expect(await list(`q=${e.reference_num}`)).toEqual(['Filterable epic zq']);
    expect(await list('q=zq&product_id=MOB')).toEqual([]);
    expect(await list('q=zq&product_id=PLN')).toHaveLength(2);
    // Bad query values are 400s naming the parameter, as every query's are.
    expect400(await t.get('/deletions?record_type=Widget'), 'record_type');
    expect400(await t.get('/deletions?deleted_by=nobody@nowhere.test'), 'deleted_by');
    expect400(await t.get('/deletions?product_id=NOPE'), 'product_id');
    expect((await t.get('/deletions?colour=red')).status).toBe(400);
    expect((await t.request('GET', '/deletions', undefined, { token: null })).status).toBe(401);
  });
});

describe('restoring', () => {
  it('brings an epic back with its id, key, tags, watchers, custom fields, comments and features, and its progress', async () => {
    const sam = await t.service.store.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'sam@planner.local')
      .executeTakeFirstOrThrow();
    const e = await makeEpic(t, release, {
      name: 'Restorable epic',
      tags: 'x,y',
      watchers: String(sam.id),
      progress_source: 'progress_from_features',
    });
    const done = await makeFeature(t, release, { epic: e.id, workflow_status: { name: 'Shipped' } });
    const open = await makeFeature(t, release, { epic: e.id });
    await t.request('POST', `/epics/${e.id}/comments`, { comment: { body: '<p>Keep me</p>' } });
    const before = await epic(e.id);
    expect(before.progress).toBe(50);
    const id = await remove(`/epics/${e.id}`);
    expect((await t.get(`/epics/${e.id}`)).status).toBe(404);
    expect((await feature(done.id)).epic).toBeNull();

    // The dry run answers what would come back and changes nothing.
    const counts = await rowCounts(t, ['epics', 'audits', 'comments', 'epic_tags']);
    const preview = await restored(id, true);
    expect(preview.deletion.status).toBe('dry_run');
    expect(preview.restored[0]).toMatchObject({ type: 'Epic', id: e.id, reference_num: e.reference_num });
    expect(preview.contents).toEqual([{ type: 'Comment', count: 1 }]);
    expect(preview.unrestored_links).toEqual([]);
    expect(await rowCounts(t, ['epics', 'audits', 'comments', 'epic_tags'])).toEqual(counts);
    expect((await t.get(`/epics/${e.id}`)).status).toBe(404);

    const answer = await restored(id);
    expect(answer.deletion.status).toBe('restored');
    const after = await epic(e.id);
    expect(after).toMatchObject({ id: e.id, reference_num: e.reference_num, name: 'Restorable epic', progress: 50 });
    expect(after.tags.sort()).toEqual(['x', 'y']);
    expect(after.watchers?.map((w) => w.email)).toEqual(['sam@planner.local']);
    expect((await feature(done.id)).epic?.id).toBe(e.id);
    expect((await feature(open.id)).epic?.id).toBe(e.id);
    const comments = (await api.call('GET /epics/{epic_id}/comments', { params: { epic_id: e.id } })).data().comments;
    expect(comments.map((c) => c.body)).toEqual(['<p>Keep me</p>']);
    // Out of the bin; its history says where it came from.
    expect((await api.call('GET /deletions', { query: { q: 'Restorable epic' } })).data().deletions).toEqual([]);
    const audits = await t.service.store.db
      .selectFrom('audits')
      .selectAll()
      .where('auditable_type', '=', 'Epic')
      .where('auditable_id', '=', Number(e.id))
      .orderBy('id', 'desc')
      .execute();
    expect(audits[0]?.audit_action).toBe('create');
    expect(JSON.parse(audits[0]?.changes ?? '{}')).toMatchObject({ restored_from_deletion_id: [null, Number(id)] });
    expect(expectOk(await t.get(`/deletions/${id}`), deletionEnvelope).deletion.status).toBe('restored');
    // Once restored it cannot be restored again, nor purged.
    expect((await restore(id)).status).toBe(409);
    expect((await t.request('DELETE', `/deletions/${id}`)).status).toBe(409);
  });

  it('reports links whose other end is in the bin or was linked elsewhere, and puts back the rest', async () => {
    const e = await makeEpic(t, release);
    const other = await makeEpic(t, release);
    const [kept, gone, moved] = [
      await makeFeature(t, release, { epic: e.id }),
      await makeFeature(t, release, { epic: e.id }),
      await makeFeature(t, release, { epic: e.id }),
    ];
    const id = await remove(`/epics/${e.id}`);
    const goneDeletion = await remove(`/features/${gone.id}`);
    expectOk(await t.request('PUT', `/features/${moved.id}`, { feature: { epic: other.id } }), featureEnvelope);
    const answer = await restored(id);
    expect(answer.unrestored_links).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'Feature', id: gone.id, reason: 'deleted', deletion_id: goneDeletion }),
        expect.objectContaining({
          link: `epic of feature ${moved.reference_num}`,
          type: 'Feature',
          id: moved.id,
          reason: 'changed',
          deletion_id: null,
        }),
      ]),
    );
    expect(answer.unrestored_links).toHaveLength(2);
    expect((await feature(kept.id)).epic?.id).toBe(e.id);
    expect((await feature(moved.id)).epic?.id).toBe(other.id);
    // The feature restored later comes back as it was deleted: already unlinked by the epic's delete.
    await restored(goneDeletion);
    expect((await feature(gone.id)).epic).toBeNull();
  });

  it('refuses, changing nothing, a record whose parent is itself in the bin, and names the deletion holding it', async () => {
    const f = await makeFeature(t, release);
    const req = expectOk(
      await t.request('POST', `/features/${f.id}/requirements`, { requirement: { name: 'Orphan to be' } }),
      requirementEnvelope,
    );
    const reqDeletion = await remove(`/requirements/${req.requirement.id}`);
    const featureDeletion = await remove(`/features/${f.id}`);
    const counts = await rowCounts(t, ['requirements', 'audits', 'features']);
    const refused = await restore(reqDeletion);
    const errors = expect422(refused, 'feature_id');
    expect(errors.feature_id?.[0]).toContain(`deletion ${featureDeletion}`);
    expect(await rowCounts(t, ['requirements', 'audits', 'features'])).toEqual(counts);
    await restored(featureDeletion);
    await restored(reqDeletion);
    expect((await t.get(`/requirements/${req.requirement.id}`)).status).toBe(200);
  });

  it('refuses a comment whose record is in the bin (no foreign key states it), and restores it once the record is back', async () => {
    const f = await makeFeature(t, release);
    const c = (await t.request('POST', `/features/${f.id}/comments`, { comment: { body: '<p>Lonely</p>' } })).body as {
      comment: { id: string };
    };
    const commentBin = await remove(`/comments/${c.comment.id}`);
    const featureBin = await remove(`/features/${f.id}`);
    const counts = await rowCounts(t, ['comments', 'audits']);
    expect(expect422(await restore(commentBin), 'commentable_id').commentable_id?.[0]).toContain(`deletion ${featureBin}`);
    expect(await rowCounts(t, ['comments', 'audits'])).toEqual(counts);
    await restored(featureBin);
    await restored(commentBin);
    const thread = (await api.call('GET /features/{feature_id}/comments', { params: { feature_id: f.id } })).data().comments;
    expect(thread.map((x) => x.body)).toEqual(['<p>Lonely</p>']);
  });

  it('puts an initiative back above its children and features, and its parent counts them no more', async () => {
    const top = await makeInitiative(t, { name: 'Top of restore' });
    const middle = await makeInitiative(t, { name: 'Middle of restore', parent_id: top.id });
    const child = await makeInitiative(t, { name: 'Child of restore', parent_id: middle.id });
    const f = await makeFeature(t, release, { initiative: middle.id });
    const id = await remove(`/initiatives/${middle.id}`);
    const moved = expectOk(await t.get(`/initiatives/${child.id}`), initiativeEnvelope).initiative;
    expect(moved.parent_id).toBe(top.id);
    await restored(id);
    expect(expectOk(await t.get(`/initiatives/${child.id}`), initiativeEnvelope).initiative.parent_id).toBe(middle.id);
    expect(expectOk(await t.get(`/initiatives/${middle.id}`), initiativeEnvelope).initiative.parent_id).toBe(top.id);
    expect((await feature(f.id)).initiative?.id).toBe(middle.id);
  });

  it('gives an idea back the feature it was promoted to, and merged ideas their survivor with the votes', async () => {
    const idea = expectOk(
      await t.request('POST', '/products/PLN/ideas', { idea: { name: 'Promote then restore', created_by: 'pat@customer.example' } }),
      ideaEnvelope,
    ).idea;
    const promoted = expectOk(
      await t.request('PUT', `/ideas/${idea.id}/promote`, { promotable_type: 'feature', release_id: release }),
      ideaEnvelope,
    ).idea;
    const featureId = promoted.feature?.id ?? '';
    const id = await remove(`/features/${featureId}`);
    expect(expectOk(await t.get(`/ideas/${idea.id}`), ideaEnvelope).idea.feature ?? null).toBeNull();
    const answer = await restored(id);
    expect(answer.unrestored_links).toEqual([]);
    expect(expectOk(await t.get(`/ideas/${idea.id}`), ideaEnvelope).idea.feature?.id).toBe(featureId);

    const survivor = expectOk(
      await t.request('POST', '/products/PLN/ideas', { idea: { name: 'Survivor idea', created_by: 'pat@customer.example' } }),
      ideaEnvelope,
    ).idea;
    const dup = expectOk(
      await t.request('POST', '/products/PLN/ideas', { idea: { name: 'Duplicate idea', created_by: 'pat@customer.example' } }),
      ideaEnvelope,
    ).idea;
    for (const [target, email] of [
      [survivor.id, 'v1@example.test'],
      [dup.id, 'v2@example.test'],
    ] as const)
      expect((await t.request('POST', `/ideas/${target}/endorsements`, { idea_endorsement: { email, value: 1 } })).status).toBe(200);
    expectOk(await t.request('PUT', `/ideas/${dup.id}`, { idea: { duplicate_idea: survivor.id } }), ideaEnvelope);
    const votesBefore = expectOk(await t.get(`/ideas/${survivor.id}`), ideaEnvelope).idea.votes;
    const bin = await remove(`/ideas/${survivor.id}`);
    expect(expectOk(await t.get(`/ideas/${dup.id}`), ideaEnvelope).idea.duplicate_of ?? null).toBeNull();
    await restored(bin);
    expect(expectOk(await t.get(`/ideas/${dup.id}`), ideaEnvelope).idea.duplicate_of?.id).toBe(survivor.id);
    expect(expectOk(await t.get(`/ideas/${survivor.id}`), ideaEnvelope).idea.votes).toBe(votesBefore);
  });

  it("brings a comment's text back into the placeholder its replies kept", async () => {
    const f = await makeFeature(t, release);
    const top = (await t.request('POST', `/features/${f.id}/comments`, { comment: { body: '<p>Top</p>' } })).body as {
      comment: { id: string };
    };
    await t.request('POST', `/features/${f.id}/comments`, { comment: { body: '<p>Reply</p>', parent_comment_id: top.comment.id } });
    const id = await remove(`/comments/${top.comment.id}`);
    await restored(id);
    const thread = (await api.call('GET /features/{feature_id}/comments', { params: { feature_id: f.id } })).data().comments;
    expect(thread.map((c) => [c.body, c.deleted ?? false])).toEqual([
      ['<p>Top</p>', false],
      ['<p>Reply</p>', false],
    ]);
  });

  it('lets one of two concurrent restores of the same deletion win; the other is a 409', async () => {
    const f = await makeFeature(t, release);
    const id = await remove(`/features/${f.id}`);
    const answers = await Promise.all([restore(id), restore(id), restore(id)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    expect((await t.get(`/features/${f.id}`)).status).toBe(200);
  });

  it('answers 404 for a deletion that does not exist, in any form', async () => {
    for (const bad of ['999999999', 'abc', '0', '01']) expect((await restore(bad)).status).toBe(404);
    expect((await t.get('/deletions/999999999')).status).toBe(404);
  });
});

describe('restoring every kind', () => {
  it("brings a release back with its phases, its child releases under it and its custom fields' values", async () => {
    const parent = await makeRelease(t, { name: 'Restore parent release' });
    const doomed = await makeRelease(t, { name: 'Restore doomed release', parent_id: parent.id });
    const child = await makeRelease(t, { name: 'Restore child release', parent_id: doomed.id });
    const phase = expectOk(
      await t.request('POST', '/release_phases', {
        release_phase: { name: 'Restore phase', phase_type: 'phase', release_id: doomed.id, start_on: '2026-01-01', end_on: '2026-01-31' },
      }),
      releasePhaseEnvelope,
    ).release_phase;
    const id = await remove(`/releases/${doomed.id}`);
    expect((await t.get(`/release_phases/${phase.id}`)).status).toBe(404);
    expect(expectOk(await t.get(`/releases/${child.id}`), releaseEnvelope).release.parent_id).toBe(parent.id);
    const answer = await restored(id);
    expect(answer.contents).toEqual([{ type: 'ReleasePhase', count: 1 }]);
    expect(expectOk(await t.get(`/release_phases/${phase.id}`), releasePhaseEnvelope).release_phase.name).toBe('Restore phase');
    expect(expectOk(await t.get(`/releases/${child.id}`), releaseEnvelope).release.parent_id).toBe(doomed.id);
    expect(expectOk(await t.get(`/releases/${doomed.id}`), releaseEnvelope).release.reference_num).toBe(doomed.reference_num);
  });

  it('brings a note back with its subtree in its place', async () => {
    const note = (name: string, parent?: string) =>
      t.request('POST', '/products/PLN/pages', { page: { name, ...(parent ? { parent_id: parent } : {}) } });
    const top = (await note('Restore top note')).body as { page: { id: string } };
    const below = (await note('Restore child note', top.page.id)).body as { page: { id: string } };
    const deeper = (await note('Restore grandchild note', below.page.id)).body as { page: { id: string } };
    const id = await remove(`/pages/${top.page.id}`);
    expect((await t.get(`/pages/${deeper.page.id}`)).status).toBe(404);
    const answer = await restored(id);
    expect(answer.contents).toEqual([{ type: 'Page', count: 2 }]);
    const back = (await t.get(`/pages/${deeper.page.id}`)).body as { page: { parent_id: string | null } };
    expect(back.page.parent_id).toBe(below.page.id);
  });

  it("brings an epic's custom field values back, and a feature's files with their bytes", async () => {
    const e = await makeEpic(t, release, { custom_fields: { risk: 'High' } });
    const id = await remove(`/epics/${e.id}`);
    await restored(id);
    expect((await epic(e.id)).custom_fields.map((c) => [c.key, c.value])).toEqual([['risk', 'High']]);

    const f = await makeFeature(t, release);
    const form = new FormData();
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    form.append('attachment[data]', new Blob([bytes], { type: 'image/png' }), 'restore.png');
    const up = await checkedFetch(`${t.url}/api/v1/features/${f.id}/attachments`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${TEST_TOKEN}` },
      body: form,
    });
    expect(up.status).toBe(200);
    const file = ((await up.json()) as { attachment: { id: string; download_url: string } }).attachment;
    const bin = await remove(`/features/${f.id}`);
    expect((await fetch(file.download_url, { headers: { Authorization: `Bearer ${TEST_TOKEN}` } })).status).toBe(404);
    await restored(bin);
    const down = await fetch(file.download_url, { headers: { Authorization: `Bearer ${TEST_TOKEN}` } });
    expect(down.status).toBe(200);
    expect(new Uint8Array(await down.arrayBuffer())).toEqual(bytes);
  });

  it('brings a portal user back with the votes that named them, and a vote back with its count', async () => {
    const portal = ((await t.get('/idea_portals')).body as { idea_portals: { id: string }[] }).idea_portals[0]?.id ?? '';
    const user = (
      (await t.request('POST', `/idea_portals/${portal}/portal_users`, { portal_user: { email: 'restore.voter@example.test' } })).body as {
        portal_user: { id: string };
      }
    ).portal_user;
    const idea = expectOk(
      await t.request('POST', '/products/PLN/ideas', { idea: { name: 'Voted idea', created_by: 'pat@customer.example' } }),
      ideaEnvelope,
    ).idea;
    const vote = (
      (await t.request('POST', `/ideas/${idea.id}/endorsements`, { idea_endorsement: { email: 'restore.voter@example.test', value: 1 } }))
        .body as { idea_endorsement: { id: string } }
    ).idea_endorsement;
    const portalUserOf = () =>
      t.service.store.db.selectFrom('idea_votes').select('portal_user_id').where('id', '=', Number(vote.id)).executeTakeFirstOrThrow();
    const linkedUser = (await portalUserOf()).portal_user_id;
    const userBin = await remove(`/idea_portals/${portal}/portal_users/${user.id}`);
    expect((await portalUserOf()).portal_user_id).toBeNull();
    await restored(userBin);
    expect((await portalUserOf()).portal_user_id).toBe(linkedUser);

    const votes = async () => expectOk(await t.get(`/ideas/${idea.id}`), ideaEnvelope).idea.votes;
    const counted = await votes();
    const voteBin = await remove(`/ideas/${idea.id}/endorsements/${vote.id}`);
    expect(await votes()).toBe(counted - 1);
    await restored(voteBin);
    expect(await votes()).toBe(counted);
  });
});

/** Every row of the tables a restore must leave as they were (the bin, the log and full-text internals aside). */
async function tablesSnapshot(withoutUpdatedAt = false): Promise<Record<string, unknown[]>> {
  const store = t.service.store;
  const skip = /^(audits|deletions|kysely_|historical_|audit_|change_counters$|.*_fts|ideas_related|sqlite_)/;
  const { columns } = await dialectOf(store.db).schemaInfo(store.db);
  const tables = [...columns.keys()].filter((name) => !skip.test(name)).sort();
  const out: Record<string, unknown[]> = {};
  for (const name of tables) {
    const rows = await sqlRows(store, `SELECT * FROM "${name}" ORDER BY 1, 2`);
    out[name] = withoutUpdatedAt ? rows.map(({ updated_at: _u, ...rest }) => rest) : rows;
  }
  return out;
}

describe('workspaces and teams', () => {
  it('takes a workspace with everything in it into the bin as one deletion, and brings every row of it back', async () => {
    const made = await t.request('POST', '/products', { product: { name: 'Bin workspace', prefix: 'BINX' } });
    expect(made.status, made.text).toBe(200);
    const rel = await makeRelease(t, { name: 'BINX release' }, 'BINX');
    const e = await makeEpic(t, rel.id, { name: 'BINX epic' });
    const f = await makeFeature(t, rel.id, { name: 'BINX feature', epic: e.id, tags: 'one,two' });
    await t.request('POST', `/features/${f.id}/requirements`, { requirement: { name: 'BINX requirement' } });
    await t.request('POST', `/features/${f.id}/comments`, { comment: { body: '<p>BINX comment</p>' } });
    await makeInitiative(t, { name: 'BINX initiative' }, 'BINX');
    await t.request('POST', '/products/BINX/ideas', { idea: { name: 'BINX idea', created_by: 'pat@customer.example' } });
    await t.request('POST', '/products/BINX/pages', { page: { name: 'BINX note' } });
    const before = await tablesSnapshot();

    expect((await t.request('DELETE', '/products/BINX', undefined, { token: member })).status).toBe(403);
    const id = await remove('/products/BINX');
    // Restoring needs the right the delete needed: a member gets 403, dry run or not, and nothing comes back.
    const gone = await tablesSnapshot();
    for (const dry of ['?dry_run=true', '']) {
      const refused = await t.request('POST', `/deletions/${id}/restore${dry}`, undefined, { token: member });
      expect(refused.status, refused.text).toBe(403);
      expect(refused.text).toMatch(/Only an administrator may restore a deleted Product/);
    }
    expect(await tablesSnapshot()).toEqual(gone);
    const asMember = expectOk(await t.request('GET', `/deletions/${id}`, undefined, { token: member }), deletionEnvelope).deletion;
    expect(asMember.may_restore).toBe(false);
    expect(expectOk(await t.get(`/deletions/${id}`), deletionEnvelope).deletion.may_restore).toBe(true);
    expect((await t.get('/products/BINX')).status).toBe(404);
    expect((await t.get(`/features/${f.id}`)).status).toBe(404);
    const entry = expectOk(await t.get(`/deletions/${id}`), deletionEnvelope).deletion;
    expect(entry.record).toMatchObject({ type: 'Product', name: 'Bin workspace', reference_num: 'BINX' });
    expect(entry.contents).toEqual(
      expect.arrayContaining([
        { type: 'Feature', count: 1 },
        { type: 'Epic', count: 1 },
        { type: 'Requirement', count: 1 },
        { type: 'Comment', count: 1 },
        { type: 'Idea', count: 1 },
        { type: 'Page', count: 1 },
      ]),
    );

    const answer = await restored(id);
    expect(answer.unrestored_links).toEqual([]);
    expect(await tablesSnapshot()).toEqual(before);
    expect((await feature(f.id)).epic?.id).toBe(e.id);
  });

  it("refuses to delete the account's only workspace, naming it", async () => {
    const lone = await startTestService({ seed: 'empty' });
    try {
      const products = (await lone.get('/products')).body as { products: { id: string }[] };
      expect(products.products).toHaveLength(1);
      const res = await lone.request('DELETE', `/products/${products.products[0]?.id ?? ''}`);
      expect(expect422(res, 'id').id?.[0]).toMatch(/only workspace/);
      expect((await lone.get('/products')).body).toEqual(products);
    } finally {
      await lone.close();
    }
  });

  it('takes a team into the bin; features and epics lose its links, and the restore puts them back', async () => {
    const [team] = await sqlRows<{ id: number }>(
      t.service.store,
      "SELECT t.id FROM teams t JOIN products p ON p.id = t.product_id WHERE p.reference_prefix = 'PLN' ORDER BY t.id LIMIT 1",
    );
    if (!team) throw new Error('the demo workspace has no team');
    const f = await makeFeature(t, release, { team: String(team.id) });
    expect((await feature(f.id)).team?.id).toBe(String(team.id));
    const before = await tablesSnapshot(true);
    const id = await remove(`/teams/${team.id}`);
    expect((await feature(f.id)).team ?? null).toBeNull();
    expect((await t.get(`/teams/${team.id}`)).status).toBe(404);
    expect((await t.request('POST', `/deletions/${id}/restore`, undefined, { token: member })).status).toBe(403);
    expect((await t.get(`/teams/${team.id}`)).status).toBe(404);
    const answer = await restored(id);
    expect(answer.unrestored_links).toEqual([]);
    expect((await feature(f.id)).team?.id).toBe(String(team.id));
    expect(await tablesSnapshot(true)).toEqual(before);
  });
});

describe('who may restore', () => {
  it('is whoever had the right the delete needed: portal users for administrators, a comment for its author', async () => {
    const [portal] = (await t.get<{ idea_portals: { id: string }[] }>('/idea_portals')).body.idea_portals;
    const user = await t.request<{ portal_user: { id: string } }>('POST', `/idea_portals/${portal?.id ?? ''}/portal_users`, {
      portal_user: { email: 'restorable@example.com' },
    });
    const portalUserDeletion = await remove(`/idea_portals/${portal?.id ?? ''}/portal_users/${user.body.portal_user.id}`);
    const f = await makeFeature(t, release);
    const byAdmin = (
      await t.request<{ comment: { id: string } }>('POST', `/features/${f.id}/comments`, { comment: { body: '<p>Admin</p>' } })
    ).body.comment.id;
    const byMember = (
      await t.request<{ comment: { id: string } }>(
        'POST',
        `/features/${f.id}/comments`,
        { comment: { body: '<p>Mine</p>' } },
        { token: member },
      )
    ).body.comment.id;
    const adminComment = await remove(`/comments/${byAdmin}`);
    const memberComment = await remove(`/comments/${byMember}`, member);
    // Deleted by the administrator, restored by its author all the same: the words are theirs.
    const memberCommentByAdmin = await (async () => {
      const again = (
        await t.request<{ comment: { id: string } }>(
          'POST',
          `/features/${f.id}/comments`,
          { comment: { body: '<p>Mine too</p>' } },
          { token: member },
        )
      ).body.comment.id;
      return remove(`/comments/${again}`);
    })();
    const featureDeletion = await remove(`/features/${(await makeFeature(t, release)).id}`);

    const flags = new Map(
      expectOk(await t.request('GET', '/deletions?per_page=50', undefined, { token: member }), deletionPage).deletions.map((d) => [
        d.id,
        d.may_restore,
      ]),
    );
    expect([portalUserDeletion, adminComment, memberComment, memberCommentByAdmin, featureDeletion].map((id) => flags.get(id))).toEqual([
      false,
      false,
      true,
      true,
      true,
    ]);
    for (const id of [portalUserDeletion, adminComment]) {
      expect((await t.request('POST', `/deletions/${id}/restore`, undefined, { token: member })).status).toBe(403);
    }
    for (const id of [memberComment, memberCommentByAdmin, featureDeletion]) {
      const res = await t.request('POST', `/deletions/${id}/restore`, undefined, { token: member });
      expect(res.status, res.text).toBe(200);
    }
    for (const id of [portalUserDeletion, adminComment]) expect((await restore(id)).status).toBe(200);
    const all = expectOk(await t.get('/deletions?per_page=50'), deletionPage).deletions;
    expect(all.every((d) => d.may_restore === true)).toBe(true);
  });

  it('documents the 403 of a restore', async () => {
    const doc = (await t.get<{ paths: Record<string, Record<string, { responses: Record<string, unknown> }>> }>('/openapi.json')).body;
    expect(Object.keys(doc.paths['/deletions/{id}/restore']?.post?.responses ?? {})).toContain('403');
  });
});

describe('the 30-day window (injected clock)', () => {
  it('restores on day 30, refuses on day 31 naming deleted_at, and the sweep then purges it', async () => {
    const a = await makeFeature(t, release);
    const b = await makeFeature(t, release);
    const first = await remove(`/features/${a.id}`);
    const second = await remove(`/features/${b.id}`);
    clock.advance(30 * DAY - 60_000);
    await restored(first);
    clock.advance(DAY);
    const errors = expect422(await restore(second), 'deleted_at');
    expect(errors.deleted_at?.[0]).toMatch(/30 days/);
    expect(await t.service.sweepRecycleBin()).toBeGreaterThanOrEqual(1);
    expect((await t.get(`/deletions/${second}`)).status).toBe(404);
    // What was restored is not swept.
    expect((await t.get(`/deletions/${first}`)).status).toBe(200);
    clock.set(Date.now());
  });
});

describe('purge', () => {
  it('is for administrators: a member gets 403 and the deletion stays; an administrator purges it for good', async () => {
    const f = await makeFeature(t, release);
    const id = await remove(`/features/${f.id}`);
    expect((await t.request('DELETE', `/deletions/${id}`, undefined, { token: member })).status).toBe(403);
    expect((await t.get(`/deletions/${id}`)).status).toBe(200);
    expect((await t.request('DELETE', `/deletions/${id}`)).status).toBe(204);
    expect((await t.get(`/deletions/${id}`)).status).toBe(404);
    expect((await restore(id)).status).toBe(404);
  });
});

// API tests of comments (issue 12; operation 16): created and listed on each of the nine
// commentable kinds by id or key, in the hosted shape; a workspace's list; paging and thread order
// (oldest / newest); the body and parent rules, each a 422 naming its field with nothing written;
// edit and delete by the author or an administrator only (403 otherwise); a deleted comment with
// replies kept as their placeholder until its last reply goes; @-mentions making watchers; a
// deleted record taking its comments (and its children's) into the recycle bin; real
// `comments_count` on records; audit rows.
import { beforeAll, describe, expect, it } from 'vitest';
import { commentEnvelope, commentPage } from '../src/contract/comments';
import type { Comment, CommentableKind } from '../src/contract/comments';
import { featureEnvelope, featurePage } from '../src/contract/features';
import { ideaEnvelope } from '../src/contract/ideas';
import { mintToken } from './auth';
import { fileService } from './test/client';
import {
  auditRows,
  deletionOf,
  expectFields,
  expectOnlyFields,
  makeEpic,
  makeFeature,
  makeGoal,
  makeInitiative,
  makeRelease,
  rowCounts,
  uniqueName,
} from './test/records';

const { t, api } = await fileService();
const db = t.service.store.db;

let release: string;
let morgan: { id: number; token: string };
let sam: { id: number; token: string };

async function member(email: string): Promise<{ id: number; token: string }> {
  const user = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  return { id: user.id, token: await mintToken(db, user.id, 'comments.test') };
}

beforeAll(async () => {
  release = (await makeRelease(t)).id;
  morgan = await member('morgan@planner.local');
  sam = await member('sam@planner.local');
});

/** A record of each commentable kind: its path id, its key (when the kind has keys) and its product id. */
interface Made {
  id: string;
  key: string | null;
}

async function post<T>(path: string, body: unknown): Promise<T> {
  const res = await t.request<T>('POST', path, body);
  expect(res.status, res.text).toBe(200);
  return res.body;
}

let pages = 0;
const MAKERS: Record<CommentableKind, () => Promise<Made>> = {
  features: async () => {
    const f = await makeFeature(t, release);
    return { id: f.id, key: f.reference_num };
  },
  epics: async () => {
    const e = await makeEpic(t, release);
    return { id: e.id, key: e.reference_num };
  },
  requirements: async () => {
    const f = await makeFeature(t, release);
    const r = (
      await post<{ requirement: { id: string; reference_num: string } }>(`/features/${f.id}/requirements`, {
        requirement: { name: uniqueName('Requirement') },
      })
    ).requirement;
    return { id: r.id, key: r.reference_num };
  },
  ideas: async () => {
    const i = (
      await post<{ idea: { id: string; reference_num: string } }>('/products/PLN/ideas', {
        idea: { name: uniqueName('Idea'), created_by: 'someone@example.com' },
      })
    ).idea;
    return { id: i.id, key: i.reference_num };
  },
  initiatives: async () => {
    const i = await makeInitiative(t);
    return { id: i.id, key: i.reference_num };
  },
  goals: async () => {
    const g = await makeGoal(t);
    return { id: g.id, key: g.reference_num };
  },
  releases: async () => {
    const r = await makeRelease(t);
    return { id: r.id, key: r.reference_num };
  },
  release_phases: async () => {
    const p = (
      await post<{ release_phase: { id: string } }>('/release_phases', {
        release_phase: {
          name: uniqueName('Phase'),
          phase_type: 'phase',
          release_id: release,
          start_on: '2026-01-01',
          end_on: '2026-01-31',
        },
      })
    ).release_phase;
    return { id: p.id, key: null };
  },
  // Notes are their own slice: a row is enough for comments.
  pages: async () => {
    const product = await db.selectFrom('products').select('id').where('reference_prefix', '=', 'PLN').executeTakeFirstOrThrow();
    const at = new Date().toISOString();
    const key = `PLN-N-${9000 + ++pages}`;
    const row = await db
      .insertInto('pages')
      .values({ product_id: product.id, reference_num: key, name: uniqueName('Note'), created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: String(row.id), key };
  },
};

const TYPES: Record<CommentableKind, string> = {
  features: 'Feature',
  epics: 'Epic',
  requirements: 'Requirement',
  ideas: 'Ideas::Idea',
  initiatives: 'Initiative',
  goals: 'StrategicImperative',
  releases: 'Release',
  release_phases: 'ReleasePhase',
  pages: 'Page',
};

/** POST a comment on a record of a kind; `token` for another author. */
async function comment(kind: string, id: string, body: Record<string, unknown>, token?: string) {
  return t.request<{ comment: Comment }>('POST', `/${kind}/${id}/comments`, { comment: body }, token ? { token } : {});
}

async function made(kind: string, id: string, text = '<p>Hello</p>', parent?: string, token?: string): Promise<Comment> {
  const res = await comment(kind, id, { body: text, ...(parent ? { parent_comment_id: parent } : {}) }, token);
  expect(res.status, res.text).toBe(200);
  return commentEnvelope.parse(res.body).comment;
}

const listOf = async (path: string, query = ''): Promise<{ comments: Comment[]; total: number }> => {
  const res = await t.get(`${path}${query}`);
  expect(res.status, res.text).toBe(200);
  const page = commentPage.parse(res.body);
  return { comments: page.comments, total: page.pagination.total_records };
};

describe('comments on every commentable kind', () => {
  it.each(Object.keys(MAKERS) as CommentableKind[])('%s: created by id and by key, listed, shown, counted', async (kind) => {
    const record = await MAKERS[kind]();
    const first = await made(kind, record.id, '<p>First <strong>word</strong></p>');
    expect(first).toMatchObject({ body: '<p>First <strong>word</strong></p>', parent_comment_id: null, attachments: [], deleted: false });
    expect(first.user).toMatchObject({ email: 'admin@planner.local', name: 'Alex Admin' });
    expect(first.commentable).toMatchObject({ type: TYPES[kind], id: record.id });
    expect(first.commentable.url).toMatch(new RegExp(`/${kind}/${record.key ?? record.id}$`));
    expect(first.commentable.resource).toMatch(new RegExp(`/api/v1/${kind}/${record.key ?? record.id}$`));
    expect(first.url).toMatch(new RegExp(`/comments/${first.id}$`));
    expect(first.resource).toMatch(new RegExp(`/api/v1/comments/${first.id}$`));
    // A key in the path where the kind has keys (any case); phases take ids only.
    const second = await made(kind, record.key?.toLowerCase() ?? record.id, '<p>Second</p>', first.id);
    expect(second.parent_comment_id).toBe(first.id);
    const list = await listOf(`/${kind}/${record.id}/comments`);
    expect(list.comments.map((c) => c.id)).toEqual([first.id, second.id]);
    expect(list.total).toBe(2);
    expect((await api.call('GET /comments/{id}', { params: { id: first.id } })).data().comment).toEqual(first);
    // The workspace's list has them.
    const product = await listOf(`/products/${first.commentable.product_id}/comments`, '?per_page=200&order=newest');
    expect(product.comments.map((c) => c.id)).toContain(second.id);
    // The record counts them (notes' own routes are another slice).
    if (kind !== 'pages') {
      const shown = await t.get<Record<string, { comments_count: number }>>(`/${kind}/${record.id}`);
      expect(shown.status, shown.text).toBe(200);
      expect(Object.values(shown.body)[0]?.comments_count).toBe(2);
    }
  });

  it.each(Object.keys(MAKERS) as CommentableKind[])('%s: an unknown record is a 404', async (kind) => {
    const before = await rowCounts(t, ['comments']);
    expect((await comment(kind, '987654321', { body: 'x' })).status).toBe(404);
    expect((await t.get(`/${kind}/987654321/comments`)).status).toBe(404);
    expect(await rowCounts(t, ['comments'])).toEqual(before);
  });

  it('answers 404 for an unknown comment and a path value no comment can have', async () => {
    expect((await t.get('/comments/987654321')).status).toBe(404);
    expect((await t.get('/comments/PLN-1')).status).toBe(404);
    expect((await t.get('/products/NOPE/comments')).status).toBe(404);
  });
});

describe('the body and parent rules', () => {
  let feature: string;
  let other: string;
  beforeAll(async () => {
    feature = (await makeFeature(t, release)).id;
    other = (await makeFeature(t, release)).id;
  });

  it.each([
    ['missing', {}],
    ['empty', { body: '' }],
    ['whitespace', { body: '   \n ' }],
    ['an empty paragraph', { body: '<p></p>' }],
    ['spaces in paragraphs', { body: '<p> &nbsp; </p><p><br></p>' }],
    ['too long', { body: `<p>${'x'.repeat(100_001)}</p>` }],
    ['not text', { body: 5 }],
  ])('refuses a body that is %s (422 naming body, nothing written)', async (_what, body) => {
    const before = await rowCounts(t, ['comments', 'audits']);
    expectOnlyFields(await comment('features', feature, body), 'body');
    expect(await rowCounts(t, ['comments', 'audits'])).toEqual(before);
  });

  it('takes a body that is only an image', async () => {
    expect((await comment('features', feature, { body: '<p><img src="https://example.com/a.png"></p>' })).status).toBe(200);
  });

  it('refuses a parent that is unknown, on another record, a reply, or not an id (422 naming parent_comment_id)', async () => {
    const top = await made('features', feature);
    const reply = await made('features', feature, '<p>Reply</p>', top.id);
    const elsewhere = await made('features', other);
    const before = await rowCounts(t, ['comments', 'audits']);
    const cases: [unknown, RegExp][] = [
      ['987654321', /not a comment/],
      [elsewhere.id, /same feature/],
      [reply.id, /replies to replies are not supported/],
      ['abc', /numeric id/],
    ];
    for (const [parent, message] of cases) {
      const errors = expectOnlyFields(
        await comment('features', feature, { body: '<p>x</p>', parent_comment_id: parent }),
        'parent_comment_id',
      );
      expect(errors.parent_comment_id?.join(' ')).toMatch(message);
    }
    // Every problem of a body at once.
    expectOnlyFields(await comment('features', feature, { body: '<p></p>', parent_comment_id: reply.id }), 'body', 'parent_comment_id');
    expect(await rowCounts(t, ['comments', 'audits'])).toEqual(before);
    // A numeric parent id is taken too.
    expect((await comment('features', feature, { body: '<p>ok</p>', parent_comment_id: Number(top.id) })).status).toBe(200);
  });

  it('refuses read-only members and malformed bodies', async () => {
    expectFields(await comment('features', feature, { body: '<p>x</p>', id: '5' }), 'id');
    expectFields(await comment('features', feature, { body: '<p>x</p>', user: { id: '1' } }), 'user');
    const res = await t.request('POST', `/features/${feature}/comments`, undefined, { rawBody: '{"comment": ' });
    expect(res.status).toBe(400);
    expectFields(await t.request('POST', `/features/${feature}/comments`, { comment: 'text' }), 'comment');
  });
});

describe('lists: paging, thread order, the workspace', () => {
  it('pages a thread in thread order, oldest or newest threads first', async () => {
    const feature = (await makeFeature(t, release)).id;
    const a = await made('features', feature, '<p>A</p>');
    const b = await made('features', feature, '<p>B</p>');
    const a1 = await made('features', feature, '<p>A1</p>', a.id);
    const c = await made('features', feature, '<p>C</p>');
    const b1 = await made('features', feature, '<p>B1</p>', b.id);
    const a2 = await made('features', feature, '<p>A2</p>', a.id);
    const path = `/features/${feature}/comments`;
    const oldest = [a, a1, a2, b, b1, c].map((x) => x.id);
    const newest = [c, b, b1, a, a1, a2].map((x) => x.id);
    expect((await listOf(path)).comments.map((x) => x.id)).toEqual(oldest);
    expect((await listOf(path, '?order=oldest')).comments.map((x) => x.id)).toEqual(oldest);
    expect((await listOf(path, '?order=newest')).comments.map((x) => x.id)).toEqual(newest);
    for (const [order, expected] of [
      ['oldest', oldest],
      ['newest', newest],
    ] as const) {
      const seen: string[] = [];
      for (let page = 1; page <= 3; page++) {
        const res = (
          await api.call('GET /features/{feature_id}/comments', { params: { feature_id: feature }, query: { page, per_page: 2, order } })
        ).data();
        expect(res.pagination).toEqual({ total_records: 6, total_pages: 3, current_page: page });
        seen.push(...res.comments.map((x) => x.id));
      }
      expect(seen).toEqual(expected);
    }
    expect((await listOf(path, '?page=9')).comments).toEqual([]);
    expect((await t.get(`${path}?order=sideways`)).status).toBe(400);
    expect((await t.get(`${path}?per_page=500`)).status).toBe(400);
    expect((await t.get(`${path}?sort=x`)).status).toBe(400);
  });

  it("lists a workspace's comments and no other workspace's", async () => {
    const mobRelease = (await makeRelease(t, {}, 'MOB')).id;
    const mobFeature = (await makeFeature(t, mobRelease)).id;
    const mine = await made('features', mobFeature, '<p>On MOB</p>');
    const onPln = await made('goals', (await makeGoal(t)).id, '<p>On PLN</p>');
    const mob = await listOf(`/products/MOB/comments`, '?per_page=200');
    expect(mob.comments.map((x) => x.id)).toContain(mine.id);
    expect(mob.comments.map((x) => x.id)).not.toContain(onPln.id);
    expect(mob.comments.every((x) => x.commentable.product_id === mine.commentable.product_id)).toBe(true);
    const pln = await listOf(`/products/PLN/comments`, '?per_page=200&order=newest');
    expect(pln.comments[0]?.id).toBe(onPln.id);
  });
});

describe('who may edit and delete', () => {
  it('lets the author and an administrator edit; others get a 403', async () => {
    const feature = (await makeFeature(t, release)).id;
    const own = await made('features', feature, '<p>Morgan wrote this</p>', undefined, morgan.token);
    expect(own.user?.id).toBe(String(morgan.id));
    const put = (body: unknown, token?: string) =>
      t.request<{ comment: Comment }>('PUT', `/comments/${own.id}`, { comment: body }, token ? { token } : {});
    const before = await rowCounts(t, ['audits']);
    const refused = await put({ body: '<p>Sam was here</p>' }, sam.token);
    expect(refused.status).toBe(403);
    expect(JSON.stringify(refused.body)).toMatch(/author .* or an administrator/);
    expect(await rowCounts(t, ['audits'])).toEqual(before);
    await new Promise((r) => setTimeout(r, 5));
    const edited = await put({ body: '<p>Morgan changed this</p>' }, morgan.token);
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body.comment.body).toBe('<p>Morgan changed this</p>');
    expect(edited.body.comment.updated_at > own.updated_at).toBe(true);
    expect(edited.body.comment.created_at).toBe(own.created_at);
    // The same body again changes nothing.
    const same = await put({ body: '<p>Morgan changed this</p>' }, morgan.token);
    expect(same.body.comment.updated_at).toBe(edited.body.comment.updated_at);
    const byAdmin = await put({ body: '<p>Moderated</p>' });
    expect(byAdmin.status).toBe(200);
    expectOnlyFields(await put({ body: '<p> </p>' }), 'body');
    expectFields(await put({ body: '<p>x</p>', parent_comment_id: null }), 'parent_comment_id');
    const audits = await auditRows(t, 'Comment', own.id);
    expect(audits.map((a) => a.audit_action)).toEqual(['create', 'update', 'update']);
    expect(JSON.parse(audits[1]?.changes ?? '{}')).toEqual({ body: ['<p>Morgan wrote this</p>', '<p>Morgan changed this</p>'] });
  });

  it('lets the author and an administrator delete; others get a 403', async () => {
    const feature = (await makeFeature(t, release)).id;
    const one = await made('features', feature, '<p>One</p>', undefined, morgan.token);
    const two = await made('features', feature, '<p>Two</p>', undefined, morgan.token);
    const before = await rowCounts(t, ['comments', 'deletions']);
    expect((await t.request('DELETE', `/comments/${one.id}`, undefined, { token: sam.token })).status).toBe(403);
    expect(await rowCounts(t, ['comments', 'deletions'])).toEqual(before);
    expect((await t.request('DELETE', `/comments/${one.id}`, undefined, { token: morgan.token })).status).toBe(204);
    expect((await t.request('DELETE', `/comments/${two.id}`)).status).toBe(204);
    expect((await t.get(`/comments/${one.id}`)).status).toBe(404);
    expect((await listOf(`/features/${feature}/comments`)).comments).toEqual([]);
    const kept = await deletionOf(t, 'Comment', one.id);
    expect(JSON.parse(kept.payload)).toMatchObject({ comments: [{ id: Number(one.id), body: '<p>One</p>' }] });
    expect((await lastAuditOf(one.id)).audit_action).toBe('destroy');
  });
});

const lastAuditOf = async (id: string) => {
  const rows = await auditRows(t, 'Comment', id);
  const last = rows.at(-1);
  if (!last) throw new Error(`no audit of comment ${id}`);
  return last;
};

describe('a deleted comment with replies', () => {
  it('stays as their placeholder until its last reply goes', async () => {
    const feature = (await makeFeature(t, release)).id;
    const top = await made('features', feature, '<p>Top</p>');
    const r1 = await made('features', feature, '<p>R1</p>', top.id);
    const r2 = await made('features', feature, '<p>R2</p>', top.id);
    expect((await t.request('DELETE', `/comments/${top.id}`)).status).toBe(204);
    const list = await listOf(`/features/${feature}/comments`);
    expect(list.comments.map((c) => c.id)).toEqual([top.id, r1.id, r2.id]);
    expect(list.comments[0]).toMatchObject({ id: top.id, body: '', deleted: true, attachments: [] });
    const shown = (await api.call('GET /comments/{id}', { params: { id: top.id } })).data().comment;
    expect(shown).toMatchObject({ body: '', deleted: true });
    // The placeholder is not counted; its replies are.
    expect((await api.call('GET /features/{id}', { params: { id: feature } })).data().feature.comments_count).toBe(2);
    // The recycle bin keeps what was written.
    expect(JSON.parse((await deletionOf(t, 'Comment', top.id)).payload)).toMatchObject({
      comments: [{ id: Number(top.id), body: '<p>Top</p>' }],
    });
    // It takes no change, no second delete and no new reply.
    expect((await t.request('PUT', `/comments/${top.id}`, { comment: { body: '<p>back</p>' } })).status).toBe(404);
    expect((await t.request('DELETE', `/comments/${top.id}`)).status).toBe(404);
    const before = await rowCounts(t, ['comments']);
    const errors = expectOnlyFields(
      await comment('features', feature, { body: '<p>x</p>', parent_comment_id: top.id }),
      'parent_comment_id',
    );
    expect(errors.parent_comment_id?.join(' ')).toMatch(/deleted/);
    expect(await rowCounts(t, ['comments'])).toEqual(before);
    // One reply gone: the placeholder stays for the other.
    expect((await t.request('DELETE', `/comments/${r1.id}`)).status).toBe(204);
    expect((await listOf(`/features/${feature}/comments`)).comments.map((c) => c.id)).toEqual([top.id, r2.id]);
    // The last reply gone: the placeholder goes too, kept in the reply's recycle-bin entry.
    expect((await t.request('DELETE', `/comments/${r2.id}`)).status).toBe(204);
    expect((await listOf(`/features/${feature}/comments`)).comments).toEqual([]);
    expect((await t.get(`/comments/${top.id}`)).status).toBe(404);
    const payload = JSON.parse((await deletionOf(t, 'Comment', r2.id)).payload) as { comments: { id: number }[] };
    expect(payload.comments.map((c) => c.id)).toEqual([Number(top.id), Number(r2.id)]);
  });

  it('deletes a top-level comment without replies outright', async () => {
    const feature = (await makeFeature(t, release)).id;
    const top = await made('features', feature, '<p>Alone</p>');
    expect((await t.request('DELETE', `/comments/${top.id}`)).status).toBe(204);
    expect((await t.get(`/comments/${top.id}`)).status).toBe(404);
  });
});

describe('mentions', () => {
  const mention = (id: number, label: string) => `<span data-type="mention" data-id="${id}" data-label="${label}">@${label}</span>`;

  it('make enabled mentioned users watchers of a feature or epic, on create and on edit', async () => {
    const disabled = await db
      .insertInto('users')
      .values({
        name: 'Gone User',
        email: `gone${Date.now()}@planner.local`,
        administrator: 0,
        enabled: 0,
        created_at: 'x',
        updated_at: 'x',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const feature = await makeFeature(t, release);
    const text = `<p>Look ${mention(sam.id, 'Sam Rivera')} and ${mention(disabled.id, 'Gone User')} ${mention(987654, 'Nobody')}</p>`;
    const c = await made('features', feature.id, text);
    expect(c.body).toBe(text);
    const watchers = (await api.call('GET /features/{id}', { params: { id: feature.id } })).data().feature.watchers ?? [];
    expect(watchers.map((w) => w.id)).toContain(String(sam.id));
    expect(watchers.map((w) => w.id)).not.toContain(String(disabled.id));
    // Mentioning again is fine; an edit's mention adds its user.
    const epic = await makeEpic(t, release);
    const e = await made('epics', epic.id, `<p>${mention(sam.id, 'Sam Rivera')}</p>`);
    await made('epics', epic.id, `<p>${mention(sam.id, 'Sam Rivera')} again</p>`);
    expect((await t.request('PUT', `/comments/${e.id}`, { comment: { body: `<p>${mention(morgan.id, 'Morgan Lee')}</p>` } })).status).toBe(
      200,
    );
    const epicWatchers = await db.selectFrom('epic_watchers').select('user_id').where('epic_id', '=', Number(epic.id)).execute();
    expect(epicWatchers.map((w) => w.user_id).sort()).toEqual([morgan.id, sam.id].sort());
    // Kinds without watchers keep the mention as text.
    const goal = await makeGoal(t);
    expect((await comment('goals', goal.id, { body: `<p>${mention(sam.id, 'Sam Rivera')}</p>` })).status).toBe(200);
  });
});

describe('deleting a record takes its comments', () => {
  it("removes a feature's comments and its requirements' into the feature's recycle-bin entry", async () => {
    const feature = await makeFeature(t, release);
    const requirement = (
      await post<{ requirement: { id: string } }>(`/features/${feature.id}/requirements`, {
        requirement: { name: uniqueName('Requirement') },
      })
    ).requirement;
    const top = await made('features', feature.id, '<p>On the feature</p>');
    const reply = await made('features', feature.id, '<p>Reply</p>', top.id);
    const onReq = await made('requirements', requirement.id, '<p>On the requirement</p>');
    const ids = [top.id, reply.id, onReq.id];
    const before = await rowCount();
    expect((await t.request('DELETE', `/features/${feature.id}`)).status).toBe(204);
    expect(await rowCount()).toBe(before - 3);
    for (const id of ids) expect((await t.get(`/comments/${id}`)).status).toBe(404);
    const all = await listOf('/products/PLN/comments', '?per_page=200');
    const total = all.total;
    expect(all.comments.map((c) => c.id)).not.toEqual(expect.arrayContaining([top.id]));
    // Every page of the workspace's list, none of them there.
    const seen: string[] = [];
    for (let page = 1; page <= Math.ceil(total / 200); page++)
      seen.push(...(await listOf('/products/PLN/comments', `?per_page=200&page=${page}`)).comments.map((c) => c.id));
    for (const id of ids) expect(seen).not.toContain(id);
    const payload = JSON.parse((await deletionOf(t, 'Feature', feature.id)).payload) as { comments: { id: number }[] };
    expect(payload.comments.map((c) => c.id).sort()).toEqual(ids.map(Number).sort());
  });

  it('removes a goal\'s comments ("StrategicImperative") with it', async () => {
    const goal = await makeGoal(t);
    const c = await made('goals', goal.id);
    expect((await t.request('DELETE', `/products/PLN/goals/${goal.id}`)).status).toBe(204);
    expect((await t.get(`/comments/${c.id}`)).status).toBe(404);
  });
});

const rowCount = async () => (await rowCounts(t, ['comments'])).comments;

describe('comments_count on records', () => {
  it('is answered by features (whole, and in lists with fields) and ideas', async () => {
    const feature = await makeFeature(t, release);
    await made('features', feature.id);
    await made('features', feature.id);
    expect((await api.call('GET /features/{id}', { params: { id: feature.id } })).data().feature.comments_count).toBe(2);
    const res = await t.get(`/releases/${release}/features?fields=comments_count&per_page=200`);
    const list = featurePage.parse(res.body).features;
    expect(list.find((f) => f.id === feature.id)?.comments_count).toBe(2);
    expect(list.find((f) => f.id !== feature.id)?.comments_count).toBeTypeOf('number');
    const idea = (
      await post<{ idea: { id: string } }>('/products/PLN/ideas', { idea: { name: uniqueName('Idea'), created_by: 'x@example.com' } })
    ).idea;
    await made('ideas', idea.id);
    const shown = ideaEnvelope.parse((await t.get(`/ideas/${idea.id}`)).body).idea;
    expect(shown.comments_count).toBe(1);
    // A new feature answers 0.
    expect(featureEnvelope.parse((await t.get(`/features/${(await makeFeature(t, release)).id}`)).body).feature.comments_count).toBe(0);
  });

  it('audits a create as the body and the record it is on', async () => {
    const feature = await makeFeature(t, release);
    const c = await made('features', feature.id, '<p>Audited</p>');
    const [row] = await auditRows(t, 'Comment', c.id);
    expect(row?.audit_action).toBe('create');
    expect(JSON.parse(row?.changes ?? '{}')).toMatchObject({ body: [null, '<p>Audited</p>'], commentable_type: [null, 'Feature'] });
  });
});

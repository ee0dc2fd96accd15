// Notes ("pages" in paths) over HTTP against the real service and the demo seed (issue 12): create,
// show by id or key, update (operation 13) with every rule of its fields, the tree rules (no cycle,
// no self-parent, no parent of another product), exact sibling order on moves, the whole tree in one
// list request, the delete that takes the subtree into the recycle bin, audit rows, and nothing
// half-written after a refusal.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTE_TREE_MAX, noteEnvelope, notePage } from '../src/contract/notes';
import type { Note } from '../src/contract/notes';
import { apiClient } from './test/client';
import type { ApiClient } from './test/client';
import { startTestService } from './test/harness';
import type { TestService } from './test/harness';
import { auditRows, deletionOf, expect422, expectOk, expectOnlyFields, lastAudit, rowCounts, uniqueName } from './test/records';

let t: TestService;
let api: ApiClient;

type Body = Record<string, unknown>;

const create = (page: Body, product = 'PLN') =>
  api.send('POST /products/{product_id}/pages', { params: { product_id: product }, body: { page } });
const update = (id: string, page: Body) => api.send('PUT /pages/{id}', { params: { id }, body: { page } });
const show = async (id: string): Promise<Note> => (await api.call('GET /pages/{id}', { params: { id } })).data().page;

async function make(page: Body = {}, product = 'PLN'): Promise<Note> {
  return expectOk(await create({ name: uniqueName('Note'), ...page }, product), noteEnvelope).page;
}

/** The ids of a parent's children (null: the top level) in list order. */
async function childrenOf(parent: string | null, product = 'PLN'): Promise<string[]> {
  const res = await api.call('GET /products/{product_id}/pages', { params: { product_id: product }, query: { per_page: NOTE_TREE_MAX } });
  return res
    .data()
    .pages.filter((p) => (p.parent_id ?? null) === parent)
    .map((p) => p.id);
}

const TABLES = ['pages', 'page_tags', 'audits', 'deletions', 'custom_field_values'] as const;
/** Refusals leave every table as it was. */
async function unchanged<T>(action: () => Promise<T>): Promise<T> {
  const before = await rowCounts(t, TABLES);
  const out = await action();
  expect(await rowCounts(t, TABLES)).toEqual(before);
  return out;
}

beforeAll(async () => {
  t = await startTestService();
  api = apiClient(t);
});
afterAll(async () => {
  await t.close();
});

describe('creating and reading a note', () => {
  it('creates a note in the hosted shape, keyed <PREFIX>-N-<n>, in the first status of the Note workflow', async () => {
    const res = await create({
      name: '  Launch plan  ',
      description_attributes: { body: '<h2>Goals</h2><ul><li>Ship</li></ul>', table_of_contents_enabled: true },
      tags: 'Launch, planning, launch',
      editor_width: 'full',
    });
    const note = expectOk(res, noteEnvelope).page;
    expect(note.name).toBe('Launch plan');
    expect(note.reference_num).toMatch(/^PLN-N-\d+$/);
    expect(note.title).toBe(`${note.reference_num} Launch plan`);
    expect(note.description?.body).toBe('<h2>Goals</h2><ul><li>Ship</li></ul>');
    expect(note.description?.notable_type).toBe('Page');
    expect(note.tags).toEqual(['Launch', 'planning']);
    expect(note.full_tags.map((tag) => tag.name)).toEqual(['Launch', 'planning']);
    expect(note.editor_width).toBe('FULL');
    expect(note.workflow_status?.name).toBe('Draft');
    expect(note.parent_id).toBeNull();
    expect(note.comments_count).toBe(0);
    expect(note.edit_locked).toBe(false);
    expect(note.url).toMatch(new RegExp(`/pages/${note.reference_num}$`));
    expect(note.resource).toMatch(new RegExp(`/api/v1/pages/${note.reference_num}$`));
    const audit = await lastAudit(t, 'Page', note.id);
    expect(audit.audit_action).toBe('create');
  });

  it('takes the description as the HTML alone, and no name (an untitled note)', async () => {
    const note = expectOk(await create({ description_attributes: '<p>Plain</p>' }), noteEnvelope).page;
    expect(note.name).toBeNull();
    expect(note.title).toBe(`${note.reference_num} Untitled`);
    expect(note.description?.body).toBe('<p>Plain</p>');
    expect(note.editor_width).toBe('NARROW');
  });

  it('shows a note by id, by key in any case, and under its product; another product or an unknown id is a 404', async () => {
    const note = await make();
    expect((await show(note.id)).id).toBe(note.id);
    expect((await show(note.reference_num.toLowerCase())).id).toBe(note.id);
    const underProduct = await api.call('GET /products/{product_id}/pages/{id}', { params: { product_id: 'PLN', id: note.reference_num } });
    expect(underProduct.data().page.id).toBe(note.id);
    const elsewhere = await api.call('GET /products/{product_id}/pages/{id}', { params: { product_id: 'MOB', id: note.id } });
    expect(elsewhere.status).toBe(404);
    for (const id of ['999999999', 'PLN-N-999999', 'not-a-key']) {
      const res = await api.call('GET /pages/{id}', { params: { id } });
      expect(res.status, id).toBe(404);
    }
    expect((await api.send('PUT /pages/{id}', { params: { id: '999999999' }, body: { page: { name: 'x' } } })).status).toBe(404);
    expect((await api.send('DELETE /pages/{id}', { params: { id: '999999999' } })).status).toBe(404);
  });

  it('needs the Bearer token', async () => {
    expect((await api.call('GET /products/{product_id}/pages', { params: { product_id: 'PLN' }, token: null })).status).toBe(401);
  });
});

describe('the rules of a body (every problem at once, nothing half-written)', () => {
  it('refuses a bad editor width, a status of no Note workflow and an over-long name in one 422', async () => {
    const note = await make({ tags: 'keep' });
    const res = await unchanged(() =>
      update(note.id, { name: 'x'.repeat(256), editor_width: 'WIDE', workflow_status: { name: 'Shipped' }, tags: 'changed' }),
    );
    const errors = expectOnlyFields(res, 'name', 'editor_width', 'workflow_status');
    expect(errors.editor_width?.[0]).toMatch(/NARROW, FULL/);
    expect(errors.workflow_status?.[0]).toMatch(/Page status/);
    const after = await show(note.id);
    expect(after).toEqual(await show(note.id));
    expect(after.name).toBe(note.name);
    expect(after.tags).toEqual(['keep']);
  });

  it('refuses wrong types, malformed JSON and a missing envelope', async () => {
    const note = await make();
    expect422(
      await unchanged(() => update(note.id, { name: 12, parent_id: 'abc', position: -1, description_attributes: 5 })),
      'name',
      'parent_id',
      'position',
      'description_attributes',
    );
    const raw = await unchanged(() => api.send('PUT /pages/{id}', { params: { id: note.id }, rawBody: '{"page": {"name": ' }));
    expect(raw.status).toBe(400);
    expect((await unchanged(() => api.send('POST /products/{product_id}/pages', { params: { product_id: 'PLN' }, body: {} }))).status).toBe(
      422,
    );
    expect422(await unchanged(() => create({ description_attributes: 'x'.repeat(100_001) })), 'description_attributes');
  });

  it('refuses read-only members', async () => {
    const note = await make();
    expect422(await unchanged(() => update(note.id, { reference_num: 'PLN-N-1', comments_count: 3 })), 'reference_num', 'comments_count');
  });

  it('moves between statuses of the Note workflow', async () => {
    const note = await make();
    const res = await update(note.id, { workflow_status: { name: 'in review' } });
    expect(expectOk(res, noteEnvelope).page.workflow_status?.name).toBe('In review');
    const audit = await lastAudit(t, 'Page', note.id);
    expect(audit.audit_action).toBe('update');
    expect(Object.keys(JSON.parse(audit.changes) as object)).toContain('workflow_status_id');
  });

  it('answers an update that changes nothing without writing', async () => {
    const note = await make({ tags: 'a' });
    const before = await auditRows(t, 'Page', note.id);
    const same = await update(note.id, { name: note.name, tags: 'a' });
    expect(expectOk(same, noteEnvelope).page.updated_at).toBe(note.updated_at);
    expect(await auditRows(t, 'Page', note.id)).toHaveLength(before.length);
  });
});

describe('the tree', () => {
  it('refuses the note itself, its descendants, another product’s note and an unknown note as parent', async () => {
    const root = await make();
    const child = await make({ parent_id: root.id });
    const grandchild = await make({ parent_id: Number(child.id) });
    const other = await make({}, 'MOB');
    for (const parent of [root.id, child.id, grandchild.id]) {
      const res = await unchanged(() => update(root.id, { parent_id: parent, name: 'Renamed' }));
      expect(expectOnlyFields(res, 'parent_id').parent_id?.[0], parent).toMatch(/itself|descendants/);
    }
    expect(expectOnlyFields(await unchanged(() => update(child.id, { parent_id: other.id })), 'parent_id').parent_id?.[0]).toMatch(
      /same product/,
    );
    expectOnlyFields(await unchanged(() => create({ parent_id: other.id })), 'parent_id');
    expectOnlyFields(await unchanged(() => create({ parent_id: '999999999' })), 'parent_id');
    expect((await show(root.id)).name).toBe(root.name);
    expect((await show(grandchild.id)).parent_id).toBe(child.id);
  });

  it('puts new notes last among their siblings, and a sent position exactly before the sibling that held it', async () => {
    const parent = await make();
    const a = await make({ parent_id: parent.id });
    const b = await make({ parent_id: parent.id });
    const c = await make({ parent_id: parent.id });
    expect([a.position, b.position, c.position]).toEqual([1, 2, 3]);
    expect(await childrenOf(parent.id)).toEqual([a.id, b.id, c.id]);

    // c before a: a and b move one place down.
    await update(c.id, { position: a.position });
    expect(await childrenOf(parent.id)).toEqual([c.id, a.id, b.id]);
    // a last (null), then b before c (the first place).
    await update(a.id, { position: null });
    expect(await childrenOf(parent.id)).toEqual([c.id, b.id, a.id]);
    const first = (await show(c.id)).position ?? 0;
    await update(b.id, { position: first });
    expect(await childrenOf(parent.id)).toEqual([b.id, c.id, a.id]);
    // A new note placed at a taken position goes right before the note that held it.
    const d = await make({ parent_id: parent.id, position: (await show(a.id)).position });
    expect(await childrenOf(parent.id)).toEqual([b.id, c.id, d.id, a.id]);
  });

  it('re-parents a note (last among its new siblings unless placed) and outdents it to the top level', async () => {
    const p1 = await make();
    const p2 = await make();
    const x = await make({ parent_id: p2.id });
    const moving = await make({ parent_id: p1.id, tags: 'moving' });
    const moved = expectOk(await update(moving.id, { parent_id: p2.id }), noteEnvelope).page;
    expect(moved.parent_id).toBe(p2.id);
    expect(await childrenOf(p2.id)).toEqual([x.id, moving.id]);
    expect(await childrenOf(p1.id)).toEqual([]);
    await update(moving.id, { parent_id: p2.id, position: x.position });
    expect(await childrenOf(p2.id)).toEqual([moving.id, x.id]);
    const top = expectOk(await update(moving.id, { parent_id: null }), noteEnvelope).page;
    expect(top.parent_id).toBeNull();
    expect((await childrenOf(null)).at(-1)).toBe(moving.id);
    const audit = JSON.parse((await lastAudit(t, 'Page', moving.id)).changes) as Record<string, unknown>;
    expect(audit.parent_id).toEqual([Number(p2.id), null]);
  });

  it('lists the whole tree in one request: top level first, then each parent’s children in order', async () => {
    const root = await make({ name: 'Tree root' });
    const kids = [await make({ parent_id: root.id }), await make({ parent_id: root.id })];
    const res = await api.call('GET /products/{product_id}/pages', { params: { product_id: 'PLN' }, query: { per_page: NOTE_TREE_MAX } });
    const body = res.data();
    expect(body.pagination.total_records).toBe(body.pages.length);
    const ids = body.pages.map((p) => p.id);
    expect(ids.indexOf(root.id)).toBeLessThan(ids.indexOf(kids[0]?.id ?? ''));
    const item = body.pages.find((p) => p.id === root.id);
    expect(Object.keys(item ?? {}).sort()).toEqual(
      ['created_at', 'id', 'name', 'parent_id', 'position', 'reference_num', 'resource', 'title', 'url'].sort(),
    );
    // Every parent of the list is in the list: the tree is whole.
    const all = new Set(ids);
    for (const p of body.pages) if (p.parent_id) expect(all.has(p.parent_id)).toBe(true);

    const paged = expectOk(
      await api.call('GET /products/{product_id}/pages', { params: { product_id: 'PLN' }, query: { per_page: 2 } }),
      notePage,
    );
    expect(paged.pages).toHaveLength(2);
    expect(paged.pagination.total_records).toBe(body.pages.length);
    const tooMany = await api.send('GET /products/{product_id}/pages', {
      params: { product_id: 'PLN' },
      query: { per_page: NOTE_TREE_MAX + 1 },
    });
    expect(tooMany.status).toBe(400);
    const whole = expectOk(
      await api.call('GET /products/{product_id}/pages', {
        params: { product_id: 'PLN' },
        query: { fields: 'workflow_status,tags', q: 'Tree root' },
      }),
      notePage,
    );
    expect(whole.pages.map((p) => p.id)).toEqual([root.id]);
    expect(whole.pages[0]?.workflow_status?.name).toBe('Draft');
    const other = expectOk(
      await api.call('GET /products/{product_id}/pages', { params: { product_id: 'MOB' }, query: { per_page: NOTE_TREE_MAX } }),
      notePage,
    );
    expect(other.pages.map((p) => p.id)).not.toContain(root.id);
  });
});

describe('deleting a note', () => {
  it('takes its subtree into the recycle bin as one deletion, and leaves its siblings in order', async () => {
    const parent = await make();
    const before = await make({ parent_id: parent.id });
    const doomed = await make({ parent_id: parent.id, tags: 'gone' });
    const after = await make({ parent_id: parent.id });
    const child = await make({ parent_id: doomed.id, tags: 'child-tag,second' });
    const grandchild = await make({ parent_id: child.id });
    const counts = await rowCounts(t, ['pages', 'deletions', 'page_tags']);

    const res = await api.call('DELETE /pages/{id}', { params: { id: doomed.reference_num } });
    expect(res.status).toBe(204);
    expect(await rowCounts(t, ['pages', 'deletions', 'page_tags'])).toEqual({
      pages: counts.pages - 3,
      deletions: counts.deletions + 1,
      page_tags: counts.page_tags - 3,
    });
    for (const id of [doomed.id, child.id, grandchild.id]) expect((await api.call('GET /pages/{id}', { params: { id } })).status).toBe(404);
    expect(await childrenOf(parent.id)).toEqual([before.id, after.id]);

    const payload = JSON.parse((await deletionOf(t, 'Page', doomed.id)).payload) as Record<string, { id?: number; page_id?: number }[]>;
    expect(payload.pages?.map((p) => String(p.id))).toEqual([doomed.id, child.id, grandchild.id]);
    expect(payload.page_tags?.map((p) => String(p.page_id)).sort()).toEqual([child.id, child.id, doomed.id].sort());
    expect((await lastAudit(t, 'Page', doomed.id)).audit_action).toBe('destroy');
  });

  it('deletes under its product only', async () => {
    const note = await make();
    expect((await api.call('DELETE /products/{product_id}/pages/{id}', { params: { product_id: 'MOB', id: note.id } })).status).toBe(404);
    expect((await api.call('DELETE /products/{product_id}/pages/{id}', { params: { product_id: 'PLN', id: note.id } })).status).toBe(204);
  });
});

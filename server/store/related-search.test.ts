// The related-idea search (store/related-search.ts) against scoring every match in JavaScript: for
// texts that take each of its ways (the threshold alone, the two-word list, SQL), any page, with
// and without a portal, it answers the same ids in the same order, pages never repeat or skip an
// idea, and the total counts every match. The index it reads (migration 14) follows every write
// to an idea: words as FTS5 splits them, counts per word, spam, merges, portals and deletes. On
// SQLite or PostgreSQL, whichever the pass runs on (TEST_DATABASE_URL): both must suggest alike.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from './db';
import type { Store } from './db';
import { dialectOf } from './dialect';
import { RELATED_LIMITS, relatedIdf, relatedSearch, relatedWords } from './related-search';
import type { RelatedLimits, RelatedPath } from './related-search';
import { seedAccount } from '../seed/seed';
import { onPostgres, tempDirs, testDatabase } from '../test/harness';
import { sqlRows, sqlValue } from '../test/sql';

const dataDir = tempDirs('planner-related-');
let store: Store;
let database: Awaited<ReturnType<typeof testDatabase>> = null;
let insert: (name: string, description: string | null, portal?: number | null) => Promise<number>;
let portals: number[];

/** A small deterministic random source, so a failure repeats. */
function random(seed: number): () => number {
  let s = seed;
  return () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
}

beforeAll(async () => {
  database = await testDatabase();
  store = await openStore(dataDir(), { databaseUrl: database?.url });
  await seedAccount(store.db, 'demo');
  const product = Number(await sqlValue(store, 'SELECT id FROM products ORDER BY id LIMIT 1'));
  const status = Number(
    await sqlValue(
      store,
      "SELECT s.id FROM workflow_statuses s JOIN workflows w ON w.id = s.workflow_id WHERE w.product_id = ? AND w.statusable_type = 'Idea' ORDER BY s.id LIMIT 1",
      product,
    ),
  );
  portals = (await sqlRows<{ id: number }>(store, 'SELECT id FROM idea_portals ORDER BY id')).map((r) => Number(r.id));
  let n = 0;
  const row = (name: string, description: string | null, portal: number | null) => {
    const at = new Date().toISOString();
    return {
      product_id: product,
      reference_num: `REL-I-${++n}`,
      name,
      description,
      workflow_status_id: status,
      created_by_email: 'related@example.com',
      created_at: at,
      updated_at: at,
      submitted_idea_portal_id: portal,
    };
  };
  insert = async (name, description, portal = null) =>
    Number(
      (
        await store.db
          .insertInto('ideas')
          .values(row(name, description, portal))
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
  const next = random(7);
  const rows: ReturnType<typeof row>[] = [];
  // Many ideas alike (the bench's shape: exact ties, two broad words that never meet) …
  const topics = ['export', 'timeline', 'dark mode', 'calendar', 'sharing'];
  for (let i = 0; i < 400; i++) {
    const word = topics[i % topics.length] ?? '';
    const other = topics[(i * 3) % topics.length] ?? '';
    rows.push(
      row(
        `Quokka ${i}: ${word} with ${other}`,
        `<p>Customers ask for ${word} and ${other}.</p>`,
        i % 4 === 0 ? (portals[0] ?? null) : null,
      ),
    );
  }
  // … and texts of words drawn unevenly from a small vocabulary, with completions of a prefix.
  const vocabulary = ['the', 'and', 'report', 'reports', 'reporting', 'roadmap', 'sync', 'synced', 'jira', 'slack', 'mobile', 'offline'];
  const vocabularyMore = ['walrus', 'bulk', 'edit', 'filters', 'saved', 'views', 'alerts', 'email', 'digest', 'widget', 'export'];
  const draw = (): string => {
    const r = next();
    return r < 0.5
      ? (vocabulary[Math.floor(next() * vocabulary.length)] ?? '')
      : (vocabularyMore[Math.floor(next() * vocabularyMore.length)] ?? '');
  };
  const text = (n: number): string => Array.from({ length: n }, draw).join(' ');
  for (let i = 0; i < 600; i++) {
    const portal = next() < 0.3 ? (portals[Math.floor(next() * portals.length)] ?? null) : null;
    rows.push(row(text(2 + Math.floor(next() * 5)), next() < 0.2 ? null : `<p>${text(3 + Math.floor(next() * 25))}</p>`, portal));
  }
  // One transaction of multi-row inserts, in id order: a round trip per idea is slow on PostgreSQL.
  await store.db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += 100)
      await trx
        .insertInto('ideas')
        .values(rows.slice(i, i + 100))
        .execute();
  });
});
afterAll(async () => {
  await store.close();
  await database?.drop();
});

/** Every match of `q` scored here from the index's rows, best first, ties by id. */
async function everyMatch(q: string, portalId: number | undefined): Promise<number[]> {
  const ideas = Number(await sqlValue(store, 'SELECT ideas FROM ideas_related_stats'));
  const rows = await sqlRows<{ idea_id: number; term: string; impact: number; portal_id: number | null }>(
    store,
    'SELECT idea_id, term, impact, portal_id FROM ideas_related_terms',
  );
  const vocab = await sqlRows<{ term: string; ideas: number }>(store, 'SELECT term, ideas FROM ideas_related_vocab');
  const words = relatedWords(q).map((w) => ({
    w,
    idf: relatedIdf(
      ideas,
      vocab.filter((v) => v.term.startsWith(w)).reduce((s, v) => s + v.ideas, 0),
    ),
  }));
  const best = new Map<number, number[]>();
  for (const r of rows) {
    if (portalId !== undefined && r.portal_id !== portalId) continue;
    words.forEach((word, i) => {
      if (!r.term.startsWith(word.w)) return;
      const per = best.get(r.idea_id) ?? words.map(() => 0);
      per[i] = Math.max(per[i] ?? 0, r.impact);
      best.set(r.idea_id, per);
    });
  }
  return [...best]
    .map(([id, per]) => ({ id, score: per.reduce((s, impact, i) => s + impact * (words[i]?.idf ?? 0), 0) }))
    .sort((a, b) => b.score - a.score || a.id - b.id)
    .map((r) => r.id);
}

async function page(q: string, portalId: number | undefined, limit: number, offset: number, limits: RelatedLimits = RELATED_LIMITS) {
  const search = relatedSearch(dialectOf(store.db).relatedIndex, q, portalId, limits);
  if (!search) throw new Error(`no words in ${q}`);
  const how: { path?: RelatedPath } = {};
  const ids = await search.page(store.db, limit, offset, how);
  return { ids, how: how.path, total: Number((await search.count.execute(store.db)).rows[0]?.n) };
}

describe('the related-idea search', () => {
  it('answers what scoring every match answers, page by page, whichever way it takes', async () => {
    const texts = [
      'timeline export',
      'export',
      'dark mode',
      'calendar sharing export',
      'customers export timeline',
      'the report',
      'report sync jira',
      'syn rep',
      'walrus bulk edit saved views',
      'the and slack offline',
      'quokka',
      'exp tim',
      'widget digest email alerts filters',
    ];
    const ways = new Set<string>();
    for (const q of texts) {
      for (const portalId of [undefined, portals[0]]) {
        const expected = await everyMatch(q, portalId);
        for (const [limit, offset] of [
          [10, 0],
          [10, 10],
          [30, 0],
          [7, 63],
          [50, 950],
        ] as const) {
          const want = expected.slice(offset, offset + limit);
          const fast = await page(q, portalId, limit, offset);
          expect(fast.ids, `${q} ${String(portalId)} ${limit}/${offset} (${fast.how ?? ''})`).toEqual(want);
          expect(fast.total).toBe(expected.length);
          ways.add(fast.how ?? 'none');
          // Scored in SQL at once, and after the threshold with no room for the two-word list
          // (the weakest words then only complete the scores of ideas holding a stronger one).
          expect((await page(q, portalId, limit, offset, { ...RELATED_LIMITS, maxRank: 0 })).ids).toEqual(want);
          const cramped = await page(q, portalId, limit, offset, { ...RELATED_LIMITS, pairBudget: 0 });
          expect(cramped.ids).toEqual(want);
          ways.add(`cramped ${cramped.how ?? 'none'}`);
        }
      }
    }
    // Every way was taken (the threshold alone, the two-word list, SQL after the threshold).
    expect([...ways].sort()).toEqual(['cramped pairs', 'cramped scan', 'cramped threshold', 'pairs', 'threshold']);
  });

  it('pages through a broad text without repeating or skipping an idea', async () => {
    const all = await everyMatch('export timeline', undefined);
    expect(all.length).toBeGreaterThan(200);
    const seen: number[] = [];
    for (let offset = 0; offset < all.length; offset += 25) seen.push(...(await page('export timeline', undefined, 25, offset)).ids);
    expect(seen).toEqual(all);
  });

  it('ranks a name match above a description match, and exact ties by id', async () => {
    const inDescription = await insert('Platypus unrelated title', '<p>mentions zebrafish once</p>');
    const inName = await insert('Zebrafish import', '<p>nothing else</p>');
    const twinA = await insert('Zebrafish twins', null);
    const twinB = await insert('Zebrafish twins', null);
    const { ids } = await page('zebrafish', undefined, 10, 0);
    expect(ids.indexOf(inName)).toBeLessThan(ids.indexOf(inDescription));
    expect(ids.indexOf(twinA)).toBe(ids.indexOf(twinB) - 1);
    expect(ids.at(-1)).toBe(inDescription);
  });

  it('splits and folds a text as the index does', async () => {
    for (const text of [
      'Café Crème brûlée',
      'Straße über NAÏVE façade',
      'Ångström œuvre Øresund',
      'Ελληνικά κείμενα',
      'Русский текст',
      'don’t-stop e-mail user_name x.y.z 2024-05 v2beta',
      'ＦＵＬＬwidth',
    ]) {
      const id = await insert(text, null);
      const indexed = (
        await sqlRows<{ term: string }>(store, 'SELECT term FROM ideas_related_terms WHERE idea_id = ? ORDER BY term', id)
      ).map((r) => r.term);
      expect(relatedWords(text).sort(), text).toEqual(indexed.filter((t) => [...t].length >= 3));
    }
  });

  it('follows every write to an idea: words, counts, spam, merges, portals and deletes', async () => {
    const indexed = async (id: number): Promise<string[]> =>
      (await sqlRows<{ term: string }>(store, 'SELECT term FROM ideas_related_terms WHERE idea_id = ? ORDER BY term', id)).map(
        (r) => r.term,
      );
    const run = (text: string, ...params: unknown[]) => sqlRows(store, text, ...params);
    const check = async (): Promise<void> => {
      // The counts agree with the rows, and the rows with the ideas that may be suggested.
      expect(Number(await sqlValue(store, 'SELECT ideas FROM ideas_related_stats'))).toBe(
        Number(await sqlValue(store, 'SELECT count(*) FROM ideas WHERE spam = 0 AND duplicate_of_id IS NULL')),
      );
      expect(await run('SELECT term, ideas FROM ideas_related_vocab ORDER BY term')).toEqual(
        await run('SELECT term, count(*) AS ideas FROM ideas_related_terms GROUP BY term ORDER BY term'),
      );
      // Portal ids are positive, so 0 stands for none (`IS NOT` is SQLite's alone).
      expect(
        Number(
          await sqlValue(
            store,
            `SELECT count(*) FROM ideas_related_terms t JOIN ideas i ON i.id = t.idea_id
             WHERE i.spam = 1 OR i.duplicate_of_id IS NOT NULL OR coalesce(t.portal_id, 0) <> coalesce(i.submitted_idea_portal_id, 0)`,
          ),
        ),
      ).toBe(0);
      // SQLite's triggers read each idea's words through an FTS5 table they empty again; PostgreSQL has none.
      if (!onPostgres) expect(Number(await sqlValue(store, 'SELECT count(*) FROM ideas_related_tokens_v'))).toBe(0);
    };
    const id = await insert('Capybara roadmap', '<p>Capybara words</p>', portals[0] ?? null);
    const target = await insert('Capybara target', null);
    await check();
    expect(await indexed(id)).toEqual(['capybara', 'p', 'roadmap', 'words']);
    await run("UPDATE ideas SET name = 'Wombat roadmap' WHERE id = ?", id);
    expect(await indexed(id)).toEqual(['capybara', 'p', 'roadmap', 'wombat', 'words']);
    await run('UPDATE ideas SET description = NULL, submitted_idea_portal_id = ? WHERE id = ?', portals[1] ?? null, id);
    expect(await indexed(id)).toEqual(['roadmap', 'wombat']);
    await check();
    await run('UPDATE ideas SET spam = 1 WHERE id = ?', id);
    expect(await indexed(id)).toEqual([]);
    await check();
    await run('UPDATE ideas SET spam = 0 WHERE id = ?', id);
    expect((await page('wombat', undefined, 10, 0)).ids).toEqual([id]);
    await run('UPDATE ideas SET duplicate_of_id = ? WHERE id = ?', target, id);
    expect((await page('wombat', undefined, 10, 0)).ids).toEqual([]);
    await check();
    await run('UPDATE ideas SET duplicate_of_id = NULL WHERE id = ?', id);
    await check();
    await run('DELETE FROM ideas WHERE id IN (?, ?)', id, target);
    expect(await indexed(id)).toEqual([]);
    await check();
  });
});

// The related-idea search (store/related-search.ts) against scoring every match in JavaScript: for
// texts that take each of its ways (the threshold alone, the two-word list, SQL), any page, with
// and without a portal, it answers the same ids in the same order, pages never repeat or skip an
// idea, and the total counts every match. The index it reads (migration 14) follows every write
// to an idea: words as FTS5 splits them, counts per word, spam, merges, portals and deletes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from './db';
import type { Store } from './db';
import { dialectOf } from './dialect';
import { RELATED_LIMITS, relatedIdf, relatedSearch, relatedWords } from './related-search';
import type { RelatedLimits, RelatedPath } from './related-search';
import { seedAccount } from '../seed/seed';
import { tempDirs } from '../test/harness';

const dataDir = tempDirs('planner-related-');
let store: Store;
let insert: (name: string, description: string | null, portal?: number | null) => number;
let portals: number[];

/** A small deterministic random source, so a failure repeats. */
function random(seed: number): () => number {
  let s = seed;
  return () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
}

beforeAll(async () => {
  store = await openStore(dataDir());
  await seedAccount(store.db, 'demo');
  const sqlite = store.sqlite;
  const product = sqlite.prepare('SELECT id FROM products ORDER BY id LIMIT 1').pluck().get() as number;
  const status = sqlite
    .prepare(
      "SELECT s.id FROM workflow_statuses s JOIN workflows w ON w.id = s.workflow_id WHERE w.product_id = ? AND w.statusable_type = 'Idea' LIMIT 1",
    )
    .pluck()
    .get(product) as number;
  portals = sqlite.prepare('SELECT id FROM idea_portals ORDER BY id').pluck().all() as number[];
  const add = sqlite.prepare(
    `INSERT INTO ideas (product_id, reference_num, name, description, workflow_status_id, created_by_email, created_at, updated_at,
       submitted_idea_portal_id) VALUES (?, ?, ?, ?, ?, 'related@example.com', ?, ?, ?)`,
  );
  let n = 0;
  insert = (name, description, portal = null) => {
    const at = new Date().toISOString();
    return Number(add.run(product, `REL-I-${++n}`, name, description, status, at, at, portal).lastInsertRowid);
  };
  const next = random(7);
  // Many ideas alike (the bench's shape: exact ties, two broad words that never meet) …
  const topics = ['export', 'timeline', 'dark mode', 'calendar', 'sharing'];
  sqlite.transaction(() => {
    for (let i = 0; i < 400; i++) {
      const word = topics[i % topics.length] ?? '';
      const other = topics[(i * 3) % topics.length] ?? '';
      insert(
        `Quokka ${i}: ${word} with ${other}`,
        `<p>Customers ask for ${word} and ${other}.</p>`,
        i % 4 === 0 ? (portals[0] ?? null) : null,
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
      insert(text(2 + Math.floor(next() * 5)), next() < 0.2 ? null : `<p>${text(3 + Math.floor(next() * 25))}</p>`, portal);
    }
  })();
});
afterAll(async () => {
  await store.close();
});

/** Every match of `q` scored here from the index's rows, best first, ties by id. */
function everyMatch(q: string, portalId: number | undefined): number[] {
  const sqlite = store.sqlite;
  const ideas = sqlite.prepare('SELECT ideas FROM ideas_related_stats').pluck().get() as number;
  const rows = sqlite.prepare('SELECT idea_id, term, impact, portal_id FROM ideas_related_terms').all() as {
    idea_id: number;
    term: string;
    impact: number;
    portal_id: number | null;
  }[];
  const vocab = sqlite.prepare('SELECT term, ideas FROM ideas_related_vocab').all() as { term: string; ideas: number }[];
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
        const expected = everyMatch(q, portalId);
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
    const all = everyMatch('export timeline', undefined);
    expect(all.length).toBeGreaterThan(200);
    const seen: number[] = [];
    for (let offset = 0; offset < all.length; offset += 25) seen.push(...(await page('export timeline', undefined, 25, offset)).ids);
    expect(seen).toEqual(all);
  });

  it('ranks a name match above a description match, and exact ties by id', async () => {
    const inDescription = insert('Platypus unrelated title', '<p>mentions zebrafish once</p>');
    const inName = insert('Zebrafish import', '<p>nothing else</p>');
    const twinA = insert('Zebrafish twins', null);
    const twinB = insert('Zebrafish twins', null);
    const { ids } = await page('zebrafish', undefined, 10, 0);
    expect(ids.indexOf(inName)).toBeLessThan(ids.indexOf(inDescription));
    expect(ids.indexOf(twinA)).toBe(ids.indexOf(twinB) - 1);
    expect(ids.at(-1)).toBe(inDescription);
  });

  it('splits and folds a text as the index does', () => {
    const sqlite = store.sqlite;
    for (const text of [
      'Café Crème brûlée',
      'Straße über NAÏVE façade',
      'Ångström œuvre Øresund',
      'Ελληνικά κείμενα',
      'Русский текст',
      'don’t-stop e-mail user_name x.y.z 2024-05 v2beta',
      'ＦＵＬＬwidth',
    ]) {
      const id = insert(text, null);
      const indexed = sqlite.prepare('SELECT term FROM ideas_related_terms WHERE idea_id = ? ORDER BY term').pluck().all(id) as string[];
      expect(relatedWords(text).sort(), text).toEqual(indexed.filter((t) => [...t].length >= 3));
    }
  });

  it('follows every write to an idea: words, counts, spam, merges, portals and deletes', async () => {
    const sqlite = store.sqlite;
    const indexed = (id: number): string[] =>
      sqlite.prepare('SELECT term FROM ideas_related_terms WHERE idea_id = ? ORDER BY term').pluck().all(id) as string[];
    const check = (): void => {
      // The counts agree with the rows, and the rows with the ideas that may be suggested.
      expect(sqlite.prepare('SELECT ideas FROM ideas_related_stats').pluck().get()).toBe(
        sqlite.prepare('SELECT count(*) FROM ideas WHERE spam = 0 AND duplicate_of_id IS NULL').pluck().get(),
      );
      expect(sqlite.prepare('SELECT term, ideas FROM ideas_related_vocab ORDER BY term').all()).toEqual(
        sqlite.prepare('SELECT term, count(*) AS ideas FROM ideas_related_terms GROUP BY term ORDER BY term').all(),
      );
      expect(
        sqlite
          .prepare(
            `SELECT count(*) FROM ideas_related_terms t JOIN ideas i ON i.id = t.idea_id
             WHERE i.spam = 1 OR i.duplicate_of_id IS NOT NULL OR t.portal_id IS NOT i.submitted_idea_portal_id`,
          )
          .pluck()
          .get(),
      ).toBe(0);
      expect(sqlite.prepare('SELECT count(*) FROM ideas_related_tokens_v').pluck().get()).toBe(0);
    };
    const id = insert('Capybara roadmap', '<p>Capybara words</p>', portals[0] ?? null);
    const target = insert('Capybara target', null);
    check();
    expect(indexed(id)).toEqual(['capybara', 'p', 'roadmap', 'words']);
    sqlite.prepare("UPDATE ideas SET name = 'Wombat roadmap' WHERE id = ?").run(id);
    expect(indexed(id)).toEqual(['capybara', 'p', 'roadmap', 'wombat', 'words']);
    sqlite.prepare('UPDATE ideas SET description = NULL, submitted_idea_portal_id = ? WHERE id = ?').run(portals[1] ?? null, id);
    expect(indexed(id)).toEqual(['roadmap', 'wombat']);
    check();
    sqlite.prepare('UPDATE ideas SET spam = 1 WHERE id = ?').run(id);
    expect(indexed(id)).toEqual([]);
    check();
    sqlite.prepare('UPDATE ideas SET spam = 0 WHERE id = ?').run(id);
    expect((await page('wombat', undefined, 10, 0)).ids).toEqual([id]);
    sqlite.prepare('UPDATE ideas SET duplicate_of_id = ? WHERE id = ?').run(target, id);
    expect((await page('wombat', undefined, 10, 0)).ids).toEqual([]);
    check();
    sqlite.prepare('UPDATE ideas SET duplicate_of_id = NULL WHERE id = ?').run(id);
    check();
    sqlite.prepare('DELETE FROM ideas WHERE id IN (?, ?)').run(id, target);
    expect(indexed(id)).toEqual([]);
    check();
  });
});

// The related-idea search (duplicate suggestions while an idea's name is typed): the ideas sharing
// words of a text, best first, one page at a time — without scoring every match. A broad text
// matches a third of 100,000 ideas, and FTS5's bm25 over each of them cost 17 ms a page.
//
// The ranking. Each word of the text (three letters or more) matches the words of an idea's name
// or description that start with it (`expo` finds `export` and `exports`). An idea's score adds,
// for each word it matches, the word's idf times the word's best impact in the idea (migration 14:
// BM25F's term part — a name occurrence weighs ten description ones — length-normalised against
// fixed reference lengths). idf is Lucene's, log(1 + (N − n + 0.5) / (n + 0.5)), with N the ideas
// indexed and n those holding the word (the sum over its completions, at most N): never negative,
// so among a handful of ideas a closer match still ranks first. Idf and impacts are integers
// (thousandths, millionths), so scores are exact integers, computed alike in SQL and here: ties are
// real and go by id, oldest first, and the pages of one ranking never repeat or skip an idea.
//
// The search is exact (Fagin's threshold algorithm, with the full-text index for what it cannot
// settle). For a page ending at rank k:
// 1. Each word's k best ideas are read from the impact index (each completion's list, merged) and
//    scored exactly (their impacts for every word looked up). θ is the k-th best of those scores.
// 2. An unread idea scores for each of its words at most that word's cut (idf × the best impact
//    left unread). One holding a single word ranks behind that word's k read ideas, so only a set
//    of two words or more whose cuts add up to θ can lift an unread idea that far (to exactly θ
//    only with an id below the k-th's). Usually no set can (`threats`), and the page is known.
// 3. Otherwise the full-text index lists the ideas holding such a set (an AND of the words, cheap
//    in FTS5 and short when the words rarely meet: the bench's two words never do), and those are
//    scored too.
// 4. When that list runs past a budget (words that often meet, deep pages), every idea holding a
//    word is scored in SQL — the same integers, so the same order — leaving out early those that
//    cannot reach θ: the weakest words, whose best contributions add up to less than θ, only
//    complete the scores of ideas that hold a stronger one (MaxScore).
import type { QueryExecutorProvider, RawBuilder } from 'kysely';

/** The index's SQL, from the store's dialect (store/dialect.ts). Words are lower case, diacritics removed. */
export interface RelatedIndex {
  /** How many ideas the index holds. */
  ideaCount(): RawBuilder<{ n: number }>;
  /** The index's words starting with each of `prefixes` (`prefix` is its position), and how many ideas hold each. */
  completions(prefixes: readonly string[]): RawBuilder<{ prefix: number; term: string; ideas: number }>;
  /** The ideas holding `term` (of portal `portalId` when given), best impact first, ties by id. */
  byImpact(term: string, portalId: number | undefined, limit: number): RawBuilder<{ id: number; impact: number }>;
  /** The impacts of `terms` in the ideas `ids` (the pairs that exist). */
  impacts(ids: readonly number[], terms: readonly string[]): RawBuilder<{ id: number; term: string; impact: number }>;
  /** How many ideas (of the portal) hold a word starting with any of `prefixes`: the full-text index's count. */
  count(prefixes: readonly string[], portalId: number | undefined): RawBuilder<{ n: number }>;
  /** Up to `limit` ideas (of the portal) of any of `groups`, through the full-text index. */
  holding(groups: readonly WordGroup[], portalId: number | undefined, limit: number): RawBuilder<{ id: number }>;
  /**
   * The ideas (of the portal) holding a word starting with a `strong` prefix, scored in SQL — Σ idf
   * × best impact among each prefix's completions (`terms`, all of them), `weak` prefixes looked up
   * per idea — keeping those whose strong part reaches `floor`; best first, ties by id: one page.
   */
  ranked(
    strong: readonly RankedWord[],
    weak: readonly RankedWord[],
    floor: number,
    portalId: number | undefined,
    limit: number,
    offset: number,
  ): RawBuilder<{ id: number; score: number }>;
}

/** A word as the SQL scoring takes it: its completions and its idf. */
export interface RankedWord {
  prefix: string;
  terms: readonly string[];
  idf: number;
}

/** Where the search stops reading the impact index and scores in SQL instead. */
export interface RelatedLimits {
  /** Deepest rank read from the impact index (a page ending past it is scored in SQL). */
  maxRank: number;
  /** Most completions of all words read one by one. */
  maxTerms: number;
  /** Most ideas the full-text index may list in step 3 (each is scored by look-ups). */
  pairBudget: number;
}

export const RELATED_LIMITS: RelatedLimits = { maxRank: 1_000, maxTerms: 64, pairBudget: 1_000 };

export interface RelatedSearch {
  /** The total: ideas matching any word. */
  count: RawBuilder<{ n: number }>;
  /** The ids of one page, best first; `how` (for tests and benchmarks) says which way it was found. */
  page(db: QueryExecutorProvider, limit: number, offset: number, how?: { path?: RelatedPath }): Promise<number[]>;
}

/** How a page was found: by the threshold alone, with the ideas the full-text index listed, or in SQL. */
export type RelatedPath = 'threshold' | 'pairs' | 'scan';

const MAX_WORDS = 32;

/**
 * The words of a text as the index holds them (FTS5's unicode61 with remove_diacritics 2): split on
 * anything but letters and digits, lower case, Latin letters' diacritics dropped; three letters or
 * more, each once.
 */
export function relatedWords(q: string): string[] {
  // Like unicode61, only Latin letters lose their marks (é → e, but Greek ά and Cyrillic й stay).
  const folded = q
    .toLowerCase()
    .normalize('NFD')
    .replace(/(\p{Script=Latin})\p{Mn}+/gu, '$1')
    .normalize('NFC');
  const words = [...new Set(folded.split(/[^\p{L}\p{N}\p{Co}]+/u))].filter((w) => [...w].length >= 3);
  return words.slice(0, MAX_WORDS);
}

/** Lucene's idf in thousandths, at least 1 (so an idea's score always grows with a word's impact). */
export function relatedIdf(ideas: number, holding: number): number {
  const n = Math.min(ideas, holding);
  return Math.max(1, Math.round(1000 * Math.log(1 + (ideas - n + 0.5) / (n + 0.5))));
}

interface Word extends RankedWord {
  terms: string[];
  /** Ideas holding one of its completions (an idea holding two counts twice). */
  holding: number;
  /** Its best impact in any idea (of the portal). */
  top: number;
  /** The most an idea not read from its lists can score for it. */
  cut: number;
  /** The lowest id an unread idea scoring exactly `cut` for it can have. */
  tieId: number;
}

interface Scored {
  id: number;
  score: number;
}

const best = (a: Scored, b: Scored): number => b.score - a.score || a.id - b.id;

/** The related-idea search of `q` (of portal `portalId`), or null when `q` has no word to search. */
export function relatedSearch(
  index: RelatedIndex,
  q: string,
  portalId: number | undefined,
  limits: RelatedLimits = RELATED_LIMITS,
): RelatedSearch | null {
  const prefixes = relatedWords(q);
  if (prefixes.length === 0) return null;
  return {
    count: index.count(prefixes, portalId),
    page: (db, limit, offset, how) => rankedPage(index, db, { prefixes, portalId, limits }, limit, offset, how),
  };
}

async function rankedPage(
  index: RelatedIndex,
  db: QueryExecutorProvider,
  search: { prefixes: string[]; portalId: number | undefined; limits: RelatedLimits },
  limit: number,
  offset: number,
  how: { path?: RelatedPath } = {},
): Promise<number[]> {
  const { portalId, limits } = search;
  const rows = async <R>(query: RawBuilder<R>): Promise<R[]> => (await query.execute(db)).rows;
  const ideas = Number((await rows(index.ideaCount()))[0]?.n ?? 0);
  const all: Word[] = search.prefixes.map((prefix) => ({ prefix, terms: [], holding: 0, idf: 0, top: 0, cut: 0, tieId: 0 }));
  for (const c of await rows(index.completions(search.prefixes))) {
    const word = all[c.prefix];
    if (!word) continue;
    word.terms.push(c.term);
    word.holding += c.ideas;
  }
  // A word no idea holds matches nothing and weighs nothing.
  const words = all.filter((w) => w.terms.length > 0);
  for (const w of words) w.idf = relatedIdf(ideas, w.holding);
  if (words.length === 0 || limit <= 0) return [];
  const k = offset + limit;
  const page = (ranked: readonly Scored[]): number[] => ranked.slice(offset, k).map((r) => r.id);
  // 4. Every idea scored in SQL; those that cannot reach θ (a lower bound of the k-th best score)
  // left out early: the weakest words, whose best contributions add up to less than θ, only
  // complete the scores of ideas holding a stronger word.
  const scan = async (theta: number): Promise<number[]> => {
    how.path = 'scan';
    const byReach = [...words].sort((a, b) => a.idf * a.top - b.idf * b.top);
    let weak = 0;
    let reach = 0;
    while (weak < byReach.length && reach + (byReach[weak]?.idf ?? 0) * (byReach[weak]?.top ?? 0) < theta) {
      reach += (byReach[weak]?.idf ?? 0) * (byReach[weak]?.top ?? 0);
      weak++;
    }
    const ranked = await rows(index.ranked(byReach.slice(weak), byReach.slice(0, weak), theta - reach, portalId, limit, offset));
    return ranked.map((r) => r.id);
  };
  if (k > limits.maxRank || words.reduce((n, w) => n + w.terms.length, 0) > limits.maxTerms) return scan(0);

  // Exact scores: each word's best impact among its completions, times its idf, summed.
  const termWords = new Map<string, number[]>();
  words.forEach((w, i) => w.terms.forEach((t) => termWords.set(t, [...(termWords.get(t) ?? []), i])));
  const terms = [...termWords.keys()];
  const scores = new Map<number, number>();
  const score = async (ids: readonly number[]): Promise<void> => {
    const fresh = ids.filter((id) => !scores.has(id));
    if (fresh.length === 0) return;
    const impacts = new Map<number, number[]>(fresh.map((id) => [id, words.map(() => 0)]));
    for (const r of await rows(index.impacts(fresh, terms))) {
      const per = impacts.get(r.id);
      if (!per) continue;
      for (const i of termWords.get(r.term) ?? []) per[i] = Math.max(per[i] ?? 0, r.impact);
    }
    for (const [id, per] of impacts)
      scores.set(
        id,
        per.reduce((s, impact, i) => s + impact * (words[i]?.idf ?? 0), 0),
      );
  };
  const ranking = (): Scored[] => [...scores].map(([id, s]) => ({ id, score: s })).sort(best);

  // 1. Each word's k best ideas, scored; the most an unread idea can score for the word (its cut)
  // and the lowest id an unread idea scoring exactly that can have.
  how.path = 'threshold';
  const read = new Set<number>();
  for (const w of words) {
    const entries: { id: number; impact: number }[] = [];
    let cut = 0;
    let tieId = Infinity;
    const bound = (impact: number, id: number): void => {
      if (impact > cut) [cut, tieId] = [impact, id];
      else if (impact === cut) tieId = Math.min(tieId, id);
    };
    for (const term of w.terms) {
      const list = await rows(index.byImpact(term, portalId, k));
      const last = list[k - 1];
      // Unread ideas of a list cut short come after its last read one (impact, then id).
      if (last) bound(last.impact, last.id + 1);
      entries.push(...list);
    }
    // Completions merged: an idea counts once, at its best (first) entry.
    if (w.terms.length > 1) entries.sort((a, b) => b.impact - a.impact || a.id - b.id);
    w.top = entries[0]?.impact ?? 0;
    const mine = new Set<number>();
    let i = 0;
    for (; i < entries.length && mine.size < k; i++) mine.add(entries[i]?.id ?? 0);
    const next = entries.slice(i).find((e) => !mine.has(e.id));
    if (next) bound(next.impact, next.id);
    w.cut = w.idf * cut;
    w.tieId = tieId;
    for (const id of mine) read.add(id);
  }
  await score([...read]);
  const ranked = ranking();
  const groups = threats(words, ranked[k - 1]);
  if (groups.length === 0) return page(ranked);

  // 3. The unread ideas that could still reach the k-th best, from the full-text index: an AND,
  // cheap, and short when the words rarely meet.
  const listed = await rows(index.holding(groups, portalId, limits.pairBudget + 1));
  if (listed.length <= limits.pairBudget) {
    how.path = 'pairs';
    await score(listed.map((r) => r.id));
    return page(ranking());
  }
  return scan(ranked[k - 1]?.score ?? 0);
}

/**
 * Ideas holding a word of each of `all`, and one of `any` when it is not empty; a word is the list
 * of its completions (exact words: the full-text index streams exact words, where it gathers every
 * completion of a prefix first).
 */
export interface WordGroup {
  all: string[][];
  any: string[][];
}

/** Past this many open words, the word sets that can reach θ are not listed one by one. */
const MAX_LISTED_WORDS = 10;
const MAX_GROUPS = 64;

/**
 * 2. Which unread ideas can still reach the k-th best read (`kth`): none when fewer than k were
 * read (every list was read to its end). An unread idea holding one word ranks behind that word's
 * k read ideas (they score at least as much, and ties come in id order). One holding a set of
 * words scores at most the sum of their cuts; it reaches θ when the sum passes θ, or equals it and
 * the idea's id can be below the k-th's — tied at every cut, its id is at least each word's tie id.
 * Answers the word sets such ideas hold (the smallest ones: any larger set reaches θ as well), or,
 * with many open words, each word that is not among the weakest (whose cuts add up to less than θ)
 * with any other open word.
 */
function threats(words: readonly Word[], kth: Scored | undefined): WordGroup[] {
  if (!kth) return [];
  const open = words.filter((w) => w.cut > 0).sort((a, b) => a.cut - b.cut);
  const sum = (set: readonly Word[]): number => set.reduce((s, w) => s + w.cut, 0);
  const reaches = (set: readonly Word[]): boolean =>
    sum(set) > kth.score || (sum(set) === kth.score && Math.max(...set.map((w) => w.tieId)) < kth.id);
  if (open.length < 2 || !reaches(open)) return [];
  if (open.length <= MAX_LISTED_WORDS) {
    const members = (mask: number): Word[] => open.filter((_, i) => mask & (1 << i));
    const masks = Array.from({ length: 2 ** open.length }, (_, m) => m).filter((m) => members(m).length >= 2);
    masks.sort((a, b) => members(a).length - members(b).length);
    const minimal: number[] = [];
    for (const m of masks) {
      if (!minimal.some((x) => (x & m) === x) && reaches(members(m))) minimal.push(m);
    }
    if (minimal.length <= MAX_GROUPS) return minimal.map((m) => ({ all: members(m).map((w) => w.terms), any: [] }));
  }
  let weak = 0;
  for (let total = 0; weak < open.length && total + (open[weak]?.cut ?? 0) < kth.score; weak++) total += open[weak]?.cut ?? 0;
  const others = new Set(open);
  const groups: WordGroup[] = [];
  for (const w of open.slice(weak).reverse()) {
    others.delete(w);
    if (others.size > 0) groups.push({ all: [w.terms], any: [...others].map((o) => o.terms) });
  }
  return groups;
}

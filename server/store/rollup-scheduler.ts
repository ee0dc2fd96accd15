// The roll-up scheduler: a write marks the records it touched, and one flush at the end of its
// transaction recomputes each affected record ONCE, bottom-up along the edges of `rollup-edges.ts`
// (requirement → feature → phase → release → epic → initiative → parent initiatives → goals).
// Before it, each store write called the recompute chain itself and the initiative chain ran three
// or more times per feature write.
//
// Two kinds of marks:
//   wrote(kind, id, changed?)  the record itself was created or updated: it is recomputed and what
//                              reads it always follows (its status or dates may have changed even
//                              when its computed numbers did not). `changed` (features only) names
//                              the columns the write changed, so a parent whose sources read none
//                              of them is not aggregated again (a release of 100,000 features).
//   mark(kind, id)             the record's inputs may have changed (a child left it, was deleted):
//                              it is recomputed, and what reads it follows only if its numbers moved.
// A record recomputed because something below it moved propagates only when its own numbers move.
// A link that changed (a feature moved from epic A to B) is the write's to mark: it marks the old
// parent (`mark('epic', A)`); the new one is found from the record as it now is.
import { sql } from 'kysely';
import type { Db } from './audit';
import { epicsDatedBy, recomputeEpic } from './epic-rollups';
import { goalsFollowing, initiativesFollowing, recomputeGoal, recomputeInitiative } from './initiative-rollups';
import { ROLLUP_KINDS, edgesFrom } from './rollup-edges';
import type { RollupEdgeOf, RollupKind } from './rollup-edges';
import { recomputeFeature, recomputePhase, recomputeRelease } from './rollups';

export type { RollupKind } from './rollup-edges';

/** The table holding each kind's records. */
const TABLES: Record<RollupKind, string> = {
  requirement: 'requirements',
  feature: 'features',
  phase: 'release_phases',
  release: 'releases',
  epic: 'epics',
  initiative: 'initiatives',
  goal: 'goals',
};

/** Recomputes one record (false: nothing moved). `inputs`: the only feature columns that changed below it. */
type Recompute = (db: Db, id: number, inputs: ReadonlySet<string> | null) => Promise<boolean>;

const RECOMPUTE: Record<RollupKind, Recompute> = {
  requirement: () => Promise.resolve(false), // requirements carry no computed numbers
  feature: (db, id) => recomputeFeature(db, id),
  phase: recomputePhase,
  release: recomputeRelease,
  epic: recomputeEpic,
  initiative: recomputeInitiative,
  goal: (db, id) => recomputeGoal(db, id),
};

/** Edges without a link column (`from>to`): the records a query finds. */
const QUERIES: Readonly<Record<string, (db: Db, id: number) => Promise<number[]>>> = {
  'release>epic': epicsDatedBy,
  'release>initiative': initiativesFollowing,
  'initiative>goal': goalsFollowing,
};

/** Kinds whose records name a parent of the same kind: recomputed deepest first. */
const TREES: Partial<Record<RollupKind, 'releases' | 'initiatives'>> = { release: 'releases', initiative: 'initiatives' };

interface Entry {
  /** Written by the request itself (not only moved by something below). */
  written: boolean;
  /** The only feature columns that changed below this record (null: anything). */
  inputs: Set<string> | null;
  /** For a written feature: the only columns the write changed (null: anything, as on create). */
  changed: Set<string> | null;
}

type Listener = (kind: RollupKind, id: number) => void;
const listeners = new Set<Listener>();

/** Calls `listener` for every record a flush recomputes (tests count them); returns the unsubscribe. */
export function observeRollups(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const union = (a: Set<string> | null, b: Set<string> | null): Set<string> | null => (a === null || b === null ? null : new Set([...a, ...b]));

export class RollupScheduler {
  private readonly pending = new Map<RollupKind, Map<number, Entry>>();
  private readonly rows = new Map<string, Record<string, unknown> | null>();

  constructor(private readonly db: Db) {}

  /** The record itself was created or updated; `changed` (features) narrows what its parents re-read. */
  wrote(kind: RollupKind, id: number, changed?: Iterable<string>): this {
    this.add(kind, id, { written: true, inputs: null, changed: changed === undefined ? null : new Set(changed) });
    return this;
  }

  /** The record's inputs may have changed (a child was added, moved away or deleted). Null ids are ignored. */
  mark(kind: RollupKind, id: number | null | undefined): this {
    if (id !== null && id !== undefined) this.add(kind, id, { written: false, inputs: null, changed: null });
    return this;
  }

  private add(kind: RollupKind, id: number, entry: Entry): void {
    let byId = this.pending.get(kind);
    if (!byId) this.pending.set(kind, (byId = new Map()));
    const had = byId.get(id);
    byId.set(
      id,
      had
        ? { written: had.written || entry.written, inputs: union(had.inputs, entry.inputs), changed: union(had.changed, entry.changed) }
        : entry,
    );
  }

  /** Recomputes everything marked, each record once, bottom-up; what a recompute moves is marked in turn. */
  async flush(): Promise<void> {
    this.rows.clear(); // rows read by an earlier flush may have been written since
    const done = new Set<string>();
    for (let kind = this.nextKind(); kind !== null; kind = this.nextKind()) {
      const byId = this.pending.get(kind) ?? new Map<number, Entry>();
      const tree = TREES[kind];
      const depth = tree ? await this.depths(tree, [...byId.keys()]) : new Map<number, number>();
      while (byId.size > 0) {
        const id = this.pick(byId, depth);
        const entry = byId.get(id);
        byId.delete(id);
        if (!entry || done.has(`${kind}:${id}`)) continue; // a parent loop the rules should prevent
        done.add(`${kind}:${id}`);
        for (const l of listeners) l(kind, id);
        const moved = await RECOMPUTE[kind](this.db, id, entry.inputs);
        this.rows.delete(`${kind}:${id}`);
        if (!moved && !entry.written) continue;
        // Feature writes pass on which columns moved; any other record's change is a change of anything.
        const passOn = kind === 'feature' ? union(entry.written ? entry.changed : new Set(), moved ? new Set(['progress']) : new Set()) : null;
        for (const edge of edgesFrom(kind)) {
          const membership = edge.link !== null && (passOn === null || passOn.has(edge.link));
          const inputs = membership ? null : passOn;
          for (const target of await this.targets(edge, id)) {
            if (edge.to === kind) depth.set(target, (depth.get(id) ?? 0) - 1);
            this.add(edge.to, target, { written: false, inputs: inputs === null ? null : new Set(inputs), changed: null });
          }
        }
      }
      this.pending.delete(kind);
    }
  }

  /** The lowest kind with anything pending (null when nothing is). */
  private nextKind(): RollupKind | null {
    return ROLLUP_KINDS.find((k) => (this.pending.get(k)?.size ?? 0) > 0) ?? null;
  }

  /** Deepest first (a child before its parent), then by id so a flush is repeatable. */
  private pick(byId: Map<number, Entry>, depth: Map<number, number>): number {
    let best = -1;
    for (const id of byId.keys()) {
      if (best === -1) best = id;
      else {
        const d = (depth.get(id) ?? 0) - (depth.get(best) ?? 0);
        if (d > 0 || (d === 0 && id < best)) best = id;
      }
    }
    return best;
  }

  /** How many ancestors each record has, in one recursive query (bounded against a parent loop). */
  private async depths(table: 'releases' | 'initiatives', ids: number[]): Promise<Map<number, number>> {
    if (ids.length === 0) return new Map();
    const rows = await sql<{ id: number; depth: number }>`
      WITH RECURSIVE up(start, pid, n) AS (
        SELECT id, parent_id, 0 FROM ${sql.table(table)} WHERE id IN (${sql.join(ids)})
        UNION ALL
        SELECT up.start, t.parent_id, up.n + 1 FROM up JOIN ${sql.table(table)} t ON t.id = up.pid WHERE up.n < 100
      )
      SELECT start AS id, max(n) AS depth FROM up GROUP BY start`.execute(this.db);
    return new Map(rows.rows.map((r) => [r.id, Number(r.depth)]));
  }

  /** The records `edge` reaches from record `id` as it now is. */
  private async targets(edge: RollupEdgeOf, id: number): Promise<number[]> {
    const query = QUERIES[`${edge.from}>${edge.to}`];
    if (query) return query(this.db, id);
    if (edge.link === null) return [];
    const row = await this.row(edge.from, id);
    const value = row?.[edge.link];
    return typeof value === 'number' ? [value] : [];
  }

  /** A record's row, read once however many of its edges need it. */
  private async row(kind: RollupKind, id: number): Promise<Record<string, unknown> | null> {
    const key = `${kind}:${id}`;
    if (!this.rows.has(key)) {
      const r = await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(TABLES[kind])} WHERE id = ${id}`.execute(this.db);
      this.rows.set(key, r.rows[0] ?? null);
    }
    return this.rows.get(key) ?? null;
  }
}

/** Recomputes these records and everything above them in one flush (seeding, tests, repairs). */
export async function recomputeRollups(db: Db, records: readonly (readonly [RollupKind, number])[]): Promise<void> {
  const s = new RollupScheduler(db);
  for (const [kind, id] of records) s.wrote(kind, id);
  await s.flush();
}

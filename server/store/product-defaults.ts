// What every new product (workspace) starts with: a workflow per record kind with its statuses, the
// feature kinds and three time frames. The seed and `POST /products` both make products through
// these functions, so a product made through the API can take releases, features, epics,
// initiatives and goals at once, exactly like a seeded one.
import type { Transaction } from 'kysely';
import type { Database } from './schema';

type Trx = Transaction<Database>;

export interface StatusDefault {
  name: string;
  complete?: boolean;
  color: string;
}

/** A status's columns at its place (from 0) in its workflow: the same in a product's workflows and a team's. */
export const statusColumns = (s: StatusDefault, index: number): { name: string; position: number; complete: number; color: string } => ({
  name: s.name,
  position: index + 1,
  complete: s.complete ? 1 : 0,
  color: s.color,
});

/** Statuses per record kind (`statusable_type`), in workflow order. */
export const DEFAULT_WORKFLOWS: Record<string, { name: string; statuses: StatusDefault[] }> = {
  Release: {
    name: 'Release workflow',
    statuses: [
      { name: 'Planning', color: '#dce7c6' },
      { name: 'In progress', color: '#fbd58b' },
      { name: 'Released', complete: true, color: '#a4c993' },
    ],
  },
  Feature: {
    name: 'Feature workflow',
    statuses: [
      { name: 'New', color: '#dce7c6' },
      { name: 'Ready to develop', color: '#c3d9f1' },
      { name: 'In development', color: '#fbd58b' },
      { name: 'In review', color: '#f3c4a4' },
      { name: 'Shipped', complete: true, color: '#a4c993' },
      { name: 'Will not implement', complete: true, color: '#d9d9d9' },
    ],
  },
  Requirement: {
    name: 'Requirement workflow',
    statuses: [
      { name: 'New', color: '#dce7c6' },
      { name: 'In progress', color: '#fbd58b' },
      { name: 'Done', complete: true, color: '#a4c993' },
    ],
  },
  Epic: {
    name: 'Epic workflow',
    statuses: [
      { name: 'New', color: '#dce7c6' },
      { name: 'In progress', color: '#fbd58b' },
      { name: 'Shipped', complete: true, color: '#a4c993' },
      { name: 'Will not implement', complete: true, color: '#d9d9d9' },
    ],
  },
  Initiative: {
    name: 'Initiative workflow',
    statuses: [
      { name: 'Not started', color: '#dce7c6' },
      { name: 'On track', color: '#a4c993' },
      { name: 'At risk', color: '#fbd58b' },
      { name: 'Off track', color: '#f3a4a4' },
      { name: 'Done', complete: true, color: '#7fb069' },
    ],
  },
  Idea: {
    name: 'Idea workflow',
    statuses: [
      { name: 'Needs review', color: '#dce7c6' },
      { name: 'Future consideration', color: '#c3d9f1' },
      { name: 'Planned', color: '#fbd58b' },
      { name: 'Shipped', complete: true, color: '#a4c993' },
      { name: 'Will not implement', complete: true, color: '#d9d9d9' },
    ],
  },
  Page: {
    name: 'Note workflow',
    statuses: [
      { name: 'Draft', color: '#dce7c6' },
      { name: 'In review', color: '#fbd58b' },
      { name: 'Published', complete: true, color: '#a4c993' },
    ],
  },
};

/** The feature kinds (`workflow_kind`) of a new product. */
export const DEFAULT_FEATURE_KINDS = ['New', 'Improvement', 'Bug fix', 'Research'] as const;

/** A team's own workflow: the seed's teams and a team made through the API (store/teams.ts) start with it. */
export const DEFAULT_TEAM_STATUSES: readonly StatusDefault[] = [
  { name: 'To do', color: '#dce7c6' },
  { name: 'In progress', color: '#fbd58b' },
  { name: 'In review', color: '#f3c4a4' },
  { name: 'Done', complete: true, color: '#a4c993' },
];

export interface StatusIds {
  id: number;
  complete: boolean;
}

/** Status ids by record kind, then by lower-cased name. */
export type StatusMap = Map<string, Map<string, StatusIds>>;

export async function insertProduct(
  trx: Trx,
  product: { prefix: string; name: string; description?: string | null; workspaceType?: string },
  ts: string,
): Promise<number> {
  const row = await trx
    .insertInto('products')
    .values({
      reference_prefix: product.prefix,
      name: product.name,
      // Only when given: the seed also runs on databases made before migration 9 (storage.test.ts).
      ...(product.description ? { description: product.description } : {}),
      product_line: 0,
      workspace_type: product.workspaceType ?? 'product_workspace',
      created_at: ts,
      updated_at: ts,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A workflow per record kind of `DEFAULT_WORKFLOWS`, statuses in order. */
export async function insertWorkflows(trx: Trx, productId: number): Promise<StatusMap> {
  const map: StatusMap = new Map();
  for (const [type, workflow] of Object.entries(DEFAULT_WORKFLOWS)) {
    const wf = await trx
      .insertInto('workflows')
      .values({ product_id: productId, name: workflow.name, statusable_type: type })
      .returning('id')
      .executeTakeFirstOrThrow();
    const byName = new Map<string, StatusIds>();
    for (const [i, s] of workflow.statuses.entries()) {
      const st = await trx
        .insertInto('workflow_statuses')
        .values({ workflow_id: wf.id, ...statusColumns(s, i) })
        .returning('id')
        .executeTakeFirstOrThrow();
      byName.set(s.name.toLowerCase(), { id: st.id, complete: s.complete === true });
    }
    map.set(type, byName);
  }
  return map;
}

/** The feature kinds, by name. */
export async function insertFeatureKinds(trx: Trx, productId: number): Promise<Map<string, number>> {
  const kinds = new Map<string, number>();
  for (const name of DEFAULT_FEATURE_KINDS) {
    const row = await trx.insertInto('workflow_kinds').values({ product_id: productId, name }).returning('id').executeTakeFirstOrThrow();
    kinds.set(name, row.id);
  }
  return kinds;
}

/** This quarter, the next one and next year, as of `today` (`YYYY-MM-DD`). */
export function defaultTimeFrames(today: string): { name: string; start: string; end: string }[] {
  const year = Number(today.slice(0, 4));
  const quarter = Math.floor((Number(today.slice(5, 7)) - 1) / 3);
  const iso = (y: number, m: number, d: number) => new Date(Date.UTC(y, m, d)).toISOString().slice(0, 10);
  const q = (y: number, n: number) => ({
    name: `Q${n + 1} ${y}`,
    start: iso(y, n * 3, 1),
    end: iso(y, n * 3 + 3, 0),
  });
  const next = quarter === 3 ? q(year + 1, 0) : q(year, quarter + 1);
  return [q(year, quarter), next, { name: String(year + 1), start: iso(year + 1, 0, 1), end: iso(year + 1, 11, 31) }];
}

/** The time frames of `defaultTimeFrames`, their ids in that order. */
export async function insertTimeFrames(trx: Trx, productId: number, today: string): Promise<number[]> {
  const frames: number[] = [];
  for (const f of defaultTimeFrames(today)) {
    const row = await trx
      .insertInto('time_frames')
      .values({ product_id: productId, name: f.name, start_date: f.start, end_date: f.end })
      .returning('id')
      .executeTakeFirstOrThrow();
    frames.push(row.id);
  }
  return frames;
}

/** Everything a product made through the API starts with (the seed adds its demo records). */
export async function insertProductDefaults(trx: Trx, productId: number, today: string): Promise<void> {
  await insertWorkflows(trx, productId);
  await insertFeatureKinds(trx, productId);
  await insertTimeFrames(trx, productId, today);
}

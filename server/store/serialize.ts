// Small shapers shared by every record kind's serializer: users, statuses, HTML bodies, links.
import type { z } from 'zod';
import type { FullTag, noteBodySchema, ProjectRef, RecordLink, UserRef, WorkflowStatus } from '../../src/contract/common';
import { RELEASE_PHASE_DURATION_SOURCES, RELEASE_PHASE_PROGRESS_SOURCES } from '../../src/domain/progress';
import type { CustomFieldValue } from '../../src/contract/custom-fields';
import type { ReleasePhase, ReleaseRef } from '../../src/contract/releases';
import { noteId } from './note-ids';
import type { NoteKind } from './note-ids';
import type { ReleasePhaseRow } from './schema';

type NoteBody = z.infer<typeof noteBodySchema>;

export interface UserLike {
  id: number;
  name: string;
  email: string;
  created_at: string;
  updated_at: string;
}

/** A user's head: id, name, email and times (a user record starts with it). */
export function userHead(u: UserLike): { id: string; name: string; email: string; created_at: string; updated_at: string } {
  return { id: String(u.id), name: u.name, email: u.email, created_at: u.created_at, updated_at: u.updated_at };
}

export function userRef(u: UserLike | null | undefined): UserRef | null {
  return u ? userHead(u) : null;
}

/** An assignee as the hosted service shows one: a user with `default_assignee`. */
export function assigneeRef(u: UserLike | null | undefined): UserRef | null {
  const ref = userRef(u);
  return ref && { default_assignee: false, ...ref };
}

export interface StatusLike {
  id: number;
  name: string;
  position: number;
  complete: number;
  color: string;
}

export function statusRef(s: StatusLike): WorkflowStatus {
  return {
    id: String(s.id),
    name: s.name,
    position: s.position,
    complete: s.complete === 1,
    color: s.color,
    workflow_status_category: null,
  };
}

/** The record types of the hosted service, as a description's `notable_type` names its owner. */
export type NotableType =
  'Feature' | 'Epic' | 'Requirement' | 'Release' | 'ReleasePhase' | 'Initiative' | 'Goal' | 'Ideas::Idea' | 'Ideas::IdeaResponse' | 'Page';

/**
 * HTML fields as the hosted service returns its notes: `{id, body, notable_id, notable_type,
 * editor_version, created_at, updated_at, attachments}`. The text is a column of its record here;
 * the note's id is made from the record's and the note's kind (store/note-ids.ts: `note` names a
 * record's second note, a goal's success metric). Its files (`attachmentsOf` in
 * store/attachments.ts, read once for a page of records) keep the note even when the text is empty.
 */
export function noteBody(
  owner: { id: number; type: NotableType; note?: NoteKind },
  body: string | null,
  created_at: string,
  updated_at: string,
  attachments: NoteBody['attachments'] = [],
): NoteBody | null {
  if ((body === null || body === '') && attachments.length === 0) return null;
  return {
    id: noteId(owner.note ?? owner.type, owner.id),
    body: body ?? '',
    notable_id: String(owner.id),
    notable_type: owner.type,
    editor_version: 2,
    created_at,
    updated_at,
    attachments,
  };
}

/** `url` (the record's page in the app) and `resource` (its API address), from the request origin. */
export function links(origin: string, kind: string, key: string): { url: string; resource: string } {
  return { url: `${origin}/${kind}/${key}`, resource: `${origin}/api/v1/${kind}/${key}` };
}

export const flag = (b: boolean | undefined | null): number => (b ? 1 : 0);

/** The columns a work item's compact list item is made of (features, epics). */
export const COMPACT_COLUMNS = ['id', 'name', 'reference_num', 'created_at', 'product_id'] as const;
export type CompactRow = {
  id: number;
  name: string;
  reference_num: string;
  created_at: string;
  product_id: number;
};

/** A list read whole or as compact rows (`COMPACT_COLUMNS` only). */
export type RowShape = 'whole' | 'compact';
export type ShapedRow<S extends RowShape, Whole> = S extends 'compact' ? CompactRow : Whole;

/**
 * A work item's compact list item, straight from its row: what every list answers by default, so
 * it is built without the look-ups and the whole record a `fields=*` page needs.
 */
export function compactItem(
  kind: string,
  row: CompactRow,
  origin: string,
): {
  id: string;
  name: string;
  reference_num: string;
  created_at: string;
  product_id: string;
  url: string;
  resource: string;
} {
  return {
    id: String(row.id),
    name: row.name,
    reference_num: row.reference_num,
    created_at: row.created_at,
    product_id: String(row.product_id),
    ...links(origin, kind, row.reference_num),
  };
}

export interface ProductLike {
  id: number;
  reference_prefix: string;
  name: string;
  product_line: number;
  workspace_type: string;
  created_at: string;
}

/** The record's workspace as the hosted service embeds it (`project`); null when it is gone. */
export function projectRef(p: ProductLike | undefined, origin: string): ProjectRef | null {
  if (!p) return null;
  return {
    id: String(p.id),
    reference_prefix: p.reference_prefix,
    name: p.name,
    product_line: p.product_line === 1,
    created_at: p.created_at,
    url: links(origin, 'products', p.reference_prefix).url,
    workspace_type: p.workspace_type,
  };
}

/**
 * The hosted members of a record (contract `hostedRecordFields`): its workspace, its comment count
 * (`commentCounts` in discussions.ts reads a page's in one query), and the empty forms of what is
 * not stored yet — integration fields, and attachments until issue 12's attachments land.
 */
export function hostedMembers(
  product: ProductLike | undefined,
  origin: string,
  commentsCount = 0,
): { project: ProjectRef | null; integration_fields: never[]; comments_count: number; attachments: never[] } {
  return { project: projectRef(product, origin), integration_fields: [], comments_count: commentsCount, attachments: [] };
}

/** How a keyed record's body ends: its times, its own links and its product's hosted members. */
export function recordEnd(
  kind: string,
  r: { created_at: string; updated_at: string; reference_num: string },
  product: ProductLike | undefined,
  origin: string,
  commentsCount = 0,
): { created_at: string; updated_at: string; url: string; resource: string } & ReturnType<typeof hostedMembers> {
  return {
    created_at: r.created_at,
    updated_at: r.updated_at,
    ...links(origin, kind, r.reference_num),
    ...hostedMembers(product, origin, commentsCount),
  };
}

/** The one body a kind's page shaper (which shapes many rows in a fixed number of queries) gives for one row. */
export async function shapedOne<B>(bodies: Promise<B[]>, what: string, id: number): Promise<B> {
  const [body] = await bodies;
  if (!body) throw new Error(`${what} ${id} could not be shaped`);
  return body;
}

/** A status in place of one that is gone (never expected: statuses are not deleted while in use). */
export const placeholderStatus: WorkflowStatus = {
  id: '0',
  name: '',
  position: 0,
  complete: false,
  color: '',
  workflow_status_category: null,
};

/** A linked team, iteration or feature kind: `{id, name}`, or null when there is none. */
export const namedLink = (r: { id: number; name: string } | undefined): { id: string; name: string } | null =>
  r ? { id: String(r.id), name: r.name } : null;

/** A linked record that has a key but no page of its own (a program increment). */
export const keyedLink = (
  r: { id: number; name: string; reference_num: string } | undefined,
): { id: string; name: string; reference_num: string } | null =>
  r ? { id: String(r.id), name: r.name, reference_num: r.reference_num } : null;

export interface LinkRow {
  id: number;
  name: string;
  reference_num: string;
  created_at: string;
}

/**
 * A record another one links to (epic, initiative, program increment …), as the hosted service
 * embeds it: its head, when it was made, and its addresses. Null when there is none.
 */
export function recordLink(kind: string, r: LinkRow | undefined, origin: string): RecordLink | null {
  if (!r) return null;
  return {
    id: String(r.id),
    name: r.name,
    reference_num: r.reference_num,
    created_at: r.created_at,
    ...links(origin, kind, r.reference_num),
  };
}

/** Initiatives and goals linked from another record also carry their description, as hosted. */
export function describedLink(
  kind: 'initiatives' | 'goals',
  r: (LinkRow & { description: string | null; updated_at: string }) | undefined,
  origin: string,
): RecordLink | null {
  const link = recordLink(kind, r, origin);
  if (!link || !r) return null;
  const type: NotableType = kind === 'goals' ? 'Goal' : 'Initiative';
  return {
    ...link,
    description: noteBody({ id: r.id, type }, r.description, r.created_at, r.updated_at),
    integration_fields: [],
  };
}

export interface ReleaseLike {
  id: number;
  product_id: number;
  reference_num: string;
  name: string;
  start_date: string | null;
  release_date: string | null;
  parking_lot: number;
  capacity_units: string;
  created_at: string;
}

/**
 * A work item's release as the hosted service embeds it: its head and dates, its owner and its
 * workspace. When the release row is missing (never expected) the ids alone stand in.
 */
export function releaseLink(
  release: ReleaseLike | undefined,
  item: { release_id: number; product_id: number },
  context: { origin: string; product: ProductLike | undefined; owner: UserLike | undefined },
): ReleaseRef {
  if (!release) {
    return {
      id: String(item.release_id),
      reference_num: '',
      name: '',
      product_id: String(item.product_id),
      start_date: null,
      release_date: null,
      parking_lot: false,
      capacity_units: 'time',
      url: '',
      resource: '',
    };
  }
  return {
    id: String(release.id),
    reference_num: release.reference_num,
    name: release.name,
    product_id: String(release.product_id),
    start_date: release.start_date,
    release_date: release.release_date,
    parking_lot: release.parking_lot === 1,
    capacity_units: release.capacity_units === 'story_points' ? 'story_points' : 'time',
    created_at: release.created_at,
    ...links(context.origin, 'releases', release.reference_num),
    integration_fields: [],
    owner: userRef(context.owner),
    project: projectRef(context.product, context.origin),
  };
}

/** A palette for tag colours: tags are text here, so a tag's colour is a stable pick by its name. */
const TAG_COLORS = ['#e09052', '#7552e0', '#52a0e0', '#52e08f', '#e0526b', '#c4b552', '#52c4c4', '#a052e0'];

/**
 * `full_tags` as the hosted service answers them: `{id, name, color}`. Tags are not records here
 * (no id: null), and their colour is derived from the name so that a tag looks the same everywhere.
 */
export function fullTags(tags: readonly string[]): FullTag[] {
  return tags.map((name) => {
    let h = 0;
    for (let i = 0; i < name.length; i++) h = (h * 31 + name.toLowerCase().charCodeAt(i)) >>> 0;
    return { id: null, name, color: TAG_COLORS[h % TAG_COLORS.length] ?? '#e09052' };
  });
}

/**
 * What the hosted service scores and tracks on planning records and this service does not model
 * (scorecards, key results, time in each status): answered in their empty forms.
 */
export const unmodelledPlanning = (): {
  score: null;
  score_facts: never[];
  key_results: never[];
  workflow_status_times: never[];
} => ({
  score: null,
  score_facts: [],
  key_results: [],
  workflow_status_times: [],
});

/** A phase as `phaseLink` reads it: its row, whose place in the release the link does not show. */
export type PhaseLike = Omit<ReleasePhaseRow, 'position'>;

/**
 * A release phase as the hosted service shows one, in its own answers and as a work item's
 * `belongs_to_release_phase`: everything but its counts (features, comments) and its position.
 */
export function phaseLink(
  p: PhaseLike,
  customFields: CustomFieldValue[],
): Omit<ReleasePhase, 'features_count' | 'position' | 'comments_count'> {
  return {
    id: String(p.id),
    name: p.name,
    type: p.phase_type === 'milestone' ? 'milestone' : 'phase',
    start_on: p.start_on,
    end_on: p.end_on,
    release_id: String(p.release_id),
    progress: p.progress,
    progress_source: RELEASE_PHASE_PROGRESS_SOURCES.find((v) => v === p.progress_source) ?? 'progress_manual',
    duration_source: RELEASE_PHASE_DURATION_SOURCES.find((v) => v === p.duration_source) ?? 'duration_manual',
    description: noteBody({ id: p.id, type: 'ReleasePhase' }, p.description, p.created_at, p.updated_at),
    created_at: p.created_at,
    updated_at: p.updated_at,
    integration_fields: [],
    custom_fields: customFields,
  };
}

/** A status name as the hosted service's older status words spell it: `Not started` → `not_started`. */
export const statusWord = (name: string): string =>
  name
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '_')
    .replace(/^_+|_+$/g, '');

/** How a portal user is named to others: their first and last name, else their email's local part. */
export function portalUserName(row: { first_name: string | null; last_name: string | null; email: string }): string {
  const full = [row.first_name, row.last_name].filter((v) => v !== null && v.trim() !== '').join(' ');
  return full !== '' ? full : (row.email.split('@')[0] ?? row.email);
}

// Small shapers shared by every record kind's serializer: users, statuses, HTML bodies, links.
import type { z } from 'zod';
import type { noteBodySchema, ProjectRef, UserRef, WorkflowStatus } from '../../src/contract/common';

type NoteBody = z.infer<typeof noteBodySchema>;

export interface UserLike {
  id: number;
  name: string;
  email: string;
  created_at: string;
  updated_at: string;
}

export function userRef(u: UserLike | null | undefined): UserRef | null {
  if (!u) return null;
  return { id: String(u.id), name: u.name, email: u.email, created_at: u.created_at, updated_at: u.updated_at };
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
  return { id: String(s.id), name: s.name, position: s.position, complete: s.complete === 1, color: s.color, workflow_status_category: null };
}

/** The record types of the hosted service, as a description's `notable_type` names its owner. */
export type NotableType = 'Feature' | 'Epic' | 'Requirement' | 'Release' | 'ReleasePhase' | 'Initiative' | 'Goal';

/**
 * HTML fields as the hosted service returns its notes: `{id, body, notable_id, notable_type,
 * editor_version, created_at, updated_at, attachments}`. The text is a column of its record here,
 * so the note's id is the record's.
 */
export function noteBody(
  owner: { id: number; type: NotableType },
  body: string | null,
  created_at: string,
  updated_at: string,
): NoteBody | null {
  if (body === null || body === '') return null;
  const id = String(owner.id);
  return { id, body, notable_id: id, notable_type: owner.type, editor_version: 2, created_at, updated_at, attachments: [] };
}

/** `url` (the record's page in the app) and `resource` (its API address), from the request origin. */
export function links(origin: string, kind: string, key: string): { url: string; resource: string } {
  return { url: `${origin}/${kind}/${key}`, resource: `${origin}/api/v1/${kind}/${key}` };
}

export const flag = (b: boolean | undefined | null): number => (b ? 1 : 0);

/** The columns a work item's compact list item is made of (features, epics). */
export const COMPACT_COLUMNS = ['id', 'name', 'reference_num', 'created_at', 'product_id'] as const;
export type CompactRow = { id: number; name: string; reference_num: string; created_at: string; product_id: number };

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
): { id: string; name: string; reference_num: string; created_at: string; product_id: string; url: string; resource: string } {
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
 * The hosted members of a record (contract `hostedRecordFields`): its workspace, and the empty forms
 * of what is not stored yet — integration fields, and comments and attachments until issue 12.
 */
export function hostedMembers(
  product: ProductLike | undefined,
  origin: string,
): { project: ProjectRef | null; integration_fields: never[]; comments_count: number; attachments: never[] } {
  return { project: projectRef(product, origin), integration_fields: [], comments_count: 0, attachments: [] };
}

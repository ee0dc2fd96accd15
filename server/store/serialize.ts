// Small shapers shared by every record kind's serializer: users, statuses, HTML bodies, links.
import type { UserRef, WorkflowStatus } from '../../src/contract/common';

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

export interface StatusLike {
  id: number;
  name: string;
  position: number;
  complete: number;
  color: string;
}

export function statusRef(s: StatusLike): WorkflowStatus {
  return { id: String(s.id), name: s.name, position: s.position, complete: s.complete === 1, color: s.color };
}

/** HTML fields are returned as `{id, body, created_at, updated_at}` like the hosted service's notes. */
export function noteBody(
  ownerId: number,
  body: string | null,
  created_at: string,
  updated_at: string,
): { id: string; body: string; created_at: string; updated_at: string } | null {
  if (body === null || body === '') return null;
  return { id: String(ownerId), body, created_at, updated_at };
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

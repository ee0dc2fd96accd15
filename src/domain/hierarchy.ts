// Roll-up trees (initiatives under initiatives, releases under releases): cycle detection and the
// date span a parent takes from its children. Pure, shared by forms and the service.

/**
 * True when making `parentId` the parent of `id` would close a loop: the new parent is the record
 * itself or one of its descendants. `parentOf` answers each record's current parent (null at a root).
 * A walk longer than `limit` steps is treated as a loop, so corrupt data cannot hang the caller.
 */
export function wouldCreateCycle(
  id: number,
  parentId: number | null,
  parentOf: (id: number) => number | null | undefined,
  limit = 10_000,
): boolean {
  let current: number | null | undefined = parentId;
  for (let steps = 0; current !== null && current !== undefined; steps++) {
    if (current === id || steps > limit) return true;
    current = parentOf(current);
  }
  return false;
}

/** Earliest start and latest end of the dated items (ISO dates compare as text); nulls when none. */
export function dateSpan(
  items: readonly { start: string | null; end: string | null }[],
): { start: string | null; end: string | null } {
  let start: string | null = null;
  let end: string | null = null;
  for (const i of items) {
    const s = i.start ?? i.end;
    const e = i.end ?? i.start;
    if (s !== null && (start === null || s < start)) start = s;
    if (e !== null && (end === null || e > end)) end = e;
  }
  return { start, end };
}

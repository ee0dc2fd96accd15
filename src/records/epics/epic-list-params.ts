// Pure readings of the epic lists' URL parameters into what operation 6 takes.

/**
 * `?updated=2026-11-01` (a day, as the date box gives it) → the start of that day where the person
 * is, as the ISO 8601 timestamp operation 6 takes; anything unreadable is not sent.
 */
export function updatedSinceParam(day: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const start = new Date(`${day}T00:00:00`);
  return Number.isNaN(start.getTime()) ? undefined : start.toISOString();
}

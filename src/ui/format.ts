// Display formatting shared by screens: dates as a person reads them, without timezone drift.

const dateFormat = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });

/** `2026-03-05` → "Mar 5, 2026" (locale-dependent); null/invalid → the fallback. */
export function formatDate(iso: string | null | undefined, fallback = '—'): string {
  if (!iso) return fallback;
  const ms = Date.parse(iso.length === 10 ? `${iso}T00:00:00Z` : iso);
  if (Number.isNaN(ms)) return fallback;
  return dateFormat.format(new Date(ms));
}

/** "Mar 5 – Apr 2, 2026"-style range, tolerant of a missing end. */
export function formatDateRange(start: string | null | undefined, end: string | null | undefined): string {
  if (!start && !end) return '—';
  if (start && end && start === end) return formatDate(start);
  return `${formatDate(start, '…')} – ${formatDate(end, '…')}`;
}

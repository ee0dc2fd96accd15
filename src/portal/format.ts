// Dates and counts in words for the portal's pages.

const DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const DATE_TIME = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' });

/** `12 Mar 2026`, or '' for a missing or unreadable date. A date-only value is read as that day. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const t = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(iso) ? `${iso}T00:00:00Z` : iso);
  return Number.isNaN(t) ? '' : DATE.format(t);
}

/** `3 days ago`, `just now`; a date beyond a month. */
export function timeAgo(iso: string, now = Date.now()): string {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return '';
  const s = Math.round((now - t) / 1000);
  if (s < 60) return 'just now';
  const steps: [number, string][] = [
    [3600, 'minute'],
    [86_400, 'hour'],
    [86_400 * 31, 'day'],
  ];
  let unit = 60;
  for (const [limit, name] of steps) {
    if (s < limit) {
      const n = Math.floor(s / unit);
      return `${n} ${name}${n === 1 ? '' : 's'} ago`;
    }
    unit = limit;
  }
  return formatDate(iso);
}

/** The full date and time, for a `<time title>`. */
export function fullDate(iso: string): string {
  const t = Date.parse(iso);
  return Number.isNaN(t) ? '' : DATE_TIME.format(t);
}

/** `1 vote`, `3 votes`. */
export function count(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** `1.2 MB`, `340 KB`. */
export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

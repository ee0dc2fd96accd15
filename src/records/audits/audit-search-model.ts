// The audit search screen's pure rules: the form (a date range that must end before the last 12
// months — what is newer is in each record's History), the search it sends, where the service's
// field errors go, whether the estimate fits the tokens, and how long a refusal for tokens asks to
// wait. Kept apart from the screen so each rule is tested where it lives.
import type { AuditAction } from '../../contract/audits';
import type { HistoricalFilters } from '../../api/audits';
import { formatDate } from '../../ui/format';

export interface SearchForm {
  /** `YYYY-MM-DD`, the first day searched. */
  from: string;
  /** `YYYY-MM-DD`, the last day searched (whole). */
  to: string;
  /** A user's id, or '' for anyone. */
  user: string;
  /** An audited type (`Feature`), or '' for any. */
  type: string;
  recordId: string;
  action: '' | AuditAction;
}

export type FormField = keyof SearchForm;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

const iso = (date: Date): string => date.toISOString().slice(0, 10);

function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return iso(date);
}

/** `months` calendar months before `day`, the day of the month kept where it exists (31 Mar − 1 → 28/29 Feb). */
function monthsBefore(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 - months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, last));
  return iso(first);
}

/**
 * The last day the historical search serves: the service cuts at the first instant (UTC) of the
 * calendar month twelve months before the current one (on 28 Nov 2026, 1 Nov 2025) — what is newer
 * is in the ordinary audit log, and a range reaching past the cut is refused — so the day before.
 */
export function lastSearchableDay(now: Date = new Date()): string {
  const cut = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 12, 1));
  return addDays(iso(cut), -1);
}

/** A first search: the three months before the last searchable day, on the record given (from a History tab's link). */
export function initialForm(now: Date = new Date(), start: { type?: string | null; id?: string | null } = {}): SearchForm {
  const to = lastSearchableDay(now);
  return { from: addDays(monthsBefore(to, 3), 1), to, user: '', type: start.type ?? '', recordId: start.id ?? '', action: '' };
}

/** What is wrong with the form, by field, in the words shown next to each. */
export function formProblems(form: SearchForm, now: Date = new Date()): Partial<Record<FormField, string>> {
  const problems: Partial<Record<FormField, string>> = {};
  const last = lastSearchableDay(now);
  if (!DAY.test(form.from) || Number.isNaN(Date.parse(form.from))) problems.from = 'Choose the first day to search.';
  if (!DAY.test(form.to) || Number.isNaN(Date.parse(form.to))) problems.to = 'Choose the last day to search.';
  else if (form.to > last) problems.to = `Must end on or before ${formatDate(last)}: the last 12 months are in each record's History.`;
  if (!problems.from && !problems.to && form.from > form.to) problems.from = 'Must be on or before the last day.';
  if (form.recordId.trim() !== '' && !/^\d+$/.test(form.recordId.trim())) problems.recordId = 'A record id is a number.';
  return problems;
}

/** The search as the service takes it: whole days, from the first day's start to the day after the last. */
export function searchInput(form: SearchForm): HistoricalFilters {
  const id = form.recordId.trim();
  return {
    created_since: `${form.from}T00:00:00.000Z`,
    created_before: `${addDays(form.to, 1)}T00:00:00.000Z`,
    ...(form.user ? { user_id: form.user } : {}),
    ...(form.type ? { auditable_type: form.type } : {}),
    ...(id ? { auditable_id: id } : {}),
    ...(form.action ? { audit_action: form.action } : {}),
  };
}

/** The form field each of the service's field names belongs to (its 422s are shown there). */
export const FIELD_OF_PARAM: Record<string, FormField> = {
  created_since: 'from',
  created_before: 'to',
  user_id: 'user',
  auditable_type: 'type',
  auditable_id: 'recordId',
  audit_action: 'action',
};

/** The service's field errors on the form's fields (`search.created_before` counts as `created_before`), and what fits none. */
export function placeFieldErrors(fieldErrors: Record<string, string[]>): { fields: Partial<Record<FormField, string>>; rest: string[] } {
  const fields: Partial<Record<FormField, string>> = {};
  const rest: string[] = [];
  for (const [key, messages] of Object.entries(fieldErrors)) {
    const field = FIELD_OF_PARAM[key.replace(/^search\./, '')];
    const text = messages.join(' ');
    if (field) fields[field] = fields[field] ? `${fields[field]} ${text}` : text;
    else rest.push(`${key.replace(/^search\./, '').replace(/_/g, ' ')} ${text}`);
  }
  return { fields, rest };
}

/**
 * Whether the search can be run on the tokens there are, and if not, why (shown beside Run): the
 * estimate's `retry_after` (seconds until the tokens suffice; null when they never will, the search
 * costing more than the bucket holds) says how long.
 */
export function costVerdict(
  estimate: { max_cost: number; retry_after?: number | null | undefined; capacity?: number | undefined } | undefined,
  tokens: number | null | undefined,
  now: Date = new Date(),
): { ok: boolean; reason: string | null } {
  if (estimate === undefined || tokens === null || tokens === undefined || estimate.max_cost <= tokens) return { ok: true, reason: null };
  const cost = `This search may cost up to ${estimate.max_cost.toLocaleString('en')} tokens and ${tokens.toLocaleString('en')} are available`;
  const lower = 'Narrow the dates, or choose a person, record type or action to lower the cost.';
  if (estimate.retry_after === null) {
    const most = estimate.capacity === undefined ? '' : ` (${estimate.capacity.toLocaleString('en')})`;
    return { ok: false, reason: `${cost}, more than the account can ever hold${most}. ${lower}` };
  }
  const wait =
    estimate.retry_after !== undefined && estimate.retry_after > 0 ? `: enough ${waitText(estimate.retry_after * 1000, now)}` : '';
  return { ok: false, reason: `${cost}${wait}. ${lower}` };
}

/** "in about 2 minutes (at 14:07)" for a Retry-After; "in a few seconds" under 10 s. */
export function waitText(ms: number, now: Date = new Date(), timeZone?: string): string {
  const seconds = Math.ceil(ms / 1000);
  if (seconds < 10) return 'in a few seconds';
  const at = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZone }).format(new Date(now.getTime() + ms));
  if (seconds < 90) return `in about ${seconds} seconds (at ${at})`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 90) return `in about ${minutes} minutes (at ${at})`;
  return `in about ${Math.round(minutes / 60)} hours (at ${at})`;
}

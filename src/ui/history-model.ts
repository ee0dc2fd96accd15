// The record history's pure half: audit rows turned into entries a person reads ("Avery Chen changed
// Status from In design → Ready", "edited the description", "restored this feature from the recycle
// bin"), with ids named from what the app holds, and grouped by day.
import type { Audit } from '../contract/audits';
import { formatEstimate } from '../domain/estimate';
import { formatDate } from './format';
import { kindNoun } from './kind-nouns';

/** One changed field, ready to read. */
export interface HistoryChange {
  /** The field as a person names it ("Status", "Initial estimate"). */
  field: string;
  /**
   * `changed` old → new; `set` from nothing; `cleared` to nothing; `rich` a rich-text field (its
   * HTML kept for a before/after view, never read as text); `list` items added and removed;
   * `moved` a link whose values are bare ids (the answer named no record).
   */
  kind: 'changed' | 'set' | 'cleared' | 'rich' | 'list' | 'moved';
  from: string | null;
  to: string | null;
  /** `rich`: the HTML before and after (sanitise before drawing). */
  html?: { from: string | null; to: string | null };
  /** `list`: what was added and removed. */
  added?: string[];
  removed?: string[];
}

export type HistoryAction = 'created' | 'updated' | 'deleted' | 'restored';

export interface HistoryEntry {
  id: string;
  at: string;
  /** Who did it; null when the service itself did (a sweep, the seed). */
  who: string | null;
  action: HistoryAction;
  /** The record the row is about when it is not the subject: a requirement of the feature, a comment. */
  about: { type: string; noun: string; label: string | null } | null;
  changes: HistoryChange[];
  /** A comment's text (HTML) when the row is a comment posted. */
  commentHtml: string | null;
  /** Bookkeeping a person rarely wants (the service's `interesting: false`: positions, counters). */
  minor: boolean;
}

// ---------------------------------------------------------------------------------------------
// Names

/** `ReleasePhase` → "release phase"; an unknown type is spelled out the same way. */
export const typeNoun = kindNoun;

const FIELD_LABELS: Record<string, string> = {
  workflow_status: 'Status',
  team_workflow_status: 'Team status',
  workflow_kind: 'Kind',
  assigned_to: 'Assignee',
  assigned_to_user: 'Assignee',
  created_by: 'Creator',
  created_by_user: 'Creator',
  reference_num: 'Key',
  release_phase: 'Release phase',
  parent: 'Parent',
  body: 'Text',
  custom_fields: 'Custom fields',
  time_frame: 'Time frame',
  progress_source: 'Progress source',
  duration_source: 'Dates from',
  release_date: 'Release date',
  external_release_date: 'External release date',
  idea_portal: 'Portal',
  duplicate_of: 'Merged into',
};

/** `workflow_status_id` → "Status", `initial_estimate` → "Initial estimate"; a label the service already wrote is kept. */
export function fieldLabel(fieldName: string): string {
  if (/[A-Z ]/.test(fieldName)) return fieldName;
  const base = fieldName.endsWith('_ids') ? `${fieldName.slice(0, -4)}s` : fieldName.replace(/_id$/, '');
  const known = FIELD_LABELS[base];
  if (known) return known;
  const words = base.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const RICH_FIELDS = new Set(['description', 'body', 'theme', 'content', 'notes']);
/** Fields stored as one comma-separated text that a person reads as a list. */
const LIST_TEXT_FIELDS = new Set(['tags']);
const LINK_FIELD = /_ids?$/;

// ---------------------------------------------------------------------------------------------
// Values

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const EMPTY_WORDS = new Set(['', 'nil', 'null', 'none', '—', '(none)', '(empty)']);
const HTML = /<\/?[a-z][^>]*>/i;

function isEmpty(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return EMPTY_WORDS.has(value.trim().toLowerCase());
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/** A record named in a value: "PLN-12 Sign-in", or its name alone. */
function nameOf(value: object): string | null {
  const v = value as Record<string, unknown>;
  const name = typeof v.name === 'string' ? v.name : typeof v.title === 'string' ? v.title : null;
  const key = typeof v.reference_num === 'string' ? v.reference_num : null;
  if (name && key) return `${key} ${name}`;
  return name ?? key ?? (typeof v.email === 'string' ? v.email : null);
}

/** A value as a person reads it: dates as dates, estimates as `1d 2h`, yes/no, names of records. */
export function formatValue(value: unknown, fieldName: string): string | null {
  if (isEmpty(value)) return null;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') {
    if (/estimate/.test(fieldName)) return formatEstimate(value, 'time');
    if (fieldName === 'progress') return `${value}%`;
    return String(value);
  }
  if (typeof value === 'string') {
    const text = value.trim();
    if (text === 'true' || text === 'false') return text === 'true' ? 'Yes' : 'No';
    if (DAY.test(text) || TIMESTAMP.test(text)) return formatDate(text, text);
    if (/estimate/.test(fieldName) && /^\d+(\.\d+)?$/.test(text)) return formatEstimate(Number(text), 'time');
    return text;
  }
  if (Array.isArray(value)) {
    const items = listItems(value, fieldName);
    return items.length > 0 ? items.join(', ') : null;
  }
  if (typeof value === 'object' && value !== null) return nameOf(value) ?? JSON.stringify(value);
  return String(value);
}

function listItems(value: readonly unknown[], fieldName: string): string[] {
  return value.map((item) => formatValue(item, fieldName)).filter((t): t is string => t !== null);
}

/** The hosted `value` ("In design → Ready") split into its halves, when it is one arrow's two sides. */
function halves(value: string): [string, string] | null {
  const parts = value.split(' → ');
  if (parts.length !== 2) return null;
  return [parts[0] ?? '', parts[1] ?? ''];
}

/**
 * Names the app already holds for ids a change may carry (people, a workspace's statuses, teams):
 * `(field_name, id) → name`, null when it does not know. The service names linked records in its
 * answer where it can; this fills in the ones every screen has cached anyway.
 */
export type NameLookup = (fieldName: string, id: string) => string | null;

const ID_TEXT = /^\d+$/;

/** A raw value with its ids named (a lone id, or ids in a list), where the lookup knows them. */
function named(value: unknown, fieldName: string, names: NameLookup | undefined): unknown {
  if (!names) return value;
  const one = (v: unknown): unknown => {
    const text = typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : null;
    return text !== null && ID_TEXT.test(text) ? (names(fieldName, text) ?? v) : v;
  };
  return Array.isArray(value) ? value.map(one) : one(value);
}

/**
 * One change as a person reads it. The raw values decide the shape (rich text, a list, a record by
 * name); the hosted `value` text is preferred for plain values when it says more than the raw values
 * (a service may name there what the raw value only numbers); ids the app can name are named.
 */
export function describeChange(change: Audit['changes'][number], names?: NameLookup, label?: string): HistoryChange {
  const name = change.field_name;
  const field = label ?? fieldLabel(name);
  const split = halves(change.value);
  const rawFrom = named(change.old_value !== undefined ? change.old_value : split?.[0], name, names);
  const rawTo = named(change.new_value !== undefined ? change.new_value : split ? split[1] : change.value, name, names);

  const rich = RICH_FIELDS.has(name) || [rawFrom, rawTo].some((v) => typeof v === 'string' && HTML.test(v));
  if (rich) {
    const html = (v: unknown) => (isEmpty(v) ? null : typeof v === 'string' ? v : String(v));
    return { field, kind: 'rich', from: null, to: null, html: { from: html(rawFrom), to: html(rawTo) } };
  }

  // Tags travel as one comma-separated text: a list for the reader.
  if (LIST_TEXT_FIELDS.has(name) && [rawFrom, rawTo].every((v) => v === null || v === undefined || typeof v === 'string')) {
    const items = (v: unknown) =>
      typeof v === 'string' && !isEmpty(v)
        ? v
            .split(',')
            .map((t) => t.trim())
            .filter(Boolean)
        : [];
    return describeChange({ field_name: `${name}_list`, value: '', old_value: items(rawFrom), new_value: items(rawTo) }, names, field);
  }

  if (Array.isArray(rawFrom) || Array.isArray(rawTo)) {
    const before = listItems(Array.isArray(rawFrom) ? rawFrom : [], name);
    const after = listItems(Array.isArray(rawTo) ? rawTo : [], name);
    const added = after.filter((x) => !before.includes(x));
    const removed = before.filter((x) => !after.includes(x));
    return { field, kind: 'list', from: before.join(', ') || null, to: after.join(', ') || null, added, removed };
  }

  // Plain values: the service's text when it holds them, else the raw values formatted.
  const structured = [rawFrom, rawTo].some((v) => typeof v === 'object' && v !== null);
  const sameAsRaw = (text: string, raw: unknown) => isEmpty(text) === isEmpty(raw) && (isEmpty(raw) || text.trim() === String(raw));
  const rawSaid = [change.old_value, change.new_value];
  const textSaysMore = split !== null && !(sameAsRaw(split[0], rawSaid[0]) && sameAsRaw(split[1], rawSaid[1]));
  const useText = split !== null && !structured && (textSaysMore || rawSaid.every((v) => v === undefined));
  const from = useText ? formatValue(split[0], name) : formatValue(rawFrom, name);
  const to = useText ? formatValue(split[1], name) : formatValue(rawTo, name);
  const bareIds = LINK_FIELD.test(name) && [from, to].every((v) => v === null || /^\d+$/.test(v));
  if (bareIds && (from !== null || to !== null)) return { field, kind: 'moved', from, to };
  if (from === null && to === null) return { field, kind: 'cleared', from: null, to: null };
  if (from === null) return { field, kind: 'set', from: null, to };
  if (to === null) return { field, kind: 'cleared', from, to: null };
  return { field, kind: 'changed', from, to };
}

/**
 * A phrase in parts, so the screen can set field names and values apart while the words stay the
 * ones tested here: plain text, a field's name, a value (old or new), a record's name.
 */
export type PhrasePart = string | { field: string } | { value: string; side: 'from' | 'to' } | { record: string };

/** The parts as plain text (what a screen reader hears, and what the tests read). */
export const phraseText = (parts: readonly PhrasePart[]): string =>
  parts.map((p) => (typeof p === 'string' ? p : 'field' in p ? p.field : 'value' in p ? p.value : p.record)).join('');

const joined = (items: readonly string[], side: 'from' | 'to'): PhrasePart[] =>
  items.flatMap((item, i) => (i === 0 ? [{ value: item, side }] : [', ', { value: item, side }]));

/** "changed Status from In design → Ready", "set Assignee to Avery Chen", "edited the description". */
export function changeParts(change: HistoryChange): PhrasePart[] {
  const field = { field: change.field };
  const lower = { field: change.field.charAt(0).toLowerCase() + change.field.slice(1) };
  switch (change.kind) {
    case 'rich':
      if (!change.html?.from) return ['added a ', lower];
      if (!change.html.to) return ['removed the ', lower];
      return ['edited the ', lower];
    case 'list': {
      const added = change.added ?? [];
      const removed = change.removed ?? [];
      if (added.length > 0 && removed.length > 0) {
        return ['changed ', field, ': added ', ...joined(added, 'to'), '; removed ', ...joined(removed, 'from')];
      }
      if (added.length > 0) return ['added ', ...joined(added, 'to'), ' to ', field];
      if (removed.length > 0) return ['removed ', ...joined(removed, 'from'), ' from ', field];
      return ['changed ', field];
    }
    case 'moved':
      return [change.to === null ? 'cleared ' : 'changed ', field];
    case 'set':
      return ['set ', field, ' to ', { value: change.to ?? '', side: 'to' }];
    case 'cleared':
      return change.from === null ? ['cleared ', field] : ['cleared ', field, ' (was ', { value: change.from, side: 'from' }, ')'];
    case 'changed':
      return ['changed ', field, ' from ', { value: change.from ?? '', side: 'from' }, ' → ', { value: change.to ?? '', side: 'to' }];
  }
}

export const changePhrase = (change: HistoryChange): string => phraseText(changeParts(change));

// ---------------------------------------------------------------------------------------------
// Entries

/**
 * Columns an update carries that a reader of the history does not look for: derived stamps and
 * counters the service keeps beside a real change (the day a status changed, the next key's number).
 */
const QUIET_FIELDS = new Set([
  'id',
  'product_id',
  'position',
  'created_at',
  'updated_at',
  'next_requirement_num',
  'status_changed_on',
  'comments_count',
]);

/**
 * The row's record named as the service's description names it ("updated requirement PLN-12-1
 * Login form" → "PLN-12-1 Login form"), else by its key.
 */
function recordLabel(audit: Audit): string | null {
  const noun = typeNoun(audit.auditable_type);
  const at = audit.description.toLowerCase().indexOf(` ${noun} `);
  const described = at >= 0 ? audit.description.slice(at + noun.length + 2).trim() : '';
  if (described && (!audit.reference_num || described.startsWith(audit.reference_num))) return described;
  return audit.reference_num ?? null;
}

const bodyOf = (audit: Audit): string | null => {
  const body = audit.changes.find((c) => c.field_name === 'body');
  if (!body) return null;
  const value = body.new_value !== undefined ? body.new_value : halves(body.value)?.[1];
  return typeof value === 'string' && value.trim() !== '' ? value : null;
};

/** An audit row as an entry of `subject`'s history (a row of another record names that record). */
export function toEntry(audit: Audit, subject: { type: string; id: string }, names?: NameLookup): HistoryEntry {
  const self = audit.auditable_type === subject.type && audit.auditable_id === subject.id;
  const action: HistoryAction =
    audit.audit_action === 'create'
      ? audit.restored_from_deletion_id
        ? 'restored'
        : 'created'
      : audit.audit_action === 'destroy'
        ? 'deleted'
        : 'updated';
  const isComment = audit.auditable_type === 'Comment';
  const changes =
    action === 'updated' && !isComment
      ? audit.changes.filter((c) => !QUIET_FIELDS.has(c.field_name)).map((c) => describeChange(c, names))
      : [];
  return {
    id: audit.id,
    at: audit.created_at,
    who: audit.user?.name ?? null,
    action,
    about: self ? null : { type: audit.auditable_type, noun: typeNoun(audit.auditable_type), label: isComment ? null : recordLabel(audit) },
    changes,
    commentHtml: isComment && action === 'created' ? bodyOf(audit) : null,
    minor: !audit.interesting,
  };
}

/**
 * What the person did, after their name: "created this feature", "changed Status from A → B",
 * "made 3 changes", "added requirement PLN-12-1 Login", "commented". `subjectNoun` names the record
 * the history is of ("feature").
 */
export function entryParts(entry: HistoryEntry, subjectNoun: string): PhrasePart[] {
  const { about, action, changes } = entry;
  if (about?.type === 'Comment') {
    const verb = { created: 'commented', updated: 'edited a comment', deleted: 'deleted a comment', restored: 'restored a comment' };
    return [verb[action]];
  }
  const what: PhrasePart[] = about
    ? [`${about.noun}${about.label ? ' ' : ''}`, ...(about.label ? [{ record: about.label }] : [])]
    : [`this ${subjectNoun}`];
  switch (action) {
    case 'created':
      return [about ? 'added ' : 'created ', ...what];
    case 'deleted':
      return ['deleted ', ...what];
    case 'restored':
      return ['restored ', ...what, ' from the recycle bin'];
    case 'updated': {
      const only = changes.length === 1 ? changes[0] : undefined;
      if (!about) {
        if (only) return changeParts(only);
        return changes.length === 0 ? ['updated ', ...what] : [`made ${changes.length} changes`];
      }
      return only ? [...changeParts(only), ' on ', ...what] : ['updated ', ...what];
    }
  }
}

export const entryPhrase = (entry: HistoryEntry, subjectNoun: string): string => phraseText(entryParts(entry, subjectNoun));

/**
 * One row said in a line, for a table of rows of many records (the audit search): an update's
 * changes ("changed Name from A → B; edited the description"), else the service's description of
 * what was done ("created feature PLN-14 Sign-in") — a create lists every field, which says less.
 */
export function auditSummary(audit: Audit, names?: NameLookup): string {
  if (audit.audit_action === 'update' && audit.auditable_type !== 'Comment') {
    const lines = audit.changes.filter((c) => !QUIET_FIELDS.has(c.field_name)).map((c) => changePhrase(describeChange(c, names)));
    if (lines.length > 0) return lines.join('; ');
  }
  return audit.description;
}

/** Whether the entry's changes are listed under its phrase (more than one, or one not in the phrase). */
export const listsChanges = (entry: HistoryEntry): boolean => entry.action === 'updated' && entry.changes.length > 1;

// ---------------------------------------------------------------------------------------------
// Days

export interface HistoryDay {
  /** `YYYY-MM-DD` in the reader's time zone. */
  day: string;
  /** "Today", "Yesterday", "Monday, 3 November 2026". */
  label: string;
  entries: HistoryEntry[];
}

function dayKey(iso: string, timeZone: string | undefined): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso.slice(0, 10);
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);
}

function dayLabel(day: string, today: string, yesterday: string): string {
  if (day === today) return 'Today';
  if (day === yesterday) return 'Yesterday';
  const date = new Date(`${day}T12:00:00Z`);
  return new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    date,
  );
}

/** Entries (newest first) in days, in the order given; `timeZone` for tests (the reader's by default). */
export function groupByDay(entries: readonly HistoryEntry[], now: number = Date.now(), timeZone?: string): HistoryDay[] {
  const today = dayKey(new Date(now).toISOString(), timeZone);
  const yesterday = dayKey(new Date(now - 24 * 3600_000).toISOString(), timeZone);
  const days: HistoryDay[] = [];
  for (const entry of entries) {
    const day = dayKey(entry.at, timeZone);
    const last = days[days.length - 1];
    if (last && last.day === day) last.entries.push(entry);
    else days.push({ day, label: dayLabel(day, today, yesterday), entries: [entry] });
  }
  return days;
}

/** "14:05" in the reader's time zone. */
export function clockTime(iso: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZone }).format(date);
}

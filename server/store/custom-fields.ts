// Custom fields of any record kind (epics, initiatives, …), shared so every kind reads, checks,
// writes and filters them the same way. Definitions are per product and record kind
// (`custom_field_definitions`); values are one row per record and field (`custom_field_values`,
// value as TEXT in a canonical form so an equality filter can use the (field_id, value, record_id)
// index).
//
// How a record kind uses this module:
//   list    `listCustomFieldDefinitions(db, { productId, recordType }, paging)` and `definitionBody` /
//           `optionBodies` for `GET /custom_field_definitions` and a field's options
//   read    `customFieldsFor(db, 'Epic', ids)`              → Map id → CustomFieldValue[] (one query)
//   write   `planCustomFields(db, productId, 'Epic', input, problems, storedId)` while checking a body
//           (adds a 422 problem per bad key under `custom_fields.<key>`; `storedId` is the record an
//           update changes), then after the record row exists
//           `writeCustomFields(db, 'Epic', id, plan)`        → audit change or null
//           (`setCustomFields` does both for a record that already exists)
//   filter  `readCustomFieldPairs(c.req.queries())`         → pairs from `custom_fields[<key>]=<value>`
//           `customFieldFilter(db, 'Epic', pairs, { productIds })` → null (no pairs), 'none' (a key or
//           value nothing can match: answer an empty page) or a function giving the SQL condition on
//           the record's id column (every pair must match)
//   delete  `removeCustomFields(db, 'Epic', ids)`           → the removed rows, for the recycle bin
//
// Canonical values: number → `String(Number(x))` (so `5.0` finds `5`), date → `YYYY-MM-DD`,
// select → the option's own spelling (matched in any case), string → trimmed text, url → the trimmed
// address (http or https only), multi_select → a JSON array of the chosen options' own spellings in
// the options' order, users → a JSON array of user ids as text in ascending order (both lists without
// repeats, so equal choices are equal text). An empty string, an empty list or null clears a value
// (the row is deleted: an absent row is "no value").
//
// A value the record already holds stays valid on an update even when its definition no longer
// allows it (an option since removed, a user since disabled): forms send every field back, and a
// change elsewhere on the record must not be refused for a value nobody touched.
import { sql } from 'kysely';
import type { RawBuilder, Selectable, SqlBool } from 'kysely';
import { CUSTOM_FIELD_TYPES, hasOptions, isListFieldType } from '../../src/contract/custom-fields';
import type {
  CustomFieldDefinition,
  CustomFieldInputValue,
  CustomFieldOption,
  CustomFieldType,
  CustomFieldValue,
  CustomFieldsInput,
} from '../../src/contract/custom-fields';
import { isRealDate } from '../../src/domain/dates';
import { webAddressProblem } from '../../src/domain/web-address';
import { badRequest, notFound } from '../problems';
import type { FieldProblems, Paging } from '../problems';
import { dialectOf } from './dialect';
import type { Changes, Db } from './audit';
import { listPage } from './pages';
import { prepared } from './prepared';
import { asId } from './resolve';
import type { CustomFieldDefinitionsTable, CustomFieldValuesTable } from './schema';

export type CustomFieldDefinitionRow = Selectable<CustomFieldDefinitionsTable>;
export type CustomFieldValueRow = Selectable<CustomFieldValuesTable>;
type FieldType = CustomFieldType;

/** Longest stored string value (a value is a short fact, not a document). */
export const CUSTOM_FIELD_VALUE_MAX = 1_000;
/** At most this many `custom_fields[...]` pairs in one list query (each is one index probe). */
export const MAX_CUSTOM_FIELD_PAIRS = 20;

const typeOf = (d: { field_type: string }): FieldType =>
  (CUSTOM_FIELD_TYPES as readonly string[]).includes(d.field_type) ? (d.field_type as FieldType) : 'string';

/** The allowed values of a select or multi-select field (the column holds a JSON array; bad JSON means none). */
export function optionsOf(d: { options: string }): string[] {
  try {
    const parsed: unknown = JSON.parse(d.options);
    return Array.isArray(parsed) ? parsed.filter((o): o is string => typeof o === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * The items of a stored list value: a JSON array's texts; a text that is not JSON (stored while the
 * field had a one-value type) as a list of itself; nothing for no value.
 */
export function storedList(text: string | null | undefined): string[] {
  if (text === null || text === undefined || text === '') return [];
  try {
    const parsed: unknown = JSON.parse(text);
    const items = Array.isArray(parsed) ? parsed : [parsed];
    return items.filter((i): i is string | number => typeof i === 'string' || typeof i === 'number').map(String);
  } catch {
    return [text];
  }
}

/** A person a `users` value may name, as `lookUpPeople` found them. */
interface Person {
  id: number;
  enabled: boolean;
}

/** People by the text that named them: an id as its decimal text, an email in lower case. */
export type People = ReadonlyMap<string, Person>;

const personKey = (ref: string): string => {
  const id = asId(ref);
  return id !== null ? String(id) : ref.trim().toLowerCase();
};

/** The users (enabled or not) that `refs` name by id or email, in one query; unknown refs are left out. */
export async function lookUpPeople(db: Db, refs: readonly string[]): Promise<People> {
  const out = new Map<string, Person>();
  const ids = [...new Set(refs.map(asId).filter((id): id is number => id !== null))];
  const emails = [...new Set(refs.filter((r) => asId(r) === null).map((r) => r.trim().toLowerCase()))].filter((e) => e !== '');
  if (ids.length === 0 && emails.length === 0) return out;
  const rows = await db
    .selectFrom('users')
    .select(['id', 'email', 'enabled'])
    .where((eb) =>
      eb.or([
        ...(ids.length > 0 ? [eb('id', 'in', ids)] : []),
        // Emails match in any case, through the NOCASE index, as everywhere a user is named.
        ...emails.map((e) => dialectOf(db).equalsIgnoringCase('email', e)),
      ]),
    )
    .execute();
  for (const u of rows) {
    const person = { id: u.id, enabled: u.enabled === 1 };
    out.set(String(u.id), person);
    out.set(u.email.toLowerCase(), person);
  }
  return out;
}

/** The texts of a list input: a list's items, a comma-separated text's parts, a number alone; blanks dropped. */
function itemsOf(value: CustomFieldInputValue): string[] {
  const parts = Array.isArray(value)
    ? value.map(String)
    : typeof value === 'string'
      ? value.split(',')
      : value === null
        ? []
        : [String(value)];
  return parts.map((p) => p.trim()).filter((p) => p !== '');
}

const sameText = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();
const quoted = (text: string): string => JSON.stringify(text);

/** What a value of one field is read against besides its definition. */
export interface ValueContext {
  /** The people a `users` value names (`lookUpPeople`); without them every person is unknown. */
  people?: People | undefined;
  /** The record's stored value of the field, on an update: what it holds stays valid. */
  kept?: string | undefined;
}

type Canonical = { ok: true; value: string | null } | { ok: false; problems: string[] };

/** A multi-select's chosen options: each an option (any case), kept in the options' order. */
function canonicalOptions(d: { options: string }, value: CustomFieldInputValue, kept: string | undefined): Canonical {
  const options = optionsOf(d);
  // Options the record holds but the definition no longer lists stay choosable, after the others.
  const choices = [...options, ...storedList(kept).filter((k) => !options.includes(k))];
  // A hosted-style comma text is split, unless the whole text is one option (which may hold a comma).
  const whole = typeof value === 'string' ? choices.find((c) => sameText(c, value.trim())) : undefined;
  const items = whole !== undefined ? [whole] : itemsOf(value);
  const chosen = new Set<string>();
  // Bad items by their lower case: `TV` and `tv` are one mistake, named as first written.
  const bad = new Map<string, string>();
  for (const item of items) {
    const match = choices.find((c) => sameText(c, item));
    if (match !== undefined) chosen.add(match);
    else if (!bad.has(item.toLowerCase())) bad.set(item.toLowerCase(), item);
  }
  if (bad.size > 0) {
    const problem = (item: string) =>
      options.length > 0 ? `${quoted(item)} is not one of: ${options.join(', ')}` : `${quoted(item)} is not an option (the field has none)`;
    return { ok: false, problems: [...bad.values()].map(problem) };
  }
  return { ok: true, value: chosen.size === 0 ? null : JSON.stringify(choices.filter((c) => chosen.has(c))) };
}

/** A users value: each item the id or email of an enabled user (or one the record already names). */
function canonicalPeople(value: CustomFieldInputValue, people: People, kept: string | undefined): Canonical {
  const keptIds = new Set(storedList(kept));
  const ids = new Set<number>();
  // Problems by the person named (an email in any case is one person), named as first written.
  const problems = new Map<string, string>();
  for (const item of itemsOf(value)) {
    const key = personKey(item);
    const person = people.get(key);
    const keptId = asId(item);
    if (problems.has(key)) continue;
    if (!person) {
      // Someone the record already names stays, whatever became of their account.
      if (keptId !== null && keptIds.has(String(keptId))) ids.add(keptId);
      else problems.set(key, `${quoted(item)} is not the email or id of a user`);
    } else if (!person.enabled && !keptIds.has(String(person.id))) {
      problems.set(key, `${quoted(item)} is a disabled user`);
    } else ids.add(person.id);
  }
  if (problems.size > 0) return { ok: false, problems: [...problems.values()] };
  return { ok: true, value: ids.size === 0 ? null : JSON.stringify([...ids].sort((a, b) => a - b).map(String)) };
}

/**
 * The canonical stored text of a value for a field, or its problems. `null` means "clear". The same
 * rule reads filter values (`filterItem` for the list types), so what was written is what a filter
 * finds.
 */
export function canonicalValue(
  d: { field_type: string; options: string },
  value: CustomFieldInputValue,
  context: ValueContext = {},
): Canonical {
  if (value === null) return { ok: true, value: null };
  const type = typeOf(d);
  if (type === 'multi_select') return canonicalOptions(d, value, context.kept);
  if (type === 'users') return canonicalPeople(value, context.people ?? new Map(), context.kept);
  if (Array.isArray(value)) {
    return value.every((v) => String(v).trim() === '')
      ? { ok: true, value: null }
      : { ok: false, problems: ['must be one value, not a list'] };
  }
  const text = String(value).trim();
  if (text === '') return { ok: true, value: null };
  const problem = (p: string): Canonical => ({ ok: false, problems: [p] });
  switch (type) {
    case 'number': {
      const n = typeof value === 'number' ? value : Number(text);
      if (!Number.isFinite(n) || (typeof value === 'string' && !/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text))) {
        return problem('must be a number');
      }
      return { ok: true, value: String(n) };
    }
    case 'date':
      return isRealDate(text) ? { ok: true, value: text } : problem('must be a real date in the form YYYY-MM-DD');
    case 'select': {
      const options = optionsOf(d);
      const match =
        options.find((o) => sameText(o, text)) ?? (context.kept !== undefined && sameText(context.kept, text) ? context.kept : undefined);
      return match !== undefined ? { ok: true, value: match } : problem(`must be one of: ${options.join(', ')}`);
    }
    case 'url': {
      const why = webAddressProblem(text);
      return why === null ? { ok: true, value: text } : problem(why);
    }
    default:
      return text.length > CUSTOM_FIELD_VALUE_MAX
        ? problem(`is too long (at most ${CUSTOM_FIELD_VALUE_MAX} characters)`)
        : { ok: true, value: text };
  }
}

/**
 * What a filter value of a list field looks for in the stored list: the option's own spelling, or
 * the id of the user named by id or email (disabled users too: their records can still be found);
 * null when no stored list can hold it.
 */
function filterItem(d: { field_type: string; options: string }, text: string, people: People): string | null {
  const item = text.trim();
  if (item === '') return null;
  if (typeOf(d) === 'users') {
    const person = people.get(personKey(item));
    return person ? String(person.id) : null;
  }
  return optionsOf(d).find((o) => sameText(o, item)) ?? null;
}

/** A stored value as it is answered: numbers as numbers, lists as lists of texts, everything else as text. */
function answerValue(d: { field_type: string }, value: string): string | number | string[] {
  const type = typeOf(d);
  if (isListFieldType(type)) return storedList(value);
  if (type !== 'number') return value;
  const n = Number(value);
  return Number.isFinite(n) ? n : value;
}

/** A value as the audit log keeps it: the answered form of a list (not its JSON text), text otherwise. */
type AuditValue = string | string[] | null;
const auditValue = (type: FieldType, value: string | null): AuditValue =>
  value !== null && isListFieldType(type) ? storedList(value) : value;

// ---------------------------------------------------------------------------------------------
// Read

// Every read of a record of any kind runs this (a feature page too): built and compiled once per shape.
const valuesOf = prepared((db, recordType: string, ids: number[]) =>
  db
    .selectFrom('custom_field_values as v')
    .innerJoin('custom_field_definitions as d', 'd.id', 'v.field_id')
    .select(['v.record_id', 'v.value', 'v.updated_at', 'd.id', 'd.key', 'd.name', 'd.field_type'])
    .where('v.record_type', '=', recordType)
    .where('v.record_id', 'in', ids)
    .orderBy('v.record_id')
    .orderBy('d.position')
    .orderBy('d.id'),
);

/**
 * The custom field values of a batch of records of one kind, by record id, in definition order
 * (position, then id). One query whatever the batch size; records without values map to nothing
 * (use `?? []`).
 */
export async function customFieldsFor(db: Db, recordType: string, ids: readonly number[]): Promise<Map<number, CustomFieldValue[]>> {
  const out = new Map<number, CustomFieldValue[]>();
  if (ids.length === 0) return out;
  const rows = await valuesOf(db, recordType, [...new Set(ids)]);
  for (const r of rows) {
    const list = out.get(r.record_id) ?? [];
    list.push({
      id: String(r.id),
      key: r.key,
      name: r.name,
      type: typeOf(r),
      value: answerValue(r, r.value),
      updatedAt: r.updated_at,
    });
    out.set(r.record_id, list);
  }
  return out;
}

/** The definitions of a product for a record kind, in order. */
export async function customFieldDefinitions(db: Db, productId: number, recordType: string): Promise<CustomFieldDefinitionRow[]> {
  return db
    .selectFrom('custom_field_definitions')
    .selectAll()
    .where('product_id', '=', productId)
    .where('record_type', '=', recordType)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/** What `GET /custom_field_definitions` narrows to; absent members do not narrow. */
export interface DefinitionFilter {
  productId?: number | undefined;
  /** A record kind in any case (`epic` finds `Epic`). */
  recordType?: string | undefined;
}

/**
 * A page of definitions, by product, then record kind, then position and id: a product's fields of
 * one kind come out in the order its forms show them.
 */
export async function listCustomFieldDefinitions(
  db: Db,
  filter: DefinitionFilter,
  p: Paging,
): Promise<{ rows: CustomFieldDefinitionRow[]; total: number }> {
  let q = db.selectFrom('custom_field_definitions');
  if (filter.productId !== undefined) q = q.where('product_id', '=', filter.productId);
  if (filter.recordType !== undefined) {
    // lower() on both sides, as for every name the service matches (decisions.md, "Lists").
    q = q.where(dialectOf(db).equalsIgnoringCase('record_type', filter.recordType));
  }
  return listPage(db, q, p, (page) => page.selectAll().orderBy('product_id').orderBy('record_type').orderBy('position').orderBy('id'));
}

/** A definition by numeric id (definitions have no key of their own across products); 404 otherwise. */
export async function requireCustomFieldDefinition(db: Db, id: string): Promise<CustomFieldDefinitionRow> {
  const n = asId(id);
  const row = n === null ? undefined : await db.selectFrom('custom_field_definitions').selectAll().where('id', '=', n).executeTakeFirst();
  if (!row) throw notFound('Custom field definition', id);
  return row;
}

export function definitionBody(d: CustomFieldDefinitionRow): CustomFieldDefinition {
  const type = typeOf(d);
  return {
    id: String(d.id),
    key: d.key,
    name: d.name,
    type,
    internal_name: null,
    custom_fieldable_type: d.record_type,
    product_id: String(d.product_id),
    position: d.position,
    // A field without options may keep stale ones from an earlier type: they are not choices.
    options: hasOptions(type) ? optionsOf(d) : [],
  };
}

/** The hosted shape of a field's options; options are text, so the text is also the value. */
export function optionBodies(d: CustomFieldDefinitionRow): CustomFieldOption[] {
  if (!hasOptions(typeOf(d))) return [];
  return optionsOf(d).map((text) => ({ text, value: text, meta: { color: null } }));
}

// ---------------------------------------------------------------------------------------------
// Write

/** What a body's `custom_fields` will do: per field, the canonical value to store or null to clear. */
export interface CustomFieldPlan {
  entries: { fieldId: number; key: string; type: FieldType; value: string | null }[];
}

/** An audit change of custom fields: `[before, after]`, each key → value of the keys that changed. */
export type CustomFieldChange = [Record<string, AuditValue>, Record<string, AuditValue>];

/**
 * Checks a body's `custom_fields` object (`{"<key>": value}`) against the product's definitions
 * for `recordType`. Each unknown key or bad value adds a problem under `custom_fields.<key>`;
 * writes nothing. Returns the plan to hand to `writeCustomFields` once the record exists.
 * `storedId` is the record an update changes: the values it holds stay valid (see the header).
 */
export async function planCustomFields(
  db: Db,
  productId: number,
  recordType: string,
  input: CustomFieldsInput | undefined,
  problems: FieldProblems,
  storedId?: number,
): Promise<CustomFieldPlan> {
  const plan: CustomFieldPlan = { entries: [] };
  if (input === undefined) return plan;
  const keys = Object.keys(input);
  if (keys.length === 0) return plan;
  const defs = new Map(
    (
      await db
        .selectFrom('custom_field_definitions')
        .selectAll()
        .where('product_id', '=', productId)
        .where('record_type', '=', recordType)
        .where('key', 'in', keys)
        .execute()
    ).map((d) => [d.key, d]),
  );
  // Only the types with a list of allowed values (options, people) have anything to keep.
  const keeping = [...defs.values()].filter((d) => hasOptions(typeOf(d)) || typeOf(d) === 'users');
  const kept =
    storedId === undefined || keeping.length === 0
      ? new Map<number, string>()
      : await storedValues(
          db,
          recordType,
          storedId,
          keeping.map((d) => d.id),
        );
  const refs = [...defs.values()].filter((d) => typeOf(d) === 'users').flatMap((d) => itemsOf(input[d.key] ?? null));
  const people = await lookUpPeople(db, refs);
  for (const key of keys) {
    const def = defs.get(key);
    if (!def) {
      problems.add(`custom_fields.${key}`, `is not a custom field of ${recordType.toLowerCase()}s in this product`);
      continue;
    }
    const checked = canonicalValue(def, input[key] ?? null, { people, kept: kept.get(def.id) });
    if (!checked.ok) for (const p of checked.problems) problems.add(`custom_fields.${key}`, p);
    else plan.entries.push({ fieldId: def.id, key, type: typeOf(def), value: checked.value });
  }
  return plan;
}

/** A record's stored values of the given fields, by field id (the plan's "kept" and the write's "before"). */
async function storedValues(db: Db, recordType: string, recordId: number, fieldIds: readonly number[]): Promise<Map<number, string>> {
  const rows = await db
    .selectFrom('custom_field_values')
    .select(['field_id', 'value'])
    .where('record_type', '=', recordType)
    .where('record_id', '=', recordId)
    .where('field_id', 'in', [...fieldIds])
    .execute();
  return new Map(rows.map((r) => [r.field_id, r.value]));
}

/**
 * Applies a plan to a record: upserts values, deletes cleared ones. Returns the audit change
 * `[before, after]` (objects key → value of the keys that changed; lists as lists) or null when
 * nothing changed.
 */
export async function writeCustomFields(
  db: Db,
  recordType: string,
  recordId: number,
  plan: CustomFieldPlan,
): Promise<CustomFieldChange | null> {
  if (plan.entries.length === 0) return null;
  const stored = await storedValues(
    db,
    recordType,
    recordId,
    plan.entries.map((e) => e.fieldId),
  );
  const before: Record<string, AuditValue> = {};
  const after: Record<string, AuditValue> = {};
  for (const e of plan.entries) {
    const old = stored.get(e.fieldId) ?? null;
    // Canonical text: equal values are equal text, lists included.
    if (old === e.value) continue;
    before[e.key] = auditValue(e.type, old);
    after[e.key] = auditValue(e.type, e.value);
    const value = e.value;
    if (value === null) {
      await db
        .deleteFrom('custom_field_values')
        .where('record_type', '=', recordType)
        .where('record_id', '=', recordId)
        .where('field_id', '=', e.fieldId)
        .execute();
    } else {
      const updated_at = new Date().toISOString();
      await db
        .insertInto('custom_field_values')
        .values({ record_type: recordType, record_id: recordId, field_id: e.fieldId, value, updated_at })
        .onConflict((oc) => oc.columns(['record_type', 'record_id', 'field_id']).doUpdateSet({ value, updated_at }))
        .execute();
    }
  }
  return Object.keys(after).length > 0 ? [before, after] : null;
}

/**
 * Writes a record's planned values and notes them in the write's audit changes, as every kind does:
 * `custom_fields: [before, after]` (before is null on a create). True when a value changed.
 */
export async function recordCustomFields(
  db: Db,
  recordType: string,
  recordId: number,
  plan: CustomFieldPlan,
  changes: Changes,
  creating: boolean,
): Promise<boolean> {
  const change = await writeCustomFields(db, recordType, recordId, plan);
  if (change) changes.custom_fields = creating ? [null, change[1]] : change;
  return change !== null;
}

/**
 * Validates and writes in one call, for a record that already exists (an update). Writes only when
 * no problem was found — by this check or, before it, by the caller — so call it after the other
 * checks and throw `problems` right after. A create needs plan and write apart (no id yet).
 */
export async function setCustomFields(
  db: Db,
  productId: number,
  recordType: string,
  recordId: number,
  input: CustomFieldsInput | undefined,
  problems: FieldProblems,
): Promise<CustomFieldChange | null> {
  const plan = await planCustomFields(db, productId, recordType, input, problems, recordId);
  if (!problems.empty) return null;
  return writeCustomFields(db, recordType, recordId, plan);
}

/** Deletes the values of records (a delete): returns the removed rows for the recycle bin. */
export async function removeCustomFields(db: Db, recordType: string, ids: readonly number[]): Promise<CustomFieldValueRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('custom_field_values')
    .selectAll()
    .where('record_type', '=', recordType)
    .where('record_id', 'in', [...ids])
    .execute();
  if (rows.length > 0) {
    await db
      .deleteFrom('custom_field_values')
      .where('record_type', '=', recordType)
      .where('record_id', 'in', [...ids])
      .execute();
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------
// Filter

export interface CustomFieldPair {
  key: string;
  value: string;
}

/**
 * The `custom_fields[<key>]=<value>` pairs of a query (hono: `c.req.queries()`). A key given twice
 * gives two pairs (both must match). More than `MAX_CUSTOM_FIELD_PAIRS` pairs, a plain
 * `custom_fields=...` that is not a hash, or a `custom_fields[...]` name that is not one key
 * (`custom_fields[]`, `custom_fields[a][b]`, a key over 100 characters) is a 400 naming
 * `custom_fields`.
 */
export function readCustomFieldPairs(queries: Record<string, string[]>): CustomFieldPair[] {
  const malformed = () =>
    badRequest({
      custom_fields: ['must be given as custom_fields[<key>]=<value> or custom_fields.<key>=<value>'],
    });
  const pairs: CustomFieldPair[] = [];
  for (const [name, values] of Object.entries(queries)) {
    if (name === 'custom_fields') throw malformed();
    // `custom_fields[risk]`, or `custom_fields.risk` as generated clients write a deep object.
    const m = /^custom_fields(?:\[([^\]]{1,100})\]|\.([^.[\]]{1,100}))$/.exec(name);
    const key = m?.[1] ?? m?.[2];
    if (key === undefined) {
      // A filter the caller meant but wrote in a form we do not read must not be dropped silently:
      // the answer would be the unfiltered list, which looks like a match of everything.
      if (name.startsWith('custom_fields[') || name.startsWith('custom_fields.')) throw malformed();
      continue;
    }
    for (const value of values) pairs.push({ key, value });
  }
  if (pairs.length > MAX_CUSTOM_FIELD_PAIRS) {
    throw badRequest({ custom_fields: [`has too many pairs (at most ${MAX_CUSTOM_FIELD_PAIRS})`] });
  }
  return pairs;
}

/** A condition on the record id expression given (`sql\`e.id\`` or, as a probe, `sql\`+e.id\``). */
export type CustomFieldCondition = (idColumn: RawBuilder<unknown>) => RawBuilder<SqlBool>;

/**
 * Turns pairs into one SQL condition that holds when the record matches every pair. A key is
 * resolved to the definitions of `recordType` with that key — in `productIds` when given, else in
 * every product (the account-wide list) — and the value is read in each definition's canonical
 * form, so `risk=HIGH` finds `High` and `points=5.0` finds `5`. Each pair becomes
 * `id IN (SELECT record_id FROM custom_field_values WHERE field_id IN (…) AND value = …)`, served by
 * the (field_id, value, record_id) index. On a multi-select or users field the pair names one item
 * (an option; a user by id or email) and matches the records whose list holds it, through the
 * field's values (`dialectOf(db).jsonListContains`).
 *
 * Returns null when there are no pairs, and 'none' when a key is defined nowhere in scope or its
 * value is impossible for every definition (an unknown key is an empty page, not an error).
 */
export async function customFieldFilter(
  db: Db,
  recordType: string,
  pairs: readonly CustomFieldPair[],
  opts: { productIds?: readonly number[] | undefined } = {},
): Promise<CustomFieldCondition | 'none' | null> {
  if (pairs.length === 0) return null;
  let q = db
    .selectFrom('custom_field_definitions')
    .selectAll()
    .where('record_type', '=', recordType)
    .where('key', 'in', [...new Set(pairs.map((p) => p.key))]);
  if (opts.productIds !== undefined) {
    if (opts.productIds.length === 0) return 'none';
    q = q.where('product_id', 'in', [...opts.productIds]);
  }
  const defs = await q.execute();
  const peopleKeys = new Set(defs.filter((d) => typeOf(d) === 'users').map((d) => d.key));
  const people = await lookUpPeople(
    db,
    pairs.filter((p) => peopleKeys.has(p.key)).map((p) => p.value),
  );

  const probes: RawBuilder<SqlBool>[] = [];
  for (const pair of pairs) {
    // Per definition, the value's canonical text (definitions of other products may differ in type).
    const alternatives = defs
      .filter((d) => d.key === pair.key)
      .flatMap((d) => {
        if (isListFieldType(typeOf(d))) {
          const item = filterItem(d, pair.value, people);
          return item === null
            ? []
            : [sql`(field_id = ${d.id} AND ${dialectOf(db).jsonListContains(sql.ref('custom_field_values.value'), item)})`];
        }
        const c = canonicalValue(d, pair.value);
        return c.ok && c.value !== null ? [sql`(field_id = ${d.id} AND value = ${c.value})`] : [];
      });
    if (alternatives.length === 0) return 'none';
    // Field ids belong to one record kind, so the (field_id, value, record_id) index covers it.
    probes.push(sql<SqlBool>`(SELECT record_id FROM custom_field_values WHERE ${sql.join(alternatives, sql` OR `)})`);
  }
  return (idColumn) =>
    sql<SqlBool>`(${sql.join(
      probes.map((p) => sql`${idColumn} IN ${p}`),
      sql` AND `,
    )})`;
}

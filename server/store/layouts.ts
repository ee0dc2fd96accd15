// Custom layouts (issue 14, operation 17): what each kind's create form and detail page show, in
// which sections and order, and which fields a create must carry. The catalogue of each kind's
// standard fields and its default sections is the contract's (`src/contract/layouts.ts`), shared
// with the app; this module stores layouts, checks them, resolves the one a workspace uses for a
// kind, and enforces its required fields on every create (`requireLayoutFields`).
//
// Custom fields are named by key (`custom_fields.risk`): definitions are per workspace and a layout
// serves several, so each workspace resolves the key to its own definition, and a key a workspace
// does not define is simply not part of that workspace's form (nor required there).
import type { Selectable } from 'kysely';
import type { CustomFieldDefinition } from '../../src/contract/custom-fields';
import {
  CUSTOM_FIELD_RECORD_TYPE,
  DEFAULT_SECTIONS,
  SCREENABLE_NOUNS,
  SCREENABLE_TYPES,
  STANDARD_FIELDS,
  customFieldKeyOf,
  standardField,
} from '../../src/contract/layouts';
import type {
  LayoutField,
  LayoutSection,
  ScreenDefinition,
  ScreenLayout,
  ScreenableType,
  screenCustomFieldSchema,
  screenDefinitionCreateInput,
  screenDefinitionUpdateInput,
} from '../../src/contract/layouts';

type ScreenDefinitionCreateInput = z.output<typeof screenDefinitionCreateInput>;
type ScreenDefinitionUpdateInput = z.output<typeof screenDefinitionUpdateInput>;
import type { z } from 'zod';
import { FieldProblems, StoreError, fieldError, notFound } from '../problems';
import type { Checked, Paging } from '../problems';
import type { Db } from './audit';
import { audit } from './audit';
import { definitionBody } from './custom-fields';
import type { CustomFieldDefinitionRow } from './custom-fields';
import { asId, findProduct } from './resolve';
import type { ScreenDefinitionsTable } from './schema';

export type ScreenDefinitionRow = Selectable<ScreenDefinitionsTable>;

/** What a stored field row says, before it is described. */
interface StoredField {
  field: string;
  on_form: boolean;
  on_detail: boolean;
  required: boolean;
}
interface StoredSection {
  name: string;
  column: 'main' | 'side';
  fields: StoredField[];
}

const SCREENABLE_OF_RECORD_TYPE = new Map<string, ScreenableType>(SCREENABLE_TYPES.map((t) => [CUSTOM_FIELD_RECORD_TYPE[t], t]));

const isScreenable = (type: string): type is ScreenableType => (SCREENABLE_TYPES as readonly string[]).includes(type);

/** The kind's default sections as stored fields: every field on the form and the page, nothing required. */
function defaultSections(type: ScreenableType): StoredSection[] {
  return DEFAULT_SECTIONS[type].map((s) => ({
    name: s.name,
    column: s.column,
    fields: s.fields.map((field) => ({ field, on_form: true, on_detail: true, required: false })),
  }));
}

// ---------------------------------------------------------------------------------------------
// Read

async function sectionsOf(db: Db, layoutIds: readonly number[]): Promise<Map<number, StoredSection[]>> {
  const out = new Map<number, StoredSection[]>();
  if (layoutIds.length === 0) return out;
  const sections = await db
    .selectFrom('screen_definition_sections')
    .selectAll()
    .where('screen_definition_id', 'in', layoutIds)
    .orderBy('screen_definition_id')
    .orderBy('position')
    .orderBy('id')
    .execute();
  const fields =
    sections.length === 0
      ? []
      : await db
          .selectFrom('screen_definition_fields')
          .selectAll()
          .where(
            'section_id',
            'in',
            sections.map((s) => s.id),
          )
          .orderBy('section_id')
          .orderBy('position')
          .orderBy('id')
          .execute();
  const bySection = new Map<number, StoredField[]>();
  for (const f of fields) {
    const list = bySection.get(f.section_id) ?? [];
    list.push({ field: f.field, on_form: f.on_form === 1, on_detail: f.on_detail === 1, required: f.required === 1 });
    bySection.set(f.section_id, list);
  }
  for (const s of sections) {
    const list = out.get(s.screen_definition_id) ?? [];
    list.push({ name: s.name, column: s.column_name === 'side' ? 'side' : 'main', fields: bySection.get(s.id) ?? [] });
    out.set(s.screen_definition_id, list);
  }
  return out;
}

/** Custom field definitions of a kind's record type by key: one workspace's, or each key's first (lowest id). */
async function definitionsByKey(db: Db, type: ScreenableType, productId?: number): Promise<Map<string, CustomFieldDefinitionRow>> {
  let q = db.selectFrom('custom_field_definitions').selectAll().where('record_type', '=', CUSTOM_FIELD_RECORD_TYPE[type]).orderBy('id');
  if (productId !== undefined) q = q.where('product_id', '=', productId);
  const out = new Map<string, CustomFieldDefinitionRow>();
  for (const d of await q.execute()) if (!out.has(d.key)) out.set(d.key, d);
  return out;
}

/** A stored field as answered; null for a custom field the definitions at hand do not hold. */
function describeField(type: ScreenableType, f: StoredField, defs: ReadonlyMap<string, CustomFieldDefinitionRow>): LayoutField | null {
  const key = customFieldKeyOf(f.field);
  if (key !== null) {
    const def = defs.get(key);
    if (!def) return null;
    return {
      ...f,
      label: def.name,
      custom: true,
      can_be_required: true,
      locked: false,
      custom_field_definition: definitionBody(def),
    };
  }
  const std = standardField(type, f.field);
  if (!std) return null; // a field a later version removed: not shown
  return {
    ...f,
    // The name is required whatever the layout says: every record has one.
    required: f.required || std.key === 'name',
    on_form: f.on_form || std.locked === true,
    label: std.label,
    custom: false,
    can_be_required: std.requirable,
    locked: std.locked === true,
    custom_field_definition: null,
  };
}

function describeSections(
  type: ScreenableType,
  sections: readonly StoredSection[],
  defs: ReadonlyMap<string, CustomFieldDefinitionRow>,
): LayoutSection[] {
  return sections.map((s) => ({
    name: s.name,
    column: s.column,
    fields: s.fields.map((f) => describeField(type, f, defs)).filter((f): f is LayoutField => f !== null),
  }));
}

type HostedCustomField = z.input<typeof screenCustomFieldSchema>;
/** A layout as answered: the hosted shape's id is a JSON number. */
export type ScreenDefinitionBody = Omit<ScreenDefinition, 'id'> & { id: number };

/** The hosted class and API type of a field type. */
const HOSTED_TYPES: Record<string, [string, string]> = {
  string: ['CustomFieldDefinitions::TextField', 'string'],
  number: ['CustomFieldDefinitions::NumberField', 'number'],
  date: ['CustomFieldDefinitions::DateField', 'date'],
  select: ['CustomFieldDefinitions::SelectConstant', 'string'],
  multi_select: ['CustomFieldDefinitions::SelectMultiple', 'array'],
  users: ['CustomFieldDefinitions::UsersField', 'array'],
  url: ['CustomFieldDefinitions::UrlField', 'url'],
};

/** The layout's custom fields in the hosted shape, `position` counting them in layout order. */
function hostedCustomFields(sections: readonly LayoutSection[]): HostedCustomField[] {
  const out: HostedCustomField[] = [];
  for (const s of sections) {
    for (const f of s.fields) {
      const d: CustomFieldDefinition | null = f.custom_field_definition;
      if (!d) continue;
      const [className, apiType] = HOSTED_TYPES[d.type] ?? ['CustomFieldDefinitions::TextField', 'string'];
      out.push({
        id: Number(d.id),
        key: d.key,
        name: d.name,
        type: className,
        api_type: apiType,
        position: out.length + 1,
        required: f.required,
        can_be_required_on_form: true,
        options: d.options.map((label, i) => ({ id: i + 1, label })),
      });
    }
  }
  return out;
}

/** Layouts as operation 17 answers them, in one read per table whatever their number. */
export async function screenDefinitionBodies(db: Db, rows: readonly ScreenDefinitionRow[]): Promise<ScreenDefinitionBody[]> {
  const ids = rows.map((r) => r.id);
  const sections = await sectionsOf(db, ids);
  const assignments =
    ids.length === 0
      ? []
      : await db
          .selectFrom('screen_definition_assignments')
          .select(['screen_definition_id', 'product_id'])
          .where('screen_definition_id', 'in', ids)
          .orderBy('product_id')
          .execute();
  const defsByType = new Map<ScreenableType, Map<string, CustomFieldDefinitionRow>>();
  const out = [];
  for (const row of rows) {
    const type = isScreenable(row.screenable_type) ? row.screenable_type : 'Feature';
    let defs = defsByType.get(type);
    if (!defs) {
      defs = await definitionsByKey(db, type);
      defsByType.set(type, defs);
    }
    const described = describeSections(type, sections.get(row.id) ?? [], defs);
    out.push({
      id: row.id,
      name: row.name,
      screenable_type: type,
      custom_field_definitions: hostedCustomFields(described),
      default: row.is_default === 1,
      product_ids: assignments.filter((a) => a.screen_definition_id === row.id).map((a) => String(a.product_id)),
      sections: described,
      created_at: row.created_at,
      updated_at: row.updated_at,
    });
  }
  return out;
}

export async function listScreenDefinitions(
  db: Db,
  filter: { screenableType?: string | undefined },
  p: Paging,
): Promise<{ rows: ScreenDefinitionRow[]; total: number }> {
  let q = db.selectFrom('screen_definitions');
  if (filter.screenableType !== undefined) q = q.where('screenable_type', '=', filter.screenableType);
  const total = Number((await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  if (total === 0 || p.offset >= total) return { rows: [], total };
  const rows = await q
    .selectAll()
    .orderBy('screenable_type')
    .orderBy('is_default', 'desc')
    .orderBy('id')
    .limit(p.perPage)
    .offset(p.offset)
    .execute();
  return { rows, total };
}

export async function requireScreenDefinition(db: Db, idText: string): Promise<ScreenDefinitionRow> {
  const id = asId(idText);
  const row = id === null ? undefined : await db.selectFrom('screen_definitions').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Screen definition', idText);
  return row;
}

/** The stored layout a workspace uses for a kind: its own, else the kind's default, else none. */
async function layoutRowFor(db: Db, productId: number, type: ScreenableType): Promise<ScreenDefinitionRow | undefined> {
  const assigned = await db
    .selectFrom('screen_definition_assignments as a')
    .innerJoin('screen_definitions as d', 'd.id', 'a.screen_definition_id')
    .selectAll('d')
    .where('a.product_id', '=', productId)
    .where('a.screenable_type', '=', type)
    .executeTakeFirst();
  if (assigned) return assigned;
  return db.selectFrom('screen_definitions').selectAll().where('screenable_type', '=', type).where('is_default', '=', 1).executeTakeFirst();
}

/** Every kind's layout as a workspace uses it, its custom fields resolved to the workspace's definitions. */
export async function workspaceLayouts(db: Db, productId: number): Promise<ScreenLayout[]> {
  const assigned = await db
    .selectFrom('screen_definition_assignments')
    .select(['screenable_type', 'screen_definition_id'])
    .where('product_id', '=', productId)
    .execute();
  const defaults = await db.selectFrom('screen_definitions').selectAll().where('is_default', '=', 1).execute();
  const chosenIds = new Map<string, number>(defaults.map((d) => [d.screenable_type, d.id]));
  for (const a of assigned) chosenIds.set(a.screenable_type, a.screen_definition_id);
  const ids = [...new Set(chosenIds.values())];
  const rows = ids.length === 0 ? [] : await db.selectFrom('screen_definitions').selectAll().where('id', 'in', ids).execute();
  const sections = await sectionsOf(db, ids);
  const defs = await db.selectFrom('custom_field_definitions').selectAll().where('product_id', '=', productId).orderBy('id').execute();
  const out: ScreenLayout[] = [];
  for (const type of SCREENABLE_TYPES) {
    const ownDefs = new Map(defs.filter((d) => d.record_type === CUSTOM_FIELD_RECORD_TYPE[type]).map((d) => [d.key, d] as const));
    const id = chosenIds.get(type);
    const row = rows.find((r) => r.id === id);
    out.push({
      screenable_type: type,
      screen_definition_id: row ? String(row.id) : null,
      name: row?.name ?? 'Default',
      sections: describeSections(type, row ? (sections.get(row.id) ?? []) : defaultSections(type), ownDefs),
    });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Required fields on create

const isBlank = (v: unknown): boolean =>
  v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);

/**
 * Adds "is required" for each field the workspace's layout of the kind requires on create that the
 * body leaves out or blank (a standard field when none of its body members holds a value, a custom
 * field when `custom_fields.<key>` holds none) — the same rule the form shows. `recordType` is the
 * kind's custom-field record type (`Feature`, `Goal`, `Idea`, `Page` …), as the planners know it.
 */
export async function requireLayoutFields(
  db: Db,
  productId: number,
  recordType: string,
  input: object,
  problems: FieldProblems,
): Promise<void> {
  const type = SCREENABLE_OF_RECORD_TYPE.get(recordType);
  if (!type) return;
  const body = input as Readonly<Record<string, unknown>>;
  const row = await layoutRowFor(db, productId, type);
  if (!row) return; // the built-in default requires nothing but the name, which the body's schema checks
  const fields = await db
    .selectFrom('screen_definition_fields as f')
    .innerJoin('screen_definition_sections as s', 's.id', 'f.section_id')
    .select(['f.field'])
    .where('s.screen_definition_id', '=', row.id)
    .where('f.required', '=', 1)
    .where('f.on_form', '=', 1)
    .execute();
  if (fields.length === 0) return;
  const custom = (body.custom_fields ?? {}) as Record<string, unknown>;
  let defs: Map<string, CustomFieldDefinitionRow> | undefined;
  for (const { field } of fields) {
    const key = customFieldKeyOf(field);
    if (key !== null) {
      defs ??= await definitionsByKey(db, type, productId);
      if (defs.has(key) && isBlank(custom[key])) problems.add(field, 'is required');
      continue;
    }
    const std = standardField(type, field);
    if (!std || std.key === 'name' || std.locked) continue;
    if ((std.body ?? [std.key]).every((member) => isBlank(body[member]))) problems.add(field, 'is required');
  }
}

// ---------------------------------------------------------------------------------------------
// Write (administrators)

/** Checks sections against the kind's catalogue and the account's custom fields; problems by body path. */
async function planSections(db: Db, type: ScreenableType, sections: readonly StoredSection[], problems: FieldProblems): Promise<void> {
  const noun = SCREENABLE_NOUNS[type].many;
  const defs = await definitionsByKey(db, type);
  const seen = new Map<string, string>();
  sections.forEach((section, i) => {
    section.fields.forEach((f, j) => {
      const at = `sections.${i}.fields.${j}`;
      const key = customFieldKeyOf(f.field);
      const std = key === null ? standardField(type, f.field) : undefined;
      if (key !== null ? !defs.has(key) : !std) {
        problems.add(
          `${at}.field`,
          key !== null ? `names no custom field of ${noun} (no workspace defines "${key}")` : `is not a field of ${noun}`,
        );
        return;
      }
      const first = seen.get(f.field);
      if (first !== undefined) problems.add(`${at}.field`, `appears twice (also at ${first})`);
      seen.set(f.field, at);
      if (f.required && std && !std.requirable && !std.locked) problems.add(`${at}.required`, `cannot be required (${std.label})`);
      if (f.required && !f.on_form) problems.add(`${at}.required`, 'a required field must be on the form');
      if (std?.locked && !f.on_form) problems.add(`${at}.on_form`, `cannot be taken off the form (${std.label})`);
    });
  });
  for (const std of STANDARD_FIELDS[type]) {
    if (std.locked && !seen.has(std.key))
      problems.add('sections', `must include ${std.label}: it is always on the ${SCREENABLE_NOUNS[type].one} form`);
  }
}

async function planProducts(db: Db, sent: readonly string[], problems: FieldProblems): Promise<number[]> {
  const ids = new Set<number>();
  const unknown: string[] = [];
  for (const text of new Set(sent)) {
    const product = await findProduct(db, text);
    if (product) ids.add(product.id);
    else unknown.push(text);
  }
  if (unknown.length > 0) problems.add('product_ids', `names no workspace: ${unknown.join(', ')}`);
  return [...ids];
}

async function writeSections(db: Db, layoutId: number, sections: readonly StoredSection[]): Promise<void> {
  await db.deleteFrom('screen_definition_sections').where('screen_definition_id', '=', layoutId).execute();
  for (const [i, s] of sections.entries()) {
    const section = await db
      .insertInto('screen_definition_sections')
      .values({ screen_definition_id: layoutId, position: i + 1, name: s.name, column_name: s.column })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (s.fields.length === 0) continue;
    await db
      .insertInto('screen_definition_fields')
      .values(
        s.fields.map((f, j) => ({
          section_id: section.id,
          position: j + 1,
          field: f.field,
          on_form: f.on_form ? 1 : 0,
          on_detail: f.on_detail ? 1 : 0,
          required: f.required ? 1 : 0,
        })),
      )
      .execute();
  }
}

async function writeAssignments(db: Db, layoutId: number, type: ScreenableType, productIds: readonly number[]): Promise<void> {
  await db.deleteFrom('screen_definition_assignments').where('screen_definition_id', '=', layoutId).execute();
  if (productIds.length === 0) return;
  // Each workspace leaves the layout of the kind it had.
  await db.deleteFrom('screen_definition_assignments').where('screenable_type', '=', type).where('product_id', 'in', productIds).execute();
  await db
    .insertInto('screen_definition_assignments')
    .values(productIds.map((product_id) => ({ product_id, screenable_type: type, screen_definition_id: layoutId })))
    .execute();
}

/** The sections of a body as stored fields (the schema gave every flag its default). */
const storedSections = (sections: NonNullable<ScreenDefinitionCreateInput['sections']>): StoredSection[] =>
  sections.map((s) => ({
    name: s.name.trim(),
    column: s.column === 'side' ? 'side' : 'main',
    fields: s.fields.map((f) => ({
      field: f.field.trim(),
      on_form: f.on_form ?? true,
      on_detail: f.on_detail ?? true,
      required: f.required ?? false,
    })),
  }));

/** What an audit row of a layout says of its fields: `section: field*, field…` lines, one per section. */
const sectionsText = (sections: readonly StoredSection[]): string =>
  sections
    .map(
      (s) =>
        `${s.name} (${s.column}): ${s.fields.map((f) => `${f.field}${f.required ? '*' : ''}${f.on_form ? '' : ' (page only)'}${f.on_detail ? '' : ' (form only)'}`).join(', ')}`,
    )
    .join('\n');

interface LayoutWrite<I> {
  input: Partial<I>;
  checked: Checked;
  userId: number;
  at: string;
}

export async function createScreenDefinition(db: Db, w: LayoutWrite<ScreenDefinitionCreateInput>): Promise<number> {
  const { input, checked } = w;
  const problems = checked.problems;
  const type = input.screenable_type;
  if (!type) {
    if (!checked.flagged.has('screenable_type')) problems.add('screenable_type', "can't be blank");
    problems.throwIfAny();
    throw fieldError('screenable_type', "can't be blank");
  }
  const sections = input.sections ? storedSections(input.sections) : defaultSections(type);
  if (!checked.flagged.has('sections')) await planSections(db, type, sections, problems);
  const productIds = await planProducts(db, input.product_ids ?? [], problems);
  problems.throwIfAny();
  const hasDefault = await db
    .selectFrom('screen_definitions')
    .select('id')
    .where('screenable_type', '=', type)
    .where('is_default', '=', 1)
    .executeTakeFirst();
  // The kind's first layout is its default: every workspace then has one.
  const makeDefault = input.default === true || !hasDefault;
  if (makeDefault && hasDefault)
    await db.updateTable('screen_definitions').set({ is_default: 0 }).where('id', '=', hasDefault.id).execute();
  const row = await db
    .insertInto('screen_definitions')
    .values({
      name: (input.name ?? '').trim(),
      screenable_type: type,
      is_default: makeDefault ? 1 : 0,
      created_by_id: w.userId,
      created_at: w.at,
      updated_at: w.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await writeSections(db, row.id, sections);
  await writeAssignments(db, row.id, type, productIds);
  await audit(db, {
    userId: w.userId,
    type: 'ScreenDefinition',
    id: row.id,
    action: 'create',
    changes: {
      name: [null, (input.name ?? '').trim()],
      screenable_type: [null, type],
      is_default: [null, makeDefault],
      sections: [null, sectionsText(sections)],
      product_ids: [null, productIds.join(', ')],
    },
  });
  return row.id;
}

export async function updateScreenDefinition(db: Db, id: number, w: LayoutWrite<ScreenDefinitionUpdateInput>): Promise<void> {
  const { input, checked } = w;
  const problems = checked.problems;
  const row = await db.selectFrom('screen_definitions').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Screen definition', String(id));
  const type = isScreenable(row.screenable_type) ? row.screenable_type : null;
  if (!type) throw new StoreError('invalid', `This layout's kind (${row.screenable_type}) is not one this service knows`);
  const before = (await sectionsOf(db, [id])).get(id) ?? [];
  const sections = input.sections ? storedSections(input.sections) : null;
  if (sections && !checked.flagged.has('sections')) await planSections(db, type, sections, problems);
  const productIds = input.product_ids ? await planProducts(db, input.product_ids, problems) : null;
  if (input.default === false && row.is_default === 1) {
    problems.add('default', `is the ${SCREENABLE_NOUNS[type].many}' default: make another layout the default instead`);
  }
  problems.throwIfAny();
  const changes: Record<string, [unknown, unknown]> = {};
  const name = input.name?.trim();
  if (name !== undefined && name !== row.name) changes.name = [row.name, name];
  if (input.default === true && row.is_default !== 1) {
    await db
      .updateTable('screen_definitions')
      .set({ is_default: 0 })
      .where('screenable_type', '=', type)
      .where('is_default', '=', 1)
      .execute();
    changes.is_default = [false, true];
  }
  if (sections) {
    const [was, now] = [sectionsText(before), sectionsText(sections)];
    if (was !== now) changes.sections = [was, now];
    await writeSections(db, id, sections);
  }
  if (productIds) {
    const had = (
      await db
        .selectFrom('screen_definition_assignments')
        .select('product_id')
        .where('screen_definition_id', '=', id)
        .orderBy('product_id')
        .execute()
    ).map((r) => r.product_id);
    const sorted = [...productIds].sort((a, b) => a - b);
    if (had.join(',') !== sorted.join(',')) changes.product_ids = [had.join(', '), sorted.join(', ')];
    await writeAssignments(db, id, type, productIds);
  }
  await db
    .updateTable('screen_definitions')
    .set({ ...(name !== undefined ? { name } : {}), ...(changes.is_default ? { is_default: 1 } : {}), updated_at: w.at })
    .where('id', '=', id)
    .execute();
  await audit(db, { userId: w.userId, type: 'ScreenDefinition', id, action: 'update', changes });
}

/**
 * Deletes a layout: its workspaces fall back to the kind's default. The default itself is refused
 * (every workspace needs one). Configuration, not a record: it is not kept in the recycle bin; its
 * destroy audit keeps its name and fields.
 */
export async function deleteScreenDefinition(db: Db, id: number, userId: number): Promise<void> {
  const row = await db.selectFrom('screen_definitions').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Screen definition', String(id));
  if (row.is_default === 1) {
    const problems = new FieldProblems();
    problems.add('default', 'is the default layout of its kind: make another layout the default first');
    problems.throwIfAny();
  }
  const sections = (await sectionsOf(db, [id])).get(id) ?? [];
  await db.deleteFrom('screen_definition_assignments').where('screen_definition_id', '=', id).execute();
  await db.deleteFrom('screen_definitions').where('id', '=', id).execute();
  await audit(db, {
    userId,
    type: 'ScreenDefinition',
    id,
    action: 'destroy',
    changes: { name: [row.name, null], screenable_type: [row.screenable_type, null], sections: [sectionsText(sections), null] },
  });
}

/** Seeds a kind's default layout (the demo seed and a fresh account). */
export async function seedDefaultLayout(
  db: Db,
  type: ScreenableType,
  opts: { name?: string; at: string; userId: number | null; sections?: StoredSection[]; isDefault?: boolean },
): Promise<number> {
  const row = await db
    .insertInto('screen_definitions')
    .values({
      name: opts.name ?? `Default ${SCREENABLE_NOUNS[type].one} layout`,
      screenable_type: type,
      is_default: opts.isDefault === false ? 0 : 1,
      created_by_id: opts.userId,
      created_at: opts.at,
      updated_at: opts.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await writeSections(db, row.id, opts.sections ?? defaultSections(type));
  return row.id;
}

export { defaultSections, type StoredSection };

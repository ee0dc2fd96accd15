// The layout editor's state and every change it can make, as pure functions: a draft of one layout
// (name, default, workspaces, sections of fields), moves within and between sections, the palette of
// fields not placed, the toggles with the catalogue's rules (a locked field stays on the form, a
// required field is on the form, only some fields can be required), the PUT body, the checks made
// before sending it, and the service's 422 keyed by body path put back on the rows and sections it
// names. The screen (layout-editor-page.tsx) only dispatches these; the tests read them directly.
import { NAME_MAX } from '../../contract/common';
import type { CustomFieldDefinition } from '../../contract/custom-fields';
import {
  CUSTOM_FIELD_PREFIX,
  SCREENABLE_NOUNS,
  STANDARD_FIELDS,
  standardField,
  type LayoutColumn,
  type LayoutField,
  type ScreenDefinition,
  type ScreenDefinitionUpdateInput,
  type ScreenableType,
} from '../../contract/layouts';

/** One field of the draft, with what the editor needs to draw and check it. */
export interface EditorField {
  /** A standard field's key or `custom_fields.<key>`. */
  field: string;
  label: string;
  custom: boolean;
  /** A custom field's type as the service names it (`select`, `multi_select`, `users` …); null for a standard field. */
  customType: string | null;
  /** A select's choices (the preview shows them). */
  options: readonly string[];
  on_form: boolean;
  on_detail: boolean;
  required: boolean;
  canBeRequired: boolean;
  /** Always on the form (the name, a feature's release …). */
  locked: boolean;
}

export interface EditorSection {
  /** The editor's own id (React keys, drop targets): sections have no id on the wire. */
  id: string;
  name: string;
  column: LayoutColumn;
  fields: EditorField[];
}

export interface LayoutDraft {
  type: ScreenableType;
  name: string;
  /** The layout is its kind's default as saved: the service refuses to make it stop being one. */
  wasDefault: boolean;
  /** Make it the default on save (always true when `wasDefault`). */
  makeDefault: boolean;
  productIds: string[];
  sections: EditorSection[];
  /** The next section id's number. */
  seq: number;
}

export type FieldFlag = 'on_form' | 'on_detail' | 'required';

export const COLUMN_LABELS: Record<LayoutColumn, string> = { main: 'Main column', side: 'Side column' };

// ---------------------------------------------------------------------------------------------
// Reading

const capitalized = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** A kind in words, capitalised, for headings: "Release phase". */
export const kindLabel = (type: ScreenableType): string => capitalized(SCREENABLE_NOUNS[type].one);

const CUSTOM_TYPE_LABELS: Record<string, string> = {
  string: 'Text',
  number: 'Number',
  date: 'Date',
  select: 'Select',
  multi_select: 'Multi-select',
  users: 'Users',
  url: 'URL',
  other: 'Other',
};

/** A custom field's type in words ("Multi-select"); a type this app does not know yet is shown as named. */
export const customTypeLabel = (type: string): string => CUSTOM_TYPE_LABELS[type] ?? capitalized(type.replace(/_/g, ' '));

function fromLayoutField(f: LayoutField): EditorField {
  const def = f.custom_field_definition;
  return {
    field: f.field,
    label: f.label,
    custom: f.custom,
    customType: f.custom ? (def?.type ?? 'other') : null,
    options: def?.options ?? [],
    on_form: f.on_form,
    on_detail: f.on_detail,
    required: f.required,
    canBeRequired: f.can_be_required,
    locked: f.locked,
  };
}

/** The draft of a layout as the service answered it. */
export function draftOf(definition: ScreenDefinition): LayoutDraft {
  return {
    type: definition.screenable_type,
    name: definition.name,
    wasDefault: definition.default,
    makeDefault: definition.default,
    productIds: [...definition.product_ids],
    sections: definition.sections.map((s, i) => ({
      id: `s${i + 1}`,
      name: s.name,
      column: s.column,
      fields: s.fields.map(fromLayoutField),
    })),
    seq: definition.sections.length + 1,
  };
}

/**
 * The draft of the service's answer to a save of `sent`: the sections keep the ids they had (they are
 * the same sections in the same order), so nothing on screen is drawn anew and the focus stays.
 */
export function savedDraft(definition: ScreenDefinition, sent: LayoutDraft): LayoutDraft {
  const answered = draftOf(definition);
  const sameShape = answered.sections.length === sent.sections.length;
  return {
    ...answered,
    sections: answered.sections.map((s, i) => ({ ...s, id: sameShape ? (sent.sections[i]?.id ?? s.id) : s.id })),
    seq: Math.max(answered.seq, sent.seq),
  };
}

/** A standard field of the kind as it starts when placed: on the form and the page, required only when it is the name. */
function standardEditorField(type: ScreenableType, key: string): EditorField | null {
  const std = standardField(type, key);
  if (!std) return null;
  return {
    field: std.key,
    label: std.label,
    custom: false,
    customType: null,
    options: [],
    on_form: true,
    on_detail: true,
    required: std.key === 'name',
    canBeRequired: std.requirable,
    locked: std.locked ?? false,
  };
}

function customEditorField(def: CustomFieldDefinition): EditorField {
  return {
    field: `${CUSTOM_FIELD_PREFIX}${def.key}`,
    label: def.name,
    custom: true,
    customType: def.type,
    options: def.options,
    on_form: true,
    on_detail: true,
    required: false,
    canBeRequired: true,
    locked: false,
  };
}

/**
 * Every field a layout of the kind may place: its standard fields in catalogue order, then the
 * custom fields the workspaces define for it, each key once (the first definition names it, as the
 * service's answers do).
 */
export function catalogueOf(type: ScreenableType, definitions: readonly CustomFieldDefinition[]): EditorField[] {
  const standard = STANDARD_FIELDS[type].map((s) => standardEditorField(type, s.key)).filter((f): f is EditorField => f !== null);
  const seen = new Set<string>();
  const custom: EditorField[] = [];
  for (const def of definitions) {
    if (seen.has(def.key)) continue;
    seen.add(def.key);
    custom.push(customEditorField(def));
  }
  return [...standard, ...custom];
}

/** The fields of the catalogue the draft does not place, in catalogue order: the editor's palette. */
export function paletteOf(draft: LayoutDraft, definitions: readonly CustomFieldDefinition[]): EditorField[] {
  const placed = new Set(draft.sections.flatMap((s) => s.fields.map((f) => f.field)));
  return catalogueOf(draft.type, definitions).filter((f) => !placed.has(f.field));
}

export interface FieldPlace {
  section: EditorSection;
  sectionIndex: number;
  index: number;
  field: EditorField;
}

export function findField(draft: LayoutDraft, key: string): FieldPlace | null {
  for (const [sectionIndex, section] of draft.sections.entries()) {
    const index = section.fields.findIndex((f) => f.field === key);
    const field = section.fields[index];
    if (field) return { section, sectionIndex, index, field };
  }
  return null;
}

/** The draft's sections of one column, in order. */
export const columnSections = (draft: LayoutDraft, column: LayoutColumn): EditorSection[] =>
  draft.sections.filter((s) => s.column === column);

export const fieldCount = (sections: readonly { fields: readonly unknown[] }[]): number =>
  sections.reduce((n, s) => n + s.fields.length, 0);

/**
 * Why the Required toggle of a field cannot be changed, or null when it can: the name is always
 * required; a group of inputs (dates, estimates) or a field that always has a value cannot be.
 */
export function requiredReason(type: ScreenableType, field: EditorField): string | null {
  if (field.field === 'name') return 'Always required';
  if (field.canBeRequired) return null;
  const std = standardField(type, field.field);
  if (std?.body && std.body.length > 1) return 'Several inputs: can’t be required';
  return 'Always has a value: can’t be required';
}

/** Why a field cannot be taken off the form (or out of the layout), or null. */
export const lockedReason = (field: EditorField): string | null => (field.locked ? 'Always on the form' : null);

/** The row's notes in one short line: why a toggle cannot change. */
export function fieldNotes(type: ScreenableType, field: EditorField): string | null {
  const locked = lockedReason(field);
  const required = requiredReason(type, field);
  if (locked && field.field === 'name') return 'Always on the form and required';
  if (locked && required) return 'Always on the form; can’t be required';
  return locked ?? required;
}

// ---------------------------------------------------------------------------------------------
// Changes (each returns a new draft, or the same one when the change is not allowed)

function withSection(draft: LayoutDraft, id: string, change: (section: EditorSection) => EditorSection): LayoutDraft {
  return { ...draft, sections: draft.sections.map((s) => (s.id === id ? change(s) : s)) };
}

const clamp = (n: number, min: number, max: number): number => Math.max(min, Math.min(max, n));

/**
 * Moves a placed field to `index` of a section: the position it takes among that section's fields
 * as they were before the move (a drop before the row at `index`; the fields' count appends).
 */
export function moveField(draft: LayoutDraft, key: string, toSectionId: string, index: number): LayoutDraft {
  const from = findField(draft, key);
  const target = draft.sections.find((s) => s.id === toSectionId);
  if (!from || !target) return draft;
  let at = index;
  if (from.section.id === toSectionId && from.index < index) at -= 1;
  if (from.section.id === toSectionId && at === from.index) return draft;
  const removed = draft.sections.map((s) => (s.id === from.section.id ? { ...s, fields: s.fields.filter((f) => f.field !== key) } : s));
  return {
    ...draft,
    sections: removed.map((s) => {
      if (s.id !== toSectionId) return s;
      const fields = [...s.fields];
      fields.splice(clamp(at, 0, fields.length), 0, from.field);
      return { ...s, fields };
    }),
  };
}

/** One step up (-1) or down (1) within its section; nothing at the section's ends. */
export function moveFieldBy(draft: LayoutDraft, key: string, step: -1 | 1): LayoutDraft {
  const from = findField(draft, key);
  if (!from) return draft;
  const to = from.index + step;
  if (to < 0 || to >= from.section.fields.length) return draft;
  return moveField(draft, key, from.section.id, step === 1 ? to + 1 : to);
}

/** Places a field of the palette in a section, at `index` (default: last). */
export function addField(draft: LayoutDraft, field: EditorField, sectionId: string, index?: number): LayoutDraft {
  if (findField(draft, field.field)) return draft;
  return withSection(draft, sectionId, (s) => {
    const fields = [...s.fields];
    fields.splice(clamp(index ?? fields.length, 0, fields.length), 0, { ...field });
    return { ...s, fields };
  });
}

/** Takes a field out of the layout (back to the palette); a locked field stays. */
export function removeField(draft: LayoutDraft, key: string): LayoutDraft {
  const place = findField(draft, key);
  if (!place || place.field.locked) return draft;
  return withSection(draft, place.section.id, (s) => ({ ...s, fields: s.fields.filter((f) => f.field !== key) }));
}

/**
 * Sets a field's flag within the rules: a locked field stays on the form; a field taken off the
 * form stops being required; making a field required puts it on the form; only a field that can be
 * required may be, and the name always is.
 */
export function setFieldFlag(draft: LayoutDraft, key: string, flag: FieldFlag, value: boolean): LayoutDraft {
  const place = findField(draft, key);
  if (!place) return draft;
  const f = place.field;
  if (flag === 'on_form' && !value && f.locked) return draft;
  if (flag === 'required' && requiredReason(draft.type, f) !== null) return draft;
  const next: EditorField = { ...f, [flag]: value };
  if (flag === 'on_form' && !value) next.required = false;
  if (flag === 'required' && value) next.on_form = true;
  return withSection(draft, place.section.id, (s) => ({ ...s, fields: s.fields.map((x) => (x.field === key ? next : x)) }));
}

/** A section name not yet taken: "New section", "New section 2" … */
function freeSectionName(draft: LayoutDraft): string {
  const taken = new Set(draft.sections.map((s) => s.name.trim().toLowerCase()));
  for (let n = 1; ; n++) {
    const name = n === 1 ? 'New section' : `New section ${n}`;
    if (!taken.has(name.toLowerCase())) return name;
  }
}

/** Adds an empty section at the end of a column; `id` is the new section's. */
export function addSection(draft: LayoutDraft, column: LayoutColumn, name?: string): { draft: LayoutDraft; id: string } {
  const id = `s${draft.seq}`;
  const section: EditorSection = { id, name: name ?? freeSectionName(draft), column, fields: [] };
  return { draft: { ...draft, seq: draft.seq + 1, sections: [...draft.sections, section] }, id };
}

export function renameSection(draft: LayoutDraft, id: string, name: string): LayoutDraft {
  return withSection(draft, id, (s) => ({ ...s, name }));
}

/** Why a section cannot be removed (it holds a field that is always on the form), or null. */
export function sectionRemovalBlock(section: EditorSection): string | null {
  const locked = section.fields.filter((f) => f.locked).map((f) => f.label);
  if (locked.length === 0) return null;
  return `Holds ${joinWords(locked)}, always on the form: move ${locked.length === 1 ? 'it' : 'them'} out first`;
}

/** Removes a section; its fields go back to the palette. A section holding a locked field stays. */
export function removeSection(draft: LayoutDraft, id: string): LayoutDraft {
  const section = draft.sections.find((s) => s.id === id);
  if (!section || sectionRemovalBlock(section) !== null) return draft;
  return { ...draft, sections: draft.sections.filter((s) => s.id !== id) };
}

/** Moves a section one place up (-1) or down (1) among the sections of its column. */
export function moveSection(draft: LayoutDraft, id: string, step: -1 | 1): LayoutDraft {
  const section = draft.sections.find((s) => s.id === id);
  if (!section) return draft;
  const same = columnSections(draft, section.column);
  const neighbour = same[same.indexOf(section) + step];
  if (!neighbour) return draft;
  const sections = [...draft.sections];
  const a = sections.indexOf(section);
  const b = sections.indexOf(neighbour);
  sections[a] = neighbour;
  sections[b] = section;
  return { ...draft, sections };
}

/** Puts a section at the end of the other column. */
export function setSectionColumn(draft: LayoutDraft, id: string, column: LayoutColumn): LayoutDraft {
  const section = draft.sections.find((s) => s.id === id);
  if (!section || section.column === column) return draft;
  return { ...draft, sections: [...draft.sections.filter((s) => s.id !== id), { ...section, column }] };
}

export const otherColumn = (column: LayoutColumn): LayoutColumn => (column === 'main' ? 'side' : 'main');

export function setName(draft: LayoutDraft, name: string): LayoutDraft {
  return { ...draft, name };
}

/** The default cannot be un-defaulted (make another layout the default instead). */
export function setMakeDefault(draft: LayoutDraft, value: boolean): LayoutDraft {
  return draft.wasDefault ? draft : { ...draft, makeDefault: value };
}

export function setProductIds(draft: LayoutDraft, productIds: readonly string[]): LayoutDraft {
  return { ...draft, productIds: [...productIds] };
}

// ---------------------------------------------------------------------------------------------
// Words

function joinWords(words: readonly string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1] ?? ''}`;
}

/** What a screen reader hears after a move: "Risk moved to section Planning, position 1". */
export function movedMessage(draft: LayoutDraft, key: string, verb = 'moved'): string {
  const place = findField(draft, key);
  if (!place) return '';
  return `${place.field.label} ${verb} to section ${place.section.name.trim() || 'without a name'}, position ${place.index + 1}`;
}

// ---------------------------------------------------------------------------------------------
// To the service

/** The PUT body: the whole layout (sections and workspaces replace what it had). */
export function toUpdateBody(draft: LayoutDraft): ScreenDefinitionUpdateInput {
  return {
    name: draft.name.trim(),
    sections: draft.sections.map((s) => ({
      name: s.name.trim(),
      column: s.column,
      fields: s.fields.map((f) => ({ field: f.field, on_form: f.on_form, on_detail: f.on_detail, required: f.required })),
    })),
    product_ids: [...draft.productIds],
    // Only a change is sent: `default: false` on the default is refused, and true on it says nothing new.
    ...(draft.makeDefault && !draft.wasDefault ? { default: true } : {}),
  };
}

/** Whether the draft differs from what was saved. */
export function isDirty(saved: LayoutDraft, draft: LayoutDraft): boolean {
  const comparable = (d: LayoutDraft) => JSON.stringify({ ...toUpdateBody(d), productIds: [...d.productIds].sort() });
  return comparable(saved) !== comparable(draft);
}

/** The checks the service would make that the draft can answer by itself, keyed by body path like a 422's `errors`. */
export function draftProblems(draft: LayoutDraft): Record<string, string[]> {
  const problems: Record<string, string[]> = {};
  const add = (path: string, message: string) => (problems[path] ??= []).push(message);
  const name = draft.name.trim();
  if (!name) add('name', "can't be blank");
  else if (name.length > NAME_MAX) add('name', `is too long (at most ${NAME_MAX} characters)`);
  draft.sections.forEach((s, i) => {
    const sectionName = s.name.trim();
    if (!sectionName) add(`sections.${i}.name`, "can't be blank");
    else if (sectionName.length > NAME_MAX) add(`sections.${i}.name`, `is too long (at most ${NAME_MAX} characters)`);
  });
  if (draft.sections.length === 0) add('sections', 'must hold at least one section');
  return problems;
}

/** The service's (or the draft's) messages, on what they name. */
export interface PlacedErrors {
  name: string[];
  default: string[];
  productIds: string[];
  /** By section id. */
  sections: Record<string, string[]>;
  /** By field key (`custom_fields.risk`). */
  fields: Record<string, string[]>;
  /** For the summary only: what names nothing on the screen. */
  general: string[];
  /** Every message in the order of the screen, each with the element it belongs to, for the summary. */
  summary: { text: string; target: SummaryTarget }[];
}

export type SummaryTarget =
  | { kind: 'name' }
  | { kind: 'default' }
  | { kind: 'products' }
  | { kind: 'section'; id: string }
  | { kind: 'field'; key: string }
  | { kind: 'none' };

const FIELD_PATH = /^sections\.(\d+)\.fields\.(\d+)(?:\.(\w+))?$/;
const SECTION_PATH = /^sections\.(\d+)(?:\.(\w+))?$/;

/** A field's message as its row says it: the member's name when it is not the field itself. */
function fieldMessage(label: string, member: string | undefined, message: string): string {
  if (member === 'required') return `Required: ${message}`;
  if (member === 'on_form') return `On form: ${message}`;
  if (member === 'on_detail') return `On page: ${message}`;
  return `${label} ${message}`;
}

/**
 * Puts field errors keyed by body path (`sections.0.fields.2.required`, `sections.1.name`, `name`,
 * `product_ids` …) on the rows and sections of `draft` — the draft that was sent, whose positions
 * the paths count — keyed by field and section so they stay on them when the draft changes.
 */
export function placeErrors(errors: Readonly<Record<string, readonly string[]>>, draft: LayoutDraft): PlacedErrors {
  const placed: PlacedErrors = { name: [], default: [], productIds: [], sections: {}, fields: {}, general: [], summary: [] };
  for (const [path, messages] of Object.entries(errors)) {
    for (const message of messages) {
      const fieldPath = FIELD_PATH.exec(path);
      const sectionPath = fieldPath ? null : SECTION_PATH.exec(path);
      if (fieldPath) {
        const section = draft.sections[Number(fieldPath[1])];
        const field = section?.fields[Number(fieldPath[2])];
        if (section && field) {
          const text = fieldMessage(field.label, fieldPath[3], message);
          (placed.fields[field.field] ??= []).push(text);
          placed.summary.push({
            text: fieldPath[3] === 'field' ? text : `${field.label} (${section.name.trim() || 'section'}): ${text}`,
            target: { kind: 'field', key: field.field },
          });
          continue;
        }
      } else if (sectionPath) {
        const index = Number(sectionPath[1]);
        const section = draft.sections[index];
        if (section) {
          const text = sectionPath[2] === 'name' ? `Section name ${message}` : `Section ${message}`;
          (placed.sections[section.id] ??= []).push(text);
          const which = section.name.trim() ? `“${section.name.trim()}”` : `${index + 1} (${COLUMN_LABELS[section.column].toLowerCase()})`;
          placed.summary.push({
            text: sectionPath[2] === 'name' ? `Section ${which}: name ${message}` : `Section ${which}: ${message}`,
            target: { kind: 'section', id: section.id },
          });
          continue;
        }
      } else if (path === 'name') {
        placed.name.push(`Name ${message}`);
        placed.summary.push({ text: `Name ${message}`, target: { kind: 'name' } });
        continue;
      } else if (path === 'default') {
        placed.default.push(`This layout ${message}`);
        placed.summary.push({ text: `This layout ${message}`, target: { kind: 'default' } });
        continue;
      } else if (path === 'product_ids' || path.startsWith('product_ids.')) {
        placed.productIds.push(`Workspaces: ${message}`);
        placed.summary.push({ text: `Workspaces: ${message}`, target: { kind: 'products' } });
        continue;
      }
      const text = path === 'sections' ? `Sections: ${message}` : `${path} ${message}`;
      placed.general.push(text);
      placed.summary.push({ text, target: { kind: 'none' } });
    }
  }
  return placed;
}

export const hasErrors = (placed: PlacedErrors | null): placed is PlacedErrors => placed !== null && placed.summary.length > 0;

/** Drops what a change has answered: the messages of a field or a section once it is edited. */
export function clearFieldErrors(placed: PlacedErrors | null, key: string): PlacedErrors | null {
  if (!placed?.fields[key]) return placed;
  const { [key]: _gone, ...fields } = placed.fields;
  return {
    ...placed,
    fields,
    summary: placed.summary.filter((s) => !(s.target.kind === 'field' && s.target.key === key)),
  };
}

export function clearSectionErrors(placed: PlacedErrors | null, id: string): PlacedErrors | null {
  if (!placed?.sections[id]) return placed;
  const { [id]: _gone, ...sections } = placed.sections;
  return {
    ...placed,
    sections,
    summary: placed.summary.filter((s) => !(s.target.kind === 'section' && s.target.id === id)),
  };
}

// Creating a note as the workspace's Page layout asks: a note is made in one click (untitled, to be
// named in place) unless the layout requires something besides the name or puts custom fields on
// the form — then "New note" asks for them first, in a small dialog drawn from the layout. Its
// schema, defaults and body are here; the name stays optional, as the service takes an untitled note.
import { z } from 'zod';
import { NAME_MAX } from '../../contract/common';
import type { ScreenLayout } from '../../contract/layouts';
import type { NoteInput } from '../../contract/notes';
import {
  checkLayoutValues,
  customFieldDefaults,
  customFieldFormValues,
  customFieldsBody,
  formLayout,
  type FormLayout,
} from '../../ui/layout-model';

/** What the create dialog draws of the workspace's Page layout. */
export const noteCreateLayout = (layout: ScreenLayout): FormLayout => formLayout(layout, { mode: 'create' });

/**
 * Whether "New note" must ask before creating: the layout requires a field besides the name (which a
 * note may go without) or has custom fields on the form. Otherwise a click makes the note at once.
 */
export function asksBeforeCreating(model: FormLayout): boolean {
  return model.customFields.length > 0 || [...model.required].some((name) => name !== 'name');
}

const noteCreateFields = z.object({
  /** Optional: a note without a name is "Untitled". */
  name: z.string().trim().max(NAME_MAX, `must be at most ${NAME_MAX} characters`),
  tags: z.string().max(10_000),
  /** The layout's custom fields by key. */
  custom_fields: customFieldFormValues,
});

export function noteCreateSchema(model: FormLayout) {
  return noteCreateFields.superRefine((v, ctx) => checkLayoutValues(model, v, ctx));
}

export type NoteCreateValues = z.input<typeof noteCreateFields>;
export type NoteCreateOutput = z.output<typeof noteCreateFields>;

export function noteCreateDefaults(model: FormLayout): NoteCreateValues {
  return { name: '', tags: '', custom_fields: customFieldDefaults(model) };
}

/** The create body: what was filled in, under its parent when it has one. */
export function toNoteCreateInput(v: NoteCreateOutput, model: FormLayout, parentId: string | null): NoteInput {
  const body: NoteInput = {};
  if (v.name) body.name = v.name;
  if (v.tags.trim()) body.tags = v.tags;
  const custom = customFieldsBody(model, v.custom_fields, 'create');
  if (custom) body.custom_fields = custom;
  if (parentId !== null) body.parent_id = parentId;
  return body;
}

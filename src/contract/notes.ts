// Notes ("pages" in the paths): the hosted record and list item, the write bodies and the list query.
// Cross-record rules (a parent of the same product and no cycle, a status of the product's Note
// workflow) are the service's; formats are here.
import { z } from 'zod';
import {
  NAME_MAX,
  fullTagSchema,
  htmlInput,
  idSchema,
  integrationFieldSchema,
  listQuerySchema,
  noteBodySchema,
  parentIdInput,
  projectRefSchema,
  recordWire,
  timestampSchema,
  workflowStatusSchema,
  writeBody,
} from './common';
import { customFieldValueSchema } from './custom-fields';
import { workItemInputFields } from './work-items';

export const EDITOR_WIDTHS = ['NARROW', 'FULL'] as const;
export type EditorWidth = (typeof EDITOR_WIDTHS)[number];

/**
 * The most notes one list page answers: the app reads a product's whole tree in one request (a
 * tree of 5,000 notes is one page), where other lists stop at `MAX_PER_PAGE` (docs/decisions.md).
 */
export const NOTE_TREE_MAX = 10_000;

/** A whole note as the hosted service answers one (`/pages/{id}`). */
export const noteSchema = z.object({
  id: idSchema,
  /** Null for an untitled note (hosted); `title` then reads "<KEY> Untitled". */
  name: z.string().nullable(),
  title: z.string(),
  document_title: z.string().optional(),
  reference_num: z.string(),
  parent_id: idSchema.nullable(),
  /** Sort key among its siblings (the notes of the same parent). */
  position: z.number().nullable(),
  editor_width: z.enum(EDITOR_WIDTHS).nullable(),
  /** The hosted kinds of page (whiteboards, links…): every note here is a `note`. */
  document_type: z.number().optional(),
  document_type_name: z.string().optional(),
  type_name: z.string().optional(),
  emoji_value: z.string().nullable().optional(),
  location: z.string().nullable().optional(),
  external_url: z.string().nullable().optional(),
  linked_record_id: idSchema.nullable().optional(),
  linked_record_type: z.string().nullable().optional(),
  edit_locked: z.boolean(),
  product_id: idSchema,
  description: noteBodySchema.nullable(),
  tags: z.array(z.string()),
  full_tags: z.array(fullTagSchema),
  comments_count: z.number().int(),
  custom_fields: z.array(customFieldValueSchema),
  workflow_status: workflowStatusSchema.nullable(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
  url: z.string(),
  resource: z.string(),
  project: projectRefSchema.nullable().optional(),
  integration_fields: z.array(integrationFieldSchema).optional(),
  attachments: z.array(z.object({ id: idSchema })).optional(),
});
export type Note = z.infer<typeof noteSchema>;
/**
 * List items: by default the hosted item (`id, name, title, parent_id, reference_num, created_at,
 * url, resource`) and `position`, so one page of items is the product's tree in sibling order; any
 * subset of the note with `fields`.
 */
export const { envelope: noteEnvelope, listItem: noteListItemSchema, page: notePage } = recordWire('page', 'pages', noteSchema);
export type NoteListItem = z.infer<typeof noteListItemSchema>;

/**
 * `description_attributes` as hosted, `{"body": "<p>…</p>"}` (its `table_of_contents_enabled` is
 * taken and ignored: no table of contents here), or the HTML alone; null or "" empties it.
 */
const descriptionAttributesInput = z
  .union([htmlInput, z.object({ body: htmlInput.nullable(), table_of_contents_enabled: z.boolean().optional() }), z.null()], {
    error: 'must be {"body": "<html>"}, the HTML text, or null',
  })
  .transform((v) => {
    const body = v === null || typeof v === 'string' ? v : v.body;
    return body === null || body === '' ? null : body;
  });

const noteFields = {
  /** Optional (hosted): a note without a name is "Untitled"; null or "" makes it untitled. */
  name: z
    .string()
    .trim()
    .max(NAME_MAX, `must be at most ${NAME_MAX} characters`)
    .nullable()
    .transform((v) => v ?? ''),
  description_attributes: descriptionAttributesInput,
  /** Another note of the same product; null makes it a top-level note. */
  parent_id: parentIdInput,
  tags: workItemInputFields.tags.unwrap(),
  editor_width: z
    .string()
    .transform((v) => v.toUpperCase())
    .pipe(z.enum(EDITOR_WIDTHS, { error: `must be one of ${EDITOR_WIDTHS.join(', ')}` })),
  workflow_status: workItemInputFields.workflow_status.unwrap(),
  /** Sort key among its siblings; one already taken moves the siblings from it on one place down. Null: last. */
  position: workItemInputFields.position.unwrap(),
  custom_fields: workItemInputFields.custom_fields.unwrap(),
};

export const noteInput = z.object(noteFields).partial();
export type NoteInput = z.input<typeof noteInput>;
export const noteCreateBody = writeBody('page', noteInput);
export const noteUpdateBody = writeBody('page', noteInput);

/** The notes list: paging (up to NOTE_TREE_MAX a page), `fields`, `updated_since`, `q` on the name. */
export const noteListQuery = listQuerySchema.extend({
  per_page: z.coerce
    .number()
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(NOTE_TREE_MAX, `must be at most ${NOTE_TREE_MAX}`)
    .optional(),
});
export type NoteListQuery = z.input<typeof noteListQuery>;

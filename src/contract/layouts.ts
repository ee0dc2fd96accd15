// Custom layouts ("screen definitions") on the wire, and the catalogue of each kind's standard
// fields that both the service (what a layout may name, what "required" checks in a create body)
// and the app (labels, the form's blocks, the editor's palette) read.
//
// A layout belongs to one record kind (`screenable_type`, the hosted names) and lists sections, in
// order, each in the main or the side column, each holding fields in order. A field is a standard
// field of the kind (its key is the create body's member: `assigned_to_user`, `tags`, …) or a
// custom field (`custom_fields.<key>`). A field may be on the create form, on the detail page, or
// both; `required` makes it mandatory on create, in the form and in the service alike. Fields a
// layout leaves out are not shown. Layouts are account-wide; one per kind is the default, and a
// workspace may be given another per kind.
import { z } from 'zod';
import { NAME_MAX, idSchema, numberIdSchema, pageEnvelope, pagingQuerySchema, recordEnvelope, timestampSchema } from './common';
import { customFieldDefinitionSchema } from './custom-fields';

export const SCREENABLE_TYPES = [
  'Feature',
  'Epic',
  'Requirement',
  'Release',
  'ReleasePhase',
  'Initiative',
  'StrategicImperative',
  'Ideas::Idea',
  'Page',
] as const;
export type ScreenableType = (typeof SCREENABLE_TYPES)[number];

/** The `record_type` of a kind's custom field definitions and values. */
export const CUSTOM_FIELD_RECORD_TYPE: Record<ScreenableType, string> = {
  Feature: 'Feature',
  Epic: 'Epic',
  Requirement: 'Requirement',
  Release: 'Release',
  ReleasePhase: 'ReleasePhase',
  Initiative: 'Initiative',
  StrategicImperative: 'Goal',
  'Ideas::Idea': 'Idea',
  Page: 'Page',
};

/** A kind's name for people, singular and plural. */
export const SCREENABLE_NOUNS: Record<ScreenableType, { one: string; many: string }> = {
  Feature: { one: 'feature', many: 'features' },
  Epic: { one: 'epic', many: 'epics' },
  Requirement: { one: 'requirement', many: 'requirements' },
  Release: { one: 'release', many: 'releases' },
  ReleasePhase: { one: 'release phase', many: 'release phases' },
  Initiative: { one: 'initiative', many: 'initiatives' },
  StrategicImperative: { one: 'goal', many: 'goals' },
  'Ideas::Idea': { one: 'idea', many: 'ideas' },
  Page: { one: 'note', many: 'notes' },
};

export const LAYOUT_COLUMNS = ['main', 'side'] as const;
export type LayoutColumn = (typeof LAYOUT_COLUMNS)[number];

/**
 * A standard field of a kind. `key` is what a layout names; `body` the create body's members that
 * hold it (`[key]` when omitted): a required field is present when one of them holds a value.
 * `locked` fields are always on the form (a layout cannot leave them out) and `name` is always
 * required; `requirable` fields may be made required. A field that is a group of inputs (dates,
 * estimates) cannot be required.
 */
export interface StandardField {
  key: string;
  label: string;
  requirable: boolean;
  locked?: boolean;
  body?: readonly string[];
}

const f = (key: string, label: string, requirable = false, extra: Partial<StandardField> = {}): StandardField => ({
  key,
  label,
  requirable,
  ...extra,
});
const NAME = f('name', 'Name', false, { locked: true });
const STATUS = f('workflow_status', 'Status');
const ASSIGNEE = f('assigned_to_user', 'Assignee', true);
const DESCRIPTION = f('description', 'Description', true);
const TAGS = f('tags', 'Tags', true);
const INITIATIVE = f('initiative', 'Initiative', true);
const WATCHERS = f('watchers', 'Watchers', true);
const TEAM = f('team', 'Team', true);
const ESTIMATES = f('estimates', 'Estimates and progress', false, {
  body: ['initial_estimate', 'initial_estimate_text', 'detailed_estimate', 'detailed_estimate_text', 'progress'],
});
const TIME_FRAME = f('time_frame', 'Time frame', true);
const EFFORT = f('effort', 'Effort', true);
const VALUE = f('value', 'Value', true);

/** Every kind's standard fields, in the order a default layout shows them. */
export const STANDARD_FIELDS: Record<ScreenableType, readonly StandardField[]> = {
  Feature: [
    NAME,
    f('release', 'Release', false, { locked: true }),
    f('release_phase', 'Release phase', true),
    STATUS,
    ASSIGNEE,
    DESCRIPTION,
    ESTIMATES,
    INITIATIVE,
    f('epic', 'Epic', true),
    f('workflow_kind', 'Kind', true),
    TAGS,
    TEAM,
    WATCHERS,
  ],
  Epic: [
    NAME,
    f('release', 'Release', false, { locked: true }),
    STATUS,
    ASSIGNEE,
    DESCRIPTION,
    f('dates', 'Start and due dates', false, { body: ['start_date', 'due_date', 'duration_source'] }),
    ESTIMATES,
    INITIATIVE,
    TAGS,
    TEAM,
    WATCHERS,
  ],
  Requirement: [NAME, STATUS, ASSIGNEE, f('start_date', 'Start date', true), f('end_date', 'End date', true), DESCRIPTION],
  Release: [
    NAME,
    f('owner', 'Owner', true),
    STATUS,
    f('parent_id', 'Parent release', true),
    f('theme', 'Theme', true),
    f('dates', 'Dates', false, {
      body: ['start_date', 'release_date', 'development_started_on', 'external_release_date', 'duration_source'],
    }),
    f('capacity', 'Capacity and progress', false, { body: ['capacity_units', 'total_capacity_text', 'progress_source', 'progress'] }),
    f('parking_lot', 'Parking lot'),
  ],
  ReleasePhase: [
    NAME,
    f('phase_type', 'Type', false, { locked: true }),
    f('dates', 'Dates', false, { body: ['start_on', 'end_on', 'duration_source'] }),
    DESCRIPTION,
  ],
  Initiative: [
    NAME,
    f('workflow_status', 'Status', false, { locked: true }),
    f('parent_id', 'Parent initiative', true),
    ASSIGNEE,
    TIME_FRAME,
    DESCRIPTION,
    f('dates', 'Start and end dates', false, { body: ['start_date', 'end_date', 'duration_source'] }),
    EFFORT,
    VALUE,
    f('progress', 'Progress', false, { body: ['progress_source', 'progress'] }),
    f('roadmap', 'Roadmap', false, { body: ['presented', 'color'] }),
    f('goals', 'Goals', true),
  ],
  StrategicImperative: [NAME, DESCRIPTION, EFFORT, VALUE, TIME_FRAME],
  'Ideas::Idea': [
    NAME,
    STATUS,
    f('created_by', 'Submitted by', false, { locked: true }),
    ASSIGNEE,
    TAGS,
    DESCRIPTION,
    f('visibility', 'Visibility'),
    f('submitted_idea_portal_id', 'Ideas portal', true),
    f('categories', 'Categories', true),
    f('initial_votes', 'Votes'),
    f('spam', 'Spam'),
    f('admin_response', 'Admin response', true),
  ],
  Page: [NAME, TAGS],
};

/** The prefix of a custom field's key in a layout and in field errors: `custom_fields.risk`. */
export const CUSTOM_FIELD_PREFIX = 'custom_fields.';
export const customFieldKeyOf = (field: string): string | null =>
  field.startsWith(CUSTOM_FIELD_PREFIX) ? field.slice(CUSTOM_FIELD_PREFIX.length) : null;

export function standardField(type: ScreenableType, key: string): StandardField | undefined {
  return STANDARD_FIELDS[type].find((s) => s.key === key);
}

// ---------------------------------------------------------------------------------------------
// Default layouts: what each kind's forms showed before layouts existed. The seed makes them the
// account's defaults; a kind without any layout row is answered with it too.

interface DefaultSection {
  name: string;
  column: LayoutColumn;
  fields: readonly string[];
}
const main = (name: string, fields: readonly string[]): DefaultSection => ({ name, column: 'main', fields });
const side = (name: string, fields: readonly string[]): DefaultSection => ({ name, column: 'side', fields });

export const DEFAULT_SECTIONS: Record<ScreenableType, readonly DefaultSection[]> = {
  Feature: [
    main('Feature', ['name', 'release', 'release_phase', 'workflow_status', 'assigned_to_user', 'description']),
    main('Estimates', ['estimates']),
    side('Strategy', ['initiative', 'epic']),
    side('Kind and tags', ['workflow_kind', 'tags']),
    side('Team and people', ['team', 'watchers']),
  ],
  Epic: [
    main('Epic', ['name', 'release', 'workflow_status', 'assigned_to_user', 'description']),
    main('Schedule', ['dates', 'estimates']),
    side('Strategy and tags', ['initiative', 'tags']),
    side('Team and people', ['team', 'watchers']),
  ],
  Requirement: [main('Requirement', ['name', 'workflow_status', 'assigned_to_user', 'start_date', 'end_date', 'description'])],
  Release: [
    main('Release', ['name', 'owner', 'workflow_status', 'parent_id', 'theme']),
    main('Dates', ['dates']),
    side('Capacity and progress', ['capacity']),
    side('Planning', ['parking_lot']),
  ],
  ReleasePhase: [main('Phase', ['name', 'phase_type', 'dates', 'description'])],
  Initiative: [
    main('Initiative', ['name', 'workflow_status', 'parent_id', 'assigned_to_user', 'time_frame', 'description']),
    main('Size and progress', ['dates', 'effort', 'value', 'progress']),
    side('Roadmap', ['roadmap']),
    side('Goals', ['goals']),
  ],
  StrategicImperative: [main('Goal', ['name', 'description', 'effort', 'value', 'time_frame'])],
  'Ideas::Idea': [
    main('Idea', ['name', 'workflow_status', 'created_by', 'assigned_to_user', 'tags', 'description']),
    side('Where it shows', ['visibility', 'submitted_idea_portal_id', 'categories']),
    side('Votes', ['initial_votes', 'spam']),
    main('Response', ['admin_response']),
  ],
  Page: [main('Note', ['name', 'tags'])],
};

// ---------------------------------------------------------------------------------------------
// Answers

/** A field of a layout as answered: what it is (label, custom or not, what may be asked of it) and where it shows. */
export const layoutFieldSchema = z.object({
  /** A standard field's key or `custom_fields.<key>`. */
  field: z.string(),
  label: z.string(),
  custom: z.boolean(),
  on_form: z.boolean(),
  on_detail: z.boolean(),
  required: z.boolean(),
  can_be_required: z.boolean(),
  /** Always on the form (the name, a record's parent): a layout cannot leave it out. */
  locked: z.boolean(),
  /**
   * A custom field's definition: in a workspace's layouts, that workspace's own; in the account's
   * list, the first workspace's that defines the key. Null for a standard field.
   */
  custom_field_definition: customFieldDefinitionSchema.nullable(),
});
export type LayoutField = z.infer<typeof layoutFieldSchema>;

export const layoutSectionSchema = z.object({
  name: z.string(),
  column: z.enum(LAYOUT_COLUMNS),
  fields: z.array(layoutFieldSchema),
});
export type LayoutSection = z.infer<typeof layoutSectionSchema>;

/** A layout's custom field in the hosted shape (`id` a JSON number there, as here). */
export const screenCustomFieldSchema = z.object({
  id: z.number().int(),
  key: z.string(),
  name: z.string(),
  type: z.string(),
  api_type: z.string(),
  position: z.number().int(),
  required: z.boolean(),
  can_be_required_on_form: z.boolean(),
  options: z.array(z.object({ id: z.number().int(), label: z.string() })),
});

/** A screen-definition id: a JSON number in the hosted shape; read as text like every id. */
const screenIdSchema = numberIdSchema;

export const screenDefinitionSchema = z.object({
  id: screenIdSchema,
  name: z.string(),
  screenable_type: z.enum(SCREENABLE_TYPES),
  /** The hosted members: the layout's custom fields in `position` order. */
  custom_field_definitions: z.array(screenCustomFieldSchema),
  // This service's members.
  /** The kind's default: used in every workspace not given another layout of the kind. */
  default: z.boolean().default(false),
  /** The workspaces this layout is assigned to (for its kind). */
  product_ids: z.array(idSchema).default([]),
  sections: z.array(layoutSectionSchema).default([]),
  created_at: timestampSchema.optional(),
  updated_at: timestampSchema.optional(),
});
export type ScreenDefinition = z.infer<typeof screenDefinitionSchema>;
export const screenDefinitionEnvelope = recordEnvelope('screen_definition', screenDefinitionSchema);
export const screenDefinitionPage = pageEnvelope('screen_definitions', screenDefinitionSchema);
/** Operation 17's query: paging, and one kind. */
export const screenDefinitionListQuery = pagingQuerySchema.extend({
  screenable_type: z.enum(SCREENABLE_TYPES, { error: `must be one of ${SCREENABLE_TYPES.join(', ')}` }).optional(),
});

/** The layout a workspace uses for one kind (`GET /products/{id}/screen_layouts`, any signed-in user). */
export const screenLayoutSchema = z.object({
  screenable_type: z.enum(SCREENABLE_TYPES),
  /** Null when no layout of the kind exists and the built-in default is answered. */
  screen_definition_id: idSchema.nullable(),
  name: z.string(),
  sections: z.array(layoutSectionSchema),
});
export type ScreenLayout = z.infer<typeof screenLayoutSchema>;
export const screenLayoutList = z.object({ screen_layouts: z.array(screenLayoutSchema) });

// ---------------------------------------------------------------------------------------------
// Writes (administrators)

export const LAYOUT_SECTIONS_MAX = 30;
export const LAYOUT_FIELDS_MAX = 200;

const layoutFieldInput = z.strictObject({
  field: z.string().min(1).max(NAME_MAX),
  on_form: z.boolean().default(true),
  on_detail: z.boolean().default(true),
  required: z.boolean().default(false),
});
export type LayoutFieldInput = z.input<typeof layoutFieldInput>;

const layoutSectionInput = z.strictObject({
  name: z.string().trim().min(1, "can't be blank").max(NAME_MAX),
  column: z.enum(LAYOUT_COLUMNS, { error: `must be one of ${LAYOUT_COLUMNS.join(', ')}` }).default('main'),
  fields: z.array(layoutFieldInput).max(LAYOUT_FIELDS_MAX),
});
export type LayoutSectionInput = z.input<typeof layoutSectionInput>;

/** Workspaces by id or reference prefix (`PLN`). */
const productIdsInput = z.array(z.union([z.string().trim().min(1).max(20), z.number().int().positive()]).transform(String)).max(1_000);

export const screenDefinitionCreateInput = z.strictObject({
  name: z.string().trim().min(1, "can't be blank").max(NAME_MAX),
  screenable_type: z.enum(SCREENABLE_TYPES, { error: `must be one of ${SCREENABLE_TYPES.join(', ')}` }),
  /** Sections in order; omitted: the kind's default sections. */
  sections: z.array(layoutSectionInput).max(LAYOUT_SECTIONS_MAX).optional(),
  /** Make this the kind's default (the former default stops being one). */
  default: z.boolean().optional(),
  /** Assign it to these workspaces for its kind (each leaves the layout it had). */
  product_ids: productIdsInput.optional(),
});
export type ScreenDefinitionCreateInput = z.input<typeof screenDefinitionCreateInput>;
export const screenDefinitionCreateBody = recordEnvelope('screen_definition', screenDefinitionCreateInput);

/** Update: the kind stays; `sections` and `product_ids` replace what the layout had. */
export const screenDefinitionUpdateInput = screenDefinitionCreateInput.omit({ screenable_type: true }).partial();
export type ScreenDefinitionUpdateInput = z.input<typeof screenDefinitionUpdateInput>;
export const screenDefinitionUpdateBody = recordEnvelope('screen_definition', screenDefinitionUpdateInput);

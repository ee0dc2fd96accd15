// The idea form's schema and its mapping to request bodies. The form holds what inputs hold
// (strings, a boolean, category names); rules come from the contract's idea input where it has
// them (name, creator email, initial votes), and the creator is required only on create (operation
// 10). A portal left empty is sent as `skip_portal`, which also takes an idea out of its portal.
// The workspace's Idea layout adds its custom fields and the fields it requires (ui/layout-model).
import { z } from 'zod';
import { builtInLayout } from '../../api/layouts';
import {
  IDEA_VISIBILITIES,
  IDEA_VISIBILITY_LABELS,
  creatorEmailInput,
  ideaCreateInput,
  type Idea,
  type IdeaCreateInput,
  type IdeaUpdateInput,
  type IdeaVisibility,
} from '../../contract/ideas';
import type { ScreenLayout } from '../../contract/layouts';
import { htmlText } from '../../ui/form-schema';
import {
  checkLayoutValues,
  customFieldDefaults,
  customFieldFormValues,
  customFieldsBody,
  formLayout,
  type FormLayout,
} from '../../ui/layout-model';

const contract = ideaCreateInput.shape;

const ideaFields = z.object({
  name: contract.name,
  /** Status name; '' lets the service pick the workflow's first status (create only). */
  workflow_status: z.string(),
  /** Any email; required on create (checked in the refinement, which knows which form this is). */
  created_by: z.string().trim(),
  /** Assignee email, '' for nobody. */
  assigned_to_user: z.string(),
  tags: z.string().max(10_000),
  /** Category names. */
  categories: z.array(z.string()).max(100, 'choose at most 100 categories'),
  visibility: z.enum(IDEA_VISIBILITIES),
  initial_votes: z
    .string()
    .trim()
    .refine((v) => v === '' || /^\d+$/.test(v), 'must be a whole number of at least 0')
    .refine((v) => v === '' || Number(v) <= 1_000_000, 'must be at most 1000000'),
  spam: z.boolean(),
  /** Portal id, '' for none. */
  portal: z.string(),
  description: htmlText,
  admin_response: htmlText,
  /** Shows the response in the ideas portal (issue 15). */
  admin_response_published: z.boolean(),
  /** The layout's custom fields by key. */
  custom_fields: customFieldFormValues,
});

/** The form's own names of the layout's standard fields where they differ from the layout's keys. */
const IDEA_FORM_NAMES = { submitted_idea_portal_id: ['portal'] } as const;

/** What an idea form draws of a layout: the portal's mark and check go to the form's `portal`. */
export const ideaFormLayout = (layout: ScreenLayout, mode: 'create' | 'edit', idea?: Idea): FormLayout =>
  formLayout(layout, { mode, record: idea, names: IDEA_FORM_NAMES });

/** The form the built-in Idea layout draws (what the form showed before layouts). */
export const defaultIdeaLayout = (mode: 'create' | 'edit', idea?: Idea): FormLayout =>
  ideaFormLayout(builtInLayout('Ideas::Idea'), mode, idea);

export function ideaFormSchema(mode: 'create' | 'edit', layout: FormLayout = defaultIdeaLayout(mode)) {
  return ideaFields.superRefine((v, ctx) => {
    if (mode === 'create' && v.created_by === '') {
      ctx.addIssue({ code: 'custom', path: ['created_by'], message: "can't be blank" });
    } else if (v.created_by !== '' && !creatorEmailInput.safeParse(v.created_by).success) {
      ctx.addIssue({ code: 'custom', path: ['created_by'], message: 'must be an email address' });
    }
    checkLayoutValues(layout, v, ctx);
  });
}

export type IdeaFormValues = z.input<typeof ideaFields>;
export type IdeaFormOutput = z.output<typeof ideaFields>;

/** Service field names the form shows under another field. */
export const IDEA_FIELD_ALIASES = {
  submitted_idea_portal_id: 'portal',
  skip_portal: 'portal',
  status: 'workflow_status',
} as const;

/** The six visibilities with their readable labels, as the select offers them. */
export const VISIBILITY_OPTIONS = IDEA_VISIBILITIES.map((value) => ({ value, label: IDEA_VISIBILITY_LABELS[value] }));

/** Form values of a new idea, or of `idea`; custom values those of the fields the layout draws. */
export function ideaFormDefaults(idea?: Idea, layout: FormLayout = defaultIdeaLayout(idea ? 'edit' : 'create', idea)): IdeaFormValues {
  if (!idea) {
    return {
      name: '',
      workflow_status: '',
      created_by: '',
      assigned_to_user: '',
      tags: '',
      categories: [],
      visibility: 'service',
      initial_votes: '',
      spam: false,
      portal: '',
      description: '',
      admin_response: '',
      admin_response_published: false,
      custom_fields: customFieldDefaults(layout),
    };
  }
  const visibility: IdeaVisibility = idea.visibility_value ?? 'service';
  return {
    name: idea.name,
    workflow_status: idea.workflow_status.name,
    created_by: idea.created_by_user?.email ?? idea.created_by_idea_user?.email ?? idea.created_by_portal_user?.email ?? '',
    assigned_to_user: idea.assigned_to_user?.email ?? '',
    tags: idea.tags.join(', '),
    categories: idea.categories.map((c) => c.name),
    visibility,
    initial_votes: String(idea.initial_votes),
    spam: idea.spam ?? false,
    portal: idea.submitted_idea_portal_id ?? '',
    description: idea.description?.body ?? '',
    admin_response: idea.admin_response?.body ?? '',
    admin_response_published: idea.admin_response_published,
    custom_fields: customFieldDefaults(layout, idea),
  };
}

function commonBody(v: IdeaFormOutput): IdeaUpdateInput {
  const body: IdeaUpdateInput = {
    name: v.name,
    assigned_to_user: v.assigned_to_user || null,
    tags: v.tags,
    // An empty list clears the links (the service reads [] as none).
    categories: v.categories,
    visibility: v.visibility,
    spam: v.spam,
    description: v.description.trim() ? v.description : null,
    admin_response: v.admin_response.trim() ? v.admin_response : null,
    // Publishing speaks of a response: with none, the flag stays as it was.
    ...(v.admin_response.trim() ? { admin_response_published: v.admin_response_published } : {}),
    ...(v.portal ? { submitted_idea_portal_id: v.portal } : { skip_portal: true }),
  };
  if (v.workflow_status) body.workflow_status = { name: v.workflow_status };
  if (v.initial_votes !== '') body.initial_votes = Number(v.initial_votes);
  return body;
}

/** Create: the layout's filled custom fields besides. */
export function toCreateInput(v: IdeaFormOutput, layout: FormLayout = defaultIdeaLayout('create')): IdeaCreateInput {
  const custom = customFieldsBody(layout, v.custom_fields, 'create');
  return { ...commonBody(v), name: v.name, created_by: v.created_by, ...(custom ? { custom_fields: custom } : {}) };
}

/**
 * Update: every field; the creator only when given (it may be corrected, not cleared); the custom
 * fields the form drew (an emptied one cleared), so values of those the layout leaves out stay.
 */
export function toUpdateInput(v: IdeaFormOutput, layout: FormLayout = defaultIdeaLayout('edit')): IdeaUpdateInput {
  const custom = customFieldsBody(layout, v.custom_fields, 'update');
  return {
    ...commonBody(v),
    ...(v.created_by ? { created_by: v.created_by } : {}),
    initial_votes: Number(v.initial_votes || 0),
    ...(custom ? { custom_fields: custom } : {}),
  };
}

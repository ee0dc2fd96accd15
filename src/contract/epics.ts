// Epics: response shapes and request bodies (operations 5–7, epic show, update, delete and lists).
// Cross-record rules (status valid for the product, team-bound choices, estimate units) are the
// service's; formats are here.
import { z } from 'zod';
import { EPIC_DURATION_SOURCES, EPIC_PROGRESS_SOURCES } from '../domain/progress';
import {
  compactItemSchema,
  recordLinkSchema,
  recordWire,
  recordTailFields,
  hostedRecordFields,
  workItemListQuerySchema,
  writeBody,
  nameInput,
} from './common';
import {
  watchersCreateInput,
  watchersUpdateInput,
  workItemBodyFields,
  workItemHeadFields,
  workItemInputFields,
  workItemHostedFields,
  workItemLinksSchema,
  workItemTeamFields,
} from './work-items';

export const epicSchema = z.object({
  ...workItemHeadFields,
  ...workItemBodyFields,
  progress_source: z.enum(EPIC_PROGRESS_SOURCES),
  duration_source: z.enum(EPIC_DURATION_SOURCES),
  /** A hosted create answer may leave it out (the epic has none yet): read as none. */
  initiative: recordLinkSchema.nullable().default(null),
  initiative_reference_num: z.string().nullable(),
  ...workItemTeamFields,
  /** Only this service counts an epic's features: 0 and 0 in a hosted answer. */
  features_count: z.number().int().default(0),
  /** Features of the epic in a complete status. */
  features_completed_count: z.number().int().default(0),
  status_changed_on: z.string().nullable(),
  /** The epic's features, as list items. */
  features: z.array(compactItemSchema).optional(),
  /** The epic's own estimates, without its features'; `master_feature_only_*` are the older names. */
  epic_only_original_estimate: z.number().nullable().optional(),
  epic_only_remaining_estimate: z.number().nullable().optional(),
  master_feature_only_original_estimate: z.number().nullable().optional(),
  master_feature_only_remaining_estimate: z.number().nullable().optional(),
  /** Time is not logged here: the epic's own work done (and its older name) is null. */
  epic_only_work_done: z.number().nullable().optional(),
  master_feature_only_work_done: z.number().nullable().optional(),
  ...workItemHostedFields,
  epic_links: workItemLinksSchema,
  ...recordTailFields,
  ...hostedRecordFields,
});
export type Epic = z.infer<typeof epicSchema>;
/** List items: compact by default (`id, name, reference_num, created_at, product_id, url, resource`), any subset with `fields`. */
export const { envelope: epicEnvelope, listItem: epicListItemSchema, page: epicPage } = recordWire('epic', 'epics', epicSchema);
export type EpicListItem = z.infer<typeof epicListItemSchema>;

const epicFields = z.object({
  name: nameInput,
  ...workItemInputFields,
  progress_source: z.enum(EPIC_PROGRESS_SOURCES).optional(),
  duration_source: z.enum(EPIC_DURATION_SOURCES).optional(),
});

/** Operation 5. `watchers` is a comma-separated string of user ids on create. */
export const epicCreateInput = epicFields.extend({ watchers: watchersCreateInput.optional() });
/** Epic update: `watchers` as an array of user ids, as for features. */
export const epicUpdateInput = epicFields.partial().extend({ watchers: watchersUpdateInput.optional() });
export type EpicCreateInput = z.input<typeof epicCreateInput>;
export type EpicUpdateInput = z.input<typeof epicUpdateInput>;
export const epicCreateBody = writeBody('epic', epicCreateInput);
export const epicUpdateBody = writeBody('epic', epicUpdateInput);

/** Query of the epic lists: the work-item list language; `custom_fields[<key>]=value` pairs are read beside it. */
export const epicListQuery = workItemListQuerySchema;

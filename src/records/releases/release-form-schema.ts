// The release form's schema, derived from the contract's `releaseCreateInput`: the form holds what
// inputs hold (strings, a boolean), and the schema turns that into the request body. The spec's
// conditional rules live here as branches — progress only under manual progress, the resolution of
// an external date only with that date, capacity text in the release's capacity units. The
// workspace's Release layout adds its custom fields and its required fields (ui/layout-model).
import { z } from 'zod';
import { builtInLayout } from '../../api/layouts';
import { EXTERNAL_DATE_RESOLUTIONS, releaseCreateInput, type Release, type ReleaseCreateInput } from '../../contract/releases';
import { ESTIMATE_TEXT_MAX, parseEstimate } from '../../domain/estimate';
import {
  calendarDateText as dateText,
  checkDateOrder,
  checkProgressText,
  htmlText,
  manualProgressBody,
  numberText,
} from '../../ui/form-schema';
import {
  checkLayoutValues,
  customFieldDefaults,
  customFieldFormValues,
  customFieldsBody,
  formLayout,
  type FormLayout,
} from '../../ui/layout-model';

const contract = releaseCreateInput.shape;

const releaseFields = z.object({
  name: contract.name,
  /** User id, '' for no owner. */
  owner: z.string(),
  /** Status name, '' for the workflow's default. */
  workflow_status: z.string(),
  /** Release id, '' for none. */
  parent_id: z.string(),
  theme: htmlText,
  start_date: dateText,
  end_date: dateText,
  release_date: dateText,
  development_started_on: dateText,
  external_release_date: dateText,
  // Optional: a disabled <select> may hand over undefined.
  external_date_resolution: z.union([z.enum(EXTERNAL_DATE_RESOLUTIONS), z.literal('')]).optional(),
  parking_lot: z.boolean(),
  capacity_units: contract.capacity_units.unwrap(),
  total_capacity_text: z.string().max(ESTIMATE_TEXT_MAX, `must be at most ${ESTIMATE_TEXT_MAX} characters`),
  progress_source: contract.progress_source.unwrap(),
  /** Text of a number input; read only when progress_source is progress_manual. */
  progress: z.string(),
  duration_source: contract.duration_source.unwrap(),
  /** The layout's custom fields by key. */
  custom_fields: customFieldFormValues,
});

/** The form the built-in Release layout draws (what the form showed before layouts). */
export const defaultReleaseLayout = (mode: 'create' | 'edit', release?: Release): FormLayout =>
  formLayout(builtInLayout('Release'), { mode, record: release });

/**
 * The form's schema for what `layout` draws: its required fields checked on create, its custom
 * values read by their types and sent (create: the filled ones; edit: every drawn one, emptied as
 * null). Fields the layout leaves off the form keep their defaults, which are sent as before.
 */
export function buildReleaseFormSchema(layout: FormLayout = defaultReleaseLayout('create')) {
  return releaseFields
    .superRefine((v, ctx) => {
      checkProgressText(v.progress_source, v.progress, ctx);
      if (v.external_date_resolution && !v.external_release_date) {
        ctx.addIssue({ code: 'custom', path: ['external_date_resolution'], message: 'needs an external release date' });
      }
      const capacity = parseEstimate(v.total_capacity_text, v.capacity_units);
      if (!capacity.ok) ctx.addIssue({ code: 'custom', path: ['total_capacity_text'], message: capacity.error });
      checkDateOrder(v.start_date, v.end_date, 'end_date', ctx, 'must be on or after the start date');
      checkLayoutValues(layout, v, ctx);
    })
    .transform((v): ReleaseCreateInput => {
      const body: ReleaseCreateInput = {
        name: v.name,
        owner: v.owner || null,
        parent_id: v.parent_id || null,
        theme: v.theme.trim() ? v.theme : null,
        start_date: v.start_date || null,
        end_date: v.end_date || null,
        release_date: v.release_date || null,
        development_started_on: v.development_started_on || null,
        external_release_date: v.external_release_date || null,
        external_date_resolution: v.external_release_date && v.external_date_resolution ? v.external_date_resolution : null,
        parking_lot: v.parking_lot,
        capacity_units: v.capacity_units,
        total_capacity_text: v.total_capacity_text.trim() || null,
        progress_source: v.progress_source,
        duration_source: v.duration_source,
        // The service refuses progress under a computed source, so it is sent only under manual.
        ...manualProgressBody(v),
      };
      if (v.workflow_status) body.workflow_status = { name: v.workflow_status };
      const custom = customFieldsBody(layout, v.custom_fields, layout.mode === 'create' ? 'create' : 'update');
      if (custom) body.custom_fields = custom;
      return body;
    });
}

export type ReleaseFormValues = z.input<ReturnType<typeof buildReleaseFormSchema>>;

/** Form values of an existing release, or of a new one; custom values those of the fields the layout draws. */
export function releaseFormDefaults(
  release?: Release,
  layout: FormLayout = defaultReleaseLayout(release ? 'edit' : 'create', release),
): ReleaseFormValues {
  return {
    name: release?.name ?? '',
    owner: release?.owner?.id ?? '',
    workflow_status: release?.workflow_status.name ?? '',
    parent_id: release?.parent_id ?? '',
    theme: release?.theme?.body ?? '',
    start_date: release?.start_date ?? '',
    end_date: release?.end_date ?? '',
    release_date: release?.release_date ?? '',
    development_started_on: release?.development_started_on ?? '',
    external_release_date: release?.external_release_date ?? '',
    external_date_resolution: release?.external_date_resolution ?? '',
    parking_lot: release?.parking_lot ?? false,
    capacity_units: release?.capacity_units ?? 'time',
    total_capacity_text: release?.total_capacity_text ?? '',
    // A new release's progress comes from its features: a manual 0% would say "No progress yet"
    // however far its features are.
    progress_source: release?.progress_source ?? 'progress_from_features',
    progress: numberText(release?.progress),
    duration_source: release?.duration_source ?? 'duration_manual',
    custom_fields: customFieldDefaults(layout, release),
  };
}

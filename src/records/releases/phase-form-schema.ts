// The phase/milestone form's schema, from the contract's phase input: a milestone is one day (one
// "Date", sent as start_on = end_on), a phase runs from start to end; progress only when manual.
// The workspace's ReleasePhase layout adds its custom fields and its required fields (ui/layout-model).
import { z } from 'zod';
import { builtInLayout } from '../../api/layouts';
import { releasePhaseCreateInput, type ReleasePhase, type ReleasePhaseCreateInput } from '../../contract/releases';
import { checkDateOrder, checkProgressText, dateText, htmlText, manualProgressBody, numberText } from '../../ui/form-schema';
import {
  checkLayoutValues,
  customFieldDefaults,
  customFieldFormValues,
  customFieldsBody,
  formLayout,
  type FormLayout,
} from '../../ui/layout-model';

const contract = releasePhaseCreateInput.shape;

const phaseFields = z.object({
  name: contract.name,
  phase_type: contract.phase_type,
  /** The milestone's day. */
  date: dateText,
  start_on: dateText,
  end_on: dateText,
  progress_source: contract.progress_source.unwrap(),
  progress: z.string(),
  duration_source: contract.duration_source.unwrap(),
  description: htmlText,
  /** The layout's custom fields by key. */
  custom_fields: customFieldFormValues,
});

/** The form the built-in ReleasePhase layout draws (what the form showed before layouts). */
export const defaultPhaseLayout = (mode: 'create' | 'edit', phase?: ReleasePhase): FormLayout =>
  formLayout(builtInLayout('ReleasePhase'), { mode, record: phase });

/**
 * The form's schema for what `layout` draws: its required fields checked on create, its custom
 * values read by their types and sent (create: the filled ones; edit: every drawn one, emptied as
 * null). Fields the layout leaves off the form keep their defaults, which are sent as before.
 */
export function buildPhaseFormSchema(layout: FormLayout = defaultPhaseLayout('create')) {
  return phaseFields
    .superRefine((v, ctx) => {
      if (v.phase_type === 'phase') checkDateOrder(v.start_on, v.end_on, 'end_on', ctx, 'must be on or after the start date');
      checkProgressText(v.progress_source, v.progress, ctx);
      checkLayoutValues(layout, v, ctx);
    })
    .transform((v): Omit<ReleasePhaseCreateInput, 'release_id'> => {
      const milestone = v.phase_type === 'milestone';
      const body: Omit<ReleasePhaseCreateInput, 'release_id'> = {
        name: v.name,
        phase_type: v.phase_type,
        start_on: (milestone ? v.date : v.start_on) || null,
        end_on: (milestone ? v.date : v.end_on) || null,
        progress_source: v.progress_source,
        duration_source: v.duration_source,
        description: v.description.trim() ? v.description : null,
        ...manualProgressBody(v),
      };
      const custom = customFieldsBody(layout, v.custom_fields, layout.mode === 'create' ? 'create' : 'update');
      if (custom) body.custom_fields = custom;
      return body;
    });
}

export type PhaseFormValues = z.input<ReturnType<typeof buildPhaseFormSchema>>;
export type PhaseFormOutput = z.output<ReturnType<typeof buildPhaseFormSchema>>;

/** Form values of an existing phase, or of a new one; custom values those of the fields the layout draws. */
export function phaseFormDefaults(
  phase?: ReleasePhase,
  layout: FormLayout = defaultPhaseLayout(phase ? 'edit' : 'create', phase),
): PhaseFormValues {
  return {
    name: phase?.name ?? '',
    phase_type: phase?.type ?? 'phase',
    date: phase?.start_on ?? phase?.end_on ?? '',
    start_on: phase?.start_on ?? '',
    end_on: phase?.end_on ?? '',
    progress_source: phase?.progress_source ?? 'progress_manual',
    progress: numberText(phase?.progress),
    duration_source: phase?.duration_source ?? 'duration_manual',
    description: phase?.description?.body ?? '',
    custom_fields: customFieldDefaults(layout, phase),
  };
}

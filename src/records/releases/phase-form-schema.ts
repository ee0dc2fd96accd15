// The phase/milestone form's schema, from the contract's phase input: a milestone is one day (one
// "Date", sent as start_on = end_on), a phase runs from start to end; progress only when manual.
import { z } from 'zod';
import { releasePhaseCreateInput, type ReleasePhase, type ReleasePhaseCreateInput } from '../../contract/releases';
import { checkDateOrder, checkProgressText, dateText, htmlText, manualProgressBody, numberText } from '../../ui/form-schema';

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
});

export const phaseFormSchema = phaseFields
  .superRefine((v, ctx) => {
    if (v.phase_type === 'phase') checkDateOrder(v.start_on, v.end_on, 'end_on', ctx, 'must be on or after the start date');
    checkProgressText(v.progress_source, v.progress, ctx);
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
    return body;
  });

export type PhaseFormValues = z.input<typeof phaseFormSchema>;
export type PhaseFormOutput = z.output<typeof phaseFormSchema>;

export function phaseFormDefaults(phase?: ReleasePhase): PhaseFormValues {
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
  };
}

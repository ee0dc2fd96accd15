// Labels of the initiative-only progress and duration sources that the shared `sourceLabel` would
// spell word by word ("From features epics"); every other source reads as it does elsewhere.
import { sourceLabel } from '../../ui/labels';

const OWN: Record<string, string> = {
  duration_from_features_epics: 'From features and epics',
  duration_from_children: 'From child initiatives',
  progress_from_children: 'From child initiatives',
  progress_from_children_with_dependents: 'From child initiatives (with dependencies)',
};

export function initiativeSourceLabel(source: string): string {
  return OWN[source] ?? sourceLabel(source);
}

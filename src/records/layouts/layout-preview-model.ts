// What the layout editor's preview draws for each field: the kind of control a member meets on the
// create form (a select for a release or a select field, date inputs for dates, a group of inputs
// for estimates …) and what the record page shows. Placeholders only: the preview knows no
// workspace, so it offers no real choices.
import type { ScreenableType } from '../../contract/layouts';
import type { EditorField, EditorSection } from './layout-editor-model';

export type PreviewControl =
  | { kind: 'text' | 'textarea' | 'number' | 'date' | 'url' | 'email' }
  | { kind: 'select'; placeholder: string; options: readonly string[] }
  | { kind: 'checks'; options: readonly string[] }
  | { kind: 'checkbox'; text: string }
  /** Several inputs under one label (dates, estimates, capacity). */
  | { kind: 'group'; parts: readonly { label: string; control: PreviewControl }[] };

const text = { kind: 'text' } as const;
const date = { kind: 'date' } as const;
const number = { kind: 'number' } as const;
const select = (placeholder: string, options: readonly string[] = []): PreviewControl => ({ kind: 'select', placeholder, options });
const group = (...parts: { label: string; control: PreviewControl }[]): PreviewControl => ({ kind: 'group', parts });
const dates = (start: string, end: string) => group({ label: start, control: date }, { label: end, control: date });

/** The dates of each kind, as its form asks for them. */
const DATE_PARTS: Partial<Record<ScreenableType, PreviewControl>> = {
  Epic: dates('Start date', 'Due date'),
  Release: dates('Start date', 'Release date'),
  ReleasePhase: dates('Start', 'End'),
  Initiative: dates('Start date', 'End date'),
};

const STANDARD_CONTROLS: Record<string, PreviewControl> = {
  name: text,
  description: { kind: 'textarea' },
  theme: { kind: 'textarea' },
  admin_response: { kind: 'textarea' },
  release: select('Choose a release'),
  release_phase: select('No phase'),
  workflow_status: select('First status'),
  assigned_to_user: select('Unassigned'),
  owner: select('No owner'),
  initiative: select('No initiative'),
  epic: select('No epic'),
  workflow_kind: select('No kind'),
  team: select('No team'),
  parent_id: select('No parent'),
  time_frame: select('No time frame'),
  phase_type: select('Phase', ['Phase', 'Milestone']),
  visibility: select('Visible to everyone'),
  submitted_idea_portal_id: select('No portal'),
  created_by: { kind: 'email' },
  tags: text,
  watchers: select('Add watchers'),
  goals: select('Add goals'),
  categories: select('Add categories'),
  start_date: date,
  end_date: date,
  effort: number,
  value: number,
  initial_votes: number,
  parking_lot: { kind: 'checkbox', text: 'In the parking lot' },
  spam: { kind: 'checkbox', text: 'Spam' },
  estimates: group({ label: 'Initial estimate', control: text }, { label: 'Detailed estimate', control: text }),
  capacity: group({ label: 'Units', control: select('Time') }, { label: 'Total capacity', control: text }),
  progress: group({ label: 'Progress from', control: select('Entered by hand') }, { label: 'Progress %', control: number }),
  roadmap: group({ label: 'Show on roadmap', control: { kind: 'checkbox', text: 'Show on roadmap' } }, { label: 'Colour', control: text }),
};

/** The control a field is entered with on the create form. */
export function previewControl(type: ScreenableType, field: EditorField): PreviewControl {
  if (field.custom) {
    switch (field.customType) {
      case 'number':
        return number;
      case 'date':
        return date;
      case 'url':
        return { kind: 'url' };
      case 'select':
        return select('Choose…', field.options);
      case 'multi_select':
        return field.options.length > 0 ? { kind: 'checks', options: field.options } : select('Choose several…');
      case 'users':
        return select('Choose people');
      default:
        return text;
    }
  }
  if (field.field === 'dates') return DATE_PARTS[type] ?? dates('Start date', 'End date');
  return STANDARD_CONTROLS[field.field] ?? text;
}

export interface PreviewSection {
  id: string;
  name: string;
  fields: EditorField[];
}

/**
 * The sections of one column as a view shows them: on the form, the fields `on_form`; on the page,
 * those `on_detail`. A section left with no field is not shown (a member would see an empty box).
 */
export function previewSections(
  sections: readonly EditorSection[],
  view: 'form' | 'page',
): { main: PreviewSection[]; side: PreviewSection[] } {
  const shown = (s: EditorSection): PreviewSection => ({
    id: s.id,
    name: s.name.trim() || 'Untitled section',
    fields: s.fields.filter((f) => (view === 'form' ? f.on_form : f.on_detail)),
  });
  const of = (column: 'main' | 'side') =>
    sections
      .filter((s) => s.column === column)
      .map(shown)
      .filter((s) => s.fields.length > 0);
  return { main: of('main'), side: of('side') };
}

// @vitest-environment jsdom
// The inline phase form as a person meets it: the type swaps one "Date" for start and end, progress
// is sent only under manual progress; and drawn from a custom ReleasePhase layout, it follows the
// layout's order, marks and checks its required fields and sends its custom fields.
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { builtInLayout } from '../../api/layouts';
import type { ScreenLayout } from '../../contract/layouts';
import type { ReleasePhase } from '../../contract/releases';
import { cleanUpAfterEach, renderForm, ts } from '../../ui/test/form-harness';
import { expectMarkedRequired, expectSubmitRefused } from '../../ui/test/form-refusal';
import { definition, testLayout } from '../../ui/test/layouts';
import { PhaseForm } from './phase-form';
import type { PhaseFormOutput } from './phase-form-schema';

cleanUpAfterEach();

function renderPhaseForm(
  onSubmit: (input: PhaseFormOutput) => Promise<unknown>,
  { layout = builtInLayout('ReleasePhase'), phase }: { layout?: ScreenLayout; phase?: ReleasePhase } = {},
) {
  return renderForm(<PhaseForm phase={phase} layout={layout} onSubmit={onSubmit} onCancel={() => undefined} />);
}

const form = () => screen.getByRole('form');
const fieldNames = () => [...form().querySelectorAll('[name]')].map((el) => el.getAttribute('name'));

describe('PhaseForm', { timeout: 20_000 }, () => {
  it('asks a milestone for one date and sends it as start and end, progress only when manual', async () => {
    const onSubmit = vi.fn(async (_input: PhaseFormOutput) => undefined);
    const person = renderPhaseForm(onSubmit);
    // The built-in layout: name, type, dates (with their source), progress after them, description.
    expect(fieldNames()).toEqual([
      'name',
      'phase_type',
      'phase_type',
      'start_on',
      'end_on',
      'duration_source',
      'progress_source',
      'progress',
    ]);
    await person.type(screen.getByLabelText('Name'), 'Code freeze');
    await person.click(screen.getByRole('radio', { name: 'Milestone' }));
    expect(screen.queryByLabelText('Start date')).toBeNull();
    await person.type(screen.getByLabelText('Date'), '2027-02-12');
    await person.selectOptions(screen.getByLabelText('Progress source'), 'progress_from_features');
    await person.click(screen.getByRole('button', { name: 'Add milestone' }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      name: 'Code freeze',
      phase_type: 'milestone',
      start_on: '2027-02-12',
      end_on: '2027-02-12',
      progress_source: 'progress_from_features',
      duration_source: 'duration_manual',
      description: null,
    });
  });
});

describe('PhaseForm drawn from a custom layout', { timeout: 20_000 }, () => {
  const gate = definition('gate', 'Gate owner', 'string');
  const kind = definition('kind', 'Gate kind', 'select', ['Internal', 'Public']);
  const layout = testLayout('ReleasePhase', [
    ['Phase', 'main', [{ custom: gate, required: true }, 'dates', 'name', { custom: kind }, { field: 'description', on_form: false }]],
  ]);

  it('follows the layout’s order, always draws the locked type, and leaves out what it leaves out', () => {
    renderPhaseForm(vi.fn(), { layout });
    expect(fieldNames()).toEqual([
      'custom_fields.gate',
      'start_on',
      'end_on',
      'duration_source',
      'progress_source',
      'progress',
      'name',
      'custom_fields.kind',
      // Locked: drawn though the layout lacks it, at the end of the first main section.
      'phase_type',
      'phase_type',
    ]);
    expect(screen.queryByText('Description')).toBeNull();
    // One section: its title is the form's own, for screen readers only.
    expect([...form().querySelectorAll('legend')].find((l) => l.textContent === 'Phase')?.classList.contains('visually-hidden')).toBe(true);
  });

  it('marks the required custom field, refuses it blank with "is required", then sends the custom values', async () => {
    const onSubmit = vi.fn(async (_input: PhaseFormOutput) => undefined);
    const person = renderPhaseForm(onSubmit, { layout });
    expectMarkedRequired(['Gate owner'], ['Gate kind']);
    await person.type(screen.getByLabelText('Name'), 'Beta');
    await expectSubmitRefused(person, 'Add phase', ['Gate owner: is required']);
    expect(onSubmit).not.toHaveBeenCalled();

    await person.type(screen.getByLabelText('Gate owner'), 'Ada');
    await person.selectOptions(screen.getByLabelText('Gate kind'), 'Public');
    await person.click(screen.getByRole('button', { name: 'Add phase' }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ name: 'Beta', custom_fields: { gate: 'Ada', kind: 'Public' } });
  });

  it('edits the phase’s custom values, clearing an emptied one, and requires nothing more', async () => {
    const onSubmit = vi.fn(async (_input: PhaseFormOutput) => undefined);
    const phase: ReleasePhase = {
      id: '5',
      name: 'Beta',
      type: 'phase',
      start_on: '2027-01-04',
      end_on: '2027-01-29',
      release_id: '1',
      position: 1,
      progress: 10,
      progress_source: 'progress_manual',
      duration_source: 'duration_manual',
      description: null,
      features_count: 0,
      comments_count: 0,
      created_at: ts,
      updated_at: ts,
      integration_fields: [],
      custom_fields: [{ id: '1', key: 'gate', name: 'Gate owner', type: 'string', value: 'Ada' }],
    };
    const person = renderPhaseForm(onSubmit, { layout, phase });
    expect(screen.getByLabelText<HTMLInputElement>('Gate owner').value).toBe('Ada');
    expect(screen.getByLabelText('Gate owner').getAttribute('aria-required')).toBeNull();
    await person.clear(screen.getByLabelText('Gate owner'));
    await person.click(screen.getByRole('button', { name: 'Save phase' }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ custom_fields: { gate: null, kind: null } });
  });
});

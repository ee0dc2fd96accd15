// @vitest-environment jsdom
// The release form's conditional rules as a person meets them: manual progress, the external date
// resolution gate, capacity text against capacity units, and server errors landing on fields; and
// the form drawn from a custom Release layout (its order, its required fields, its custom fields).
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { builtInLayout } from '../../api/layouts';
import type { ScreenLayout } from '../../contract/layouts';
import type { Release, ReleaseCreateInput } from '../../contract/releases';
import { expectMarkedRequired, expectSubmitRefused } from '../../ui/test/form-refusal';
import { definition, testLayout } from '../../ui/test/layouts';
import { ReleaseForm } from './release-form';

afterEach(cleanup);

const statuses = [
  { id: '1', name: 'Planned', position: 1, complete: false, color: '#4a90d9' },
  { id: '2', name: 'Shipped', position: 2, complete: true, color: '#2f8a4f' },
];
const users = [
  { id: '7', name: 'Ada Lovelace', email: 'ada@example.com', administrator: false, enabled: true, created_at: '', updated_at: '' },
];

function setup(
  onSubmit: (input: ReleaseCreateInput) => Promise<unknown> = () => Promise.resolve(),
  { layout = builtInLayout('Release'), release }: { layout?: ScreenLayout; release?: Release } = {},
) {
  const user = userEvent.setup();
  render(
    <MemoryRouter>
      <ReleaseForm release={release} users={users} statuses={statuses} parents={[]} layout={layout} onSubmit={onSubmit} cancelHref="/" />
    </MemoryRouter>,
  );
  return user;
}

describe('ReleaseForm', () => {
  it('takes a new release progress from its features, and shows the progress field only while progress is manual', async () => {
    const user = setup();
    expect(screen.getByLabelText<HTMLSelectElement>('Progress source').value).toBe('progress_from_features');
    expect(screen.queryByLabelText('Progress (%)')).toBeNull();
    await user.selectOptions(screen.getByLabelText('Progress source'), 'progress_manual');
    expect(screen.getByLabelText('Progress (%)')).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Progress source'), 'progress_from_features');
    expect(screen.queryByLabelText('Progress (%)')).toBeNull();
    await user.selectOptions(screen.getByLabelText('Progress source'), 'progress_manual');
    expect(screen.getByLabelText('Progress (%)')).toBeTruthy();
  });

  it('enables the external date resolution only with an external release date, and clears it with the date', async () => {
    const user = setup();
    const resolution = screen.getByLabelText<HTMLSelectElement>('External date resolution');
    expect(resolution.disabled).toBe(true);

    fireEvent.change(screen.getByLabelText('External release date'), { target: { value: '2026-09-01' } });
    await waitFor(() => expect(resolution.disabled).toBe(false));
    await user.selectOptions(resolution, 'quarter');
    expect(resolution.value).toBe('quarter');

    fireEvent.change(screen.getByLabelText('External release date'), { target: { value: '' } });
    await waitFor(() => expect(resolution.disabled).toBe(true));
    expect(resolution.value).toBe('');
  });

  it('checks total capacity against the capacity units as it is typed', async () => {
    const user = setup();
    const capacity = screen.getByLabelText('Total capacity');
    await user.type(capacity, '5p');
    expect(screen.getByRole('alert').textContent).toContain('is in story points, but this release is estimated in time');
    expect(capacity.getAttribute('aria-invalid')).toBe('true');

    await user.selectOptions(screen.getByLabelText('Capacity units'), 'story_points');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('Understood as 5p = 5 points')).toBeTruthy();

    await user.clear(capacity);
    await user.type(capacity, '5d');
    expect(screen.getByRole('alert').textContent).toContain('is in time, but this release is estimated in story points');

    await user.selectOptions(screen.getByLabelText('Capacity units'), 'time');
    expect(screen.getByText('Understood as 5d = 40 h')).toBeTruthy();
  });

  it('sends progress only under manual progress, and the status as {name}', async () => {
    const onSubmit = vi.fn((_input: ReleaseCreateInput) => Promise.resolve());
    const user = setup(onSubmit);
    await user.type(screen.getByLabelText('Name'), 'Spring release');
    await user.selectOptions(screen.getByLabelText('Status'), 'Shipped');
    await user.selectOptions(screen.getByLabelText('Progress source'), 'progress_manual');
    await user.type(screen.getByLabelText('Progress (%)'), '40');
    await user.click(screen.getByRole('button', { name: 'Create release' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
      name: 'Spring release',
      workflow_status: { name: 'Shipped' },
      progress_source: 'progress_manual',
      progress: 40,
      external_date_resolution: null,
    });

    await user.selectOptions(screen.getByLabelText('Progress source'), 'progress_from_features');
    await user.click(screen.getByRole('button', { name: 'Create release' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
    expect(onSubmit.mock.calls[1]?.[0]).not.toHaveProperty('progress');
  });

  it('does not submit without a name, and shows why under the field', async () => {
    const onSubmit = vi.fn(() => Promise.resolve());
    const user = setup(onSubmit);
    await user.click(screen.getByRole('button', { name: 'Create release' }));
    const name = screen.getByLabelText('Name');
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    const message = document.getElementById(`${name.id}-error`);
    expect(message?.getAttribute('role')).toBe('alert');
    expect(message?.textContent).toBe("can't be blank");
    // The summary at the top names it too, linked to the field, and the focus is on the field.
    expect(screen.getByRole('link', { name: "Name: can't be blank" }).getAttribute('href')).toBe(`#${name.id}`);
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('puts the service field errors on their fields and the rest at the top', async () => {
    const onSubmit = vi.fn(() =>
      Promise.reject(
        new ApiError(422, 'total_capacity_text is too large', {
          total_capacity_text: ['is too large'],
          initiatives: ['are unknown'],
        }),
      ),
    );
    const user = setup(onSubmit);
    await user.type(screen.getByLabelText('Name'), 'Big one');
    await user.click(screen.getByRole('button', { name: 'Create release' }));
    await waitFor(() => expect(screen.getByText('is too large')).toBeTruthy());
    expect(screen.getByLabelText('Total capacity').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Initiatives are unknown')).toBeTruthy();
  });
});

describe('ReleaseForm drawn from a custom layout', () => {
  const risk = definition('risk', 'Launch risk', 'select', ['High', 'Low']);
  const brief = definition('brief', 'Launch brief', 'url');
  const layout = testLayout('Release', [
    [
      'Plan',
      'main',
      [{ custom: risk, required: true }, 'name', 'dates', { field: 'owner', required: true }, { field: 'theme', on_form: false }],
    ],
    ['More', 'side', ['parking_lot', { custom: brief }]],
  ]);
  const legends = () =>
    [...document.querySelectorAll('legend')].filter((l) => !l.classList.contains('visually-hidden')).map((l) => l.textContent);

  it('follows the layout’s sections and order and leaves out what it leaves out', () => {
    setup(undefined, { layout });
    expect(legends()).toEqual(['Plan', 'Dates', 'More']);
    const main = document.querySelector('.form-shell__main')!;
    const names = [...main.querySelectorAll('[name]')].map((el) => el.getAttribute('name'));
    expect(names.slice(0, 3)).toEqual(['custom_fields.risk', 'name', 'start_date']);
    expect(names.at(-1)).toBe('owner');
    for (const gone of ['Theme', 'Status', 'Parent release', 'Capacity units', 'Progress source']) {
      expect(screen.queryByLabelText(gone)).toBeNull();
    }
    const aside = document.querySelector<HTMLElement>('.form-shell__aside')!;
    expect(within(aside).getByLabelText('Parking lot')).toBeTruthy();
    expect(within(aside).getByLabelText<HTMLInputElement>('Launch brief').type).toBe('url');
  });

  it('marks the required custom field and owner, and refuses them blank with "is required"', async () => {
    const onSubmit = vi.fn((_input: ReleaseCreateInput) => Promise.resolve());
    const user = setup(onSubmit, { layout });
    expectMarkedRequired(['Launch risk', 'Owner'], ['Launch brief']);
    await user.type(screen.getByLabelText('Name'), 'Autumn');
    await expectSubmitRefused(user, 'Create release', ['Launch risk: is required', 'Owner: is required']);
    expect(onSubmit).not.toHaveBeenCalled();

    await user.selectOptions(screen.getByLabelText('Launch risk'), 'Low');
    await user.selectOptions(screen.getByLabelText('Owner'), '7');
    await user.type(screen.getByLabelText('Launch brief'), 'https://example.com/brief');
    await user.click(screen.getByRole('button', { name: 'Create release' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    // What the layout leaves off the form is sent with its default, as before.
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
      name: 'Autumn',
      owner: '7',
      theme: null,
      capacity_units: 'time',
      progress_source: 'progress_from_features',
      custom_fields: { risk: 'Low', brief: 'https://example.com/brief' },
    });
  });

  it('puts the service’s required-field messages on their fields', async () => {
    const onSubmit = vi.fn(() =>
      Promise.reject(new ApiError(422, 'Validation failed', { theme: ['is required'], 'custom_fields.brief': ['is required'] })),
    );
    const user = setup(onSubmit, { layout });
    await user.type(screen.getByLabelText('Name'), 'Autumn');
    await user.selectOptions(screen.getByLabelText('Launch risk'), 'Low');
    await user.selectOptions(screen.getByLabelText('Owner'), '7');
    await user.click(screen.getByRole('button', { name: 'Create release' }));
    await waitFor(() => expect(screen.getByLabelText('Launch brief').getAttribute('aria-invalid')).toBe('true'));
    expect(within(screen.getByLabelText('Launch brief').closest('.field')!).getByRole('alert').textContent).toBe('is required');
    // A field the form does not draw has no place of its own: the summary at the top names it.
    expect(screen.getByRole('link', { name: 'Theme: is required' })).toBeTruthy();
  });
});

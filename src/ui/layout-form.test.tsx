// @vitest-environment jsdom
// The layout kit as a person meets it: a form drawn from a layout (blocks in the layout's sections
// and columns, in its order; a block's own section folded into the layout's; left-out fields not
// drawn), custom fields of every type bound to `custom_fields.<key>`, required fields marked and
// checked with the service's words, the service's `custom_fields.<key>` message under its field; and
// a record page's facts drawn from the same layout.
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { useMemo, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../api/client';
import { NameField, TagsField, AssigneeField, DateFields } from './form-fields';
import { FormSection, useRecordForm } from './form-shell';
import { LayoutDetails } from './layout-details';
import { LayoutForm } from './layout-form';
import { checkLayoutValues, customFieldDefaults, customFieldFormValues, customFieldsBody, formLayout } from './layout-model';
import { cleanUpAfterEach, renderForm, testQueryClient, user } from './test/form-harness';
import { expectMarkedRequired, expectSubmitRefused } from './test/form-refusal';
import { CUSTOMS, definition, eachCustom, testLayout, type ShortField } from './test/layouts';
import type { ScreenLayout } from '../contract/layouts';

cleanUpAfterEach();

const users = [user('3', 'Ada'), user('4', 'Grace'), { ...user('5', 'Linus'), enabled: false }];
const { risk, regions, spec } = CUSTOMS;
const notes = definition('notes', 'Notes', 'string');

const customs: ShortField[] = eachCustom(notes);

/** A section block of its own, as the kit's work-item sections are. */
function Schedule() {
  return (
    <FormSection title="Dates" grid="form-grid form-grid--3">
      <DateFields />
    </FormSection>
  );
}

const baseValues = z.object({
  name: z.string().trim().min(1, "can't be blank"),
  tags: z.string(),
  assigned_to_user: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  custom_fields: customFieldFormValues,
});

function TestForm({
  layout,
  mode = 'create',
  onSave,
}: {
  layout: ScreenLayout;
  mode?: 'create' | 'edit';
  onSave: (body: unknown) => Promise<unknown>;
}) {
  const model = useMemo(() => formLayout(layout, { mode }), [layout, mode]);
  const schema = useMemo(() => baseValues.superRefine((v, ctx) => checkLayoutValues(model, v, ctx)), [model]);
  const form = useRecordForm(schema, () => ({
    name: '',
    tags: '',
    assigned_to_user: '',
    start_date: '',
    end_date: '',
    custom_fields: customFieldDefaults(model),
  }));
  return (
    <LayoutForm
      form={form}
      model={model}
      users={users}
      label="New thing"
      submitLabel="Create thing"
      cancel={{ onClick: () => undefined }}
      onSubmit={(v) =>
        onSave({
          name: v.name,
          tags: v.tags,
          custom_fields: customFieldsBody(model, v.custom_fields, mode === 'create' ? 'create' : 'update'),
        })
      }
      blocks={{
        name: <NameField />,
        tags: <TagsField />,
        assigned_to_user: <AssigneeField users={users} />,
        // Blocks of fields this test's layouts never name are simply not drawn.
        workflow_status: <p>never drawn</p>,
        dates: <Schedule />,
      }}
    />
  );
}

const form = () => screen.getByRole('form', { name: 'New thing' });

/** Renders and hands back the unmount, for two renders in one test. */
function renderWithin(ui: ReactNode) {
  return render(
    <QueryClientProvider client={testQueryClient()}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}
const legends = (el: HTMLElement) =>
  [...el.querySelectorAll('legend')].filter((l) => !l.classList.contains('visually-hidden')).map((l) => l.textContent);

describe('LayoutForm', { timeout: 20_000 }, () => {
  it('draws the layout’s fields in its sections and order, side sections beside, and leaves the rest out', () => {
    const layout = testLayout('Epic', [
      ['About', 'main', ['tags', 'name', { field: 'assigned_to_user', on_form: false }]],
      ['When', 'main', ['dates']],
      ['People', 'side', ['assigned_to_user']],
    ]);
    renderForm(<TestForm layout={layout} onSave={async () => undefined} />);
    const main = form().querySelector<HTMLElement>('.form-shell__main')!;
    const aside = form().querySelector<HTMLElement>('.form-shell__aside')!;
    expect(legends(main)).toEqual(['About', 'When']);
    expect(
      within(main)
        .getAllByRole('textbox')
        .map((t) => t.getAttribute('name')),
    ).toEqual(['tags', 'name']);
    expect(within(aside).getByLabelText('Assignee')).toBeTruthy();
    expect(legends(aside)).toEqual(['People']);
    // The release is locked: a layout cannot leave it out, but this form gives no block for it.
    expect(screen.queryByText('never drawn')).toBeNull();
    // The Dates block is all its section holds: one legend ("When"); its own title stays for screen readers.
    expect(within(main).getByRole('group', { name: 'Dates' })).toBeTruthy();
    expect(within(main).getByLabelText('Start date')).toBeTruthy();
  });

  it('keeps a block’s own section as a titled group when the layout’s section holds more', () => {
    const layout = testLayout('Epic', [['Schedule', 'main', ['name', 'dates']]]);
    renderForm(<TestForm layout={layout} onSave={async () => undefined} />);
    expect(legends(form())).toEqual(['Schedule', 'Dates']);
    expect(form().querySelector('.form-subsection .form-subsection__title')?.textContent).toBe('Dates');
    // One column: no side sections.
    expect(form().querySelector('.form-shell__aside')).toBeNull();
  });

  it('places a fixed block after the first of its anchors the form draws, else at the end of the first main section', () => {
    const fixed = { when: { after: ['assigned_to_user', 'name'], node: <p className="fixed">fixed block</p> } };
    const Fixed = ({ layout }: { layout: ScreenLayout }) => {
      const model = useMemo(() => formLayout(layout, { mode: 'create' }), [layout]);
      const form = useRecordForm(baseValues, () => ({
        name: '',
        tags: '',
        assigned_to_user: '',
        start_date: '',
        end_date: '',
        custom_fields: {},
      }));
      return (
        <LayoutForm
          form={form}
          model={model}
          fixed={fixed}
          label="New thing"
          submitLabel="Create thing"
          cancel={{ onClick: () => undefined }}
          onSubmit={async () => undefined}
          blocks={{ name: <NameField />, tags: <TagsField />, assigned_to_user: <AssigneeField users={users} /> }}
        />
      );
    };
    const order = () =>
      [...form().querySelectorAll('input[name], select[name], p.fixed')].map((el) => el.getAttribute('name') ?? el.textContent);
    const { unmount } = renderWithin(<Fixed layout={testLayout('Feature', [['Feature', 'main', ['assigned_to_user', 'name', 'tags']]])} />);
    expect(order()).toEqual(['assigned_to_user', 'fixed block', 'name', 'tags']);
    unmount();
    renderWithin(
      <Fixed
        layout={testLayout('Feature', [
          ['Side', 'side', ['tags']],
          ['Feature', 'main', ['release']],
        ])}
      />,
    );
    // The locked name is drawn though the layout lacks it (ending the first main section), and the block follows it.
    expect(order()).toEqual(['name', 'fixed block', 'tags']);
  });

  it('draws each custom field type bound to custom_fields.<key> and sends them typed', async () => {
    const onSave = vi.fn(async () => undefined);
    const person = renderForm(
      <TestForm
        layout={testLayout('Feature', [
          ['Feature', 'main', ['name']],
          ['More', 'side', customs],
        ])}
        onSave={onSave}
      />,
    );
    expect(screen.getByLabelText('Risk').getAttribute('name')).toBe('custom_fields.risk');
    expect(screen.getByLabelText<HTMLInputElement>('Target ARR').type).toBe('number');
    expect(screen.getByLabelText<HTMLInputElement>('Launch day').type).toBe('date');
    expect(screen.getByLabelText<HTMLInputElement>('Spec').type).toBe('url');
    const regionBoxes = screen.getByRole('group', { name: 'Regions' });
    const ownerBoxes = screen.getByRole('group', { name: 'Owners' });
    // Enabled people only (Linus is disabled).
    expect(
      within(ownerBoxes)
        .getAllByRole('checkbox')
        .map((c) => c.parentElement?.textContent),
    ).toEqual(['Ada', 'Grace']);

    await person.type(screen.getByLabelText('Name'), 'Billing');
    await person.selectOptions(screen.getByLabelText('Risk'), 'High');
    await person.type(screen.getByLabelText('Target ARR'), '120000');
    await person.type(screen.getByLabelText('Launch day'), '2026-05-01');
    // The checklists are checkboxes: Tab and Space work as everywhere.
    await person.click(within(regionBoxes).getByLabelText('US'));
    await person.click(within(regionBoxes).getByLabelText('EU'));
    await person.click(within(ownerBoxes).getByLabelText('Grace'));
    await person.type(screen.getByLabelText('Spec'), 'https://example.com/spec');
    await person.click(screen.getByRole('button', { name: 'Create thing' }));
    await vi.waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave).toHaveBeenCalledWith({
      name: 'Billing',
      tags: '',
      custom_fields: {
        risk: 'High',
        arr: 120000,
        launch: '2026-05-01',
        // In the options' order, not the click order.
        regions: ['EU', 'US'],
        owners: ['4'],
        spec: 'https://example.com/spec',
      },
    });
  });

  it('marks required fields and refuses them blank with the service’s words, on their own fields', async () => {
    const onSave = vi.fn(async () => undefined);
    const layout = testLayout('Feature', [
      ['Feature', 'main', ['name', { field: 'tags', required: true }, { field: 'assigned_to_user' }]],
      ['More', 'side', [{ custom: risk, required: true }, { custom: regions, required: true }, { custom: spec }]],
    ]);
    const person = renderForm(<TestForm layout={layout} onSave={onSave} />);
    const tags = screen.getByLabelText('Tags');
    expect(tags.getAttribute('aria-required')).toBe('true');
    expect(tags.closest('.field')?.querySelector('.field__required')?.getAttribute('aria-hidden')).toBe('true');
    expectMarkedRequired(['Risk'], ['Assignee', 'Spec']);
    // A group of checkboxes says it in its name.
    expect(screen.getByRole('group', { name: /^Regions ?\(required\)$/ })).toBeTruthy();

    await person.type(screen.getByLabelText('Name'), 'Billing');
    await person.type(screen.getByLabelText('Spec'), 'example.com');
    await expectSubmitRefused(person, 'Create thing', [
      'Tags: is required',
      'Risk: is required',
      'Regions: is required',
      'Spec: must be a web address starting with http:// or https://',
    ]);
    expect(tags.getAttribute('aria-invalid')).toBe('true');
    expect(onSave).not.toHaveBeenCalled();
  });

  it('requires nothing when editing, and draws no marks', () => {
    const layout = testLayout('Feature', [
      ['Feature', 'main', ['name', { field: 'tags', required: true }, { custom: risk, required: true }]],
    ]);
    renderForm(<TestForm layout={layout} mode="edit" onSave={async () => undefined} />);
    expect(screen.getByLabelText('Tags').getAttribute('aria-required')).toBeNull();
    expect(screen.getByLabelText('Risk').getAttribute('aria-required')).toBeNull();
    // The name is required everywhere.
    expect(screen.getByLabelText('Name').getAttribute('aria-required')).toBe('true');
  });

  it('puts the service’s message for custom_fields.<key> under that field', async () => {
    const layout = testLayout('Feature', [['Feature', 'main', ['name', { custom: risk }, { custom: regions }]]]);
    const onSave = vi.fn(async () => {
      throw new ApiError(422, 'Validation failed', { 'custom_fields.regions': ['is required'], 'custom_fields.risk': ['is not allowed'] });
    });
    const person = renderForm(<TestForm layout={layout} onSave={onSave} />);
    await person.type(screen.getByLabelText('Name'), 'Billing');
    await person.click(screen.getByRole('button', { name: 'Create thing' }));
    await vi.waitFor(() => expect(screen.getByLabelText('Risk').getAttribute('aria-invalid')).toBe('true'));
    expect(within(screen.getByLabelText('Risk').closest('.field')!).getByRole('alert').textContent).toBe('is not allowed');
    expect(within(screen.getByRole('group', { name: 'Regions' })).getByRole('alert').textContent).toBe('is required');
  });
});

describe('LayoutDetails', () => {
  it('draws the facts on the page by section, custom values by their type', () => {
    const layout = testLayout('Feature', [
      ['Feature', 'main', ['name', 'description', 'assigned_to_user', { field: 'tags', on_detail: false }]],
      ['More', 'side', [...customs, 'team']],
    ]);
    const record = {
      custom_fields: [
        { key: 'risk', value: 'High' },
        { key: 'arr', value: 120000 },
        { key: 'launch', value: '2026-05-01' },
        { key: 'regions', value: ['EU', 'US'] },
        { key: 'owners', value: ['3', '5', '9'] },
        { key: 'spec', value: 'https://example.com/spec' },
      ],
    };
    renderForm(
      <LayoutDetails
        layout={layout}
        idPrefix="thing"
        users={users}
        record={record}
        facts={{
          assigned_to_user: { value: 'Ada' },
          tags: { value: 'never shown' },
          team: {
            pairs: [
              { label: 'Team', value: 'Alpha' },
              { label: 'Iteration', value: 'Sprint 1' },
            ],
          },
        }}
      />,
    );
    const cards = screen.getAllByRole('region');
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual(['Feature', 'More']);
    const pairs = (card: HTMLElement) =>
      [...card.querySelectorAll('.detail-list__pair')].map(
        (p) => `${p.querySelector('dt')?.textContent}: ${p.querySelector('dd')?.textContent}`,
      );
    expect(pairs(cards[0]!)).toEqual(['Assignee: Ada']);
    expect(pairs(cards[1]!)).toEqual([
      'Risk: High',
      'Target ARR: 120000',
      expect.stringMatching(/^Launch day: .*2026/),
      'Regions: EU, US',
      'Owners: Ada, Linus, User 9',
      'Spec: https://example.com/spec',
      'Notes: —',
      'Team: Alpha',
      'Iteration: Sprint 1',
    ]);
    const link = within(cards[1]!).getByRole('link', { name: 'https://example.com/spec' });
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.queryByText('never shown')).toBeNull();
  });
});

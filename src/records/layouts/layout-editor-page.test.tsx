// @vitest-environment jsdom
// The layout editor where an administrator meets it: every move made from the keyboard (up and down
// within a section, to another section from the row's menu, from the palette), each announced, the
// focus kept with the field; the toggles' rules; the preview following the draft (order, required
// marks, a control of each field's kind, the record page); the whole layout saved and the service's
// 422 put on the row it names. A member gets the state that says the editor is not theirs.
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { keys } from '../../api/keys';
import { setSession } from '../../api/session';
import type { ScreenDefinition } from '../../contract/layouts';
import { cleanUpAfterEach, testQueryClient, ts, user } from '../../ui/test/form-harness';
import { LayoutEditorPage } from './layout-editor-page';
import { featureLayout, launch, risk } from './layout-test-data';

cleanUpAfterEach();
setSession({ token: 'tok-12345678', serverUrl: 'http://svc.test' });

interface Sent {
  method: string;
  path: string;
  body: unknown;
}

/** Answers PUT /screen_definitions/10 with `answer` (the sent layout by default); records every request. */
function stubService(answer?: { status: number; body: unknown }): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const path = new URL(url).pathname.replace('/api/v1', '');
      const method = init.method ?? 'GET';
      const body: unknown = init.body ? JSON.parse(String(init.body)) : null;
      sent.push({ method, path, body });
      if (method === 'PUT' && answer) return json(answer.status, answer.body);
      if (method === 'PUT') return json(200, { screen_definition: featureLayout() });
      return json(404, { error: 'Not found.' });
    }),
  );
  return sent;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const product = (id: string, name: string, prefix: string) => ({
  id,
  name,
  reference_prefix: prefix,
  product_line: false,
  workspace_type: 'product_workspace',
  created_at: ts,
});

function renderEditor({ administrator = true, layout = featureLayout() }: { administrator?: boolean; layout?: ScreenDefinition } = {}) {
  const queryClient = testQueryClient();
  queryClient.setQueryData(keys.account.me(), { ...user('1', 'Alex'), administrator });
  queryClient.setQueryData(keys.account.products(), {
    products: [product('1', 'Planner Cloud', 'PLN'), product('2', 'Mobile App', 'MOB')],
    pagination: { total_records: 2, total_pages: 1, current_page: 1 },
  });
  queryClient.setQueryData(keys.screenDefinitions.detail(layout.id), layout);
  queryClient.setQueryData(keys.screenDefinitions.list({}), [
    layout,
    featureLayout({ id: '1', name: 'Default feature layout', default: true, product_ids: [] }),
  ]);
  queryClient.setQueryData(keys.customFieldDefinitions.account('Feature'), [risk, launch]);
  const router = createMemoryRouter(
    [
      { path: '/admin/layouts/:layoutId', element: <LayoutEditorPage /> },
      { path: '/admin/layouts', element: <p>All layouts</p> },
    ],
    { initialEntries: [`/admin/layouts/${layout.id}`] },
  );
  const person = userEvent.setup();
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { person, router };
}

/** The live region the editor announces moves in. */
const announced = () => screen.getAllByRole('status').map((s) => s.textContent ?? '');

const row = (name: string) => screen.getByRole('group', { name });
const sectionFields = (section: string) =>
  within(screen.getByRole('list', { name: `Fields of ${section}` }))
    .queryAllByRole('group')
    .map((g) => g.getAttribute('aria-labelledby') && document.getElementById(g.getAttribute('aria-labelledby') ?? '')?.textContent);
const preview = () => screen.getByRole('group', { name: 'New feature form (preview)' });
/** The labels of the preview's form, in order. */
const previewLabels = () =>
  [...preview().querySelectorAll('label.field__label, legend, .layout-preview__check > span')].map((label) => {
    const copy = label.cloneNode(true) as HTMLElement;
    copy.querySelectorAll('[aria-hidden="true"]').forEach((hidden) => hidden.remove());
    return copy.textContent?.replace(/\s+/g, ' ').trim();
  });

describe('the layout editor', () => {
  it('tells a member the layouts are for administrators, and shows no editor', () => {
    const sent = stubService();
    renderEditor({ administrator: false });
    expect(screen.getByRole('alert').textContent).toMatch(/Only configuration administrators can change layouts/);
    expect(screen.queryByRole('button', { name: 'Save layout' })).toBeNull();
    expect(sent).toEqual([]);
  });

  it('moves a field up and down with its buttons, announcing each move and keeping the focus', async () => {
    stubService();
    const { person } = renderEditor();
    expect(sectionFields('Feature')).toEqual(['Name', 'Release', 'Status', 'Description']);
    const down = within(row('Status')).getByRole('button', { name: 'Move Status down' });
    down.focus();
    await person.keyboard('{Enter}');
    expect(sectionFields('Feature')).toEqual(['Name', 'Release', 'Description', 'Status']);
    expect(announced()).toContain('Status moved to section Feature, position 4');
    // At the section's end the button used is disabled: the focus is on its twin.
    expect(document.activeElement).toBe(within(row('Status')).getByRole('button', { name: 'Move Status up' }));
    await person.keyboard('{Enter}');
    expect(sectionFields('Feature')).toEqual(['Name', 'Release', 'Status', 'Description']);
    expect(announced()).toContain('Status moved to section Feature, position 3');
    expect(document.activeElement).toBe(within(row('Status')).getByRole('button', { name: 'Move Status up' }));
    // The preview follows.
    expect(previewLabels().slice(0, 4)).toEqual(['Name (required)', 'Release', 'Status', 'Description']);
  });

  it('moves a field to another section from its menu, by keyboard, and the focus follows it', async () => {
    stubService();
    const { person } = renderEditor();
    within(row('Risk')).getByRole('button', { name: 'Move Risk to another section' }).focus();
    await person.keyboard('{ArrowDown}');
    const menu = screen.getByRole('menu', { name: 'Move Risk to section' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['FeatureMain', 'PlanningMain']);
    expect(document.activeElement?.textContent).toBe('FeatureMain');
    await person.keyboard('{ArrowDown}{Enter}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(sectionFields('Planning')).toEqual(['Tags', 'Risk']);
    expect(sectionFields('Details')).toEqual([]);
    expect(announced()).toContain('Risk moved to section Planning, position 2');
    await waitFor(() =>
      expect(document.activeElement).toBe(within(row('Risk')).getByRole('button', { name: 'Move Risk to another section' })),
    );
    // Escape closes the menu and gives the focus back to its button.
    await person.keyboard('{Enter}');
    expect(screen.getByRole('menu')).toBeTruthy();
    await person.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(within(row('Risk')).getByRole('button', { name: 'Move Risk to another section' }));
  });

  it('adds a field from the palette to the chosen section and takes one back off', async () => {
    stubService();
    const { person } = renderEditor();
    const palette = screen.getByRole('region', { name: /Fields not on this layout/ });
    await person.selectOptions(within(palette).getByRole('combobox', { name: 'Add to section' }), 'Planning (main)');
    await person.click(within(palette).getByRole('button', { name: 'Add Epic to Planning' }));
    expect(sectionFields('Planning')).toEqual(['Tags', 'Epic']);
    expect(announced()).toContain('Epic added to section Planning, position 2');
    // The focus stays in the palette, on the next field to add.
    expect(document.activeElement).toBe(within(palette).getByRole('button', { name: 'Add Kind to Planning' }));
    expect(within(palette).queryByRole('button', { name: 'Add Epic to Planning' })).toBeNull();
    // Custom fields not placed are offered with their type.
    expect(document.getElementById('layout-palette-custom_fields-launch_date')?.textContent).toContain('Custom · Date');

    await person.click(within(row('Epic')).getByRole('button', { name: 'Take Epic off the layout' }));
    expect(sectionFields('Planning')).toEqual(['Tags']);
    expect(document.activeElement).toBe(within(palette).getByRole('button', { name: 'Add Epic to Planning' }));
    // A locked field cannot be taken off.
    expect(within(row('Name')).getByRole('button', { name: 'Take Name off the layout' }).hasAttribute('disabled')).toBe(true);
  });

  it('keeps the toggles within the rules and says why one cannot change', async () => {
    stubService();
    const { person } = renderEditor();
    const status = row('Status');
    const required = within(status).getByRole('checkbox', { name: 'Required' });
    expect(required.hasAttribute('disabled')).toBe(true);
    expect(status.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(status.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Always has a value: can’t be required',
    );
    expect(within(row('Release')).getByRole('checkbox', { name: 'On form' }).hasAttribute('disabled')).toBe(true);

    // Required puts Tags on the form; the preview marks it, for the eye and for screen readers.
    const tags = row('Tags');
    await person.click(within(tags).getByRole('checkbox', { name: 'On form' }));
    expect(previewLabels()).not.toContain('Tags');
    await person.click(within(tags).getByRole('checkbox', { name: 'Required' }));
    expect((within(tags).getByRole('checkbox', { name: 'On form' }) as HTMLInputElement).checked).toBe(true);
    expect(within(preview()).getByRole('textbox', { name: 'Tags (required)' })).toBeTruthy();
    expect(within(preview()).getByText('Tags').parentElement?.querySelector('[aria-hidden="true"]')?.textContent?.trim()).toBe('*');
  });

  it('draws each field with a control of its kind, and the record page on request', async () => {
    stubService();
    const { person } = renderEditor();
    const form = within(preview());
    expect(screen.getByRole('heading', { level: 3, name: 'Details' })).toBeTruthy();
    const riskSelect = form.getByLabelText('Risk');
    expect(riskSelect.tagName).toBe('SELECT');
    expect(riskSelect.hasAttribute('disabled')).toBe(true);
    expect([...riskSelect.querySelectorAll('option')].map((o) => o.textContent)).toEqual(['Choose…', 'Low', 'Medium', 'High']);
    expect(form.getByLabelText('Release').tagName).toBe('SELECT');
    expect(form.getByLabelText('Description').tagName).toBe('TEXTAREA');
    expect(form.getByRole('textbox', { name: 'Name (required)' }).getAttribute('type')).toBe('text');

    // A date field placed from the palette shows as a date input.
    await person.click(screen.getByRole('button', { name: 'Add Launch date to Feature' }));
    expect(form.getByLabelText('Launch date').getAttribute('type')).toBe('date');

    // Off the page, a field leaves the record page's preview only.
    await person.click(within(row('Tags')).getByRole('checkbox', { name: 'On page' }));
    await person.click(screen.getByRole('button', { name: 'Record page' }));
    const page = within(screen.getByRole('group', { name: 'feature page (preview)' }));
    expect(page.getAllByRole('term').map((t) => t.textContent)).toEqual([
      'Name',
      'Release',
      'Status',
      'Description',
      'Launch date',
      'Risk',
    ]);
  });

  it('saves the whole layout, and puts the service’s 422 on the row and in the summary', async () => {
    const sent = stubService({
      status: 422,
      body: {
        error: 'sections.0.fields.2.required cannot be required (Status)',
        errors: { 'sections.0.fields.2.required': ['cannot be required (Status)'], product_ids: ['names no workspace with id 9'] },
      },
    });
    const { person } = renderEditor();
    await person.click(screen.getByRole('checkbox', { name: /Planner Cloud/ }));
    await person.click(screen.getAllByRole('button', { name: 'Save layout' })[0] as HTMLElement);
    const put = await waitFor(() => {
      const found = sent.find((s) => s.method === 'PUT');
      if (!found) throw new Error('no PUT yet');
      return found;
    });
    expect(put.path).toBe('/screen_definitions/10');
    expect(put.body).toMatchObject({
      screen_definition: {
        name: 'Quick capture',
        product_ids: ['1', '2'],
        sections: [
          {
            name: 'Feature',
            column: 'main',
            fields: expect.arrayContaining([{ field: 'name', on_form: true, on_detail: true, required: true }]),
          },
          { name: 'Planning', column: 'main' },
          { name: 'Details', column: 'side', fields: [{ field: 'custom_fields.risk', on_form: true, on_detail: true, required: false }] },
        ],
      },
    });
    expect(put.body).not.toHaveProperty('screen_definition.default');
    const summary = await screen.findByRole('alert', { name: /The layout could not be saved/ });
    expect(summary.textContent).toContain('The layout could not be saved: 2 problems');
    expect(summary.textContent).toContain('Status (Feature): Required: cannot be required (Status)');
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(within(row('Status')).getByText('Required: cannot be required (Status)')).toBeTruthy();
    // The summary's link leads to the row.
    await person.click(within(summary).getByRole('link', { name: /Status \(Feature\)/ }));
    expect(document.activeElement?.id).toBe('layout-field-workflow_status');
    // Moving the row keeps its message; changing it drops it.
    await act(async () => {
      within(row('Status')).getByRole('button', { name: 'Move Status down' }).click();
    });
    expect(within(row('Status')).getByText('Required: cannot be required (Status)')).toBeTruthy();
    await person.click(within(row('Status')).getByRole('checkbox', { name: 'On page' }));
    expect(within(row('Status')).queryByText('Required: cannot be required (Status)')).toBeNull();
  });

  it('checks the names before sending anything', async () => {
    const sent = stubService();
    const { person } = renderEditor();
    await person.clear(screen.getByRole('textbox', { name: 'Name' }));
    await person.clear(screen.getAllByLabelText('Section name')[1] as HTMLElement);
    await person.click(screen.getAllByRole('button', { name: 'Save layout' })[0] as HTMLElement);
    const summary = await screen.findByRole('alert', { name: /The layout could not be saved/ });
    expect(summary.textContent).toContain("Name can't be blank");
    expect(summary.textContent).toContain("Section 2 (main column): name can't be blank");
    expect(sent.filter((s) => s.method === 'PUT')).toEqual([]);
  });
});

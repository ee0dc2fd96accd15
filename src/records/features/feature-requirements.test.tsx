// @vitest-environment jsdom
// A feature's requirements drawn from the workspace's Requirement layout: the rows show the fields
// it puts on the page (a custom field's values included, a left-out field's column gone), and the
// inline form its fields on the form, the required ones marked and checked, custom values sent.
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { accountQueries } from '../../api/account';
import { layoutQueries } from '../../api/layouts';
import { requirementQueries } from '../../api/requirements';
import { userPage } from '../../contract/account';
import { featureSchema, requirementPage } from '../../contract/features';
import { cleanUpAfterEach, renderForm, status, stubFetch, testQueryClient, ts, user, workItemRecord } from '../../ui/test/form-harness';
import { definition, testLayout } from '../../ui/test/layouts';
import { FeatureRequirements, REQUIREMENTS_PER_PAGE } from './feature-requirements';

cleanUpAfterEach();

const feature = featureSchema.parse({
  ...workItemRecord,
  id: '42',
  name: 'Search',
  reference_num: 'PLN-42',
  workflow_kind: null,
  custom_fields: [],
  workflow_status: status('2', 'In development', 2),
  tags: [],
  start_date: null,
  due_date: null,
  progress: 0,
  progress_source: 'progress_manual',
  requirements: [],
});

const severity = definition('severity', 'Severity', 'select', ['Major', 'Minor']);
const layout = testLayout('Requirement', [
  [
    'Requirement',
    'main',
    [
      'name',
      { field: 'assigned_to_user', required: true },
      { field: 'workflow_status', on_detail: false },
      { custom: severity, required: true },
    ],
  ],
]);

function renderRequirements() {
  const queryClient = testQueryClient();
  queryClient.setQueryData(
    requirementQueries.list('42', { page: 1, perPage: REQUIREMENTS_PER_PAGE }).queryKey,
    requirementPage.parse({
      requirements: [
        {
          id: '7',
          name: 'Login form',
          reference_num: 'PLN-42-1',
          position: 1,
          feature: { id: '42', name: 'Search', reference_num: 'PLN-42', product_id: '1', url: '', resource: '' },
          release_id: '10',
          start_date: null,
          end_date: null,
          workflow_status: status('1', 'Open', 1),
          description: null,
          assigned_to_user: null,
          created_by_user: null,
          custom_fields: [{ id: '1', key: 'severity', name: 'Severity', type: 'select', value: 'Major' }],
          created_at: ts,
          updated_at: ts,
          url: '',
          resource: '',
        },
      ],
      pagination: { total_records: 1, total_pages: 1, current_page: 1 },
    }),
  );
  queryClient.setQueryData(accountQueries.workflows('1').queryKey, [
    { id: '1', name: 'Requirements', statusable_type: 'Requirement', workflow_statuses: [status('1', 'Open', 1)] },
  ]);
  queryClient.setQueryData(
    accountQueries.users().queryKey,
    userPage.parse({ users: [user('3', 'Ada')], pagination: { total_records: 1, total_pages: 1, current_page: 1 } }),
  );
  queryClient.setQueryData(layoutQueries.workspace('1').queryKey, [layout]);
  return renderForm(<FeatureRequirements feature={feature} />, queryClient);
}

describe('FeatureRequirements drawn from the Requirement layout', { timeout: 20_000 }, () => {
  it('shows the fields the layout puts on the page as columns, custom values included', () => {
    renderRequirements();
    const table = screen.getByRole('table', { name: 'Requirements of PLN-42' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent?.trim());
    expect(headers).toContain('Severity');
    expect(headers).not.toContain('Status');
    expect(within(table).getByText('Major')).toBeTruthy();
  });

  it('draws the form from the layout, checks its required fields and sends the custom values', async () => {
    const form = () => screen.getByRole('form', { name: 'Add requirement' });
    const person = renderRequirements();
    expect(within(form()).queryByLabelText('Requirement Start date')).toBeNull();
    expect(within(form()).getByLabelText('Requirement Assignee').getAttribute('aria-required')).toBe('true');
    expect(within(form()).getByLabelText('Requirement Severity').getAttribute('aria-required')).toBe('true');

    const sent = stubFetch(200, { requirement: { id: '8', name: 'Filters', reference_num: 'PLN-42-2' } });
    await person.type(within(form()).getByLabelText('Requirement Name'), 'Filters');
    await person.click(within(form()).getByRole('button', { name: 'Add requirement' }));
    expect(await within(form()).findAllByText('is required')).toHaveLength(2);
    expect(sent).toHaveLength(0);

    await person.selectOptions(within(form()).getByLabelText('Requirement Assignee'), 'ada@example.com');
    await person.selectOptions(within(form()).getByLabelText('Requirement Severity'), 'Minor');
    await person.click(within(form()).getByRole('button', { name: 'Add requirement' }));
    await vi.waitFor(() => expect(sent.length).toBeGreaterThan(0));
    expect(sent[0]?.url).toBe('/api/v1/features/42/requirements');
    expect(sent[0]?.body).toEqual({
      requirement: { name: 'Filters', assigned_to_user: { email: 'ada@example.com' }, custom_fields: { severity: 'Minor' } },
    });
  });
});

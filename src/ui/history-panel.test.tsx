// @vitest-environment jsdom
// The History panel on what the service answers: the record's whole history asked in one stream
// (its own rows and those of what it holds), ids named from the account's cached people and
// statuses, days, rich text behind a button (sanitised), minor rows held back, and "Load more".
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { keys } from '../api/keys';
import { setSession } from '../api/session';
import type { Audit } from '../contract/audits';
import { auditRow } from './test/audit-rows';
import { HistoryPanel } from './history-panel';
import { cleanUpAfterEach, renderForm, status, testQueryClient, user } from './test/form-harness';

cleanUpAfterEach();
setSession({ token: 'tok-12345678', serverUrl: 'http://svc.test' });

const avery = user('3', 'Avery Chen');

const audit = (id: number, patch: Partial<Audit>): Audit =>
  auditRow(
    { id: avery.id, name: avery.name, email: avery.email },
    { created_at: new Date(Date.now() - id * 60_000).toISOString(), ...patch, id: String(id) },
  );

const pageOf = (audits: Audit[], page: number, pages: number) => ({
  audits,
  pagination: { total_records: pages * audits.length, total_pages: pages, current_page: page },
});

function stubAudits(pages: ReturnType<typeof pageOf>[]): URL[] {
  const asked: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const u = new URL(url);
      asked.push(u);
      const n = Number(u.searchParams.get('page') ?? '1');
      const body = u.pathname.endsWith('/audits') ? pages[n - 1] : { error: 'Not found.' };
      return new Response(JSON.stringify(body), { status: body ? 200 : 404, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return asked;
}

function renderPanel() {
  const queryClient = testQueryClient();
  const me = { ...user('1', 'Alex'), administrator: true };
  queryClient.setQueryData(keys.account.me(), me);
  queryClient.setQueryData(keys.account.users(), { users: [me, avery], pagination: { total_records: 2, total_pages: 1, current_page: 1 } });
  queryClient.setQueryData(keys.account.workflows('1'), [
    { id: '1', name: 'Features', statusable_type: 'Feature', workflow_statuses: [status('4', 'In design', 1), status('5', 'Ready', 2)] },
  ]);
  queryClient.setQueryData(keys.account.workflowKinds('1'), []);
  queryClient.setQueryData(keys.account.teams('1'), []);
  return renderForm(<HistoryPanel subject={{ type: 'Feature', id: '12' }} productId="1" noun="feature" />, queryClient);
}

describe('HistoryPanel', () => {
  it("reads the record's whole history and names what the ids stand for", async () => {
    const asked = stubAudits([
      pageOf(
        [
          audit(1, { changes: [{ field_name: 'workflow_status_id', value: '4 → 5', old_value: 4, new_value: 5 }] }),
          audit(2, {
            auditable_type: 'Requirement',
            auditable_id: '55',
            associated_type: 'Feature',
            associated_id: '12',
            reference_num: 'PLN-12-1',
            audit_action: 'create',
          }),
          audit(3, {
            changes: [
              {
                field_name: 'description',
                value: 'x',
                old_value: '<p>Old</p>',
                new_value: '<p>New<img src=x onerror="window.hacked=1"></p>',
              },
              { field_name: 'assigned_to_id', value: '(none) → 3', old_value: null, new_value: 3 },
            ],
          }),
          audit(4, { interesting: false, changes: [{ field_name: 'position', value: '1 → 2', old_value: 1, new_value: 2 }] }),
          audit(5, { audit_action: 'create', restored_from_deletion_id: '9' }),
        ],
        1,
        2,
      ),
      pageOf([audit(6, { audit_action: 'create', description: 'created feature PLN-12 Sign-in' })], 2, 2),
    ]);
    renderPanel();
    const status = await screen.findByText(/changed/, { selector: '.history__text' });
    expect(status.textContent).toBe('Avery Chen changed Status from In design → Ready');
    const first = asked[0];
    expect(first?.pathname).toBe('/api/v1/audits');
    expect(Object.fromEntries(first?.searchParams ?? [])).toMatchObject({
      auditable_type: 'Feature',
      auditable_id: '12',
      include_associated: 'true',
      order: 'newest',
      page: '1',
    });
    const texts = () => [...document.querySelectorAll('.history__text')].map((e) => e.textContent);
    expect(texts()).toEqual([
      'Avery Chen changed Status from In design → Ready',
      'Avery Chen added requirement PLN-12-1',
      'Avery Chen made 2 changes',
      'Avery Chen restored this feature from the recycle bin',
    ]);
    expect([...document.querySelectorAll('.history__changes > li')].map((e) => e.textContent)).toEqual([
      'edited the descriptionShow before and after',
      'set Assignee to Avery Chen',
    ]);

    // Rich text: summarised, its before and after behind a button, drawn sanitised.
    const toggle = screen.getByRole('button', { name: 'Show before and after' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('Old')).toBeTruthy();
    expect(document.querySelector('.history__diff img')?.getAttribute('onerror')).toBeNull();

    // The bookkeeping row waits behind its toggle.
    fireEvent.click(screen.getByRole('checkbox', { name: 'Show minor changes (1)' }));
    expect(texts()).toContain('Avery Chen updated this feature');

    // More pages, by a button.
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(texts()).toContain('Avery Chen created this feature'));
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    // An administrator is offered the older history.
    expect(screen.getByRole('link', { name: 'Search older changes' }).getAttribute('href')).toBe('/admin/audit-search?type=Feature&id=12');
  });

  it('says so when nothing has changed in the last 12 months', async () => {
    stubAudits([pageOf([], 1, 0)]);
    renderPanel();
    expect(await screen.findByText('No changes in the last 12 months')).toBeTruthy();
  });
});

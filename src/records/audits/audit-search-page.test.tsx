// @vitest-environment jsdom
// The audit search screen where a person meets its rules: a member is told it is for administrators;
// an administrator sees the estimate beside the tokens, Run held back with the reason when they do
// not suffice, the service's 422 next to its field, and a refusal for tokens with when to try again.
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { HISTORICAL_TOKENS_HEADER } from '../../contract/audits';
import { keys } from '../../api/keys';
import { setSession } from '../../api/session';
import { cleanUpAfterEach, renderForm, testQueryClient, user } from '../../ui/test/form-harness';
import { AuditSearchPage } from './audit-search-page';

cleanUpAfterEach();
setSession({ token: 'tok-12345678', serverUrl: 'http://svc.test' });

type Answer = { status: number; body: unknown; headers?: Record<string, string> };

/** Answers by method and path; records what was posted. */
function stubService(answers: Record<string, Answer>): unknown[] {
  const posted: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const path = new URL(url).pathname.replace('/api/v1', '');
      const method = init.method ?? 'GET';
      if (method === 'POST') posted.push(JSON.parse(String(init.body)));
      const a = answers[`${method} ${path}`] ?? { status: 404, body: { error: 'Not found.' } };
      return new Response(JSON.stringify(a.body), { status: a.status, headers: { 'Content-Type': 'application/json', ...a.headers } });
    }),
  );
  return posted;
}

function renderAs(administrator: boolean) {
  const queryClient = testQueryClient();
  queryClient.setQueryData(keys.account.me(), { ...user('1', 'Alex'), administrator });
  queryClient.setQueryData(keys.account.users(), {
    users: [user('1', 'Alex')],
    pagination: { total_records: 1, total_pages: 1, current_page: 1 },
  });
  return renderForm(<AuditSearchPage />, queryClient);
}

const estimate = (maxCost: number, tokens: number, retryAfter: number | null = 0): Answer => ({
  status: 200,
  body: { max_cost: maxCost, tokens_available: tokens, rows_in_range: maxCost * 100, retry_after: retryAfter, capacity: 1000 },
  headers: { [HISTORICAL_TOKENS_HEADER]: String(tokens) },
});

describe('the audit search screen', () => {
  it('tells a member it is for administrators, and asks the service nothing', () => {
    const posted = stubService({});
    renderAs(false);
    expect(screen.getByRole('heading', { level: 1, name: 'Audit search' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toMatch(/Administrators only/);
    expect(screen.queryByRole('button', { name: 'Run search' })).toBeNull();
    expect(posted).toEqual([]);
  });

  it('holds Run back with the reason when the estimate is more than the tokens', async () => {
    stubService({ 'GET /historical_audits/estimate': estimate(600, 500, 120) });
    renderAs(true);
    await screen.findByText('up to 600 tokens');
    expect(screen.getByText('500')).toBeTruthy();
    const run = screen.getByRole('button', { name: 'Run search' });
    await waitFor(() => expect(run.hasAttribute('disabled')).toBe(true));
    const reason = document.getElementById(run.getAttribute('aria-describedby') ?? '');
    expect(reason?.textContent).toMatch(/^This search may cost up to 600 tokens and 500 are available: enough in about 2 minutes/);
  });

  it("shows the service's 422 next to its field", async () => {
    const posted = stubService({
      'GET /historical_audits/estimate': estimate(3, 900),
      'POST /historical_audits': {
        status: 422,
        body: {
          error: 'created_before reaches into the last 12 calendar months',
          errors: { created_before: ['reaches into the last 12 calendar months'] },
        },
      },
    });
    const person = renderAs(true);
    await screen.findByText('up to 3 tokens');
    await person.click(screen.getByRole('button', { name: 'Run search' }));
    const to = screen.getByLabelText('To', { exact: true });
    await waitFor(() => expect(to.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(`${to.id}-error`)?.textContent).toBe('reaches into the last 12 calendar months');
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({ search: { created_since: expect.any(String), created_before: expect.any(String) } });
  });

  it('says when the tokens will suffice after a refusal for tokens', async () => {
    stubService({
      'GET /historical_audits/estimate': estimate(3, 900),
      'POST /historical_audits': {
        status: 429,
        body: { error: 'Not enough tokens' },
        headers: { 'Retry-After': '300', [HISTORICAL_TOKENS_HEADER]: '2' },
      },
    });
    const person = renderAs(true);
    await screen.findByText('up to 3 tokens');
    await person.click(screen.getByRole('button', { name: 'Run search' }));
    expect((await screen.findByText(/^Not enough tokens for this search yet/)).textContent).toMatch(
      /enough will be available in about 5 minutes \(at \d\d:\d\d\)\.$/,
    );
    // The header of the refusal is the figure shown now.
    expect(screen.getByText('2')).toBeTruthy();
  });
});

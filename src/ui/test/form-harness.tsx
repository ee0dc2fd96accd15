// What the record forms' tests share: a fetch stub that records what was sent, the account fixtures
// a form's choices are built from (statuses, users, teams with their iterations), the fields every
// work-item record carries, and a render that gives the form a router and a query cache. A form's
// test declares its own choices and records on top of these.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, vi } from 'vitest';
import type { Team, User } from '../../contract/account';

/** Unmounts what a test rendered and puts fetch back, after every test of the file. */
export function cleanUpAfterEach(): void {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
}

export interface SentRequest {
  url: string;
  method: string;
  body: unknown;
}

/** Stubs fetch with one JSON answer and records what was sent. */
export function stubFetch(status: number, answer: unknown): SentRequest[] {
  const sent: SentRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      sent.push({ url, method: init.method ?? 'GET', body: JSON.parse(String(init.body ?? 'null')) });
      return new Response(JSON.stringify(answer), { status, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return sent;
}

export const ts = '2026-01-01T00:00:00Z';

export const status = (id: string, name: string, position: number) => ({
  id,
  name,
  position,
  complete: false,
  color: '#4a90d9',
});

export const user = (id: string, name: string): User => ({
  id,
  name,
  email: `${name.toLowerCase()}@example.com`,
  administrator: false,
  enabled: true,
  created_at: ts,
  updated_at: ts,
});

/** A user as a record links it (a watcher). */
export const userRef = (u: User) => ({ id: u.id, name: u.name, email: u.email, created_at: ts, updated_at: ts });

/** A team with its statuses, iterations ("<team id>0<i>") and program increments ("<team id>9<i>"). */
export const team = (id: string, name: string, iterations: string[], pis: string[], statuses: string[]): Team => ({
  id,
  name,
  reference_prefix: name.toUpperCase(),
  product_id: '1',
  color: '#000000',
  created_at: ts,
  updated_at: ts,
  team_workflow_statuses: statuses.map((s, i) => status(`${id}${i}`, s, i)),
  iterations: iterations.map((n, i) => ({ id: `${id}0${i}`, name: n, start_date: null, end_date: null, team_id: id })),
  program_increments: pis.map((n, i) => ({
    id: `${id}9${i}`,
    name: n,
    reference_num: `PI-${id}${i}`,
    start_date: null,
    end_date: null,
    team_id: id,
  })),
});

/**
 * The fields a work item (feature, epic) carries in release "Spring" (id 10, time units) with an
 * initial estimate of 1d 2h and nothing else set; a test's record spreads it and adds its own.
 */
export const workItemRecord = {
  product_id: '1',
  position: 1,
  release: {
    id: '10',
    reference_num: 'PLN-R-1',
    name: 'Spring',
    product_id: '1',
    start_date: null,
    release_date: null,
    parking_lot: false,
    capacity_units: 'time' as const,
    url: '',
    resource: '',
  },
  release_reference_num: 'PLN-R-1',
  description: null,
  created_by_user: null,
  assigned_to_user: null,
  work_units: 'time' as const,
  initial_estimate: 600,
  initial_estimate_text: '1d 2h',
  detailed_estimate: null,
  detailed_estimate_text: null,
  remaining_estimate: null,
  remaining_estimate_text: null,
  team_workflow_status: null,
  program_increment: null,
  status_changed_on: null,
  created_at: ts,
  updated_at: ts,
  url: '',
  resource: '',
};

/** A page of Epic custom field definitions as the service sends it; each is `[id, key, name, type, options?]`. */
export function epicFieldDefinitionPage(definitions: readonly [string, string, string, string, string[]?][]) {
  return {
    custom_field_definitions: definitions.map(([id, key, name, type, options = []]) => ({
      id,
      key,
      name,
      type,
      internal_name: null,
      custom_fieldable_type: 'Epic',
      product_id: '1',
      position: Number(id),
      options,
    })),
    pagination: { total_records: definitions.length, total_pages: 1, current_page: 1 },
  };
}

/** Renders a form inside a router and a query cache that never retries; returns the person using it. */
export function renderForm(ui: ReactNode, queryClient = testQueryClient()) {
  const person = userEvent.setup();
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
  return person;
}

export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
}

/** The texts of a select's options, in order. */
export function optionTexts(select: HTMLElement): string[] {
  return within(select)
    .getAllByRole('option')
    .map((o) => o.textContent ?? '');
}

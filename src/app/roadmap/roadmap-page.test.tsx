// @vitest-environment jsdom
// The roadmap as a person (or an end-to-end test) meets it: one labelled region per lane, every bar a
// link named after its record with its progress in `data-progress` and its dates in the tooltip,
// records without dates listed, and the loading, empty and error states — over a stubbed service.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDate } from '../../ui/format';
import { EMPTY_ROADMAP_TITLE, RoadmapPage } from './roadmap-page';
import type { Zoom } from './layout';
import { phase } from './roadmap-fixtures';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const TODAY = '2026-11-21';
const stamp = '2026-01-01T00:00:00Z';
const status = (name: string, color: string) => ({ id: '1', name, position: 1, complete: false, color });
const page = (key: string, items: unknown[]) => ({
  [key]: items,
  pagination: { total_records: items.length, total_pages: 1, current_page: 1 },
});
// Undated: listed under its lane, never drawn.
const someday = { id: '3', name: 'Someday', reference_num: 'PLN-R-3', start_date: null, release_date: null, end_date: null };

/** What the stubbed service holds: list items as the service sends them, phases by release id. */
interface Data {
  releases: unknown[];
  phases: Record<string, unknown[]>;
  initiatives: unknown[];
  epics: unknown[];
}

const dated: Data = {
  releases: [
    {
      id: '2',
      name: 'Spring launch',
      reference_num: 'PLN-R-2',
      start_date: '2026-11-01',
      release_date: '2026-12-16',
      progress: 40,
      workflow_status: status('In progress', '#fbd58b'),
    },
    someday,
  ],
  phases: {
    '2': [
      phase('10', 'Build', 'phase', '2026-11-01', '2026-12-01', 1, '2'),
      phase('11', 'General availability', 'milestone', '2026-12-16', '2026-12-16', 2, '2'),
    ],
  },
  initiatives: [
    {
      id: '1',
      name: 'Enterprise readiness',
      start_date: '2026-10-15',
      end_date: '2027-03-31',
      progress: 12,
      color: '#c9733d',
    },
    {
      id: '5',
      name: 'SSO for every plan',
      parent_id: '1',
      start_date: '2026-11-01',
      end_date: '2027-01-15',
      progress: 60,
    },
  ],
  epics: [{ id: '7', name: 'Identity and access', start_date: '2026-08-23', due_date: '2026-12-06', progress: 67 }],
};

const undated: Data = {
  releases: [someday],
  phases: {},
  initiatives: [{ id: '1', name: 'Big bet', start_date: null, end_date: null, progress: 0, color: '#c9733d' }],
  epics: [],
};

/** Answers the roadmap's reads from `data`; paths in `failing` answer 500 instead. */
function stubService(data: Data, failing: readonly string[] = []) {
  const json = (body: unknown, code = 200) =>
    new Response(JSON.stringify(body), { status: code, headers: { 'Content-Type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const path = new URL(input, 'http://planner.test').pathname.replace('/api/v1', '');
      if (failing.some((f) => path.startsWith(f))) return json({ error: 'The service had a problem' }, 500);
      if (path === '/products')
        return json(
          page('products', [
            {
              id: '1',
              reference_prefix: 'PLN',
              name: 'Planner Cloud',
              product_line: false,
              workspace_type: 'product_workspace',
              created_at: stamp,
              updated_at: stamp,
              url: '',
              resource: '',
            },
          ]),
        );
      if (path === '/products/1/releases') return json(page('releases', data.releases));
      const phases = /^\/releases\/(\d+)\/release_phases$/.exec(path);
      if (phases) return json(page('release_phases', data.phases[phases[1] ?? ''] ?? []));
      if (path === '/products/1/initiatives') return json(page('initiatives', data.initiatives));
      if (path === '/products/1/epics') return json(page('epics', data.epics));
      return json({ error: 'Not found' }, 404);
    }),
  );
}

function renderRoadmap({ zoom = 'month', onZoomChange = () => {} }: { zoom?: Zoom; onZoomChange?: (zoom: Zoom) => void } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/w/1/roadmap']}>
        <Routes>
          <Route
            path="/w/:productId/roadmap"
            element={<RoadmapPage productId="1" zoom={zoom} onZoomChange={onZoomChange} today={TODAY} />}
          />
          <Route path="/releases/:id" element={<p>Release page</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const lane = (name: string) => screen.getByRole('region', { name });

describe('RoadmapPage', () => {
  it('says it is loading, then shows one labelled region per lane', async () => {
    stubService(dated);
    renderRoadmap();
    expect(screen.getByRole('status').textContent).toContain('Loading the roadmap');
    await screen.findByRole('region', { name: 'Releases' });
    expect(screen.getAllByRole('region').map((r) => r.getAttribute('aria-label'))).toEqual(['Releases', 'Initiatives', 'Epics']);
  });

  it('draws each dated record as a link to it, with its progress and dates', async () => {
    stubService(dated);
    renderRoadmap();
    const bar = await within(await screen.findByRole('region', { name: 'Releases' })).findByRole('link', {
      name: 'Spring launch',
    });
    expect(bar.getAttribute('href')).toBe('/releases/2');
    expect(bar.getAttribute('data-progress')).toBe('40');
    expect(bar.getAttribute('title')).toBe(
      `Spring launch, ${formatDate('2026-11-01')} – ${formatDate('2026-12-16')}, 40% done (In progress)`,
    );
    expect(bar.closest('.rm-bar')?.querySelector<HTMLElement>('.rm-bar__fill')?.style.width).toBe('40%');

    const initiatives = within(lane('Initiatives')).getAllByRole('link');
    expect(initiatives.map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('data-progress')])).toEqual([
      ['Enterprise readiness', '/initiatives/1', '12'],
      ['SSO for every plan', '/initiatives/5', '60'],
    ]);
    const epic = within(lane('Epics')).getByRole('link', { name: 'Identity and access' });
    expect(epic.getAttribute('href')).toBe('/epics/7');
    expect(epic.getAttribute('data-progress')).toBe('67');
  });

  it('draws phases and milestones under their release, and the today line', async () => {
    stubService(dated);
    renderRoadmap();
    const releases = await screen.findByRole('region', { name: 'Releases' });
    const phases = within(releases).getByRole('img', { name: /^Phases and milestones of Spring launch/ });
    expect(phases.getAttribute('aria-label')).toContain(`General availability (milestone), ${formatDate('2026-12-16')}`);
    expect(phases.querySelectorAll('.rm-milestone__diamond')).toHaveLength(1);
    expect(phases.querySelectorAll('.rm-phase')).toHaveLength(1);
    expect(screen.getByRole('img', { name: `Today, ${formatDate(TODAY)}` })).toBeTruthy();
  });

  it('lists records without dates instead of dropping them', async () => {
    stubService(dated);
    renderRoadmap();
    const releases = await screen.findByRole('region', { name: 'Releases' });
    expect(releases.textContent).toContain('No dates (1): Someday');
    expect(within(releases).queryByRole('link', { name: 'Someday' })).toBeNull();
    expect(within(releases).getByText('1 of 2 scheduled')).toBeTruthy();
  });

  it('opens the record when its bar is clicked', async () => {
    stubService(dated);
    renderRoadmap();
    const bar = await screen.findByRole('link', { name: 'Spring launch' });
    await userEvent.click(bar);
    expect(await screen.findByText('Release page')).toBeTruthy();
  });

  it('switches zoom through the radio group, and labels quarters at quarter zoom', async () => {
    stubService(dated);
    const onZoomChange = vi.fn();
    renderRoadmap({ zoom: 'quarter', onZoomChange });
    await screen.findByRole('region', { name: 'Releases' });
    expect(screen.getByText('Q4 2026')).toBeTruthy();
    const zoom = screen.getByRole('radiogroup', { name: 'Zoom' });
    expect(within(zoom).getByRole<HTMLInputElement>('radio', { name: 'Quarter' }).checked).toBe(true);
    await userEvent.click(within(zoom).getByRole('radio', { name: 'Month' }));
    expect(onZoomChange).toHaveBeenCalledWith('month');
  });

  it('hides a lane when it is unticked', async () => {
    stubService(dated);
    renderRoadmap();
    await screen.findByRole('region', { name: 'Epics' });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Epics' }));
    expect(screen.queryByRole('region', { name: 'Epics' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Releases' })).toBeTruthy();
  });

  it('says what to do when nothing has dates, naming what is waiting for them', async () => {
    stubService(undated);
    renderRoadmap();
    expect(await screen.findByText(EMPTY_ROADMAP_TITLE)).toBeTruthy();
    expect(screen.queryByRole('region')).toBeNull();
    expect(screen.getByText('Releases with no dates (1): Someday')).toBeTruthy();
    expect(screen.getByText('Initiatives with no dates (1): Big bet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to releases' }).getAttribute('href')).toBe('/w/1/releases');
  });

  it('shows a failing lane’s error in place and keeps the others', async () => {
    stubService(dated, ['/products/1/epics']);
    renderRoadmap();
    const epics = await screen.findByRole('region', { name: 'Epics' });
    expect(within(epics).getByRole('alert').textContent).toContain('Epics could not be loaded');
    expect(within(epics).getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(within(lane('Releases')).getByRole('link', { name: 'Spring launch' })).toBeTruthy();
  });

  it('shows one error with one retry when nothing could be loaded', async () => {
    stubService(dated, ['/products/1/']);
    renderRoadmap();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('The roadmap could not be loaded'));
    expect(screen.queryByRole('region')).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Try again' })).toHaveLength(1);
  });
});

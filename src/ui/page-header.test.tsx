// @vitest-environment jsdom
// The page header names the workspace of a `/w/:productId/…` screen once, from the products the
// frame has loaded, and its heading can take the focus from script only.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountQueries } from '../api/account';
import { PageHeader } from './page-header';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const products = {
  products: [
    {
      id: '1',
      reference_prefix: 'PLN',
      name: 'Planner Cloud',
      product_line: false,
      workspace_type: 'product_workspace',
      created_at: '2026-01-01T00:00:00Z',
      updated_at: '2026-01-01T00:00:00Z',
      url: 'http://svc.test/products/PLN',
      resource: 'http://svc.test/api/v1/products/PLN',
    },
  ],
  pagination: { total_records: 1, total_pages: 1, current_page: 1 },
};

function renderAt(path: string, header: ReactNode, loaded = true) {
  const client = new QueryClient();
  if (loaded) client.setQueryData(accountQueries.products().queryKey, products);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/w/:productId/things" element={header} />
          <Route path="/things/:id" element={header} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const eyebrow = () => document.querySelector('.page-header__eyebrow')?.textContent ?? null;

describe('PageHeader', () => {
  it('names the workspace of the route above the title', () => {
    renderAt('/w/1/things', <PageHeader title="Things" />);
    expect(eyebrow()).toBe('Planner Cloud');
    const heading = screen.getByRole('heading', { level: 1, name: 'Things' });
    expect(heading.getAttribute('tabindex')).toBe('-1');
  });

  it('says the workspace once when the screen passes its name as the eyebrow too', () => {
    renderAt('/w/1/things', <PageHeader title="Things" eyebrow="Planner Cloud" />);
    expect(eyebrow()).toBe('Planner Cloud');
  });

  it('puts the workspace before another eyebrow, takes it from a prop on record screens, or leaves it out', () => {
    renderAt('/things/7', <PageHeader title="Thing" workspace="1" eyebrow="PLN-7" />);
    expect(eyebrow()).toBe('Planner Cloud ·PLN-7');
    cleanup();
    renderAt('/w/1/things', <PageHeader title="Things" workspace={false} />);
    expect(eyebrow()).toBeNull();
    cleanup();
    renderAt('/things/7', <PageHeader title="Thing" />);
    expect(eyebrow()).toBeNull();
  });

  it('never fetches the workspaces itself', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderAt('/w/1/things', <PageHeader title="Things" />, false);
    expect(eyebrow()).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });
});

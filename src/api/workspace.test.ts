// @vitest-environment jsdom
// Where a signed-in person lands: the workspace they last used on this service, else the one with
// the most features and releases; the memory is kept per server URL.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Product } from '../contract/account';
import { clearSession, setSession } from './session';
import { getRememberedProductId, landingWorkspace, pickRichest, rememberProductId } from './workspace';

const product = (id: string, name: string): Product => ({
  id,
  reference_prefix: name.slice(0, 3).toUpperCase(),
  name,
  product_line: false,
  workspace_type: 'product_workspace',
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  url: `http://svc.test/products/${id}`,
  resource: `http://svc.test/api/v1/products/${id}`,
});
const mobile = product('2', 'Mobile App');
const cloud = product('1', 'Planner Cloud');

/** A service whose workspaces hold `totals[productId][kind]` records; counts the requests. */
function stubTotals(totals: Record<string, { features: number; releases: number }>) {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url);
      const match = /\/products\/([^/]+)\/(features|releases)\?/.exec(url);
      const total = match ? (totals[match[1] ?? '']?.[match[2] as 'features' | 'releases'] ?? 0) : 0;
      return new Response(
        JSON.stringify({ [match?.[2] ?? 'x']: [], pagination: { total_records: total, total_pages: total, current_page: 1 } }),
        { status: 200, headers: { 'Content-Type': 'application/json' } },
      );
    }),
  );
  return urls;
}

beforeEach(() => {
  localStorage.clear();
  setSession({ token: 'tok-12345678', serverUrl: '' });
});
afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
});

describe('pickRichest', () => {
  it('takes the largest, the first listed on a tie, and nothing from nothing', () => {
    expect(pickRichest([mobile, cloud], [13, 17])).toBe(cloud);
    expect(pickRichest([mobile, cloud], [5, 5])).toBe(mobile);
    expect(pickRichest([], [])).toBeNull();
  });
});

describe('landingWorkspace', () => {
  it('lands a first visit on the workspace with the most features and releases', async () => {
    const urls = stubTotals({ '2': { features: 10, releases: 3 }, '1': { features: 13, releases: 4 } });
    expect(await landingWorkspace([mobile, cloud])).toBe(cloud);
    // Two one-row pages per workspace, nothing more.
    expect(urls).toHaveLength(4);
    expect(urls.every((u) => u.includes('per_page=1'))).toBe(true);
  });

  it('lands on the remembered workspace without weighing any', async () => {
    const urls = stubTotals({ '1': { features: 99, releases: 9 } });
    rememberProductId('2');
    expect(await landingWorkspace([mobile, cloud])).toBe(mobile);
    expect(urls).toHaveLength(0);
  });

  it('weighs again when the remembered workspace is gone, and counts a failing one as empty', async () => {
    rememberProductId('7');
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url.includes('/products/2/')
          ? new Response('{"error":"boom"}', { status: 500, headers: { 'Content-Type': 'application/json' } })
          : new Response(JSON.stringify({ pagination: { total_records: 1, total_pages: 1, current_page: 1 } }), {
              status: 200,
              headers: { 'Content-Type': 'application/json' },
            }),
      ),
    );
    expect(await landingWorkspace([mobile, cloud])).toBe(cloud);
  });

  it('remembers a workspace per server URL', () => {
    rememberProductId('1');
    setSession({ token: 'tok-12345678', serverUrl: 'http://other.test' });
    expect(getRememberedProductId()).toBeNull();
    rememberProductId('5');
    expect(getRememberedProductId()).toBe('5');
    setSession({ token: 'tok-12345678', serverUrl: '' });
    expect(getRememberedProductId()).toBe('1');
  });
});

// @vitest-environment jsdom
// The app's QueryClient tells the person when the service stayed busy: a query or a write that ends
// in a 429 (after the API client has waited and retried) raises a toast with the service's reason.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client';
import { createQueryClient } from './query-client';

const busy = new ApiError(429, 'The service is busy. Rate limit exceeded: an access token may make at most 100 requests per second.');

afterEach(() => {
  vi.useRealTimers();
  document.body.replaceChildren();
});

async function toastText(): Promise<string> {
  // The toast's text comes a tick after its live region.
  await vi.advanceTimersByTimeAsync(100);
  const toast = document.querySelector('#toast-region .toast');
  return toast ? `${toast.className}: ${toast.textContent ?? ''}` : '';
}

describe('a busy service', () => {
  it('is named in a toast when a query gives up', async () => {
    vi.useFakeTimers();
    const client = createQueryClient();
    await client.fetchQuery({ queryKey: ['busy'], queryFn: () => Promise.reject(busy), retry: false }).catch(() => undefined);
    expect(await toastText()).toBe(`toast toast--problem: ${busy.message}`);
  });

  it('is named in a toast when a write gives up, and other errors raise none', async () => {
    vi.useFakeTimers();
    const client = createQueryClient();
    const run = (error: ApiError) =>
      client.getMutationCache().build(client, { mutationFn: () => Promise.reject(error) }).execute(undefined).catch(() => undefined);
    await run(new ApiError(422, 'name is required'));
    expect(await toastText()).toBe('');
    await run(busy);
    expect(await toastText()).toBe(`toast toast--problem: ${busy.message}`);
  });
});

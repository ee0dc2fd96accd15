// The historical search's client: the tokens header kept from every answer (a refusal's too), a
// refusal for tokens given back at once with its wait (not waited out like other 429s), and the
// search body in the hosted `{"search": {...}}` shape without empty filters.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './client';
import { HISTORICAL_TOKENS_HEADER as TOKENS_HEADER } from '../contract/audits';
import { createHistoricalSearch, fetchHistoricalEstimate, getHistoricalTokens, subscribeHistoricalTokens } from './audits';
import { setSession } from './session';

const calls: { url: string; init: RequestInit }[] = [];

function respond(answers: { status: number; body: unknown; headers?: Record<string, string> }[]) {
  let i = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      calls.push({ url, init });
      const a = answers[Math.min(i++, answers.length - 1)];
      if (!a) throw new Error('no answer');
      return Promise.resolve(
        new Response(JSON.stringify(a.body), { status: a.status, headers: { 'Content-Type': 'application/json', ...a.headers } }),
      );
    }),
  );
}

beforeEach(() => {
  calls.length = 0;
  setSession({ token: 'tok-12345678', serverUrl: 'http://svc.test' });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('historical audit search client', () => {
  it('keeps the tokens the last answer named, and tells who listens', async () => {
    const heard = vi.fn();
    const stop = subscribeHistoricalTokens(heard);
    respond([{ status: 200, body: { max_cost: 12, tokens_available: 480, rows_in_range: 3000 }, headers: { [TOKENS_HEADER]: '480' } }]);
    const estimate = await fetchHistoricalEstimate({
      created_since: '2025-01-01T00:00:00.000Z',
      created_before: '2025-02-01T00:00:00.000Z',
      user_id: '',
    });
    expect(estimate.max_cost).toBe(12);
    expect(getHistoricalTokens()).toBe(480);
    expect(heard).toHaveBeenCalledTimes(1);
    // Empty filters are not sent.
    expect(calls[0]?.url).toBe(
      'http://svc.test/api/v1/historical_audits/estimate?created_since=2025-01-01T00%3A00%3A00.000Z&created_before=2025-02-01T00%3A00%3A00.000Z',
    );
    stop();
  });

  it('gives a refusal for tokens back at once, with how long to wait and the tokens left', async () => {
    respond([{ status: 429, body: { error: 'Not enough tokens' }, headers: { 'Retry-After': '120', [TOKENS_HEADER]: '15' } }]);
    const error = await createHistoricalSearch({ created_before: '2025-02-01T00:00:00.000Z', audit_action: 'update' }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 429, retryAfterMs: 120_000 });
    // Asked once: a 429 of another request is waited out and asked again.
    expect(calls).toHaveLength(1);
    expect(getHistoricalTokens()).toBe(15);
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({
      search: { created_before: '2025-02-01T00:00:00.000Z', audit_action: 'update' },
    });
  });
});

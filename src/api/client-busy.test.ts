// The fetch wrapper against a busy service (fake fetch, fake timers): a 429 is waited out for its
// Retry-After and asked again, writes included; a GET's 503 too but not a write's; it gives up after
// a few tries or when asked to wait too long, with "The service is busy" and the service's reason.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, BUSY_RETRIES, apiGet, apiPost, retryAfterMs } from './client';

const session = { token: 'tok-12345678', serverUrl: 'http://svc.test' };

interface Answer {
  status: number;
  body?: unknown;
  retryAfter?: string;
}

let calls: { method: string; at: number }[] = [];

/** A fetch answering from `answers` in turn (the last one repeats). */
function serve(...answers: Answer[]) {
  let i = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn((_url: string, init: RequestInit) => {
      calls.push({ method: init.method ?? 'GET', at: Date.now() });
      const a = answers[Math.min(i++, answers.length - 1)] as Answer;
      const headers: Record<string, string> = { 'Content-Type': 'application/json' };
      if (a.retryAfter !== undefined) headers['Retry-After'] = a.retryAfter;
      return Promise.resolve(new Response(a.body === undefined ? null : JSON.stringify(a.body), { status: a.status, headers }));
    }),
  );
}

const limited: Answer = { status: 429, retryAfter: '2', body: { error: 'Rate limit exceeded: an access token may make at most 100 requests per second. Retry after 2 s.' } };
const ok: Answer = { status: 200, body: { ok: true } };
const okSchema = z.object({ ok: z.boolean() });

beforeEach(() => {
  calls = [];
  vi.useFakeTimers({ now: 1_000_000 });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('a busy service', () => {
  it('waits out Retry-After on a 429 and asks again', async () => {
    serve(limited, limited, ok);
    const result = apiGet('/features', okSchema, undefined, { session });
    await vi.runAllTimersAsync();
    await expect(result).resolves.toEqual({ ok: true });
    expect(calls.map((c) => c.at - 1_000_000)).toEqual([0, 2000, 4000]);
  });

  it('sends a write again after a 429, which says nothing was done', async () => {
    serve(limited, ok);
    const result = apiPost('/releases', { release: { name: 'R' } }, okSchema, { session });
    await vi.runAllTimersAsync();
    await expect(result).resolves.toEqual({ ok: true });
    expect(calls.map((c) => c.method)).toEqual(['POST', 'POST']);
  });

  it('asks a GET again after a 503 with Retry-After, but never a write', async () => {
    const unavailable: Answer = { status: 503, retryAfter: '1', body: { error: 'Down for a moment' } };
    serve(unavailable, ok);
    const read = apiGet('/me', okSchema, undefined, { session });
    await vi.runAllTimersAsync();
    await expect(read).resolves.toEqual({ ok: true });

    calls = [];
    serve(unavailable, ok);
    const write = apiPost('/releases', {}, okSchema, { session }).catch((e: unknown) => e);
    await vi.runAllTimersAsync();
    expect(await write).toMatchObject({ status: 503, message: 'Down for a moment' });
    expect(calls).toHaveLength(1);
  });

  it('gives up after a few tries and says the service is busy, with its reason', async () => {
    serve(limited);
    const result = apiGet('/features', okSchema, undefined, { session }).catch((e: unknown) => e);
    await vi.runAllTimersAsync();
    const error = await result;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 429 });
    expect((error as ApiError).message).toBe(
      'The service is busy. Rate limit exceeded: an access token may make at most 100 requests per second. Retry after 2 s.',
    );
    expect(calls).toHaveLength(BUSY_RETRIES + 1);
  });

  it('waits 10 s at most in all', async () => {
    serve({ ...limited, retryAfter: '6' });
    const result = apiGet('/features', okSchema, undefined, { session }).catch((e: unknown) => e);
    await vi.runAllTimersAsync();
    expect(await result).toMatchObject({ status: 429 });
    expect(calls.map((c) => c.at - 1_000_000)).toEqual([0, 6000]);
  });

  it('gives up at once when asked to wait longer than it would, and without a reason says when to try', async () => {
    serve({ status: 429, retryAfter: '60' });
    const result = apiGet('/features', okSchema, undefined, { session }).catch((e: unknown) => e);
    await vi.runAllTimersAsync();
    expect(await result).toMatchObject({ status: 429, message: 'The service is busy: try again in 60 s.' });
    expect(calls).toHaveLength(1);
  });

  it('stops waiting when the request is cancelled', async () => {
    serve(limited, ok);
    const controller = new AbortController();
    const result = apiGet('/features', okSchema, undefined, { session, signal: controller.signal }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(500);
    controller.abort();
    const error = await result;
    expect(error).toBeInstanceOf(DOMException);
    expect((error as DOMException).name).toBe('AbortError');
    expect(calls).toHaveLength(1);
  });
});

describe('retryAfterMs', () => {
  it('reads seconds and HTTP dates, and falls back to a second', () => {
    expect(retryAfterMs('3')).toBe(3000);
    expect(retryAfterMs(new Date(1_005_000).toUTCString(), 1_000_000)).toBe(5000);
    expect(retryAfterMs(null)).toBe(1000);
    expect(retryAfterMs('soon')).toBe(1000);
  });
});

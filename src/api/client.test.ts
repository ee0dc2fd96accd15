// The fetch wrapper's promises: bearer auth and JSON, parse at the boundary, one error type.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, apiDelete, apiGet, apiPost, buildQuery } from './client';

const calls: { url: string; init: RequestInit }[] = [];
function respond(status: number, body?: unknown, headers: Record<string, string> = {}) {
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      calls.push({ url, init });
      return Promise.resolve(
        new Response(body === undefined ? null : JSON.stringify(body), {
          status,
          headers: { 'Content-Type': 'application/json', ...headers },
        }),
      );
    }),
  );
}

const session = { token: 'tok-12345678', serverUrl: 'http://svc.test' };

beforeEach(() => {
  calls.length = 0;
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('buildQuery', () => {
  it('drops empty values, repeats arrays and nests objects', () => {
    expect(buildQuery({ page: 2, q: '', tag: undefined, ids: ['1', '2'], custom_fields: { size: 'L' } })).toBe(
      '?page=2&ids=1&ids=2&custom_fields%5Bsize%5D=L',
    );
    expect(buildQuery({})).toBe('');
  });
});

describe('api calls', () => {
  it('sends the bearer token and JSON, and parses the response with the schema', async () => {
    respond(200, { release: { id: '5' } });
    const result = await apiPost('/releases', { release: { name: 'R' } }, z.object({ release: z.object({ id: z.string() }) }), {
      session,
    });
    expect(result.release.id).toBe('5');
    const call = calls[0];
    expect(call?.url).toBe('http://svc.test/api/v1/releases');
    const headers = new Headers(call?.init.headers);
    expect(headers.get('Authorization')).toBe('Bearer tok-12345678');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(headers.get('Accept')).toBe('application/json');
    expect(call?.init.body).toBe('{"release":{"name":"R"}}');
  });

  it('turns the error body into an ApiError with field errors', async () => {
    respond(422, { error: 'name can\'t be blank', errors: { name: ["can't be blank"] } });
    const error = await apiPost('/x', {}, z.unknown(), { session }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, message: "name can't be blank", fieldErrors: { name: ["can't be blank"] } });
  });

  it('reports a response outside the contract as an error, not as data', async () => {
    respond(200, { release: { id: 5 } });
    const error = await apiGet('/r', z.object({ release: z.object({ id: z.string() }) }), undefined, { session }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'contract' });
  });

  it('resolves a 204 delete and maps network failures to status 0', async () => {
    respond(204);
    await expect(apiDelete('/release_phases/3', { session })).resolves.toEqual({ deletionId: null });
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(apiGet('/me', z.unknown(), undefined, { session })).rejects.toMatchObject({ status: 0, kind: 'network' });
  });

  it("hands a delete's recycle-bin deletion to the caller, and nothing for a header that is not an id", async () => {
    respond(204, undefined, { 'X-Deletion-Id': '41' });
    await expect(apiDelete('/epics/PLN-E-3', { session })).resolves.toEqual({ deletionId: '41' });
    respond(204, undefined, { 'X-Deletion-Id': 'drop table' });
    await expect(apiDelete('/epics/PLN-E-3', { session })).resolves.toEqual({ deletionId: null });
  });
});

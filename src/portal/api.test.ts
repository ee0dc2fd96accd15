// @vitest-environment jsdom
// The portal's fetch wrapper: same-origin credentials, JSON, every answer parsed by its schema, the
// CSRF header on every write and never on a read, a 422's messages by field, a 429's wait in words
// from Retry-After, and a 401 sending the person to the sign-in screen with a way back.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { portalIdeaEnvelope, portalVoteResultSchema } from '../contract/portal-site';
import { PortalApiError, request, retryMessage } from './api';
import { getSession } from './store';
import { fakeApi, idea, startAt, summary, viewer } from './test/fake-api';

beforeEach(() => startAt('/ideas/12'));
afterEach(() => vi.unstubAllGlobals());

describe('request', () => {
  it('reads JSON with the session cookie and no CSRF header, parsed by the schema', async () => {
    const api = fakeApi({ 'GET /ideas/12': { body: { idea: idea() } } });
    const answer = await request('/ideas/12', portalIdeaEnvelope);
    expect(answer.idea.reference_num).toBe('PLN-I-12');
    const [call] = api.calls;
    expect(call?.credentials).toBe('same-origin');
    expect(call?.headers.get('Accept')).toBe('application/json');
    expect(call?.headers.has('X-CSRF-Token')).toBe(false);
  });

  it("sends the session's CSRF token with every write", async () => {
    const api = fakeApi({
      'POST /ideas/12/vote': { body: { idea: summary({ votes: 8, my_votes: 1 }), viewer: viewer({ votes_held: 3 }) } },
      'DELETE /ideas/12/vote': { body: { idea: summary(), viewer: viewer() } },
      'PUT /ideas/12/subscription': { body: { subscribed: true } },
      'POST /notifications/read': { status: 204 },
    });
    await request('/ideas/12/vote', portalVoteResultSchema, { method: 'POST', json: { value: 1 } });
    await request('/ideas/12/vote', portalVoteResultSchema, { method: 'DELETE' });
    await request('/ideas/12/subscription', z.object({ subscribed: z.boolean() }), { method: 'PUT' });
    expect(await request('/notifications/read', null, { method: 'POST', json: {} })).toBeUndefined();
    expect(api.calls.map((c) => c.headers.get('X-CSRF-Token'))).toEqual(['csrf-123', 'csrf-123', 'csrf-123', 'csrf-123']);
    expect(api.calls[0]?.headers.get('Content-Type')).toBe('application/json');
    expect(api.calls[0]?.body).toEqual({ value: 1 });
  });

  it("gives a 422's messages by field", async () => {
    fakeApi({
      'POST /ideas': {
        status: 422,
        body: { error: "name can't be blank", errors: { name: ["can't be blank"], description: ['is too long'] } },
      },
    });
    const err = await request('/ideas', portalIdeaEnvelope, { method: 'POST', json: { name: '' } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PortalApiError);
    expect((err as PortalApiError).status).toBe(422);
    expect((err as PortalApiError).message).toBe("name can't be blank");
    expect((err as PortalApiError).fieldErrors).toEqual({ name: ["can't be blank"], description: ['is too long'] });
  });

  it('turns a 429 into the wait from Retry-After', async () => {
    fakeApi({
      'POST /ideas/12/vote': { status: 429, body: { error: 'Too many votes. Retry after 42 s.' }, headers: { 'Retry-After': '42' } },
    });
    const err = (await request('/ideas/12/vote', portalVoteResultSchema, { method: 'POST' }).catch((e: unknown) => e)) as PortalApiError;
    expect(err.status).toBe(429);
    expect(err.retryAfter).toBe(42);
    expect(err.message).toBe('Too many tries; try again in 42 seconds.');
    expect(retryMessage(1)).toBe('Too many tries; try again in 1 second.');
    expect(retryMessage(null)).toBe('Too many tries; try again in a moment.');
  });

  it('sends a 401 to the sign-in screen with the way back, and forgets the viewer', async () => {
    fakeApi({ 'GET /ideas/12': { status: 401, body: { error: 'Sign in first' } } });
    const err = (await request('/ideas/12', portalIdeaEnvelope).catch((e: unknown) => e)) as PortalApiError;
    expect(err.status).toBe(401);
    expect(window.location.pathname).toBe('/portal/demo/sign-in');
    expect(new URLSearchParams(window.location.search).get('return')).toBe('/ideas/12');
    expect(getSession().viewer).toBeNull();
  });

  it('leaves a 401 to a caller that handles it (the sign-in link)', async () => {
    fakeApi({ 'POST /session': { status: 401, body: { error: 'This sign-in link has expired' } } });
    const err = (await request('/session', null, { method: 'POST', json: { token: 'x' }, own401: true }).catch(
      (e: unknown) => e,
    )) as PortalApiError;
    expect(err.message).toBe('This sign-in link has expired');
    expect(window.location.pathname).toBe('/portal/demo/ideas/12');
  });

  it('refuses an answer that does not match the contract, and says when the service is unreachable', async () => {
    fakeApi({ 'GET /ideas/12': { body: { idea: { id: 12 } } } });
    await expect(request('/ideas/12', portalIdeaEnvelope)).rejects.toThrow(/cannot read/);
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(request('/ideas/12', portalIdeaEnvelope)).rejects.toMatchObject({
      status: 0,
      message: expect.stringMatching(/Could not reach/),
    });
  });
});

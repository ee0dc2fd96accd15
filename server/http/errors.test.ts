// The one error mapping (errors.ts): failures that are not the client's fault and not a crash
// answer with their own status, never a bare 500.
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { errorResponse } from './errors';

const failing = (err: Error): Hono => {
  const app = new Hono();
  app.onError((e, c) => errorResponse(c, e));
  app.get('/', () => {
    throw err;
  });
  return app;
};

const sqliteError = (code: string): Error => Object.assign(new Error(code), { code });

describe('store failures', () => {
  it('a database still locked after the busy timeout is a 503 to retry, not a 500', async () => {
    const res = await failing(sqliteError('SQLITE_BUSY')).request('/');
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('1');
    expect(await res.json()).toEqual({ error: expect.stringMatching(/busy/) });
    expect((await failing(sqliteError('SQLITE_BUSY_SNAPSHOT')).request('/')).status).toBe(503);
  });

  it('a constraint failure is a 409', async () => {
    expect((await failing(sqliteError('SQLITE_CONSTRAINT_FOREIGNKEY')).request('/')).status).toBe(409);
  });
});

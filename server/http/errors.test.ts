// The one error mapping (errors.ts): failures that are not the client's fault and not a crash
// answer with their own status, never a bare 500.
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { DatabaseUnavailable } from '../store/db-errors';
import { connectionLost } from '../store/postgres-driver';
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

  it('a database out of reach is a 503 to retry; a change whose COMMIT went unanswered says it may have been saved', async () => {
    const away = await failing(new DatabaseUnavailable('The database cannot be reached', false)).request('/');
    expect(away.status).toBe(503);
    expect(away.headers.get('retry-after')).toBe('1');
    expect(await away.json()).toEqual({ error: 'The database is unavailable; try again in a moment' });
    const unknown = await failing(new DatabaseUnavailable('lost during COMMIT', true)).request('/');
    expect(unknown.status).toBe(503);
    expect(unknown.headers.get('retry-after')).toBe('1');
    expect(await unknown.json()).toEqual({ error: expect.stringMatching(/may have been saved/) });
  });
});

describe('a lost PostgreSQL connection (postgres-driver.ts)', () => {
  const serverError = (severity: string, code: string): Error =>
    Object.assign(new pg.DatabaseError('terminating connection due to administrator command', 0, 'error'), { severity, code });

  it('is told from an error of the statement, which leaves the connection usable', () => {
    expect(connectionLost(serverError('FATAL', '57P01'))).toBe(true);
    expect(connectionLost(serverError('ERROR', '08006'))).toBe(true);
    expect(connectionLost(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(connectionLost(new Error('Client has encountered a connection error and is not queryable'))).toBe(true);
    expect(connectionLost(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }))).toBe(true);
    expect(connectionLost(serverError('ERROR', '55P03'))).toBe(false);
    expect(connectionLost(serverError('ERROR', '23505'))).toBe(false);
    expect(connectionLost(new Error('something else'))).toBe(false);
  });
});

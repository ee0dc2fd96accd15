// Shared pieces of the API tests: unique names, the one 422 check, "a 200 parsed with the contract"
// and the record makers every kind's tests start from (a release, feature, epic, initiative, goal
// with a unique name and the body's other fields), so each test file states only what it tests.
import { expect } from 'vitest';
import type { z } from 'zod';
import { errorBodySchema } from '../../src/contract/common';
import { epicEnvelope } from '../../src/contract/epics';
import type { Epic } from '../../src/contract/epics';
import { featureEnvelope } from '../../src/contract/features';
import type { Feature } from '../../src/contract/features';
import { goalEnvelope, initiativeEnvelope } from '../../src/contract/initiatives';
import type { Goal, Initiative } from '../../src/contract/initiatives';
import { releaseEnvelope } from '../../src/contract/releases';
import type { Release } from '../../src/contract/releases';
import type { Database } from '../store/schema';
import type { TestResponse, TestService } from './harness';

export const JSON_TYPE = 'application/json; charset=utf-8';

let counter = 0;
/** A name no other record of this test file has. */
export const uniqueName = (base: string): string => `${base} ${++counter}`;

type Body = Record<string, unknown>;

/** A 422 in the one error shape whose `errors` name each given field. */
export function expect422(res: TestResponse, ...fields: string[]): Record<string, string[]> {
  expect(res.status, res.text).toBe(422);
  const body = errorBodySchema.parse(res.body);
  const errors = body.errors ?? {};
  for (const f of fields) expect(Object.keys(errors), res.text).toContain(f);
  return errors;
}

/** A 400 of a bad query value in the one error shape whose `errors` name each given parameter. */
export function expect400(res: TestResponse, ...params: string[]): Record<string, string[]> {
  expect(res.status, res.text).toBe(400);
  const errors = errorBodySchema.parse(res.body).errors ?? {};
  for (const p of params) expect(Object.keys(errors), res.text).toContain(p);
  return errors;
}

/** As `expect422`, sent as JSON, and the message starts with one of the fields. */
export function expectFields(res: TestResponse, ...fields: string[]): Record<string, string[]> {
  const errors = expect422(res, ...fields);
  expect(res.headers.get('content-type')).toBe(JSON_TYPE);
  const { error } = errorBodySchema.parse(res.body);
  expect(
    fields.some((f) => error.startsWith(`${f} `)),
    res.text,
  ).toBe(true);
  return errors;
}

/** As `expectFields`, and the 422 names no other field. */
export function expectOnlyFields(res: TestResponse, ...fields: string[]): Record<string, string[]> {
  const errors = expectFields(res, ...fields);
  expect(Object.keys(errors).sort()).toEqual([...fields].sort());
  return errors;
}

/** A 200 whose body is what `schema` says. */
export function expectOk<S extends z.ZodType>(res: TestResponse, schema: S): z.output<S> {
  expect(res.status, res.text).toBe(200);
  return schema.parse(res.body);
}

/** GET `path`, expecting a 200 that `schema` reads. */
export const getOk = async <S extends z.ZodType>(t: TestService, path: string, schema: S): Promise<z.output<S>> =>
  expectOk(await t.get(path), schema);

export const makeRelease = async (t: TestService, release: Body = {}, product = 'PLN'): Promise<Release> =>
  expectOk(
    await t.request('POST', `/products/${product}/releases`, { release: { name: uniqueName('Release'), ...release } }),
    releaseEnvelope,
  ).release;

export const makeFeature = async (t: TestService, release: string, feature: Body = {}): Promise<Feature> =>
  expectOk(
    await t.request('POST', `/releases/${release}/features`, { feature: { name: uniqueName('Feature'), ...feature } }),
    featureEnvelope,
  ).feature;

export const makeEpic = async (t: TestService, release: string, epic: Body = {}): Promise<Epic> =>
  expectOk(await t.request('POST', `/releases/${release}/epics`, { epic: { name: uniqueName('Epic'), ...epic } }), epicEnvelope).epic;

/** An initiative "On track" unless the body names another status. */
export const makeInitiative = async (t: TestService, initiative: Body = {}, product = 'PLN'): Promise<Initiative> =>
  expectOk(
    await t.request('POST', `/products/${product}/initiatives`, {
      initiative: { name: uniqueName('Initiative'), workflow_status: { name: 'On track' }, ...initiative },
    }),
    initiativeEnvelope,
  ).initiative;

export const makeGoal = async (t: TestService, goal: Body = {}, product = 'PLN'): Promise<Goal> =>
  expectOk(await t.request('POST', `/products/${product}/goals`, { goal: { name: uniqueName('Goal'), ...goal } }), goalEnvelope).goal;

/** The members of a release list item by default (as hosted): the compact ones, its owner and workspace; sorted. */
export const RELEASE_LIST_MEMBERS = [
  'created_at',
  'id',
  'integration_fields',
  'name',
  'owner',
  'parking_lot',
  'product_id',
  'project',
  'reference_num',
  'release_date',
  'resource',
  'start_date',
  'url',
];

/** A record's audit rows, oldest first. */
export const auditRows = (t: TestService, type: string, id: string) =>
  t.service.store.db
    .selectFrom('audits')
    .selectAll()
    .where('auditable_type', '=', type)
    .where('auditable_id', '=', Number(id))
    .orderBy('id')
    .execute();

/** A record's newest audit row; throws when it has none. */
export async function lastAudit(t: TestService, type: string, id: string) {
  const row = (await auditRows(t, type, id)).at(-1);
  if (!row) throw new Error(`no audit row of ${type} ${id}`);
  return row;
}

/** The recycle-bin row a deletion of the record wrote; throws when there is none. */
export const deletionOf = (t: TestService, type: string, id: string) =>
  t.service.store.db
    .selectFrom('deletions')
    .selectAll()
    .where('record_type', '=', type)
    .where('record_id', '=', Number(id))
    .executeTakeFirstOrThrow();

/** How many rows a table holds. */
export async function rowCount(t: TestService, table: keyof Database): Promise<number> {
  const row = await t.service.store.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The row counts of tables, by table: what a refused write must leave as it was. */
export async function rowCounts<T extends keyof Database>(t: TestService, tables: readonly T[]): Promise<Record<T, number>> {
  const counts = await Promise.all(tables.map(async (table) => [table, await rowCount(t, table)] as const));
  return Object.fromEntries(counts) as Record<T, number>;
}

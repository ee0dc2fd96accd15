// The API document and the record pipeline: GET /api/v1/openapi.json is a valid OpenAPI 3.1
// document naming every operation the app registers (walking both the route table and the Hono
// app), and the one body reader answers malformed, non-object and multipart bodies as documented.
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../src/contract/common';
import { apiRoutes } from './api-routes';
import { createApp } from './app';
import { siteFor } from './http/hosts';
import { honoPath } from './http/route-table';
import { apiClient } from './test/client';
import type { ApiClient } from './test/client';
import { startTestService } from './test/harness';
import { checkAnswer } from './test/openapi-check';
import type { TestService } from './test/harness';
import { checkedFetch } from './test/openapi-check';

let t: TestService;
let api: ApiClient;
let doc: { openapi: string; paths: Record<string, Record<string, { operationId?: string; security?: unknown[] }>> } & Record<
  string,
  unknown
>;

beforeAll(async () => {
  t = await startTestService();
  api = apiClient(t);
  const res = await api.call('GET /openapi.json', { token: null });
  expect(res.status, res.text).toBe(200);
  doc = res.data() as typeof doc;
});

afterAll(async () => {
  await t.close();
});

const METHODS = ['get', 'post', 'put', 'delete', 'patch'] as const;
const operations = () =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    METHODS.filter((m) => item[m] !== undefined).map((m) => ({ path, method: m, op: item[m] })),
  );

describe('GET /api/v1/openapi.json', () => {
  it('is served without a token as JSON, for this server', async () => {
    const res = await t.request('GET', '/openapi.json', undefined, { token: null });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers).toEqual([{ url: `${t.url}/api/v1`, description: expect.any(String) }]);
    expect(doc.security).toEqual([{ BearerAuth: [] }]);
    expect(doc.paths['/openapi.json']?.get?.security).toEqual([]);
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc));
    expect(result.errors ?? [], JSON.stringify(result.errors ?? []).slice(0, 2000)).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('names every row of the route table once, with a unique operation id', () => {
    const ops = operations();
    expect(ops.length).toBe(apiRoutes.length);
    expect(ops.length).toBeGreaterThanOrEqual(59);
    for (const row of apiRoutes) {
      expect(doc.paths[row.path]?.[row.method]?.operationId, `${row.method} ${row.path}`).toBe(row.op);
    }
    const ids = ops.map((o) => o.op?.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('names every route the app registers under /api/v1', () => {
    const site = siteFor({ host: '127.0.0.1', port: t.service.port });
    const app = createApp({ store: t.service.store, maxBodyBytes: 1024, corsOrigins: [], site });
    const registered = app.routes
      .filter((r) => r.path.startsWith('/api/v1/') && !r.path.endsWith('*') && r.method !== 'ALL')
      .map((r) => `${r.method.toLowerCase()} ${r.path.slice('/api/v1'.length)}`);
    expect(registered.length).toBeGreaterThanOrEqual(apiRoutes.length);
    const documented = new Set(operations().map((o) => `${o.method} ${honoPath(o.path)}`));
    for (const route of registered) expect(documented, route).toContain(route);
  });

  it('describes a record write: path and query parameters, the body, the answer and its errors', () => {
    const put = doc.paths['/features/{id}']?.put as unknown as {
      parameters: { name: string; in: string; required: boolean }[];
      requestBody: {
        content: { 'application/json': { schema: { properties: Record<string, { properties?: Record<string, unknown> }> } } };
      };
      responses: Record<string, unknown>;
    };
    expect(put.parameters).toContainEqual(expect.objectContaining({ name: 'id', in: 'path', required: true }));
    const body = put.requestBody.content['application/json'].schema;
    expect(Object.keys(body.properties.feature?.properties ?? {})).toEqual(expect.arrayContaining(['name', 'progress', 'watchers']));
    expect(Object.keys(put.responses)).toEqual(expect.arrayContaining(['200', '401', '404', '422']));
    const list = doc.paths['/features']?.get as unknown as { parameters: { name: string; in: string }[] };
    expect(list.parameters.map((p) => p.name)).toEqual(
      expect.arrayContaining(['page', 'per_page', 'fields', 'updated_since', 'q', 'tag', 'assigned_to_user', 'workflow_status']),
    );
    const epics = doc.paths['/epics']?.get as unknown as { parameters: { name: string; style?: string }[] };
    expect(epics.parameters).toContainEqual(expect.objectContaining({ name: 'custom_fields', style: 'deepObject' }));
  });
});

describe('the document as the contract of the suite (test/openapi-check.ts)', () => {
  const answer = (status: number, body: unknown, headers: Record<string, string> = {}) => ({
    status,
    headers: new Headers({ 'content-type': 'application/json; charset=utf-8', ...headers }),
    body,
    text: JSON.stringify(body),
  });

  it('fails an answer whose status, body or Planner header the operation does not document', async () => {
    await expect(checkAnswer(t.url, 'GET', '/api/v1/features', answer(418, { error: 'x' }))).rejects.toThrow(
      /features_list \(GET \/features\) answered 418, which the document does not list/,
    );
    await expect(checkAnswer(t.url, 'GET', '/api/v1/features/12', answer(200, { feature: { name: 'no id' } }))).rejects.toThrow(
      /features_show .* 200: body: \/feature must have required property 'id'/,
    );
    await expect(checkAnswer(t.url, 'GET', '/api/v1/goals/3', answer(404, { error: 'x' }, { 'X-Deletion-Id': '4' }))).rejects.toThrow(
      /header x-deletion-id is sent but not documented for 404/,
    );
    await expect(checkAnswer(t.url, 'GET', '/api/v1/historical_audits/estimate', answer(403, { error: 'x' }))).rejects.toThrow(
      /header X-Historical-Tokens-Available is required but missing/,
    );
  });

  it('passes an answer that fits, a sparse `fields` answer among them, and leaves other paths alone', async () => {
    await checkAnswer(t.url, 'GET', '/api/v1/features/12?fields=name', answer(200, { feature: { id: '12', name: 'x' } }));
    await checkAnswer(t.url, 'DELETE', '/api/v1/features/12', {
      status: 204,
      headers: new Headers({ 'X-Deletion-Id': '3' }),
      body: null,
      text: '',
    });
    await checkAnswer(t.url, 'GET', '/portal/demo/api/session', answer(418, 'anything'));
  });
});

describe('the record pipeline', () => {
  it('answers malformed JSON and a body that is not an object with 400', async () => {
    const bad = await api.send('POST /products/{product_id}/goals', {
      params: { product_id: 'PLN' },
      rawBody: '{"goal":',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(bad.status).toBe(400);
    expect(errorBodySchema.parse(bad.body).error).toMatch(/Malformed JSON/);
    const list = await api.send('POST /products/{product_id}/goals', { params: { product_id: 'PLN' }, body: [{ goal: { name: 'x' } }] });
    expect(list.status).toBe(400);
    expect(errorBodySchema.parse(list.body).error).toMatch(/must be a JSON object/);
  });

  it('reads multipart/form-data bodies into the same envelope', async () => {
    const form = new FormData();
    form.append('goal[name]', 'Goal from a form');
    form.append('goal[color]', '#4f7cac');
    const res = await checkedFetch(`${t.url}/api/v1/products/PLN/goals`, {
      method: 'POST',
      headers: { Authorization: 'Bearer test-admin-token-0123456789' },
      body: form,
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { goal: { name: string; color: string } };
    expect(body.goal).toMatchObject({ name: 'Goal from a form', color: '#4f7cac' });
  });

  it('answers shape and rule problems of one body together in one 422, for every kind', async () => {
    const feature = (await api.call('GET /features', { query: { per_page: 1 } })).data().features[0];
    expect(feature).toBeDefined();
    const res = await api.send('PUT /features/{id}', {
      params: { id: feature?.id ?? '' },
      body: { feature: { progress: 'most', workflow_status: { name: 'No such status' }, start_date: 'soon' } },
    });
    expect(res.status, res.text).toBe(422);
    expect(Object.keys(errorBodySchema.parse(res.body).errors ?? {}).sort()).toEqual(['progress', 'start_date', 'workflow_status']);
  });

  it('checks every answer it documents: a show parses with its response schema', async () => {
    const list = (await api.call('GET /products/{product_id}/goals', { params: { product_id: 'PLN' }, query: { fields: '*' } })).data();
    const first = list.goals[0];
    expect(first?.id).toBeDefined();
    const shown = (await api.call('GET /goals/{id}', { params: { id: first?.id ?? '' } })).data();
    expect(shown.goal.id).toBe(first?.id);
  });
});

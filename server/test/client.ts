// A typed client of the API for tests, built from the route table: `api.call('PUT /features/{id}',
// { params, body, query })` takes the row's body and query types, and `res.data()` parses the answer
// with the row's response schema, so a test fails when the service and its documented shapes drift.
// `api.send` is the same call with an unchecked body, for the tests of refusals.
import type { z } from 'zod';
import { apiRoutes } from '../api-routes';
import type { ApiRoutes } from '../api-routes';
import type { PathParams } from '../http/route-table';
import { afterAll } from 'vitest';
import { startTestService } from './harness';
import type { TestResponse, TestService } from './harness';

type Row = ApiRoutes[number];
type KeyOf<R> = R extends { method: infer M extends string; path: infer P extends string } ? `${Uppercase<M>} ${P}` : never;
/** Every operation as `METHOD /path/{param}`. */
export type OpKey = KeyOf<Row>;
type RowOf<K extends OpKey> = K extends `${infer M} ${infer P}` ? Extract<Row, { method: Lowercase<M>; path: P }> : never;

type Present<T> = [NonNullable<T>] extends [never] ? never : NonNullable<T>;
type QueryIn<R> = R extends { query?: infer Q } ? (Present<Q> extends z.ZodType ? z.input<Present<Q>> : never) : never;
type BodyIn<R> = R extends { body?: infer B } ? (Present<B> extends z.ZodType ? z.input<Present<B>> : never) : never;
type ResponseOf<R> = R extends { response: infer S } ? (S extends z.ZodType ? z.output<S> : null) : never;
type ParamsOf<R> = R extends { path: infer P extends string }
  ? [PathParams<P>] extends [never]
    ? { params?: undefined }
    : { params: { [K in PathParams<P>]: string | number } }
  : never;

type QueryValue = string | number | boolean | undefined;
interface CommonArgs {
  /** The admin token unless given; null sends none. */
  token?: string | null;
  headers?: Record<string, string>;
  /** Extra query pairs beside the row's schema (e.g. `custom_fields[key]`). */
  extraQuery?: Record<string, QueryValue | QueryValue[]>;
}
export type CallArgs<K extends OpKey> = ParamsOf<RowOf<K>> &
  CommonArgs & {
    query?: [QueryIn<RowOf<K>>] extends [never] ? undefined : { [Q in keyof QueryIn<RowOf<K>>]?: QueryValue };
    body?: [BodyIn<RowOf<K>>] extends [never] ? undefined : BodyIn<RowOf<K>>;
  };
type SendArgs<K extends OpKey> = ParamsOf<RowOf<K>> & CommonArgs & { query?: Record<string, QueryValue>; body?: unknown; rawBody?: string };

export interface ApiResponse<T> extends TestResponse<unknown> {
  /** The body parsed with the operation's response schema; throws with the answer when it is not a 2xx that fits. */
  data(): T;
}

/** The arguments may be left out when none is required (no path parameters). */
type ArgList<T> = Partial<T> extends T ? [T?] : [T];

export interface ApiClient {
  call<K extends OpKey>(key: K, ...args: ArgList<CallArgs<K>>): Promise<ApiResponse<ResponseOf<RowOf<K>>>>;
  send<K extends OpKey>(key: K, ...args: ArgList<SendArgs<K>>): Promise<ApiResponse<ResponseOf<RowOf<K>>>>;
}

const rowsByKey = new Map<string, Row>(apiRoutes.map((r) => [`${r.method.toUpperCase()} ${r.path}`, r]));

function buildPath(template: string, params: Record<string, string | number> | undefined): string {
  return template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${template}`);
    return encodeURIComponent(String(value));
  });
}

function buildQuery(...parts: (Record<string, QueryValue | QueryValue[]> | undefined)[]): string {
  const search = new URLSearchParams();
  for (const part of parts) {
    for (const [name, value] of Object.entries(part ?? {})) {
      for (const v of Array.isArray(value) ? value : [value]) if (v !== undefined) search.append(name, String(v));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

export function apiClient(t: TestService): ApiClient {
  const run = async (
    key: string,
    args:
      | (CommonArgs & { params?: Record<string, string | number>; query?: Record<string, QueryValue>; body?: unknown; rawBody?: string })
      | undefined,
  ): Promise<ApiResponse<never>> => {
    const row = rowsByKey.get(key);
    if (!row) throw new Error(`No operation ${key} in the route table`);
    const path = buildPath(row.path, args?.params) + buildQuery(args?.query, args?.extraQuery);
    const init: { token?: string | null; headers?: Record<string, string>; rawBody?: string } = {};
    if (args?.token !== undefined) init.token = args.token;
    if (args?.headers) init.headers = args.headers;
    if (args?.rawBody !== undefined) init.rawBody = args.rawBody;
    const res = await t.request<unknown>(row.method.toUpperCase(), path, args?.body, init);
    return {
      ...res,
      data() {
        if (res.status < 200 || res.status >= 300) throw new Error(`${key} answered ${res.status}: ${res.text}`);
        if (row.response === null) return null as never;
        const parsed = row.response.safeParse(res.body);
        if (!parsed.success) throw new Error(`${key} answered a body its schema refuses: ${parsed.error.message}`);
        return parsed.data as never;
      },
    };
  };
  return {
    call: (key, ...args) => run(key, args[0] as Parameters<typeof run>[1]),
    send: (key, ...args) => run(key, args[0] as Parameters<typeof run>[1]),
  };
}

/**
 * The service of one test file and its client: started as the file is read (a top-level `await`, so
 * the file holds them as constants), closed after the file's tests.
 */
export async function fileService(opts?: Parameters<typeof startTestService>[0]): Promise<{ t: TestService; api: ApiClient }> {
  const t = await startTestService(opts);
  afterAll(() => t.close());
  return { t, api: apiClient(t) };
}

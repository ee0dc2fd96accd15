// The served API document as a contract the suite enforces: every answer a test receives from
// /api/v1 (through the harness's `request`, which the typed client uses too) is checked against
// `/api/v1/openapi.json` of the service that answered — the operation is found by method and path
// template, then the status must be documented, the body must fit that status's schema and the
// headers the document names must fit theirs, and a Planner header the document does not name is a
// failure too. Driven by the document alone, so a row added to the route table is checked at once.
import fs from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

type Json = Record<string, unknown>;

interface HeaderSpec {
  required?: boolean;
  schema?: Json;
}
interface ResponseSpec {
  description?: string;
  headers?: Record<string, HeaderSpec | { $ref: string }>;
  content?: Record<string, { schema?: Json }>;
}
interface OperationSpec {
  operationId?: string;
  responses?: Record<string, ResponseSpec | { $ref: string }>;
}
interface Document {
  paths: Record<string, Record<string, OperationSpec>>;
  components?: Json & { headers?: Record<string, HeaderSpec>; responses?: Record<string, ResponseSpec> };
}

/**
 * Headers of Planner's own making: an answer carrying one its operation's documented status does
 * not name fails, so a header added to the service must be added to the document.
 */
const OWN_HEADERS = [
  'retry-after',
  'x-deletion-id',
  'x-historical-tokens-available',
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
];

const DOC_ID = 'planner-openapi';

interface Operation {
  method: string;
  template: string;
  pattern: RegExp;
  spec: OperationSpec;
}

/** One served document, compiled: its operations in the document's order and a validator per schema. */
class Contract {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  private readonly operations: Operation[] = [];
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(private readonly doc: Document) {
    addFormats(this.ajv);
    // OpenAPI's own formats of strings (file bodies, passwords) say nothing JSON Schema can check.
    for (const f of ['binary', 'byte', 'password']) this.ajv.addFormat(f, true);
    this.ajv.addSchema({ $id: DOC_ID, components: doc.components ?? {} });
    for (const [template, item] of Object.entries(doc.paths)) {
      const pattern = new RegExp(`^${template.replaceAll('.', '\\.').replace(/\{[^}]+\}/g, '[^/]+')}$`);
      for (const [method, spec] of Object.entries(item)) this.operations.push({ method: method.toUpperCase(), template, pattern, spec });
    }
  }

  /**
   * The operation of a request: the first row whose template matches, as the router decides; a
   * fixed segment (`/historical_audits/estimate`) is tried before a parameter in its place.
   */
  find(method: string, path: string): Operation | undefined {
    const matching = this.operations.filter((o) => o.method === method && o.pattern.test(path));
    return matching.find((o) => !o.template.includes('{')) ?? matching.sort((a, b) => params(a.template) - params(b.template))[0];
  }

  private resolve<T>(value: T | { $ref: string }): T {
    if (value && typeof value === 'object' && '$ref' in value && typeof value.$ref === 'string') {
      const parts = value.$ref.replace(/^#\//, '').split('/');
      let at: unknown = this.doc;
      for (const p of parts) at = (at as Json)[p.replaceAll('~1', '/').replaceAll('~0', '~')];
      return at as T;
    }
    return value as T;
  }

  private validator(key: string, schema: Json): ValidateFunction {
    let v = this.compiled.get(key);
    if (!v) {
      v = this.ajv.compile(rebase(schema) as Json);
      this.compiled.set(key, v);
    }
    return v;
  }

  /** The problems of one answer, empty when it fits. */
  check(method: string, path: string, answer: { status: number; headers: Headers; body: unknown; text: string }): string[] {
    const op = this.find(method, path);
    if (!op) return [`${method} ${path} is no operation of the document`];
    const name = `${op.spec.operationId ?? '?'} (${method} ${op.template})`;
    const responses = op.spec.responses ?? {};
    const status = String(answer.status);
    const documented = responses[status] ?? responses[`${status[0]}XX`];
    if (!documented)
      return [`${name} answered ${status}, which the document does not list (it lists ${Object.keys(responses).join(', ')})`];
    const response = this.resolve(documented);
    const problems: string[] = [];
    const headers = response.headers ?? {};
    const named = new Set(Object.keys(headers).map((h) => h.toLowerCase()));
    for (const [header, ref] of Object.entries(headers)) {
      const spec = this.resolve(ref);
      const value = answer.headers.get(header);
      if (value === null) {
        if (spec.required) problems.push(`header ${header} is required but missing`);
        continue;
      }
      if (spec.schema) {
        const v = this.validator(`header ${name} ${status} ${header}`, spec.schema);
        const typed = spec.schema.type === 'integer' || spec.schema.type === 'number' ? Number(value) : value;
        if (!v(typed)) problems.push(`header ${header}: ${JSON.stringify(value)} ${formatErrors(v.errors)}`);
      }
    }
    for (const own of OWN_HEADERS) {
      if (answer.headers.has(own) && !named.has(own)) problems.push(`header ${own} is sent but not documented for ${status}`);
    }
    const content = response.content;
    const type = (answer.headers.get('content-type') ?? '').split(';')[0]?.trim() ?? '';
    if (!content) {
      if (answer.text !== '') problems.push(`a body was sent (${type}) but ${status} documents none`);
    } else {
      const media = content[type] ?? content['*/*'];
      if (!media) problems.push(`content type ${type || '(none)'} is not one of ${Object.keys(content).join(', ')}`);
      else if (media.schema && type === 'application/json') {
        const v = this.validator(`body ${name} ${status}`, media.schema);
        if (!v(answer.body)) problems.push(`body: ${formatErrors(v.errors)}`);
      }
    }
    return problems.map((p) => `${name} ${status}: ${p}`);
  }
}

const params = (template: string): number => template.split('{').length - 1;

/** The document's local references made absolute, so a schema compiled alone finds the components. */
function rebase(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rebase);
  if (value === null || typeof value !== 'object') return value;
  const out: Json = {};
  for (const [k, v] of Object.entries(value as Json)) {
    out[k] = k === '$ref' && typeof v === 'string' && v.startsWith('#/') ? `${DOC_ID}${v}` : rebase(v);
  }
  return out;
}

function formatErrors(errors: ErrorObject[] | null | undefined): string {
  return (errors ?? [])
    .slice(0, 8)
    .map(
      (e) => `${e.instancePath || '/'} ${e.message ?? ''}${e.params && Object.keys(e.params).length ? ` ${JSON.stringify(e.params)}` : ''}`,
    )
    .join('; ');
}

/** The compiled document of each service (by its URL), fetched once; one compile per distinct document. */
const contracts = new Map<string, Promise<Contract>>();
const byText = new Map<string, Contract>();

function contractOf(serviceUrl: string): Promise<Contract> {
  let found = contracts.get(serviceUrl);
  if (!found) {
    found = (async () => {
      const res = await fetch(`${serviceUrl}/api/v1/openapi.json`, { headers: { Accept: 'application/json' } });
      if (res.status !== 200) throw new Error(`GET /api/v1/openapi.json answered ${res.status}`);
      const doc = (await res.json()) as Document & { servers?: unknown };
      // Services differ only by their server URL: one compiled contract for all of them.
      const key = JSON.stringify({ ...doc, servers: undefined });
      let contract = byText.get(key);
      if (!contract) {
        contract = new Contract(doc);
        byText.set(key, contract);
      }
      return contract;
    })();
    found.catch(() => contracts.delete(serviceUrl));
    contracts.set(serviceUrl, found);
  }
  return found;
}

/** Answers that are not the API's own: paths outside /api/v1 (the app, the portal site and its API). */
const API_PREFIX = '/api/v1';

/**
 * Checks one answer of the service at `serviceUrl` against its served document; throws naming the
 * operation, the status and every problem when the answer does not fit.
 */
export async function checkAnswer(
  serviceUrl: string,
  method: string,
  pathAndQuery: string,
  answer: { status: number; headers: Headers; body: unknown; text: string },
): Promise<void> {
  const path = pathAndQuery.split('?')[0] ?? '';
  if (!path.startsWith(`${API_PREFIX}/`)) return;
  const local = path.slice(API_PREFIX.length);
  const contract = await contractOf(serviceUrl);
  // A path no row serves answers the app's 404 (`No route for …`), which no operation documents.
  if (!contract.find(method, local) && answer.status === 404) return;
  const problems = contract.check(method, local, answer);
  if (problems.length === 0) return;
  // OPENAPI_CHECK_LOG=<file>: every misfit is written there and the test goes on (a survey of the suite).
  const log = process.env.OPENAPI_CHECK_LOG;
  if (log) {
    fs.appendFileSync(
      log,
      `${JSON.stringify({ method, path: pathAndQuery, status: answer.status, problems, text: answer.text.slice(0, 300) })}\n`,
    );
    return;
  }
  throw new Error(
    `The answer does not fit the served OpenAPI document:\n  ${problems.join('\n  ')}\n  answer: ${answer.text.slice(0, 500)}`,
  );
}

/**
 * `fetch` for an API test that needs the raw answer (a multipart upload, a file-session cookie, a
 * service of its own): the answer is checked against the served document as the typed client's
 * are, and handed back unread.
 */
export async function checkedFetch(url: string, init: RequestInit = {}): Promise<Response> {
  const res = await fetch(url, init);
  const text = await res.clone().text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  const at = new URL(url);
  await checkAnswer(at.origin, init.method ?? 'GET', `${at.pathname}${at.search}`, {
    status: res.status,
    headers: res.headers,
    body,
    text,
  });
  return res;
}

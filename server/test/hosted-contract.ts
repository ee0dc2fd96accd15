// The hosted service's published OpenAPI document (../shared/reference/aha-openapi.json), read as a
// contract: which of its operations this service implements, their example requests, and a
// comparison of an answer with the example answer — every field the example has must be there,
// with the same JSON type and format (server/contract.test.ts runs it against the service).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

interface MediaType {
  example?: unknown;
}
interface HostedOperation {
  parameters?: { name?: string; in?: string }[];
  requestBody?: { content?: Record<string, MediaType> };
  responses?: Record<string, { content?: Record<string, MediaType> } | undefined>;
}
interface HostedDocument {
  paths: Record<string, Record<string, HostedOperation>>;
}

/** The project's `../shared` folder: beside the repository, as CI checks it out. */
export const SHARED_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../shared');

export function readHostedDocument(): HostedDocument {
  return JSON.parse(fs.readFileSync(path.join(SHARED_DIR, 'reference/aha-openapi.json'), 'utf8')) as HostedDocument;
}

export interface HostedOp {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** As the hosted document writes it: `/features/{id}`. */
  path: string;
  requestExample: unknown;
  /** The query parameters the document names. */
  queryNames: string[];
  /** The success status the document gives (200 or 204) and its example body, if any. */
  status: number;
  responseExample: unknown;
}

/** `/features/{id}` and `/features/{feature_id}` are one path. */
export const pathShape = (p: string): string => p.replace(/\{[^}]+\}/g, '{}');

export function hostedOperations(doc: HostedDocument): HostedOp[] {
  const ops: HostedOp[] = [];
  for (const [p, methods] of Object.entries(doc.paths)) {
    for (const [m, op] of Object.entries(methods)) {
      const method = m.toUpperCase();
      if (method !== 'GET' && method !== 'POST' && method !== 'PUT' && method !== 'DELETE') continue;
      const success = op.responses?.['200'] ? 200 : op.responses?.['204'] ? 204 : 200;
      const media = (content: Record<string, MediaType> | undefined): MediaType | undefined =>
        content ? Object.values(content)[0] : undefined;
      ops.push({
        method,
        path: p,
        requestExample: media(op.requestBody?.content)?.example,
        queryNames: (op.parameters ?? []).filter((q) => q.in === 'query' && q.name !== undefined).map((q) => q.name ?? ''),
        status: success,
        responseExample: media(op.responses?.[String(success)]?.content)?.example,
      });
    }
  }
  return ops;
}

const NUMERIC_ID = /^\d+$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/;
const URL_TEXT = /^https?:\/\//;
const isIdName = (name: string): boolean => name === 'id' || name.endsWith('_id');

/** The kind of a value: its JSON type, and for strings the format that matters (ids only by name). */
function kindOf(value: unknown, name = ''): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'string') {
    if (DATE_TIME.test(value)) return 'date-time string';
    if (DATE.test(value)) return 'date string';
    if (isIdName(name) && NUMERIC_ID.test(value)) return 'numeric-id string';
    if (URL_TEXT.test(value)) return 'URL string';
  }
  return typeof value;
}

/**
 * The example item an answer item is compared with: the first, except in lists of typed values
 * (custom fields: `{type, value}`), where the value's form depends on its type — there, the example
 * item of the same type, or without a matching one the first item less its `value`.
 */
function exampleItemFor(examples: unknown[], item: unknown): unknown {
  const first = examples[0];
  const typeOf = (v: unknown): unknown => (v && typeof v === 'object' && 'type' in v ? (v as { type: unknown }).type : undefined);
  if (typeOf(first) === undefined || !first || typeof first !== 'object' || !('value' in first)) return first;
  const same = examples.find((e) => typeOf(e) === typeOf(item));
  if (same !== undefined) return same;
  const { value: _value, ...rest } = first as Record<string, unknown>;
  return rest;
}

export interface Comparison {
  /** Fields of the example looked at (leaves and containers). */
  compared: number;
  problems: string[];
}

/**
 * Compares an answer with the example answer. Rules (docs/decisions.md, "Hosted-API fidelity"):
 * every member of an example object must be present; a value must have the example's JSON type and,
 * for strings, its format (numeric id, date, date-time, URL); `null` answers a field we have no data
 * for, except where the example has an array (then `[]`); an id the example gives as a number is
 * answered as a numeric string, as every id here (ids are never parsed into numbers); the example's
 * `null` says nothing about the type, so anything goes there. Arrays: every item of the answer is
 * compared with the example's first item.
 */
export function compareWithExample(example: unknown, actual: unknown, at = '$'): Comparison {
  const result: Comparison = { compared: 0, problems: [] };
  const walk = (ex: unknown, ac: unknown, where: string, name: string): void => {
    result.compared++;
    if (ex === undefined) return;
    if (ac === undefined) {
      result.problems.push(`${where}: missing (example: ${kindOf(ex)})`);
      return;
    }
    if (ex === null) return;
    if (ac === null) {
      if (Array.isArray(ex)) result.problems.push(`${where}: null where the example has an array`);
      return;
    }
    if (Array.isArray(ex)) {
      if (!Array.isArray(ac)) {
        result.problems.push(`${where}: ${kindOf(ac)} where the example has an array`);
        return;
      }
      if (ex.length > 0) ac.forEach((item, i) => walk(exampleItemFor(ex, item), item, `${where}[${i}]`, name));
      return;
    }
    if (typeof ex === 'object') {
      if (typeof ac !== 'object' || Array.isArray(ac)) {
        result.problems.push(`${where}: ${kindOf(ac)} where the example has an object`);
        return;
      }
      for (const [key, value] of Object.entries(ex)) walk(value, (ac as Record<string, unknown>)[key], `${where}.${key}`, key);
      return;
    }
    if (typeof ex === 'number' && isIdName(name) && typeof ac === 'string' && NUMERIC_ID.test(ac)) return;
    const exKind = kindOf(ex, name);
    const acKind = kindOf(ac, name);
    if (exKind === acKind) return;
    // A string of no particular format in the example: any string will do.
    if (exKind === 'string' && typeof ac === 'string') return;
    result.problems.push(`${where}: ${acKind} where the example has a ${exKind}`);
  };
  walk(example, actual, at, '');
  return result;
}

// The errors the store and the HTTP layer share, in words of the record, not of HTTP: a store
// module throws `StoreError` (not found, conflict, forbidden, invalid input, a malformed query) and
// the HTTP pipeline maps each kind to its status. Neither side imports the other for them.
import type { z } from 'zod';

export type StoreErrorKind = 'bad_request' | 'forbidden' | 'not_found' | 'conflict' | 'invalid';

/** An error a client caused; `errors` names the fields (request keys) and their problems. */
export class StoreError extends Error {
  constructor(
    readonly kind: StoreErrorKind,
    message: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
  }
}

/** One field's rule broken: message `"<field> <problem>"`, the problem listed under the field. */
export function fieldError(field: string, problem: string): StoreError {
  return new StoreError('invalid', `${field} ${problem}`, { [field]: [problem] });
}

/** Several fields at once (all problems of a body are reported together). */
export function fieldErrors(errors: Record<string, string[]>): StoreError {
  return new StoreError('invalid', firstMessage(errors, 'Validation failed'), errors);
}

/** A malformed query or request shape (400), naming each parameter. */
export function badRequest(errors: Record<string, string[]>, fallback = 'Invalid request'): StoreError {
  return new StoreError('bad_request', firstMessage(errors, fallback), errors);
}

export function notFound(kind: string, id: string): StoreError {
  return new StoreError('not_found', `${kind} ${id} not found`);
}

function firstMessage(errors: Record<string, string[]>, fallback: string): string {
  const first = Object.entries(errors)[0];
  return first ? `${first[0]} ${first[1][0] ?? 'is invalid'}` : fallback;
}

/** Collects field problems while a write is checked, then throws them together. */
export class FieldProblems {
  private readonly map: Record<string, string[]> = {};
  add(field: string, problem: string): void {
    (this.map[field] ??= []).push(problem);
  }
  get empty(): boolean {
    return Object.keys(this.map).length === 0;
  }
  throwIfAny(): void {
    if (!this.empty) throw fieldErrors(this.map);
  }
}

/**
 * Field problems found while a body was read, and the fields its shape check already flagged, so
 * the store adds its rule problems without repeating one about a field it never received.
 */
export interface Checked {
  problems: FieldProblems;
  flagged: ReadonlySet<string>;
}

export interface Paging {
  page: number;
  perPage: number;
  offset: number;
}

export const now = (): string => new Date().toISOString();

/** Turns zod issues into field messages a person can act on. `strip` drops the envelope key. */
export function zodProblems(error: z.core.$ZodError, strip = 1): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const path = issue.path.slice(strip).map(String);
    const field = path.length ? path.join('.') : String(issue.path[0] ?? 'body');
    (out[field] ??= []).push(describeIssue(issue));
  }
  return out;
}

function describeIssue(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type': {
      // zod keeps `input` only when asked (reportInput); its message names what was received.
      const missing = 'input' in issue ? issue.input === undefined : /received undefined/.test(issue.message);
      return missing ? "can't be blank" : `must be ${article(issue.expected)}`;
    }
    case 'too_big':
      return issue.origin === 'string'
        ? `is too long (at most ${String(issue.maximum)} characters)`
        : issue.origin === 'array'
          ? `has too many items (at most ${String(issue.maximum)})`
          : issue.message.startsWith('must')
            ? issue.message
            : `must be at most ${String(issue.maximum)}`;
    case 'too_small':
      return issue.origin === 'string' && Number(issue.minimum) === 1
        ? "can't be blank"
        : issue.message.startsWith('must') || issue.message.startsWith("can't")
          ? issue.message
          : `must be at least ${String(issue.minimum)}`;
    case 'invalid_value':
      if ('input' in issue && issue.input === undefined) return "can't be blank";
      return `must be one of: ${issue.values.map(String).join(', ')}`;
    case 'invalid_union':
      // A union that names its accepted forms says so (contract/common.ts); zod's default does not.
      return issue.message.startsWith('must') ? issue.message : 'has the wrong type';
    default:
      return issue.message;
  }
}

function article(expected: string): string {
  if (expected === 'object') return 'an object';
  if (expected === 'array') return 'an array';
  if (expected === 'int') return 'an integer';
  return `a ${expected}`;
}

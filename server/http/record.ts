// The one record reader: a write body is `{ "<kind>": {...}, "fields"?: "..." }`, described by the
// contract's envelope schema. Shape problems are collected per top-level field (not thrown) and the
// fields that passed are handed on, so the store adds its rule problems and answers every problem
// of the body in one 422.
import type { Context } from 'hono';
import { z } from 'zod';
import { fieldsParamSchema } from '../../src/contract/common';
import { FieldProblems, fieldError, zodProblems } from '../problems';
import type { Checked } from '../problems';
import { readObjectBody } from './body';

/** A contract body envelope: one record key (an object schema) and an optional `fields`. */
export type RecordEnvelope = z.ZodObject;

type ShapeOf<B> = B extends z.ZodObject<infer S> ? S : never;
/** The envelope's record key (`feature`, `release_phase`, …). */
export type RecordKey<B> = Exclude<keyof ShapeOf<B> & string, 'fields'>;
/** The record's output type; fields that failed their shape check are missing, hence Partial. */
export type RecordData<B> = Partial<z.output<ShapeOf<B>[RecordKey<B>]>>;

export interface RecordBody<T> extends Checked {
  data: Partial<T>;
  fields: string | undefined;
}

/**
 * Finds the record key and schema of an envelope; a table row with any other shape is a bug. A body
 * whose one member besides `fields` is not an object is read at the top level (`topLevel`: the
 * hosted `{"idea_portal_ids": [...]}`): its members are the fields, each checked on its own.
 */
export function envelopeParts(envelope: RecordEnvelope): { key: string; schema: z.ZodObject; hasFields: boolean; topLevel: boolean } {
  const entries = Object.entries(envelope.shape).filter(([k]) => k !== 'fields');
  const [first] = entries;
  const hasFields = 'fields' in envelope.shape;
  if (entries.length === 1 && first && first[1] instanceof z.ZodObject)
    return { key: first[0], schema: first[1], hasFields, topLevel: false };
  if (entries.length === 0) throw new Error('A record body envelope has a record key or top-level fields');
  return { key: '', schema: hasFields ? envelope.omit({ fields: true }) : envelope, hasFields, topLevel: true };
}

/**
 * The read-only fields of a row: what its answer (`{ "<key>": record }`) carries that its body's
 * record does not take — `id`, `reference_num`, `created_at`, `url`, `total_capacity`, a release's
 * `position`, a phase's `type`, counts… Derived from the contract, so a new kind gets the rule too.
 */
export function readOnlyFields(envelope: RecordEnvelope, answer: z.ZodType | null | undefined): ReadonlySet<string> {
  const { schema } = envelopeParts(envelope);
  const inner = answer instanceof z.ZodObject ? Object.values(answer.shape) : [];
  const record = inner.length === 1 && inner[0] instanceof z.ZodObject ? inner[0] : null;
  return new Set(record ? Object.keys(record.shape).filter((k) => !(k in schema.shape)) : []);
}

/**
 * Body fields whose shape problems are named by the member they are in: a custom field's value is a
 * field of the form of its own (`custom_fields.risk`), where the store names the problems it finds
 * too, so a form puts every message on the input it is about.
 */
const MEMBER_NAMED: ReadonlySet<string> = new Set(['custom_fields']);

/**
 * Reads a row's body. A field in `readOnly` (`readOnlyFields` of the row) is a 422 "is read-only"
 * whatever its value, reported with the body's other problems; members neither taken nor answered
 * are ignored, as the hosted service does.
 */
export async function readRecord<B extends RecordEnvelope>(
  c: Context,
  envelope: B,
  readOnly: ReadonlySet<string> = new Set(),
): Promise<RecordBody<z.output<ShapeOf<B>[RecordKey<B>]>>> {
  const { key, schema, hasFields, topLevel } = envelopeParts(envelope);
  const raw = await readObjectBody(c);
  const record = topLevel ? Object.fromEntries(Object.entries(raw).filter(([k]) => k !== 'fields')) : raw[key];
  if (record === undefined || record === null) throw fieldError(key, "can't be blank");
  if (typeof record !== 'object' || Array.isArray(record)) throw fieldError(key, 'must be an object');
  const problems = new FieldProblems();
  const flagged = new Set<string>();
  for (const name of Object.keys(record)) {
    if (!readOnly.has(name)) continue;
    problems.add(name, 'is read-only');
    flagged.add(name);
  }
  let fields: string | undefined;
  if (hasFields) {
    const parsed = fieldsParamSchema.safeParse(raw.fields);
    if (parsed.success) fields = parsed.data;
    else problems.add('fields', 'must be a comma-separated string of field names');
  }

  // reportInput lets the messages tell a wrong type ("must be a string") from a missing value.
  const full = schema.safeParse(record, { reportInput: true });
  type Out = z.output<ShapeOf<B>[RecordKey<B>]>;
  if (full.success) return { data: full.data as Out, fields, problems, flagged };
  for (const [field, messages] of Object.entries(zodProblems(full.error, 0))) {
    const [top = field, member] = field.split('.');
    flagged.add(top);
    const named = member !== undefined && MEMBER_NAMED.has(top) ? `${top}.${member}` : top;
    for (const m of messages) problems.add(named, m);
  }
  const rest = Object.fromEntries(Object.entries(record).filter(([k]) => !flagged.has(k)));
  const partial = schema.partial().safeParse(rest);
  // Every field left passed on its own, so the partial parse succeeds; the cast re-attaches the
  // record's output type that the runtime-found schema does not carry.
  const data = (partial.success ? partial.data : {}) as Partial<Out>;
  return { data, fields, problems, flagged };
}

// The OpenAPI 3.1 document, generated from the route table with zod 4's `toJSONSchema`: request
// schemas as clients send them (io: input), response schemas as the service answers (io: output).
// Transforms and refinements have no JSON Schema form; they are described by their input or output
// side and never make generation throw.
import { z } from 'zod';
import { FILE_SESSION_COOKIE, attachmentLinkInput } from '../../src/contract/attachments';
import { dateSchema, errorBodySchema, numberIdSchema } from '../../src/contract/common';
import { DELETION_TYPES, deletionListQuery } from '../../src/contract/deletions';
import { ideaEndorsementCreateInput } from '../../src/contract/idea-votes';
import { creatorEmailInput } from '../../src/contract/ideas';
import { EDITOR_WIDTHS, noteInput } from '../../src/contract/notes';
import type { AnyRoute } from './route-table';

type Json = Record<string, unknown>;

export interface OpenApiOptions {
  /** Absolute base of the API, e.g. `http://127.0.0.1:4000/api/v1`. */
  serverUrl: string;
  version: string;
}

/**
 * A JSON Schema pattern matching any of `values` in any letter case, for inputs read case-blind
 * (JSON Schema's `enum` is exact and its patterns have no flags).
 */
function anyCasePattern(values: readonly string[]): string {
  const letters = (v: string): string =>
    [...v]
      .map((ch) =>
        ch.toLowerCase() !== ch.toUpperCase() ? `[${ch.toUpperCase()}${ch.toLowerCase()}]` : ch.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
      )
      .join('');
  return `^(?:${values.map(letters).join('|')})$`;
}

/** An absolute http(s) address, in any letter case (the rest is `format: uri`); a link is trimmed first. */
const HTTP_PREFIX = '^[Hh][Tt][Tt][Pp][Ss]?:';
const TRIMMED_HTTP_PREFIX = '^\\s*[Hh][Tt][Tt][Pp][Ss]?:';

/** The first choice inside the contract's optional, nullable, union and transformed-union wrappers. */
const inner = (schema: z.ZodType): z.ZodType => {
  let s: z.ZodType = schema;
  for (;;) {
    if (s instanceof z.ZodOptional || s instanceof z.ZodNullable) s = s.unwrap() as z.ZodType;
    else if (s instanceof z.ZodUnion) s = s.options[0] as z.ZodType;
    else if (s instanceof z.ZodPipe && s.in instanceof z.ZodUnion) s = s.in as z.ZodType;
    else return s;
  }
};

/**
 * What the document says of a contract schema beyond what its zod form tells: the wire form of a
 * codec that JSON Schema would give as its decoded side (`replace`), and the formats and patterns of
 * rules the store checks (dates, emails, http(s) addresses, case-blind words, the bin's kinds).
 * Kept here, not as `.meta()` in the contract, so the app's bundle carries none of it
 * (e2e/first-load.spec.ts holds each screen's first load to its JavaScript budget).
 */
const documented = new Map<unknown, { json: Json; replace?: true }>([
  [numberIdSchema, { json: { type: 'integer', minimum: 0 }, replace: true }],
  [dateSchema, { json: { format: 'date' } }],
  [creatorEmailInput, { json: { format: 'email' } }],
  [inner(attachmentLinkInput.shape.file_url), { json: { format: 'uri', pattern: HTTP_PREFIX } }],
  [inner(ideaEndorsementCreateInput.shape.link), { json: { format: 'uri', pattern: TRIMMED_HTTP_PREFIX } }],
  [
    inner(deletionListQuery.shape.record_type),
    {
      json: {
        pattern: `^(?:\\s*(?:${DELETION_TYPES.join('|')})?\\s*)(?:,\\s*(?:${DELETION_TYPES.join('|')})?\\s*)*$`,
      },
    },
  ],
  [
    inner(noteInput.shape.editor_width),
    { json: { pattern: anyCasePattern(EDITOR_WIDTHS), description: `One of ${EDITOR_WIDTHS.join(', ')}, in any letter case` } },
  ],
]);

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Json {
  const out = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    target: 'draft-2020-12',
    override: ({ zodSchema, jsonSchema: generated }) => {
      const facts = documented.get(zodSchema);
      if (!facts) return;
      if (facts.replace) for (const key of Object.keys(generated)) delete (generated as Json)[key];
      Object.assign(generated, facts.json);
    },
  }) as Json;
  delete out.$schema;
  return out;
}

const pascal = (s: string): string =>
  s
    .split(/[^a-zA-Z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0]?.toUpperCase() + w.slice(1))
    .join('');

/** A readable component name for a response envelope: `Feature`, `FeaturesPage`, … */
function envelopeName(schema: z.ZodType): string {
  const title = z.globalRegistry.get(schema)?.title;
  if (title) return title;
  if (schema instanceof z.ZodObject) {
    const keys = Object.keys(schema.shape);
    const main = keys.find((k) => k !== 'pagination') ?? 'Response';
    return keys.includes('pagination') ? `${pascal(main)}Page` : pascal(main);
  }
  return 'Response';
}

/**
 * What each tag of the table groups, shown beside it in the document. A row with a tag not here
 * leaves the tag undescribed, which the document's lint (`npm test`, scripts/openapi-lint.ts) refuses.
 */
const TAG_DESCRIPTIONS: Readonly<Record<string, string>> = {
  API: 'This document.',
  Attachments: 'Files and links on records, and the file session for downloads.',
  Audits: 'Record history of the last 12 calendar months.',
  Comments: 'Comments on records and their replies.',
  'Custom fields': "Custom field definitions of a workspace's records.",
  'Custom layouts': 'Screen definitions: which fields a kind of record shows and requires.',
  Epics: 'Epics of releases.',
  Features: 'Features of releases, with their requirements, tags, watchers and custom fields.',
  Goals: 'Goals of workspaces.',
  'Historical audits': 'Searches of the history older than 12 months, paid in tokens.',
  'Idea organizations': 'Organizations that ideas and votes name.',
  'Idea portals': 'Ideas portals, their settings and sign-in log.',
  'Idea subscriptions': 'Who follows an idea.',
  'Idea votes': 'Endorsements (votes) on ideas.',
  Ideas: 'Ideas, their categories, merging and promotion.',
  Initiatives: 'Initiatives of workspaces.',
  Notes: 'Notes (pages) of workspaces.',
  'Portal users': 'Users of ideas portals and their permissions.',
  Products: 'Workspaces (products) and what they are configured with.',
  'Recycle bin': 'Deletions kept for 30 days: list, restore, purge.',
  'Release phases': 'Phases and milestones of releases.',
  Releases: 'Releases of workspaces.',
  Requirements: 'Requirements of features.',
  Teams: 'Teams and their members.',
  'Time frames': 'Time frames of workspaces.',
  Users: 'Users of the account.',
  Workflows: 'Workflows and their statuses.',
};

/**
 * A row's description when it gives none: what the operation reads and answers, told from the row
 * (the answer's key, paging, `fields`, the body's envelope).
 */
function describeRow(row: AnyRoute): string {
  const said: string[] = [];
  const keys = row.response instanceof z.ZodObject ? Object.keys(row.response.shape) : [];
  const main = keys.find((k) => k !== 'pagination');
  const body = row.body ? Object.keys(row.body.shape).find((k) => k !== 'fields') : undefined;
  if (body) said.push(`Takes \`{ "${body}": {...} }\`; every problem of it comes back in one 422 naming each field.`);
  if (row.response === null) said.push('Answers 204 with no content.');
  else if (main && keys.includes('pagination')) said.push(`Answers a page of \`${main}\` with \`pagination\` (\`page\`, \`per_page\`).`);
  else if (main) said.push(`Answers \`{ "${main}": {...} }\`.`);
  if (takesFields(row)) said.push('`fields` narrows each record to `id` and the members it names.');
  return said.join(' ');
}

/** The description of the document's one `servers` entry. */
export const SERVER_DESCRIPTION = 'This planning service';

/** Said in the description of every administrator-only operation. */
const ADMIN_SENTENCE = 'Administrators only: members get a 403.';

/** The headers the service sets itself, each described once under `components.headers`. */
const HEADERS: Record<string, Json> = {
  'X-RateLimit-Limit': {
    description: "The requests the tightest window of the token's rate limit allows (sent when a limit is configured).",
    schema: { type: 'integer', minimum: 0 },
  },
  'X-RateLimit-Remaining': {
    description: 'The requests left in that window (0 on a 429).',
    schema: { type: 'integer', minimum: 0 },
  },
  'X-RateLimit-Reset': {
    description: 'Seconds until that window is full again.',
    schema: { type: 'integer', minimum: 1 },
  },
  'Retry-After': {
    description: 'Seconds to wait before sending the request again.',
    schema: { type: 'integer', minimum: 1 },
  },
  'X-Deletion-Id': {
    description:
      'The recycle-bin deletion holding what was removed (`POST /deletions/{id}/restore` undoes it); absent when nothing went to the bin.',
    schema: { type: 'string', pattern: '^[0-9]+$' },
  },
};
const headerName = (name: string): string => name.replace(/[^A-Za-z0-9]/g, '');
const headerRef = (name: string): Json => ({ $ref: `#/components/headers/${headerName(name)}` });
const RATE_HEADERS = ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'];

/** Whether a row narrows its answer by `fields` (its query's or its body's). */
function takesFields(row: AnyRoute): boolean {
  return Boolean(row.query?.shape.fields) || Boolean(row.body && 'fields' in row.body.shape);
}

/**
 * The answer of a row that takes `fields`, as it truly is: each record under the envelope's key (or
 * each item of its list) carries `id` and the members asked for, so only `id` is required; the
 * members and their types are those of the whole record.
 */
function sparse(envelope: Json): Json {
  const properties = envelope.properties as Record<string, Json> | undefined;
  if (!properties) return envelope;
  const narrowed: Record<string, Json> = {};
  for (const [key, value] of Object.entries(properties)) {
    const item = value.type === 'array' ? (value.items as Json | undefined) : value;
    const record = item && item.type === 'object' && Array.isArray(item.required) && key !== 'pagination' ? item : null;
    if (!record) {
      narrowed[key] = value;
      continue;
    }
    const partial: Json = {
      ...record,
      required: (record.required as string[]).filter((m) => m === 'id'),
      description: 'With `fields`, `id` and the members it names (`*`: all); without it, the members this operation answers by default.',
    };
    narrowed[key] = value.type === 'array' ? { ...value, items: partial } : partial;
  }
  return { ...envelope, properties: narrowed };
}

/** The hosted 412 of an upload whose bytes are already attached to the record (routes/attachments.ts). */
const DUPLICATE_FILE: Json = {
  type: 'object',
  properties: {
    error: { type: 'string' },
    errors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
    status: { const: 'duplicate' },
    success: { const: false },
    attachmentId: { type: 'string', description: 'The attachment that already holds these bytes' },
    attachmentUrl: { type: 'string', format: 'uri' },
  },
  required: ['error', 'status', 'success', 'attachmentId', 'attachmentUrl'],
  additionalProperties: false,
};

export function openApiDocument(rows: readonly AnyRoute[], options: OpenApiOptions): Json {
  const schemas: Record<string, Json> = { Error: jsonSchema(errorBodySchema, 'output'), DuplicateFile: DUPLICATE_FILE };
  const named = new Map<string, string>();
  const ids = new Map<z.ZodType, number>();
  const refFor = (schema: z.ZodType, partial: boolean): Json => {
    const id = ids.get(schema) ?? ids.set(schema, ids.size).size - 1;
    const key = `${id}${partial ? ' fields' : ''}`;
    let name = named.get(key);
    if (!name) {
      const whole = jsonSchema(schema, 'output');
      const json = partial ? sparse(whole) : whole;
      const base = envelopeName(schema) + (partial && JSON.stringify(json) !== JSON.stringify(whole) ? 'Fields' : '');
      name = base;
      // Two schemas of one shape (`/me` and `/users/{id}`) share a component; others get a number.
      for (let i = 2; name in schemas && JSON.stringify(schemas[name]) !== JSON.stringify(json); i++) name = `${base}${i}`;
      schemas[name] = json;
      named.set(key, name);
    }
    return { $ref: `#/components/schemas/${name}` };
  };
  const headers: Record<string, Json> = {};
  for (const [name, spec] of Object.entries(HEADERS)) headers[headerName(name)] = spec;

  const paths: Record<string, Record<string, Json>> = {};
  const tags = new Set<string>();
  for (const row of rows) {
    for (const t of row.tags) tags.add(t);
    // Headers on every answer of the row: the rate limit's (after the token check) and the row's own.
    const own: Record<string, Json> = {};
    if (!row.public) for (const h of RATE_HEADERS) own[h] = headerRef(h);
    // The row's own headers are set on every answer the row makes (mountRoutes): required there, and
    // absent from the answers of the steps before it (401, 413, 421, a limit's 429, 503).
    const rowHeaders = Object.entries(row.answerHeaders?.documented ?? {});
    const withHeaders = (response: Json, more: readonly string[] = [], byRow = true): Json => {
      const all: Record<string, Json> = { ...own, ...Object.fromEntries(more.map((h) => [h, headerRef(h)])) };
      for (const [name, spec] of rowHeaders) all[name] = { ...spec, required: byRow };
      return Object.keys(all).length > 0 ? { ...response, headers: all } : response;
    };
    const errorResponse = (description: string, more: readonly string[] = [], byRow = true): Json =>
      withHeaders({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } }, more, byRow);
    const parameters: Json[] = [];
    for (const [, name] of row.path.matchAll(/\{([^}]+)\}/g)) {
      if (!name) continue;
      parameters.push({
        name,
        in: 'path',
        required: true,
        description: row.params?.[name] ?? 'Numeric id or reference key (e.g. PLN-12)',
        schema: { type: 'string' },
      });
    }
    if (row.query) {
      const query = jsonSchema(row.query, 'input');
      const required = new Set(Array.isArray(query.required) ? (query.required as string[]) : []);
      for (const [name, schema] of Object.entries((query.properties ?? {}) as Record<string, Json>)) {
        const { description, ...rest } = schema;
        parameters.push({
          name,
          in: 'query',
          required: required.has(name),
          ...(typeof description === 'string' ? { description } : {}),
          schema: rest,
        });
      }
    }
    if (row.customFieldFilters) {
      parameters.push({
        name: 'custom_fields',
        in: 'query',
        required: false,
        description: 'Custom field filters as `custom_fields[<key>]=<value>` pairs; every pair must match.',
        style: 'deepObject',
        explode: true,
        schema: { type: 'object', additionalProperties: { type: 'string' } },
      });
    }
    const responses: Record<string, Json> = {};
    if (row.download) {
      responses['200'] = withHeaders({
        description: "The file's bytes",
        content: { '*/*': { schema: { type: 'string', format: 'binary' } } },
      });
    } else if (row.response === null) {
      responses['204'] = withHeaders({ description: 'Done; no content' }, row.method === 'delete' ? ['X-Deletion-Id'] : []);
    } else {
      responses['200'] = withHeaders({
        description: 'OK',
        content: { 'application/json': { schema: refFor(row.response, takesFields(row)) } },
      });
    }
    const extra = row.errors ?? {};
    const reads = Boolean(row.body || row.upload);
    // Every row refuses query parameters it does not read (mountRoutes), so every row has a 400.
    const refused = [reads && 'a malformed body', row.query && 'a bad query value', 'a query parameter the operation does not read'];
    const said = refused.filter(Boolean).join(', ');
    responses['400'] = errorResponse(extra[400] ?? `${said.charAt(0).toUpperCase()}${said.slice(1)}: the errors name each`);
    if (!row.public) responses['401'] = errorResponse('Missing or invalid access token', [], false);
    if (row.access === 'administrator' || extra[403]) responses['403'] = errorResponse(extra[403] ?? 'The caller is not an administrator');
    if (row.path.includes('{') || extra[404]) responses['404'] = errorResponse(extra[404] ?? 'No such record');
    if (reads) responses['408'] = errorResponse('The body was not received in full (the client went silent or away)', [], false);
    if (row.method !== 'get' || extra[409])
      responses['409'] = errorResponse(extra[409] ?? 'The request conflicts with stored data (a reference another write removed)');
    if (reads)
      responses['413'] = errorResponse(
        row.upload ? `The file in ${row.upload.part} is over the per-file cap` : 'Request body too large',
        [],
        false,
      );
    if (row.upload)
      responses['412'] = withHeaders({
        description: 'The same file is already attached to this record (the hosted `status: duplicate`)',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/DuplicateFile' } } },
      });
    responses['421'] = errorResponse('The Host header names no host this service answers to', [], false);
    if (reads || extra[422]) responses['422'] = errorResponse(extra[422] ?? 'Every problem of the body, each under its field');
    if (!row.public || extra[429])
      responses['429'] = errorResponse(
        extra[429] ?? "Over the token's rate limit, or too many failed authentications from this address",
        ['Retry-After'],
        false,
      );
    responses['503'] = errorResponse(
      'The database is busy or away: nothing was written; send it again after Retry-After',
      ['Retry-After'],
      false,
    );
    const upload = row.upload;
    const requestBody: Json | undefined = upload
      ? {
          required: true,
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                properties: {
                  [upload.part]: { type: 'string', format: 'binary', description: 'The file (streamed; type sniffed from its bytes)' },
                  'attachment[file_url]': { type: 'string', description: 'A link instead of a file: an http(s) address' },
                  'attachment[content_type]': { type: 'string' },
                  'attachment[file_name]': { type: 'string' },
                },
              },
            },
            'application/json': { schema: jsonSchema(upload.link, 'input') },
          },
        }
      : row.body
        ? { required: true, content: { 'application/json': { schema: jsonSchema(row.body, 'input') } } }
        : undefined;
    const adminOnly = row.access === 'administrator' ? ADMIN_SENTENCE : '';
    const description = [row.description ?? describeRow(row), adminOnly].filter(Boolean).join(' ');
    const operation: Json = {
      operationId: row.op,
      summary: row.summary,
      ...(description ? { description } : {}),
      ...(row.access ? { 'x-planner-access': row.access } : {}),
      tags: [...row.tags],
      parameters,
      ...(requestBody ? { requestBody } : {}),
      responses,
      ...(row.public ? { security: [] } : {}),
      ...(row.download ? { security: [{ BearerAuth: [] }, { FileSession: [] }] } : {}),
    };
    (paths[row.path] ??= {})[row.method] = operation;
  }

  return {
    openapi: '3.1.0',
    info: {
      title: 'Planner planning API',
      version: options.version,
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      contact: { name: 'The administrator of this planning service' },
      description:
        'The local planning service: releases, features, requirements, epics, initiatives, goals and the account records ' +
        "they use, in the wire format of the hosted planning API. Generated from the service's route table. Write bodies " +
        'are `{ "<kind>": {...} }`; every problem of a body comes back at once in one 422 naming each field. A field ' +
        'the answer carries but the body does not take (`id`, `reference_num`, `created_at`, `total_capacity`, …) is ' +
        'read-only: sending it is a 422. Path ids are digits without sign or leading zero; anything that is neither an ' +
        "id nor the collection's key form is a 404. Operations marked `x-planner-access: administrator` answer 403 to " +
        'members. A request whose Host is not one the service answers to (its public URL, listen address, loopback ' +
        'names, PLANNER_ALLOWED_HOSTS) gets 421.',
    },
    servers: [{ url: options.serverUrl, description: SERVER_DESCRIPTION }],
    security: [{ BearerAuth: [] }],
    tags: [...tags].sort().map((name) => ({ name, ...(TAG_DESCRIPTIONS[name] ? { description: TAG_DESCRIPTIONS[name] } : {}) })),
    paths,
    components: {
      schemas,
      headers,
      securitySchemes: {
        BearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description: 'An access token in the Authorization header: `Authorization: Bearer <token>` (`npm run token -- <email>`).',
        },
        FileSession: {
          type: 'apiKey',
          in: 'cookie',
          name: FILE_SESSION_COOKIE,
          description:
            'File downloads only: the HttpOnly cookie `POST /attachments/session` sets (scoped to `/api/v1/attachments/`), ' +
            'for `<img src>` and links, which cannot send the Authorization header.',
        },
      },
    },
  };
}

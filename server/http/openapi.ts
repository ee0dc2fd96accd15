// The OpenAPI 3.1 document, generated from the route table with zod 4's `toJSONSchema`: request
// schemas as clients send them (io: input), response schemas as the service answers (io: output).
// Transforms and refinements have no JSON Schema form; they are described by their input or output
// side and never make generation throw.
import { z } from 'zod';
import { FILE_SESSION_COOKIE } from '../../src/contract/attachments';
import { errorBodySchema } from '../../src/contract/common';
import type { AnyRoute } from './route-table';

type Json = Record<string, unknown>;

export interface OpenApiOptions {
  /** Absolute base of the API, e.g. `http://127.0.0.1:4000/api/v1`. */
  serverUrl: string;
  version: string;
}

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Json {
  const out = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as Json;
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

/** Said in the description of every administrator-only operation. */
const ADMIN_SENTENCE = 'Administrators only: members get a 403.';

const errorResponse = (description: string): Json => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

export function openApiDocument(rows: readonly AnyRoute[], options: OpenApiOptions): Json {
  const schemas: Record<string, Json> = { Error: jsonSchema(errorBodySchema, 'output') };
  const named = new Map<z.ZodType, string>();
  const refFor = (schema: z.ZodType): Json => {
    let name = named.get(schema);
    if (!name) {
      const json = jsonSchema(schema, 'output');
      const base = envelopeName(schema);
      name = base;
      // Two schemas of one shape (`/me` and `/users/{id}`) share a component; others get a number.
      for (let i = 2; name in schemas && JSON.stringify(schemas[name]) !== JSON.stringify(json); i++) name = `${base}${i}`;
      schemas[name] = json;
      named.set(schema, name);
    }
    return { $ref: `#/components/schemas/${name}` };
  };

  const paths: Record<string, Record<string, Json>> = {};
  const tags = new Set<string>();
  for (const row of rows) {
    for (const t of row.tags) tags.add(t);
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
    const responses: Record<string, Json> = row.download
      ? { '200': { description: "The file's bytes", content: { '*/*': { schema: { type: 'string', format: 'binary' } } } } }
      : row.response === null
        ? { '204': { description: 'Done; no content' } }
        : { '200': { description: 'OK', content: { 'application/json': { schema: refFor(row.response) } } } };
    if (row.query || row.body || row.upload) responses['400'] = errorResponse('Malformed body or query; the errors name each parameter');
    if (!row.public) responses['401'] = errorResponse('Missing or invalid access token');
    if (row.access === 'administrator') responses['403'] = errorResponse('The caller is not an administrator');
    else if (row.forbidden) responses['403'] = errorResponse(row.forbidden);
    if (row.path.includes('{')) responses['404'] = errorResponse('No such record');
    if (row.body || row.upload) {
      responses['413'] = errorResponse(row.upload ? `The file in ${row.upload.part} is over the per-file cap` : 'Request body too large');
      responses['422'] = errorResponse('Every problem of the body, each under its field');
    }
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
    const description = [row.description, adminOnly].filter(Boolean).join(' ');
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
    servers: [{ url: options.serverUrl, description: 'This planning service' }],
    security: [{ BearerAuth: [] }],
    tags: [...tags].sort().map((name) => ({ name })),
    paths,
    components: {
      schemas,
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

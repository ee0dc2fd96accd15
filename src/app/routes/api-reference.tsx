// The API reference: the service's OpenAPI document (GET /api/v1/openapi.json, generated from its
// route table) rendered readably — operations grouped by tag, each with its parameters, request
// body and answer shapes — so a person can look up an endpoint without leaving the app.
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiGet, apiUrl } from '../../api/client';
import { ErrorState } from '../../ui/error-state';
import { Loading } from '../../ui/loading';
import { PageHeader } from '../../ui/page-header';

type Json = Record<string, unknown>;

const documentSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string(), description: z.string().optional() }),
  servers: z.array(z.looseObject({ url: z.string() })).optional(),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
  components: z.looseObject({ schemas: z.record(z.string(), z.unknown()).optional() }).optional(),
});
type OpenApiDocument = z.infer<typeof documentSchema>;

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

interface Operation {
  method: string;
  path: string;
  id: string;
  summary: string;
  description: string | undefined;
  tags: string[];
  parameters: Json[];
  body: Json | undefined;
  responses: [string, Json][];
}

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

function operationsOf(doc: OpenApiDocument): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!isObject(op)) continue;
      const content = isObject(op.requestBody) && isObject(op.requestBody.content) ? op.requestBody.content : undefined;
      const json = content && isObject(content['application/json']) ? content['application/json'] : undefined;
      out.push({
        method,
        path,
        id: str(op.operationId) ?? `${method}-${path}`,
        summary: str(op.summary) ?? '',
        description: str(op.description),
        tags: Array.isArray(op.tags) ? op.tags.filter((t): t is string => typeof t === 'string') : ['Other'],
        parameters: Array.isArray(op.parameters) ? op.parameters.filter(isObject) : [],
        body: json && isObject(json.schema) ? json.schema : undefined,
        responses: isObject(op.responses) ? Object.entries(op.responses).filter((e): e is [string, Json] => isObject(e[1])) : [],
      });
    }
  }
  return out;
}

function refName(schema: Json): string | undefined {
  const ref = str(schema.$ref);
  return ref?.split('/').at(-1);
}

/** A one-line type: `string`, `integer ≥ 1`, `Feature`, `array of string`, `"a" | "b"`, … */
function typeOf(schema: Json): string {
  const ref = refName(schema);
  if (ref) return ref;
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  if ('const' in schema) return JSON.stringify(schema.const);
  const union = Array.isArray(schema.anyOf) ? schema.anyOf : Array.isArray(schema.oneOf) ? schema.oneOf : undefined;
  if (union) return union.filter(isObject).map(typeOf).join(' | ');
  const type = str(schema.type);
  if (type === 'array') return `array of ${isObject(schema.items) ? typeOf(schema.items) : 'any'}`;
  if (!type) return 'any';
  const bounds: string[] = [];
  if (typeof schema.maxLength === 'number') bounds.push(`≤ ${schema.maxLength} chars`);
  if (typeof schema.minimum === 'number' && schema.minimum > -1e15) bounds.push(`≥ ${schema.minimum}`);
  if (typeof schema.maximum === 'number' && schema.maximum < 1e15) bounds.push(`≤ ${schema.maximum}`);
  return bounds.length ? `${type} (${bounds.join(', ')})` : type;
}

function objectOf(schema: Json): Json | undefined {
  if (isObject(schema.properties)) return schema;
  const union = Array.isArray(schema.anyOf) ? schema.anyOf.filter(isObject) : [];
  return union.find((s) => isObject(s.properties));
}

/** Fields of an object schema as a nested list; `$ref`s open their component. */
function SchemaFields({ schema, components, depth = 0 }: { schema: Json; components: Json; depth?: number }) {
  const ref = refName(schema);
  const resolved = ref && isObject(components[ref]) ? components[ref] : schema;
  const object = objectOf(resolved);
  if (!object || !isObject(object.properties) || depth > 3) return null;
  const required = new Set(Array.isArray(object.required) ? object.required : []);
  return (
    <ul className="api-ref__fields" style={{ listStyle: 'none', margin: 0, paddingLeft: depth ? '1.25rem' : 0 }}>
      {Object.entries(object.properties).map(([name, value]) => {
        const field = isObject(value) ? value : {};
        const items = field.type === 'array' && isObject(field.items) ? field.items : undefined;
        return (
          <li key={name} style={{ padding: '2px 0' }}>
            <code>{name}</code> <span className="muted">{typeOf(field)}</span>
            {required.has(name) ? <strong style={{ fontSize: '0.8em' }}> required</strong> : null}
            <SchemaFields schema={items ?? field} components={components} depth={depth + 1} />
          </li>
        );
      })}
    </ul>
  );
}

function OperationView({ op, components }: { op: Operation; components: Json }) {
  const anchor = `op-${op.id}`;
  return (
    <details id={anchor} className="card" style={{ marginBottom: '0.375rem', padding: '0.5rem 0.875rem' }}>
      <summary style={{ cursor: 'pointer' }}>
        <span className="mono" style={{ fontWeight: 600, display: 'inline-block', minWidth: '4.5rem' }}>
          {op.method.toUpperCase()}
        </span>{' '}
        <code>{op.path}</code> <span className="muted">— {op.summary}</span>
      </summary>
      <div className="stack" style={{ marginTop: '0.75rem' }}>
        {op.description ? <p>{withCode(op.description)}</p> : null}
        <p className="muted">
          Operation id <code>{op.id}</code>
        </p>
        {op.parameters.length > 0 ? (
          <table className="table">
            <caption className="visually-hidden">Parameters of {op.id}</caption>
            <thead>
              <tr>
                <th scope="col">Parameter</th>
                <th scope="col">In</th>
                <th scope="col">Type</th>
                <th scope="col">Notes</th>
              </tr>
            </thead>
            <tbody>
              {op.parameters.map((p) => (
                <tr key={`${str(p.in) ?? ''}-${str(p.name) ?? ''}`}>
                  <td>
                    <code>{str(p.name)}</code>
                    {p.required === true ? <strong style={{ fontSize: '0.8em' }}> required</strong> : null}
                  </td>
                  <td>{str(p.in)}</td>
                  <td>{isObject(p.schema) ? typeOf(p.schema) : 'string'}</td>
                  <td>{withCode(str(p.description) ?? '')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
        {op.body ? (
          <section>
            <h4>Request body</h4>
            <SchemaFields schema={op.body} components={components} />
          </section>
        ) : null}
        {op.responses.map(([status, response]) => {
          const content = isObject(response.content) ? response.content['application/json'] : undefined;
          const schema = isObject(content) && isObject(content.schema) ? content.schema : undefined;
          return (
            <section key={status}>
              <h4>
                {status} <span className="muted">{str(response.description)}</span>
                {schema ? <span className="muted"> · {typeOf(schema)}</span> : null}
              </h4>
              {schema && status.startsWith('2') ? <SchemaFields schema={schema} components={components} /> : null}
            </section>
          );
        })}
      </div>
    </details>
  );
}

export function Component() {
  const doc = useQuery({
    queryKey: ['api-reference'],
    queryFn: ({ signal }) => apiGet('/openapi.json', documentSchema, undefined, { signal }),
    staleTime: Infinity,
  });

  if (doc.isPending) return <Loading label="Loading the API reference…" />;
  if (doc.isError) return <ErrorState error={doc.error} onRetry={() => void doc.refetch()} />;

  const operations = operationsOf(doc.data);
  const tags = [...new Set(operations.flatMap((o) => o.tags[0] ?? 'Other'))].sort();
  const components = doc.data.components?.schemas ?? {};

  return (
    <>
      <title>API reference · Planner</title>
      <PageHeader
        title="API reference"
        meta={
          <span>
            {doc.data.info.title} {doc.data.info.version} · OpenAPI {doc.data.openapi} · {operations.length} operations ·{' '}
            <a href={apiUrl('/openapi.json')}>openapi.json</a>
          </span>
        }
      />
      <div className="stack">
        {doc.data.info.description ? <p>{withCode(doc.data.info.description)}</p> : null}
        <p className="muted">
          Base URL <code>{doc.data.servers?.[0]?.url ?? '/api/v1'}</code>. Send <code>Authorization: Bearer &lt;token&gt;</code>{' '}
          with every request.
        </p>
        <nav aria-label="API sections">
          <ul style={{ display: 'flex', flexWrap: 'wrap', gap: '0.25rem 1rem', listStyle: 'none', padding: 0, margin: 0 }}>
            {tags.map((tag) => (
              <li key={tag}>
                <a href={`#tag-${tag.replace(/\W+/g, '-')}`}>{tag}</a>
              </li>
            ))}
          </ul>
        </nav>
        {tags.map((tag) => (
          <section key={tag} aria-labelledby={`tag-${tag.replace(/\W+/g, '-')}`}>
            <h2 id={`tag-${tag.replace(/\W+/g, '-')}`}>{tag}</h2>
            {operations
              .filter((o) => (o.tags[0] ?? 'Other') === tag)
              .map((op) => (
                <OperationView key={op.id} op={op} components={components} />
              ))}
          </section>
        ))}
      </div>
    </>
  );
}

/** The document's descriptions are CommonMark; of it, only `code` spans are used, drawn as code here. */
function withCode(text: string): React.ReactNode[] {
  return text.split('`').map((part, i) => (i % 2 === 1 ? <code key={i}>{part}</code> : part));
}

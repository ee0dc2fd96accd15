// The one route table of /api/v1: every kind's rows, plus the API document itself. app.ts registers
// these rows, the OpenAPI document describes them and the test client is typed from them.
import { z } from 'zod';
import { SERVER_DESCRIPTION, openApiDocument } from './http/openapi';
import { originOf } from './http/query';
import { checkTable, route } from './http/route-table';
import type { AnyRoute } from './http/route-table';
import { accountRoutes } from './routes/account';
import { attachmentRoutes } from './routes/attachments';
import { auditRoutes } from './routes/audits';
import { commentRoutes } from './routes/comments';
import { customFieldRoutes } from './routes/custom-fields';
import { deletionRoutes } from './routes/deletions';
import { epicRoutes } from './routes/epics';
import { featureRoutes } from './routes/features';
import { goalRoutes } from './routes/goals';
import { ideaSubscriptionRoutes } from './routes/idea-subscriptions';
import { ideaVoteRoutes } from './routes/idea-votes';
import { ideaRoutes } from './routes/ideas';
import { initiativeRoutes } from './routes/initiatives';
import { layoutRoutes } from './routes/layouts';
import { noteRoutes } from './routes/notes';
import { portalLinkRoutes } from './routes/portal-links';
import { portalRoutes } from './routes/portals';
import { releaseRoutes } from './routes/releases';
import { requirementRoutes } from './routes/requirements';

export const API_VERSION = '1.0.0';

/** The document is an OpenAPI 3.1 object; its inner shapes are the generator's business. */
export const openApiSchema = z
  .looseObject({
    openapi: z.string(),
    info: z.looseObject({ title: z.string(), version: z.string() }),
    paths: z.record(z.string(), z.record(z.string(), z.unknown())),
  })
  .meta({ title: 'OpenApiDocument' });

const recordRoutes = [
  ...accountRoutes,
  ...releaseRoutes,
  ...featureRoutes,
  ...requirementRoutes,
  ...epicRoutes,
  ...initiativeRoutes,
  ...goalRoutes,
  ...customFieldRoutes,
  ...layoutRoutes,
  ...portalRoutes,
  ...portalLinkRoutes,
  ...ideaRoutes,
  ...ideaVoteRoutes,
  ...ideaSubscriptionRoutes,
  ...noteRoutes,
  ...commentRoutes,
  ...attachmentRoutes,
  ...deletionRoutes,
  ...auditRoutes,
] as const;

const documentRoute = route({
  method: 'get',
  path: '/openapi.json',
  op: 'openapi_show',
  summary: 'This document',
  description:
    'The OpenAPI 3.1 description of every operation, generated from the route table. Public: it holds no data, and ' +
    'tools read it without a token.',
  tags: ['API'],
  response: openApiSchema,
  public: true,
  handler: (c) => c.json(documentFor(`${originOf(c)}/api/v1`)),
});

export const apiRoutes = [documentRoute, ...recordRoutes] as const;
export type ApiRoutes = typeof apiRoutes;

checkTable(apiRoutes as readonly AnyRoute[]);

let built: Record<string, unknown> | null = null;
const documents = new Map<string, Record<string, unknown>>();

/**
 * The document for a server URL. Built once (the table never changes while running; building it is
 * ≈ 1 s of CPU, and every test service's answers are checked against it); each origin gets its own
 * `servers` entry on the one built document.
 */
export function documentFor(serverUrl: string): Record<string, unknown> {
  let doc = documents.get(serverUrl);
  if (!doc) {
    built ??= openApiDocument(apiRoutes as readonly AnyRoute[], { serverUrl, version: API_VERSION });
    doc = { ...built, servers: [{ url: serverUrl, description: SERVER_DESCRIPTION }] };
    documents.set(serverUrl, doc);
  }
  return doc;
}

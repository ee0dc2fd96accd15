// Account operations: who is signed in, products (operation 19), users, workflows, feature kinds and
// teams. Read-only: these records come from the seed. Rows of the route table.
import * as account from '../../src/contract/account';
import { listQuerySchema, pagingQuerySchema } from '../../src/contract/common';
import { listKind, listRow, pageAnswer } from '../http/list-rows';
import { originOf } from '../http/query';
import { recordKind, showRow } from '../http/record-rows';
import { route } from '../http/route-table';
import {
  listProducts,
  listTeams,
  listUsers,
  listWorkflowKinds,
  listWorkflows,
  productBody,
  teamBodies,
  userBody,
} from '../store/account';
import { requireProduct, requireTeam, requireUser } from '../store/resolve';
import type { ProductRow, TeamRow, UserRow } from '../store/schema';

const product = recordKind({
  path: '/products/{id}',
  tags: ['Products'],
  envelope: account.productEnvelope,
  resolve: requireProduct,
  answer: ({ origin }, row: ProductRow) => productBody(row, origin),
});
const user = recordKind({
  path: '/users/{id}',
  tags: ['Users'],
  envelope: account.userEnvelope,
  resolve: requireUser,
  answer: (_ctx, row: UserRow) => userBody(row),
});
const team = recordKind({
  path: '/teams/{id}',
  tags: ['Teams'],
  envelope: account.teamEnvelope,
  resolve: requireTeam,
  answer: async ({ db }, row: TeamRow) => {
    const [body] = await teamBodies(db, [row]);
    if (!body) throw new Error(`Team ${row.id} has no body`);
    return body;
  },
});

const products = listKind({
  tags: ['Products'],
  query: listQuerySchema,
  response: account.productPage,
  answer: pageAnswer(
    'products',
    (db, _scope: object, p, query) => listProducts(db, p, query.updated_since),
    (rows, c) => rows.map((r) => productBody(r, originOf(c))),
  ),
});
const users = listKind({
  tags: ['Users'],
  query: listQuerySchema,
  response: account.userPage,
  answer: pageAnswer(
    'users',
    (db, _scope: object, p, query) => listUsers(db, p, query.q),
    (rows) => rows.map(userBody),
  ),
});
const workflows = listKind({
  tags: ['Workflows'],
  query: pagingQuerySchema,
  response: account.workflowPage,
  answer: pageAnswer('workflows', (db, productId: number, p) => listWorkflows(db, productId, p)),
});
const workflowKinds = listKind({
  tags: ['Workflows'],
  query: pagingQuerySchema,
  response: account.workflowKindPage,
  answer: pageAnswer('workflow_kinds', (db, productId: number, p) => listWorkflowKinds(db, productId, p)),
});
const teams = listKind({
  tags: ['Teams'],
  query: pagingQuerySchema,
  response: account.teamPage,
  answer: pageAnswer('teams', (db, productId: number | null, p) => listTeams(db, productId, p)),
});

/** The product a `/products/{id}/…` list is narrowed to. */
const inProduct = { parent: requireProduct, scope: (row: ProductRow) => row.id };

export const accountRoutes = [
  route({
    method: 'get',
    path: '/me',
    op: 'me_show',
    summary: 'Who the token belongs to',
    tags: ['Users'],
    response: account.meEnvelope,
    handler: (c) => c.json({ user: userBody(c.get('user')) }),
  }),
  listRow(products, {
    path: '/products',
    summary: 'List products (workspaces)',
    description: 'Operation 19.',
    scope: () => ({}),
  }),
  showRow(product, {
    summary: 'Show a product',
    params: { id: 'Numeric id or reference prefix (e.g. PLN)' },
  }),
  listRow(users, {
    path: '/users',
    summary: 'List users',
    description: '`q` searches names and emails.',
    scope: () => ({}),
  }),
  showRow(user, { summary: 'Show a user' }),
  listRow(workflows, {
    path: '/products/{id}/workflows',
    summary: "List a product's workflows and their statuses",
    ...inProduct,
  }),
  listRow(workflowKinds, {
    path: '/products/{id}/workflow_kinds',
    summary: "List a product's feature kinds",
    ...inProduct,
  }),
  listRow(teams, { path: '/products/{id}/teams', summary: "List a product's teams", ...inProduct }),
  listRow(teams, { path: '/teams', summary: 'List teams', scope: () => null }),
  showRow(team, { summary: 'Show a team' }),
] as const;

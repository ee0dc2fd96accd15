// Account operations: who is signed in, products (operation 19), users, workflows, feature kinds and
// teams. Read-only: these records come from the seed. Rows of the route table.
import {
  meEnvelope,
  productEnvelope,
  productPage,
  teamEnvelope,
  teamPage,
  userEnvelope,
  userPage,
  workflowKindPage,
  workflowPage,
} from '../../src/contract/account';
import { listQuerySchema, pagingQuerySchema } from '../../src/contract/common';
import { originOf, pageBody, paging } from '../http/query';
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

export const accountRoutes = [
  route({
    method: 'get',
    path: '/me',
    op: 'me_show',
    summary: 'Who the token belongs to',
    tags: ['Users'],
    response: meEnvelope,
    handler: (c) => c.json({ user: userBody(c.get('user')) }),
  }),
  route({
    method: 'get',
    path: '/products',
    op: 'products_list',
    summary: 'List products (workspaces)',
    description: 'Operation 19.',
    tags: ['Products'],
    query: listQuerySchema,
    response: productPage,
    handler: async (c, { query }) => {
      const p = paging(query);
      const page = await listProducts(c.get('store').db, p, query.updated_since);
      const origin = originOf(c);
      return c.json(pageBody('products', page.rows.map((r) => productBody(r, origin)), page.total, p));
    },
  }),
  route({
    method: 'get',
    path: '/products/{id}',
    op: 'products_show',
    summary: 'Show a product',
    tags: ['Products'],
    params: { id: 'Numeric id or reference prefix (e.g. PLN)' },
    response: productEnvelope,
    handler: async (c, { params }) => {
      const product = await requireProduct(c.get('store').db, params.id);
      return c.json({ product: productBody(product, originOf(c)) });
    },
  }),
  route({
    method: 'get',
    path: '/users',
    op: 'users_list',
    summary: 'List users',
    description: '`q` searches names and emails.',
    tags: ['Users'],
    query: listQuerySchema,
    response: userPage,
    handler: async (c, { query }) => {
      const p = paging(query);
      const page = await listUsers(c.get('store').db, p, query.q);
      return c.json(pageBody('users', page.rows.map(userBody), page.total, p));
    },
  }),
  route({
    method: 'get',
    path: '/users/{id}',
    op: 'users_show',
    summary: 'Show a user',
    tags: ['Users'],
    response: userEnvelope,
    handler: async (c, { params }) => {
      const user = await requireUser(c.get('store').db, params.id);
      return c.json({ user: userBody(user) });
    },
  }),
  route({
    method: 'get',
    path: '/products/{id}/workflows',
    op: 'products_workflows_list',
    summary: "List a product's workflows and their statuses",
    tags: ['Workflows'],
    query: pagingQuerySchema,
    response: workflowPage,
    handler: async (c, { params, query }) => {
      const db = c.get('store').db;
      const product = await requireProduct(db, params.id);
      const p = paging(query);
      const page = await listWorkflows(db, product.id, p);
      return c.json(pageBody('workflows', page.rows, page.total, p));
    },
  }),
  route({
    method: 'get',
    path: '/products/{id}/workflow_kinds',
    op: 'products_workflow_kinds_list',
    summary: "List a product's feature kinds",
    tags: ['Workflows'],
    query: pagingQuerySchema,
    response: workflowKindPage,
    handler: async (c, { params, query }) => {
      const db = c.get('store').db;
      const product = await requireProduct(db, params.id);
      const p = paging(query);
      const page = await listWorkflowKinds(db, product.id, p);
      return c.json(pageBody('workflow_kinds', page.rows, page.total, p));
    },
  }),
  route({
    method: 'get',
    path: '/products/{id}/teams',
    op: 'products_teams_list',
    summary: "List a product's teams",
    tags: ['Teams'],
    query: pagingQuerySchema,
    response: teamPage,
    handler: async (c, { params, query }) => {
      const db = c.get('store').db;
      const product = await requireProduct(db, params.id);
      const p = paging(query);
      const page = await listTeams(db, product.id, p);
      return c.json(pageBody('teams', page.rows, page.total, p));
    },
  }),
  route({
    method: 'get',
    path: '/teams',
    op: 'teams_list',
    summary: 'List teams',
    tags: ['Teams'],
    query: pagingQuerySchema,
    response: teamPage,
    handler: async (c, { query }) => {
      const p = paging(query);
      const page = await listTeams(c.get('store').db, null, p);
      return c.json(pageBody('teams', page.rows, page.total, p));
    },
  }),
  route({
    method: 'get',
    path: '/teams/{id}',
    op: 'teams_show',
    summary: 'Show a team',
    tags: ['Teams'],
    response: teamEnvelope,
    handler: async (c, { params }) => {
      const db = c.get('store').db;
      const team = await requireTeam(db, params.id);
      const [body] = await teamBodies(db, [team]);
      return c.json({ team: body });
    },
  }),
] as const;

// Account operations: who is signed in, products (operation 19; created and changed by
// administrators), users (changed by administrators), workflows, feature kinds and teams (created and
// changed by administrators). Rows of the route table.
import * as account from '../../src/contract/account';
import * as admin from '../../src/contract/account-admin';
import { listQuerySchema, pagingQuerySchema, showQuerySchema } from '../../src/contract/common';
import { listKind, listRow, pageAnswer } from '../http/list-rows';
import { originOf } from '../http/query';
import { compactOrWhole } from '../http/list-rows';
import { createRow, deleteRow, recordKind, removeById, showRow, updateRow } from '../http/record-rows';
import { route } from '../http/route-table';
import {
  PRODUCT_COMPACT_FIELDS,
  listProducts,
  listTeams,
  listUsers,
  listWorkflowKinds,
  listWorkflows,
  meBody,
  productBodies,
  productBody,
  teamBodies,
  userBodies,
  wholeProduct,
} from '../store/account';
import { createProduct, updateProduct } from '../store/products';
import { createTeam, updateTeam } from '../store/teams';
import { updateUser } from '../store/users';
import { deleteProduct, deleteTeam } from '../store/container-deletes';
import { requireProduct, requireTeam, requireUser } from '../store/resolve';
import type { ProductRow, TeamRow, UserRow } from '../store/schema';

const product = recordKind({
  path: '/products/{id}',
  tags: ['Products'],
  envelope: account.productEnvelope,
  resolve: requireProduct,
  answer: ({ db, origin }, row: ProductRow) => wholeProduct(db, row, origin),
});
const user = recordKind({
  path: '/users/{id}',
  tags: ['Users'],
  envelope: account.userEnvelope,
  resolve: requireUser,
  answer: async ({ db }, row: UserRow) => {
    const [body] = await userBodies(db, [row]);
    if (!body) throw new Error(`User ${row.id} has no body`);
    return body;
  },
});
const team = recordKind({
  path: '/teams/{id}',
  tags: ['Teams'],
  envelope: account.teamEnvelope,
  resolve: requireTeam,
  answer: async ({ db, origin }, row: TeamRow) => {
    const [body] = await teamBodies(db, [row], origin);
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
    // Compact items as the hosted list answers them; `fields` beyond those reads whole products.
    compactOrWhole(PRODUCT_COMPACT_FIELDS, productBody, productBodies),
  ),
});
const users = listKind({
  tags: ['Users'],
  query: listQuerySchema,
  response: account.userPage,
  answer: pageAnswer(
    'users',
    (db, _scope: object, p, query) => listUsers(db, p, query.q),
    (rows, c) => userBodies(c.get('store').db, rows),
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
  answer: pageAnswer(
    'teams',
    (db, productId: number | null, p) => listTeams(db, productId, p),
    (rows, c) => teamBodies(c.get('store').db, rows, originOf(c)),
  ),
});

const TEAM_RULES =
  '`name` required; `reference_prefix` (the key of its program increments) 2–10 upper-case letters or digits, a letter ' +
  'first, unused by any product or team, made from the name when left out; `color` `#rrggbb` (default #666666). ' +
  '`automatically_calculate_team_members_count` is taken as true only: members are not kept here, so the count is computed (0). ' +
  'A new team starts with its own workflow (To do, In progress, In review, Done) and no iterations.';

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
    handler: async (c) => c.json({ user: await meBody(c.get('store').db, c.get('user')) }),
  }),
  listRow(products, {
    path: '/products',
    summary: 'List products (workspaces)',
    description: 'Operation 19.',
    scope: () => ({}),
  }),
  showRow(product, {
    summary: 'Show a product',
    description: '`fields` narrows the answer (`project_template_id`, asked for by hosted clients, is null: there are no templates here).',
    params: { id: 'Numeric id or reference prefix (e.g. PLN)' },
    query: showQuerySchema,
  }),
  {
    ...createRow(product, {
      path: '/products',
      summary: 'Create a product (workspace)',
      description:
        'With its workflows, feature kinds and time frames. `prefix` (or `reference_prefix`): 2–10 upper-case letters or digits, a letter first, unused by any product or team.',
      body: account.productCreateBody,
      create: ({ db, user }, _parent, body) => createProduct(db, user, body.data, body),
    }),
    access: 'administrator' as const,
  },
  {
    ...updateRow(product, {
      summary: 'Update a product',
      description: 'The prefix can change only while no record of the product carries a key made with it.',
      params: { id: 'Numeric id or reference prefix (e.g. PLN)' },
      body: account.productUpdateBody,
      update: ({ db, user }, row, body) => updateProduct(db, user, row, body.data, body),
    }),
    access: 'administrator' as const,
  },
  {
    ...deleteRow(product, {
      summary: 'Delete a product (workspace), to the recycle bin',
      description:
        'Administrators only. The workspace and everything in it (releases, features, epics, initiatives, goals, ideas, portals, ' +
        'notes, comments, files, custom fields, workflows, teams) go into the recycle bin as one deletion, restorable for 30 days ' +
        "under the same ids and keys. The account's only workspace is refused (422 on `id`).",
      params: { id: 'Numeric id or reference prefix (e.g. PLN)' },
      errors: { 422: "The account's only workspace (on `id`)" },
      remove: removeById(deleteProduct),
    }),
    access: 'administrator' as const,
  },
  listRow(users, {
    path: '/users',
    summary: 'List users',
    description: '`q` searches names and emails.',
    scope: () => ({}),
  }),
  showRow(user, { summary: 'Show a user' }),
  {
    ...updateRow(user, {
      summary: 'Update a user',
      description:
        'The hosted `first_name` / `last_name` (a user has one name here: the first word and the rest) or `name`; `email`, ' +
        'unique in any case; `enabled`; `administrator` (the one role: an administrator owns every workspace, a member ' +
        'contributes to all). The account keeps at least one enabled administrator (422 on `administrator` or `enabled`), ' +
        "and nobody disables themselves (422 on `enabled`). A disabled user's tokens stop working at once.",
      body: admin.userUpdateBody,
      update: ({ db, user: actor }, row, body) => updateUser(db, actor, row, body.data, body),
    }),
    access: 'administrator' as const,
  },
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
  {
    ...createRow(team, {
      path: '/teams',
      summary: 'Create a team',
      description: `An account-wide team unless \`product_id\` names a workspace. ${TEAM_RULES}`,
      body: admin.teamCreateBody,
      create: ({ db, user }, _parent, body) => createTeam(db, user, null, body.data, body),
    }),
    access: 'administrator' as const,
  },
  {
    ...createRow(team, {
      // `{id}` as the list on this path names it: one path, one parameter name in the document.
      path: '/products/{id}/teams',
      summary: 'Create a team of a product',
      description: `A \`product_id\` in the body must name the path's product. ${TEAM_RULES}`,
      params: { id: 'Numeric id or reference prefix (e.g. PLN)' },
      body: admin.teamCreateBody,
      parent: requireProduct,
      create: ({ db, user }, product, body) => createTeam(db, user, product, body.data, body),
    }),
    access: 'administrator' as const,
  },
  {
    ...updateRow(team, {
      summary: 'Update a team',
      description:
        `Any field of the create. \`product_id\` moves the team (null: account-wide) unless features or epics of other ` +
        `workspaces are planned with it; the prefix changes only while no program increment carries it. ${TEAM_RULES}`,
      body: admin.teamUpdateBody,
      update: ({ db, user }, row, body) => updateTeam(db, user, row, body.data, body),
    }),
    access: 'administrator' as const,
  },
  {
    ...deleteRow(team, {
      summary: 'Delete a team, to the recycle bin',
      description:
        'Administrators only. The team with its statuses, iterations and program increments goes into the recycle bin as one ' +
        'deletion; features and epics stay and lose their links to it, which a restore puts back.',
      remove: removeById(deleteTeam),
    }),
    access: 'administrator' as const,
  },
] as const;

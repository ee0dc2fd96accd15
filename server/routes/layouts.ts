// Custom layouts (issue 14): operation 17 and one layout for configuration administrators, their
// writes (our own rows, administrators only), and the layouts a workspace uses, which every
// signed-in user reads because every create form and detail page is drawn from them. Rows of the
// route table; the rules are the store's (store/layouts.ts; docs/decisions.md, "Custom layouts").
import {
  screenDefinitionCreateBody,
  screenDefinitionEnvelope,
  screenDefinitionListQuery,
  screenDefinitionPage,
  screenDefinitionSchema,
  screenDefinitionUpdateBody,
  screenLayoutList,
} from '../../src/contract/layouts';
import { pageBody, paging } from '../http/query';
import { route } from '../http/route-table';
import {
  createScreenDefinition,
  deleteScreenDefinition,
  listScreenDefinitions,
  requireScreenDefinition,
  screenDefinitionBodies,
  updateScreenDefinition,
  workspaceLayouts,
} from '../store/layouts';
import type { Db } from '../store/audit';
import { requireProduct } from '../store/resolve';

const tags = ['Custom layouts'];

const LAYOUT =
  'A layout lists `sections` in order (`column` main or side), each with `fields` in order: a standard field of the kind by its ' +
  'create-body name (`assigned_to_user`, `tags` …) or a custom field as `custom_fields.<key>`, with `on_form`, `on_detail` and ' +
  '`required` (mandatory on create: a create without it is a 422 naming it).';

async function answerOne(db: Db, id: number) {
  const row = await requireScreenDefinition(db, String(id));
  const [body] = await screenDefinitionBodies(db, [row]);
  return { screen_definition: body };
}

const at = (ms: number) => new Date(ms).toISOString();

export const layoutRoutes = [
  route({
    method: 'get',
    path: '/screen_definitions',
    op: 'screen_definitions_list',
    summary: 'List custom layouts',
    description: `Operation 17. Configuration administrators only (a member gets 403). \`screenable_type\` narrows to one kind. ${LAYOUT}`,
    tags,
    access: 'administrator',
    query: screenDefinitionListQuery,
    response: screenDefinitionPage,
    handler: async (c, { query }) => {
      const db = c.get('store').db;
      const p = paging(query);
      const page = await listScreenDefinitions(db, { screenableType: query.screenable_type }, p);
      return c.json(pageBody('screen_definitions', await screenDefinitionBodies(db, page.rows), page.total, p));
    },
  }),
  route({
    method: 'get',
    path: '/screen_definitions/{id}',
    op: 'screen_definitions_show',
    summary: 'Show a custom layout',
    description:
      'Configuration administrators only. The layout itself, not in an envelope, as the hosted service answers it (the writes answer `{"screen_definition": …}`).',
    tags,
    access: 'administrator',
    response: screenDefinitionSchema,
    handler: async (c, { params }) => {
      const db = c.get('store').db;
      const row = await requireScreenDefinition(db, params.id);
      const [body] = await screenDefinitionBodies(db, [row]);
      return c.json(body);
    },
  }),
  route({
    method: 'post',
    path: '/screen_definitions',
    op: 'screen_definitions_create',
    summary: 'Create a custom layout',
    description:
      `Configuration administrators only. \`sections\` left out: the kind's default sections. The kind's first layout is its default; ` +
      `\`default: true\` makes this one the default instead. \`product_ids\` assigns it to those workspaces for its kind. ${LAYOUT} ` +
      'A field the kind does not have, a custom key no workspace defines for the kind, a field named twice, a required field that ' +
      'cannot be required or is not on the form, or a form without the fields it always holds (the name …): 422 naming it.',
    tags,
    access: 'administrator',
    body: screenDefinitionCreateBody,
    response: screenDefinitionEnvelope,
    handler: async (c, { body }) => {
      const store = c.get('store');
      const input = { input: body.data, checked: body, userId: c.get('user').id, at: at(store.clock.now()) };
      const id = await store.db.transaction().execute((trx) => createScreenDefinition(trx, input));
      return c.json(await answerOne(store.db, id));
    },
  }),
  route({
    method: 'put',
    path: '/screen_definitions/{id}',
    op: 'screen_definitions_update',
    summary: 'Update a custom layout',
    description:
      `Configuration administrators only. \`sections\` and \`product_ids\` replace what the layout had (a workspace left out falls ` +
      `back to the kind's default). The default stays the default until another layout is made the default. ${LAYOUT}`,
    tags,
    access: 'administrator',
    body: screenDefinitionUpdateBody,
    response: screenDefinitionEnvelope,
    handler: async (c, { params, body }) => {
      const store = c.get('store');
      const row = await requireScreenDefinition(store.db, params.id);
      const input = { input: body.data, checked: body, userId: c.get('user').id, at: at(store.clock.now()) };
      await store.db.transaction().execute((trx) => updateScreenDefinition(trx, row.id, input));
      return c.json(await answerOne(store.db, row.id));
    },
  }),
  route({
    method: 'delete',
    path: '/screen_definitions/{id}',
    op: 'screen_definitions_delete',
    summary: 'Delete a custom layout',
    description:
      "Configuration administrators only. Its workspaces fall back to the kind's default; the default itself is refused (422). " +
      'Configuration, not a record: it does not go to the recycle bin (its audit keeps its fields).',
    tags,
    access: 'administrator',
    response: null,
    errors: { 422: 'The default layout of its kind (on `default`)' },
    handler: async (c, { params }) => {
      const store = c.get('store');
      const row = await requireScreenDefinition(store.db, params.id);
      await store.db.transaction().execute((trx) => deleteScreenDefinition(trx, row.id, c.get('user').id));
      return c.body(null, 204);
    },
  }),
  route({
    method: 'get',
    path: '/products/{product_id}/screen_layouts',
    op: 'products_screen_layouts_list',
    summary: "List a workspace's layouts",
    description:
      'Every signed-in user: the layout this workspace uses for each kind (its own, else the kind’s default, else the built-in ' +
      'default, `screen_definition_id` null), custom fields resolved to the workspace’s definitions (a key it does not define is left out).',
    tags,
    response: screenLayoutList,
    handler: async (c, { params }) => {
      const db = c.get('store').db;
      const product = await requireProduct(db, params.product_id);
      return c.json({ screen_layouts: await workspaceLayouts(db, product.id) });
    },
  }),
] as const;

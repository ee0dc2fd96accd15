// Custom field definitions, read-only (they come from the seed): the hosted service's account-wide
// list and a field's options, plus a product's list, so a client can offer every defined field and
// option without reading records. Rows of the route table.
import {
  customFieldDefinitionPage,
  customFieldDefinitionQuery,
  customFieldOptionsEnvelope,
  productCustomFieldDefinitionQuery,
} from '../../src/contract/custom-fields';
import { pageBody, paging } from '../http/query';
import { route } from '../http/route-table';
import {
  definitionBody,
  listCustomFieldDefinitions,
  optionBodies,
  requireCustomFieldDefinition,
} from '../store/custom-fields';
import type { DefinitionFilter } from '../store/custom-fields';
import { findProduct, requireProduct } from '../store/resolve';

const tags = ['Custom fields'];

export const customFieldRoutes = [
  route({
    method: 'get',
    path: '/custom_field_definitions',
    op: 'custom_field_definitions_list',
    summary: "List the account's custom field definitions",
    tags,
    query: customFieldDefinitionQuery,
    response: customFieldDefinitionPage,
    handler: async (c, { query }) => {
      const db = c.get('store').db;
      const p = paging(query);
      const filter: DefinitionFilter = { recordType: query.custom_fieldable_type };
      if (query.product !== undefined) {
        // An unknown product is a filter that names nothing: an empty page, as for an unknown status.
        const product = await findProduct(db, query.product);
        if (!product) return c.json(pageBody('custom_field_definitions', [], 0, p));
        filter.productId = product.id;
      }
      const page = await listCustomFieldDefinitions(db, filter, p);
      return c.json(pageBody('custom_field_definitions', page.rows.map(definitionBody), page.total, p));
    },
  }),
  route({
    method: 'get',
    path: '/products/{product_id}/custom_field_definitions',
    op: 'products_custom_field_definitions_list',
    summary: "List a product's custom field definitions",
    tags,
    query: productCustomFieldDefinitionQuery,
    response: customFieldDefinitionPage,
    handler: async (c, { params, query }) => {
      const db = c.get('store').db;
      const product = await requireProduct(db, params.product_id);
      const p = paging(query);
      const page = await listCustomFieldDefinitions(db, { productId: product.id, recordType: query.custom_fieldable_type }, p);
      return c.json(pageBody('custom_field_definitions', page.rows.map(definitionBody), page.total, p));
    },
  }),
  route({
    method: 'get',
    path: '/custom_field_definitions/{id}/options',
    op: 'custom_field_definitions_options_list',
    summary: "List a select field's options",
    tags,
    response: customFieldOptionsEnvelope,
    handler: async (c, { params }) => {
      const definition = await requireCustomFieldDefinition(c.get('store').db, params.id);
      return c.json({ options: optionBodies(definition) });
    },
  }),
] as const;

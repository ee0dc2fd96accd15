// Custom field definitions, read-only (they come from the seed): the hosted service's account-wide
// list and a field's options, plus a product's list, so a client can offer every defined field and
// option without reading records. Rows of the route table.
import type { z } from 'zod';
import {
  customFieldDefinitionPage,
  customFieldDefinitionQuery,
  customFieldOptionsEnvelope,
  productCustomFieldDefinitionQuery,
} from '../../src/contract/custom-fields';
import type { Paging } from '../problems';
import type { Db } from '../store/audit';
import { listKind, listRow, pageAnswer } from '../http/list-rows';
import { route } from '../http/route-table';
import { definitionBody, listCustomFieldDefinitions, optionBodies, requireCustomFieldDefinition } from '../store/custom-fields';
import { findProduct, requireProduct } from '../store/resolve';

const tags = ['Custom fields'];

/** A product's definitions (`productId`), or the account's, narrowed to the product the query names. */
async function loadDefinitions(db: Db, scope: { productId?: number }, p: Paging, query: z.output<typeof customFieldDefinitionQuery>) {
  const recordType = query.custom_fieldable_type;
  if (scope.productId !== undefined || query.product === undefined) return listCustomFieldDefinitions(db, { ...scope, recordType }, p);
  // An unknown product is a filter that names nothing: an empty page, as for an unknown status.
  const product = await findProduct(db, query.product);
  return product ? listCustomFieldDefinitions(db, { productId: product.id, recordType }, p) : { rows: [], total: 0 };
}

const answer = pageAnswer('custom_field_definitions', loadDefinitions, (rows) => rows.map(definitionBody));
const accountDefinitions = listKind({ tags, query: customFieldDefinitionQuery, response: customFieldDefinitionPage, answer });
const productDefinitions = listKind({ tags, query: productCustomFieldDefinitionQuery, response: customFieldDefinitionPage, answer });

export const customFieldRoutes = [
  listRow(accountDefinitions, {
    path: '/custom_field_definitions',
    summary: "List the account's custom field definitions",
    scope: () => ({}),
  }),
  listRow(productDefinitions, {
    path: '/products/{product_id}/custom_field_definitions',
    summary: "List a product's custom field definitions",
    parent: requireProduct,
    scope: (product) => ({ productId: product.id }),
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

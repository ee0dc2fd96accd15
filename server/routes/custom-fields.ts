// Custom field definitions, read-only (they come from the seed): the hosted service's account-wide
// list and a field's options, plus a product's list, so a client can offer every defined field and
// option without reading records. Handlers read the query, call the store, shape.
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../types';
import { listQuery, pageBody, paging, readQuery } from '../http';
import {
  definitionBody,
  listCustomFieldDefinitions,
  optionBodies,
  requireCustomFieldDefinition,
} from '../store/custom-fields';
import type { DefinitionFilter } from '../store/custom-fields';
import { findProduct, requireProduct } from '../store/resolve';

/** A blank filter is no filter: a form that sends an empty choice should not empty the list. */
const filterText = z
  .string()
  .max(100, 'is too long (at most 100 characters)')
  .transform((s) => s.trim() || undefined)
  .optional();

const productListQuery = listQuery
  .pick({ page: true, per_page: true })
  .extend({ custom_fieldable_type: filterText });
const accountListQuery = productListQuery.extend({ product: filterText });

export function customFieldRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get('/custom_field_definitions', async (c) => {
    const db = c.get('store').db;
    const query = readQuery(c, accountListQuery);
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
  });

  app.get('/products/:product_id/custom_field_definitions', async (c) => {
    const db = c.get('store').db;
    const product = await requireProduct(db, c.req.param('product_id'));
    const query = readQuery(c, productListQuery);
    const p = paging(query);
    const page = await listCustomFieldDefinitions(
      db,
      { productId: product.id, recordType: query.custom_fieldable_type },
      p,
    );
    return c.json(pageBody('custom_field_definitions', page.rows.map(definitionBody), page.total, p));
  });

  app.get('/custom_field_definitions/:id/options', async (c) => {
    const definition = await requireCustomFieldDefinition(c.get('store').db, c.req.param('id'));
    return c.json({ options: optionBodies(definition) });
  });

  return app;
}

// Account routes: who is signed in, products (operation 19), users, workflows, feature kinds and
// teams. Read-only: these records come from the seed.
import { Hono } from 'hono';
import type { AppEnv } from '../types';
import { listQuery, pageBody, paging, readQuery } from '../http';
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

/** Scheme and host the request came to: `url`/`resource` links point back at it. */
export const originOf = (url: string): string => new URL(url).origin;

export function accountRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get('/me', (c) => c.json({ user: userBody(c.get('user')) }));

  app.get('/products', async (c) => {
    const query = readQuery(c, listQuery);
    const p = paging(query);
    const page = await listProducts(c.get('store').db, p, query.updated_since);
    const origin = originOf(c.req.url);
    return c.json(
      pageBody(
        'products',
        page.rows.map((r) => productBody(r, origin)),
        page.total,
        p,
      ),
    );
  });

  app.get('/products/:id', async (c) => {
    const product = await requireProduct(c.get('store').db, c.req.param('id'));
    return c.json({ product: productBody(product, originOf(c.req.url)) });
  });

  app.get('/users', async (c) => {
    const query = readQuery(c, listQuery);
    const p = paging(query);
    const page = await listUsers(c.get('store').db, p, query.q);
    return c.json(pageBody('users', page.rows.map(userBody), page.total, p));
  });

  app.get('/users/:id', async (c) => {
    const user = await requireUser(c.get('store').db, c.req.param('id'));
    return c.json({ user: userBody(user) });
  });

  app.get('/products/:id/workflows', async (c) => {
    const db = c.get('store').db;
    const product = await requireProduct(db, c.req.param('id'));
    const p = paging(readQuery(c, listQuery));
    const page = await listWorkflows(db, product.id, p);
    return c.json(pageBody('workflows', page.rows, page.total, p));
  });

  app.get('/products/:id/workflow_kinds', async (c) => {
    const db = c.get('store').db;
    const product = await requireProduct(db, c.req.param('id'));
    const p = paging(readQuery(c, listQuery));
    const page = await listWorkflowKinds(db, product.id, p);
    return c.json(pageBody('workflow_kinds', page.rows, page.total, p));
  });

  app.get('/products/:id/teams', async (c) => {
    const db = c.get('store').db;
    const product = await requireProduct(db, c.req.param('id'));
    const p = paging(readQuery(c, listQuery));
    const page = await listTeams(db, product.id, p);
    return c.json(pageBody('teams', page.rows, page.total, p));
  });

  app.get('/teams', async (c) => {
    const p = paging(readQuery(c, listQuery));
    const page = await listTeams(c.get('store').db, null, p);
    return c.json(pageBody('teams', page.rows, page.total, p));
  });

  app.get('/teams/:id', async (c) => {
    const db = c.get('store').db;
    const team = await requireTeam(db, c.req.param('id'));
    const [body] = await teamBodies(db, [team]);
    return c.json({ team: body });
  });

  return app;
}

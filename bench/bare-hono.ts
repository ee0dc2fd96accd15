// The load bench's control: bare Hono on @hono/node-server answering one fixed JSON body (the list
// page's own bytes, from the file CONTROL_BODY) to every request — the ceiling the service's list
// page is compared with.
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const body = fs.readFileSync(process.env.CONTROL_BODY ?? '', 'utf8');
const app = new Hono();
app.get('*', (c) => c.body(body, 200, { 'content-type': 'application/json; charset=utf-8' }));
const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => {
  console.log(`running at http://127.0.0.1:${(server.address() as AddressInfo).port}/ `);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));

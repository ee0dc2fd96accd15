// Placeholder: the routes of this record kind are being written.
import { Hono } from 'hono';
import type { AppEnv } from '../app';

export function initiativeRoutes(): Hono<AppEnv> {
  return new Hono<AppEnv>();
}

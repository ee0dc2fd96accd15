// The service's configuration, read and validated in one place.
import { z } from 'zod';

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(4780),
  HOST: z.string().default('127.0.0.1'),
  PLANNER_DATA_DIR: z.string().default('./data'),
  /** Fixes the administrator's token (scripts and tests); otherwise one is minted on first start. */
  PLANNER_TOKEN: z.string().min(8, 'PLANNER_TOKEN must be at least 8 characters').optional(),
  /** `demo` (default) seeds the demo account on first start; `empty` only users, one product, workflows. */
  PLANNER_SEED: z.enum(['demo', 'empty']).default('demo'),
  /** Largest request body accepted, in bytes. */
  PLANNER_MAX_BODY: z.coerce.number().int().min(1024).default(1024 * 1024),
  /** Worker threads answering reads (server/read-pool.ts); default one per core, at most 4; 0 answers them on the main thread. */
  PLANNER_READ_WORKERS: z.coerce.number().int().min(0).max(16).optional(),
  /** Origins other than the service's own that may call the API from a browser (comma-separated). */
  PLANNER_CORS_ORIGINS: z.string().default(''),
  /**
   * The address people and clients reach the service at (`https://planner.example.com`): every
   * `url`/`resource` link is built on it, and its host is one the service answers to. Default: the
   * listen address, `http://<HOST>:<PORT>`.
   */
  PLANNER_PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'PLANNER_PUBLIC_URL must be an http(s) URL such as https://planner.example.com' })
    .refine((u) => !URL.canParse(u) || new URL(u).href === `${new URL(u).origin}/`, 'PLANNER_PUBLIC_URL is an origin only (no path or query)')
    .optional(),
  /**
   * More host names the service answers to (comma-separated `name` or `name:port`), e.g. behind a
   * proxy that keeps the Host header. Requests for any other host are refused (DNS rebinding).
   */
  PLANNER_ALLOWED_HOSTS: z.string().default(''),
});

export type Env = z.infer<typeof envSchema>;

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

// The service's configuration, read and validated in one place.
import { z } from 'zod';
import { DEFAULT_CONNECTION_LIMITS } from './http/connections';
import { parseTrustedProxies } from './http/proxies';
import { DEFAULT_AUTH_FAILURE_LIMIT, DEFAULT_RATE_LIMIT, parseRateLimit } from './http/rate-limit';
import { DEFAULT_UPSTREAM_TIMEOUT_MS, upstreamBase } from './http/upstream';
import { DEFAULT_PORTAL_LIMITS } from './portal/routes';

/** `20/s,300/min` or `off`, read into windows; a bad spec is one message naming the problem. */
const rateLimitSpec = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((text, ctx) => {
      const parsed = parseRateLimit(text);
      if (typeof parsed === 'string') {
        ctx.addIssue({ code: 'custom', message: parsed });
        return z.NEVER;
      }
      return parsed;
    });

const millis = (fallback: number) => z.coerce.number().int().min(0).max(3_600_000).default(fallback);

const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(4780),
    HOST: z.string().default('127.0.0.1'),
    PLANNER_DATA_DIR: z.string().default('./data'),
    /**
     * `postgres://user:password@host:port/database`: the data is kept in PostgreSQL, shared by every
     * instance given the same URL; PLANNER_DATA_DIR then holds only uploaded files. Unset: SQLite in
     * PLANNER_DATA_DIR.
     */
    PLANNER_DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'PLANNER_DATABASE_URL must be a postgres:// URL')
      .optional(),
    /** PostgreSQL connections per instance. */
    PLANNER_DATABASE_POOL: z.coerce.number().int().min(1).max(200).default(10),
    /** Fixes the administrator's token (scripts and tests); otherwise one is minted on first start. */
    PLANNER_TOKEN: z.string().min(8, 'PLANNER_TOKEN must be at least 8 characters').optional(),
    /** `demo` (default) seeds the demo account on first start; `empty` only users, one product, workflows. */
    PLANNER_SEED: z.enum(['demo', 'empty']).default('demo'),
    /** Largest request body accepted, in bytes. */
    PLANNER_MAX_BODY: z.coerce
      .number()
      .int()
      .min(1024)
      .default(1024 * 1024),
    /** Largest uploaded file (an attachment), in bytes; streamed to disk, so it may be far above PLANNER_MAX_BODY. */
    PLANNER_MAX_UPLOAD_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .default(25 * 1024 * 1024),
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
      .url({
        protocol: /^https?$/,
        error: 'PLANNER_PUBLIC_URL must be an http(s) URL such as https://planner.example.com',
      })
      .refine(
        (u) => !URL.canParse(u) || new URL(u).href === `${new URL(u).origin}/`,
        'PLANNER_PUBLIC_URL is an origin only (no path or query)',
      )
      .optional(),
    /**
     * More host names the service answers to (comma-separated `name` or `name:port`), e.g. behind a
     * proxy that keeps the Host header. Requests for any other host are refused (DNS rebinding).
     */
    PLANNER_ALLOWED_HOSTS: z.string().default(''),
    /**
     * Reverse proxies and load balancers whose forwarding header is believed (comma-separated
     * addresses, CIDR ranges and the keywords `loopback`, `private`, `linklocal`): the client's
     * address and scheme are read through them (http/proxies.ts). Empty: the headers are ignored.
     */
    PLANNER_TRUSTED_PROXIES: z
      .string()
      .default('')
      .transform((text, ctx) => {
        const parsed = parseTrustedProxies(text);
        if (typeof parsed === 'string') {
          ctx.addIssue({ code: 'custom', message: parsed });
          return z.NEVER;
        }
        return parsed;
      }),
    /** The header those proxies write: `x-forwarded-for` (with X-Forwarded-Proto) or `forwarded` (RFC 7239). */
    PLANNER_FORWARDED_HEADER: z.preprocess((v) => (typeof v === 'string' ? v.trim().toLowerCase() : v), z.enum(['x-forwarded-for', 'forwarded']).default('x-forwarded-for')),
    /** Requests per access token, e.g. `100/s,3000/min`; `off` disables. */
    PLANNER_RATE_LIMIT: rateLimitSpec(DEFAULT_RATE_LIMIT),
    /** Wrong tokens one remote address may send before its token checks answer 429; `off` disables. */
    PLANNER_AUTH_FAILURE_LIMIT: rateLimitSpec(DEFAULT_AUTH_FAILURE_LIMIT),
    /** Ideas portals: sign-in emails per address and per email, ideas, votes and comments per portal user (`off` disables each). */
    PLANNER_PORTAL_SIGN_IN_LIMIT: rateLimitSpec(DEFAULT_PORTAL_LIMITS.signIn),
    PLANNER_PORTAL_SUBMIT_LIMIT: rateLimitSpec(DEFAULT_PORTAL_LIMITS.submit),
    PLANNER_PORTAL_VOTE_LIMIT: rateLimitSpec(DEFAULT_PORTAL_LIMITS.vote),
    PLANNER_PORTAL_COMMENT_LIMIT: rateLimitSpec(DEFAULT_PORTAL_LIMITS.comment),
    /** A mail server for portal sign-in links, `smtp://user:pass@host:587` or `smtps://…`; unset: links go to the log. */
    PLANNER_SMTP_URL: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z
        .string()
        .regex(/^smtps?:\/\/\S+$/, 'must be an smtp:// or smtps:// address')
        .optional(),
    ),
    /** The sender of portal emails, e.g. `Ideas <ideas@example.com>`. */
    PLANNER_SMTP_FROM: z.string().optional(),
    /** Time for a request's headers to arrive (ms). */
    PLANNER_HEADERS_TIMEOUT_MS: millis(DEFAULT_CONNECTION_LIMITS.headersTimeoutMs).refine((ms) => ms >= 100, 'must be at least 100 ms'),
    /** Time for a whole request, body included, to arrive (ms); 0 (default) is no limit: bodies are held to the two below. */
    PLANNER_REQUEST_TIMEOUT_MS: millis(DEFAULT_CONNECTION_LIMITS.requestTimeoutMs),
    /** A request body that sends no byte for this long (ms) is cut with 408; 0 is no limit. */
    PLANNER_BODY_IDLE_TIMEOUT_MS: millis(DEFAULT_CONNECTION_LIMITS.bodyIdleTimeoutMs).refine((ms) => ms === 0 || ms >= 100, 'must be 0 or at least 100 ms'),
    /** A request body arriving slower than this on average (bytes per second), once PLANNER_BODY_RATE_GRACE_MS old, is cut with 408; 0 is no floor. */
    PLANNER_BODY_MIN_RATE: z.coerce.number().int().min(0).max(1_000_000_000).default(DEFAULT_CONNECTION_LIMITS.bodyMinRate),
    /** How long a body may take before its pace is held to PLANNER_BODY_MIN_RATE (ms). */
    PLANNER_BODY_RATE_GRACE_MS: millis(DEFAULT_CONNECTION_LIMITS.bodyRateGraceMs).refine((ms) => ms >= 100, 'must be at least 100 ms'),
    /** Idle time after which a keep-alive connection is closed (ms). */
    PLANNER_KEEP_ALIVE_TIMEOUT_MS: millis(DEFAULT_CONNECTION_LIMITS.keepAliveTimeoutMs),
    /** Connections one remote address may hold open at once; 0 is no limit. */
    PLANNER_MAX_CONNECTIONS_PER_IP: z.coerce.number().int().min(0).max(100_000).default(DEFAULT_CONNECTION_LIMITS.maxConnectionsPerIp),
    /** SQLite `synchronous`: `normal` (default) survives a killed process, `full` also a power cut. */
    PLANNER_SYNCHRONOUS: z.enum(['normal', 'full']).default('normal'),
    /**
     * A hosted account to pass the API through to (http/upstream.ts): its API base URL,
     * `https://company.aha.io/api/v1` (an origin alone means its `/api/v1`). Callers still need this
     * service's token; the app is still served here. Empty or unset: the local database answers.
     */
    PLANNER_UPSTREAM: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z
        .string()
        .superRefine((url, ctx) => {
          try {
            upstreamBase(url);
          } catch (err) {
            // Its sentences name the variable for callers of startService; here the path does.
            ctx.addIssue({
              code: 'custom',
              message: (err as Error).message.replace(/^PLANNER_UPSTREAM:?\s*/, ''),
            });
          }
        })
        .optional(),
    ),
    /** The upstream's access token, sent as its Bearer token in place of the caller's; required with PLANNER_UPSTREAM. */
    PLANNER_UPSTREAM_TOKEN: z.string().optional(),
    /** Time for the upstream's answer to start (504 after it), and the longest pause within its body (ms). */
    PLANNER_UPSTREAM_TIMEOUT_MS: millis(DEFAULT_UPSTREAM_TIMEOUT_MS).refine((ms) => ms >= 100, 'must be at least 100 ms'),
  })
  .refine((env) => env.PLANNER_UPSTREAM === undefined || (env.PLANNER_UPSTREAM_TOKEN ?? '').trim() !== '', {
    path: ['PLANNER_UPSTREAM_TOKEN'],
    message: "is required with PLANNER_UPSTREAM: the upstream account's API token",
  })
  .refine((env) => env.PLANNER_REQUEST_TIMEOUT_MS === 0 || env.PLANNER_REQUEST_TIMEOUT_MS >= env.PLANNER_HEADERS_TIMEOUT_MS, {
    path: ['PLANNER_REQUEST_TIMEOUT_MS'],
    message: 'must be 0 or at least PLANNER_HEADERS_TIMEOUT_MS',
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

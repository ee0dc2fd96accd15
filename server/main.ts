// CLI of the local planning service.
//   node dist-server/main.js                    start (PORT, HOST, PLANNER_DATA_DIR, PLANNER_TOKEN, PLANNER_SEED)
//   node dist-server/main.js token EMAIL        mint and print a token for that user
// (the compiled bundle, scripts/build-server.mjs; `node --import tsx server/main.ts` runs the source)
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mintToken } from './auth';
import { readEnv } from './env';
import { openStore } from './store/db';
import { startService } from './start';
import { defaultReadWorkers } from './read-pool';
import { upstreamBase } from './http/upstream';

async function main(argv: string[]): Promise<void> {
  const env = readEnv();
  const [command = 'serve', ...rest] = argv;

  if (command === 'token') {
    const email = rest[0];
    if (!email) throw new Error('Usage: npm run token -- <email>');
    const store = await openStore(env.PLANNER_DATA_DIR, { databaseUrl: env.PLANNER_DATABASE_URL });
    try {
      if (store.created) throw new Error(`No database in ${env.PLANNER_DATA_DIR} yet: run npm start once first.`);
      const user = await store.db.selectFrom('users').select(['id', 'name']).where('email', '=', email).executeTakeFirst();
      if (!user) throw new Error(`No user with email ${email}`);
      const token = await mintToken(store.db, user.id, 'npm run token');
      console.log(token);
    } finally {
      await store.close();
    }
    return;
  }

  if (command !== 'serve') throw new Error(`Unknown command "${command}": use serve or token <email>`);

  const service = await startService({
    dataDir: env.PLANNER_DATA_DIR,
    databaseUrl: env.PLANNER_DATABASE_URL,
    databasePool: env.PLANNER_DATABASE_POOL,
    port: env.PORT,
    host: env.HOST,
    adminToken: env.PLANNER_TOKEN,
    seed: env.PLANNER_SEED,
    maxBodyBytes: env.PLANNER_MAX_BODY,
    maxUploadBytes: env.PLANNER_MAX_UPLOAD_BYTES,
    readWorkers: env.PLANNER_READ_WORKERS ?? defaultReadWorkers(),
    corsOrigins: env.PLANNER_CORS_ORIGINS.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    publicUrl: env.PLANNER_PUBLIC_URL,
    allowedHosts: env.PLANNER_ALLOWED_HOSTS.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    // The built app beside this file's folder: dist-server/main.js and server/main.ts are both one
    // level below the project, so either way it is <project>/dist, wherever the service starts from.
    staticDir: fileURLToPath(new URL('../dist', import.meta.url)),
    trustedProxies: env.PLANNER_TRUSTED_PROXIES,
    forwardedHeader: env.PLANNER_FORWARDED_HEADER,
    rateLimit: env.PLANNER_RATE_LIMIT,
    authFailureLimit: env.PLANNER_AUTH_FAILURE_LIMIT,
    portal: {
      limits: {
        signIn: env.PLANNER_PORTAL_SIGN_IN_LIMIT,
        submit: env.PLANNER_PORTAL_SUBMIT_LIMIT,
        vote: env.PLANNER_PORTAL_VOTE_LIMIT,
        comment: env.PLANNER_PORTAL_COMMENT_LIMIT,
        // Wrong or used sign-in links count as wrong tokens do.
        linkFailures: env.PLANNER_AUTH_FAILURE_LIMIT,
      },
      mail: { smtpUrl: env.PLANNER_SMTP_URL, from: env.PLANNER_SMTP_FROM },
    },
    connections: {
      headersTimeoutMs: env.PLANNER_HEADERS_TIMEOUT_MS,
      requestTimeoutMs: env.PLANNER_REQUEST_TIMEOUT_MS,
      bodyIdleTimeoutMs: env.PLANNER_BODY_IDLE_TIMEOUT_MS,
      bodyMinRate: env.PLANNER_BODY_MIN_RATE,
      bodyRateGraceMs: env.PLANNER_BODY_RATE_GRACE_MS,
      keepAliveTimeoutMs: env.PLANNER_KEEP_ALIVE_TIMEOUT_MS,
      maxConnectionsPerIp: env.PLANNER_MAX_CONNECTIONS_PER_IP,
    },
    synchronous: env.PLANNER_SYNCHRONOUS,
    // The env schema requires the token with the URL.
    upstream:
      env.PLANNER_UPSTREAM && env.PLANNER_UPSTREAM_TOKEN
        ? {
            url: env.PLANNER_UPSTREAM,
            token: env.PLANNER_UPSTREAM_TOKEN.trim(),
            timeoutMs: env.PLANNER_UPSTREAM_TIMEOUT_MS,
          }
        : undefined,
  });
  // A promise nobody waited for that failed is a bug, but one request's or one background job's:
  // said loudly, and the service goes on for everyone else (Node would end the process). Every
  // database failure is handled where it happens (store/postgres-driver.ts); an exception thrown
  // outside any promise still ends the process, its state unknown.
  process.on('unhandledRejection', (reason) => {
    console.error('Unhandled rejection (a bug: please report it; the service goes on):', reason);
  });
  console.log(`Planner is running at ${service.publicUrl}/`);
  if (service.publicUrl !== service.url) console.log(`  listening on ${service.url}`);
  console.log(`  data: ${path.resolve(env.PLANNER_DATA_DIR)}`);
  if (env.PLANNER_UPSTREAM)
    console.log(
      `  API passed through to ${upstreamBase(env.PLANNER_UPSTREAM).href} (PLANNER_UPSTREAM); the data folder only holds who may call`,
    );
  if (service.seeded) console.log(`  created the database and seeded the ${env.PLANNER_SEED} account`);
  if (service.mintedToken) {
    console.log(`  sign in as ${service.adminEmail ?? 'the administrator'} with this token (shown once):`);
    console.log(`    ${service.mintedToken}`);
  } else if (env.PLANNER_TOKEN) {
    console.log(`  sign in as ${service.adminEmail ?? 'the administrator'} with the token in PLANNER_TOKEN`);
  } else {
    console.log('  sign in with your token; mint a new one with: npm run token -- <email>');
  }

  const stop = (): void => {
    void service.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main(process.argv.slice(2)).catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});

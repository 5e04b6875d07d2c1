/**
 * `npm start`: migrate, bootstrap (admin, demo content), serve, and shut down gracefully on
 * SIGTERM/SIGINT (in-flight requests finish, then database connections close). With
 * WEB_CONCURRENCY above 1 (the default on a multi-core machine) this process prepares the database
 * and runs the worker processes that serve (src/cluster.ts): they are forked first and load the
 * server's code while the database is prepared, then wait for it before they open it.
 */
import cluster from 'node:cluster';
import { loadConfig, type Config } from './config';
import { createDatabase, databaseOptions } from './db/client';
import { bootstrap } from './db/bootstrap';
import { migrate } from './db/migrate';
import { databasePrepared, runPrimary, workerMetrics } from './cluster';
// Light (no HTTP stack): the primary may load it.
import { gracefulShutdown } from './http/shutdown';

type Prepared = { applied: unknown; seeded: unknown };

/** Migrations and the first start's seeding, once per start (in the primary when there are workers). */
async function prepare(config: Config): Promise<Prepared> {
  // The migrations hold a session advisory lock: a direct connection behind PgBouncer.
  const migration = await migrate(config.databaseDirectUrl ?? config.databaseUrl);
  const db = createDatabase(config.databaseUrl);
  try {
    const report = await bootstrap(config, db);
    if (report.created) printCredentials(config, report.created);
    return { applied: migration.applied, seeded: report.seeded };
  } finally {
    await db.close();
  }
}

function printCredentials(config: Config, created: { login: string; password?: string; applicationPassword?: string }): void {
  // Printed once, on the start that created the account; nothing stores the plain values.
  const lines = [`Administrator account created: ${created.login}`];
  if (created.password) lines.push(`  password:             ${created.password}`);
  if (created.applicationPassword) lines.push(`  application password: ${created.applicationPassword}`);
  lines.push(`  try: curl -u '${created.login}:${created.applicationPassword ?? '<application password>'}' ${config.siteUrl}/${config.restPrefix}/core/v2/users/me`);
  process.stdout.write(lines.join('\n') + '\n');
}

const QUIET_LEVELS = new Set(['warn', 'error', 'fatal', 'silent']);

async function main(): Promise<void> {
  const config = loadConfig();
  if (cluster.isWorker) return serve(config, databasePrepared());
  if (config.workers <= 1) return serve(config, prepare(config));
  // The primary never serves, so it never loads the HTTP stack (./http/app is imported in serve).
  const primary = runPrimary(config.workers, { info: (m) => !QUIET_LEVELS.has(config.logLevel) && console.log(m), error: (m) => console.error(m) });
  let prepared: Prepared;
  try {
    prepared = await prepare(config);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    return primary.abort(); // the primary exits 1 once the waiting workers have stopped
  }
  if (!QUIET_LEVELS.has(config.logLevel)) console.log(`database ready (${config.provider}; migrations applied: ${JSON.stringify(prepared.applied)}; seeded: ${JSON.stringify(prepared.seeded)})`);
  primary.databasePrepared();
}

/**
 * One serving process: the whole server, or one cluster worker. The server's code loads while
 * `ready` (the database prepared, here or by the primary) is pending.
 */
async function serve(config: Config, ready: Promise<Prepared | void>): Promise<void> {
  const [{ buildApp }, prepared] = await Promise.all([import('./http/app'), ready]);
  const db = createDatabase(config.databaseUrl, databaseOptions(config));
  const app = await buildApp(config, db, cluster.isWorker ? { metrics: workerMetrics } : {});
  const log = app.fastify.log;
  if (prepared) log.info({ provider: config.provider, ...prepared }, 'database ready');
  await app.fastify.listen({ port: config.port, host: config.host });

  const shutdown = gracefulShutdown(config, app, db, log);
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

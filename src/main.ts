/**
 * `npm start`: migrate, bootstrap (admin, demo content), serve, and shut down gracefully on
 * SIGTERM/SIGINT (in-flight requests finish, then database connections close).
 */
import { loadConfig } from './config';
import { createDatabase } from './db/client';
import { bootstrap } from './db/bootstrap';
import { migrate } from './db/migrate';
import { buildApp } from './http/app';

async function main(): Promise<void> {
  const config = loadConfig();
  const migration = await migrate(config.databaseUrl);
  const db = createDatabase(config.databaseUrl);
  const report = await bootstrap(config, db);
  const app = await buildApp(config, db);
  const log = app.fastify.log;
  log.info({ provider: config.provider, applied: migration.applied, seeded: report.seeded }, 'database ready');
  if (report.created) {
    // Printed once, on the start that created the account; nothing stores the plain values.
    const lines = [`Administrator account created: ${report.created.login}`];
    if (report.created.password) lines.push(`  password:             ${report.created.password}`);
    if (report.created.applicationPassword) lines.push(`  application password: ${report.created.applicationPassword}`);
    lines.push(`  try: curl -u '${report.created.login}:${report.created.applicationPassword ?? '<application password>'}' ${config.siteUrl}/${config.restPrefix}/core/v2/users/me`);
    process.stdout.write(lines.join('\n') + '\n');
  }
  await app.fastify.listen({ port: config.port, host: config.host });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      log.warn('grace period over, exiting');
      process.exit(1);
    }, config.shutdownGraceMs);
    force.unref();
    // Connections that finish their last response while we close would otherwise linger as idle
    // keep-alive sockets until the client drops them; close them as soon as they are idle.
    const sweep = setInterval(() => app.fastify.server.closeIdleConnections(), 100);
    sweep.unref();
    await app.fastify.close();
    clearInterval(sweep);
    await db.close();
    log.info('shut down cleanly');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

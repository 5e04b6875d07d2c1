/**
 * Graceful shutdown of one serving process, safe behind a balancer on its own (SIGTERM alone, no
 * balancer reconfiguration):
 *   1. /health answers 503 and every answer closes its connection (src/http/health.ts); with
 *      SHUTDOWN_DRAIN_MS the instance keeps accepting meanwhile, for balancers with active checks.
 *   2. It stops accepting connections: a balancer's new connection is refused, which nginx retries
 *      on another instance whatever the method (nothing was sent).
 *   3. It keeps the open connections and serves what arrives on them in full (with `Connection:
 *      close`): it never closes an idle kept-alive connection itself, because a balancer may be
 *      sending a request on it at that very moment (nginx does not retry a POST it has sent). The
 *      balancer drops its idle connections after its own idle timeout (nginx's upstream
 *      `keepalive_timeout`, which must stay below SHUTDOWN_GRACE_MS).
 *   4. Once no connection is left, or SHUTDOWN_GRACE_MS has passed (idle connections are then
 *      closed, and busy ones cut), the server closes, then the database; the process exits.
 * SIGINT (Ctrl-C) closes the idle connections at once: no balancer is waited for.
 */
import type { Server } from 'node:http';
import { Server as NetServer } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { App } from './app';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Stops accepting connections, keeping the open ones (http.Server#close would also close the idle ones); resolves once none is left. */
export function stopAccepting(server: Server): Promise<void> {
  return new Promise((resolve) => NetServer.prototype.close.call(server, () => resolve()));
}

export function gracefulShutdown(config: Config, app: App, db: Database, log: FastifyBaseLogger): (signal: string) => Promise<void> {
  let closing = false;
  return async (signal) => {
    if (closing) return;
    closing = true;
    app.health.drain();
    log.info({ signal, drainMs: config.shutdownDrainMs, graceMs: config.shutdownGraceMs }, 'shutting down: draining, then finishing the open connections');
    // A backstop: whatever hangs past drain and grace (a stuck database close) does not keep the process.
    const force = setTimeout(() => {
      log.warn('shutdown did not finish, exiting');
      process.exit(1);
    }, config.shutdownDrainMs + config.shutdownGraceMs + 5000);
    force.unref();
    if (config.shutdownDrainMs > 0) await sleep(config.shutdownDrainMs);
    const server = app.fastify.server;
    // Interactive (SIGINT, Ctrl-C): no balancer to wait for, idle connections go at once.
    if (signal === 'SIGINT') server.closeIdleConnections();
    const grace = setTimeout(() => {
      server.closeIdleConnections();
      server.getConnections((_error, active) => {
        if (!active) return;
        log.warn({ active }, 'grace period over: closing the connections still busy');
        server.closeAllConnections();
      });
    }, config.shutdownGraceMs);
    await stopAccepting(server);
    clearTimeout(grace);
    await app.fastify.close();
    await db.close();
    log.info('shut down cleanly');
    process.exit(0);
  };
}

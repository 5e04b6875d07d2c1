/**
 * The balancer's two probes. /ping (liveness) answers without touching anything. /health
 * (readiness) answers 200 when this instance should get traffic: its database answered a round
 * trip within the last second (one check at a time, the answer shared for a second, so probes
 * from many balancers cannot load the database), and it is not shutting down. While it drains
 * (`drain()`, on SIGTERM) /health answers 503 at once and every answer closes its connection, so
 * that clients and balancers stop reusing kept-alive connections to it before it closes them.
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';

/** How long one database check answers for every probe. */
const CHECK_TTL_MS = 1000;
/** A database that has not answered by then counts as unreachable. */
const CHECK_TIMEOUT_MS = 2000;

export interface Health {
  /** From now on: /health 503, every response with `Connection: close`. */
  drain(): void;
}

/** `check` run at most once per `ttlMs` (concurrent callers share the run in flight); resolves whether it succeeded. */
export function sharedCheck(check: () => Promise<unknown>, ttlMs: number, timeoutMs: number): () => Promise<boolean> {
  let last: { at: number; ok: boolean } | undefined;
  let running: Promise<boolean> | undefined;
  const once = async (): Promise<boolean> => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
    try {
      return await Promise.race([check().then(() => true, () => false), timeout]);
    } finally {
      clearTimeout(timer);
    }
  };
  return () => {
    if (last && Date.now() - last.at < ttlMs) return Promise.resolve(last.ok);
    running ??= once().then((ok) => {
      last = { at: Date.now(), ok };
      running = undefined;
      return ok;
    });
    return running;
  };
}

export function registerHealth(fastify: FastifyInstance, db: Database): Health {
  let draining = false;
  const databaseAnswers = sharedCheck(() => db.prisma.$queryRawUnsafe('SELECT 1'), CHECK_TTL_MS, CHECK_TIMEOUT_MS);

  // Liveness: answers without touching the database (also the bare baseline of the benchmarks).
  fastify.get('/ping', async () => ({ status: 'ok' }));
  fastify.get('/health', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    // Errors like any other (WordPress's shape), and still readable by a probe that looks at `status`.
    if (draining) return reply.code(503).send({ code: 'shutting_down', message: 'This instance is shutting down.', data: { status: 503 }, status: 'draining' });
    if (await databaseAnswers()) return { status: 'ok' };
    return reply.code(503).send({ code: 'database_unavailable', message: 'The database does not answer.', data: { status: 503 }, status: 'unavailable' });
  });
  return {
    drain: () => {
      if (draining) return;
      draining = true;
      // Ahead of Fastify's own listener, so that it holds for every answer, whichever route or hook sends it.
      fastify.server.prependListener('request', (_request, response) => response.setHeader('connection', 'close'));
    },
  };
}

/**
 * Several server processes on one machine (Node's cluster), as php-fpm runs several PHP workers:
 * the primary forks `WEB_CONCURRENCY` workers that share the listening port and prepares the
 * database once meanwhile; each worker loads its code, then waits for that before it opens the
 * database. Each worker is an ordinary stateless instance — the database holds everything and
 * response caches stay coherent through the invalidation log (src/cache/invalidation.ts) — so
 * nothing here is about data. The primary restarts a worker that dies, passes SIGTERM/SIGINT on,
 * and sums the workers' metrics so that /metrics tells about the whole server whichever worker
 * answers.
 */
import cluster, { type Worker } from 'node:cluster';
import { sumExpositions } from './http/metrics';
import { workerExecArgv } from './young-generation';

interface Log {
  info(message: string): void;
  error(message: string): void;
}

type Message =
  | { type: 'database:wait' }
  | { type: 'database:ready' }
  | { type: 'metrics:gather'; id: number }
  | { type: 'metrics:collect'; id: number }
  | { type: 'metrics:part'; id: number; text: string }
  | { type: 'metrics:result'; id: number; text: string };

/** A worker that answers the primary's collection later than this is left out of the sum. */
const GATHER_TIMEOUT_MS = 2000;

const isMessage = (value: unknown): value is Message => typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';

export interface Primary {
  /** The database is migrated and bootstrapped: the workers waiting for it (and all later ones) go on. */
  databasePrepared(): void;
  /** The database could not be prepared: stops the workers, then exits 1. */
  abort(): void;
}

/**
 * Runs the primary: forks `count` workers and keeps them running until SIGTERM/SIGINT, which it
 * passes on; exits once every worker has. A worker that dies before it ever listened means the
 * server cannot start (a taken port, a bad setting): the primary stops the others and exits 1.
 */
export function runPrimary(count: number, log: Log): Primary {
  let stopping = false;
  let failed = false;
  let prepared = false;
  const listening = new Set<number>();
  const waiting = new Set<Worker>();
  // Our own count: cluster.workers keeps an exited worker until its channel has also closed,
  // which may come after 'exit' — the last exit would then never see an empty map.
  const alive = new Set<Worker>();

  const fork = (): Worker => {
    const worker = cluster.fork();
    alive.add(worker);
    worker.on('listening', () => listening.add(worker.id));
    worker.on('message', (message: unknown) => {
      if (!isMessage(message)) return;
      if (message.type === 'metrics:gather') void gatherFor(worker, message.id);
      else if (message.type === 'database:wait') {
        if (prepared) worker.send({ type: 'database:ready' } satisfies Message);
        else waiting.add(worker);
      }
    });
    return worker;
  };

  cluster.on('exit', (worker, code, signal) => {
    alive.delete(worker);
    waiting.delete(worker);
    const everListened = listening.delete(worker.id);
    if (!stopping && everListened) {
      log.error(`worker ${worker.process.pid} stopped (${signal ?? `code ${code}`}); starting another`);
      fork();
    } else if (!stopping) {
      log.error(`worker ${worker.process.pid} exited before it could serve (${signal ?? `code ${code}`}); stopping`);
      failed = true;
      stop('SIGTERM');
    }
    if (alive.size === 0 && stopping) process.exit(failed ? 1 : 0);
  });

  const stop = (signal: NodeJS.Signals) => {
    stopping = true;
    // Should the process end by running out of work instead, it still says whether it failed.
    process.exitCode = failed ? 1 : 0;
    for (const worker of alive) worker.process.kill(signal);
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  cluster.setupPrimary({ execArgv: workerExecArgv(process.execArgv) });
  for (let i = 0; i < count; i++) fork();
  log.info(`starting ${count} worker processes`);
  return {
    databasePrepared: () => {
      prepared = true;
      for (const worker of waiting) if (worker.isConnected()) worker.send({ type: 'database:ready' } satisfies Message);
      waiting.clear();
    },
    abort: () => {
      failed = true;
      stop('SIGTERM');
      if (alive.size === 0) process.exit(1);
    },
  };
}

/** In a worker: resolves once the primary says the database is prepared. */
export function databasePrepared(): Promise<void> {
  return new Promise((resolve) => {
    const onMessage = (message: unknown) => {
      if (!isMessage(message) || message.type !== 'database:ready') return;
      process.off('message', onMessage);
      resolve();
    };
    process.on('message', onMessage);
    process.send?.({ type: 'database:wait' } satisfies Message);
  });
}

let gathers = 0;

/** Asks every worker for its exposition and answers `requester` with their sum. */
async function gatherFor(requester: Worker, id: number): Promise<void> {
  const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w && w.isConnected());
  const gatherId = ++gathers;
  const parts = await Promise.all(
    workers.map(
      (worker) =>
        new Promise<string>((resolve) => {
          const timer = setTimeout(() => done(''), GATHER_TIMEOUT_MS);
          const onMessage = (message: unknown) => {
            if (isMessage(message) && message.type === 'metrics:part' && message.id === gatherId) done(message.text);
          };
          const done = (text: string) => {
            clearTimeout(timer);
            worker.off('message', onMessage);
            resolve(text);
          };
          worker.on('message', onMessage);
          worker.send({ type: 'metrics:collect', id: gatherId } satisfies Message);
        }),
    ),
  );
  if (requester.isConnected()) requester.send({ type: 'metrics:result', id, text: sumExpositions(parts) } satisfies Message);
}

/**
 * In a worker: given this process's exposition, answers the primary's collections with it and
 * returns what /metrics serves: the sum over all workers (this process's own if the primary is silent).
 */
export function workerMetrics(local: () => string): () => Promise<string> {
  let requests = 0;
  const waiting = new Map<number, (text: string) => void>();
  process.on('message', (message: unknown) => {
    if (!isMessage(message)) return;
    if (message.type === 'metrics:collect') process.send?.({ type: 'metrics:part', id: message.id, text: local() } satisfies Message);
    else if (message.type === 'metrics:result') waiting.get(message.id)?.(message.text);
  });
  return () => {
    const id = ++requests;
    return new Promise<string>((resolve) => {
      const finish = (text: string) => {
        clearTimeout(timer);
        waiting.delete(id);
        resolve(text);
      };
      const timer = setTimeout(() => finish(local()), GATHER_TIMEOUT_MS + 500);
      waiting.set(id, finish);
      process.send?.({ type: 'metrics:gather', id } satisfies Message);
    });
  };
}

/**
 * Builds the read cache of a server: the in-process store, the invalidation bus over the
 * database (shared by every instance), the scheduler of future posts, and the optional purge
 * webhook told about this instance's invalidations.
 */
import type { Config } from '../config';
import { createInvalidationBus, type InvalidationBus } from '../cache/invalidation';
import { ResponseCache } from '../cache/store';
import type { Database } from '../db/client';
import { ReadCache, type CacheObserver } from './read-cache';
import { Scheduler } from './scheduler';

interface Logger {
  warn(object: unknown, message?: string): void;
}

/** A purge the webhook has not answered by then is given up (and logged). */
const PURGE_TIMEOUT_MS = 10000;

export interface ReadCacheSetup {
  reads: ReadCache;
  store: ResponseCache | null;
  bus: InvalidationBus;
  close(): Promise<void>;
}

export async function createReadCache(config: Config, db: Database, log: Logger, observer: CacheObserver = {}): Promise<ReadCacheSetup> {
  const store = config.cache.enabled ? new ResponseCache({ maxBytes: config.cache.maxBytes }) : null;
  // Every instance publishes what its writes change, caching or not: the others on the database
  // (and a CDN, through the webhook) must drop it all the same.
  const bus = await createInvalidationBus(db, store, {
    leaseMs: config.cache.leaseMs,
    // Caching or not, this instance checks its security and redirect rules on every request.
    follow: true,
    // LISTEN (and the lease renewed on it) needs a session of its own: not a transaction-pooling PgBouncer.
    listenUrl: config.databaseDirectUrl,
    onError: (error) => log.warn({ err: error }, 'cache invalidation bus'),
  });
  const webhook = config.cache.purgeWebhook;
  // Purges still on their way: a shutdown (a rolling restart) waits for them, else a write
  // acknowledged just before it would never reach the CDN.
  const purges = new Set<Promise<void>>();
  if (webhook) {
    bus.onInvalidate((tags, _version, origin) => {
      // Only the instance that wrote tells the CDN, once.
      if (origin !== 'local') return;
      const purge: Promise<void> = fetch(webhook, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ tags }), signal: AbortSignal.timeout(PURGE_TIMEOUT_MS) })
        .then(async (res) => void (await res.arrayBuffer()))
        .catch((error: unknown) => log.warn({ err: error }, 'cache purge webhook failed'))
        .finally(() => purges.delete(purge));
      purges.add(purge);
    });
  }
  let reads: ReadCache | null = null;
  const scheduler = new Scheduler(db, config, async () => {
    await reads?.written();
  });
  reads = new ReadCache(store, bus, scheduler, config.cache, db.changes, observer);
  // What this process wrote before it served (bootstrap, seeding): other instances may have cached it.
  if (db.changes.size > 0) await reads.written();
  scheduler.start(config.cache.schedulerIntervalMs);
  return {
    reads,
    store,
    bus,
    close: async () => {
      scheduler.stop();
      await bus?.close();
      await Promise.all(purges);
    },
  };
}

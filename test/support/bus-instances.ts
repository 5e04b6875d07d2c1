/**
 * Several "instances" (each its own Database, ResponseCache and invalidation bus) on one fresh test
 * database per test, closed and dropped after it: for the invalidation bus's suites.
 */
import { createInvalidationBus, type InvalidationBus, type InvalidationBusOptions } from '../../src/cache/invalidation';
import { ResponseCache, type CachedResponse } from '../../src/cache/store';
import { createDatabase, type Database } from '../../src/db/client';
import { createTestDatabase, type TestDatabase } from './database';

export interface BusInstance {
  db: Database;
  cache: ResponseCache;
  bus: InvalidationBus;
  /** What its bus's listeners were told. */
  seen: { tags: readonly string[]; version: number; origin: string }[];
}

/** Registers the per-test database; `instance` starts one on it, with a cache or (`cached: false`) one that only publishes. */
export function busInstances(): { instance(options?: InvalidationBusOptions, cached?: boolean): Promise<BusInstance> } {
  let database: TestDatabase;
  const open: BusInstance[] = [];
  beforeEach(async () => {
    database = await createTestDatabase();
  });
  afterEach(async () => {
    for (const { bus, db } of open.splice(0)) {
      await bus.close();
      await db.close();
    }
    await database.drop();
  });
  return {
    async instance(options = {}, cached = true) {
      const db = createDatabase(database.url, { poolSize: 2 });
      const cache = new ResponseCache({ maxBytes: 1 << 20 });
      const bus = await createInvalidationBus(db, cached ? cache : null, options);
      const seen: BusInstance['seen'] = [];
      bus.onInvalidate((tags, version, origin) => seen.push({ tags, version, origin }));
      const created = { db, cache, bus, seen };
      open.push(created);
      return created;
    },
  };
}

/** A cached answer whose body is `text`. */
export function response(text: string): CachedResponse {
  return { status: 200, headers: { 'Content-Type': 'application/json' }, body: Buffer.from(text), etag: `"${text}"`, tags: [] };
}

/**
 * Counters in the SecurityCounter table, one row per key, incremented by one statement (an upsert
 * that starts a new window when the stored one has ended), so concurrent hits on any instance
 * never lose a count. The table is outside the cache's write tags (src/cache/write-tags.ts): a
 * counted request invalidates nothing. Rows of ended windows are deleted now and then.
 */
import type { Database } from '../../../db/client';
import { Prisma } from '../../../generated/prisma-sqlite/client';
import type { CounterState, CounterStore } from './store';

const PRUNE_EVERY_MS = 60_000;

interface Row {
  key: string;
  count: number | bigint;
  resetAt: number;
}

export class DatabaseCounterStore implements CounterStore {
  private lastPrune = 0;

  constructor(private readonly db: Database) {}

  async hit(key: string, windowMs: number, now = Date.now()): Promise<CounterState> {
    const resetAt = now + windowMs;
    const rows = await this.db.prisma.$queryRaw<Row[]>`
      INSERT INTO "SecurityCounter" ("key", "count", "resetAt") VALUES (${key}, 1, ${resetAt})
      ON CONFLICT ("key") DO UPDATE SET
        "count" = CASE WHEN "SecurityCounter"."resetAt" <= ${now} THEN 1 ELSE "SecurityCounter"."count" + 1 END,
        "resetAt" = CASE WHEN "SecurityCounter"."resetAt" <= ${now} THEN ${resetAt} ELSE "SecurityCounter"."resetAt" END
      RETURNING "key", "count", "resetAt"`;
    this.pruneSometimes(now);
    const row = rows[0];
    return { count: Number(row.count), resetAt: Number(row.resetAt) };
  }

  async put(key: string, count: number, windowMs: number, now = Date.now()): Promise<void> {
    const resetAt = now + windowMs;
    await this.db.prisma.$executeRaw`
      INSERT INTO "SecurityCounter" ("key", "count", "resetAt") VALUES (${key}, ${count}, ${resetAt})
      ON CONFLICT ("key") DO UPDATE SET "count" = ${count}, "resetAt" = ${resetAt}`;
  }

  async read(keys: readonly string[], now = Date.now()): Promise<Map<string, CounterState>> {
    const out = new Map<string, CounterState>();
    if (keys.length === 0) return out;
    // The fast read path: every authenticated request asks (is this address or account locked out?).
    const rows = await this.db.read.securityCounter.findMany({ where: { key: { in: [...keys] } } });
    for (const row of rows) if (Number(row.resetAt) > now) out.set(row.key, { count: Number(row.count), resetAt: Number(row.resetAt) });
    return out;
  }

  async remove(keys: readonly string[]): Promise<void> {
    if (keys.length === 0) return;
    await this.db.prisma.$executeRaw`DELETE FROM "SecurityCounter" WHERE "key" IN (${Prisma.join([...keys])})`;
  }

  async close(): Promise<void> {}

  private pruneSometimes(now: number): void {
    if (now - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = now;
    // Best effort: a failed prune only leaves dead rows for the next one.
    this.db.prisma.$executeRaw`DELETE FROM "SecurityCounter" WHERE "resetAt" <= ${now}`.catch(() => undefined);
  }
}

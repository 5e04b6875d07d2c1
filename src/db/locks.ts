/**
 * Transaction-scoped named locks, for writes whose check-then-insert a unique index alone would
 * settle only by failing (unique slugs: every racer computes the same free candidate). PostgreSQL:
 * an advisory lock held until the transaction ends, so racers take turns and each sees the
 * previous one's committed row. SQLite needs none: every write transaction takes the database's
 * write lock as it begins (src/db/client.ts), so they already run one at a time.
 */
import type { Prisma } from './client';

export async function lockName(tx: Prisma.TransactionClient, name: string): Promise<void> {
  if ((tx as unknown as { _activeProvider?: string })._activeProvider !== 'postgresql') return;
  await tx.$queryRaw`SELECT pg_advisory_xact_lock(hashtext(${name}))::text AS "locked"`;
}

/**
 * The lock a taxonomy's term writes take turns on: on PostgreSQL a transaction-scoped advisory lock,
 * so duplicate-name and slug checks of concurrent writers see each other's rows (SQLite already
 * runs one write transaction at a time). Term writes and the post writes that create a format's
 * term take the same lock.
 */
import type { Prisma } from '../../db/client';

/** A stable 32-bit key for one taxonomy's lock. */
function lockKey(taxonomy: string): number {
  let hash = 0;
  for (const ch of `terms:${taxonomy}`) hash = (Math.imul(hash, 31) + ch.charCodeAt(0)) | 0;
  return hash;
}

export async function lockTermWrites(tx: Prisma.TransactionClient, provider: string, taxonomy: string): Promise<void> {
  // $executeRaw: the function returns void, which $queryRaw cannot deserialise.
  if (provider === 'postgresql') await tx.$executeRaw`SELECT pg_advisory_xact_lock(${lockKey(taxonomy)})`;
}

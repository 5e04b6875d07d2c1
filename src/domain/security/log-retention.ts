/**
 * The security log's retention: entries older than SECURITY_LOG_RETENTION_DAYS go (0 keeps them
 * forever), in bounded batches so a backlog never holds the write lock for long; a run stops after
 * `maxRows` and the next one carries on. Safe when several instances run it at once.
 */
import type { Database } from '../../db/client';

const BATCH = 2000;

export async function expireSecurityLog(db: Database, retentionDays: number, now: Date = new Date(), maxRows = 20000): Promise<number> {
  if (!Number.isInteger(retentionDays) || retentionDays <= 0) return 0;
  const cutoff = new Date(now.getTime() - retentionDays * 86_400_000);
  let removed = 0;
  while (removed < maxRows) {
    const take = Math.min(BATCH, maxRows - removed);
    const rows = await db.read.securityLogEntry.findMany({ where: { createdAt: { lt: cutoff } }, select: { id: true }, orderBy: { id: 'asc' }, take });
    if (!rows.length) break;
    removed += (await db.prisma.securityLogEntry.deleteMany({ where: { id: { in: rows.map((row) => row.id) } } })).count;
    if (rows.length < take) break;
  }
  return removed;
}

/**
 * Log retention (the plugin's Red_Flusher): entries older than `expire_redirect` / `expire_404`
 * days are deleted; 0 keeps them forever and -1 (no logging) deletes nothing either. Deletes go in
 * bounded batches so a large backlog never holds the write lock for long; a run stops after
 * `maxRows` per log and the next run carries on. Safe when several instances run it at once.
 */
import type { Database } from '../../db/client';
import { readRedirectSettings } from './settings';

const BATCH = 2000;
/** The plugin's DELETE_MAX: what one run removes per log at most. */
const MAX_PER_RUN = 20000;

export interface ExpiredLogs {
  redirect: number;
  notFound: number;
}

/** Deletes the entries past their retention; answers how many of each log went. */
export async function expireLogs(db: Database, now: Date = new Date(), maxRows = MAX_PER_RUN): Promise<ExpiredLogs> {
  const settings = await readRedirectSettings(db);
  return {
    redirect: await expire(db, 'redirect', settings.expire_redirect, now, maxRows),
    notFound: await expire(db, '404', settings.expire_404, now, maxRows),
  };
}

async function expire(db: Database, kind: 'redirect' | '404', days: number, now: Date, maxRows: number): Promise<number> {
  if (!Number.isInteger(days) || days <= 0) return 0;
  const cutoff = new Date(now.getTime() - days * 86_400_000);
  let removed = 0;
  while (removed < maxRows) {
    const take = Math.min(BATCH, maxRows - removed);
    const args = { where: { createdAt: { lt: cutoff } }, select: { id: true }, orderBy: { id: 'asc' as const }, take };
    const rows = kind === 'redirect' ? await db.read.redirectLog.findMany(args) : await db.read.notFoundLog.findMany(args);
    if (!rows.length) break;
    const ids = { where: { id: { in: rows.map((row) => row.id) } } };
    removed += kind === 'redirect' ? (await db.prisma.redirectLog.deleteMany(ids)).count : (await db.prisma.notFoundLog.deleteMany(ids)).count;
    if (rows.length < take) break;
  }
  return removed;
}

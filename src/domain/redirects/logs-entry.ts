/**
 * One log entry by id, for whoever may read that log (the GraphQL face's `node(id:)`); null when
 * there is no such entry.
 */
import type { DomainContext } from '../context';
import { notFoundLogRecord, redirectLogRecord } from './logs-records';
import type { LogKind } from './logs-query';
import { requireRedirects } from './permissions';
import type { LogRecord } from './types';

export async function getLogEntry(ctx: DomainContext, kind: LogKind, id: number): Promise<LogRecord | null> {
  requireRedirects(ctx.viewer, kind === 'redirect' ? 'log_manage' : '404_manage');
  if (!Number.isInteger(id) || id <= 0 || id > 2147483647) return null;
  if (kind === 'redirect') {
    const [row] = await ctx.db.read.redirectLog.findMany({ where: { id } });
    return row ? redirectLogRecord(row) : null;
  }
  const [row] = await ctx.db.read.notFoundLog.findMany({ where: { id } });
  return row ? notFoundLogRecord(row) : null;
}

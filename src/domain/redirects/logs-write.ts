/**
 * Appends rows to the redirect log and the 404 log (batches from the site's visit queue). The log
 * tables publish no cache invalidation (src/cache/model-tags.ts leaves them out).
 *
 * Minimal version written with the matching engine; the logs domain's own replaces it at merge
 * (same signatures).
 */
import type { Database } from '../../db/client';
import type { LogRecord } from './types';

export type LogEntry = Omit<LogRecord, 'id' | 'requestData'> & { requestData: string };

export async function appendRedirectLogs(db: Database, entries: LogEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await db.prisma.redirectLog.createMany({
    data: entries.map((entry) => ({
      createdAt: entry.createdAt,
      url: entry.url,
      domain: entry.domain,
      sentTo: entry.sentTo ?? '',
      agent: entry.agent,
      referrer: entry.referrer,
      ip: entry.ip,
      httpCode: entry.httpCode,
      requestMethod: entry.requestMethod,
      requestData: entry.requestData,
      redirectId: entry.redirectId ?? 0,
      redirectBy: entry.redirectBy ?? 'redirection',
    })),
  });
}

export async function appendNotFoundLogs(db: Database, entries: LogEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await db.prisma.notFoundLog.createMany({
    data: entries.map((entry) => ({
      createdAt: entry.createdAt,
      url: entry.url,
      domain: entry.domain,
      agent: entry.agent,
      referrer: entry.referrer,
      ip: entry.ip,
      httpCode: entry.httpCode,
      requestMethod: entry.requestMethod,
      requestData: entry.requestData,
    })),
  });
}

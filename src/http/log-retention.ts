/**
 * Runs the redirect and 404 logs' retention (src/domain/redirects/logs-retention.ts) and the
 * security log's (src/domain/security/log-retention.ts) on a timer, as the redirect plugin's daily
 * cron event does: first shortly after start, then every `intervalMs`. A run that hit its cap (a
 * backlog) is followed by another soon. The timer does not keep the process alive; a failed run is
 * logged and retried at the next tick.
 */
import type { Database } from '../db/client';
import { expireLogs } from '../domain/redirects/logs-retention';
import { expireSecurityLog } from '../domain/security/log-retention';

interface Logger {
  warn(object: unknown, message?: string): void;
}

export const LOG_RETENTION_INTERVAL_MS = 60 * 60 * 1000;
const FIRST_RUN_MS = 60 * 1000;
const BACKLOG_RUN_MS = 10 * 60 * 1000;
const CAP = 20000;

export function startLogRetention(db: Database, log: Logger, securityLogRetentionDays: number, intervalMs = LOG_RETENTION_INTERVAL_MS): { stop(): void } {
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  const schedule = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(run, ms);
    timer.unref();
  };
  const run = () => {
    const now = new Date();
    Promise.all([expireLogs(db, now, CAP), expireSecurityLog(db, securityLogRetentionDays, now, CAP)])
      .then(([done, security]) => schedule(done.redirect >= CAP || done.notFound >= CAP || security >= CAP ? Math.min(BACKLOG_RUN_MS, intervalMs) : intervalMs))
      .catch((error: unknown) => {
        log.warn({ err: error }, 'log retention');
        schedule(intervalMs);
      });
  };
  if (intervalMs > 0) schedule(Math.min(FIRST_RUN_MS, intervalMs));
  return {
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}

/**
 * Runs the redirect and 404 logs' retention (src/domain/redirects/logs-retention.ts) on a timer,
 * as the plugin's daily cron event does: first shortly after start, then every `intervalMs`. A run
 * that hit its cap (a backlog) is followed by another soon. The timer does not keep the process
 * alive; a failed run is logged and retried at the next tick.
 */
import type { Database } from '../db/client';
import { expireLogs } from '../domain/redirects/logs-retention';

interface Logger {
  warn(object: unknown, message?: string): void;
}

export const LOG_RETENTION_INTERVAL_MS = 60 * 60 * 1000;
const FIRST_RUN_MS = 60 * 1000;
const BACKLOG_RUN_MS = 10 * 60 * 1000;
const CAP = 20000;

export function startLogRetention(db: Database, log: Logger, intervalMs = LOG_RETENTION_INTERVAL_MS): { stop(): void } {
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  const schedule = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(run, ms);
    timer.unref();
  };
  const run = () => {
    expireLogs(db, new Date(), CAP)
      .then((done) => schedule(done.redirect >= CAP || done.notFound >= CAP ? Math.min(BACKLOG_RUN_MS, intervalMs) : intervalMs))
      .catch((error: unknown) => {
        log.warn({ err: error }, 'redirect log retention');
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

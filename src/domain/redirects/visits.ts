/**
 * Hits and log entries of the site's redirects, written off the request's path: requests only add
 * to an in-process queue, which is flushed every `intervalMs` or as soon as `batchSize` entries
 * wait, and on shutdown. The queue is bounded: past `maxPending` log entries, new ones are dropped
 * and counted, never waited for. Hit counts are quiet writes (src/cache/write-tags.ts: `hits` and
 * `lastAccess` publish nothing), so counting never flushes a cache.
 */
import type { Database } from '../../db/client';
import { appendNotFoundLogs, appendRedirectLogs, type NotFoundLogEntry, type RedirectLogEntry } from './logs-write';

export interface VisitQueueOptions {
  intervalMs?: number;
  batchSize?: number;
  maxPending?: number;
  /** Told of a flush that failed (its entries are dropped). */
  onError?(error: unknown): void;
}

export class VisitQueue {
  private hits = new Map<number, { count: number; last: Date }>();
  private redirectLogs: RedirectLogEntry[] = [];
  private notFoundLogs: NotFoundLogEntry[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();
  private closed = false;
  /** Log entries dropped because the queue was full. */
  dropped = 0;
  private readonly intervalMs: number;
  private readonly batchSize: number;
  private readonly maxPending: number;

  constructor(
    private readonly db: Database,
    private readonly options: VisitQueueOptions = {},
  ) {
    this.intervalMs = options.intervalMs ?? 250;
    this.batchSize = options.batchSize ?? 200;
    this.maxPending = options.maxPending ?? 10_000;
  }

  get pending(): number {
    return this.redirectLogs.length + this.notFoundLogs.length;
  }

  hit(redirectId: number, at: Date): void {
    if (this.closed) return;
    const entry = this.hits.get(redirectId);
    if (entry) {
      entry.count += 1;
      entry.last = at;
    } else this.hits.set(redirectId, { count: 1, last: at });
    this.schedule();
  }

  logRedirect(entry: RedirectLogEntry): void {
    this.enqueue(this.redirectLogs, entry);
  }

  logNotFound(entry: NotFoundLogEntry): void {
    this.enqueue(this.notFoundLogs, entry);
  }

  private enqueue<T>(queue: T[], entry: T): void {
    if (this.closed) return;
    if (this.pending >= this.maxPending) {
      this.dropped += 1;
      return;
    }
    queue.push(entry);
    if (this.pending >= this.batchSize) void this.flush();
    else this.schedule();
  }

  private schedule(): void {
    if (this.timer || this.closed) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, this.intervalMs);
    this.timer.unref();
  }

  /** Writes everything queued so far (after any flush in progress). */
  flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    const hits = this.hits;
    const redirectLogs = this.redirectLogs;
    const notFoundLogs = this.notFoundLogs;
    this.hits = new Map();
    this.redirectLogs = [];
    this.notFoundLogs = [];
    const run = this.flushing.then(() => this.write(hits, redirectLogs, notFoundLogs));
    this.flushing = run;
    return run;
  }

  private async write(hits: Map<number, { count: number; last: Date }>, redirectLogs: RedirectLogEntry[], notFoundLogs: NotFoundLogEntry[]): Promise<void> {
    try {
      if (hits.size > 0) {
        await this.db.prisma.$transaction(async (tx) => {
          for (const [id, { count, last }] of hits) await tx.redirect.updateMany({ where: { id }, data: { hits: { increment: count }, lastAccess: last } });
        });
      }
      await appendRedirectLogs(this.db, redirectLogs);
      await appendNotFoundLogs(this.db, notFoundLogs);
    } catch (error) {
      this.options.onError?.(error);
    }
  }

  /** Flushes what is queued and takes no more (the server's onClose). */
  async close(): Promise<void> {
    this.closed = true;
    await this.flush();
  }
}

/**
 * Analysis on save, off the write's path: a content write (inside its transaction) names the
 * record here; the queue analyses it a moment after the write (outside its transaction), one
 * record at a time, so the write answers as fast as before. The stored result is what counts:
 * the analysis reads the record under its row lock (so it sees what the write committed), a
 * result computed from an older version is never stored over a newer one, and another instance
 * analysing the same record meanwhile does the same work to the same end. A record not found yet (a create whose
 * transaction has not committed, on PostgreSQL) is tried again a few times with a growing pause.
 *
 * Bounded: at most MAX_PENDING records wait; beyond that a name is dropped (and counted) — the
 * indexing routes and `seo:reindex` bring such records up to date.
 */
import type { Config } from '../../config';
import type { Database, Prisma } from '../../db/client';
import type { DomainContext } from '../context';
import { closeAnalysisPool } from './analysis-pool';
import { forgetIndexable } from './indexable-links';
import { refreshPostIndexable } from './post-indexables';

export const MAX_PENDING = 10_000;
/** Pause between a write naming a record and its analysis starting. */
const START_DELAY_MS = 10;
/** Tries for a record not found yet, the pause doubling from RETRY_PAUSE_MS. */
const MAX_ATTEMPTS = 6;
const RETRY_PAUSE_MS = 25;
/** Re-analyses of a record written again during its analysis, before it waits for the next write. */
const MAX_CHANGED = 5;

export interface QueueStats {
  analysed: number;
  dropped: number;
  failed: number;
  pending: number;
}

export class AnalysisQueue {
  private readonly pending = new Set<number>();
  private readonly attempts = new Map<number, number>();
  private readonly changed = new Map<number, number>();
  private scheduled = false;
  private running: Promise<void> | null = null;
  private readonly idleWaiters: Array<() => void> = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private closed = false;
  readonly stats: QueueStats = { analysed: 0, dropped: 0, failed: 0, pending: 0 };

  constructor(
    private readonly db: Database,
    private config: Config,
  ) {}

  /** Names a record for analysis (its latest state is what gets analysed). */
  enqueue(id: number, config?: Config): void {
    if (this.closed) return;
    if (config) this.config = config;
    if (!Number.isInteger(id) || id <= 0) return;
    if (!this.pending.has(id) && this.pending.size >= MAX_PENDING) {
      this.stats.dropped += 1;
      return;
    }
    this.pending.add(id);
    this.stats.pending = this.pending.size;
    this.schedule();
  }

  /**
   * Stops taking work (the server is closing): what waits is dropped — indexing brings it up to
   * date — and the analysis under way finishes, so no transaction is cut off by the database's close.
   */
  async close(): Promise<void> {
    this.closed = true;
    this.pending.clear();
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await this.running;
    this.settle();
  }

  /** Resolves when nothing is pending, running or waiting for a retry. */
  whenIdle(): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private isIdle(): boolean {
    return this.pending.size === 0 && this.running === null && this.timers.size === 0 && (!this.scheduled || this.closed);
  }

  private schedule(): void {
    if (this.scheduled || this.running) return;
    this.scheduled = true;
    // A moment after the write, not within its turn: its remaining work (reading the record back,
    // answering) goes first, as the analysis is CPU work on this same event loop.
    const timer = setTimeout(() => {
      this.scheduled = false;
      if (this.closed) return;
      this.running = this.drain().finally(() => {
        this.running = null;
        if (this.pending.size) this.schedule();
        else this.settle();
      });
    }, START_DELAY_MS);
    timer.unref();
  }

  private settle(): void {
    if (!this.isIdle()) return;
    for (const resolve of this.idleWaiters.splice(0)) resolve();
  }

  private retryLater(id: number, attempt: number): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.enqueue(id);
      this.settle();
    }, RETRY_PAUSE_MS * 2 ** attempt);
    timer.unref();
    this.timers.add(timer);
  }

  private async drain(): Promise<void> {
    for (const id of this.pending) {
      if (this.closed) return;
      this.pending.delete(id);
      this.stats.pending = this.pending.size;
      try {
        const outcome = await refreshPostIndexable(this.db, this.config, id, { links: true });
        if (outcome === 'missing') {
          const attempt = (this.attempts.get(id) ?? 0) + 1;
          if (attempt < MAX_ATTEMPTS) {
            this.attempts.set(id, attempt);
            this.retryLater(id, attempt);
          } else this.attempts.delete(id);
          continue;
        }
        this.attempts.delete(id);
        if (outcome === 'changed') {
          const times = (this.changed.get(id) ?? 0) + 1;
          if (times <= MAX_CHANGED) {
            this.changed.set(id, times);
            this.pending.add(id);
          } else this.changed.delete(id);
          continue;
        }
        this.changed.delete(id);
        if (outcome === 'stored') this.stats.analysed += 1;
      } catch (error) {
        this.stats.failed += 1;
        this.attempts.delete(id);
        this.changed.delete(id);
        if (!isClosedClient(error)) process.emitWarning(`SEO analysis of record ${id} failed: ${error instanceof Error ? error.message : String(error)}`, 'SeoAnalysisWarning');
      }
    }
  }
}

/** A client closed under a pending analysis (a test's or a server's shutdown): nothing to report. */
function isClosedClient(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /closed|not connected|Cannot use a pool after calling end|database connection is not open/i.test(message);
}

const queues = new WeakMap<object, AnalysisQueue>();

/** The queue of the process's client behind `ctx` (one per database). */
export function analysisQueueOf(ctx: DomainContext): AnalysisQueue {
  // One queue per process client; it writes with that client (refreshPostIndexable), never the request's view.
  const prisma = ctx.db.untracked('SEO analysis runs after the write, outside the request');
  let queue = queues.get(prisma);
  if (!queue) {
    queue = new AnalysisQueue(ctx.db, ctx.config);
    queues.set(prisma, queue);
  }
  return queue;
}

/** Called when the server closes (src/http/app.ts): the queue of this database stops, its current analysis finished, then its worker threads. */
export async function closeAnalysisQueue(db: Pick<Database, 'untracked'>): Promise<void> {
  await queues.get(db.untracked('closing the SEO analysis queue'))?.close();
  await closeAnalysisPool(db);
}

/**
 * Called by content writes inside their transaction (posts/write.ts, events/calendar-posts.ts and
 * the trash paths): the record is analysed once the write is over. Costs a Set insertion. Off with
 * SEO_ANALYSIS_ON_SAVE=false (indexing and `seo:reindex` still analyse).
 */
export function analyseAfterWrite(ctx: DomainContext, id: number): void {
  if (!ctx.config.seoAnalysisOnSave) return;
  analysisQueueOf(ctx).enqueue(id, ctx.config);
}

/** Called inside the transaction that deletes a record for good: its indexable and links go with it. */
export async function forgetDeletedRecord(tx: Prisma.TransactionClient, id: number): Promise<void> {
  await forgetIndexable(tx, { objectType: 'post', objectId: id });
}

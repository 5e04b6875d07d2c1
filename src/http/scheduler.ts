/**
 * Scheduled publishing without a cron daemon, as WP-Cron does it: the next due time is kept in
 * memory; the first request after it (or a timer, for idle instances) publishes what is due and
 * reports the change so caches drop what it affects. Every instance runs it; the domain function
 * is safe when several run at once.
 */
import type { Config } from '../config';
import type { Database } from '../db/client';
import { nextScheduledTime, publishDuePosts } from '../domain/posts/schedule';

export class Scheduler {
  /** Epoch ms of the next scheduled item; null: nothing scheduled; undefined: to be read again. */
  private nextDue: number | null | undefined;
  private running: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Database,
    private readonly config: Pick<Config, 'siteUrl'>,
    private readonly onPublished: (ids: number[]) => Promise<void>,
  ) {}

  /** Also checks every `intervalMs` (the timer does not keep the process alive). */
  start(intervalMs: number): void {
    if (intervalMs <= 0 || this.timer) return;
    this.timer = setInterval(() => void this.beforeRead().catch(() => undefined), intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Epoch ms of the next scheduled publication as last read (null: none; undefined: unknown). */
  nextDueTime(): number | null | undefined {
    return this.nextDue;
  }

  /** Something was written: the next due time must be read again. */
  changed(): void {
    this.nextDue = undefined;
  }

  /**
   * True when `beforeRead` has work to do: something may have come due, or the schedule must be read
   * again. A cached read checks this synchronously and awaits `beforeRead` only then.
   */
  pending(now: number = Date.now()): boolean {
    return this.nextDue !== null && (this.nextDue === undefined || now >= this.nextDue);
  }

  /** Runs before a read: publishes what has come due, so no read sees a post that should be out. */
  async beforeRead(now: number = Date.now()): Promise<void> {
    if (!this.pending(now)) return;
    this.running ??= this.run().finally(() => {
      this.running = null;
    });
    await this.running;
  }

  private async run(): Promise<void> {
    if (this.nextDue === undefined) this.nextDue = (await nextScheduledTime(this.db))?.getTime() ?? null;
    if (this.nextDue !== null && Date.now() >= this.nextDue) {
      const published = await publishDuePosts(this.db, this.config);
      if (published.length) await this.onPublished(published);
      this.nextDue = (await nextScheduledTime(this.db))?.getTime() ?? null;
    }
  }
}

/**
 * One cache for both faces. Anonymous GET reads (REST routes in either URL form, GraphQL GET and
 * persisted queries) are answered from the in-process ResponseCache when an entry is current, or
 * computed and stored; every write publishes an invalidation through the bus — durably, before
 * its response is sent — so no instance serves a stale answer afterwards. Scheduled posts publish
 * themselves before reads (Scheduler), and entries never outlive the next scheduled publication.
 *
 * Invalidation is whole-cache for now: every entry carries the tag `*`, every write publishes it.
 * That is always correct; finer tags (records, lists) are the next step.
 */
import type { CacheConfig } from '../config';
import type { InvalidationBus } from '../cache/invalidation';
import type { ResponseCache } from '../cache/store';
import { etagOf } from './etag';
import type { Scheduler } from './scheduler';

export const ALL = '*';

export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export type CacheOutcome = 'hit' | 'miss' | 'bypass';

export interface ServedAnswer extends Answer {
  etag: string;
  cache: CacheOutcome;
}

export type Face = 'rest' | 'graphql';

export interface CacheObserver {
  outcome?(face: Face, outcome: CacheOutcome, reason?: string): void;
}

/** Day-based windows (the events archive's defaults) change at site midnight, always a quarter-hour boundary in UTC. */
const QUARTER_HOUR = 15 * 60 * 1000;

export class ReadCache {
  constructor(
    private readonly store: ResponseCache | null,
    private readonly bus: InvalidationBus | null,
    private readonly scheduler: Scheduler,
    private readonly config: CacheConfig,
    private readonly observer: CacheObserver = {},
  ) {}

  get enabled(): boolean {
    return this.store !== null && this.bus !== null;
  }

  /** Answers a read: `key` null means the request may not be shared (authenticated, edit context...). */
  async read(face: Face, key: string | null, compute: () => Promise<Answer>, bypassReason = 'uncacheable'): Promise<ServedAnswer> {
    await this.scheduler.beforeRead();
    if (key === null || !this.store || !this.bus) {
      this.observer.outcome?.(face, 'bypass', key === null ? bypassReason : 'disabled');
      return withEtag(await compute(), 'bypass');
    }
    const version = await this.bus.sync();
    const cached = this.store.get(key);
    if (cached) {
      this.observer.outcome?.(face, 'hit');
      return { status: cached.status, headers: cached.headers, body: cached.body.toString('utf8'), etag: cached.etag, cache: 'hit' };
    }
    this.observer.outcome?.(face, 'miss');
    const answer = withEtag(await compute(), 'miss');
    if (answer.status === 200) {
      this.store.set(key, { status: answer.status, headers: answer.headers, body: Buffer.from(answer.body, 'utf8'), etag: answer.etag, tags: [ALL] }, { tags: [ALL], version, expiresAt: this.expiry() });
    }
    return answer;
  }

  /** Publishes scheduled posts that have come due (before a request that is not a cached read). */
  scheduled(): Promise<void> {
    return this.scheduler.beforeRead();
  }

  /** After a write (whatever its outcome): every instance drops what it may have changed. */
  async written(): Promise<void> {
    this.scheduler.changed();
    if (this.bus) await this.bus.publish([ALL]);
  }

  /** Cache-Control of an answer: public for anonymous GETs, private for the rest (as WordPress sends). */
  cacheControl(anonymousGet: boolean): string {
    if (!anonymousGet) return 'no-cache, must-revalidate, max-age=0, no-store, private';
    const swr = this.config.staleWhileRevalidate ? `, stale-while-revalidate=${this.config.staleWhileRevalidate}` : '';
    return `public, max-age=${this.config.maxAge}${swr}`;
  }

  private expiry(now: number = Date.now()): number {
    const quarter = Math.floor(now / QUARTER_HOUR) * QUARTER_HOUR + QUARTER_HOUR;
    const due = this.scheduler.nextDueTime();
    return due !== null && due !== undefined && due > now ? Math.min(quarter, due) : quarter;
  }
}

function withEtag(answer: Answer, cache: CacheOutcome): ServedAnswer {
  return { ...answer, etag: etagOf(answer.body), cache };
}

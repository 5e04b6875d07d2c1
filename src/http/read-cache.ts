/**
 * One cache for both faces. Anonymous GET reads (REST routes in either URL form, GraphQL GET and
 * persisted queries) are answered from the in-process ResponseCache when an entry is current, or
 * computed and stored; every write publishes an invalidation through the bus — durably, before
 * its response is sent — so no instance serves a stale answer afterwards. Scheduled posts publish
 * themselves before reads (Scheduler), and entries never outlive the next scheduled publication.
 *
 * Tags (src/cache/tags.ts): every entry carries the tags its computation read (the request's
 * LoaderCache ReadTags, which adds `*` when a read bypassed the tracked path); an answer that
 * brings no tags at all is treated as untracked and carries `*`. A write publishes the tags its
 * Prisma calls recorded (src/cache/write-tags.ts) plus `*`, so only the entries it may have
 * changed are dropped.
 */
import type { CacheConfig } from '../config';
import type { InvalidationBus } from '../cache/invalidation';
import type { ResponseCache } from '../cache/store';
import { ANY, SETTINGS } from '../cache/tags';
import type { PendingChanges } from '../cache/write-tags';
import { etagOf } from './etag';
import type { Scheduler } from './scheduler';

export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** The tags of what the computation read (LoaderCache.tags.list()); absent or empty: untracked. */
  tags?: readonly string[];
  /**
   * False: the face knows this 200 answer must not be stored (a GraphQL answer carrying `errors`,
   * such as PersistedQueryNotFound, which the next request may no longer get). Absent: by status.
   */
  cacheable?: boolean;
}

export type CacheOutcome = 'hit' | 'miss' | 'bypass';

/**
 * An answer as sent: `headers` are the complete response headers (the face's `Finish` added ETag,
 * X-Cache, Cache-Control...), and a hit's body is the stored bytes, sent as they are.
 */
export interface ServedAnswer {
  status: number;
  headers: Record<string, string>;
  body: string | Buffer;
  etag: string;
  cache: CacheOutcome;
  /** The tags the answer carries (hit or miss; empty when bypassed). */
  tags: readonly string[];
}

/**
 * The complete response headers of a computed answer for one outcome. A miss stores what this
 * returns for 'hit', so a hit sends the stored headers without building any.
 */
export type Finish = (headers: Record<string, string>, etag: string, outcome: CacheOutcome) => Record<string, string>;

/** X-Cache values. */
export const X_CACHE: Readonly<Record<CacheOutcome, string>> = { hit: 'HIT', miss: 'MISS', bypass: 'BYPASS' };

export type Face = 'rest' | 'graphql' | 'site';

export interface CacheObserver {
  outcome?(face: Face, outcome: CacheOutcome, reason?: string): void;
}

/** Day-based windows (the events archive's defaults) change at site midnight, always a quarter-hour boundary in UTC. */
const QUARTER_HOUR = 15 * 60 * 1000;

/**
 * The tags an entry carries: what its computation read (ReadTags.list(): `*` already in it when
 * a read was not tracked) and always `settings`. An answer that brings no list at all did not come
 * from a tracked computation, so it may depend on anything: `*`. An answer that read the options
 * only (the index, the namespace roots, the type and status tables) carries `settings` alone and
 * survives writes to content.
 */
export function entryTags(read: readonly string[] | undefined): string[] {
  const tags = new Set(read ?? []);
  if (tags.size === 0) tags.add(ANY);
  tags.add(SETTINGS);
  return [...tags];
}

/** Header budget of the tag headers: CDNs limit header sizes (8 KB is a common floor). */
const TAG_HEADER_BYTES = 8_000;

/**
 * `Surrogate-Key` (space-separated, Fastly and others) and `Cache-Tag` (comma-separated,
 * Cloudflare and others) for a CDN to purge by the tags the purge webhook is told about. Too many
 * tags: the coarse ones (lists, months, settings) plus `*` — every write publishes `*`, so the
 * CDN still drops such an answer on the next write.
 */
export function tagHeaders(tags: readonly string[]): Record<string, string> {
  let chosen = tags;
  if (chosen.join(' ').length > TAG_HEADER_BYTES) {
    chosen = [...tags.filter((tag) => tag.startsWith('list:') || tag.startsWith('events:') || tag === SETTINGS), ANY];
    if (chosen.join(' ').length > TAG_HEADER_BYTES) chosen = [SETTINGS, ANY];
  }
  return { 'Surrogate-Key': chosen.join(' '), 'Cache-Tag': chosen.join(',') };
}

export class ReadCache {
  constructor(
    private readonly store: ResponseCache | null,
    /** Every instance has one: it publishes what the writes change whether or not this one caches. */
    private readonly bus: InvalidationBus,
    private readonly scheduler: Scheduler,
    private readonly config: CacheConfig,
    private readonly changes: PendingChanges,
    private readonly observer: CacheObserver = {},
  ) {}

  get enabled(): boolean {
    return this.store !== null;
  }

  /**
   * The hit path: the stored answer for `key` when it is current, else undefined (compute it with
   * `read`, which counts the miss). Synchronous unless a scheduled post may be due or the
   * invalidation log has to be waited for; the log's version is checked on every call all the same,
   * or taken from a check this request already made (`since`: its mark, src/http/request-mark.ts).
   */
  hit(face: Face, key: string, since?: number): ServedAnswer | undefined | Promise<ServedAnswer | undefined> {
    if (!this.store) return undefined;
    if (this.scheduler.pending()) return this.scheduler.beforeRead().then(() => this.hitAfterSchedule(face, key, since));
    return this.hitAfterSchedule(face, key, since);
  }

  private hitAfterSchedule(face: Face, key: string, since: number | undefined): ServedAnswer | undefined | Promise<ServedAnswer | undefined> {
    const version = this.bus.syncNow(since);
    return typeof version === 'number' ? this.stored(face, key) : version.then(() => this.stored(face, key));
  }

  private stored(face: Face, key: string): ServedAnswer | undefined {
    const cached = (this.store as ResponseCache).get(key);
    if (!cached) return undefined;
    this.observer.outcome?.(face, 'hit');
    return { status: cached.status, headers: cached.headers, body: cached.body, etag: cached.etag, cache: 'hit', tags: cached.tags };
  }

  /**
   * Answers a read: `key` null means the request may not be shared (authenticated, edit context...).
   * `finish` makes the complete response headers of an outcome (the stored entry keeps the hit's).
   */
  async read(face: Face, key: string | null, compute: () => Promise<Answer>, bypassReason = 'uncacheable', finish: Finish = plainHeaders): Promise<ServedAnswer> {
    await this.scheduler.beforeRead();
    if (key === null || !this.store) {
      this.observer.outcome?.(face, 'bypass', this.store ? bypassReason : 'disabled');
      return served(await compute(), 'bypass', finish);
    }
    const version = await this.bus.syncNow();
    const cached = this.stored(face, key);
    if (cached) return cached;
    this.observer.outcome?.(face, 'miss');
    const answer = await compute();
    const etag = etagOf(answer.body);
    // Cacheable answers (hit or miss) tell a CDN their tags.
    const tags = entryTags(answer.tags);
    const headers = { ...answer.headers, ...tagHeaders(tags) };
    // Only successes are stored: an error must never be served as the answer of its key later.
    if (answer.status === 200 && answer.cacheable !== false) {
      this.store.set(key, { status: answer.status, headers: finish(headers, etag, 'hit'), body: Buffer.from(answer.body, 'utf8'), etag, tags }, { tags, version, expiresAt: this.expiry() });
    }
    return { status: answer.status, headers: finish(headers, etag, 'miss'), body: answer.body, etag, cache: 'miss', tags };
  }

  /** Publishes scheduled posts that have come due (before a request that is not a cached read). */
  scheduled(): Promise<void> {
    return this.scheduler.beforeRead();
  }

  /**
   * After a write (whatever its outcome), before its response is sent: publishes the tags this
   * process's writes recorded (with `*`), ordered after every publish already started, so every
   * instance drops what the write changed — also from an instance that caches nothing itself, as
   * the others on the database (and a CDN) may hold it. `*` goes even
   * when nothing was recorded (a refused write): one cheap row, and untracked answers never have to
   * trust that no write ran.
   */
  async written(): Promise<void> {
    this.scheduler.changed();
    await this.changes.flush((tags) => this.bus.publish(tags));
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

function served(answer: Answer, cache: CacheOutcome, finish: Finish): ServedAnswer {
  const etag = etagOf(answer.body);
  return { status: answer.status, headers: finish(answer.headers, etag, cache), body: answer.body, etag, cache, tags: [] };
}

/** The answer's own headers with the validator and the outcome. */
export const plainHeaders: Finish = (headers, etag, outcome) => ({ ...headers, ETag: etag, 'X-Cache': X_CACHE[outcome] });

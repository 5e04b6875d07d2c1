/**
 * An in-process cache of serialised responses (REST and GraphQL alike), bounded in bytes and
 * optionally in entries, evicting the least recently used, indexed by tag so that a write drops
 * exactly what it changed.
 *
 * Versions: every invalidation carries a version (the invalidation log's row number, see
 * invalidation.ts), and every entry carries the version current when its computation *started*.
 * An entry computed before an invalidation of one of its tags may hold the old data, so `set`
 * refuses it when that invalidation has already been applied, and `invalidate` drops it when the
 * invalidation arrives later. Either way a stale response is never kept.
 */

export interface CachedResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  etag: string;
  tags: readonly string[];
}

export interface StoreOptions {
  tags: readonly string[];
  /** The invalidation version current when the computation of this response started. */
  version: number;
  /** Epoch milliseconds after which the entry is not served. */
  expiresAt?: number;
}

export interface CacheStats {
  entries: number;
  bytes: number;
  maxBytes: number;
  hits: number;
  misses: number;
  evictions: number;
  invalidated: number;
}

export interface ResponseCacheOptions {
  maxBytes: number;
  maxEntries?: number;
  now?: () => number;
  /** How many tag occurrences the log of applied invalidations keeps (default 16,384). */
  maxLogTags?: number;
}

interface Entry {
  key: string;
  response: CachedResponse;
  /** Distinct tags the entry is indexed under. */
  tags: string[];
  version: number;
  expiresAt: number;
  bytes: number;
}

interface AppliedInvalidation {
  version: number;
  tags: string[];
}

/** Fixed allowance per entry for the objects around the data (Map slots, Entry, arrays). */
const ENTRY_OVERHEAD = 256;

function entrySize(key: string, response: CachedResponse, tags: readonly string[]): number {
  // JavaScript strings are UTF-16 in memory: two bytes a character is the honest approximation.
  let size = ENTRY_OVERHEAD + response.body.length + 2 * (key.length + response.etag.length);
  for (const name in response.headers) size += 2 * (name.length + String(response.headers[name]).length) + 32;
  for (const tag of tags) size += 2 * tag.length + 32;
  return size;
}

export class ResponseCache {
  private readonly entries = new Map<string, Entry>();
  private readonly byTag = new Map<string, Set<string>>();
  private readonly maxBytes: number;
  private readonly maxEntries: number;
  private readonly now: () => number;

  /** Recently applied invalidations, oldest first, and per tag the newest version among them. */
  private readonly log: AppliedInvalidation[] = [];
  private logHead = 0;
  private logTags = 0;
  private readonly maxLogTags: number;
  private readonly tagVersions = new Map<string, number>();
  /** Invalidations at or below this version are no longer in the log (or were a clear). */
  private floor = 0;

  private bytes = 0;
  private hits = 0;
  private misses = 0;
  private evictions = 0;
  private invalidated = 0;

  constructor(options: ResponseCacheOptions) {
    if (!(options.maxBytes > 0)) throw new Error('ResponseCache maxBytes must be positive');
    this.maxBytes = options.maxBytes;
    this.maxEntries = options.maxEntries ?? Number.POSITIVE_INFINITY;
    this.now = options.now ?? Date.now;
    this.maxLogTags = options.maxLogTags ?? 16_384;
  }

  get(key: string): CachedResponse | undefined {
    const entry = this.entries.get(key);
    if (!entry) {
      this.misses += 1;
      return undefined;
    }
    if (entry.expiresAt <= this.now()) {
      this.remove(entry);
      this.misses += 1;
      return undefined;
    }
    // Map keeps insertion order: re-inserting makes this the most recently used entry.
    this.entries.delete(key);
    this.entries.set(key, entry);
    this.hits += 1;
    return entry.response;
  }

  set(key: string, response: CachedResponse, options: StoreOptions): boolean {
    const tags = [...new Set([...options.tags, ...response.tags])];
    const bytes = entrySize(key, response, tags);
    const expiresAt = options.expiresAt ?? Number.POSITIVE_INFINITY;
    if (bytes > this.maxBytes / 8 || expiresAt <= this.now() || this.isOutdated(tags, options.version)) return false;
    const old = this.entries.get(key);
    if (old) this.remove(old);
    while (this.entries.size > 0 && (this.bytes + bytes > this.maxBytes || this.entries.size >= this.maxEntries)) {
      const oldest = this.entries.values().next().value as Entry;
      this.remove(oldest);
      this.evictions += 1;
    }
    const entry: Entry = { key, response, tags, version: options.version, expiresAt, bytes };
    this.entries.set(key, entry);
    this.bytes += bytes;
    for (const tag of tags) {
      let keys = this.byTag.get(tag);
      if (!keys) this.byTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
    return true;
  }

  /** Drops the entries carrying any of `tags` that were computed before `version`; returns how many. */
  invalidate(tags: Iterable<string>, version: number): number {
    const distinct = [...new Set(tags)];
    this.record(distinct, version);
    let count = 0;
    for (const tag of distinct) {
      const keys = this.byTag.get(tag);
      if (!keys) continue;
      for (const key of [...keys]) {
        const entry = this.entries.get(key);
        if (entry && entry.version < version) {
          this.remove(entry);
          count += 1;
        }
      }
    }
    this.invalidated += count;
    return count;
  }

  /**
   * Drops every entry. With a version, also refuses later `set`s of entries computed before it
   * (for when invalidations up to that version may have been missed).
   */
  clear(version?: number): void {
    this.entries.clear();
    this.byTag.clear();
    this.bytes = 0;
    if (version !== undefined && version > this.floor) {
      this.floor = version;
      for (const [tag, v] of this.tagVersions) if (v <= version) this.tagVersions.delete(tag);
    }
  }

  stats(): CacheStats {
    return {
      entries: this.entries.size,
      bytes: this.bytes,
      maxBytes: this.maxBytes,
      hits: this.hits,
      misses: this.misses,
      evictions: this.evictions,
      invalidated: this.invalidated,
    };
  }

  /** True when an invalidation newer than `version` of one of `tags` was applied, or may have been. */
  private isOutdated(tags: readonly string[], version: number): boolean {
    if (version < this.floor) return true;
    for (const tag of tags) {
      const newest = this.tagVersions.get(tag);
      if (newest !== undefined && newest > version) return true;
    }
    return false;
  }

  private record(tags: string[], version: number): void {
    this.log.push({ version, tags });
    this.logTags += tags.length;
    for (const tag of tags) {
      const newest = this.tagVersions.get(tag);
      if (newest === undefined || newest < version) this.tagVersions.set(tag, version);
    }
    // Forget the oldest records beyond the bound (always keeping the newest one).
    while (this.logTags > this.maxLogTags && this.log.length - this.logHead > 1) {
      const dropped = this.log[this.logHead];
      this.logHead += 1;
      this.logTags -= dropped.tags.length;
      if (dropped.version > this.floor) this.floor = dropped.version;
      for (const tag of dropped.tags) {
        const newest = this.tagVersions.get(tag);
        if (newest !== undefined && newest <= this.floor) this.tagVersions.delete(tag);
      }
    }
    if (this.logHead > 1024 && this.logHead * 2 > this.log.length) {
      this.log.splice(0, this.logHead);
      this.logHead = 0;
    }
  }

  private remove(entry: Entry): void {
    this.entries.delete(entry.key);
    this.bytes -= entry.bytes;
    for (const tag of entry.tags) {
      const keys = this.byTag.get(tag);
      if (!keys) continue;
      keys.delete(entry.key);
      if (keys.size === 0) this.byTag.delete(tag);
    }
  }
}

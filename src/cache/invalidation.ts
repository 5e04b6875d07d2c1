/**
 * Keeps the response caches of several server instances on one database coherent.
 *
 * Every invalidation is a row of the `CacheInvalidation` log; its autoincrement `version` orders
 * them. `publish` inserts a row (and applies it here); `sync` — run before every cache hit — reads
 * `max(version)` and, when that is beyond what this instance has applied, reads and applies the
 * newer rows. So an instance never serves an entry a committed invalidation dropped, and a lost
 * notification only delays work until the next `sync`. On PostgreSQL a dedicated connection also
 * LISTENs for the NOTIFY each insert sends (carrying its tags), so idle instances apply
 * invalidations promptly, and holds a lease (lease.ts, with the argument why it is safe): while
 * it holds, `sync` answers with no query at all, because publishers wait for each leased instance
 * to acknowledge their version (or for its lease to run out) before resolving. The log's queries
 * are in log-store.ts.
 *
 * Versions must become visible in order, or `sync` could step over one still being committed:
 * PostgreSQL inserts take a transaction-scoped advisory lock first (the sequence value is drawn
 * and committed under it); SQLite has a single writer anyway.
 *
 * The hot path stays off Prisma (one Prisma call costs ~0.2–0.3 ms here): on PostgreSQL a plain
 * `pg` pool runs a named prepared statement; on SQLite a prepared better-sqlite3 statement runs on a
 * read-only connection of its own (WAL readers never wait for writers). Either way concurrent
 * callers share a read that starts after they called (see `readMaxVersion`). Inserts on SQLite do go
 * through Prisma's connection, because a second writing connection in the same process could wait
 * on a lock held by a Prisma transaction that cannot finish while better-sqlite3 blocks the thread.
 */
import { randomUUID } from 'node:crypto';
import type { Database } from '../db/client';
import { AckBoard } from './acks';
import { ListenConnection } from './lease';
import { postgresLog, sqliteLog, type LogRow, type LogStore } from './log-store';
import type { ResponseCache } from './store';

export { INVALIDATION_CHANNEL } from './log-store';

export type InvalidationListener = (tags: readonly string[], version: number, origin: 'local' | 'remote') => void;

export interface InvalidationBus {
  /** Durably records an invalidation and applies it locally; when it resolves, a read on ANY instance that starts afterwards
   *  will not be served the invalidated entries (the write's response is sent only after this). */
  publish(tags: readonly string[]): Promise<void>;
  /** Applies invalidations this instance has not seen yet and returns the current version (stamp it on entries being
   *  computed from now on). Must be cheap (it runs before every cache hit): no query while a PostgreSQL lease
   *  holds, else one small indexed query per call, or shared by concurrent calls that it starts after. */
  sync(): Promise<number>;
  /**
   * `sync` without the extra promise of an async function (a number when it has one): the cache hit
   * path calls this one. With `since` (a `mark()` taken when the request arrived), a read of the log
   * that started after that mark and has been applied here is enough: the request asks no more.
   */
  syncNow(since?: number): number | Promise<number>;
  /** The reads of the log started so far: a request's mark, taken when it arrives, for `syncNow(since)`. */
  mark(): number;
  /** Called once per invalidation applied here (with or without a cache: once a listener exists, `sync` reads the
   *  rows it has not seen); `origin` is 'local' for this instance's own publishes (call a purge webhook for those
   *  only, or every instance would call it). */
  onInvalidate(listener: InvalidationListener): void;
  /** Deletes log rows older than `keepMs` beyond the newest `keepRows` (publish runs it in the background now and then). */
  prune(): Promise<void>;
  close(): Promise<void>;
}

export interface InvalidationBusOptions {
  /** Connection for LISTEN (PostgreSQL); the database's own URL by default. */
  listenUrl?: string;
  /** LISTEN for notifications (PostgreSQL; default true). Off, invalidations arrive through `sync` only. */
  listen?: boolean;
  /** Connections of the PostgreSQL pool used by `sync` and `publish` (default 4). */
  poolSize?: number;
  /** Rows the log keeps at least (default 10,000) ... */
  keepRows?: number;
  /** ... and for how long, milliseconds (default one hour). Older rows beyond `keepRows` are pruned. */
  keepMs?: number;
  /**
   * Follow the log as a caching instance does (LISTEN and the lease) although this bus has no cache:
   * a serving instance keeps state made from the data (the security and redirect rules, checked on
   * every request), which then needs no query per request either. Off for a CLI command, which only publishes.
   */
  follow?: boolean;
  /** The cache lease on PostgreSQL, ms (default 1000; 0: none, every hit asks the database as on SQLite).
   *  A crashed instance delays other instances' writes by at most about this long. */
  leaseMs?: number;
  /** `application_name` of the LISTEN connection (default 'cache-listen'). */
  listenName?: string;
  /** Called with errors of background work (LISTEN connection, pruning); ignored by default. */
  onError?: (error: Error) => void;
}

const PRUNE_EVERY_PUBLISHES = 100;
const PRUNE_EVERY_MS = 60_000;
const DEFAULT_LEASE_MS = 1_000;
/** What listeners hear when invalidations were pruned before this instance read them: everything (see tags.ts). */
const EVERYTHING_UNSEEN: readonly string[] = ['settings', '*'];

/** One read of the log's newest version, numbered in the order reads started. */
interface VersionRead {
  version: number;
  seq: number;
}

class LogBus implements InvalidationBus {
  /** Every version up to this one has been applied here. */
  private applied = 0;
  /** Versions above `applied` already applied here (this instance's own publishes). */
  private readonly appliedAhead = new Set<number>();
  private readonly listeners: InvalidationListener[] = [];
  private readonly instance = randomUUID();
  private catchUpChain: Promise<void> = Promise.resolve();
  private publishes = 0;
  private lastPrune = Date.now();
  private pruning = false;
  private maxRead?: Promise<VersionRead>;
  private maxReadNext?: Promise<VersionRead>;
  private turnRead?: Promise<VersionRead>;
  /** Reads of the log's version started so far (each is numbered when it starts). */
  private readsStarted = 0;
  /** The number of the newest read whose version has been applied here (0: none yet). */
  private freshRead = 0;
  private pruneRun: Promise<void> = Promise.resolve();
  private closed = false;
  /** PostgreSQL: the LISTEN connection (with the lease), or one opened by the first publish to hear acknowledgements. */
  private connection?: ListenConnection;
  private connecting?: Promise<AckBoard>;

  constructor(
    private readonly log: LogStore,
    /** Null on an instance that keeps no cache: it only publishes (and tells its listeners). */
    private readonly cache: ResponseCache | null,
    private readonly options: InvalidationBusOptions,
    /** PostgreSQL: where LISTEN connections go (undefined on SQLite). */
    private readonly listenUrl?: string,
  ) {}

  async start(listen: { leaseMs: number | null } | undefined): Promise<void> {
    // Whatever was invalidated before this instance started cannot be in its cache.
    this.applied = await this.log.maxVersion();
    if (!listen || !this.listenUrl) return;
    this.connection = this.listenConnection(listen.leaseMs, true);
    await this.connection.start();
  }

  private listenConnection(leaseMs: number | null, invalidations: boolean): ListenConnection {
    const host = {
      applied: () => this.applied,
      notified: (version: number, row: LogRow | undefined) => this.notified(version, row),
      catchUpTo: () => this.catchUp(),
      reportError: (error: unknown) => this.reportError(error),
    };
    const applicationName = this.options.listenName ?? 'cache-listen';
    return new ListenConnection(host, { url: this.listenUrl as string, instance: this.instance, leaseMs, invalidations, applicationName });
  }

  /** Where acknowledgements are heard: the LISTEN connection, opened now for a bus without one (PostgreSQL). */
  private ackBoard(): AckBoard | Promise<AckBoard> | undefined {
    if (this.connection) return this.connection.acks;
    if (!this.listenUrl) return undefined;
    this.connecting ??= this.openAckConnection();
    return this.connecting;
  }

  private async openAckConnection(): Promise<AckBoard> {
    const connection = this.listenConnection(null, false);
    try {
      await connection.start();
      this.connection = connection;
      return connection.acks;
    } catch (error) {
      // Publishes still wait, for leases to run out; the next one tries to connect again.
      this.reportError(error);
      this.connecting = undefined;
      return new AckBoard();
    }
  }

  async publish(tags: readonly string[]): Promise<void> {
    this.assertOpen();
    const distinct = [...new Set(tags)];
    if (distinct.length === 0) return;
    // Listening before the insert commits: no acknowledgement of its version can come earlier.
    const acks = await this.ackBoard();
    const { version, leases } = await this.log.insert(distinct, this.instance);
    // A following bus counts its own version applied at once: its lease must not vouch for a version
    // below a write this instance has made (a read after it could go to a replica that lags).
    if (this.cache || this.options.follow) {
      this.apply({ version, tags: distinct, instance: this.instance });
      this.advance();
    }
    // Without a cache, `apply` leaves the listeners to this (and a bus that does not follow keeps no versions).
    if (!this.cache) this.notify(distinct, version, 'local');
    this.publishes += 1;
    this.maybePrune();
    // The write is acknowledged only once no instance can serve what it invalidated (see lease.ts).
    if (leases.length > 0) await (acks ?? new AckBoard()).waitFor(version, leases);
  }

  /** A version heard through NOTIFY: applied from its payload when it carries the row, else read. */
  private notified(version: number, row: LogRow | undefined): void {
    if (this.closed || version <= this.applied) return;
    if (row) {
      this.apply(row);
      this.advance();
    }
    if (version > this.applied) this.catchUp().catch((error: unknown) => this.reportError(error));
    else this.connection?.acknowledge();
  }

  async sync(): Promise<number> {
    return this.syncNow();
  }

  syncNow(since?: number): number | Promise<number> {
    this.assertOpen();
    // The lease holds and every notified version is applied: no write acknowledged anywhere is missing.
    if (this.connection?.trusted()) return this.applied;
    // A read that started after the request arrived has been applied: nothing committed before the
    // request can be missing (the security hook's sync serves the cache's check of the same request).
    if (since !== undefined && this.freshRead > since) return this.applied;
    const read = this.readMaxVersion();
    if ('version' in read) return this.freshAfter(read.seq, this.caughtUpTo(read.version));
    return read.then(({ version, seq }) => this.freshAfter(seq, this.caughtUpTo(version)));
  }

  mark(): number {
    return this.readsStarted;
  }

  /** Records that the read numbered `seq` has been applied once `applied` settles. */
  private freshAfter(seq: number, applied: number | Promise<number>): number | Promise<number> {
    const record = (version: number): number => {
      if (seq > this.freshRead) this.freshRead = seq;
      return version;
    };
    return typeof applied === 'number' ? record(applied) : applied.then(record);
  }

  /** `applied` once the rows up to `max` have been applied (without a promise when there are none to read). */
  private caughtUpTo(max: number): number | Promise<number> {
    if (max <= this.applied) return this.applied;
    if (!this.cache && this.listeners.length === 0) {
      // Nothing here to drop and nobody to tell: the version is all a caller wants.
      this.applied = max;
      return max;
    }
    return this.catchUp().then(() => this.applied);
  }

  onInvalidate(listener: InvalidationListener): void {
    this.listeners.push(listener);
  }

  /**
   * Callers that arrive while a max(version) query is in flight share the *next* query, which starts
   * after it: each still gets an answer read after it called, and under load the database sees a
   * couple of these queries at a time instead of one per request. SQLite: see `startTurnRead`.
   */
  private readMaxVersion(): VersionRead | Promise<VersionRead> {
    if (this.log.synchronous) return this.turnRead ?? this.startTurnRead();
    if (!this.maxRead) return this.startMaxRead();
    if (!this.maxReadNext) {
      this.maxReadNext = this.maxRead
        .then(
          () => undefined,
          () => undefined,
        )
        .then(() => {
          this.maxReadNext = undefined;
          return this.startMaxRead();
        });
    }
    return this.maxReadNext;
  }

  /**
   * SQLite answers synchronously, but each read of the log costs a few system calls (the WAL read
   * lock), as much as the rest of a cache hit. So the callers of one turn of the event loop share one
   * read made by `setImmediate`, which runs after that turn's I/O callbacks: it starts after every
   * caller sharing it called, so each still gets a version read after it called. A busy server reads
   * once per turn, not once per request.
   */
  private startTurnRead(): Promise<VersionRead> {
    const read = new Promise<VersionRead>((resolve, reject) => {
      setImmediate(() => {
        // Callers from now on wait for the next read.
        this.turnRead = undefined;
        try {
          this.assertOpen();
          const seq = ++this.readsStarted;
          resolve({ version: this.log.maxVersion() as number, seq });
        } catch (error) {
          reject(error as Error);
        }
      });
    });
    this.turnRead = read;
    return read;
  }

  private startMaxRead(): VersionRead | Promise<VersionRead> {
    const seq = ++this.readsStarted;
    const read = this.log.maxVersion();
    if (typeof read === 'number') return { version: read, seq };
    const current: Promise<VersionRead> = read.then((version) => ({ version, seq })).finally(() => {
      if (this.maxRead === current) this.maxRead = undefined;
    });
    this.maxRead = current;
    return current;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.connecting;
    await this.connection?.close();
    await this.catchUpChain.catch(() => undefined);
    await this.pruneRun;
    await this.log.close();
  }

  /** Reads and applies the rows past `applied`, one catch-up at a time. */
  private catchUp(): Promise<void> {
    const run = this.catchUpChain.then(() => this.applyNewRows());
    this.catchUpChain = run.catch(() => undefined);
    return run;
  }

  private async applyNewRows(): Promise<void> {
    if (this.closed) return;
    const from = this.applied;
    const rows = await this.log.rowsAfter(from);
    if (rows.length === 0) return;
    const last = rows[rows.length - 1].version;
    if (rows[0].version > from + 1 && (await this.log.minVersion()) > from + 1) {
      // Rows this instance never saw were pruned: anything cached (or derived from the data: the redirect rules) may be stale.
      this.cache?.clear(last);
      this.notify(EVERYTHING_UNSEEN, last, 'remote');
    }
    for (const row of rows) this.apply(row);
    this.applied = Math.max(this.applied, last);
    for (const version of this.appliedAhead) if (version <= this.applied) this.appliedAhead.delete(version);
    this.advance();
    this.connection?.acknowledge();
  }

  /** Moves `applied` over the versions applied ahead of it that have become contiguous. */
  private advance(): void {
    while (this.appliedAhead.delete(this.applied + 1)) this.applied += 1;
  }

  private apply(row: LogRow): void {
    if (row.version <= this.applied || this.appliedAhead.has(row.version)) return;
    this.appliedAhead.add(row.version);
    this.cache?.invalidate(row.tags, row.version);
    // An instance without a cache told its listeners of its own publishes as it made them.
    if (!this.cache && row.instance === this.instance) return;
    this.notify(row.tags, row.version, row.instance === this.instance ? 'local' : 'remote');
  }

  private notify(tags: readonly string[], version: number, origin: 'local' | 'remote'): void {
    for (const listener of this.listeners) {
      try {
        listener(tags, version, origin);
      } catch (error) {
        this.reportError(error);
      }
    }
  }

  async prune(): Promise<void> {
    this.assertOpen();
    this.lastPrune = Date.now();
    await this.log.prune(this.options.keepRows ?? 10_000, this.options.keepMs ?? 3_600_000);
  }

  private maybePrune(): void {
    if (this.pruning) return;
    if (this.publishes % PRUNE_EVERY_PUBLISHES !== 0 && Date.now() - this.lastPrune < PRUNE_EVERY_MS) return;
    this.pruning = true;
    // In the background: a write's response does not wait for housekeeping.
    this.pruneRun = this.prune()
      .catch((error: unknown) => this.reportError(error))
      .finally(() => {
        this.pruning = false;
      });
  }

  private reportError(error: unknown): void {
    this.options.onError?.(error instanceof Error ? error : new Error(String(error)));
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('invalidation bus is closed');
  }
}

/**
 * The bus of one instance. With `cache` null (an instance that caches nothing, or a CLI command)
 * it publishes, so that other instances drop what its writes changed, and with `follow` (a serving
 * instance) it also follows the log for its listeners, with a lease as a caching instance holds.
 */
export async function createInvalidationBus(db: Database, cache: ResponseCache | null, options: InvalidationBusOptions = {}): Promise<InvalidationBus> {
  const postgres = db.provider === 'postgresql';
  const log = postgres ? postgresLog(db, options.poolSize ?? 4) : sqliteLog(db);
  const bus = new LogBus(log, cache, options, postgres ? (options.listenUrl ?? db.url) : undefined);
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  try {
    await bus.start((cache || options.follow) && options.listen !== false ? { leaseMs: leaseMs > 0 ? leaseMs : null } : undefined);
  } catch (error) {
    await bus.close().catch(() => undefined);
    throw error;
  }
  return bus;
}

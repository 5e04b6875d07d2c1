/**
 * Keeps the response caches of several server instances on one database coherent.
 *
 * Every invalidation is a row of the `CacheInvalidation` log; its autoincrement `version` orders
 * them. `publish` inserts a row (and applies it here); `sync` — run before every cache hit — reads
 * `max(version)` and, when that is beyond what this instance has applied, reads and applies the
 * newer rows. So an instance never serves an entry a committed invalidation dropped, and a lost
 * notification only delays work until the next `sync`. On PostgreSQL a dedicated connection also
 * LISTENs for the NOTIFY each insert sends, so idle instances apply invalidations promptly.
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
import Sqlite from 'better-sqlite3';
import { Client, Pool, type Notification } from 'pg';
import { sqliteFile, type Database } from '../db/client';
import type { ResponseCache } from './store';

export type InvalidationListener = (tags: readonly string[], version: number, origin: 'local' | 'remote') => void;

export interface InvalidationBus {
  /** Durably records an invalidation and applies it locally; when it resolves, a read on ANY instance that starts afterwards
   *  will not be served the invalidated entries (the write's response is sent only after this). */
  publish(tags: readonly string[]): Promise<void>;
  /** Applies invalidations this instance has not seen yet and returns the current version (stamp it on entries being
   *  computed from now on). Must be cheap: one small indexed query per call, or shared by concurrent calls that it
   *  starts after (it runs before every cache hit). */
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
  /** Called with errors of background work (LISTEN connection, pruning); ignored by default. */
  onError?: (error: Error) => void;
}

export const INVALIDATION_CHANNEL = 'cache_invalidation';
const TABLE = '"CacheInvalidation"';
const PUBLISH_LOCK_KEY = 727_002; // arbitrary, constant advisory-lock key (727_001 is the migration runner's)
const PRUNE_EVERY_PUBLISHES = 100;
const PRUNE_EVERY_MS = 60_000;
const RECONNECT_MS = 1_000;
/** What listeners hear when invalidations were pruned before this instance read them: everything (see tags.ts). */
const EVERYTHING_UNSEEN: readonly string[] = ['settings', '*'];

interface LogRow {
  version: number;
  tags: string[];
  instance: string;
}

/** The log table on one engine. */
interface LogStore {
  /** Answers `maxVersion` synchronously (SQLite): callers of one turn of the event loop share a read. */
  synchronous: boolean;
  maxVersion(): Promise<number> | number;
  minVersion(): Promise<number>;
  rowsAfter(version: number): Promise<LogRow[]> | LogRow[];
  insert(tags: string, instance: string): Promise<number>;
  prune(keepRows: number, keepMs: number): Promise<void>;
  close(): Promise<void>;
}

function toRow(raw: { version: number | string | bigint; tags: string; instance: string }): LogRow {
  let tags: unknown;
  try {
    tags = JSON.parse(raw.tags);
  } catch {
    tags = [];
  }
  return { version: Number(raw.version), tags: Array.isArray(tags) ? tags.map(String) : [], instance: raw.instance };
}

function sqliteLog(db: Database): LogStore {
  const reader = new Sqlite(sqliteFile(db.url), { readonly: true, fileMustExist: true, timeout: 15000 });
  const max = reader.prepare(`SELECT max("version") FROM ${TABLE}`).pluck();
  const min = reader.prepare(`SELECT min("version") FROM ${TABLE}`).pluck();
  const after = reader.prepare(`SELECT "version", "tags", "instance" FROM ${TABLE} WHERE "version" > ? ORDER BY "version"`);
  return {
    synchronous: true,
    maxVersion: () => Number(max.get() ?? 0),
    minVersion: async () => Number(min.get() ?? 0),
    rowsAfter: (version) => (after.all(version) as Parameters<typeof toRow>[0][]).map(toRow),
    async insert(tags, instance) {
      // Prisma's adapter writes DateTime as ISO text with an explicit offset; keep its format.
      const createdAt = new Date().toISOString().replace('Z', '+00:00');
      const rows = await db.prisma.$queryRawUnsafe<{ version: number | bigint }[]>(
        `INSERT INTO ${TABLE} ("tags", "instance", "createdAt") VALUES (?, ?, ?) RETURNING "version"`,
        tags,
        instance,
        createdAt,
      );
      return Number(rows[0].version);
    },
    async prune(keepRows, keepMs) {
      const cutoff = new Date(Date.now() - keepMs).toISOString().replace('Z', '+00:00');
      await db.prisma.$executeRawUnsafe(
        `DELETE FROM ${TABLE} WHERE "version" < (SELECT max("version") FROM ${TABLE}) AND ("version" <= (SELECT max("version") FROM ${TABLE}) - ? OR "createdAt" < ?)`,
        keepRows,
        cutoff,
      );
    },
    close: async () => {
      reader.close();
    },
  };
}

function postgresLog(db: Database, poolSize: number): LogStore {
  const pool = new Pool({ connectionString: db.url, max: poolSize });
  // An idle pooled connection that fails is dropped by the pool; without a listener it would crash the process.
  pool.on('error', () => undefined);
  const maxQuery = { name: 'cache_invalidation_max', text: `SELECT max("version") AS v FROM ${TABLE}` };
  return {
    synchronous: false,
    maxVersion: async () => Number((await pool.query<{ v: number | null }>(maxQuery)).rows[0].v ?? 0),
    minVersion: async () => Number((await pool.query<{ v: number | null }>(`SELECT min("version") AS v FROM ${TABLE}`)).rows[0].v ?? 0),
    rowsAfter: async (version) =>
      (await pool.query(`SELECT "version", "tags", "instance" FROM ${TABLE} WHERE "version" > $1 ORDER BY "version"`, [version])).rows.map(toRow),
    async insert(tags, instance) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        await client.query('SELECT pg_advisory_xact_lock($1)', [PUBLISH_LOCK_KEY]);
        const { rows } = await client.query<{ version: number }>(
          `INSERT INTO ${TABLE} ("tags", "instance", "createdAt") VALUES ($1, $2, now() AT TIME ZONE 'UTC') RETURNING "version"`,
          [tags, instance],
        );
        const version = Number(rows[0].version);
        // Delivered at commit, so a listener never reads ahead of the row.
        await client.query('SELECT pg_notify($1, $2)', [INVALIDATION_CHANNEL, String(version)]);
        await client.query('COMMIT');
        return version;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async prune(keepRows, keepMs) {
      await pool.query(
        `DELETE FROM ${TABLE} WHERE "version" < (SELECT max("version") FROM ${TABLE}) AND ("version" <= (SELECT max("version") FROM ${TABLE}) - $1 OR "createdAt" < (now() AT TIME ZONE 'UTC') - make_interval(secs => $2))`,
        [keepRows, keepMs / 1000],
      );
    },
    close: () => pool.end(),
  };
}

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
  private listener?: Client;
  private reconnectTimer?: NodeJS.Timeout;

  constructor(
    private readonly log: LogStore,
    /** Null on an instance that keeps no cache: it only publishes (and tells its listeners). */
    private readonly cache: ResponseCache | null,
    private readonly options: InvalidationBusOptions,
  ) {}

  async start(listenUrl?: string): Promise<void> {
    // Whatever was invalidated before this instance started cannot be in its cache.
    this.applied = await this.log.maxVersion();
    if (listenUrl) await this.listen(listenUrl, true);
  }

  async publish(tags: readonly string[]): Promise<void> {
    this.assertOpen();
    const distinct = [...new Set(tags)];
    if (distinct.length === 0) return;
    const version = await this.log.insert(JSON.stringify(distinct), this.instance);
    if (this.cache) {
      this.apply({ version, tags: distinct, instance: this.instance });
      this.advance();
    } else {
      // Nothing to drop here, and no versions to keep track of (this instance never syncs).
      this.notify(distinct, version, 'local');
    }
    this.publishes += 1;
    this.maybePrune();
  }

  async sync(): Promise<number> {
    return this.syncNow();
  }

  syncNow(since?: number): number | Promise<number> {
    this.assertOpen();
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
    clearTimeout(this.reconnectTimer);
    const listener = this.listener;
    this.listener = undefined;
    await listener?.end().catch(() => undefined);
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

  private async listen(url: string, initial = false): Promise<void> {
    const client = new Client({ connectionString: url });
    this.listener = client;
    const lost = (error?: Error) => {
      if (error) this.reportError(error);
      if (this.listener !== client || this.closed) return;
      this.listener = undefined;
      client.end().catch(() => undefined);
      this.reconnectTimer = setTimeout(() => void this.listen(url), RECONNECT_MS);
      this.reconnectTimer.unref();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    client.on('notification', (message: Notification) => {
      if (Number(message.payload) > this.applied && !this.closed) this.catchUp().catch((e: unknown) => this.reportError(e));
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${INVALIDATION_CHANNEL}`);
    } catch (error) {
      if (!initial) return lost(error as Error);
      this.listener = undefined;
      await client.end().catch(() => undefined);
      throw error;
    }
    // Whatever was published while no connection listened.
    if (!this.closed) await this.catchUp().catch((e: unknown) => this.reportError(e));
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
 * it only publishes: other instances still have to drop what its writes changed.
 */
export async function createInvalidationBus(db: Database, cache: ResponseCache | null, options: InvalidationBusOptions = {}): Promise<InvalidationBus> {
  const log = db.provider === 'sqlite' ? sqliteLog(db) : postgresLog(db, options.poolSize ?? 4);
  const bus = new LogBus(log, cache, options);
  const listenUrl = db.provider === 'postgresql' && cache && options.listen !== false ? (options.listenUrl ?? db.url) : undefined;
  try {
    await bus.start(listenUrl);
  } catch (error) {
    await bus.close().catch(() => undefined);
    throw error;
  }
  return bus;
}

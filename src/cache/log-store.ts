/**
 * The `CacheInvalidation` log on one engine: reading its newest version and rows, inserting a row
 * (in order: see invalidation.ts) and pruning old ones.
 *
 * On PostgreSQL the insert's transaction also NOTIFYs the row (its tags included when they fit, so
 * listeners need not read it) and, under the same advisory lock, reads the instances whose cache
 * lease is still valid: the publisher then waits for each to acknowledge (see lease.ts).
 */
import Sqlite from 'better-sqlite3';
import { escapeLiteral, Pool, type QueryResult } from 'pg';
import { sqliteFile, type Database } from '../db/client';

export const INVALIDATION_CHANNEL = 'cache_invalidation';
export const LOG_TABLE = '"CacheInvalidation"';
export const INSTANCE_TABLE = '"CacheInstance"';
/** Arbitrary, constant advisory-lock key (727_001 is the migration runner's): publishes and lease renewals take it. */
export const PUBLISH_LOCK_KEY = 727_002;
/** Added to every lease a publisher waits on: rounding of the stored time, timers firing a little early. */
export const PUBLISHER_LEASE_MARGIN_MS = 25;
/** NOTIFY payloads must stay under 8000 bytes; longer ones carry the version alone. */
const MAX_PAYLOAD_BYTES = 7900;

export interface LogRow {
  version: number;
  tags: string[];
  instance: string;
}

/** Another instance's lease, seen by a publisher: it waits at most `leftMs` for its acknowledgement. */
export interface PeerLease {
  id: string;
  leftMs: number;
}

export interface Published {
  version: number;
  /** Instances (other than the publisher) trusting their version without asking: wait for them. */
  leases: PeerLease[];
}

export interface LogStore {
  /** Answers `maxVersion` synchronously (SQLite): callers of one turn of the event loop share a read. */
  synchronous: boolean;
  maxVersion(): Promise<number> | number;
  minVersion(): Promise<number>;
  rowsAfter(version: number): Promise<LogRow[]> | LogRow[];
  insert(tags: readonly string[], instance: string): Promise<Published>;
  prune(keepRows: number, keepMs: number): Promise<void>;
  close(): Promise<void>;
}

function parseTags(text: string): string[] {
  let tags: unknown;
  try {
    tags = JSON.parse(text);
  } catch {
    tags = [];
  }
  return Array.isArray(tags) ? tags.map(String) : [];
}

function toRow(raw: { version: number | string | bigint; tags: string; instance: string }): LogRow {
  return { version: Number(raw.version), tags: parseTags(raw.tags), instance: raw.instance };
}

/** A notification's version, with its row when the payload carried it. */
export function parseNotification(payload: string): { version: number; row?: LogRow } {
  if (!payload.startsWith('{')) return { version: Number(payload) };
  try {
    const parsed = JSON.parse(payload) as { v: unknown; i: unknown; t: unknown };
    const version = Number(parsed.v);
    if (!Array.isArray(parsed.t)) return { version };
    return { version, row: { version, instance: String(parsed.i), tags: parsed.t.map(String) } };
  } catch {
    return { version: NaN };
  }
}

export function sqliteLog(db: Database): LogStore {
  const reader = new Sqlite(sqliteFile(db.url), { readonly: true, fileMustExist: true, timeout: 15000 });
  const max = reader.prepare(`SELECT max("version") FROM ${LOG_TABLE}`).pluck();
  const min = reader.prepare(`SELECT min("version") FROM ${LOG_TABLE}`).pluck();
  const after = reader.prepare(`SELECT "version", "tags", "instance" FROM ${LOG_TABLE} WHERE "version" > ? ORDER BY "version"`);
  return {
    synchronous: true,
    maxVersion: () => Number(max.get() ?? 0),
    minVersion: async () => Number(min.get() ?? 0),
    rowsAfter: (version) => (after.all(version) as Parameters<typeof toRow>[0][]).map(toRow),
    async insert(tags, instance) {
      // Prisma's adapter writes DateTime as ISO text with an explicit offset; keep its format.
      const createdAt = new Date().toISOString().replace('Z', '+00:00');
      const rows = await db.prisma.$queryRawUnsafe<{ version: number | bigint }[]>(
        `INSERT INTO ${LOG_TABLE} ("tags", "instance", "createdAt") VALUES (?, ?, ?) RETURNING "version"`,
        JSON.stringify(tags),
        instance,
        createdAt,
      );
      // One process per SQLite file in practice, and its reads never trust without asking: nobody to wait for.
      return { version: Number(rows[0].version), leases: [] };
    },
    async prune(keepRows, keepMs) {
      const cutoff = new Date(Date.now() - keepMs).toISOString().replace('Z', '+00:00');
      await db.prisma.$executeRawUnsafe(
        `DELETE FROM ${LOG_TABLE} WHERE "version" < (SELECT max("version") FROM ${LOG_TABLE}) AND ("version" <= (SELECT max("version") FROM ${LOG_TABLE}) - ? OR "createdAt" < ?)`,
        keepRows,
        cutoff,
      );
    },
    close: async () => {
      reader.close();
    },
  };
}

/** The end of a row's lease in database time, as SQL. */
const LEASE_END = `"renewedAt" + "leaseMs" * interval '1 millisecond'`;
const DB_NOW = `(now() AT TIME ZONE 'UTC')`;

/** NOTIFY of the row just inserted (under the lock its version is the newest): the row as JSON, or its version alone when too long. */
function notifySql(tags: readonly string[], instance: string): string {
  const row = `json_build_object('v', v, 'i', ${escapeLiteral(instance)}, 't', ${escapeLiteral(JSON.stringify(tags))}::json)::text`;
  return `SELECT pg_notify('${INVALIDATION_CHANNEL}', CASE WHEN octet_length(p) <= ${MAX_PAYLOAD_BYTES} THEN p ELSE v::text END)
    FROM (SELECT v, ${row} AS p FROM (SELECT max("version") AS v FROM ${LOG_TABLE}) AS newest) AS payload`;
}

/** The other instances' valid leases and the ms each has left. now() is the transaction's start, before this read: never short. */
function leasesSql(instance: string): string {
  const margin = `${PUBLISHER_LEASE_MARGIN_MS} * interval '1 millisecond'`;
  return `SELECT "id", extract(epoch FROM (${LEASE_END} + ${margin} - ${DB_NOW})) * 1000 AS "leftMs"
    FROM ${INSTANCE_TABLE} WHERE "id" <> ${escapeLiteral(instance)} AND ${LEASE_END} + ${margin} > ${DB_NOW}`;
}

export function postgresLog(db: Database, poolSize: number): LogStore {
  const pool = new Pool({ connectionString: db.url, max: poolSize });
  // An idle pooled connection that fails is dropped by the pool; without a listener it would crash the process.
  pool.on('error', () => undefined);
  const maxQuery = { name: 'cache_invalidation_max', text: `SELECT max("version") AS v FROM ${LOG_TABLE}` };
  return {
    synchronous: false,
    maxVersion: async () => Number((await pool.query<{ v: number | null }>(maxQuery)).rows[0].v ?? 0),
    minVersion: async () => Number((await pool.query<{ v: number | null }>(`SELECT min("version") AS v FROM ${LOG_TABLE}`)).rows[0].v ?? 0),
    rowsAfter: async (version) =>
      (await pool.query(`SELECT "version", "tags", "instance" FROM ${LOG_TABLE} WHERE "version" > $1 ORDER BY "version"`, [version])).rows.map(toRow),
    async insert(tags, instance) {
      // One round trip, one implicit transaction: the lock is held to its end, so the row's version
      // is max(version) and commits in order; the NOTIFY is delivered at commit (a listener never
      // reads ahead of the row); the leases are read under the lock, after the insert, so a renewal
      // not seen here reads this version before it trusts.
      const results = (await pool.query(
        `SELECT pg_advisory_xact_lock(${PUBLISH_LOCK_KEY});
         INSERT INTO ${LOG_TABLE} ("tags", "instance", "createdAt") VALUES (${escapeLiteral(JSON.stringify(tags))}, ${escapeLiteral(instance)}, ${DB_NOW}) RETURNING "version";
         ${notifySql(tags, instance)};
         ${leasesSql(instance)}`,
      )) as unknown as QueryResult[];
      const version = Number((results[1].rows[0] as { version: number }).version);
      const leases = (results[3].rows as { id: string; leftMs: string }[]).map((row) => ({ id: row.id, leftMs: Math.ceil(Number(row.leftMs)) }));
      return { version, leases };
    },
    async prune(keepRows, keepMs) {
      await pool.query(
        `DELETE FROM ${LOG_TABLE} WHERE "version" < (SELECT max("version") FROM ${LOG_TABLE}) AND ("version" <= (SELECT max("version") FROM ${LOG_TABLE}) - $1 OR "createdAt" < ${DB_NOW} - make_interval(secs => $2))`,
        [keepRows, keepMs / 1000],
      );
      // Instances gone without saying so (a crash): nobody waits on an expired lease, but keep the table small.
      await pool.query(`DELETE FROM ${INSTANCE_TABLE} WHERE ${LEASE_END} < ${DB_NOW} - interval '1 minute'`);
    },
    close: () => pool.end(),
  };
}

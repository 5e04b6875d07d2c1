/**
 * One Prisma client per provider. The domain codes against the SQLite client's types; the two
 * generated clients come from the same models, so the PostgreSQL client has the same API.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PrismaBetterSQLite3 } from '@prisma/adapter-better-sqlite3';
import type { SqlDriverAdapter, SqlDriverAdapterFactory, SqlQueryable, Transaction } from '@prisma/driver-adapter-utils';
import { PrismaClient as SqliteClient } from '../generated/prisma-sqlite/client';
import { PrismaClient as PostgresClient } from '../generated/prisma-postgresql/client';
import { PendingChanges, withWriteTags } from '../cache/write-tags';
import type { Config, Provider } from '../config';
import { providerOf } from '../config';
import { sqliteEngine, type ReadEngine } from './fast/engine';
import { ModelCatalog } from './fast/models';
import { FastReads, type ReadClient } from './fast/reader';
import { ReadAudit } from './read-audit';
import { postgresConnections } from './replicas';
import { DEFAULT_REPLICA_TIMINGS, type ReplicaChange, type ReplicaStats } from './replica-router';

export type PrismaClient = SqliteClient;
export type { Prisma } from '../generated/prisma-sqlite/client';

/** Counts the SQL statements a request costs (tests and metrics read it), and how many went through Prisma. */
export class QueryCounter {
  count = 0;
  /** Statements Prisma ran (each a fixed ~0.2–0.3 ms of its own here); the rest ran on the fast read path. */
  prismaCount = 0;
  readonly statements: string[] = [];
  keepStatements = false;
  record(sql: string, viaPrisma = false): void {
    this.count += 1;
    if (viaPrisma) this.prismaCount += 1;
    if (this.keepStatements) this.statements.push(sql);
  }
}

export interface Database {
  /** Writes and transactions (every mutating call records its cache tags). */
  prisma: PrismaClient;
  /**
   * Prisma for a read the fast path cannot serve, on purpose: `why` says so at the call site. In a
   * request, the answer then counts as untracked (see src/db/read-audit.ts).
   */
  untracked(why: string): PrismaClient;
  /** Reads without Prisma's per-call cost where the arguments allow (src/db/fast); Prisma otherwise. */
  read: ReadClient;
  fast: FastReads;
  provider: Provider;
  url: string;
  queries: QueryCounter;
  /** What the read replicas served (null without DATABASE_REPLICA_URLS). */
  replicas: ReplicaStats | null;
  /** Calls `watcher` when a read replica goes down or answers again (never without replicas). */
  watchReplicas(watcher: (change: ReplicaChange) => void): void;
  /** Cache tags this process's writes changed, not yet published (see src/cache/write-tags.ts). */
  changes: PendingChanges;
  close(): Promise<void>;
}

/** Path of the SQLite file named by a `file:` URL (relative paths resolve from the working dir). */
export function sqliteFile(url: string): string {
  return path.resolve(url.replace(/^file:/i, '').replace(/\?.*$/, ''));
}

/**
 * SQLite: the adapter opens transactions with a deferred BEGIN, whose first read pins a snapshot;
 * if another process (a cluster worker, the CLI) commits before the transaction's first write, that
 * write fails at once with SQLITE_BUSY_SNAPSHOT instead of waiting. A write as the transaction's
 * first statement takes the write lock up front (as BEGIN IMMEDIATE would), waiting out the busy
 * timeout, so transactions of several processes queue instead of failing. It changes no row.
 */
const TAKE_WRITE_LOCK = { sql: 'DELETE FROM "CacheInvalidation" WHERE 0', args: [], argTypes: [] };

function counted<T extends SqlQueryable>(target: T, counter: QueryCounter, lockOnBegin = false): T {
  return new Proxy(target, {
    get(obj, key, receiver) {
      const value = Reflect.get(obj, key, receiver);
      if (key === 'queryRaw' || key === 'executeRaw') {
        return (query: { sql: string }) => {
          counter.record(query.sql, true);
          return (value as (q: unknown) => unknown).call(obj, query);
        };
      }
      if (key === 'startTransaction') {
        return async (...args: unknown[]) => {
          const transaction = await (value as (...a: unknown[]) => Promise<Transaction>).apply(obj, args);
          if (lockOnBegin) {
            counter.record(TAKE_WRITE_LOCK.sql, true);
            try {
              await transaction.executeRaw(TAKE_WRITE_LOCK);
            } catch (error) {
              // The engine never saw this transaction: end it here (the adapter's rollback only releases its mutex).
              await transaction.executeRaw({ sql: 'ROLLBACK', args: [], argTypes: [] }).catch(() => undefined);
              await transaction.rollback();
              throw error;
            }
          }
          return counted(transaction, counter);
        };
      }
      return typeof value === 'function' ? value.bind(obj) : value;
    },
  });
}

function countingFactory(factory: SqlDriverAdapterFactory, counter: QueryCounter): SqlDriverAdapterFactory {
  return {
    provider: factory.provider,
    adapterName: factory.adapterName,
    connect: async (): Promise<SqlDriverAdapter> => counted(await factory.connect(), counter, factory.provider === 'sqlite'),
  };
}

export interface DatabaseOptions {
  /** The primary's Prisma pool; the fast read pools (primary's and each replica's) take min(this, 4). */
  poolSize?: number;
  /** PostgreSQL replicas for anonymous reads, fast path and Prisma's (src/db/replica-router.ts). */
  replicaUrls?: readonly string[];
  /** How long a replica has to answer before its reads go to the primary (default 5 s). */
  replicaTimeoutMs?: number;
  /** Throw on reads that leave the tracked fast path unannounced (tests); count and log them otherwise. */
  strictReads?: boolean;
}

/**
 * Every write transaction's limits. Prisma's defaults (2 s to get a connection, 5 s in all) turn a
 * burst of writers taking turns on one lock (thirty creates of one slug through several workers,
 * src/db/locks.ts; SQLite's single writer) into 500s for the last of them under load: they wait
 * their turn instead. A transaction still stuck past these limits is a fault worth reporting.
 */
const TRANSACTION_OPTIONS = { maxWait: 15_000, timeout: 30_000 };

export function createDatabase(url: string, options: DatabaseOptions = {}): Database {
  const provider = providerOf(url);
  const queries = new QueryCounter();
  let prisma: PrismaClient;
  let engine: ReadEngine;
  let replicas: ReplicaStats | null = null;
  let watchReplicas: Database['watchReplicas'] = () => undefined;
  if (provider === 'sqlite') {
    const file = sqliteFile(url);
    mkdirSync(path.dirname(file), { recursive: true });
    const adapter = countingFactory(new PrismaBetterSQLite3({ url: file, timeout: 15000 }), queries);
    prisma = new SqliteClient({ adapter, errorFormat: 'minimal', transactionOptions: TRANSACTION_OPTIONS });
    engine = sqliteEngine(file);
  } else {
    const poolSize = options.poolSize ?? 10;
    const timings = { ...DEFAULT_REPLICA_TIMINGS, ...(options.replicaTimeoutMs ? { timeoutMs: options.replicaTimeoutMs } : {}) };
    const connections = postgresConnections(url, options.replicaUrls ?? [], { prisma: poolSize, fast: Math.min(poolSize, 4) }, timings);
    const adapter = countingFactory(connections.adapter, queries);
    prisma = new PostgresClient({ adapter, errorFormat: 'minimal', transactionOptions: TRANSACTION_OPTIONS }) as unknown as PrismaClient;
    engine = connections.engine;
    replicas = connections.replicas;
    watchReplicas = connections.watchReplicas;
  }
  const runtime = (prisma as unknown as { _runtimeDataModel?: ConstructorParameters<typeof ModelCatalog>[0] })._runtimeDataModel;
  if (!runtime) throw new Error('the generated Prisma client has no runtime data model');
  // Reads that fall back to Prisma use the plain client: only mutations need the write-tag wrapper.
  const fast = new FastReads(prisma, engine, new ModelCatalog(runtime), queries, new ReadAudit(options.strictReads ?? false));
  const changes = new PendingChanges();
  const raw = prisma;
  // Every mutating call records the cache tags it changes.
  const tagged = withWriteTags(prisma, changes);
  return {
    prisma: tagged,
    untracked: () => tagged,
    read: fast.client(),
    fast,
    provider,
    url,
    queries,
    replicas,
    watchReplicas,
    changes,
    close: async () => {
      await fast.close();
      await raw.$disconnect();
    },
  };
}

/** A serving process's options from its configuration. */
export function databaseOptions(config: Pick<Config, 'databasePoolSize' | 'databaseReplicaUrls' | 'databaseReplicaTimeoutMs' | 'strictReads'>): DatabaseOptions {
  return { poolSize: config.databasePoolSize, replicaUrls: config.databaseReplicaUrls, replicaTimeoutMs: config.databaseReplicaTimeoutMs, strictReads: config.strictReads };
}

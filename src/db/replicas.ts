/**
 * A PostgreSQL process's connections: Prisma's adapter and the fast read engine on the primary
 * alone, or with one pool of each per replica behind a ReplicaRouter when replicas are configured.
 */
import { PrismaPg } from '@prisma/adapter-pg';
import type { SqlDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import { postgresEngine, type ReadEngine } from './fast/engine';
import { routedAdapterFactory } from './replica-adapter';
import { routedEngine } from './replica-engine';
import { DEFAULT_REPLICA_TIMINGS, ReplicaRouter, type ReplicaChange, type ReplicaStats, type ReplicaTimings } from './replica-router';

export interface PostgresConnections {
  adapter: SqlDriverAdapterFactory;
  engine: ReadEngine;
  /** The routing's counters (null without replicas). */
  replicas: ReplicaStats | null;
  /** Calls `watcher` when a replica goes down or answers again (never without replicas). */
  watchReplicas(watcher: (change: ReplicaChange) => void): void;
}

export interface PoolSizes {
  /** Prisma's pool on the primary. */
  prisma: number;
  /** The fast read engine's pool per server, and Prisma's on each replica. */
  fast: number;
}

export function postgresConnections(url: string, replicaUrls: readonly string[], pools: PoolSizes, timings: ReplicaTimings = DEFAULT_REPLICA_TIMINGS): PostgresConnections {
  const adapter = new PrismaPg({ connectionString: url, max: pools.prisma });
  const engine = postgresEngine(url, pools.fast);
  if (replicaUrls.length === 0) return { adapter, engine, replicas: null, watchReplicas: () => undefined };
  const replicaEngines = replicaUrls.map((replica) => postgresEngine(replica, pools.fast));
  const router = new ReplicaRouter(replicaEngines, timings);
  // Prisma reads little on a replica (the fast path's fallbacks): a pool the fast engine's size.
  const replicaAdapters = replicaUrls.map((replica) => new PrismaPg({ connectionString: replica, max: pools.fast, connectionTimeoutMillis: timings.timeoutMs }));
  return {
    adapter: routedAdapterFactory(adapter, replicaAdapters, router),
    engine: routedEngine(engine, replicaEngines, router),
    replicas: router.stats,
    watchReplicas: (watcher) => router.watch(watcher),
  };
}

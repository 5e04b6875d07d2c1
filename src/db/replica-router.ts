/**
 * Which server answers a read: inside a replica scope (src/db/replica-scope.ts) a replica that has
 * replayed the invalidation log up to the version the scope requires, else the primary; outside
 * one, always the primary. The fast read engine (src/db/replica-engine.ts) and Prisma's driver
 * adapter (src/db/replica-adapter.ts) both ask here, so a request's reads share one decision.
 *
 * Every acknowledged write commits its data before its invalidation-log row, and the instance that
 * answers a later request has applied at least that row's version by the time the request reads,
 * so a replica that has replayed that version has replayed the write: no read is staler than the
 * primary would have answered for the cache, and a client reads its own writes.
 *
 * A replica that does not answer is left alone for a while (its reads go to the primary) and then
 * tried again; a read that fails on a replica for any reason runs again on the primary.
 */
import { deadline } from './deadline';
import type { ReadEngine } from './fast/engine';
import { currentReplicaScope, type ReplicaScope } from './replica-scope';
import { ReplicaVersion } from './replica-version';

export interface ReplicaTimings {
  /** How long a replica that did not answer is skipped before it is tried again. */
  retryMs: number;
  /** How long a replica has to answer a statement before it counts as down (a hung server never refuses). */
  timeoutMs: number;
}

export const DEFAULT_REPLICA_TIMINGS: ReplicaTimings = { retryMs: 5_000, timeoutMs: 5_000 };

/** What the routing did since the process started (served in /metrics). */
export interface ReplicaStats {
  /** Statements the replicas answered (fast path and Prisma). */
  replicaStatements: number;
  /** Statements a replica could have taken (anonymous reads) that ran on the primary: every replica behind or down. */
  primaryStatements: number;
  /** Reads or version checks that failed on a replica (then ran on the primary). */
  replicaFailures: number;
}

/** A replica found down (its reads go to the primary), or answering again: for the log. */
export interface ReplicaChange {
  /** Its place in DATABASE_REPLICA_URLS, from 0. */
  replica: number;
  state: 'down' | 'up';
  /** Why it counts as down. */
  reason?: string;
}

class Replica {
  readonly version: ReplicaVersion;
  /** Date.now() before which this replica is not tried (0: up). */
  downUntil = 0;
  /** Reported down, not yet back: one report per outage, however many reads fail. */
  reportedDown = false;

  constructor(
    readonly index: number,
    engine: ReadEngine,
    timeoutMs: number,
  ) {
    this.version = new ReplicaVersion(engine, timeoutMs);
  }
}

/** SQLSTATEs that say the server or the connection is gone, not that the statement was wrong. */
const UNAVAILABLE = /^(08|57P0[123]|53300)/;

/** A connection failure (refused, reset, the server shutting down) rather than an error of the statement. */
function isUnavailable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code)) return true;
  return UNAVAILABLE.test(code);
}

export class ReplicaRouter {
  readonly stats: ReplicaStats = { replicaStatements: 0, primaryStatements: 0, replicaFailures: 0 };
  private readonly replicas: Replica[];
  private turn = 0;
  /**
   * Each request's choice for the version it last required: its other reads reuse it instead of
   * asking a lagging replica again (and a request stays on one server while nothing changes).
   */
  private readonly choices = new WeakMap<ReplicaScope, { required: number; replica: Replica | null }>();
  /**
   * Requests that wrote (an anonymous GET may: the site secret made on first use, a persisted
   * query registered, a log entry): their later reads go to the primary, which has their write
   * even when it published no invalidation for the lag guard to wait for.
   */
  private readonly wrote = new WeakSet<ReplicaScope>();
  private readonly watchers: Array<(change: ReplicaChange) => void> = [];

  /** `engines`: each replica's fast read engine (its version is read through it). */
  constructor(
    engines: readonly ReadEngine[],
    private readonly timings: ReplicaTimings = DEFAULT_REPLICA_TIMINGS,
  ) {
    this.replicas = engines.map((engine, index) => new Replica(index, engine, timings.timeoutMs));
  }

  /**
   * Runs a read on the replica chosen for the running request (`onReplica(index)`), or on the
   * primary outside a replica scope, when none is caught up, or when the replica fails.
   */
  run<T>(onReplica: (index: number) => Promise<T>, onPrimary: () => T | Promise<T>): T | Promise<T> {
    const scope = currentReplicaScope();
    if (!scope || this.wrote.has(scope)) return onPrimary();
    return this.routed(scope, onReplica, onPrimary);
  }

  /** Calls `watcher` when a replica goes down and when it answers again. */
  watch(watcher: (change: ReplicaChange) => void): void {
    this.watchers.push(watcher);
  }

  /** The running request writes (or opens a transaction): the rest of its reads go to the primary. */
  writing(): void {
    const scope = currentReplicaScope();
    if (scope) this.wrote.add(scope);
  }

  private async routed<T>(scope: ReplicaScope, onReplica: (index: number) => Promise<T>, onPrimary: () => T | Promise<T>): Promise<T> {
    const replica = await this.chosen(scope);
    if (replica) {
      try {
        const result = await deadline(onReplica(replica.index), this.timings.timeoutMs, 'replica read');
        this.stats.replicaStatements += 1;
        this.answered(replica);
        return result;
      } catch (error) {
        this.failed(replica, error);
      }
    }
    this.stats.primaryStatements += 1;
    return onPrimary();
  }

  private async chosen(scope: ReplicaScope): Promise<Replica | null> {
    const required = await scope.requiredVersion();
    const previous = this.choices.get(scope);
    if (previous && previous.required === required && !(previous.replica && previous.replica.downUntil > Date.now())) return previous.replica;
    const replica = await this.choose(required);
    this.choices.set(scope, { required, replica });
    return replica;
  }

  /** A replica known to have replayed `required`, else the next one up if it has (asked once), else none. */
  private async choose(required: number): Promise<Replica | null> {
    const now = Date.now();
    const count = this.replicas.length;
    const start = this.turn++ % count;
    let candidate: Replica | null = null;
    for (let i = 0; i < count; i++) {
      const replica = this.replicas[(start + i) % count];
      if (replica.downUntil > now) continue;
      if (replica.version.covers(required)) return replica;
      candidate ??= replica;
    }
    if (!candidate) return null;
    try {
      const reached = await candidate.version.reaches(required);
      this.answered(candidate);
      return reached ? candidate : null;
    } catch (error) {
      this.failed(candidate, error);
      return null;
    }
  }

  private failed(replica: Replica, error: unknown): void {
    this.stats.replicaFailures += 1;
    if (!isUnavailable(error)) return;
    replica.downUntil = Date.now() + this.timings.retryMs;
    replica.version.forget();
    if (replica.reportedDown) return;
    replica.reportedDown = true;
    this.report({ replica: replica.index, state: 'down', reason: error instanceof Error ? error.message : String(error) });
  }

  private answered(replica: Replica): void {
    if (!replica.reportedDown) return;
    replica.reportedDown = false;
    this.report({ replica: replica.index, state: 'up' });
  }

  private report(change: ReplicaChange): void {
    for (const watcher of this.watchers) watcher(change);
  }
}

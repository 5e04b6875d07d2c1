/**
 * The fast read path's engine with read replicas behind it: inside a replica scope
 * (src/db/replica-scope.ts) a read goes to a replica that has replayed the invalidation log up to
 * the version the scope requires, else to the primary; outside one, always to the primary.
 *
 * Every acknowledged write commits its data before its invalidation-log row, and the instance that
 * answers a later request has applied at least that row's version by the time the request reads,
 * so a replica that has replayed that version has replayed the write: no read is staler than the
 * primary would have answered for the cache, and a client reads its own writes.
 *
 * A replica that does not answer is left alone for a while (its reads go to the primary) and then
 * tried again; a read that fails on a replica for any reason runs again on the primary.
 */
import type { ReadEngine, Row } from './fast/engine';
import { currentReplicaScope, type ReplicaScope } from './replica-scope';
import { ReplicaVersion } from './replica-version';

/** How long a replica that did not answer is skipped before it is tried again. */
export const REPLICA_RETRY_MS = 5_000;

/** What the routing did since the process started (served in /metrics). */
export interface ReplicaStats {
  /** Statements the replicas answered. */
  replicaStatements: number;
  /** Statements a replica could have taken (anonymous reads) that ran on the primary: every replica behind or down. */
  primaryStatements: number;
  /** Reads or version checks that failed on a replica (then ran on the primary). */
  replicaFailures: number;
}

class Replica {
  readonly version: ReplicaVersion;
  /** Date.now() before which this replica is not tried (0: up). */
  downUntil = 0;

  constructor(readonly engine: ReadEngine) {
    this.version = new ReplicaVersion(engine);
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

export class ReplicaRouter implements ReadEngine {
  readonly dialect = 'postgresql' as const;
  readonly stats: ReplicaStats = { replicaStatements: 0, primaryStatements: 0, replicaFailures: 0 };
  private readonly replicas: Replica[];
  private turn = 0;
  /**
   * Each request's choice for the version it last required: its other reads reuse it instead of
   * asking a lagging replica again (and a request stays on one server while nothing changes).
   */
  private readonly choices = new WeakMap<ReplicaScope, { required: number; replica: Replica | null }>();

  constructor(
    private readonly primary: ReadEngine,
    replicas: readonly ReadEngine[],
    private readonly retryMs = REPLICA_RETRY_MS,
  ) {
    this.replicas = replicas.map((engine) => new Replica(engine));
  }

  all(sql: string, params: readonly unknown[], postgresText?: string): Row[] | Promise<Row[]> {
    const scope = currentReplicaScope();
    if (!scope) return this.primary.all(sql, params, postgresText);
    return this.routed(scope, sql, params, postgresText);
  }

  async close(): Promise<void> {
    await Promise.all([this.primary.close(), ...this.replicas.map((replica) => replica.engine.close())]);
  }

  private async routed(scope: ReplicaScope, sql: string, params: readonly unknown[], postgresText: string | undefined): Promise<Row[]> {
    const replica = await this.chosen(scope);
    if (replica) {
      try {
        const rows = await replica.engine.all(sql, params, postgresText);
        this.stats.replicaStatements += 1;
        return rows;
      } catch (error) {
        this.failed(replica, error);
      }
    }
    this.stats.primaryStatements += 1;
    return this.primary.all(sql, params, postgresText);
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
      return (await candidate.version.reaches(required)) ? candidate : null;
    } catch (error) {
      this.failed(candidate, error);
      return null;
    }
  }

  private failed(replica: Replica, error: unknown): void {
    this.stats.replicaFailures += 1;
    if (isUnavailable(error)) replica.downUntil = Date.now() + this.retryMs;
  }
}

/**
 * Which reads a replica may serve: the per-request scope an HTTP hook opens for anonymous reads
 * (src/http/replica-routing.ts). Outside a scope (writes, signed-in requests, background work
 * started outside a request, transactions' own clients) every read goes to the primary.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export interface ReplicaScope {
  /**
   * The invalidation-log version a replica must have replayed to serve a read now: the version this
   * instance has applied (`bus.syncNow(mark)`). Asked per read, so it is never below the version a
   * cache entry computed by this request is stamped with.
   */
  requiredVersion(): number | Promise<number>;
}

const scopes = new AsyncLocalStorage<ReplicaScope>();

/** Runs `next` (and everything it starts) with reads allowed on replicas under `scope`'s guard. */
export function withReplicaReads<T>(scope: ReplicaScope, next: () => T): T {
  return scopes.run(scope, next);
}

/** The scope of the running request, undefined when its reads must go to the primary. */
export function currentReplicaScope(): ReplicaScope | undefined {
  return scopes.getStore();
}

/** Runs `read` on the primary whatever the request: for a read whose miss must be authoritative. */
export function primaryReads<T>(read: () => T): T {
  return scopes.exit(read);
}

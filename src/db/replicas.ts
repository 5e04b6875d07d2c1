/**
 * The PostgreSQL fast read engine of a process: the primary's pool alone, or the primary's and
 * one pool per replica behind a ReplicaRouter when replicas are configured.
 */
import { postgresEngine, type ReadEngine } from './fast/engine';
import { ReplicaRouter, type ReplicaStats } from './replica-router';

export function fastEngine(url: string, replicaUrls: readonly string[], poolSize: number): { engine: ReadEngine; replicas: ReplicaStats | null } {
  const primary = postgresEngine(url, poolSize);
  if (replicaUrls.length === 0) return { engine: primary, replicas: null };
  const router = new ReplicaRouter(primary, replicaUrls.map((replica) => postgresEngine(replica, poolSize)));
  return { engine: router, replicas: router.stats };
}

/**
 * Prisma's PostgreSQL driver adapter with replicas behind it: a plain SELECT that Prisma runs
 * outside a transaction (`db.read` fallbacks, `db.untracked(...)` reads) goes where the router
 * says; everything else — INSERT … RETURNING (Prisma writes through queryRaw too), executeRaw,
 * every transaction and its statements — runs on the primary, and so do the request's reads
 * after it (src/db/replica-router.ts).
 */
import type { SqlDriverAdapter, SqlDriverAdapterFactory, SqlQuery } from '@prisma/driver-adapter-utils';
import type { ReplicaRouter } from './replica-router';

/** A read with no side effect a replica could refuse (locks are taken inside transactions only). */
const PLAIN_SELECT = /^\s*SELECT\b/i;
/** What may write: the request's later reads must see it, on the primary. */
const WRITES = new Set<string | symbol>(['executeRaw', 'executeScript', 'startTransaction']);

function routedAdapter(primary: SqlDriverAdapter, replicas: readonly SqlDriverAdapter[], router: ReplicaRouter): SqlDriverAdapter {
  return new Proxy(primary, {
    get(target, key, receiver) {
      if (key === 'queryRaw') {
        return (query: SqlQuery) => {
          if (!PLAIN_SELECT.test(query.sql)) {
            router.writing();
            return target.queryRaw(query);
          }
          return router.run(
            (index) => (replicas[index] as SqlDriverAdapter).queryRaw(query),
            () => target.queryRaw(query),
          );
        };
      }
      if (key === 'dispose') return async () => void (await Promise.all([target.dispose(), ...replicas.map((replica) => replica.dispose())]));
      const value = Reflect.get(target, key, receiver);
      if (typeof value !== 'function') return value;
      if (!WRITES.has(key)) return value.bind(target);
      return (...args: unknown[]) => {
        router.writing();
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}

/** Connects the primary and every replica; the client sees one adapter. */
export function routedAdapterFactory(primary: SqlDriverAdapterFactory, replicas: readonly SqlDriverAdapterFactory[], router: ReplicaRouter): SqlDriverAdapterFactory {
  return {
    provider: primary.provider,
    adapterName: primary.adapterName,
    connect: async () => routedAdapter(await primary.connect(), await Promise.all(replicas.map((replica) => replica.connect())), router),
  };
}

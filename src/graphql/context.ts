/**
 * The per-request GraphQL context: the same DomainContext the REST adapter builds (database,
 * viewer, configuration) with a fresh LoaderCache, so every nested relation of one operation is
 * batched and nothing is shared between viewers.
 */
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { DomainContext } from '../domain/context';
import { LoaderCache } from '../domain/loaders';
import type { Viewer } from '../domain/viewer';

export interface GraphQLContext {
  domain: DomainContext;
  viewer: Viewer;
  /**
   * What the request did, read by the HTTP handler afterwards. An object, because Apollo hands
   * resolvers a shallow copy of the context.
   */
  effects: {
    /** It ran a mutation: cached reads are invalidated. */
    wrote: boolean;
    /** Every operation it ran was a query answered without errors: its answer may be stored. */
    succeeded: boolean;
    /** Some operation was not (a mutation, an error of the request or of a field). */
    failed: boolean;
  };
}

/** `clientIp`: the client's address, which security events record. */
export function createContext(db: Database, config: Config, viewer: Viewer, clientIp?: string): GraphQLContext {
  const loaders = new LoaderCache(db);
  return { viewer, domain: { db: loaders.db, config, viewer, loaders, clientIp }, effects: { wrote: false, succeeded: false, failed: false } };
}

import type { Config } from '../config';
import type { Database } from '../db/client';
import type { LoaderCache } from './loaders';
import type { Viewer } from './viewer';

/** What every domain function receives: the database, who is asking, and the deployment. */
export interface DomainContext {
  db: Database;
  viewer: Viewer;
  config: Config;
  /** Batch loaders shared by this request and its `_embed` sub-requests. */
  loaders: LoaderCache;
  /** The client's address, where a request is served (what security events record). */
  clientIp?: string;
}

/**
 * The SEO title the analysis measures is the one the head prints (Yoast analyses the title as it
 * will appear): the item's own title field, else its type's template with the variables replaced.
 * One rule: this asks the head's own functions (head-post.ts, head-event.ts), read as an anonymous
 * visitor would see the item's facts (author, terms, site name), outside any request.
 */
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { Content } from '../../generated/prisma-sqlite/client';
import type { DomainContext } from '../context';
import { findEvent } from '../events/events';
import { EVENT_TYPE } from '../events/types';
import { LoaderCache } from '../loaders';
import { loadRecord } from '../posts/records';
import { anonymous } from '../viewer';
import { eventSeoTitle } from './head-event';
import { postSeoTitle } from './head-post';

export async function analysedSeoTitle(db: Database, config: Config, row: Content): Promise<string> {
  const ctx: DomainContext = { db, config, viewer: anonymous, loaders: new LoaderCache(db) };
  if (row.type === EVENT_TYPE) return eventSeoTitle(ctx, await findEvent(ctx, row.id));
  return postSeoTitle(ctx, await loadRecord(ctx, row));
}

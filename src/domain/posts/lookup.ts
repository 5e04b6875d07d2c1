/**
 * A post or page by its slug, for single lookups (WPGraphQL's `idType: SLUG`): which statuses a
 * slug lookup may see is decided here — published records for everyone, any status for those who
 * may edit the type — and the record is then read as the collection reads it (per-record
 * visibility, the contract's defaults).
 */
import { argsViewOf } from '../../schema/args-view';
import { canEditType } from '../content/permissions';
import type { DomainContext } from '../context';
import type { Viewer } from '../viewer';
import { collectionArgs, listQueryFrom, postSchema } from './contract';
import { listPosts } from './query';
import type { PostRecord, PostTypeName } from './types';

const COLLECTION_ARGS: Record<PostTypeName, ReturnType<typeof collectionArgs>> = {
  post: collectionArgs('post', postSchema('post')),
  page: collectionArgs('page', postSchema('page')),
  attachment: collectionArgs('attachment', postSchema('attachment')),
};

/** The statuses a slug lookup may find for this viewer. */
export function slugLookupStatuses(viewer: Viewer, type: PostTypeName): string[] {
  return canEditType(viewer, type) ? ['any'] : ['publish'];
}

export async function findPostBySlug(ctx: DomainContext, type: PostTypeName, slug: string): Promise<PostRecord | null> {
  const view = argsViewOf(COLLECTION_ARGS[type], { slug: [slug], status: slugLookupStatuses(ctx.viewer, type), per_page: 1 });
  const list = await listPosts(ctx, type, listQueryFrom(view, type));
  return list.records[0] ?? null;
}

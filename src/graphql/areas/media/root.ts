/** RootQuery.mediaItem, mediaItemBy and mediaItems. */
import { attachmentFacts } from '../../../domain/media/metadata';
import { getMediaItem, mediaItemIdBySlug, mediaItemIdByUri, mediaItemIdByUrl } from '../../../domain/media/media-items';
import type { GraphQLContext } from '../../context';
import { orNull } from '../../errors';
import { databaseIdOf, globalIdOf, plainIdOf } from '../../global-id';
import { postObjectConnection, type PostObjectConnectionArgs } from '../content/post-connection';
import { MediaItemModel } from './media-item';

export async function mediaItemById(ctx: GraphQLContext, id: number): Promise<MediaItemModel | null> {
  const row = await orNull(() => getMediaItem(ctx.domain, id));
  return row ? new MediaItemModel(row, await attachmentFacts(ctx.domain, row.id), ctx.domain.config.siteUrl) : null;
}

async function idOf(ctx: GraphQLContext, id: string, idType: string | null | undefined): Promise<number | null> {
  switch (idType) {
    case 'DATABASE_ID':
      return plainIdOf(id);
    case 'SLUG':
      return mediaItemIdBySlug(ctx.domain, id);
    case 'SOURCE_URL':
      return mediaItemIdByUrl(ctx.domain, id);
    case 'URI':
      return mediaItemIdByUri(ctx.domain, id);
    default:
      return globalIdOf(id, 'post');
  }
}

const byId = async (ctx: GraphQLContext, id: number | null) => (id === null ? null : mediaItemById(ctx, id));

export const mediaRootFields = {
  mediaItem: async (_: unknown, args: { id: string; idType?: string | null }, ctx: GraphQLContext) => byId(ctx, await idOf(ctx, args.id, args.idType)),
  /** Deprecated: one of id (global), mediaItemId, uri or slug. */
  mediaItemBy: async (_: unknown, args: { id?: string | null; mediaItemId?: number | null; uri?: string | null; slug?: string | null }, ctx: GraphQLContext) => {
    if (args.id) return byId(ctx, databaseIdOf(args.id, 'post'));
    if (args.mediaItemId) return byId(ctx, args.mediaItemId);
    if (args.uri) return byId(ctx, await mediaItemIdByUri(ctx.domain, args.uri));
    if (args.slug) return byId(ctx, await mediaItemIdBySlug(ctx.domain, args.slug));
    return null;
  },
  mediaItems: (_: unknown, args: PostObjectConnectionArgs, ctx: GraphQLContext) => postObjectConnection(ctx, ['attachment'], args),
};

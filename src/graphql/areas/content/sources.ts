/**
 * The content area's node sources (src/graphql/nodes.ts): posts, pages and their revisions by id,
 * each a model when the viewer may see it (the posts controller's read check, readError, narrowed
 * by WPGraphQL's private visibility, isPrivateFor), else null.
 */
import type { Content } from '../../../generated/prisma-sqlite/client';
import { readableRevision } from '../../../domain/posts/node-fields';
import { findPost, permalinkOf, readError } from '../../../domain/posts/records';
import { isPrivateFor } from '../../../domain/posts/restricted';
import type { PostTypeName } from '../../../domain/posts/types';
import type { GraphQLContext } from '../../context';
import { orNull } from '../../errors';
import type { ModelById } from '../../nodes';
import { PageModel } from './page-model';
import type { PostObjectModel } from './post-object';
import { PostModel } from './post-model';

async function modelOf(ctx: GraphQLContext, row: Content, as: PostTypeName): Promise<PostObjectModel> {
  const link = await permalinkOf(ctx.domain, row.id);
  return as === 'page' ? new PageModel(row, link) : new PostModel(row, link);
}

function postTypeSource(type: PostTypeName): ModelById {
  return async (ctx, id) => {
    const row = await orNull(() => findPost(ctx.domain, type, id));
    if (!row || readError(ctx.domain, row, { context: 'view' }) || isPrivateFor(ctx.viewer, row)) return null;
    return modelOf(ctx, row, type);
  };
}

/** A revision, as a Post or a Page like its parent, for those who may read the parent's revisions. */
const revisionSource: ModelById = async (ctx, id) => {
  const found = await readableRevision(ctx.domain, id);
  if (!found || (found.parent.type !== 'post' && found.parent.type !== 'page')) return null;
  return modelOf(ctx, found.revision, found.parent.type);
};

export const contentSources: Record<string, ModelById> = {
  post: postTypeSource('post'),
  page: postTypeSource('page'),
  revision: revisionSource,
};

/**
 * The orphaned-content area (graphql/seo-orphaned.graphql): `seoOrphanedContent`, a connection of
 * ContentNode over src/domain/seo/orphaned.ts (the function the `seo:orphaned` command uses). The
 * list is paged by the domain; a cursor's place is the item's position in it. A viewer who may not
 * see the SEO dashboards gets an empty connection (WPGraphQL answers what one may not see with nothing).
 */
import { DomainError } from '../../../domain/errors';
import { orphanedPosition, orphanedWindow } from '../../../domain/seo/orphaned';
import type { RootQuerySeoOrphanedContentArgs } from '../../../generated/graphql';
import { connectionOf, connectionOfList, type Connection } from '../../connection';
import type { GraphQLContext } from '../../context';
import type { Area, Model } from '../../model';
import { contentNodeById } from '../../nodes';

/** One orphaned item's node (null only if it went, or the viewer may not see it, since the list was read). */
interface Orphan {
  id: number;
  node: Model | null;
}

async function orphanConnection(ctx: GraphQLContext, args: RootQuerySeoOrphanedContentArgs): Promise<Connection<Model>> {
  // ContentTypeEnum names the post types in capitals (POST, TRIBE_EVENTS...).
  const postType = args.where?.contentType ? args.where.contentType.toLowerCase() : undefined;
  const window = async (offset: number, limit: number): Promise<Orphan[]> => {
    const list = await orphanedWindow(ctx.domain, postType, offset, limit);
    return Promise.all(list.items.map(async (item) => ({ id: item.id, node: await contentNodeById(ctx, item.id) })));
  };
  try {
    const connection = await connectionOf(args, {
      window,
      count: async () => (await orphanedWindow(ctx.domain, postType, 0, 0)).total,
      positionOf: (id) => orphanedPosition(ctx.domain, postType, id),
      idOf: (orphan: Orphan) => orphan.id,
    });
    const edges = connection.edges.filter((edge) => edge.node.node !== null).map((edge) => ({ cursor: edge.cursor, node: edge.node.node as Model }));
    return { ...connection, edges, nodes: edges.map((edge) => edge.node) };
  } catch (error) {
    if (error instanceof DomainError && (error.status === 401 || error.status === 403)) return connectionOfList(args, [] as Model[], () => 0);
    throw error;
  }
}

export const seoOrphanedArea: Area = {
  resolvers: {
    RootQuery: {
      seoOrphanedContent: (_: unknown, args: RootQuerySeoOrphanedContentArgs, ctx: GraphQLContext) => orphanConnection(ctx, args),
    },
  } as Area['resolvers'],
  models: {},
};

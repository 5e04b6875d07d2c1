/**
 * Every connection to post objects (root posts/pages/contentNodes, a term's or a user's posts, a
 * page's children...) goes through postObjectConnection, so other areas reach post lists without
 * knowing the content area's models.
 *
 * PROVISIONAL (foundation commit): maps a few `where` args onto the REST collection's contract and
 * finds a cursor's position by scanning; the content area replaces the body with WPGraphQL's full
 * `where` over the domain and keyset positions. The signature is the contract other areas use.
 */
import { listNestedPosts } from '../../../domain/posts/nested-lists';
import { postWindow } from '../../../domain/posts/query';
import { collectionArgs, listQueryFrom, postSchema } from '../../../domain/posts/contract';
import type { PostTypeName } from '../../../domain/posts/types';
import type { RootQueryToContentNodeConnectionWhereArgs, RootQueryToPostConnectionWhereArgs } from '../../../generated/graphql';
import { checkedArgs } from '../../contract-args';
import { connectionOf, type Connection, type ConnectionArgs } from '../../connection';
import type { GraphQLContext } from '../../context';
import type { Model } from '../../model';
import { contentNodeById, modelsOf } from '../../nodes';

/** The union of the post-object `where` inputs (each connection's input is a subset). */
export type PostObjectWhere = Partial<RootQueryToContentNodeConnectionWhereArgs & RootQueryToPostConnectionWhereArgs>;

/** Filters a nested connection fixes (the parent object's): never taken from the client. */
export interface PostObjectPins {
  author?: number;
  parent?: number;
  term?: { taxonomy: string; id: number };
}

export interface PostObjectConnectionArgs extends ConnectionArgs {
  where?: PostObjectWhere | null;
}

const SCHEMAS = { post: collectionArgs('post', postSchema('post')), page: collectionArgs('page', postSchema('page')) } as const;

export async function postObjectConnection(ctx: GraphQLContext, types: readonly string[], args: PostObjectConnectionArgs, pins: PostObjectPins = {}): Promise<Connection<Model>> {
  const type = (types[0] === 'page' ? 'page' : 'post') as PostTypeName;
  const where = args.where ?? {};
  const params: Record<string, unknown> = {
    ...(where.search ? { search: where.search } : {}),
    ...(pins.author ? { author: [pins.author] } : {}),
    ...(pins.parent !== undefined ? { parent: [pins.parent] } : {}),
    ...(pins.term ? { [pins.term.taxonomy === 'category' ? 'categories' : 'tags']: [pins.term.id] } : {}),
  };
  const base = listQueryFrom(checkedArgs(SCHEMAS[type], { ...params, per_page: 1 }), type);
  const window = async (offset: number, limit: number): Promise<Model[]> => {
    const list = await listNestedPosts(ctx.domain, type, postWindow({ ...base, ignoreSticky: true }, offset, limit));
    return modelsOf(ctx, list.records.map((r) => r.row.id), (c, id) => contentNodeById(c, id));
  };
  return connectionOf(args, {
    window,
    count: async () => (await listNestedPosts(ctx.domain, type, postWindow({ ...base, ignoreSticky: true }, 0, 1))).total,
    positionOf: async (id) => {
      for (let offset = 0; offset < 1000; offset += 100) {
        const page = await window(offset, 100);
        const at = page.findIndex((m) => (m as Model & { databaseId: number }).databaseId === id);
        if (at !== -1) return offset + at;
        if (page.length < 100) return null;
      }
      return null;
    },
    idOf: (m) => (m as Model & { databaseId: number }).databaseId,
  });
}

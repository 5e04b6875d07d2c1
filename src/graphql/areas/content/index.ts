/** The content area of the WPGraphQL schema (graphql/content.graphql): posts, pages, content types. */
import { graphqlPostType, graphqlPostTypes } from '../../../domain/content/post-type-objects';
import { GraphQLError } from 'graphql';
import { connectionOfList } from '../../connection';
import type { GraphQLContext } from '../../context';
import type { Area } from '../../model';
import { nodeByGlobalId } from '../../nodes';
import { ContentTypeModel, PostTypeLabelDetailsModel } from './content-type';
import { contentBy, contentLookup, nodeAtUri, type ContentIdType } from './lookups';
import { contentMutations } from './mutations';
import { PageModel } from './page-model';
import { postObjectConnection, type PostObjectConnectionArgs } from './post-connection';
import { PostModel } from './post-model';
import { contentSources } from './sources';

type Lookup = { id: string; idType?: ContentIdType | null; asPreview?: boolean | null };

const contentTypeModel = (name: string) => {
  const object = graphqlPostType(name);
  return object ? new ContentTypeModel(object) : null;
};

/** contentType(id, idType): by name, or by its global id (`post_type:<name>`). */
function contentTypeLookup(id: string, idType: 'ID' | 'NAME' | null | undefined) {
  if (idType === 'NAME') return contentTypeModel(id);
  const text = Buffer.from(id, 'base64').toString('utf8');
  if (!text.startsWith('post_type:')) throw new GraphQLError('The ID input is invalid. Make sure you set the proper idType for your input.', { extensions: { code: 'BAD_USER_INPUT', status: 400 } });
  return contentTypeModel(text.slice('post_type:'.length));
}

const typesOf = (where: PostObjectConnectionArgs['where'], fallback: readonly string[]): string[] => {
  const asked = (where?.contentTypes ?? []).filter((t): t is NonNullable<typeof t> => Boolean(t)).map((t) => t.toLowerCase());
  return asked.length ? asked : [...fallback];
};

/** contentNodes without contentTypes: every public type WPGraphQL lists (menu items are not ContentNodes there). */
const PUBLIC_CONTENT_TYPES = ['post', 'page', 'attachment', 'tribe_events', 'tribe_venue', 'tribe_organizer'];

export const contentArea: Area = {
  resolvers: {
    RootQuery: {
      post: (_: unknown, args: Lookup, ctx: GraphQLContext) => contentLookup(ctx, args.id, args.idType, 'post', args.asPreview),
      page: (_: unknown, args: Lookup, ctx: GraphQLContext) => contentLookup(ctx, args.id, args.idType, 'page', args.asPreview),
      contentNode: (_: unknown, args: Lookup & { contentType?: string | null }, ctx: GraphQLContext) =>
        contentLookup(ctx, args.id, args.idType, args.contentType ? args.contentType.toLowerCase() : undefined, args.asPreview),
      postBy: (_: unknown, args: { id?: string | null; postId?: number | null; uri?: string | null; slug?: string | null }, ctx: GraphQLContext) => contentBy(ctx, 'post', args),
      pageBy: (_: unknown, args: { id?: string | null; pageId?: number | null; uri?: string | null }, ctx: GraphQLContext) => contentBy(ctx, 'page', args),
      posts: (_: unknown, args: PostObjectConnectionArgs, ctx: GraphQLContext) => postObjectConnection(ctx, ['post'], args),
      pages: (_: unknown, args: PostObjectConnectionArgs, ctx: GraphQLContext) => postObjectConnection(ctx, ['page'], args),
      contentNodes: (_: unknown, args: PostObjectConnectionArgs, ctx: GraphQLContext) => postObjectConnection(ctx, typesOf(args.where, PUBLIC_CONTENT_TYPES), args),
      revisions: (_: unknown, args: PostObjectConnectionArgs, ctx: GraphQLContext) => postObjectConnection(ctx, ['revision'], args),
      node: (_: unknown, args: { id?: string | null }, ctx: GraphQLContext) => (args.id ? nodeByGlobalId(ctx, args.id) : null),
      nodeByUri: (_: unknown, args: { uri: string }, ctx: GraphQLContext) => nodeAtUri(ctx, args.uri),
      contentType: (_: unknown, args: { id: string; idType?: 'ID' | 'NAME' | null }) => contentTypeLookup(args.id, args.idType),
      contentTypes: (_: unknown, args: PostObjectConnectionArgs) => {
        const models = graphqlPostTypes().map((o) => new ContentTypeModel(o));
        return connectionOfList(args, models, (m) => models.indexOf(m) + 1);
      },
    },
    RootMutation: contentMutations,
  },
  models: { Post: PostModel, Page: PageModel, ContentType: ContentTypeModel, PostTypeLabelDetails: PostTypeLabelDetailsModel },
  nodes: {
    content: contentSources,
    contentType: async (_ctx, name) => contentTypeModel(name),
  },
};

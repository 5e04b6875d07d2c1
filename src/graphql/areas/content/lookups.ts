/**
 * Single lookups of content: `post`, `page`, `contentNode` by every idType (and `asPreview`),
 * the deprecated `postBy`/`pageBy`, `node(id)` and `nodeByUri`. Which object an address names is
 * the domain's (content/uri.ts); whether the viewer sees it is the node sources'.
 */
import { resolvePath } from '../../../domain/content/uri';
import { contentById } from '../../../domain/posts/loaders';
import { findPostBySlug } from '../../../domain/posts/lookup';
import { viewerAutosaveOf } from '../../../domain/posts/node-fields';
import { siteOf } from '../../../domain/posts/records';
import type { PostTypeName } from '../../../domain/posts/types';
import type { GraphQLContext } from '../../context';
import { globalIdOf, plainIdOf } from '../../global-id';
import type { Model } from '../../model';
import { contentNodeById, contentTypeByName, termNodeById, userNodeById } from '../../nodes';

/**
 * A content object by database id, of `type` when given. A revision passes as its parent's type
 * (WPGraphQL: "revisions excepted").
 */
export async function contentOfType(ctx: GraphQLContext, id: number, type?: string): Promise<Model | null> {
  const row = await contentById(ctx.domain).load(id);
  if (!row) return null;
  if (row.type === 'revision') {
    const parent = await contentById(ctx.domain).load(row.parentId);
    if (type !== undefined && parent?.type !== type) return null;
    return contentNodeById(ctx, id, 'revision');
  }
  return contentNodeById(ctx, id, type);
}

/** `asPreview: true`: the viewer's autosave of the object in its place, when there is one. */
async function previewed(ctx: GraphQLContext, model: Model | null, asPreview: boolean | null | undefined): Promise<Model | null> {
  if (!asPreview || !model) return model;
  const row = await contentById(ctx.domain).load((model as Model & { databaseId: number }).databaseId);
  const autosave = row ? await viewerAutosaveOf(ctx.domain, row) : null;
  return autosave ? ((await contentNodeById(ctx, autosave.id, 'revision')) ?? model) : model;
}

/** The object at an address (path or full permalink) of this site: content, a term archive or an author archive. */
export async function nodeAtUri(ctx: GraphQLContext, uri: string): Promise<Model | null> {
  const target = await resolvePath(ctx.domain, uri);
  if (target?.kind === 'post') return contentNodeById(ctx, target.id);
  if (target?.kind === 'term') return termNodeById(ctx, target.id);
  if (target?.kind === 'user') return userNodeById(ctx, target.id);
  // The home page shows the latest posts: WPGraphQL answers with the posts' ContentType.
  const path = uri.replace(/^https?:\/\/[^/]+/i, '').split(/[?#]/)[0];
  if (path === '' || path === '/') {
    const { options } = await siteOf(ctx.domain);
    if (options.show_on_front !== 'page' || !options.page_on_front) return contentTypeByName(ctx, 'post');
  }
  return null;
}

export type ContentIdType = 'ID' | 'DATABASE_ID' | 'SLUG' | 'URI';

/** post(id, idType) / page(id, idType) / contentNode(id, idType): null when absent, of another type, or hidden. */
export async function contentLookup(ctx: GraphQLContext, id: string, idType: ContentIdType | null | undefined, type: string | undefined, asPreview?: boolean | null): Promise<Model | null> {
  let found: Model | null;
  switch (idType ?? 'ID') {
    case 'DATABASE_ID':
      found = await contentOfType(ctx, plainIdOf(id), type);
      break;
    case 'SLUG': {
      const record = type === 'post' || type === 'page' ? await findPostBySlug(ctx.domain, type as PostTypeName, id) : null;
      found = record ? await contentNodeById(ctx, record.row.id, type) : null;
      break;
    }
    case 'URI': {
      const target = await resolvePath(ctx.domain, id);
      found = target?.kind === 'post' && (type === undefined || target.type === type) ? await contentNodeById(ctx, target.id, type) : null;
      break;
    }
    default:
      found = await contentOfType(ctx, globalIdOf(id, 'post'), type);
  }
  return previewed(ctx, found, asPreview);
}

/** The deprecated postBy / pageBy: the first of id, database id, uri, slug given. */
export function contentBy(ctx: GraphQLContext, type: PostTypeName, args: { id?: string | null; postId?: number | null; pageId?: number | null; uri?: string | null; slug?: string | null }): Promise<Model | null> {
  if (args.id) return contentLookup(ctx, args.id, 'ID', type);
  const databaseId = args.postId ?? args.pageId;
  if (databaseId) return contentLookup(ctx, String(databaseId), 'DATABASE_ID', type);
  if (args.uri) return contentLookup(ctx, args.uri, 'URI', type);
  if (args.slug) return contentLookup(ctx, args.slug, 'SLUG', type);
  return Promise.resolve(null);
}

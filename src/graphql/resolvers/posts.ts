/**
 * Posts and pages: root lookups and connections, their fields, and their mutations. Every rule is
 * the domain's (src/domain/posts); `where` and inputs pass through the posts contract's argument
 * tables (src/domain/posts/contract.ts, via contract-args.ts) so both faces filter and validate identically.
 */
import { DomainError } from '../../domain/errors';
import { deletePost } from '../../domain/posts/delete';
import { contentById } from '../../domain/posts/loaders';
import { findPostBySlug } from '../../domain/posts/lookup';
import { listNestedPosts } from '../../domain/posts/nested-lists';
import { postWindow, type PostListQuery } from '../../domain/posts/query';
import { getPost, postTypeDef } from '../../domain/posts/records';
import { listAutosaves } from '../../domain/posts/autosaves';
import { listRevisions } from '../../domain/posts/revisions';
import type { PostRecord, PostTypeName } from '../../domain/posts/types';
import { createPost, updatePost } from '../../domain/posts/write';
import { resolvePath } from '../../domain/content/uri';
import type { CreatePageInput, CreatePostInput, PostObjectsWhereArgs, Resolvers, UpdatePageInput, UpdatePostInput } from '../../generated/graphql';
import { changesFrom, collectionArgs, listQueryFrom, postSchema, writeArgs } from '../../domain/posts/contract';
import { connectionFrom, connectionOfList, type ConnectionArgs } from '../connection';
import type { GraphQLContext } from '../context';
import { orNull } from '../errors';
import { databaseIdOf, globalIdOf, plainIdOf, toGlobalId } from '../global-id';
import { argNames, checkedArgs, enumValue, enumValues, opt } from '../contract-args';
import { authorEdge, contentField, excerptField, rowFields, siteDate, titleField, uriOf } from './content-fields';
import { postTermIds, termsOfRecord } from './post-terms';

const SCHEMAS = { post: postSchema('post'), page: postSchema('page') } as const;
const COLLECTION_ARGS = { post: collectionArgs('post', SCHEMAS.post), page: collectionArgs('page', SCHEMAS.page) } as const;
const WRITE_ARGS = {
  create: { post: writeArgs(SCHEMAS.post, 'create'), page: writeArgs(SCHEMAS.page, 'create') },
  update: { post: writeArgs(SCHEMAS.post, 'update'), page: writeArgs(SCHEMAS.page, 'update') },
} as const;

// Only the properties given: tags refuse include_children and the *_exclude forms refuse operator,
// as REST's object form does; REST's defaults (no children, OR) apply to the rest.
const termFilter = (filter: { terms: number[]; includeChildren?: boolean | null; operator?: string | null } | null | undefined) =>
  filter
    ? {
        terms: filter.terms,
        ...(filter.includeChildren == null ? {} : { include_children: filter.includeChildren }),
        ...(filter.operator == null ? {} : { operator: filter.operator }),
      }
    : undefined;

/** GraphQL names of the REST parameters, for error messages. */
const WHERE_NAMES = argNames('where', { after: 'dateAfter', before: 'dateBefore', search_semantics: 'exactSearch', per_page: 'first', offset: 'after' });
const INPUT_NAMES = argNames('input', { date_gmt: 'dateGmt', featured_media: 'featuredImageId', author: 'authorId', parent: 'parentId', format: 'postFormat', sticky: 'isSticky' });

const SEARCH_COLUMNS: Record<string, string> = { TITLE: 'post_title', CONTENT: 'post_content', EXCERPT: 'post_excerpt' };

/** `where` in the REST collection's parameter names. */
export function restListParams(where: PostObjectsWhereArgs | null | undefined): Record<string, unknown> {
  const w = where ?? {};
  return {
    search: opt(w.search),
    search_columns: w.searchColumns?.map((c) => SEARCH_COLUMNS[c]),
    search_semantics: w.exactSearch ? 'exact' : undefined,
    after: opt(w.dateAfter),
    before: opt(w.dateBefore),
    modified_after: opt(w.modifiedAfter),
    modified_before: opt(w.modifiedBefore),
    author: opt(w.author),
    author_exclude: opt(w.authorExclude),
    include: opt(w.include),
    exclude: opt(w.exclude),
    slug: opt(w.slug),
    status: enumValues(w.status, '-'),
    orderby: w.orderby ? enumValue(w.orderby) : undefined,
    order: w.order ? enumValue(w.order) : undefined,
    categories: termFilter(w.categories),
    categories_exclude: termFilter(w.categoriesExclude),
    tags: termFilter(w.tags),
    tags_exclude: termFilter(w.tagsExclude),
    tax_relation: opt(w.taxRelation),
    sticky: opt(w.sticky),
    ignore_sticky: opt(w.ignoreSticky),
    format: enumValues(w.format),
    parent: opt(w.parent),
    parent_exclude: opt(w.parentExclude),
    menu_order: opt(w.menuOrder),
  };
}

/** A connection of posts or pages; `extra` pins filters of nested connections (a term's posts). */
export function postConnection(ctx: GraphQLContext, type: PostTypeName, args: ConnectionArgs & { where?: PostObjectsWhereArgs | null }, extra: Record<string, unknown> = {}) {
  const given = { ...restListParams(args.where), ...extra };
  // Only the collection's own parameters are valid here (categories on pages are not).
  const allowed = Object.fromEntries(Object.entries(given).filter(([name, v]) => v !== undefined && name in COLLECTION_ARGS[type]));
  if (Object.keys(allowed).length < Object.values(given).filter((v) => v !== undefined).length) {
    const stray = Object.keys(given).filter((name) => given[name] !== undefined && !(name in COLLECTION_ARGS[type]));
    throw badFilter(type, stray);
  }
  return connectionFrom(args, async (offset, limit) => {
    // Batched with the same list of sibling parents (a term's posts, a page's children...).
    const list = await listNestedPosts(ctx.domain, type, postWindow(windowQuery(type, allowed, offset, limit), offset, limit));
    return { items: list.records, total: list.total };
  });
}

/** Checked list queries by type, filters and window: the REST argument checks are pure, and a list is asked for again and again. */
const WINDOW_QUERIES = new Map<string, PostListQuery>();
const MAX_WINDOW_QUERIES = 500;

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/**
 * The domain query of one window of a connection (the REST collection's argument checks, then its
 * query): a copy the caller may set top-level properties on, over frozen shared lists.
 */
function windowQuery(type: PostTypeName, filters: Record<string, unknown>, offset: number, limit: number): PostListQuery {
  const key = JSON.stringify([type, filters, offset, limit]);
  let query = WINDOW_QUERIES.get(key);
  if (!query) {
    const view = checkedArgs(COLLECTION_ARGS[type], { ...filters, per_page: limit, offset }, WHERE_NAMES);
    query = deepFreeze(listQueryFrom(view, type));
    if (WINDOW_QUERIES.size >= MAX_WINDOW_QUERIES) WINDOW_QUERIES.clear();
    WINDOW_QUERIES.set(key, query);
  }
  return { ...query };
}

function badFilter(type: PostTypeName, names: string[]): DomainError {
  return new DomainError('rest_invalid_param', `Invalid parameter(s): ${names.map(WHERE_NAMES).join(', ')}`, 400, {
    params: Object.fromEntries(names.map((n) => [WHERE_NAMES(n), `${WHERE_NAMES(n)} is not a filter of ${postTypeDef(type).restBase}.`])),
  });
}

/** A post or page the viewer may read, by id, or null. */
export function readPost(ctx: GraphQLContext, type: PostTypeName, id: number): Promise<PostRecord | null> {
  return orNull(() => getPost(ctx.domain, type, id, { context: 'view' }));
}

async function lookup(ctx: GraphQLContext, type: PostTypeName, id: string, idType: string | null | undefined): Promise<PostRecord | null> {
  switch (idType) {
    case 'DATABASE_ID':
      return readPost(ctx, type, plainIdOf(id));
    case 'SLUG':
      return findPostBySlug(ctx.domain, type, id);
    case 'URI': {
      const target = await resolvePath(ctx.domain, id);
      return target?.kind === 'post' && target.type === type ? readPost(ctx, type, target.id) : null;
    }
    default:
      return readPost(ctx, type, globalIdOf(id, 'post'));
  }
}

// ---------------------------------------------------------------------------------------------
// Inputs
// ---------------------------------------------------------------------------------------------

type WriteInput = CreatePostInput | UpdatePostInput | CreatePageInput | UpdatePageInput;

const idOrZero = (value: string | null | undefined, kind: 'post' | 'user'): number | undefined =>
  value === null || value === undefined ? undefined : value === '0' ? 0 : databaseIdOf(value, kind);

/** A mutation input in the REST write parameters' names. */
async function restWriteParams(ctx: GraphQLContext, input: WriteInput, existingId: number | null): Promise<Record<string, unknown>> {
  const params: Record<string, unknown> = {
    title: opt(input.title),
    content: opt(input.content),
    excerpt: opt(input.excerpt),
    status: input.status ? enumValue(input.status, '-') : undefined,
    date: input.date,
    date_gmt: input.dateGmt,
    slug: opt(input.slug),
    author: idOrZero(input.authorId, 'user'),
    password: opt(input.password),
    comment_status: input.commentStatus ? enumValue(input.commentStatus) : undefined,
    ping_status: input.pingStatus ? enumValue(input.pingStatus) : undefined,
    template: opt(input.template),
    featured_media: idOrZero(input.featuredImageId, 'post'),
  };
  if ('isSticky' in input || 'postFormat' in input || 'categories' in input || 'tags' in input) {
    const p = input as CreatePostInput;
    params.sticky = opt(p.isSticky);
    params.format = p.postFormat ? enumValue(p.postFormat) : undefined;
    params.categories = p.categories ? await postTermIds(ctx, 'category', p.categories, existingId) : undefined;
    params.tags = p.tags ? await postTermIds(ctx, 'post_tag', p.tags, existingId) : undefined;
  }
  if ('parentId' in input || 'menuOrder' in input) {
    const p = input as CreatePageInput;
    params.parent = idOrZero(p.parentId, 'post');
    params.menu_order = opt(p.menuOrder);
  }
  // A date given as null resets it, as a JSON null does over REST.
  if (input.date === undefined) delete params.date;
  if (input.dateGmt === undefined) delete params.date_gmt;
  return params;
}

async function create(ctx: GraphQLContext, type: PostTypeName, input: CreatePostInput | CreatePageInput) {
  const view = checkedArgs(WRITE_ARGS.create[type], await restWriteParams(ctx, input, null), INPUT_NAMES);
  return createPost(ctx.domain, type, changesFrom(view, type));
}

async function update(ctx: GraphQLContext, type: PostTypeName, input: UpdatePostInput | UpdatePageInput) {
  const id = databaseIdOf(input.id, 'post');
  const view = checkedArgs(WRITE_ARGS.update[type], await restWriteParams(ctx, input, id), INPUT_NAMES);
  return updatePost(ctx.domain, type, id, changesFrom(view, type));
}

async function remove(ctx: GraphQLContext, type: PostTypeName, input: { id: string; forceDelete?: boolean | null }) {
  const id = databaseIdOf(input.id, 'post');
  const result = await deletePost(ctx.domain, type, id, opt(input.forceDelete));
  return { deletedId: toGlobalId('post', id), record: 'deleted' in result ? result.deleted : result.trashed };
}

// ---------------------------------------------------------------------------------------------
// Fields
// ---------------------------------------------------------------------------------------------

function sharedFields() {
  return {
    id: (r: PostRecord) => rowFields.id(r.row),
    databaseId: (r: PostRecord) => r.row.id,
    uri: (r: PostRecord, _: unknown, ctx: GraphQLContext) => uriOf(r.link, ctx.domain.config.siteUrl),
    contentTypeName: (r: PostRecord) => r.row.type,
    date: (r: PostRecord, _: unknown, ctx: GraphQLContext) => siteDate(ctx, r.row.date),
    dateGmt: (r: PostRecord) => rowFields.dateGmt(r.row),
    modified: (r: PostRecord, _: unknown, ctx: GraphQLContext) => siteDate(ctx, r.row.modified),
    modifiedGmt: (r: PostRecord) => rowFields.modifiedGmt(r.row),
    slug: (r: PostRecord) => r.row.slug,
    status: (r: PostRecord) => rowFields.status(r.row),
    link: (r: PostRecord) => r.link,
    guid: (r: PostRecord) => r.row.guid,
    title: (r: PostRecord, args: { format?: 'RAW' | 'RENDERED' | null }, ctx: GraphQLContext) => titleField(ctx, r.row, args.format),
    content: (r: PostRecord, args: { format?: 'RAW' | 'RENDERED' | null }, ctx: GraphQLContext) => contentField(ctx, r.row, args.format),
    excerpt: (r: PostRecord, args: { format?: 'RAW' | 'RENDERED' | null }, ctx: GraphQLContext) => excerptField(ctx, r.row, args.format),
    isProtected: (r: PostRecord) => r.row.password !== '',
    author: (r: PostRecord, _: unknown, ctx: GraphQLContext) => authorEdge(ctx, r.row.authorId),
    authorDatabaseId: (r: PostRecord) => r.row.authorId || null,
    authorId: (r: PostRecord) => (r.row.authorId ? toGlobalId('user', r.row.authorId) : null),
    featuredImage: async (r: PostRecord, _: unknown, ctx: GraphQLContext) => {
      if (!r.featuredMedia || !r.featuredMediaVisible) return null;
      const media = await contentById(ctx.domain).load(r.featuredMedia);
      return media ? { node: media } : null;
    },
    featuredImageDatabaseId: (r: PostRecord) => r.featuredMedia || null,
    commentStatus: (r: PostRecord) => (r.row.commentStatus === 'open' ? 'OPEN' : 'CLOSED') as 'OPEN' | 'CLOSED',
    pingStatus: (r: PostRecord) => (r.row.pingStatus === 'open' ? 'OPEN' : 'CLOSED') as 'OPEN' | 'CLOSED',
    template: (r: PostRecord) => r.row.template,
    revisions: async (r: PostRecord, args: ConnectionArgs, ctx: GraphQLContext) => {
      const type = r.row.type as PostTypeName;
      return connectionFrom(args, async (offset, limit) => {
        // Readers without edit rights see no revisions rather than an error (WPGraphQL's model rule).
        const list = await orNull(() => listRevisions(ctx.domain, type, r.row.id, { page: 1, perPage: limit, offset, order: 'desc', orderby: 'date' }));
        return list ? { items: list.revisions, total: list.total } : { items: [], total: 0 };
      });
    },
    autosaves: async (r: PostRecord, _: unknown, ctx: GraphQLContext) => (await orNull(() => listAutosaves(ctx.domain, r.row.type as PostTypeName, r.row.id))) ?? [],
  };
}

export const postResolvers: Resolvers = {
  Query: {
    post: (_, args, ctx) => lookup(ctx, 'post', args.id, args.idType),
    page: (_, args, ctx) => lookup(ctx, 'page', args.id, args.idType),
    posts: (_, args, ctx) => postConnection(ctx, 'post', args),
    pages: (_, args, ctx) => postConnection(ctx, 'page', args),
  },
  Post: {
    ...sharedFields(),
    isSticky: (r) => r.row.sticky,
    postFormat: (r) => (r.row.format || 'standard').toUpperCase() as never,
    categories: (r, args, ctx) => termsOfRecord(ctx, r, 'category').then((terms) => connectionOfList(args, terms)),
    tags: (r, args, ctx) => termsOfRecord(ctx, r, 'post_tag').then((terms) => connectionOfList(args, terms)),
  },
  Page: {
    ...sharedFields(),
    menuOrder: (r) => r.row.menuOrder,
    parentDatabaseId: (r) => r.row.parentId || null,
    parent: async (r, _, ctx) => {
      if (!r.row.parentId) return null;
      const parent = await readPost(ctx, 'page', r.row.parentId);
      return parent ? { node: parent } : null;
    },
    children: (r, args, ctx) => postConnection(ctx, 'page', { ...args, where: { orderby: 'MENU_ORDER', order: 'ASC' } }, { parent: [r.row.id] }),
  },
  Mutation: {
    createPost: async (_, { input }, ctx) => ({ clientMutationId: input.clientMutationId, post: await create(ctx, 'post', input) }),
    updatePost: async (_, { input }, ctx) => ({ clientMutationId: input.clientMutationId, post: await update(ctx, 'post', input) }),
    deletePost: async (_, { input }, ctx) => {
      const { deletedId, record } = await remove(ctx, 'post', input);
      return { clientMutationId: input.clientMutationId, deletedId, post: record };
    },
    createPage: async (_, { input }, ctx) => ({ clientMutationId: input.clientMutationId, page: await create(ctx, 'page', input) }),
    updatePage: async (_, { input }, ctx) => ({ clientMutationId: input.clientMutationId, page: await update(ctx, 'page', input) }),
    deletePage: async (_, { input }, ctx) => {
      const { deletedId, record } = await remove(ctx, 'page', input);
      return { clientMutationId: input.clientMutationId, deletedId, page: record };
    },
  },
};

/**
 * createPost/updatePost/deletePost and the page ones, WPGraphQL's inputs run through the posts
 * contract's write arguments (src/domain/posts/contract.ts, via contract-args.ts) so validation,
 * defaults and permissions are REST's. A refused write is a GraphQL error with WordPress's code.
 */
import { changesFrom, postSchema, writeArgs } from '../../../domain/posts/contract';
import { deletePost } from '../../../domain/posts/delete';
import { assignedTermIds } from '../../../domain/posts/term-assignment';
import type { EditorTypeName, PostTypeName } from '../../../domain/posts/types';
import { createPost, updatePost } from '../../../domain/posts/write';
import { termById } from '../../../domain/terms/loaders';
import type { CreatePageInput, CreatePostInput, DeletePostInput, PostCategoriesInput, UpdatePageInput, UpdatePostInput } from '../../../generated/graphql';
import { argNames, checkedArgs, enumValue, opt } from '../../contract-args';
import type { GraphQLContext } from '../../context';
import { databaseIdOf, toGlobalId } from '../../global-id';
import type { Model } from '../../model';
import { contentNodeById } from '../../nodes';
import { seoChangesOfInput } from '../seo/input';
import { contentSources } from './sources';

const SCHEMAS = { post: postSchema('post'), page: postSchema('page') } as const;
const WRITE_ARGS = {
  create: { post: writeArgs(SCHEMAS.post, 'create'), page: writeArgs(SCHEMAS.page, 'create') },
  update: { post: writeArgs(SCHEMAS.post, 'update'), page: writeArgs(SCHEMAS.page, 'update') },
} as const;
const INPUT_NAMES = argNames('input', { date_gmt: 'dateGmt', author: 'authorId', parent: 'parentId', format: 'postFormats', menu_order: 'menuOrder', comment_status: 'commentStatus', ping_status: 'pingStatus' });

type WriteInput = CreatePostInput | UpdatePostInput | CreatePageInput | UpdatePageInput;
type TermsInput = Pick<PostCategoriesInput, 'append'> & { nodes?: Array<{ id?: string | null; slug?: string | null; name?: string | null } | null> | null };

const idOrZero = (value: string | null | undefined, kind: 'post' | 'user'): number | undefined =>
  value === null || value === undefined ? undefined : String(value).trim() === '0' ? 0 : databaseIdOf(value, kind);

/** A `{append, nodes}` term input as the ids the post will have (WPGraphQL's append defaults to true). */
function termIds(ctx: GraphQLContext, taxonomy: string, input: TermsInput, postId: number | null): Promise<number[]> {
  const terms = (input.nodes ?? []).filter((n): n is NonNullable<typeof n> => Boolean(n)).map((n) => (n.id != null ? { id: databaseIdOf(n.id, 'term') } : { slug: n.slug ?? n.name ?? undefined }));
  return assignedTermIds(ctx.domain, taxonomy, { terms, append: input.append !== false }, postId);
}

/** postFormats: the first node names the format (`post-format-aside`, `aside`, or a post_format term id). */
async function formatOf(ctx: GraphQLContext, input: TermsInput): Promise<string | undefined> {
  const node = (input.nodes ?? []).find(Boolean);
  if (!node) return input.append === false ? 'standard' : undefined;
  let slug = node.slug ?? node.name?.toLowerCase() ?? undefined;
  if (node.id != null) slug = (await termById(ctx.domain).load(databaseIdOf(node.id, 'term')))?.slug ?? String(node.id);
  return slug?.replace(/^post-format-/, '');
}

/** A mutation input in the REST write parameters' names. */
async function restWriteParams(ctx: GraphQLContext, input: WriteInput, existingId: number | null): Promise<Record<string, unknown>> {
  const params: Record<string, unknown> = {
    title: opt(input.title),
    content: opt(input.content),
    status: input.status ? enumValue(input.status, '-') : undefined,
    slug: opt(input.slug),
    author: idOrZero(input.authorId, 'user'),
    password: opt(input.password),
    comment_status: input.commentStatus ? input.commentStatus.toLowerCase() : undefined,
    menu_order: opt(input.menuOrder),
  };
  // A date given as null resets it, as a JSON null does over REST.
  if (input.date !== undefined) params.date = input.date;
  if ('excerpt' in input) params.excerpt = opt(input.excerpt);
  if ('pingStatus' in input && input.pingStatus) params.ping_status = input.pingStatus.toLowerCase();
  if ('categories' in input && input.categories) params.categories = await termIds(ctx, 'category', input.categories, existingId);
  if ('tags' in input && input.tags) params.tags = await termIds(ctx, 'post_tag', input.tags, existingId);
  if ('postFormats' in input && input.postFormats) params.format = await formatOf(ctx, input.postFormats);
  if ('parentId' in input) params.parent = idOrZero(input.parentId, 'post');
  return Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined));
}

/** Our `seo` input (checked by the domain as REST's `meta`), written in the post's transaction. */
function withSeo<C extends object>(changes: C, input: WriteInput): C {
  const seo = seoChangesOfInput(input.seo);
  return seo ? { ...changes, seo } : changes;
}

async function modelOf(ctx: GraphQLContext, type: PostTypeName, id: number): Promise<Model | null> {
  ctx.domain.loaders.clear();
  return contentNodeById(ctx, id, type);
}

async function create(ctx: GraphQLContext, type: EditorTypeName, input: CreatePostInput | CreatePageInput): Promise<Model | null> {
  const view = checkedArgs(WRITE_ARGS.create[type], await restWriteParams(ctx, input, null), INPUT_NAMES);
  const record = await createPost(ctx.domain, type, withSeo(changesFrom(view, type), input));
  return modelOf(ctx, type, record.row.id);
}

async function update(ctx: GraphQLContext, type: EditorTypeName, input: UpdatePostInput | UpdatePageInput): Promise<Model | null> {
  const id = databaseIdOf(input.id, 'post');
  const view = checkedArgs(WRITE_ARGS.update[type], await restWriteParams(ctx, input, id), INPUT_NAMES);
  await updatePost(ctx.domain, type, id, withSeo(changesFrom(view, type), input));
  return modelOf(ctx, type, id);
}

/** The object as it was before the deletion (read first, as WPGraphQL's payload shows it), then trashed or deleted. */
async function remove(ctx: GraphQLContext, type: PostTypeName, input: DeletePostInput): Promise<{ deletedId: string; before: Model | null }> {
  const id = databaseIdOf(input.id, 'post');
  const before = await contentSources[type](ctx, id);
  await deletePost(ctx.domain, type, id, opt(input.forceDelete));
  ctx.domain.loaders.clear();
  return { deletedId: toGlobalId('post', id), before };
}

export const contentMutations = {
  createPost: async (_: unknown, { input }: { input: CreatePostInput }, ctx: GraphQLContext) => ({ clientMutationId: input.clientMutationId, post: await create(ctx, 'post', input) }),
  updatePost: async (_: unknown, { input }: { input: UpdatePostInput }, ctx: GraphQLContext) => ({ clientMutationId: input.clientMutationId, post: await update(ctx, 'post', input) }),
  deletePost: async (_: unknown, { input }: { input: DeletePostInput }, ctx: GraphQLContext) => {
    const { deletedId, before } = await remove(ctx, 'post', input);
    return { clientMutationId: input.clientMutationId, deletedId, post: before };
  },
  createPage: async (_: unknown, { input }: { input: CreatePageInput }, ctx: GraphQLContext) => ({ clientMutationId: input.clientMutationId, page: await create(ctx, 'page', input) }),
  updatePage: async (_: unknown, { input }: { input: UpdatePageInput }, ctx: GraphQLContext) => ({ clientMutationId: input.clientMutationId, page: await update(ctx, 'page', input) }),
  deletePage: async (_: unknown, { input }: { input: DeletePostInput }, ctx: GraphQLContext) => {
    const { deletedId, before } = await remove(ctx, 'page', input);
    return { clientMutationId: input.clientMutationId, deletedId, page: before };
  },
};

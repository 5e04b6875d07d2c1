/**
 * Global object identification: `node(id)`, `nodeByUri(uri)`, the concrete type behind every
 * interface, and the content types that only appear nested (media items, revisions), with the
 * autosave and revision mutations.
 */
import { EVENT_CATEGORY, EVENT_TYPE, getEvent, getEventTerm, getOrganizer, getVenue, ORGANIZER_TYPE, VENUE_TYPE } from '../../domain/events';
import { createAutosave } from '../../domain/posts/autosaves';
import { contentById } from '../../domain/posts/loaders';
import { getAttachment } from '../../domain/posts/records';
import { deleteRevision, getRevision, isAutosave } from '../../domain/posts/revisions';
import type { PostTypeName } from '../../domain/posts/types';
import { termById } from '../../domain/terms/loaders';
import { getTerm } from '../../domain/terms/terms';
import { getMenu } from '../../domain/menus/menus';
import { getMenuItem } from '../../domain/menus/menu-items';
import { getUser } from '../../domain/users/users';
import { resolvePath } from '../../domain/content/uri';
import type { Content } from '../../generated/prisma-sqlite/client';
import type { Resolvers } from '../../generated/graphql';
import { changesFrom, postSchema, writeArgs } from '../../domain/posts/contract';
import type { GraphQLContext } from '../context';
import { orNull } from '../errors';
import { databaseIdOf, fromGlobalId, toGlobalId } from '../global-id';
import { argNames, checkedArgs, opt } from '../contract-args';
import { authorEdge, contentField, excerptField, rowFields, siteDate, titleField, uriOf } from './content-fields';
import { readPost } from './posts';

const isPostType = (type: string): type is PostTypeName => type === 'post' || type === 'page';

/** A revision or autosave whose parent's revisions the viewer may read. */
async function readRevision(ctx: GraphQLContext, row: Content): Promise<Content | null> {
  const parent = await contentById(ctx.domain).load(row.parentId);
  if (!parent || !isPostType(parent.type)) return null;
  const type = parent.type;
  return orNull(() => getRevision(ctx.domain, type, parent.id, row.id));
}

/** Any content row by id, as the object the viewer may see, or null. */
async function readContent(ctx: GraphQLContext, id: number): Promise<object | null> {
  const row = await contentById(ctx.domain).load(id);
  if (!row) return null;
  if (isPostType(row.type)) return readPost(ctx, row.type, id);
  if (row.type === 'attachment') return orNull(() => getAttachment(ctx.domain, id));
  if (row.type === 'revision') return readRevision(ctx, row);
  if (row.type === 'nav_menu_item') return orNull(() => getMenuItem(ctx.domain, id));
  if (row.type === EVENT_TYPE) return orNull(() => getEvent(ctx.domain, id));
  if (row.type === VENUE_TYPE) return orNull(() => getVenue(ctx.domain, id));
  if (row.type === ORGANIZER_TYPE) return orNull(() => getOrganizer(ctx.domain, id));
  return null;
}

async function readTermNode(ctx: GraphQLContext, id: number): Promise<object | null> {
  const term = await termById(ctx.domain).load(id);
  if (!term) return null;
  if (term.taxonomy === 'nav_menu') return orNull(() => getMenu(ctx.domain, id));
  if (term.taxonomy === 'category' || term.taxonomy === 'post_tag') return orNull(() => getTerm(ctx.domain, term.taxonomy, id));
  if (term.taxonomy === EVENT_CATEGORY) return orNull(() => getEventTerm(ctx.domain, EVENT_CATEGORY, id));
  return null;
}

async function readNode(ctx: GraphQLContext, globalId: string): Promise<object | null> {
  const decoded = fromGlobalId(globalId);
  if (!decoded) return null;
  switch (decoded.kind) {
    case 'post':
      return readContent(ctx, decoded.id);
    case 'term':
      return readTermNode(ctx, decoded.id);
    case 'user':
      return orNull(() => getUser(ctx.domain, decoded.id));
    default:
      return null;
  }
}

const CALENDAR_TYPES: Record<string, string> = { [EVENT_TYPE]: 'Event', [VENUE_TYPE]: 'Venue', [ORGANIZER_TYPE]: 'Organizer' };
const TERM_TYPES: Record<string, string> = { category: 'Category', post_tag: 'Tag', [EVENT_CATEGORY]: 'EventsCategory' };

/** The GraphQL type of a domain record (the mappers of codegen.ts, told apart by shape). */
export function typeOf(value: object): string | null {
  const v = value as Record<string, unknown>;
  if (typeof v.__typename === 'string') return v.__typename;
  if ('row' in v && 'detail' in v && 'globalId' in v) return CALENDAR_TYPES[(v.row as Content).type] ?? null;
  if ('row' in v && 'link' in v && 'terms' in v) return (v.row as Content).type === 'page' ? 'Page' : 'Post';
  if ('linked' in v && 'menuId' in v) return 'MenuItem';
  if ('term' in v && 'locations' in v) return 'Menu';
  if ('term' in v) return TERM_TYPES[(v.term as { taxonomy: string }).taxonomy] ?? null;
  if ('login' in v) return 'User';
  if ('guid' in v && 'type' in v) return v.type === 'attachment' ? 'MediaItem' : v.type === 'revision' ? 'Revision' : null;
  return null;
}

const resolveType = { __resolveType: (value: object) => typeOf(value) as never };

const AUTOSAVE_ARGS = { post: writeArgs(postSchema('post'), 'update'), page: writeArgs(postSchema('page'), 'update') };

export const nodeResolvers: Resolvers = {
  Node: resolveType,
  DatabaseIdentifier: resolveType,
  UniformResourceIdentifiable: resolveType,
  ContentNode: resolveType,
  TermNode: resolveType,
  Query: {
    node: (_, { id }, ctx) => readNode(ctx, id) as never,
    nodeByUri: async (_, { uri }, ctx) => {
      const target = await resolvePath(ctx.domain, uri);
      if (!target) return null;
      if (target.kind === 'post') return readContent(ctx, target.id) as never;
      if (target.kind === 'term') return readTermNode(ctx, target.id) as never;
      return orNull(() => getUser(ctx.domain, target.id));
    },
    mediaItem: (_, { id }, ctx) => orNull(() => getAttachment(ctx.domain, databaseIdOf(id, 'post'))),
    revision: async (_, { id }, ctx) => {
      const row = await contentById(ctx.domain).load(databaseIdOf(id, 'post'));
      return row?.type === 'revision' ? readRevision(ctx, row) : null;
    },
  },
  MediaItem: {
    ...rowFields,
    uri: (m, _, ctx) => uriOf(m.guid, ctx.domain.config.siteUrl),
    link: (m) => m.guid,
    date: (m, _, ctx) => siteDate(ctx, m.date),
    modified: (m, _, ctx) => siteDate(ctx, m.modified),
    title: (m, args, ctx) => titleField(ctx, m, args.format),
    mimeType: (m) => m.mimeType,
    sourceUrl: (m) => m.guid,
  },
  Revision: {
    id: rowFields.id,
    databaseId: rowFields.databaseId,
    slug: rowFields.slug,
    dateGmt: rowFields.dateGmt,
    modifiedGmt: rowFields.modifiedGmt,
    date: (r, _, ctx) => siteDate(ctx, r.date),
    modified: (r, _, ctx) => siteDate(ctx, r.modified),
    title: (r, args, ctx) => titleField(ctx, r, args.format),
    content: (r, args, ctx) => contentField(ctx, r, args.format),
    excerpt: (r, args, ctx) => excerptField(ctx, r, args.format),
    author: (r, _, ctx) => authorEdge(ctx, r.authorId),
    authorDatabaseId: (r) => r.authorId || null,
    parentDatabaseId: (r) => r.parentId,
    isAutosave: (r) => isAutosave(r),
  },
  Mutation: {
    autosave: async (_, { input }, ctx) => {
      const id = databaseIdOf(input.id, 'post');
      const row = await contentById(ctx.domain).load(id);
      const type: PostTypeName = row?.type === 'page' ? 'page' : 'post';
      const view = checkedArgs(AUTOSAVE_ARGS[type], { title: opt(input.title), content: opt(input.content), excerpt: opt(input.excerpt) }, argNames('input'));
      const result = await createAutosave(ctx.domain, type, id, changesFrom(view, type));
      ctx.domain.loaders.clear();
      return { clientMutationId: input.clientMutationId, revision: result.inPlace ? null : result.row, node: await readPost(ctx, type, id) };
    },
    deleteRevision: async (_, { input }, ctx) => {
      const id = databaseIdOf(input.id, 'post');
      const row = await contentById(ctx.domain).load(id);
      const parent = row?.type === 'revision' ? await contentById(ctx.domain).load(row.parentId) : null;
      const type: PostTypeName = parent?.type === 'page' ? 'page' : 'post';
      const previous = await deleteRevision(ctx.domain, type, row?.parentId ?? 0, id);
      return { clientMutationId: input.clientMutationId, deletedId: toGlobalId('post', id), revision: previous };
    },
  },
};

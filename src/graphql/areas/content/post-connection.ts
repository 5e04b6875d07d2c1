/**
 * Every connection to post objects (root posts/pages/contentNodes/revisions, a term's or a user's
 * posts, a page's children, a content type's nodes) goes through postObjectConnection, so other
 * areas reach post lists without knowing the content area's models. This file only translates
 * WPGraphQL's `where` (ids, enums) into WP_Query's arguments; what they mean, who sees which
 * stati and the order are the domain's (posts/wp-query-args.ts, posts/query.ts). Windows of
 * nested lists are batched with their siblings' (posts/nested-lists.ts); a cursor's position is a
 * keyset count in the domain (positionInList), so cursors stay put under inserts.
 */
import { listNestedPosts } from '../../../domain/posts/nested-lists';
import { countList, positionInList, postWindow } from '../../../domain/posts/query';
import type { PostTypeName } from '../../../domain/posts/types';
import { listQueryOfWpArgs, type WpQueryArgs } from '../../../domain/posts/wp-query-args';
import type { RootQueryToContentNodeConnectionWhereArgs, RootQueryToPostConnectionWhereArgs, RootQueryToMediaItemConnectionWhereArgs } from '../../../generated/graphql';
import { connectionOf, type Connection, type ConnectionArgs } from '../../connection';
import { enumValue } from '../../contract-args';
import type { GraphQLContext } from '../../context';
import { databaseIdOf, type IdKind } from '../../global-id';
import type { Model } from '../../model';
import { contentNodeById, modelsOf } from '../../nodes';
import { databaseIdOfModel } from './post-object';

/** The union of the post-object `where` inputs (each connection's input is a subset). */
export type PostObjectWhere = Partial<RootQueryToContentNodeConnectionWhereArgs & RootQueryToPostConnectionWhereArgs & Pick<RootQueryToMediaItemConnectionWhereArgs, 'mimeType'>>;

/** Filters a nested connection fixes (the parent object's): never taken from the client. */
export interface PostObjectPins {
  author?: number;
  parent?: number;
  term?: { taxonomy: string; id: number };
}

export interface PostObjectConnectionArgs extends ConnectionArgs {
  where?: PostObjectWhere | null;
}

type Maybe<T> = T | null | undefined;
const given = <T>(value: Maybe<T>): T | undefined => (value === null ? undefined : value);
const idOf = (value: string | number, kind: IdKind): number => (String(value).trim() === '0' ? 0 : databaseIdOf(value, kind));
const ids = (values: Maybe<ReadonlyArray<Maybe<string | number>>>, kind: IdKind): number[] | undefined =>
  values ? values.filter((v): v is string | number => v !== null && v !== undefined).map((v) => idOf(v, kind)) : undefined;
const strings = (values: Maybe<ReadonlyArray<Maybe<string>>>): string[] | undefined => (values ? values.filter((v): v is string => typeof v === 'string') : undefined);

/** MimeTypeEnum (IMAGE_JPEG) → the MIME type (image/jpeg): the first part, then the subtype's dots. */
const mimeTypeOf = (value: string): string => {
  const [major, ...rest] = value.toLowerCase().split('_');
  return rest.length ? `${major}/${rest.join('.')}` : major;
};

/** ContentTemplateEnum (PAGE_NO_TITLE_BLOCK_TEMPLATE) → the stored template slugs. */
const templatesOf = (value: string): string[] => {
  if (value === 'DEFAULT_TEMPLATE') return ['', 'default'];
  return [value.replace(/(_BLOCK)?_TEMPLATE$/, '').toLowerCase().replace(/_/g, '-')];
};

/** WPGraphQL's `where` as WP_Query's arguments: ids decoded (global or database ids), enums spelled as WordPress does. */
export function wpQueryArgsOf(where: PostObjectWhere | null | undefined): WpQueryArgs {
  const w = where ?? {};
  const stati = [...(w.status ? [w.status] : []), ...(strings(w.stati) ?? [])].map((s) => enumValue(s, '-'));
  const args: WpQueryArgs = {
    search: given(w.search) || undefined,
    id: given(w.id),
    in: ids(w.in, 'post'),
    notIn: ids(w.notIn, 'post'),
    name: given(w.name),
    nameIn: strings(w.nameIn),
    parent: w.parent != null ? idOf(w.parent, 'post') : undefined,
    parentIn: ids(w.parentIn, 'post'),
    parentNotIn: ids(w.parentNotIn, 'post'),
    title: given(w.title),
    hasPassword: given(w.hasPassword),
    password: given(w.password),
    isSticky: given(w.isSticky),
    stati: stati.length ? stati : undefined,
    orderby: w.orderby?.filter((o): o is NonNullable<typeof o> => Boolean(o)).map((o) => ({ field: o.field, order: o.order === 'ASC' ? 'asc' : 'desc' })),
    dateQuery: w.dateQuery
      ? { ...w.dateQuery, column: w.dateQuery.column === 'MODIFIED' ? 'modified' : 'date', relation: given(w.dateQuery.relation) }
      : undefined,
    author: given(w.author),
    authorName: given(w.authorName),
    authorIn: ids(w.authorIn, 'user'),
    authorNotIn: ids(w.authorNotIn, 'user'),
    categoryId: given(w.categoryId),
    categoryName: given(w.categoryName),
    categoryIn: ids(w.categoryIn, 'term'),
    categoryNotIn: ids(w.categoryNotIn, 'term'),
    tag: given(w.tag),
    tagId: w.tagId != null ? idOf(w.tagId, 'term') : undefined,
    tagIn: ids(w.tagIn, 'term'),
    tagNotIn: ids(w.tagNotIn, 'term'),
    tagSlugAnd: strings(w.tagSlugAnd),
    tagSlugIn: strings(w.tagSlugIn),
    mimeTypes: w.mimeType ? [mimeTypeOf(w.mimeType)] : undefined,
    templates: w.template ? templatesOf(w.template) : undefined,
  };
  return Object.fromEntries(Object.entries(args).filter(([, v]) => v !== undefined)) as WpQueryArgs;
}

export async function postObjectConnection(ctx: GraphQLContext, types: readonly string[], args: PostObjectConnectionArgs, pins: PostObjectPins = {}): Promise<Connection<Model>> {
  // The list's caps and taxonomies are those of its first post type (posts' for contentNodes).
  const type: PostTypeName = types.length === 1 && types[0] === 'page' ? 'page' : 'post';
  const query = await listQueryOfWpArgs(ctx.domain, types, wpQueryArgsOf(args.where), pins);
  return connectionOf(args, {
    window: async (offset, limit) => {
      const list = await listNestedPosts(ctx.domain, type, postWindow(query, offset, limit));
      return modelsOf(ctx, list.records.map((r) => r.row.id), (c, id) => contentNodeById(c, id));
    },
    count: () => countList(ctx.domain, type, query),
    positionOf: (id) => positionInList(ctx.domain, type, query, id),
    idOf: databaseIdOfModel,
  });
}

/**
 * Fields every content type shares (posts, pages, media items, revisions): ids, addresses, dates
 * in site time and UTC, and the RENDERED/RAW text fields (who may read which is the domain's:
 * posts/text-fields.ts).
 */
import type { Content } from '../../generated/prisma-sqlite/client';
import { formatGmt, formatSiteTime } from '../../domain/content/dates';
import { siteOf } from '../../domain/posts/records';
import { textFieldOf, type TextFormat } from '../../domain/posts/text-fields';
import { getUser } from '../../domain/users/users';
import type { PostObjectFieldFormatEnum, PostStatusEnum } from '../../generated/graphql';
import type { GraphQLContext } from '../context';
import { orNull } from '../errors';
import { toGlobalId } from '../global-id';

/** The path of an address on this site (`uri`), or null for outside addresses. */
export function uriOf(link: string, siteUrl: string): string | null {
  if (!link.startsWith(siteUrl)) return null;
  const rest = link.slice(siteUrl.length);
  return rest.startsWith('/') ? rest : `/${rest}`;
}

export function statusEnum(status: string): PostStatusEnum {
  return status.toUpperCase().replace(/-/g, '_') as PostStatusEnum;
}

export async function siteDate(ctx: GraphQLContext, instant: Date): Promise<string> {
  return formatSiteTime(instant, (await siteOf(ctx.domain)).options);
}

export const gmtDate = (instant: Date): string => formatGmt(instant);

type Format = PostObjectFieldFormatEnum | null | undefined;

/** WPGraphQL's format argument (RENDERED by default) as the domain's. */
const formatOf = (format: Format): TextFormat => (format === 'RAW' ? 'raw' : 'rendered');

export const titleField = (ctx: GraphQLContext, row: Content, format: Format): string | null => textFieldOf(ctx.viewer, row, 'title', formatOf(format));

export const contentField = (ctx: GraphQLContext, row: Content, format: Format): string | null => textFieldOf(ctx.viewer, row, 'content', formatOf(format));

export const excerptField = (ctx: GraphQLContext, row: Content, format: Format): string | null => textFieldOf(ctx.viewer, row, 'excerpt', formatOf(format));

/** `author { node }`: the author as the viewer may see them (REST's embed rule), else null. */
export async function authorEdge(ctx: GraphQLContext, authorId: number) {
  if (!authorId) return null;
  const user = await orNull(() => getUser(ctx.domain, authorId));
  return user ? { node: user } : null;
}

/** The fields of a content row that need no loading. */
export const rowFields = {
  id: (row: Content) => toGlobalId('post', row.id),
  databaseId: (row: Content) => row.id,
  contentTypeName: (row: Content) => row.type,
  slug: (row: Content) => row.slug,
  status: (row: Content) => statusEnum(row.status),
  guid: (row: Content) => row.guid,
  dateGmt: (row: Content) => gmtDate(row.date),
  modifiedGmt: (row: Content) => gmtDate(row.modified),
};

/**
 * Fields every content type shares (posts, pages, media items, revisions): ids, addresses, dates
 * in site time and UTC, and the RENDERED/RAW text fields. Raw text is only for viewers who may edit
 * the record, as REST's edit context; rendering is the domain's (posts/render.ts).
 */
import type { Content } from '../../generated/prisma-sqlite/client';
import { formatGmt, formatSiteTime } from '../../domain/content/dates';
import { canEditPost } from '../../domain/posts/permissions';
import { siteOf } from '../../domain/posts/records';
import { renderedContent, renderedExcerpt, renderedTitle, renderedRevisionExcerpt, type PasswordRequest } from '../../domain/posts/render';
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

const mayReadRaw = (ctx: GraphQLContext, row: Content): boolean => canEditPost(ctx.viewer, row);

const access = (ctx: GraphQLContext, row: Content): PasswordRequest => ({ context: 'view', canEdit: mayReadRaw(ctx, row) });

export function titleField(ctx: GraphQLContext, row: Content, format: Format): string | null {
  if (format === 'RAW') return mayReadRaw(ctx, row) ? row.title : null;
  return renderedTitle(row);
}

export function contentField(ctx: GraphQLContext, row: Content, format: Format): string | null {
  if (format === 'RAW') return mayReadRaw(ctx, row) ? row.content : null;
  return renderedContent(row, access(ctx, row));
}

export function excerptField(ctx: GraphQLContext, row: Content, format: Format): string | null {
  if (format === 'RAW') return mayReadRaw(ctx, row) ? row.excerpt : null;
  return row.type === 'revision' ? renderedRevisionExcerpt(row) : renderedExcerpt(row, access(ctx, row));
}

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

/**
 * The oEmbed answer for an address of this site (get_oembed_response_data() with
 * get_oembed_response_data_rich()): the record the address names (any permalink form, through the
 * site's path resolver), if it is publicly viewable — a published record of a public type, or an
 * attachment whose parent is — whoever asks; its size from `maxwidth` (clamped to 200–600, the
 * height 9/16 of it, at least 200); the rich `html`; the thumbnail when it has a featured image
 * (or is one).
 */
import { hidesOEmbedAuthor } from '../security/enumeration';
import type { Content } from '../../generated/prisma-sqlite/client';
import { resolvePath } from '../content/uri';
import type { DomainContext } from '../context';
import { attachmentFacts } from '../media/metadata';
import { attachmentUrl, isImage } from '../media/files';
import { contentById } from '../posts/loaders';
import { featuredMediaIdOf } from '../posts/node-fields';
import { permalinkOf } from '../posts/records';
import { renderTitle } from '../content/format';
import { siteOptionsOf } from '../settings/options';
import { authorLink } from '../users/links';
import { userById } from '../users/loaders';
import { postEmbedHtml } from './embed-html';

/** The answer's fields in WordPress's order; the thumbnail trio only with a featured image. */
export interface OEmbedData {
  version: '1.0';
  provider_name: string;
  provider_url: string;
  /** Left out when the security settings block user enumeration (Wordfence's oembedAuthorFilter). */
  author_name?: string;
  author_url?: string;
  title: string;
  type: string;
  width: number;
  height: number;
  html: string;
  thumbnail_url?: string | null;
  thumbnail_width?: number | null;
  thumbnail_height?: number | null;
}

export const MIN_WIDTH = 200;
export const MAX_WIDTH = 600;

/** absint(): the absolute integer value of a PHP-style number ('12px' → 12, 'abc' → 0). */
export function absint(value: unknown): number {
  const n = typeof value === 'number' ? value : Number.parseInt(String(value ?? '').trim(), 10);
  return Number.isFinite(n) ? Math.min(Math.abs(Math.trunc(n)), 2147483647) : 0;
}

/** The embed's size for a requested width. */
export function embedSize(maxwidth: number): { width: number; height: number } {
  const width = Math.min(Math.max(MIN_WIDTH, absint(maxwidth)), MAX_WIDTH);
  return { width, height: Math.max(Math.ceil((width / 16) * 9), 200) };
}

/** is_post_publicly_viewable(): a public status; an attachment's `inherit` follows its parent. */
async function publiclyViewable(ctx: DomainContext, row: Content): Promise<boolean> {
  if (row.status === 'publish') return true;
  if (row.type !== 'attachment' || row.status !== 'inherit') return false;
  if (row.parentId <= 0) return true;
  const parent = await contentById(ctx).load(row.parentId);
  return !parent || parent.status === 'publish';
}

/** wp_constrain_dimensions() to a width (the height bound WordPress passes, 99999, never binds). */
function constrainToWidth(width: number, height: number, maxWidth: number): [number, number] {
  const ratio = width > 0 && width > maxWidth ? maxWidth / width : 1;
  let w = Math.max(1, Math.round(width * ratio));
  const h = Math.max(1, Math.round(height * ratio));
  if (ratio !== 1 && w === maxWidth - 1) w = maxWidth;
  return [w, h];
}

/** wp_get_attachment_image_src( $id, array( $width, 99999 ) ): no made size is that tall, so the full image, constrained. */
async function thumbnailOf(ctx: DomainContext, id: number, width: number): Promise<{ url: string; width: number; height: number } | null> {
  const row = await contentById(ctx).load(id);
  if (!row || row.type !== 'attachment') return null;
  const facts = await attachmentFacts(ctx, id);
  if (!isImage(row, facts)) return null;
  const url = attachmentUrl(ctx.config.siteUrl, row, facts);
  if (!url) return null;
  const [w, h] = constrainToWidth(facts.metadata?.width ?? 0, facts.metadata?.height ?? 0, width);
  return { url, width: w, height: h };
}

/** Whether a page named `embed` sits under this record (its `<permalink>embed/` is then that page's). */
async function embedPathTaken(ctx: DomainContext, row: Content): Promise<boolean> {
  const child = await ctx.db.read.content.findFirst({ where: { type: 'page', slug: 'embed', parentId: row.id, status: { notIn: ['trash', 'auto-draft', 'inherit'] } }, select: { id: true } });
  return child !== null;
}

/** get_the_title(): protected records carry WordPress's prefix. */
function theTitle(row: Content): string {
  return renderTitle(row.password !== '' ? `Protected: ${row.title}` : row.title);
}

/** The record an address of this site names (url_to_postid()), or null. */
export async function localContentAt(ctx: DomainContext, url: string): Promise<Content | null> {
  const target = await resolvePath(ctx, url);
  if (!target || target.kind !== 'post') return null;
  return (await contentById(ctx).load(target.id)) ?? null;
}

/** get_oembed_response_data() for an address of this site; null when it names nothing embeddable. */
export async function localOEmbed(ctx: DomainContext, url: string, maxwidth: number): Promise<OEmbedData | null> {
  const row = await localContentAt(ctx, url);
  if (!row || !(await publiclyViewable(ctx, row))) return null;
  const { width, height } = embedSize(maxwidth);
  const options = await siteOptionsOf(ctx);
  const home = ctx.config.siteUrl;
  const author = row.authorId > 0 ? await userById(ctx).load(row.authorId) : null;
  const title = theTitle(row);
  const permalink = await permalinkOf(ctx, row.id);
  const data: OEmbedData = {
    version: '1.0',
    provider_name: options.title,
    provider_url: home,
    author_name: author ? author.name : options.title,
    author_url: author ? authorLink(ctx.config, author) : home,
    title,
    type: 'rich',
    width,
    height,
    html: postEmbedHtml({ permalink, title, siteName: options.title, plainPermalinks: ctx.config.permalinks === 'plain', pathTaken: await embedPathTaken(ctx, row) }, width, height),
  };
  if (await hidesOEmbedAuthor(ctx)) {
    delete data.author_name;
    delete data.author_url;
  }
  let thumbnailId = await featuredMediaIdOf(ctx, row.id);
  if (row.type === 'attachment') {
    const facts = await attachmentFacts(ctx, row.id);
    if (isImage(row, facts)) thumbnailId = row.id;
    else if (row.mimeType.startsWith('video/')) data.type = 'video';
  }
  if (thumbnailId) {
    // PHP's list() of a failed image lookup gives nulls, and WordPress prints them.
    const thumbnail = await thumbnailOf(ctx, thumbnailId, width);
    data.thumbnail_url = thumbnail?.url ?? null;
    data.thumbnail_width = thumbnail?.width ?? null;
    data.thumbnail_height = thumbnail?.height ?? null;
  }
  return data;
}

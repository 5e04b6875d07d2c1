/**
 * What writing an event, a venue or an organizer has in common — the post side of
 * Tribe__Events__API: the Content row (title, texts through kses, a unique slug, status scaled to
 * the writer's rights, publication date, author), the featured image, and moving to the trash.
 * Everything runs inside the caller's transaction.
 */
import type { Prisma } from '../../db/client';
import type { Content } from '../../generated/prisma-sqlite/client';
import { slugKeyFor, sanitizeSlug } from '../content/slug';
import type { DomainContext } from '../context';
import { DomainError } from '../errors';
import { filterPostText } from '../posts/kses';
import { uniqueSlug } from '../posts/slugs';
import { nowToTheSecond, resolveStatusAndDate, type DateInput } from '../posts/status';
import { FLOATING_STATUSES } from '../posts/types';
import type { SiteOptions } from '../settings/options';
import { monitorPermalinkChange, monitorTrash } from '../redirects/monitor';
import { analyseAfterWrite, forgetDeletedRecord } from '../seo/analysis-queue';
import { recountTerms } from '../terms/counts';
import { isStorableId } from '../terms/loaders';
import { parseTimeString } from './dates';
import { scaleBackStatus } from './permissions';
import { isImageAddress, isNumeric } from './validators';

export type Tx = Prisma.TransactionClient;

const THUMBNAIL_KEY = '_thumbnail_id';
const TRASH_STATUS_KEY = '_wp_trash_meta_status';
const TRASH_TIME_KEY = '_wp_trash_meta_time';

/** The post fields of a calendar write (TEC's argument names). */
export interface PostFields {
  title?: string;
  description?: string;
  excerpt?: string;
  slug?: string;
  status?: string;
  author?: number;
  date?: string;
  date_utc?: string;
  image?: string | number;
}

const UTC_ZONE = { timezone_string: 'UTC', gmt_offset: 0 };

function dateInput(fields: PostFields, options: SiteOptions): DateInput {
  const instant = fields.date ? parseTimeString(fields.date, options) : fields.date_utc ? parseTimeString(fields.date_utc, UTC_ZONE) : null;
  return instant ? { kind: 'set', instant: new Date(Math.floor(instant.getTime() / 1000) * 1000) } : null;
}

function text(ctx: DomainContext, value: string | undefined, fallback: string): string {
  return value === undefined ? fallback : filterPostText(ctx.viewer, value);
}

async function slugFor(tx: Tx, type: string, selfId: number | null, requested: string | undefined, current: string, title: string, status: string): Promise<string> {
  let slug = requested !== undefined ? sanitizeSlug(requested) : current;
  if (slug === '' && !FLOATING_STATUSES.has(status)) slug = sanitizeSlug(title);
  if (slug === '' || status === 'trash') return slug;
  return uniqueSlug(tx, { type, parentId: 0 }, slug, selfId);
}

/** Writes the Content row of a new record (`existing` null) or an update; returns the row as saved. */
export async function writePostRow(tx: Tx, ctx: DomainContext, options: SiteOptions, type: string, existing: Content | null, fields: PostFields): Promise<Content> {
  const now = nowToTheSecond();
  // TEC scales the status on every write; an update without one keeps its status here (see the README).
  const requested = existing && fields.status === undefined ? undefined : scaleBackStatus(ctx.viewer, fields.status);
  const dated = resolveStatusAndDate(existing ? { status: existing.status, date: existing.date, floating: existing.dateFloating } : null, requested, dateInput(fields, options), now);
  const title = text(ctx, fields.title, existing?.title ?? '');
  let slug = await slugFor(tx, type, existing?.id ?? null, fields.slug, existing?.slug ?? '', title, dated.status);
  const data = {
    status: dated.status,
    date: dated.date,
    dateFloating: dated.floating,
    title,
    content: text(ctx, fields.description, existing?.content ?? ''),
    excerpt: text(ctx, fields.excerpt, existing?.excerpt ?? ''),
    slug,
    slugKey: slugKeyFor({ type, parentId: 0, slug, status: dated.status }),
    modified: now,
    ...(fields.author ? { authorId: fields.author } : {}),
  };
  let row = existing
    ? await tx.content.update({ where: { id: existing.id }, data })
    : await tx.content.create({ data: { ...data, type, authorId: fields.author || ctx.viewer.id, commentStatus: 'closed', pingStatus: 'closed' } });
  if (row.slug === '' && !FLOATING_STATUSES.has(row.status) && row.status !== 'trash') {
    slug = await uniqueSlug(tx, { type, parentId: 0 }, String(row.id), row.id);
    row = await tx.content.update({ where: { id: row.id }, data: { slug, slugKey: slugKeyFor({ type, parentId: 0, slug, status: row.status }) } });
  }
  if (!existing) row = await tx.content.update({ where: { id: row.id }, data: { guid: `${ctx.config.siteUrl}/?post_type=${type}&p=${row.id}` } });
  if (existing && existing.status !== row.status) await recountTermsOf(tx, row.id);
  // A published record whose address changed leaves a redirect from the old one (same transaction).
  if (existing) await monitorPermalinkChange(tx, ctx, existing, row);
  // Its SEO and readability analysis runs once this write is over (src/domain/seo/analysis-queue.ts).
  analyseAfterWrite(ctx, row.id);
  return row;
}

async function recountTermsOf(tx: Tx, id: number): Promise<void> {
  await recountTerms(tx, (await tx.termRelationship.findMany({ where: { contentId: id }, select: { termId: true } })).map((r) => r.termId));
}

const MIME_BY_EXTENSION: Record<string, string> = {
  jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', gif: 'image/gif', webp: 'image/webp', avif: 'image/avif', bmp: 'image/bmp', ico: 'image/x-icon', svg: 'image/svg+xml',
};

/**
 * tribe_upload_image(): an attachment id is used as it is; an image address becomes an attachment
 * that points at it (registered, not downloaded: nothing is fetched at run time). "" or 0 removes.
 */
export async function writeImage(tx: Tx, ctx: DomainContext, recordId: number, image: string | number | undefined): Promise<void> {
  if (image === undefined) return;
  let attachmentId = 0;
  if (isNumeric(image)) {
    attachmentId = Number(image);
  } else if (typeof image === 'string' && image !== '') {
    if (!isImageAddress(image)) throw new DomainError('rest_invalid_param', 'Invalid parameter(s): image', 400, { params: { image: 'Invalid parameter.' }, details: [] });
    const now = nowToTheSecond();
    const path = new URL(image).pathname;
    const file = path.slice(path.lastIndexOf('/') + 1);
    const extension = file.includes('.') ? file.slice(file.lastIndexOf('.') + 1).toLowerCase() : '';
    const existing = await tx.content.findFirst({ where: { type: 'attachment', guid: image }, select: { id: true } });
    attachmentId = existing?.id
      ?? (await tx.content.create({
        data: {
          type: 'attachment', status: 'inherit', authorId: ctx.viewer.id, parentId: recordId, title: file.replace(/\.[^.]*$/, ''), slug: sanitizeSlug(file.replace(/\.[^.]*$/, '')),
          guid: image, mimeType: MIME_BY_EXTENSION[extension] ?? 'image/jpeg', date: now, modified: now, commentStatus: 'closed', pingStatus: 'closed',
        },
      })).id;
  }
  await tx.contentMeta.deleteMany({ where: { contentId: recordId, key: THUMBNAIL_KEY } });
  if (attachmentId > 0 && isStorableId(attachmentId)) await tx.contentMeta.create({ data: { contentId: recordId, key: THUMBNAIL_KEY, value: String(attachmentId) } });
}

/** wp_trash_post(): the previous status is kept in meta, the slug freed; `trashedError` when already there. */
export async function trashRow(tx: Tx, ctx: DomainContext, id: number, trashedError: () => DomainError): Promise<Content> {
  await tx.$executeRaw`UPDATE "Content" SET "id" = "id" WHERE "id" = ${id}`;
  const current = await tx.content.findUniqueOrThrow({ where: { id } });
  if (current.status === 'trash') throw trashedError();
  // With 'trash' monitored, the address it had leaves a (disabled) redirect.
  await monitorTrash(tx, ctx, current);
  const now = nowToTheSecond();
  await tx.contentMeta.deleteMany({ where: { contentId: id, key: { in: [TRASH_STATUS_KEY, TRASH_TIME_KEY] } } });
  await tx.contentMeta.createMany({
    data: [
      { contentId: id, key: TRASH_STATUS_KEY, value: current.status },
      { contentId: id, key: TRASH_TIME_KEY, value: String(Math.floor(now.getTime() / 1000)) },
    ],
  });
  const row = await tx.content.update({ where: { id }, data: { status: 'trash', slugKey: null, dateFloating: false, modified: now } });
  await recountTermsOf(tx, id);
  analyseAfterWrite(ctx, id);
  return row;
}

/**
 * wp_delete_post( $id, true ): the record goes for good — its detail, links, meta and term
 * relationships with it (the schema cascades) — and its terms are recounted. Needs delete_post.
 */
export async function purgeRow(tx: Tx, id: number): Promise<void> {
  const termIds = (await tx.termRelationship.findMany({ where: { contentId: id }, select: { termId: true } })).map((r) => r.termId);
  await tx.content.deleteMany({ where: { parentId: id, type: 'revision' } });
  await tx.content.delete({ where: { id } });
  await recountTerms(tx, termIds);
  // Its indexable and links go with it (same transaction).
  await forgetDeletedRecord(tx, id);
}

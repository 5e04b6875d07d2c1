/**
 * Creating and updating posts and pages (create_item / update_item with wp_insert_post's rules).
 * Every write is one transaction: the row, its slug (unique through Content.slugKey, retried on
 * a lost race), terms with their counts, meta, and the revision an update leaves behind.
 */
import { retryOnConflict } from '../retry';
import type { Prisma } from '../../db/client';
import type { Content } from '../../generated/prisma-sqlite/client';
import { slugKeyFor, sanitizeSlug } from '../content/slug';
import { restTaxonomiesOf } from '../content/taxonomies';
import type { DomainContext } from '../context';
import { DomainError } from '../errors';
import { autoAddPageToMenus } from '../menus/auto-add';
import { monitorPermalinkChange } from '../redirects/monitor';
import { writeSeoFields } from '../seo/meta-write';
import { recountTerms } from '../terms/counts';
import { ancestorSlugsIn } from './ancestors';
import { clampInt32 } from './ids';
import { writePostFormat } from './formats';
import { filterPostText } from './kses';
import { contentById, DESIRED_SLUG_KEY, FOOTNOTES_KEY, THUMBNAIL_KEY } from './loaders';
import { canEditPost } from './permissions';
import { findPost, invalidPostId, loadRecord, MAX_ID, postTypeDef, siteOf } from './records';
import { permalink, type Site } from './render';
import { saveRevision } from './revisions';
import { isSlugConflict, uniqueSlug, type SlugPlace } from './slugs';
import { dateInputOf, nowToTheSecond, resolveStatusAndDate } from './status';
import { FLOATING_STATUSES, type NewPost, type PostChanges, type PostRecord, type PostTypeName } from './types';
import { createPermissionError, prepareError, templateError, updatePermissionError } from './write-checks';
import { analyseAfterWrite } from '../seo/analysis-queue';

type Tx = Prisma.TransactionClient;

/** Attempts a write makes when concurrent writers keep taking the slug it chose. */
const SLUG_ATTEMPTS = 10;

/** Runs a write transaction, starting it again when the slugKey index refuses a concurrent duplicate. */
export function withSlugRetry<T>(run: () => Promise<T>): Promise<T> {
  return retryOnConflict(run, isSlugConflict, SLUG_ATTEMPTS);
}

/** Takes the row lock first, so concurrent updates of one record run one after the other. */
export async function lockRow(tx: Tx, id: number): Promise<void> {
  await tx.$executeRaw`UPDATE "Content" SET "id" = "id" WHERE "id" = ${id}`;
}

/**
 * The slug a write stores: the requested one (sanitised), else the current one; an empty slug
 * stays empty for drafts and pending posts, and is derived from the title otherwise. Any
 * non-empty slug is made unique in its place (REST does so even for drafts).
 */
async function slugFor(tx: Tx, place: SlugPlace, selfId: number | null, requested: string | undefined, current: string, title: string, status: string): Promise<string> {
  let slug = requested !== undefined ? sanitizeSlug(requested) : current;
  if (slug === '' && !FLOATING_STATUSES.has(status)) slug = sanitizeSlug(title);
  if (slug === '' || status === 'trash') return slug;
  return uniqueSlug(tx, place, slug, selfId);
}

/** A record still without a slug once published takes its id (sanitize_title's fallback). */
async function ensureSlug(tx: Tx, row: Content): Promise<Content> {
  if (row.slug !== '' || FLOATING_STATUSES.has(row.status) || row.status === 'trash') return row;
  const slug = await uniqueSlug(tx, row, String(row.id), row.id);
  return tx.content.update({ where: { id: row.id }, data: { slug, slugKey: slugKeyFor({ ...row, slug }) } });
}

/** Moves a record under another parent, keeping its slug unique in the new place. */
async function reparent(tx: Tx, row: Content, parentId: number): Promise<void> {
  const slug = row.slug && row.status !== 'trash' ? await uniqueSlug(tx, { type: row.type, parentId }, row.slug, row.id) : row.slug;
  await tx.content.update({ where: { id: row.id }, data: { parentId, slug, slugKey: slugKeyFor({ ...row, parentId, slug }) } });
}

/**
 * wp_check_post_hierarchy_for_loops(): a record cannot be its own parent (0 instead), and when
 * the new parent descends from the record, the other members of that loop lose their parent.
 */
async function parentFor(tx: Tx, self: Content | null, requested: number): Promise<number> {
  if (requested === 0 || (self && requested === self.id)) return 0;
  if (!self) return requested;
  const loop: Content[] = [];
  const seen = new Set<number>();
  for (let id = requested; id > 0 && !seen.has(id); ) {
    seen.add(id);
    const row = await tx.content.findUnique({ where: { id } });
    if (!row) break;
    if (row.id === self.id) {
      for (const member of loop) await reparent(tx, member, 0);
      break;
    }
    loop.push(row);
    id = row.parentId;
  }
  return requested;
}

async function checkFeaturedMedia(tx: Tx, id: number | undefined): Promise<void> {
  if (id === undefined || id === 0) return;
  const media = id > 0 && id <= MAX_ID ? await tx.content.findUnique({ where: { id }, select: { type: true } }) : null;
  if (!media || media.type !== 'attachment') throw new DomainError('rest_invalid_featured_media', 'Invalid featured media ID.', 400);
}

async function setMeta(tx: Tx, contentId: number, key: string, value: string | null): Promise<void> {
  await tx.contentMeta.deleteMany({ where: { contentId, key } });
  if (value !== null) await tx.contentMeta.create({ data: { contentId, key, value } });
}

async function writeMeta(tx: Tx, ctx: DomainContext, contentId: number, changes: PostChanges): Promise<void> {
  await writeSeoFields(tx, ctx.viewer, contentId, changes.seo);
  if (changes.featuredMedia !== undefined) await setMeta(tx, contentId, THUMBNAIL_KEY, changes.featuredMedia ? String(changes.featuredMedia) : null);
  if (changes.footnotes !== undefined) await setMeta(tx, contentId, FOOTNOTES_KEY, changes.footnotes);
}

/**
 * handle_terms(): each REST taxonomy sent replaces the record's terms of that taxonomy (ids that
 * are no term of it are dropped). A post left without categories gets the default category, as
 * wp_insert_post does on every save; an explicit empty list leaves it with none. Returns the
 * terms whose counts may have changed.
 */
async function writeTerms(tx: Tx, row: Content, requested: PostChanges['terms'], defaultCategory: number): Promise<number[]> {
  const current = await tx.termRelationship.findMany({ where: { contentId: row.id }, select: { termId: true, term: { select: { taxonomy: true } } } });
  const touched = new Set(current.map((r) => r.termId));
  for (const tax of restTaxonomiesOf(row.type)) {
    const had = current.filter((r) => r.term.taxonomy === tax.slug).map((r) => r.termId);
    let wanted = requested?.[tax.slug];
    if (wanted === undefined && tax.slug === 'category' && had.length === 0) wanted = [defaultCategory];
    if (wanted === undefined) continue;
    const ids = wanted.filter((id) => Number.isInteger(id) && id > 0 && id <= MAX_ID);
    const valid = ids.length ? (await tx.term.findMany({ where: { taxonomy: tax.slug, id: { in: ids } }, select: { id: true } })).map((t) => t.id) : [];
    const keep = new Set(valid);
    const removed = had.filter((id) => !keep.has(id));
    const added = [...keep].filter((id) => !had.includes(id));
    if (removed.length) await tx.termRelationship.deleteMany({ where: { contentId: row.id, termId: { in: removed } } });
    if (added.length) await tx.termRelationship.createMany({ data: added.map((termId) => ({ contentId: row.id, termId })) });
    for (const id of added) touched.add(id);
  }
  return [...touched];
}

/** set_post_format(): only posts have formats; an unsaid (or empty) format leaves the post's as it is. */
async function writeFormat(tx: Tx, ctx: DomainContext, row: Content, format: string | undefined): Promise<number[]> {
  if (row.type !== 'post' || !format) return [];
  return writePostFormat(tx, ctx.db.provider, row.id, format);
}

function textOf(ctx: DomainContext, value: string | undefined, fallback: string): string {
  return value === undefined ? fallback : filterPostText(ctx.viewer, value);
}

/** Fields every write sets from the request when given (`comment_status: ""` is ignored, as in WordPress). */
type PlainFields = Partial<Pick<Content, 'password' | 'menuOrder' | 'commentStatus' | 'pingStatus' | 'template' | 'sticky' | 'authorId'>>;

function plainFields(type: PostTypeName, changes: PostChanges): PlainFields {
  const data: PlainFields = {};
  if (changes.password !== undefined) data.password = changes.password;
  if (changes.menuOrder !== undefined && postTypeDef(type).supports['page-attributes']) data.menuOrder = clampInt32(changes.menuOrder);
  if (changes.commentStatus) data.commentStatus = changes.commentStatus;
  if (changes.pingStatus) data.pingStatus = changes.pingStatus;
  if (changes.template !== undefined) data.template = changes.template;
  if (type === 'post' && changes.sticky !== undefined) data.sticky = changes.sticky;
  if (changes.author) data.authorId = changes.author;
  return data;
}

// ---------------------------------------------------------------------------------------------
// Create
// ---------------------------------------------------------------------------------------------

async function insertPost(tx: Tx, ctx: DomainContext, site: Site, type: PostTypeName, input: NewPost): Promise<Content> {
  const def = postTypeDef(type);
  const now = nowToTheSecond();
  await checkFeaturedMedia(tx, input.featuredMedia);
  const dated = resolveStatusAndDate(null, input.status, dateInputOf(input.date, input.dateGmt, site.options), now);
  const title = textOf(ctx, input.title, '');
  const parentId = def.hierarchical ? await parentFor(tx, null, input.parent ?? 0) : 0;
  const slug = await slugFor(tx, { type, parentId }, null, input.slug, '', title, dated.status);
  const defaults = type === 'page' ? { commentStatus: 'closed', pingStatus: 'closed' } : { commentStatus: site.options.default_comment_status, pingStatus: site.options.default_ping_status };
  let row = await tx.content.create({
    data: {
      ...defaults,
      ...plainFields(type, input),
      type,
      status: dated.status,
      authorId: input.author || ctx.viewer.id,
      parentId,
      slug,
      slugKey: slugKeyFor({ type, parentId, slug, status: dated.status }),
      title,
      content: textOf(ctx, input.content, ''),
      excerpt: textOf(ctx, input.excerpt, ''),
      date: dated.date,
      dateFloating: dated.floating,
      modified: now,
      // wp_insert_post unsticks a post created without `sticky: true`.
      sticky: type === 'post' && input.sticky === true,
    },
  });
  row = await ensureSlug(tx, row);
  const ancestors = await ancestorSlugsIn(tx, row);
  row = await tx.content.update({ where: { id: row.id }, data: { guid: permalink(site, row, ancestors, ctx.viewer) } });
  await writeMeta(tx, ctx, row.id, input);
  const touched = await writeTerms(tx, row, input.terms, site.options.default_category);
  touched.push(...(await writeFormat(tx, ctx, row, input.format)));
  await recountTerms(tx, touched);
  await autoAddPageToMenus(tx, ctx, row, 'new', row.status);
  // Its SEO and readability analysis runs once this write is over (src/domain/seo/analysis-queue.ts).
  analyseAfterWrite(ctx, row.id);
  return row;
}

/** POST /{posts|pages}: 201 with the new record (edit context). */
export async function createPost(ctx: DomainContext, type: PostTypeName, input: NewPost): Promise<PostRecord> {
  const invalid = templateError(input.template, '');
  if (invalid) throw invalid;
  const denied = (await createPermissionError(ctx, type, input)) ?? (await prepareError(ctx, type, null, input));
  if (denied) throw denied;
  const site = await siteOf(ctx);
  const row = await withSlugRetry(() => ctx.db.prisma.$transaction((tx) => insertPost(tx, ctx, site, type, input)));
  ctx.loaders.clear();
  return loadRecord(ctx, row);
}

export async function canCreatePost(ctx: DomainContext, type: PostTypeName, input: NewPost = {}): Promise<boolean> {
  return (await createPermissionError(ctx, type, input)) === null;
}

// ---------------------------------------------------------------------------------------------
// Update
// ---------------------------------------------------------------------------------------------

/**
 * Writes an update inside `tx` (also used for autosaves of the author's own draft, which skip
 * terms, meta and the revision). Returns the row as saved.
 */
export async function writeUpdate(tx: Tx, ctx: DomainContext, site: Site, type: PostTypeName, id: number, changes: PostChanges, options: { autosave: boolean }): Promise<Content> {
  const def = postTypeDef(type);
  const now = nowToTheSecond();
  await lockRow(tx, id);
  const current = await tx.content.findUnique({ where: { id } });
  if (!current || current.type !== type) throw invalidPostId();
  if (!options.autosave) await checkFeaturedMedia(tx, changes.featuredMedia);
  const existing = { status: current.status, date: current.date, floating: current.dateFloating };
  const dated = resolveStatusAndDate(existing, changes.status, dateInputOf(changes.date, changes.dateGmt, site.options), now);
  const title = textOf(ctx, changes.title, current.title);
  const parentId = def.hierarchical && changes.parent !== undefined ? await parentFor(tx, current, changes.parent) : current.parentId;
  const untrashedSlug = current.status === 'trash' && dated.status !== 'trash' ? await takeDesiredSlug(tx, id) : null;
  const slug = await slugFor(tx, { type, parentId }, id, untrashedSlug === null ? changes.slug : undefined, untrashedSlug ?? current.slug, title, dated.status);
  const fields = plainFields(type, changes);
  if (options.autosave) {
    // An autosave saves the post fields only (wp_update_post), never sticky, format (a term) or template.
    delete fields.sticky;
    delete fields.template;
  }
  let row = await tx.content.update({
    where: { id },
    data: {
      ...fields,
      status: dated.status,
      date: dated.date,
      dateFloating: dated.floating,
      parentId,
      slug,
      slugKey: slugKeyFor({ type, parentId, slug, status: dated.status }),
      title,
      content: textOf(ctx, changes.content, current.content),
      excerpt: textOf(ctx, changes.excerpt, current.excerpt),
      modified: now,
    },
  });
  row = await ensureSlug(tx, row);
  // A published record whose address changed leaves a redirect from the old one (same transaction).
  await monitorPermalinkChange(tx, ctx, current, row);
  // Its SEO and readability analysis runs once this write is over (src/domain/seo/analysis-queue.ts).
  analyseAfterWrite(ctx, row.id);
  if (options.autosave) {
    if (current.status !== row.status) await recountTerms(tx, (await tx.termRelationship.findMany({ where: { contentId: id } })).map((r) => r.termId));
    return row;
  }
  await writeMeta(tx, ctx, id, changes);
  const touched = await writeTerms(tx, row, changes.terms, site.options.default_category);
  touched.push(...(await writeFormat(tx, ctx, row, changes.format)));
  await recountTerms(tx, touched);
  await autoAddPageToMenus(tx, ctx, row, current.status, row.status);
  await saveRevision(tx, site.url, row, ctx.viewer.id);
  return row;
}

/** Leaving the trash gives a record back the slug it had (wp_insert_post's _wp_desired_post_slug). */
async function takeDesiredSlug(tx: Tx, id: number): Promise<string | null> {
  const meta = await tx.contentMeta.findFirst({ where: { contentId: id, key: DESIRED_SLUG_KEY } });
  if (!meta) return null;
  await tx.contentMeta.deleteMany({ where: { contentId: id, key: DESIRED_SLUG_KEY } });
  return meta.value || null;
}

/** Reads the record an update names (null when it is missing or of another type). */
async function existingRecord(ctx: DomainContext, type: PostTypeName, id: number): Promise<Content | null> {
  if (!Number.isInteger(id) || id <= 0 || id > MAX_ID) return null;
  const row = await contentById(ctx).load(id);
  return row && row.type === type ? row : null;
}

/** The checks of an update before anything is written (shared with autosaves). */
export async function assertCanUpdate(ctx: DomainContext, type: PostTypeName, id: number, changes: PostChanges): Promise<Content> {
  const invalid = templateError(changes.template, (await existingRecord(ctx, type, id))?.template ?? '');
  if (invalid) throw invalid;
  const row = await findPost(ctx, type, id);
  const denied = (await updatePermissionError(ctx, type, row, changes)) ?? (await prepareError(ctx, type, row, changes));
  if (denied) throw denied;
  return row;
}

/** POST/PUT/PATCH /{posts|pages}/{id}: a partial update; 200 with the record (edit context). */
export async function updatePost(ctx: DomainContext, type: PostTypeName, id: number, changes: PostChanges): Promise<PostRecord> {
  await assertCanUpdate(ctx, type, id, changes);
  const site = await siteOf(ctx);
  const row = await withSlugRetry(() => ctx.db.prisma.$transaction((tx) => writeUpdate(tx, ctx, site, type, id, changes, { autosave: false })));
  ctx.loaders.clear();
  return loadRecord(ctx, row);
}

/** The Allow-header view of update_item_permissions_check (no argument checks). */
export async function canUpdatePost(ctx: DomainContext, type: PostTypeName, id: number, changes: PostChanges = {}): Promise<boolean> {
  const row = await existingRecord(ctx, type, id);
  return row !== null && canEditPost(ctx.viewer, row) && (await updatePermissionError(ctx, type, row, changes)) === null;
}

export { reparent };

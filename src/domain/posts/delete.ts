/**
 * DELETE /{posts|pages}/{id}: wp_trash_post without `force`, wp_delete_post with it.
 */
import type { Prisma } from '../../db/client';
import type { Content } from '../../generated/prisma-sqlite/client';
import type { DomainContext } from '../context';
import { DomainError, forbidden } from '../errors';
import { deleteMenuItemsLinkedTo } from '../menus/menu-items';
import { monitorTrash } from '../redirects/monitor';
import { analyseAfterWrite, forgetDeletedRecord } from '../seo/analysis-queue';
import { recountTerms } from '../terms/counts';
import { canDeletePost } from './permissions';
import { findPost, loadRecord, siteOf } from './records';
import { saveRevision } from './revisions';
import { nowToTheSecond } from './status';
import { DESIRED_SLUG_KEY } from './loaders';
import type { PostRecord, PostTypeName } from './types';
import { lockRow, reparent, withSlugRetry } from './write';

type Tx = Prisma.TransactionClient;

export const TRASH_STATUS_KEY = '_wp_trash_meta_status';
export const TRASH_TIME_KEY = '_wp_trash_meta_time';
const TRASHED_SUFFIX = '__trashed';

/** delete_item_permissions_check(). */
export async function assertCanDeletePost(ctx: DomainContext, type: PostTypeName, id: number): Promise<Content> {
  const row = await findPost(ctx, type, id);
  const site = await siteOf(ctx);
  if (!canDeletePost(ctx.viewer, row, site.options)) throw forbidden('rest_cannot_delete', 'Sorry, you are not allowed to delete this post.', ctx.viewer);
  return row;
}

export async function canDeletePostAt(ctx: DomainContext, type: PostTypeName, id: number): Promise<boolean> {
  try {
    await assertCanDeletePost(ctx, type, id);
    return true;
  } catch (error) {
    if (error instanceof DomainError) return false;
    throw error;
  }
}

async function termIdsOf(tx: Tx, id: number): Promise<number[]> {
  return (await tx.termRelationship.findMany({ where: { contentId: id }, select: { termId: true } })).map((r) => r.termId);
}

/**
 * wp_trash_post(): status trash, slug `{slug}__trashed` (freeing the slug), the previous status
 * and slug kept in meta; like any update it may leave a revision.
 */
async function trash(tx: Tx, ctx: DomainContext, siteUrl: string, id: number): Promise<Content> {
  await lockRow(tx, id);
  const current = await tx.content.findUniqueOrThrow({ where: { id } });
  if (current.status === 'trash') throw new DomainError('rest_already_trashed', 'The post has already been deleted.', 410);
  // With 'trash' monitored, the address it had leaves a (disabled) redirect.
  await monitorTrash(tx, ctx, current);
  const now = nowToTheSecond();
  const meta = [
    { contentId: id, key: TRASH_STATUS_KEY, value: current.status },
    { contentId: id, key: TRASH_TIME_KEY, value: String(Math.floor(now.getTime() / 1000)) },
  ];
  const alreadySuffixed = current.slug.endsWith(TRASHED_SUFFIX);
  if (!alreadySuffixed) meta.push({ contentId: id, key: DESIRED_SLUG_KEY, value: current.slug });
  await tx.contentMeta.deleteMany({ where: { contentId: id, key: { in: meta.map((m) => m.key) } } });
  await tx.contentMeta.createMany({ data: meta });
  const row = await tx.content.update({
    where: { id },
    // A trashed draft's date is fixed (trash is not a floating status).
    data: { status: 'trash', slug: alreadySuffixed ? current.slug : `${current.slug}${TRASHED_SUFFIX}`, slugKey: null, dateFloating: false, modified: now },
  });
  await recountTerms(tx, await termIdsOf(tx, id));
  await saveRevision(tx, siteUrl, row, ctx.viewer.id);
  // The trashed record's indexable says so once analysed again (it leaves the dashboards' counts).
  analyseAfterWrite(ctx, id);
  return row;
}

/**
 * wp_delete_post( $id, true ): revisions go with the record, child pages move up to its parent,
 * attached media lose it, and the counts of its terms are recomputed.
 */
async function remove(tx: Tx, row: Content): Promise<void> {
  await lockRow(tx, row.id);
  const terms = await termIdsOf(tx, row.id);
  if (row.type === 'page') {
    const children = await tx.content.findMany({ where: { parentId: row.id, type: row.type } });
    for (const child of children) await reparent(tx, child, row.parentId);
  }
  await tx.content.deleteMany({ where: { parentId: row.id, type: 'revision' } });
  await tx.content.updateMany({ where: { parentId: row.id, type: 'attachment' }, data: { parentId: row.parentId } });
  await tx.content.delete({ where: { id: row.id } });
  await recountTerms(tx, terms);
  // _wp_delete_post_menu_item: menu items that pointed at the record go with it.
  await deleteMenuItemsLinkedTo(tx, { kind: 'post', id: row.id });
  // Its indexable and links go with it (same transaction).
  await forgetDeletedRecord(tx, row.id);
}

export type DeleteResult = { trashed: PostRecord } | { deleted: PostRecord };

/**
 * Without force (false or unsaid: posts and pages have a trash) the record goes to the trash (410
 * rest_already_trashed if it is there already) and is returned as it is now; with force it is
 * deleted and returned as it was.
 */
export async function deletePost(ctx: DomainContext, type: PostTypeName, id: number, force = false): Promise<DeleteResult> {
  const row = await assertCanDeletePost(ctx, type, id);
  const site = await siteOf(ctx);
  if (force) {
    const previous = await loadRecord(ctx, row);
    await withSlugRetry(() => ctx.db.prisma.$transaction((tx) => remove(tx, row)));
    ctx.loaders.clear();
    return { deleted: previous };
  }
  const trashed = await ctx.db.prisma.$transaction((tx) => trash(tx, ctx, site.url, id));
  ctx.loaders.clear();
  return { trashed: await loadRecord(ctx, trashed) };
}

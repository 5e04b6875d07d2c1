/**
 * Autosaves of menu items. WordPress registers the autosaves routes for every REST post type
 * that supports `editor` (so `autosave`), nav_menu_item included (WP_REST_Autosaves_Controller).
 * What they do for menu items follows from that controller: the menu item fields never reach
 * the revision, so an autosave of a published item is an empty `{id}-autosave-v1` revision (one
 * per user, reused), and an autosave of the viewer's own draft re-saves the draft in place.
 */
import type { Content } from '../../generated/prisma-sqlite/client';
import { canEditContent } from '../content/permissions';
import type { DomainContext } from '../context';
import { DomainError, forbidden } from '../errors';
import { readMenuItemRows } from './loaders';
import { setupMenuItem } from './menu-item-records';
import { prepareMenuItem, type MenuItemInput } from './menu-item-writes';
import { txLookup } from './object-links';

export interface AutosaveRecord {
  row: Content;
  /** The post type of row.parentId (its `parent` link), null when it has none. */
  parentType: string | null;
}

const MAX_ID = 2147483647;

const slugOf = (parentId: number) => `${parentId}-autosave-v1`;

/** WP_REST_Revisions_Controller::get_parent(): the menu item the autosaves belong to. */
async function parentItem(ctx: DomainContext, id: number): Promise<Content> {
  const row = Number.isInteger(id) && id > 0 && id <= MAX_ID ? await ctx.db.read.content.findUnique({ where: { id } }) : null;
  if (!row || row.type !== 'nav_menu_item') throw new DomainError('rest_post_invalid_parent', 'Invalid post parent ID.', 404);
  return row;
}

const editRef = (row: Content) => ({ type: row.type, status: row.status, authorId: row.authorId });

async function readableParent(ctx: DomainContext, id: number, message: string): Promise<Content> {
  const parent = await parentItem(ctx, id);
  if (!canEditContent(ctx.viewer, editRef(parent))) throw forbidden('rest_cannot_read', message, ctx.viewer);
  return parent;
}

const LIST_DENIED = 'Sorry, you are not allowed to view autosaves of this post.';
const ITEM_DENIED = 'Sorry, you are not allowed to view revisions of this post.';

async function succeeds(run: () => Promise<unknown>): Promise<boolean> {
  try {
    await run();
    return true;
  } catch (error) {
    if (error instanceof DomainError) return false;
    throw error;
  }
}

export function canListMenuItemAutosaves(ctx: DomainContext, parentId: number): Promise<boolean> {
  return succeeds(() => readableParent(ctx, parentId, LIST_DENIED));
}

export function canReadMenuItemAutosave(ctx: DomainContext, parentId: number): Promise<boolean> {
  return succeeds(() => readableParent(ctx, parentId, ITEM_DENIED));
}

const asRevision = (row: Content): AutosaveRecord => ({ row, parentType: row.parentId ? 'nav_menu_item' : null });

/** GET /menu-items/{id}/autosaves: every user's autosave of the item, newest first. */
export async function listMenuItemAutosaves(ctx: DomainContext, parentId: number): Promise<AutosaveRecord[]> {
  const parent = await readableParent(ctx, parentId, LIST_DENIED);
  const rows = await ctx.db.read.content.findMany({
    where: { type: 'revision', parentId: parent.id, slug: { contains: `${parent.id}-autosave` } },
    orderBy: [{ date: 'desc' }, { id: 'desc' }],
  });
  return rows.map(asRevision);
}

/** GET /menu-items/{parent}/autosaves/{id}: the latest autosave of the item, whatever `id` says (as WordPress). */
export async function getMenuItemAutosave(ctx: DomainContext, parentId: number): Promise<AutosaveRecord> {
  const parent = await readableParent(ctx, parentId, ITEM_DENIED);
  const row = await ctx.db.read.content.findFirst({
    where: { type: 'revision', status: 'inherit', parentId: parent.id, slug: slugOf(parent.id) },
    orderBy: [{ date: 'desc' }, { id: 'desc' }],
  });
  if (!row) throw new DomainError('rest_post_no_autosave', 'There is no autosave revision for this post.', 404);
  return asRevision(row);
}

/** create_item_permissions_check(): an id, then the menu item's update check. */
async function autosavableItem(ctx: DomainContext, id: number): Promise<Content> {
  if (!id) throw new DomainError('rest_post_invalid_id', 'Invalid item ID.', 404);
  const row = Number.isInteger(id) && id > 0 && id <= MAX_ID ? await ctx.db.read.content.findUnique({ where: { id } }) : null;
  if (!row || row.type !== 'nav_menu_item') throw new DomainError('rest_post_invalid_id', 'Invalid post ID.', 404);
  if (!canEditContent(ctx.viewer, editRef(row))) throw forbidden('rest_cannot_edit', 'Sorry, you are not allowed to edit this post.', ctx.viewer);
  return row;
}

export function canCreateMenuItemAutosave(ctx: DomainContext, id: number): Promise<boolean> {
  return succeeds(() => autosavableItem(ctx, id));
}

/** POST /menu-items/{id}/autosaves. The input is checked as an update of the item would be. */
export async function createMenuItemAutosave(ctx: DomainContext, id: number, input: MenuItemInput): Promise<AutosaveRecord> {
  await autosavableItem(ctx, id);
  const saved = await ctx.db.prisma.$transaction(async (tx) => {
    const [item] = await readMenuItemRows(tx, { where: { id } });
    if (!item || item.type !== 'nav_menu_item') throw new DomainError('rest_post_invalid_parent', 'Invalid post parent ID.', 404);
    const lookup = txLookup(tx);
    await prepareMenuItem(await setupMenuItem(item, lookup, ctx.config, false), input, lookup);
    const now = new Date();
    if ((item.status === 'draft' || item.status === 'auto-draft') && item.authorId === ctx.viewer.id) {
      // The viewer's own draft: saved in place (nothing of the menu item's fields changes).
      const row = await tx.content.update({ where: { id }, data: { modified: now } });
      const parent = row.parentId ? await tx.content.findUnique({ where: { id: row.parentId }, select: { type: true } }) : null;
      return { row, parentType: parent?.type ?? null };
    }
    const existing = await tx.content.findFirst({
      where: { type: 'revision', status: 'inherit', parentId: id, slug: slugOf(id), authorId: ctx.viewer.id },
      orderBy: [{ date: 'desc' }, { id: 'desc' }],
    });
    // Nothing the revision keeps (title, content, excerpt) ever differs, so an existing autosave is reused.
    if (existing) return asRevision(existing);
    const created = await tx.content.create({
      data: { type: 'revision', status: 'inherit', parentId: id, slug: slugOf(id), authorId: ctx.viewer.id, date: now, modified: now, commentStatus: 'closed', pingStatus: 'closed' },
    });
    const row = await tx.content.update({ where: { id: created.id }, data: { guid: `${ctx.config.siteUrl}/?p=${created.id}` } });
    return asRevision(row);
  });
  ctx.loaders.clear();
  return saved;
}

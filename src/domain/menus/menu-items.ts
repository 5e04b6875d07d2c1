/**
 * The menu items resource (WP_REST_Menu_Items_Controller over WP_REST_Posts_Controller): who may
 * list, read, create, edit and delete nav_menu_item records, and how. Every function takes a
 * DomainContext and returns set-up MenuItemRecords or throws DomainError with WordPress's code,
 * message and status.
 */
import { windowOffset } from '../paging';
import type { Prisma } from '../../db/client';
import { canEditContent, canReadContent } from '../content/permissions';
import type { DomainContext } from '../context';
import { DomainError, forbidden } from '../errors';
import { recountTerms } from '../terms/counts';
import type { Viewer } from '../viewer';
import { canManageMenus, hasMenuReadAccess, visibleMenuIds } from './access';
import { menuLocationAssignments } from './locations';
import { menuItemRowById, readMenuItemRows, siteOptionsOnce, type MenuItemRow } from './loaders';
import { invalidParam, menuItemOrderBy, menuItemWhere, sortInMemory, type MenuItemListQuery } from './menu-item-query';
import { setupMenuItem, type MenuItemRecord } from './menu-item-records';
import { prepareMenuItem, saveMenuItem, type MenuItemInput } from './menu-item-writes';
import { loaderLookup, txLookup } from './object-links';

export type { MenuItemInput } from './menu-item-writes';
export type { MenuItemListQuery, MenuTermFilter } from './menu-item-query';
export type { MenuItemRecord } from './menu-item-records';

export interface MenuItemList {
  items: MenuItemRecord[];
  /** Matching items, ignoring the page window (items the viewer may not see included). */
  total: number;
  /** The page asked for (the pagination headers follow it even when `offset` moved the window). */
  page: number;
  perPage: number;
}

/** The largest id an Int column holds; anything above cannot exist. */
const MAX_ID = 2147483647;

type Tx = Prisma.TransactionClient;

const ref = (row: MenuItemRow) => ({ type: row.type, status: row.status, authorId: row.authorId });

function invalidId(): DomainError {
  return new DomainError('rest_post_invalid_id', 'Invalid post ID.', 404);
}

/** get_post() of the controller: a nav_menu_item with this id, or 404. */
async function findRow(ctx: DomainContext, id: number): Promise<MenuItemRow> {
  if (!Number.isInteger(id) || id <= 0 || id > MAX_ID) throw invalidId();
  const row = await menuItemRowById(ctx).load(id);
  if (!row) throw invalidId();
  return row;
}

async function setup(ctx: DomainContext, rows: MenuItemRow[]): Promise<MenuItemRecord[]> {
  const lookup = loaderLookup(ctx);
  return Promise.all(rows.map((row) => setupMenuItem(row, lookup, ctx.config)));
}

// ---------------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------------

function listPermissionError(viewer: Viewer, context: string | undefined): DomainError | null {
  if (context === 'edit' && !canManageMenus(viewer)) {
    return forbidden('rest_forbidden_context', 'Sorry, you are not allowed to edit posts in this post type.', viewer);
  }
  if (!hasMenuReadAccess(viewer)) return forbidden('rest_cannot_view', 'Sorry, you are not allowed to view menu items.', viewer);
  return null;
}

export function canListMenuItems(viewer: Viewer, context?: string): boolean {
  return listPermissionError(viewer, context) === null;
}

/** sanitize_post_statuses(): statuses other than publish need edit rights (private also read_private). */
function assertStatusesAllowed(viewer: Viewer, statuses: readonly string[]): void {
  for (const status of statuses) {
    if (status === 'publish' || canManageMenus(viewer)) continue;
    throw invalidParam('status', forbidden('rest_forbidden_status', 'Status is forbidden.', viewer));
  }
}

/**
 * The checks of a list query before anything is read (statuses, permission, orderings that need
 * an argument); returns the statuses it lists.
 */
export function checkedListQuery(ctx: DomainContext, query: MenuItemListQuery): readonly string[] {
  const statuses = query.statuses ?? ['publish'];
  assertStatusesAllowed(ctx.viewer, statuses);
  // WPGraphQL's rule needs no read access: what a viewer may not see is left out by listWhere.
  const denied = query.visibility === 'located' ? null : listPermissionError(ctx.viewer, query.context);
  if (denied) throw denied;
  const orderby = query.orderby ?? 'menu_order';
  if (orderby === 'relevance' && !query.search) {
    throw new DomainError('rest_no_search_term_defined', 'You need to define a search term to order by relevance.', 400);
  }
  if (orderby === 'include' && !query.include?.length) {
    throw new DomainError('rest_orderby_include_missing_include', 'You need to define an include parameter to order by include.', 400);
  }
  return statuses;
}

/** The WHERE of a checked list query (dates without an offset are site time: only then are the options read). */
export async function listWhere(ctx: DomainContext, query: MenuItemListQuery, statuses: readonly string[]): Promise<Prisma.ContentWhereInput> {
  const dated = query.after || query.before || query.modifiedAfter || query.modifiedBefore;
  const where = await menuItemWhere(ctx, { ...query, statuses }, dated ? await siteOptionsOnce(ctx).load(0) : null);
  if (query.visibility !== 'located') return where;
  const visible = visibleMenuIds(ctx.viewer, await menuLocationAssignments(ctx));
  return visible === null ? where : { AND: [where, { terms: { some: { termId: { in: visible } } } }] };
}

/** The window of a list query: page, size and the number of items skipped. */
export function windowOf(query: MenuItemListQuery): { page: number; perPage: number; skip: number } {
  const page = query.page ?? 1;
  const perPage = query.perPage ?? 100;
  return { page, perPage, skip: windowOffset(query.offset, page, perPage) };
}

/** GET /menu-items: a page of items, ordered and filtered as WP_Query would. */
export async function listMenuItems(ctx: DomainContext, query: MenuItemListQuery): Promise<MenuItemList> {
  const statuses = checkedListQuery(ctx, query);
  const reads = ctx.db.read;
  const { skip, perPage } = windowOf(query);
  const where = await listWhere(ctx, query, statuses);
  const orderBy = menuItemOrderBy(query);

  let rows: MenuItemRow[];
  let total: number;
  if (orderBy) {
    [total, rows] = await Promise.all([reads.content.count({ where }), readMenuItemRows(reads, { where, orderBy, skip, take: perPage })]);
  } else {
    // FIELD() and relevance orderings: rank the matching rows, then read the page.
    const all = await reads.content.findMany({ where, select: { id: true, slug: true, title: true, excerpt: true, content: true, date: true } });
    total = all.length;
    const ids = sortInMemory(all, query).slice(skip, skip + perPage).map((r) => r.id);
    const found = await readMenuItemRows(reads, { where: { id: { in: ids } } });
    const byId = new Map(found.map((r) => [r.id, r]));
    rows = ids.map((id) => byId.get(id)).filter((r): r is MenuItemRow => r !== undefined);
  }
  return menuItemListOf(ctx, query, rows, total);
}

/** The list of a window of rows: items the viewer may not read (or, in edit context, edit) are left out but still counted. */
export async function menuItemListOf(ctx: DomainContext, query: MenuItemListQuery, rows: readonly MenuItemRow[], total: number): Promise<MenuItemList> {
  const { page, perPage } = windowOf(query);
  const maxPages = Math.ceil(total / perPage);
  if (total > 0 && page > maxPages) {
    throw new DomainError('rest_post_invalid_page_number', 'The page number requested is larger than the number of pages available.', 400);
  }
  const loader = menuItemRowById(ctx);
  for (const row of rows) loader.prime(row.id, row);
  const visible = rows.filter((row) => (query.context === 'edit' ? canEditMenuItemRow(ctx.viewer, row) : canReadContent(ctx.viewer, ref(row))));
  return { items: await setup(ctx, visible), total, page, perPage };
}

function canEditMenuItemRow(viewer: Viewer, row: MenuItemRow): boolean {
  return canEditContent(viewer, ref(row));
}

/** get_item_permissions_check(): 404, edit context, read_post, then the menus' read access. */
async function readableRow(ctx: DomainContext, id: number, context: string | undefined): Promise<MenuItemRow> {
  const row = await findRow(ctx, id);
  const viewer = ctx.viewer;
  if (context === 'edit' && !canEditMenuItemRow(viewer, row)) {
    throw forbidden('rest_forbidden_context', 'Sorry, you are not allowed to edit this post.', viewer);
  }
  if (!canReadContent(viewer, ref(row))) throw forbidden('rest_forbidden', 'Sorry, you are not allowed to do that.', viewer);
  if (!hasMenuReadAccess(viewer)) throw forbidden('rest_cannot_view', 'Sorry, you are not allowed to view menu items.', viewer);
  return row;
}

/** GET /menu-items/{id}. */
export async function getMenuItem(ctx: DomainContext, id: number, context?: string): Promise<MenuItemRecord> {
  const [record] = await setup(ctx, [await readableRow(ctx, id, context)]);
  return record;
}

export async function canViewMenuItem(ctx: DomainContext, id: number, context?: string): Promise<boolean> {
  return succeeds(() => readableRow(ctx, id, context));
}

// ---------------------------------------------------------------------------------------------
// Writing
// ---------------------------------------------------------------------------------------------

async function succeeds(run: () => Promise<unknown>): Promise<boolean> {
  try {
    await run();
    return true;
  } catch (error) {
    if (error instanceof DomainError) return false;
    throw error;
  }
}

function createPermissionError(viewer: Viewer, id: unknown): DomainError | null {
  if (id !== undefined && id !== null && id !== '' && id !== 0 && id !== '0' && id !== false) {
    return new DomainError('rest_post_exists', 'Cannot create existing post.', 400);
  }
  if (!canManageMenus(viewer)) return forbidden('rest_cannot_create', 'Sorry, you are not allowed to create posts as this user.', viewer);
  return null;
}

export function canCreateMenuItems(viewer: Viewer, id?: unknown): boolean {
  return createPermissionError(viewer, id) === null;
}

/** Runs a write in one transaction and forgets what the request's loaders had read before it. */
async function write<T>(ctx: DomainContext, run: (tx: Tx) => Promise<T>): Promise<T> {
  const result = await ctx.db.prisma.$transaction(run);
  ctx.loaders.clear();
  return result;
}

/** POST /menu-items. `id` is whatever the request carried as `id` (creating with one is refused). */
export async function createMenuItem(ctx: DomainContext, input: MenuItemInput, id?: unknown): Promise<MenuItemRecord> {
  const denied = createPermissionError(ctx.viewer, id);
  if (denied) throw denied;
  const newId = await write(ctx, async (tx) => {
    const lookup = txLookup(tx);
    return saveMenuItem(tx, ctx, await prepareMenuItem(null, input, lookup), lookup);
  });
  return (await setup(ctx, [await findRow(ctx, newId)]))[0];
}

async function editableRow(ctx: DomainContext, id: number): Promise<MenuItemRow> {
  const row = await findRow(ctx, id);
  if (!canEditMenuItemRow(ctx.viewer, row)) throw forbidden('rest_cannot_edit', 'Sorry, you are not allowed to edit this post.', ctx.viewer);
  return row;
}

export async function canEditMenuItem(ctx: DomainContext, id: number): Promise<boolean> {
  return succeeds(() => editableRow(ctx, id));
}

/** The item as it stands inside a write transaction, set up for preparing an update. */
async function currentRecord(tx: Tx, ctx: DomainContext, id: number): Promise<MenuItemRecord> {
  const [row] = await readMenuItemRows(tx, { where: { id } });
  if (!row || row.type !== 'nav_menu_item') throw invalidId();
  return setupMenuItem(row, txLookup(tx), ctx.config, false);
}

/** POST/PUT/PATCH /menu-items/{id}: a partial update over the item's current values. */
export async function updateMenuItem(ctx: DomainContext, id: number, input: MenuItemInput): Promise<MenuItemRecord> {
  await editableRow(ctx, id);
  await write(ctx, async (tx) => {
    const lookup = txLookup(tx);
    const existing = await currentRecord(tx, ctx, id);
    return saveMenuItem(tx, ctx, await prepareMenuItem(existing, input, lookup), lookup);
  });
  return (await setup(ctx, [await findRow(ctx, id)]))[0];
}

async function deletableRow(ctx: DomainContext, id: number): Promise<MenuItemRow> {
  const row = await findRow(ctx, id);
  if (!canEditMenuItemRow(ctx.viewer, row)) throw forbidden('rest_cannot_delete', 'Sorry, you are not allowed to delete this post.', ctx.viewer);
  return row;
}

export async function canDeleteMenuItem(ctx: DomainContext, id: number): Promise<boolean> {
  return succeeds(() => deletableRow(ctx, id));
}

/** Deletes items with their autosaves and recounts their menus (inside the caller's transaction). */
export async function removeMenuItems(tx: Tx, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const menus = await tx.termRelationship.findMany({ where: { contentId: { in: [...ids] } }, select: { termId: true } });
  await tx.content.deleteMany({ where: { type: 'revision', parentId: { in: [...ids] } } });
  await tx.content.deleteMany({ where: { id: { in: [...ids] }, type: 'nav_menu_item' } });
  await recountTerms(tx, menus.map((m) => m.termId));
}

/**
 * DELETE /menu-items/{id}: menu items cannot be trashed; `force` as the client gave it: false asks for a trash
 * these records do not have (501, as WordPress's REST answers); unsaid (WPGraphQL's delete mutation,
 * which takes no forceDelete for them), it deletes. Returns the item as it was.
 */
export async function deleteMenuItem(ctx: DomainContext, id: number, force?: boolean): Promise<MenuItemRecord> {
  const row = await deletableRow(ctx, id);
  if (force === false) throw new DomainError('rest_trash_not_supported', "Menu items do not support trashing. Set 'force=true' to delete.", 501);
  const [previous] = await setup(ctx, [row]);
  await write(ctx, (tx) => removeMenuItems(tx, [id]));
  return previous;
}

/**
 * _wp_delete_post_menu_item() / _wp_delete_tax_menu_item(): when a post or a term is deleted,
 * the menu items pointing at it go too. For the posts and terms resources, inside their
 * deleting transaction.
 */
export async function deleteMenuItemsLinkedTo(
  tx: Tx,
  target: { kind: 'post'; id: number } | { kind: 'term'; taxonomy: string; id: number },
): Promise<void> {
  const where = target.kind === 'post' ? { itemType: 'post_type', objectId: target.id } : { itemType: 'taxonomy', object: target.taxonomy, objectId: target.id };
  const rows = await tx.menuItemDetail.findMany({ where, select: { contentId: true } });
  await removeMenuItems(tx, rows.map((r) => r.contentId));
}

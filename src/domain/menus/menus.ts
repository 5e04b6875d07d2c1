/**
 * The menus resource (WP_REST_Menus_Controller over WP_REST_Terms_Controller, taxonomy nav_menu):
 * listing, reading, creating, updating and deleting navigation menus with their locations and
 * auto_add flag. Menu names are unique (ignoring case); the slug always follows the name
 * (wp_update_nav_menu_object passes no slug), and an update without `description` clears it, as
 * in WordPress. Deleting a menu deletes its items in the same transaction.
 */
import { listTag } from '../../cache/tags';
import { idsContaining } from '../search/text-match';
import { windowOffset } from '../paging';
import type { Prisma } from '../../db/client';
import type { Term } from '../../generated/prisma-sqlite/client';
import { canReadContent } from '../content/permissions';
import { sanitizeSlug } from '../content/slug';
import { taxonomy as taxonomyDef } from '../content/taxonomies';
import type { DomainContext } from '../context';
import { DomainError, forbidden } from '../errors';
import { isBlankName, storedTermName, uniqueTermSlug } from '../terms/slugs';
import type { Viewer } from '../viewer';
import { canManageMenus, hasMenuReadAccess } from './access';
import { autoAddByMenuId, linkedPostById, menuItemRowById, termById } from './loaders';
import { assignLocations, locationsOf, menuLocationAssignments, releaseLocations } from './locations';
import { removeMenuItems } from './menu-items';

type Tx = Prisma.TransactionClient;

const NAV_MENU = taxonomyDef('nav_menu')!;

export interface MenuRecord {
  term: Term;
  /** The locations showing this menu. */
  locations: string[];
  autoAdd: boolean;
}

export interface MenuListQuery {
  context?: string;
  page?: number;
  perPage?: number;
  search?: string;
  include?: readonly number[];
  exclude?: readonly number[];
  offset?: number;
  order?: 'asc' | 'desc';
  orderby?: string;
  hideEmpty?: boolean;
  /** Only the menus of this menu item. */
  post?: number | null;
  slugs?: readonly string[];
}

export interface MenuList {
  menus: MenuRecord[];
  total: number;
  /** The page the window starts on (from `offset` when one is given). */
  page: number;
  perPage: number;
}

/** Writable fields; undefined leaves a field as it is. */
export interface MenuInput {
  /** Already through sanitize_text_field. */
  name?: string;
  description?: string;
  locations?: readonly string[];
  autoAdd?: boolean;
  /** Whether the request carried `parent` (menus are flat, so any value is refused). */
  parentSent?: boolean;
}

const MAX_ID = 2147483647;

function termNotFound(): DomainError {
  return new DomainError('rest_term_invalid', 'Term does not exist.', 404);
}

async function findMenu(ctx: DomainContext, id: number): Promise<Term> {
  const term = Number.isInteger(id) && id > 0 && id <= MAX_ID ? await termById(ctx).load(id) : null;
  if (!term || term.taxonomy !== 'nav_menu') throw termNotFound();
  return term;
}

/** Locations and auto_add of a batch of menus (two batched reads). */
export async function recordsOf(ctx: DomainContext, terms: readonly Term[]): Promise<MenuRecord[]> {
  const [assignments, flags] = await Promise.all([
    menuLocationAssignments(ctx),
    Promise.all(terms.map((t) => autoAddByMenuId(ctx).load(t.id))),
  ]);
  return terms.map((term, i) => ({ term, locations: locationsOf(assignments, term.id), autoAdd: flags[i] }));
}

// ---------------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------------

function readAccessError(viewer: Viewer): DomainError | null {
  return hasMenuReadAccess(viewer) ? null : forbidden('rest_cannot_view', 'Sorry, you are not allowed to view menus.', viewer);
}

/** get_items_permissions_check without the `post` part (for the Allow header). */
function listPermissionError(viewer: Viewer, context: string | undefined): DomainError | null {
  if (context === 'edit' && !canManageMenus(viewer)) {
    return forbidden('rest_forbidden_context', 'Sorry, you are not allowed to edit terms in this taxonomy.', viewer);
  }
  return null;
}

export function canListMenus(viewer: Viewer, context?: string): boolean {
  return listPermissionError(viewer, context) === null && readAccessError(viewer) === null;
}

/** The `post` filter's checks: the post exists and its menus may be read. */
async function assertPostReadable(ctx: DomainContext, postId: number): Promise<void> {
  const post = postId > 0 && postId <= MAX_ID ? await linkedPostById(ctx).load(postId) : null;
  if (!post) throw new DomainError('rest_post_invalid_id', 'Invalid post ID.', 400);
  if (post.type !== 'nav_menu_item' || !canReadContent(ctx.viewer, { type: post.type, status: post.status, authorId: 0 })) {
    throw forbidden('rest_forbidden_context', 'Sorry, you are not allowed to view terms for this post.', ctx.viewer);
  }
}

type TermWhere = Prisma.TermWhereInput;

async function listWhere(ctx: DomainContext, query: MenuListQuery): Promise<TermWhere> {
  const and: TermWhere[] = [{ taxonomy: 'nav_menu' }];
  // get_terms() ignores `exclude` when `include` is given.
  if (query.include?.length) and.push({ id: { in: [...query.include] } });
  else if (query.exclude?.length) and.push({ id: { notIn: [...query.exclude] } });
  if (query.slugs?.length) and.push({ slug: { in: query.slugs.map((s) => sanitizeSlug(s)) } });
  if (query.hideEmpty) and.push({ count: { gt: 0 } });
  if (query.search) {
    and.push({ id: { in: await idsContaining(ctx, 'Term', ['name', 'slug'], query.search, { taxonomy: 'nav_menu' }, [listTag('Term', 'nav_menu')]) } });
  }
  return { AND: and };
}

const ORDER_COLUMNS: Record<string, 'id' | 'name' | 'slug' | 'description' | 'count'> = { id: 'id', name: 'name', slug: 'slug', description: 'description', count: 'count' };

/** get_terms() ordering; FIELD() orders follow the given lists, a missing list falls back to the name. */
function sortTerms(terms: Term[], query: MenuListQuery): Term[] {
  const desc = query.order === 'desc';
  const orderby = query.orderby ?? 'name';
  let key: (t: Term) => number | string;
  if (orderby === 'include' && query.include?.length) key = (t) => query.include!.indexOf(t.id);
  else if (orderby === 'include_slugs' && query.slugs?.length) key = (t) => query.slugs!.map((s) => sanitizeSlug(s)).indexOf(t.slug);
  else if (orderby === 'term_group') key = () => 0;
  else {
    const column = ORDER_COLUMNS[orderby] ?? 'name';
    key = (t) => t[column];
  }
  return [...terms].sort((a, b) => {
    const x = key(a);
    const y = key(b);
    const c = x < y ? -1 : x > y ? 1 : 0;
    return (desc ? -c : c) || a.id - b.id;
  });
}

/** The menus of one menu item, from the request's loaders (so `_embed` of many items stays cheap). */
async function menusOfItem(ctx: DomainContext, itemId: number, query: MenuListQuery): Promise<Term[]> {
  const row = await menuItemRowById(ctx).load(itemId);
  const terms = (await Promise.all((row?.menuIds ?? []).map((id) => termById(ctx).load(id)))).filter((t): t is Term => t !== null && t.taxonomy === 'nav_menu');
  const slugs = query.slugs?.map((s) => sanitizeSlug(s));
  const search = query.search?.toLowerCase();
  return terms.filter(
    (t) =>
      (query.include?.length ? query.include.includes(t.id) : !query.exclude?.includes(t.id)) &&
      (!slugs?.length || slugs.includes(t.slug)) &&
      (!query.hideEmpty || t.count > 0) &&
      (!search || t.name.toLowerCase().includes(search) || t.slug.toLowerCase().includes(search)),
  );
}

/** GET /menus. */
export async function listMenus(ctx: DomainContext, query: MenuListQuery): Promise<MenuList> {
  const denied = listPermissionError(ctx.viewer, query.context);
  if (denied) throw denied;
  if (query.post) await assertPostReadable(ctx, query.post);
  const readDenied = readAccessError(ctx.viewer);
  if (readDenied) throw readDenied;

  const perPage = query.perPage ?? 10;
  const offset = windowOffset(query.offset || undefined, query.page, perPage);
  let total: number;
  let terms: Term[];
  if (query.post) {
    const all = sortTerms(await menusOfItem(ctx, query.post, query), query);
    total = all.length;
    terms = all.slice(offset, offset + perPage);
  } else {
    const where = await listWhere(ctx, query);
    const column = ORDER_COLUMNS[query.orderby ?? 'name'];
    const byList = (query.orderby === 'include' && query.include?.length) || (query.orderby === 'include_slugs' && query.slugs?.length);
    if (column && !byList) {
      const order: Prisma.SortOrder = query.order === 'desc' ? 'desc' : 'asc';
      [total, terms] = await Promise.all([
        ctx.db.read.term.count({ where }),
        ctx.db.read.term.findMany({ where, orderBy: [{ [column]: order }, { id: 'asc' }], skip: offset, take: perPage }),
      ]);
    } else {
      const all = sortTerms(await ctx.db.read.term.findMany({ where }), query);
      total = all.length;
      terms = all.slice(offset, offset + perPage);
    }
  }
  const loader = termById(ctx);
  for (const term of terms) loader.prime(term.id, term);
  // In edit context WordPress skips terms the viewer may not edit; edit context already needs that right.
  return { menus: await recordsOf(ctx, terms), total, page: Math.ceil(offset / perPage + 1), perPage };
}

async function readableMenu(ctx: DomainContext, id: number, context: string | undefined): Promise<Term> {
  const term = await findMenu(ctx, id);
  if (context === 'edit' && !canManageMenus(ctx.viewer)) {
    throw forbidden('rest_forbidden_context', 'Sorry, you are not allowed to edit this term.', ctx.viewer);
  }
  const denied = readAccessError(ctx.viewer);
  if (denied) throw denied;
  return term;
}

/** GET /menus/{id}. */
export async function getMenu(ctx: DomainContext, id: number, context?: string): Promise<MenuRecord> {
  return (await recordsOf(ctx, [await readableMenu(ctx, id, context)]))[0];
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

export function canViewMenu(ctx: DomainContext, id: number, context?: string): Promise<boolean> {
  return succeeds(() => readableMenu(ctx, id, context));
}

export function canCreateMenus(viewer: Viewer): boolean {
  return canManageMenus(viewer);
}

async function manageableMenu(ctx: DomainContext, id: number, code: string, message: string): Promise<Term> {
  const term = await findMenu(ctx, id);
  if (!canManageMenus(ctx.viewer)) throw forbidden(code, message, ctx.viewer);
  return term;
}

const editableMenu = (ctx: DomainContext, id: number) => manageableMenu(ctx, id, 'rest_cannot_update', 'Sorry, you are not allowed to edit this term.');
const deletableMenu = (ctx: DomainContext, id: number) => manageableMenu(ctx, id, 'rest_cannot_delete', 'Sorry, you are not allowed to delete this term.');

export function canEditMenu(ctx: DomainContext, id: number): Promise<boolean> {
  return succeeds(() => editableMenu(ctx, id));
}

export function canDeleteMenu(ctx: DomainContext, id: number): Promise<boolean> {
  return succeeds(() => deletableMenu(ctx, id));
}

/** esc_html() without double encoding, for the menu name quoted in menu_exists. */
function escHtml(text: string): string {
  return text
    .replace(/&(?!(?:[a-zA-Z][a-zA-Z0-9]*|#\d+|#x[0-9a-fA-F]+);)/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#039;');
}

/**
 * wp_update_nav_menu_object(): no two menus share a name (MySQL compares names ignoring case).
 * Checked again after the write: a concurrent menu with the same name has then either committed
 * (and is seen here) or holds the same slug (and the unique index makes this write replay).
 */
async function assertNameFree(tx: Tx, requested: string, stored: string, selfId: number): Promise<void> {
  const clash = await tx.$queryRaw<Array<{ id: number | bigint }>>`
    SELECT "id" FROM "Term" WHERE "taxonomy" = 'nav_menu' AND lower("name") = lower(${stored}) AND "id" <> ${selfId} ORDER BY "id" LIMIT 1`;
  if (clash.length === 0) return;
  const termId = Number(clash[0].id);
  // WordPress answers an update's clash with status 500; it is the client's mistake, so 400 here.
  throw new DomainError('menu_exists', `The menu name <strong>${escHtml(requested)}</strong> conflicts with another menu name. Please try another.`, 400, { term_id: termId });
}

function blankName(): DomainError {
  return new DomainError('empty_term_name', 'A name is required for this term.', 400);
}

/** The slug the menu takes: its name's, made unique (the term id when the name has no usable character). */
async function slugFor(tx: Tx, name: string, selfId: number): Promise<string> {
  const wanted = sanitizeSlug(name) || (selfId ? String(selfId) : '');
  return wanted ? uniqueTermSlug(tx, NAV_MENU, wanted, 0, selfId) : '';
}

async function setAutoAdd(tx: Tx, menuId: number, autoAdd: boolean): Promise<void> {
  await tx.termMeta.deleteMany({ where: { termId: menuId, key: 'auto_add' } });
  if (autoAdd) await tx.termMeta.create({ data: { termId: menuId, key: 'auto_add', value: '1' } });
}

async function applyExtras(tx: Tx, menuId: number, input: MenuInput): Promise<void> {
  if (input.locations !== undefined) await assignLocations(tx, menuId, input.locations);
  if (input.autoAdd !== undefined) await setAutoAdd(tx, menuId, input.autoAdd);
}

function notHierarchical(): DomainError {
  return new DomainError('rest_taxonomy_not_hierarchical', 'Cannot set parent term, taxonomy is not hierarchical.', 400);
}

const RACE_RETRIES = 5;

/** A write transaction, replayed when a concurrent write took the same slug first (P2002). */
async function write<T>(ctx: DomainContext, run: (tx: Tx) => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      const result = await ctx.db.prisma.$transaction(run);
      ctx.loaders.clear();
      return result;
    } catch (error) {
      if ((error as { code?: string })?.code !== 'P2002' || attempt >= RACE_RETRIES) throw error;
    }
  }
}

/** POST /menus (wp_update_nav_menu_object with id 0, then locations and auto_add). */
export async function createMenu(ctx: DomainContext, input: MenuInput & { name: string }): Promise<MenuRecord> {
  if (!canManageMenus(ctx.viewer)) throw forbidden('rest_cannot_create', 'Sorry, you are not allowed to create terms in this taxonomy.', ctx.viewer);
  if (input.parentSent) throw notHierarchical();
  const name = storedTermName(input.name);
  const id = await write(ctx, async (tx) => {
    await assertNameFree(tx, input.name, name, 0);
    if (isBlankName(name)) throw blankName();
    const slug = await slugFor(tx, name, 0);
    let term = await tx.term.create({ data: { taxonomy: 'nav_menu', name, slug: slug || `__pending-${process.hrtime.bigint()}`, description: input.description ?? '' } });
    if (!slug) term = await tx.term.update({ where: { id: term.id }, data: { slug: await slugFor(tx, String(term.id), term.id) } });
    await assertNameFree(tx, input.name, name, term.id);
    await applyExtras(tx, term.id, input);
    return term.id;
  });
  return getMenuUnchecked(ctx, id);
}

async function getMenuUnchecked(ctx: DomainContext, id: number): Promise<MenuRecord> {
  return (await recordsOf(ctx, [await findMenu(ctx, id)]))[0];
}

/** POST/PUT/PATCH /menus/{id}. The name is kept unless sent; the description is cleared unless sent. */
export async function updateMenu(ctx: DomainContext, id: number, input: MenuInput): Promise<MenuRecord> {
  await editableMenu(ctx, id);
  if (input.parentSent) throw notHierarchical();
  await write(ctx, async (tx) => {
    const current = await tx.term.findUnique({ where: { id } });
    if (!current || current.taxonomy !== 'nav_menu') throw termNotFound();
    const name = input.name !== undefined ? storedTermName(input.name) : current.name;
    await assertNameFree(tx, input.name ?? current.name, name, id);
    if (isBlankName(name)) throw blankName();
    const slug = await slugFor(tx, name, id);
    await tx.term.update({ where: { id }, data: { name, slug, description: input.description ?? '' } });
    await assertNameFree(tx, input.name ?? current.name, name, id);
    await applyExtras(tx, id, input);
  });
  return getMenuUnchecked(ctx, id);
}

/**
 * DELETE /menus/{id}: menus cannot be trashed; `force` as the client gave it: false asks for a trash
 * these records do not have (501, as WordPress's REST answers); unsaid (WPGraphQL's delete mutation,
 * which takes no forceDelete for them), it deletes. Deleting one deletes its items and frees its
 * locations.
 */
export async function deleteMenu(ctx: DomainContext, id: number, force?: boolean): Promise<MenuRecord> {
  const term = await deletableMenu(ctx, id);
  if (force === false) throw new DomainError('rest_trash_not_supported', "Menus do not support trashing. Set 'force=true' to delete.", 501);
  const [previous] = await recordsOf(ctx, [term]);
  await write(ctx, async (tx) => {
    const items = await tx.termRelationship.findMany({ where: { termId: id, content: { type: 'nav_menu_item' } }, select: { contentId: true } });
    await removeMenuItems(tx, items.map((i) => i.contentId));
    await tx.term.delete({ where: { id } });
    await releaseLocations(tx, id);
  });
  return previous;
}

/**
 * Menus and menu items under WPGraphQL's visibility rule (access.ts canSeeMenu): what a theme
 * location shows is public, everything else needs edit_theme_options. Anything the viewer may not
 * see reads as absent (404), the way WPGraphQL's model layer turns it into null. Lists of items go
 * through the menu items' list query with `visibility: 'located'` (menu-items.ts listWhere).
 */
import type { Term } from '../../generated/prisma-sqlite/client';
import { canReadContent } from '../content/permissions';
import { sanitizeSlug } from '../content/slug';
import type { DomainContext } from '../context';
import { DomainError } from '../errors';
import { canSeeMenu, visibleMenuIds } from './access';
import { menuItemRowById, termById } from './loaders';
import { isRegisteredLocation, menuLocationAssignments } from './locations';
import { menuItemOrderBy, type MenuItemListQuery } from './menu-item-query';
import { checkedListQuery, listWhere } from './menu-items';
import { setupMenuItem, type MenuItemRecord } from './menu-item-records';
import { loaderLookup } from './object-links';
import { recordsOf, type MenuRecord } from './menus';

const MAX_ID = 2147483647;

function notFound(): DomainError {
  return new DomainError('rest_term_invalid', 'Term does not exist.', 404);
}

/** The menu shown at a theme location, or null when none is. */
export async function menuIdAtLocation(ctx: DomainContext, location: string): Promise<number | null> {
  if (!isRegisteredLocation(location)) return null;
  const id = Number((await menuLocationAssignments(ctx))[location] ?? 0);
  return id > 0 ? id : null;
}

/** A menu the viewer may see, with its locations. */
export async function getLocatedMenu(ctx: DomainContext, id: number): Promise<MenuRecord> {
  const term = Number.isInteger(id) && id > 0 && id <= MAX_ID ? await termById(ctx).load(id) : null;
  if (!term || term.taxonomy !== 'nav_menu') throw notFound();
  if (!canSeeMenu(ctx.viewer, term.id, await menuLocationAssignments(ctx))) throw notFound();
  return (await recordsOf(ctx, [term]))[0];
}

export interface LocatedMenuFilter {
  id?: number;
  location?: string;
  slug?: string;
}

/**
 * The menus the viewer may see (WPGraphQL's menus connection: get_terms ordered by name), narrowed
 * to one id, one location's menu or one slug. Sites have few menus: the whole list is read.
 */
export async function listLocatedMenus(ctx: DomainContext, filter: LocatedMenuFilter): Promise<MenuRecord[]> {
  const visible = visibleMenuIds(ctx.viewer, await menuLocationAssignments(ctx));
  const ids: number[][] = visible === null ? [] : [visible];
  if (filter.id !== undefined) ids.push([filter.id]);
  if (filter.location !== undefined) {
    const at = await menuIdAtLocation(ctx, filter.location);
    ids.push(at === null ? [] : [at]);
  }
  const terms: Term[] = await ctx.db.read.term.findMany({
    where: {
      AND: [{ taxonomy: 'nav_menu' }, ...ids.map((list) => ({ id: { in: list } })), ...(filter.slug !== undefined ? [{ slug: sanitizeSlug(filter.slug) }] : [])],
    },
    orderBy: [{ name: 'asc' }, { id: 'asc' }],
  });
  const loader = termById(ctx);
  for (const term of terms) loader.prime(term.id, term);
  return recordsOf(ctx, terms);
}

/** A menu item the viewer may see: its menu is visible to them, and so is the item's status. */
export async function getLocatedMenuItem(ctx: DomainContext, id: number): Promise<MenuItemRecord> {
  const row = Number.isInteger(id) && id > 0 && id <= MAX_ID ? await menuItemRowById(ctx).load(id) : null;
  const invalid = () => new DomainError('rest_post_invalid_id', 'Invalid post ID.', 404);
  if (!row) throw invalid();
  if (!canSeeMenu(ctx.viewer, row.menuIds[0] ?? 0, await menuLocationAssignments(ctx))) throw invalid();
  if (!canReadContent(ctx.viewer, { type: row.type, status: row.status, authorId: row.authorId })) throw invalid();
  return setupMenuItem(row, loaderLookup(ctx), ctx.config);
}

/**
 * Where an item stands in a located list (0-based), from its own values for the list's order
 * (menu_order, then id): a keyset count, so a cursor keeps naming the same item when others are
 * inserted before it. Null when the item is not in the list.
 */
export async function locatedMenuItemPosition(ctx: DomainContext, query: MenuItemListQuery, id: number): Promise<number | null> {
  const statuses = checkedListQuery(ctx, query);
  const orderBy = menuItemOrderBy(query);
  if (!orderBy || (query.orderby ?? 'menu_order') !== 'menu_order' || query.order === 'desc') throw new Error('positions are kept for the menu order only');
  const where = await listWhere(ctx, query, statuses);
  const row = Number.isInteger(id) && id > 0 && id <= MAX_ID ? await menuItemRowById(ctx).load(id) : null;
  if (!row) return null;
  const [inList, before] = await Promise.all([
    ctx.db.read.content.count({ where: { AND: [where, { id }] } }),
    ctx.db.read.content.count({ where: { AND: [where, { OR: [{ menuOrder: { lt: row.menuOrder } }, { menuOrder: row.menuOrder, id: { lt: id } }] }] } }),
  ]);
  return inList === 0 ? null : before;
}

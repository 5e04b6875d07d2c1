/**
 * Connections to menu items (root menuItems, Menu.menuItems, MenuItem.childItems) as WPGraphQL's
 * MenuItemConnectionResolver answers them: menu order, the `where` filters id, location, parentId
 * and parentDatabaseId, and the visibility rule of the domain (menus/located.ts). Lists under a
 * list (the items of each menu, the children of each item) are read together by the domain's
 * nested lists; cursors name items and find them by a keyset count.
 */
import { menuIdAtLocation, locatedMenuItemPosition } from '../../../domain/menus/located';
import type { MenuItemListQuery } from '../../../domain/menus/menu-item-query';
import { listNestedMenuItems } from '../../../domain/menus/nested-lists';
import type { MenuItemToMenuItemConnectionWhereArgs } from '../../../generated/graphql';
import { connectionOf, connectionOfList, type Connection, type ConnectionArgs } from '../../connection';
import type { GraphQLContext } from '../../context';
import { globalIdOf } from '../../global-id';
import { locationOfEnum } from './locations';
import { MenuItemModel } from './menu-item';

export interface MenuItemConnectionArgs extends ConnectionArgs {
  where?: Partial<MenuItemToMenuItemConnectionWhereArgs> | null;
}

/** What the parent object fixes: the menu (Menu.menuItems) or the parent item (childItems). */
export interface MenuItemPins {
  menu?: number;
  parent?: number;
}

export async function menuItemConnection(ctx: GraphQLContext, args: MenuItemConnectionArgs, pins: MenuItemPins = {}): Promise<Connection<MenuItemModel>> {
  const where = args.where ?? {};
  const menus: number[] = pins.menu !== undefined ? [pins.menu] : [];
  if (where.location) {
    const location = locationOfEnum(where.location);
    const menu = location === null ? null : await menuIdAtLocation(ctx.domain, location);
    if (menu === null || (pins.menu !== undefined && pins.menu !== menu)) return connectionOfList(args, [], (m: MenuItemModel) => m.databaseId);
    if (pins.menu === undefined) menus.push(menu);
  }
  let parent = pins.parent;
  if (parent === undefined && where.parentDatabaseId !== undefined && where.parentDatabaseId !== null) parent = where.parentDatabaseId;
  if (parent === undefined && where.parentId) parent = globalIdOf(where.parentId, 'post');
  const query: MenuItemListQuery = {
    visibility: 'located',
    orderby: 'menu_order',
    order: 'asc',
    ...(menus.length ? { menus: { terms: menus } } : {}),
    ...(parent !== undefined ? { parents: [parent] } : {}),
    ...(where.id ? { include: [where.id] } : {}),
  };
  return connectionOf(args, {
    window: async (offset, limit) => {
      const list = await listNestedMenuItems(ctx.domain, { ...query, offset, perPage: limit });
      return list.items.map((item) => new MenuItemModel(item));
    },
    count: async () => (await listNestedMenuItems(ctx.domain, { ...query, offset: 0, perPage: 1 })).total,
    positionOf: (id) => locatedMenuItemPosition(ctx.domain, query, id),
    idOf: (m) => m.databaseId,
  });
}

/** RootQuery.menu, menus, menuItem and menuItems. */
import { getLocatedMenu, getLocatedMenuItem, listLocatedMenus, menuIdAtLocation } from '../../../domain/menus/located';
import { termIdBy } from '../../../domain/terms/lookup';
import type { RootQueryToMenuConnectionWhereArgs } from '../../../generated/graphql';
import { connectionOfList, type ConnectionArgs } from '../../connection';
import type { GraphQLContext } from '../../context';
import { orNull } from '../../errors';
import { globalIdOf, plainIdOf } from '../../global-id';
import { menuItemConnection, type MenuItemConnectionArgs } from './item-connection';
import { locationOfEnum } from './locations';
import { MenuModel } from './menu';
import { MenuItemModel } from './menu-item';

type IdArgs = { id: string; idType?: string | null };

export async function menuById(ctx: GraphQLContext, id: number): Promise<MenuModel | null> {
  const record = await orNull(() => getLocatedMenu(ctx.domain, id));
  return record ? new MenuModel(record) : null;
}

export async function menuItemById(ctx: GraphQLContext, id: number): Promise<MenuItemModel | null> {
  const record = await orNull(() => getLocatedMenuItem(ctx.domain, id));
  return record ? new MenuItemModel(record) : null;
}

async function menuIdOf(ctx: GraphQLContext, { id, idType }: IdArgs): Promise<number | null> {
  switch (idType) {
    case 'DATABASE_ID':
      return plainIdOf(id);
    case 'LOCATION': {
      const location = locationOfEnum(id);
      return location === null ? null : menuIdAtLocation(ctx.domain, location);
    }
    case 'NAME':
      return termIdBy(ctx.domain, 'nav_menu', 'name', id);
    case 'SLUG':
      return termIdBy(ctx.domain, 'nav_menu', 'slug', id);
    default:
      return globalIdOf(id, 'term');
  }
}

export const menuRootFields = {
  menu: async (_: unknown, args: IdArgs, ctx: GraphQLContext) => {
    const id = await menuIdOf(ctx, args);
    return id === null ? null : menuById(ctx, id);
  },
  menus: async (_: unknown, args: ConnectionArgs & { where?: RootQueryToMenuConnectionWhereArgs | null }, ctx: GraphQLContext) => {
    const where = args.where ?? {};
    const location = where.location ? locationOfEnum(where.location) : undefined;
    if (location === null) return connectionOfList(args, [], (m: MenuModel) => m.databaseId);
    const records = await listLocatedMenus(ctx.domain, {
      ...(where.id ? { id: where.id } : {}),
      ...(location ? { location } : {}),
      ...(where.slug ? { slug: where.slug } : {}),
    });
    return connectionOfList(
      args,
      records.map((r) => new MenuModel(r)),
      (m) => m.databaseId,
    );
  },
  menuItem: (_: unknown, { id, idType }: IdArgs, ctx: GraphQLContext) => menuItemById(ctx, idType === 'DATABASE_ID' ? plainIdOf(id) : globalIdOf(id, 'post')),
  menuItems: (_: unknown, args: MenuItemConnectionArgs, ctx: GraphQLContext) => menuItemConnection(ctx, args),
};

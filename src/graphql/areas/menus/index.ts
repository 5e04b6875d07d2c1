/** The menus area of the WPGraphQL schema (graphql/menus.graphql). */
import type { Area } from '../../model';
import { MenuModel } from './menu';
import { MenuItemModel } from './menu-item';
import { menuById, menuItemById, menuRootFields } from './root';

export const menusArea: Area = {
  resolvers: { RootQuery: menuRootFields },
  models: { Menu: MenuModel, MenuItem: MenuItemModel },
  nodes: {
    content: { nav_menu_item: menuItemById },
    terms: { nav_menu: menuById },
  },
};

/**
 * Menus, menu items and menu locations over src/domain/menus. Who may read them is the domain's
 * rule (as over REST); writes take the menus contracts' write parameters (contract-args.ts).
 */
import { contentById } from '../../domain/posts/loaders';
import { listMenuLocations, menuLocationAssignments } from '../../domain/menus/locations';
import { createMenuItem, deleteMenuItem, getMenuItem, updateMenuItem, type MenuItemListQuery, type MenuItemRecord } from '../../domain/menus/menu-items';
import { listNestedMenuItems } from '../../domain/menus/nested-lists';
import { createMenu, deleteMenu, getMenu, listMenus, updateMenu, type MenuRecord } from '../../domain/menus/menus';
import { termIdBy } from '../../domain/terms/lookup';
import { getTerm } from '../../domain/terms/terms';
import type { MenuItemObjectsWhereArgs, Resolvers } from '../../generated/graphql';
import { inputFrom, menuWriteArgs } from '../../domain/menus/contract';
import { menuItemInputFrom, menuItemWriteArgs } from '../../domain/menus/menu-item-contract';
import { connectionFrom, connectionOfList, type ConnectionArgs } from '../connection';
import type { GraphQLContext } from '../context';
import { orNull } from '../errors';
import { databaseIdOf, globalIdOf, plainIdOf, toGlobalId } from '../global-id';
import { argNames, checkedArgs, opt } from '../contract-args';
import { uriOf } from './content-fields';
import { readPost } from './posts';

const readMenu = (ctx: GraphQLContext, id: number): Promise<MenuRecord | null> => orNull(() => getMenu(ctx.domain, id));
const readItem = (ctx: GraphQLContext, id: number): Promise<MenuItemRecord | null> => orNull(() => getMenuItem(ctx.domain, id));

async function menuAt(ctx: GraphQLContext, location: string): Promise<number | null> {
  const assignments = await menuLocationAssignments(ctx.domain);
  return assignments[location] || null;
}

/** Every item matching the filters, in menu order (menus are small; parent filters need all of them). */
async function allItems(ctx: GraphQLContext, query: MenuItemListQuery): Promise<MenuItemRecord[]> {
  const items: MenuItemRecord[] = [];
  for (let page = 1; ; page++) {
    // Batched with the same list of sibling menus (the items of each menu of a page, each item's children).
    const list = await listNestedMenuItems(ctx.domain, { ...query, page, perPage: 100 });
    items.push(...list.items);
    if (items.length >= list.total || list.items.length === 0) return items;
  }
}

async function itemConnection(ctx: GraphQLContext, args: ConnectionArgs & { where?: MenuItemObjectsWhereArgs | null }, parent?: number) {
  const w = args.where ?? {};
  const menus = [...(w.menus ?? [])];
  if (w.location) {
    const menu = await menuAt(ctx, w.location);
    if (!menu) return connectionOfList(args, []);
    menus.push(menu);
  }
  const query: MenuItemListQuery = {
    search: opt(w.search),
    include: opt(w.include),
    exclude: opt(w.exclude),
    order: w.order === 'DESC' ? 'desc' : 'asc',
    orderby: 'menu_order',
    menus: menus.length ? { terms: menus } : undefined,
  };
  const parentId = parent ?? opt(w.parentDatabaseId);
  if (parentId !== undefined) {
    const items = (await allItems(ctx, query)).filter((item) => item.parent === parentId);
    return connectionOfList(args, items);
  }
  return connectionFrom(args, async (offset, limit) => {
    const list = await listNestedMenuItems(ctx.domain, { ...query, offset, perPage: limit });
    return { items: list.items, total: list.total };
  });
}

function menuItemParams(input: Record<string, unknown>): Record<string, unknown> {
  const menuId = input.menuId as string | null | undefined;
  return {
    menus: menuId === undefined || menuId === null ? undefined : databaseIdOf(menuId, 'term'),
    title: input.label,
    type: input.itemType,
    object: input.objectType,
    object_id: input.objectDatabaseId,
    url: input.url,
    attr_title: input.title,
    target: input.target,
    classes: input.cssClasses,
    description: input.description,
    xfn: input.linkRelationship,
    menu_order: input.order,
    parent: input.parentDatabaseId,
    status: input.status,
  };
}

const MENU_NAMES = argNames('input');
const ITEM_NAMES = argNames('input', { menus: 'menuId', title: 'label', type: 'itemType', object: 'objectType', object_id: 'objectDatabaseId', attr_title: 'title', classes: 'cssClasses', xfn: 'linkRelationship', menu_order: 'order', parent: 'parentDatabaseId' });
const CREATE_ITEM = menuItemWriteArgs('create');
const UPDATE_ITEM = menuItemWriteArgs('update');
const CREATE_MENU = menuWriteArgs('create');
const UPDATE_MENU = menuWriteArgs('update');

const menuParams = (input: { name?: string | null; description?: string | null; locations?: string[] | null; autoAdd?: boolean | null }) => ({
  name: opt(input.name),
  description: opt(input.description),
  locations: opt(input.locations),
  auto_add: opt(input.autoAdd),
});

export const menuResolvers: Resolvers = {
  Query: {
    menu: async (_, { id, idType }, ctx) => {
      switch (idType) {
        case 'DATABASE_ID':
          return readMenu(ctx, plainIdOf(id));
        case 'LOCATION': {
          const menu = await menuAt(ctx, id);
          return menu ? readMenu(ctx, menu) : null;
        }
        case 'NAME':
        case 'SLUG': {
          const menu = await termIdBy(ctx.domain, 'nav_menu', idType === 'SLUG' ? 'slug' : 'name', id);
          return menu === null ? null : readMenu(ctx, menu);
        }
        default:
          return readMenu(ctx, globalIdOf(id, 'term'));
      }
    },
    menus: async (_, args, ctx) => {
      const w = args.where ?? {};
      const include = [...(w.include ?? [])];
      if (w.location) {
        const menu = await menuAt(ctx, w.location);
        if (!menu) return connectionOfList(args, []);
        include.push(menu);
      }
      return connectionFrom(args, async (offset, limit) => {
        const list = await listMenus(ctx.domain, { search: opt(w.search), include: include.length ? include : undefined, exclude: opt(w.exclude), slugs: opt(w.slug), offset, perPage: limit });
        return { items: list.menus, total: list.total };
      });
    },
    menuItem: (_, { id }, ctx) => readItem(ctx, databaseIdOf(id, 'post')),
    menuItems: (_, args, ctx) => itemConnection(ctx, args),
    menuLocations: (_, __, ctx) => listMenuLocations(ctx.domain),
  },
  Menu: {
    id: (m) => toGlobalId('term', m.term.id),
    databaseId: (m) => m.term.id,
    name: (m) => m.term.name,
    slug: (m) => m.term.slug,
    description: (m) => m.term.description,
    count: (m) => m.term.count,
    locations: (m) => m.locations,
    autoAdd: (m) => m.autoAdd,
    menuItems: (m, args, ctx) => itemConnection(ctx, { ...args, where: { ...(args.where ?? {}), menus: [m.term.id] } }),
  },
  MenuItem: {
    id: (i) => toGlobalId('post', i.id),
    databaseId: (i) => i.id,
    label: (i) => i.titleRendered,
    title: (i) => i.attrTitle,
    url: (i) => (i.url === false ? null : i.url),
    path: (i, _, ctx) => (i.url === false ? null : uriOf(i.url, ctx.domain.config.siteUrl)),
    target: (i) => i.target,
    cssClasses: (i) => i.classes,
    description: (i) => i.description,
    linkRelationship: (i) => i.xfn.join(' '),
    order: (i) => i.menuOrder,
    status: (i) => i.status,
    itemType: (i) => i.type,
    objectType: (i) => i.object,
    objectDatabaseId: (i) => i.objectId || null,
    isInvalid: (i) => i.invalid,
    parentDatabaseId: (i) => i.parent || null,
    parentId: (i) => (i.parent ? toGlobalId('post', i.parent) : null),
    menuDatabaseId: (i) => i.menuId || null,
    menu: async (i, _, ctx) => {
      const menu = i.menuId ? await readMenu(ctx, i.menuId) : null;
      return menu ? { node: menu } : null;
    },
    connectedNode: async (i, _, ctx) => {
      const linked = i.linked;
      if (!linked) return null;
      if (linked.kind === 'term') {
        if (linked.taxonomy !== 'category' && linked.taxonomy !== 'post_tag') return null;
        const term = await orNull(() => getTerm(ctx.domain, linked.taxonomy, linked.id));
        return term ? { node: Object.assign(term, { __typename: linked.taxonomy === 'category' ? 'Category' : 'Tag' }) } : null;
      }
      const row = await contentById(ctx.domain).load(linked.id);
      if (!row || (row.type !== 'post' && row.type !== 'page')) return null;
      const post = await readPost(ctx, row.type, row.id);
      return post ? { node: post } : null;
    },
    childItems: (i, args, ctx) => itemConnection(ctx, { ...args, where: i.menuId ? { menus: [i.menuId] } : {} }, i.id),
  },
  MenuLocation: {
    menu: (l, _, ctx) => (l.menu ? readMenu(ctx, l.menu) : null),
  },
  Mutation: {
    createMenu: async (_, { input }, ctx) => {
      const menu = inputFrom(checkedArgs(CREATE_MENU, menuParams(input), MENU_NAMES));
      return { clientMutationId: input.clientMutationId, menu: await createMenu(ctx.domain, { ...menu, name: menu.name ?? '' }) };
    },
    updateMenu: async (_, { input }, ctx) => {
      const menu = inputFrom(checkedArgs(UPDATE_MENU, menuParams(input), MENU_NAMES));
      return { clientMutationId: input.clientMutationId, menu: await updateMenu(ctx.domain, databaseIdOf(input.id, 'term'), menu) };
    },
    deleteMenu: async (_, { input }, ctx) => {
      const id = databaseIdOf(input.id, 'term');
      return { clientMutationId: input.clientMutationId, deletedId: toGlobalId('term', id), menu: await deleteMenu(ctx.domain, id) };
    },
    createMenuItem: async (_, { input }, ctx) => {
      const item = menuItemInputFrom(checkedArgs(CREATE_ITEM, menuItemParams(input), ITEM_NAMES));
      return { clientMutationId: input.clientMutationId, menuItem: await createMenuItem(ctx.domain, item) };
    },
    updateMenuItem: async (_, { input }, ctx) => {
      const item = menuItemInputFrom(checkedArgs(UPDATE_ITEM, menuItemParams(input), ITEM_NAMES));
      return { clientMutationId: input.clientMutationId, menuItem: await updateMenuItem(ctx.domain, databaseIdOf(input.id, 'post'), item) };
    },
    deleteMenuItem: async (_, { input }, ctx) => {
      const id = databaseIdOf(input.id, 'post');
      return { clientMutationId: input.clientMutationId, deletedId: toGlobalId('post', id), menuItem: await deleteMenuItem(ctx.domain, id) };
    },
  },
};

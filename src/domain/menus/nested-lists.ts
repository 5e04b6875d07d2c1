/**
 * Lists of menu items nested under a list — the items of each menu of a page of menus, the
 * children of each item — at a constant number of statements: lists asked for in the same tick
 * whose queries differ only in their one menu and/or one parent item are read together (the items of
 * every menu at once, in the list's order), and each menu's window and total are cut from them in memory. Other
 * queries (several menus, orderings done in memory) run listMenuItems as is.
 */
import DataLoader from 'dataloader';
import type { DomainContext } from '../context';
import { answerByFamily, settled } from '../loaders';
import { readMenuItemRows, type MenuItemRow } from './loaders';
import { menuItemOrderBy, type MenuItemListQuery } from './menu-item-query';
import { checkedListQuery, listMenuItems, listWhere, menuItemListOf, windowOf, type MenuItemList } from './menu-items';

const NESTED_LISTS = Symbol('menus.nestedItemLists');

/** The one menu and/or one parent item a list is pinned to, when it can be read with its siblings. */
interface Pins {
  menu?: number;
  parent?: number;
}

function pinsOf(query: MenuItemListQuery): Pins | null {
  if (menuItemOrderBy(query) === null) return null;
  const pins: Pins = {};
  const terms = query.menus?.terms;
  if (terms !== undefined) {
    if (terms.length !== 1 || !Number.isInteger(terms[0])) return null;
    // Several menus in one clause keep the meaning only when the menu clauses are ANDed.
    if (query.menusExclude?.terms.length && query.taxRelation === 'OR') return null;
    pins.menu = terms[0];
  }
  if (query.parents !== undefined) {
    if (query.parents.length !== 1 || !Number.isInteger(query.parents[0])) return null;
    pins.parent = query.parents[0];
  }
  return pins.menu === undefined && pins.parent === undefined ? null : pins;
}

/** listMenuItems, answered together with the sibling lists of the same tick (see the header). */
export function listNestedMenuItems(ctx: DomainContext, query: MenuItemListQuery): Promise<MenuItemList> {
  const loader = ctx.loaders.get(
    NESTED_LISTS,
    () => new DataLoader<MenuItemListQuery, MenuItemList, string>((queries) => answerAll(ctx, queries), { cacheKeyFn: (q) => JSON.stringify(q) }) as unknown as DataLoader<MenuItemListQuery, MenuItemList>,
  );
  return loader.load(query);
}

/** Lists of one family differ only in their pinned menu and parent (and pin the same ones). */
function familyOf(query: MenuItemListQuery): string | null {
  const pins = pinsOf(query);
  if (pins === null) return null;
  return JSON.stringify({ ...query, menus: pins.menu === undefined ? undefined : null, parents: pins.parent === undefined ? undefined : null });
}

function answerAll(ctx: DomainContext, queries: readonly MenuItemListQuery[]): Promise<Array<MenuItemList | Error>> {
  return answerByFamily(
    queries,
    familyOf,
    (query) => listMenuItems(ctx, query),
    (members) => listFamily(ctx, members[0], members.map((query) => pinsOf(query) as Pins)),
  );
}

const pinKey = (menu: number | undefined, parent: number | undefined) => `${menu ?? '*'}/${parent ?? '*'}`;

async function listFamily(ctx: DomainContext, query: MenuItemListQuery, pins: Pins[]): Promise<Array<MenuItemList | Error>> {
  const statuses = checkedListQuery(ctx, query);
  const menus = [...new Set(pins.flatMap((p) => (p.menu === undefined ? [] : [p.menu])))];
  const parents = [...new Set(pins.flatMap((p) => (p.parent === undefined ? [] : [p.parent])))];
  const where = await listWhere(
    ctx,
    { ...query, menus: menus.length ? { terms: menus, operator: 'OR' } : undefined, parents: parents.length ? parents : undefined },
    statuses,
  );
  const rows = await readMenuItemRows(ctx.db.read, { where, orderBy: menuItemOrderBy(query) ?? undefined });
  const byPins = new Map<string, MenuItemRow[]>();
  const usesMenu = menus.length > 0;
  const usesParent = parents.length > 0;
  for (const row of rows) {
    const parent = usesParent ? (row.menuItem?.menuItemParent ?? 0) : undefined;
    for (const menu of usesMenu ? row.menuIds : [undefined]) {
      const key = pinKey(menu, parent);
      const list = byPins.get(key);
      if (list) list.push(row);
      else byPins.set(key, [row]);
    }
  }
  const { skip, perPage } = windowOf(query);
  return Promise.all(
    pins.map((p) =>
      settled(() => {
        const all = byPins.get(pinKey(p.menu, p.parent)) ?? [];
        return menuItemListOf(ctx, query, all.slice(skip, skip + perPage), all.length);
      }),
    ),
  );
}

/**
 * Lists of menu items nested under a list — the items of each menu of a page of menus, the
 * children of each item — at a constant number of statements: lists asked for in the same tick
 * whose queries differ only in their one menu are read together (the items of every menu at once,
 * in the list's order), and each menu's window and total are cut from them in memory. Other
 * queries (several menus, orderings done in memory) run listMenuItems as is.
 */
import DataLoader from 'dataloader';
import type { DomainContext } from '../context';
import { answerByFamily, settled } from '../loaders';
import { readMenuItemRows, type MenuItemRow } from './loaders';
import { menuItemOrderBy, type MenuItemListQuery } from './menu-item-query';
import { checkedListQuery, listMenuItems, listWhere, menuItemListOf, windowOf, type MenuItemList } from './menu-items';

const NESTED_LISTS = Symbol('menus.nestedItemLists');

/** The one menu a list is pinned to, when it can be read with its siblings. */
function menuOf(query: MenuItemListQuery): number | null {
  const terms = query.menus?.terms;
  if (terms?.length !== 1 || !Number.isInteger(terms[0]) || menuItemOrderBy(query) === null) return null;
  // Several menus in one clause keep the meaning only when the menu clauses are ANDed.
  if (query.menusExclude?.terms.length && query.taxRelation === 'OR') return null;
  return terms[0];
}

/** listMenuItems, answered together with the sibling lists of the same tick (see the header). */
export function listNestedMenuItems(ctx: DomainContext, query: MenuItemListQuery): Promise<MenuItemList> {
  const loader = ctx.loaders.get(
    NESTED_LISTS,
    () => new DataLoader<MenuItemListQuery, MenuItemList, string>((queries) => answerAll(ctx, queries), { cacheKeyFn: (q) => JSON.stringify(q) }) as unknown as DataLoader<MenuItemListQuery, MenuItemList>,
  );
  return loader.load(query);
}

function answerAll(ctx: DomainContext, queries: readonly MenuItemListQuery[]): Promise<Array<MenuItemList | Error>> {
  return answerByFamily(
    queries,
    (query) => (menuOf(query) === null ? null : JSON.stringify({ ...query, menus: null })),
    (query) => listMenuItems(ctx, query),
    (members) => listFamily(ctx, members[0], members.map((query) => menuOf(query) as number)),
  );
}

async function listFamily(ctx: DomainContext, query: MenuItemListQuery, menus: number[]): Promise<Array<MenuItemList | Error>> {
  const statuses = checkedListQuery(ctx, query);
  const wanted = [...new Set(menus)];
  const where = await listWhere(ctx, { ...query, menus: { terms: wanted, operator: 'OR' } }, statuses);
  const rows = await readMenuItemRows(ctx.db.read, { where, orderBy: menuItemOrderBy(query) ?? undefined });
  const byMenu = new Map<number, MenuItemRow[]>(wanted.map((id) => [id, []]));
  for (const row of rows) for (const menu of row.menuIds) byMenu.get(menu)?.push(row);
  const { skip, perPage } = windowOf(query);
  return Promise.all(
    menus.map((menu) =>
      settled(() => {
        const all = byMenu.get(menu) ?? [];
        return menuItemListOf(ctx, query, all.slice(skip, skip + perPage), all.length);
      }),
    ),
  );
}

/**
 * Batched reads for menus and menu items: a page of items, the posts and terms they link to,
 * and the menus' flags cost a constant number of queries however many records a request shows
 * (embedded sub-requests share these caches).
 */
import DataLoader from 'dataloader';
import type { ReadClient } from '../../db/fast/reader';
import type { Content, MenuItemDetail, Prisma, Term } from '../../generated/prisma-sqlite/client';
import { byKeys, defineLoader } from '../loaders';
import { readOptions, type SiteOptions } from '../settings/options';

/** A nav_menu_item row with its details and the menus it belongs to (term ids, ascending). */
export interface MenuItemRow extends Content {
  menuItem: MenuItemDetail | null;
  menuIds: number[];
}

/** The columns of a linked post that a menu item shows (title, permalink, status). */
export interface LinkedPost {
  id: number;
  type: string;
  status: string;
  title: string;
  slug: string;
  parentId: number;
}

/** The delegates readMenuItemRows uses: the fast read client's, or a transaction's. */
type MenuItemReader = Pick<ReadClient, 'content' | 'menuItemDetail' | 'termRelationship'>;

/**
 * Menu item rows of a content query, with their details and menus (term ids, ascending): three
 * statements, which the fast read path answers as prepared statements (an `include` only Prisma
 * answers, at its fixed cost per call). Inside a write, pass the transaction client.
 */
export async function readMenuItemRows(reads: MenuItemReader, args: { where: Prisma.ContentWhereInput; orderBy?: Prisma.ContentOrderByWithRelationInput[]; skip?: number; take?: number }): Promise<MenuItemRow[]> {
  const rows = await reads.content.findMany(args);
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [details, links] = await Promise.all([
    reads.menuItemDetail.findMany({ where: { contentId: { in: ids } } }),
    reads.termRelationship.findMany({ where: { contentId: { in: ids }, term: { taxonomy: 'nav_menu' } }, select: { contentId: true, termId: true }, orderBy: { termId: 'asc' } }),
  ]);
  const detailOf = new Map(details.map((detail) => [detail.contentId, detail]));
  const menusOf = new Map<number, number[]>();
  for (const link of links) {
    const list = menusOf.get(link.contentId);
    if (list) list.push(link.termId);
    else menusOf.set(link.contentId, [link.termId]);
  }
  return rows.map((row) => ({ ...row, menuItem: detailOf.get(row.id) ?? null, menuIds: menusOf.get(row.id) ?? [] }));
}

export const menuItemRowById = defineLoader('menus.itemById', (db) =>
  new DataLoader<number, MenuItemRow | null>(async (ids) => {
    const rows = await readMenuItemRows(db.read, { where: { id: { in: [...ids] }, type: 'nav_menu_item' } });
    return byKeys(ids, rows, (r) => r.id);
  }),
);

export const LINKED_POST_SELECT = { id: true, type: true, status: true, title: true, slug: true, parentId: true } as const;

export const linkedPostById = defineLoader('menus.linkedPostById', (db) =>
  new DataLoader<number, LinkedPost | null>(async (ids) => {
    const rows = await db.read.content.findMany({ where: { id: { in: [...ids] } }, select: LINKED_POST_SELECT });
    return byKeys(ids, rows, (r) => r.id);
  }),
);

export const termById = defineLoader('menus.termById', (db) =>
  new DataLoader<number, Term | null>(async (ids) => byKeys(ids, await db.read.term.findMany({ where: { id: { in: [...ids] } } }), (t) => t.id)),
);

/** Whether a menu adds new top-level pages by itself (its `auto_add` term meta). */
export const autoAddByMenuId = defineLoader('menus.autoAdd', (db) =>
  new DataLoader<number, boolean>(async (ids) => {
    const rows = await db.read.termMeta.findMany({ where: { termId: { in: [...ids] }, key: 'auto_add' }, select: { termId: true, value: true } });
    return ids.map((id) => rows.some((r) => r.termId === id && isTrueMeta(r.value)));
  }),
);

export function isTrueMeta(value: string): boolean {
  return value === '1' || value === 'true';
}

/** The site options (front page, posts page), read once per request. */
export const siteOptionsOnce = defineLoader('menus.siteOptions', (db) =>
  new DataLoader<0, SiteOptions>(async (keys) => {
    const options = await readOptions(db);
    return keys.map(() => options);
  }),
);

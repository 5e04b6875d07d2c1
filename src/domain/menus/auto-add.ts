/**
 * _wp_auto_add_pages_to_menu(): when a top-level page is published for the first time, every menu
 * flagged `auto_add` gets an item for it (unless it already links that page). For the pages
 * resource to call inside the transaction that publishes the page.
 */
import type { Config } from '../../config';
import type { Prisma } from '../../db/client';
import type { Viewer } from '../viewer';
import { isTrueMeta } from './loaders';
import { saveMenuItem } from './menu-item-writes';
import { txLookup } from './object-links';

type Tx = Prisma.TransactionClient;

export interface PublishedPage {
  id: number;
  type: string;
  parentId: number;
}

/** Adds the page to the auto_add menus when it moves from another status to `publish`. Returns the new items' ids. */
export async function autoAddPageToMenus(
  tx: Tx,
  who: { viewer: Viewer; config: Pick<Config, 'siteUrl'> },
  page: PublishedPage,
  oldStatus: string,
  newStatus: string,
): Promise<number[]> {
  if (newStatus !== 'publish' || oldStatus === 'publish' || page.type !== 'page' || page.parentId) return [];
  const flagged = await tx.termMeta.findMany({ where: { key: 'auto_add', term: { taxonomy: 'nav_menu' } }, select: { termId: true, value: true } });
  const menuIds = [...new Set(flagged.filter((m) => isTrueMeta(m.value)).map((m) => m.termId))].sort((a, b) => a - b);
  const created: number[] = [];
  for (const menuId of menuIds) {
    const items = await tx.content.findMany({
      where: { type: 'nav_menu_item', status: { in: ['publish', 'draft'] }, terms: { some: { termId: menuId } } },
      select: { menuOrder: true, menuItem: { select: { objectId: true } } },
      orderBy: [{ menuOrder: 'asc' }, { id: 'asc' }],
    });
    if (items.some((item) => item.menuItem?.objectId === page.id)) continue;
    // wp_update_nav_menu_item() puts an item without a position after the menu's last one.
    const position = items.length ? items[items.length - 1].menuOrder + 1 : 0;
    const id = await saveMenuItem(
      tx,
      who,
      {
        menuId, dbId: 0, objectId: page.id, object: page.type, parentId: 0, position, type: 'post_type', title: '', url: '',
        description: '', attrTitle: '', target: '', classes: [], xfn: [], status: 'publish',
      },
      txLookup(tx),
    );
    created.push(id);
  }
  return created;
}

/**
 * Saving a menu item: WP_REST_Menu_Items_Controller::prepare_item_for_database (the request over
 * the item's current values, the linked object checked) and wp_update_nav_menu_item (the row,
 * its details and its menu written inside one transaction).
 */
import type { Config } from '../../config';
import type { Prisma } from '../../db/client';
import { postType } from '../content/post-types';
import { sanitizeSlug } from '../content/slug';
import { DomainError } from '../errors';
import { recountTerms } from '../terms/counts';
import type { Viewer } from '../viewer';
import { encodeClassList, originalObjectOf, sanitizeHtmlClass, type MenuItemRecord } from './menu-item-records';
import type { ObjectLookup } from './object-links';

type Tx = Prisma.TransactionClient;

/** The writable fields of a menu item, WordPress's names mapped to ours; undefined leaves a field as it is. */
export interface MenuItemInput {
  /** A string, or {raw} (an empty raw keeps the current title). */
  title?: string | { raw?: unknown };
  type?: string;
  status?: string;
  parent?: number;
  attrTitle?: string;
  classes?: readonly string[];
  description?: string;
  menuOrder?: number;
  object?: string;
  objectId?: number;
  target?: string;
  url?: string;
  xfn?: readonly string[];
  /** The menu (nav_menu term id); 0 or absent keeps the current one. */
  menus?: number;
}

/** A menu item ready to be written (wp_update_nav_menu_item's menu-item-* arguments). */
export interface PreparedMenuItem {
  menuId: number;
  dbId: number;
  objectId: number;
  object: string;
  parentId: number;
  position: number;
  type: string;
  title: string;
  url: string;
  description: string;
  attrTitle: string;
  target: string;
  classes: readonly string[];
  xfn: readonly string[];
  status: 'publish' | 'draft';
}

/** sanitize_key(): lower case, only a-z 0-9 _ -. */
export function sanitizeKey(value: string): string {
  return value.toLowerCase().replace(/[^a-z0-9_-]/g, '');
}

function startingValues(existing: MenuItemRecord | null): Omit<PreparedMenuItem, 'status'> & { status: string } {
  if (!existing) {
    return {
      menuId: 0, dbId: 0, objectId: 0, object: '', parentId: 0, position: 1, type: 'custom', title: '', url: '',
      description: '', attrTitle: '', target: '', classes: [], xfn: [], status: 'publish',
    };
  }
  return {
    menuId: existing.menuId,
    dbId: existing.id,
    objectId: existing.objectId,
    object: existing.object,
    parentId: existing.parent,
    // A first item stored with position 0 moves to 1 (WordPress ticket 28140).
    position: existing.menuOrder === 0 ? 1 : existing.menuOrder,
    type: existing.type,
    title: existing.title,
    url: existing.url === false ? '' : existing.url,
    description: existing.description,
    attrTitle: existing.attrTitle,
    target: existing.target,
    classes: existing.classes,
    xfn: existing.xfn,
    status: existing.status,
  };
}

/**
 * prepare_item_for_database(): the request's fields over the item's current (or default) values,
 * the linked object looked up when `object` is empty, and the rules of each item type. All
 * problems found are reported together (the first as the error, the rest as additional errors).
 */
export async function prepareMenuItem(existing: MenuItemRecord | null, input: MenuItemInput, lookup: ObjectLookup): Promise<PreparedMenuItem> {
  const item = startingValues(existing);
  if (input.objectId !== undefined) item.objectId = input.objectId;
  if (input.object !== undefined) item.object = sanitizeKey(input.object);
  if (input.parent !== undefined) item.parentId = input.parent;
  if (input.menuOrder !== undefined) item.position = input.menuOrder;
  if (input.type !== undefined) item.type = input.type;
  if (input.url !== undefined) item.url = input.url;
  if (input.description !== undefined) item.description = input.description;
  if (input.attrTitle !== undefined) item.attrTitle = input.attrTitle;
  if (input.target !== undefined) item.target = input.target;
  if (input.classes !== undefined) item.classes = input.classes.map(sanitizeHtmlClass);
  if (input.xfn !== undefined) item.xfn = input.xfn.map(sanitizeHtmlClass);
  if (input.status !== undefined) item.status = input.status;
  if (input.menus) item.menuId = Math.abs(Math.trunc(input.menus));
  if (typeof input.title === 'string') item.title = input.title;
  else if (input.title && typeof input.title === 'object' && typeof input.title.raw === 'string' && input.title.raw !== '' && input.title.raw !== '0') item.title = input.title.raw;

  const errors: DomainError[] = [];
  if (!item.object) {
    if (item.type === 'taxonomy') {
      const term = await lookup.term(item.objectId);
      if (term) item.object = term.taxonomy;
      else errors.push(new DomainError('rest_term_invalid_id', 'Invalid term ID.', 400));
    } else if (item.type === 'post_type') {
      const post = await lookup.post(item.objectId);
      if (post) item.object = post.type;
      else errors.push(new DomainError('rest_post_invalid_id', 'Invalid post ID.', 400));
    }
  }
  if (item.type === 'post_type_archive' && !(item.object && postType(item.object))) {
    errors.push(new DomainError('rest_post_invalid_type', 'Invalid post type.', 400));
  }
  if (item.type === 'custom') {
    if (item.title === '') errors.push(new DomainError('rest_title_required', 'The title is required when using a custom menu item type.', 400));
    if (item.url === '') errors.push(new DomainError('rest_url_required', 'The url is required when using a custom menu item type.', 400));
  }
  if (errors.length) {
    const [first, ...rest] = errors;
    throw new DomainError(first.code, first.message, first.status, first.data, rest);
  }
  // Only draft and publish are menu item statuses.
  return { ...item, status: item.status === 'publish' ? 'publish' : 'draft' };
}

/** The current nav_menu terms of an item. */
async function menusOf(tx: Tx, itemId: number): Promise<number[]> {
  const rows = await tx.termRelationship.findMany({ where: { contentId: itemId, term: { taxonomy: 'nav_menu' } }, select: { termId: true } });
  return rows.map((r) => r.termId);
}

/**
 * wp_update_nav_menu_item(): writes a prepared item (creating it when dbId is 0) and returns its
 * id. Runs inside the caller's transaction.
 */
export async function saveMenuItem(tx: Tx, who: { viewer: Viewer; config: Pick<Config, 'siteUrl'> }, item: PreparedMenuItem, lookup: ObjectLookup): Promise<number> {
  const update = item.dbId !== 0;
  const current = update ? await tx.content.findUnique({ where: { id: item.dbId }, select: { type: true, parentId: true, slug: true, title: true, dateFloating: true } }) : null;
  if (update && current?.type !== 'nav_menu_item') {
    throw new DomainError('update_nav_menu_item_failed', 'The given object ID is not that of a menu item.', 400);
  }
  if (item.menuId !== 0 && !(await tx.term.findFirst({ where: { id: item.menuId, taxonomy: 'nav_menu' }, select: { id: true } }))) {
    throw new DomainError('invalid_menu_id', 'Invalid menu ID.', 400);
  }

  // An item outside any menu sits at position 1.
  const position = item.menuId === 0 ? 1 : item.position;
  let parentId = current?.parentId ?? 0;
  let url = item.url;
  let title = item.title;
  let description = item.description;
  if (item.type === 'custom') {
    url = url.trim();
  } else {
    // Non-custom items take the object's address, and its title unless they have their own.
    url = '';
    const original = await originalObjectOf(item.type, item.object, item.objectId, lookup);
    if (original.parent !== null) parentId = original.parent;
    if (title === original.title) title = '';
    if (title === '' && description === '') description = ' ';
  }

  const now = new Date();
  const content = { menuOrder: position, content: description, excerpt: item.attrTitle, parentId, title };
  let id = item.dbId;
  const previousMenus = update ? await menusOf(tx, id) : [];
  if (!update) {
    const status = item.status;
    const slug = status === 'publish' ? sanitizeSlug(title) : '';
    const created = await tx.content.create({
      data: {
        ...content, type: 'nav_menu_item', status, authorId: who.viewer.id, slug, date: now, dateFloating: status !== 'publish', modified: now,
        commentStatus: 'closed', pingStatus: 'closed',
      },
    });
    id = created.id;
    await tx.content.update({ where: { id }, data: { guid: `${who.config.siteUrl}/?p=${id}`, slug: slug || (status === 'publish' ? String(id) : '') } });
  }
  if (item.menuId !== 0 && (!update || !previousMenus.includes(item.menuId))) {
    // wp_set_object_terms() replaces the item's menus with this one.
    await tx.termRelationship.deleteMany({ where: { contentId: id, term: { taxonomy: 'nav_menu' } } });
    await tx.termRelationship.create({ data: { contentId: id, termId: item.menuId } });
  }

  const objectId = item.type === 'custom' ? id : Math.trunc(item.objectId);
  const object = item.type === 'custom' ? 'custom' : sanitizeKey(item.object);
  const detail = {
    itemType: sanitizeKey(item.type),
    menuItemParent: item.parentId === id ? 0 : Math.trunc(item.parentId),
    objectId,
    object,
    target: sanitizeKey(item.target),
    classes: encodeClassList(item.classes),
    xfn: encodeClassList(item.xfn),
    url,
  };
  await tx.menuItemDetail.upsert({ where: { contentId: id }, create: { contentId: id, ...detail }, update: detail });

  if (update) {
    const status = item.status === 'draft' ? 'draft' : 'publish';
    const slug = status === 'publish' && current?.slug === '' ? sanitizeSlug(title) || String(id) : undefined;
    await tx.content.update({
      where: { id },
      data: { ...content, status, modified: now, ...(slug !== undefined ? { slug } : {}), ...(status === 'publish' ? { dateFloating: false } : {}) },
    });
  }
  await recountTerms(tx, [...previousMenus, ...(item.menuId ? [item.menuId] : [])]);
  return id;
}

/**
 * A menu item as WordPress presents it (wp_setup_nav_menu_item): the stored row completed with
 * what it links to — the linked post's or term's title when the item has none of its own, the
 * linked object's address as its url, a type label, and `invalid` when the target is gone.
 */
import { renderTitle, stripAllTags, wpTrimWords, wptexturize } from '../content/format';
import { postType } from '../content/post-types';
import { taxonomy as taxonomyDef } from '../content/taxonomies';
import type { Config } from '../../config';
import type { MenuItemRow } from './loaders';
import { archiveLink, postPermalink, termLink, type ObjectLookup } from './object-links';

export type MenuItemType = 'custom' | 'post_type' | 'post_type_archive' | 'taxonomy';
export const MENU_ITEM_TYPES: readonly MenuItemType[] = ['taxonomy', 'post_type', 'post_type_archive', 'custom'];

/** The object a menu item's `wp:menu-item-object` link points at (the linked row's real type). */
export type LinkedObjectRef = { kind: 'post'; type: string; id: number } | { kind: 'term'; taxonomy: string; id: number };

export interface MenuItemRecord {
  id: number;
  row: MenuItemRow;
  /** The title the item shows (its own, else the linked object's filtered title). */
  title: string;
  titleRendered: string;
  status: string;
  /** The address the item points at; false for an archive that does not exist (as WordPress). */
  url: string | false;
  attrTitle: string;
  description: string;
  type: string;
  typeLabel: string;
  object: string;
  objectId: number;
  /** The parent menu item (0 for top level). */
  parent: number;
  menuOrder: number;
  target: string;
  classes: string[];
  xfn: string[];
  invalid: boolean;
  /** The menu (nav_menu term) holding the item, 0 when none. */
  menuId: number;
  linked: LinkedObjectRef | null;
}

/** sanitize_html_class(): percent-encoded octets dropped, then everything but A-Z a-z 0-9 _ -. */
export function sanitizeHtmlClass(value: string): string {
  return value.replace(/%[a-fA-F0-9]{2}/g, '').replace(/[^A-Za-z0-9_-]/g, '');
}

function parseList(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.map((v) => (typeof v === 'string' ? v : String(v))) : [];
  } catch {
    return [];
  }
}

/** The stored classes or XFN relations as WordPress shows them: a list, [""] when there are none. */
export function decodeClassList(json: string): string[] {
  const list = parseList(json);
  return list.length ? list.map(sanitizeHtmlClass) : [''];
}

/** What wp_update_nav_menu_item stores for a list: joined with spaces, split again, each sanitised. */
export function encodeClassList(list: readonly string[]): string {
  return JSON.stringify(list.join(' ').split(' ').map(sanitizeHtmlClass));
}

/** The labels->archives of a post type, as register_post_type derives them. */
export function archivesLabel(type: string): string | null {
  const def = postType(type);
  if (!def) return null;
  if (type === 'post') return 'Post Archives';
  if (type === 'page') return 'Page Archives';
  return def.name;
}

/** The raw title of what an item links to, for syncing: an item titled like its object stores no title. */
export interface OriginalObject {
  title: string;
  /** post_parent the item row takes: the linked post's parent or the linked term's parent. */
  parent: number | null;
}

export async function originalObjectOf(type: string, object: string, objectId: number, lookup: ObjectLookup): Promise<OriginalObject> {
  if (type === 'taxonomy') {
    const term = await lookup.term(objectId);
    return term && term.taxonomy === object ? { title: term.name, parent: term.parentId } : { title: '', parent: null };
  }
  if (type === 'post_type') {
    const post = await lookup.post(objectId);
    return post ? { title: post.title, parent: post.parentId } : { title: '', parent: null };
  }
  if (type === 'post_type_archive') return { title: archivesLabel(object) ?? '', parent: null };
  return { title: '', parent: null };
}

const noTitle = (id: number) => `#${id} (no title)`;

/**
 * wp_setup_nav_menu_item() for a stored nav_menu_item row. With `addresses: false` (inside a
 * write, where only the stored fields matter) linked objects' addresses are left empty.
 */
export async function setupMenuItem(row: MenuItemRow, lookup: ObjectLookup, config: Pick<Config, 'siteUrl' | 'permalinks'>, addresses = true): Promise<MenuItemRecord> {
  const detail = row.menuItem;
  const type = detail?.itemType ?? '';
  const object = detail?.object ?? '';
  const objectId = detail?.objectId ?? 0;
  let title = row.title;
  let typeLabel = 'Custom Link';
  let url: string | false = detail?.url ?? '';
  let invalid = false;
  let linked: LinkedObjectRef | null = null;

  if (type === 'post_type') {
    const def = postType(object);
    typeLabel = def ? def.singularName : object;
    if (!def) invalid = true;
    const post = await lookup.post(objectId);
    let original = '';
    if (post) {
      if (post.status === 'trash') invalid = true;
      url = addresses ? await postPermalink(post, lookup, config) : '';
      original = renderTitle(post.title);
      const target = postType(post.type);
      if (target?.showInRest) linked = { kind: 'post', type: post.type, id: post.id };
    } else {
      url = '';
      invalid = true;
    }
    if (original === '') original = noTitle(objectId);
    title = row.title === '' ? original : row.title;
  } else if (type === 'post_type_archive') {
    const label = archivesLabel(object);
    if (label !== null) title = row.title === '' ? label : row.title;
    else invalid = true;
    typeLabel = 'Post Type Archive';
    url = addresses ? await archiveLink(object, lookup, config) : '';
  } else if (type === 'taxonomy') {
    const def = taxonomyDef(object);
    typeLabel = def ? def.singularName : object;
    if (!def) invalid = true;
    const term = await lookup.term(objectId);
    let original = '';
    if (term && term.taxonomy === object && def) {
      url = addresses ? await termLink(term, lookup, config) : '';
      original = term.name;
    } else {
      url = '';
      invalid = true;
    }
    if (term && taxonomyDef(term.taxonomy)?.showInRest) linked = { kind: 'term', taxonomy: term.taxonomy, id: term.id };
    if (original === '') original = noTitle(objectId);
    title = row.title === '' ? original : row.title;
  }

  return {
    id: row.id,
    row,
    title,
    titleRendered: renderTitle(title),
    status: row.status,
    url,
    attrTitle: stripAllTags(wptexturize(row.excerpt)),
    description: stripAllTags(wptexturize(wpTrimWords(row.content, 200))),
    type,
    typeLabel,
    object,
    objectId,
    parent: detail?.menuItemParent ?? 0,
    menuOrder: row.menuOrder,
    target: detail?.target ?? '',
    classes: decodeClassList(detail?.classes ?? '[]'),
    xfn: decodeClassList(detail?.xfn ?? '[]'),
    invalid,
    menuId: row.menuIds[0] ?? 0,
    linked,
  };
}

/**
 * Who may see and change navigation menus. WordPress lets anybody who can edit some REST-visible
 * post type read menus and menu items (check_has_read_only_access of the menus and menu items
 * controllers); changing them, and reading menu locations, needs edit_theme_options.
 */
import { POST_TYPES } from '../content/post-types';
import type { Viewer } from '../viewer';

export const MANAGE_MENUS = 'edit_theme_options';

/** check_has_read_only_access(): edit_theme_options, edit_posts, or the edit cap of any REST post type. */
export function hasMenuReadAccess(viewer: Viewer): boolean {
  if (viewer.can(MANAGE_MENUS) || viewer.can('edit_posts')) return true;
  return Object.values(POST_TYPES).some((type) => type.showInRest && viewer.can(type.caps.edit_posts));
}

/** The nav_menu taxonomy's manage/edit/delete/assign capability, and the menu items' edit_posts. */
export function canManageMenus(viewer: Viewer): boolean {
  return viewer.can(MANAGE_MENUS);
}

/**
 * get_available_actions() for menu items: publish_posts of nav_menu_item and the nav_menu
 * taxonomy's create/assign capabilities are all edit_theme_options.
 */
export function availableMenuItemActions(viewer: Viewer): string[] {
  const actions: string[] = [];
  if (viewer.can(MANAGE_MENUS)) actions.push('publish');
  if (viewer.can('unfiltered_html')) actions.push('unfiltered-html');
  if (viewer.can(MANAGE_MENUS)) actions.push('create-menus', 'assign-menus');
  return actions;
}

/**
 * WPGraphQL's rule (its Menu and MenuItem models' is_private): a menu shown at a theme location,
 * and its items, are public; any other menu only for those who may edit theme options.
 */
export function canSeeMenu(viewer: Viewer, menuId: number, assignments: Record<string, number>): boolean {
  if (canManageMenus(viewer)) return true;
  return menuId > 0 && Object.values(assignments).some((id) => Number(id) === menuId);
}

/** The menus a viewer may see under that rule: null for every menu. */
export function visibleMenuIds(viewer: Viewer, assignments: Record<string, number>): number[] | null {
  if (canManageMenus(viewer)) return null;
  return [...new Set(Object.values(assignments).map(Number).filter((id) => id > 0))];
}

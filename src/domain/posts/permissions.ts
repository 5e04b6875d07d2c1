/**
 * The posts controller's permission predicates (check_read_permission, check_update_permission,
 * check_delete_permission), on top of the meta capabilities of content/permissions.ts.
 */
import type { Content } from '../../generated/prisma-sqlite/client';
import { canDeleteContent, canEditContent, canEditOthersOfType, canPublishType, canReadContent } from '../content/permissions';
import type { SiteOptions } from '../settings/options';
import type { Viewer } from '../viewer';

type Row = Pick<Content, 'id' | 'type' | 'status' | 'authorId'>;

/** check_read_permission(): published, or readable by this viewer (read_post). */
export function canReadPost(viewer: Viewer, row: Row): boolean {
  return row.status === 'publish' || canReadContent(viewer, row);
}

/** check_update_permission(): edit_post. */
export function canEditPost(viewer: Viewer, row: Row): boolean {
  return canEditContent(viewer, row);
}

/**
 * check_delete_permission(): delete_post, which map_meta_cap also refuses for the static front
 * page and posts page unless the viewer can manage options.
 */
export function canDeletePost(viewer: Viewer, row: Row, options: Pick<SiteOptions, 'page_on_front' | 'page_for_posts'>): boolean {
  if (row.type === 'page' && (row.id === options.page_on_front || row.id === options.page_for_posts) && !viewer.can('manage_options')) return false;
  return canDeleteContent(viewer, row);
}

/**
 * Who may send `sticky: true`: create_item_permissions_check and update_item_permissions_check
 * refuse it only when the viewer can neither edit others' posts nor publish them.
 */
export function canStickPosts(viewer: Viewer, type: string): boolean {
  return canEditOthersOfType(viewer, type) || canPublishType(viewer, type);
}

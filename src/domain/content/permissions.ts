/**
 * WordPress's meta capabilities for content (map_meta_cap: read_post, edit_post, delete_post,
 * publish), mapped to the primitive capabilities of the record's post type. Every content
 * resource asks these, so REST and GraphQL cannot disagree.
 */
import type { Viewer } from '../viewer';
import { postType, type PostTypeDef } from './post-types';

export interface ContentRef {
  type: string;
  status: string;
  authorId: number;
}

function typeOf(record: { type: string }): PostTypeDef {
  const def = postType(record.type);
  if (!def) throw new Error(`unknown post type ${record.type}`);
  return def;
}

const PUBLISHED = new Set(['publish', 'future']);

export function canEditContent(viewer: Viewer, record: ContentRef): boolean {
  if (viewer.isAnonymous) return false;
  const caps = typeOf(record).caps;
  if (record.authorId === viewer.id) {
    return viewer.can(PUBLISHED.has(record.status) ? caps.edit_published_posts : caps.edit_posts) && viewer.can(caps.edit_posts);
  }
  if (!viewer.can(caps.edit_others_posts)) return false;
  if (PUBLISHED.has(record.status) && !viewer.can(caps.edit_published_posts)) return false;
  if (record.status === 'private' && !viewer.can(caps.edit_private_posts)) return false;
  return true;
}

export function canDeleteContent(viewer: Viewer, record: ContentRef): boolean {
  if (viewer.isAnonymous) return false;
  const caps = typeOf(record).caps;
  if (record.authorId === viewer.id) {
    return viewer.can(PUBLISHED.has(record.status) ? caps.delete_published_posts : caps.delete_posts);
  }
  if (!viewer.can(caps.delete_others_posts)) return false;
  if (PUBLISHED.has(record.status) && !viewer.can(caps.delete_published_posts)) return false;
  if (record.status === 'private' && !viewer.can(caps.delete_private_posts)) return false;
  return true;
}

/**
 * read_post as map_meta_cap maps it: published content is public; otherwise the author needs only
 * `read` (so an author still reads their own draft or trashed record), private content needs
 * read_private_posts, and every other status needs edit_post.
 */
export function canReadContent(viewer: Viewer, record: ContentRef): boolean {
  if (record.status === 'publish') return true;
  if (viewer.isAnonymous) return false;
  if (record.authorId === viewer.id) return viewer.can('read');
  if (record.status === 'private') return viewer.can(typeOf(record).caps.read_private_posts);
  return canEditContent(viewer, record);
}

export function canPublishType(viewer: Viewer, type: string): boolean {
  return viewer.can(typeOf({ type }).caps.publish_posts);
}

export function canCreateType(viewer: Viewer, type: string): boolean {
  return viewer.can(typeOf({ type }).caps.create_posts);
}

export function canEditOthersOfType(viewer: Viewer, type: string): boolean {
  return viewer.can(typeOf({ type }).caps.edit_others_posts);
}

export function canEditType(viewer: Viewer, type: string): boolean {
  return viewer.can(typeOf({ type }).caps.edit_posts);
}

export function canReadPrivateOfType(viewer: Viewer, type: string): boolean {
  return viewer.can(typeOf({ type }).caps.read_private_posts);
}

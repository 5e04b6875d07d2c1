/**
 * WPGraphQL's model visibility of a content record for a viewer (Model::get_visibility with
 * Model\Post's rules), as a rule of the domain: `private` records are not shown at all,
 * `restricted` ones only by the facts of RESTRICTED_FACTS (everything else answers null), and
 * `public` ones whole. The readers' read check (records.ts readError) comes first: these rules
 * only narrow what it lets through.
 */
import type { Content } from '../../generated/prisma-sqlite/client';
import { postType } from '../content/post-types';
import type { Viewer } from '../viewer';

type Row = Pick<Content, 'type' | 'status' | 'authorId' | 'password'>;

export type NodeVisibility = 'public' | 'restricted' | 'private';

/**
 * Model\Post::$allowed_restricted_fields, named as the record's facts: id, databaseId (and the
 * deprecated `<type>Id`), the rendered title (titleRendered), slug, status (post_status), the
 * post type (post_type), link, uri, hasPassword, isRestricted, isFrontPage, isPostsPage,
 * isPrivacyPage. (The enqueued asset queues are not served.)
 */
export const RESTRICTED_FACTS: ReadonlySet<string> = new Set([
  'id', 'databaseId', 'title', 'slug', 'status', 'type', 'link', 'uri',
  'hasPassword', 'isRestricted', 'isFrontPage', 'isPostsPage', 'isPrivacyPage',
]);

/**
 * Types is_private() does not judge by status: attachments and revisions follow their parent
 * (their sources check it), and the calendar's types are never private (ql-events' is_cpt_private).
 */
const NOT_BY_STATUS = new Set(['attachment', 'revision', 'tribe_events', 'tribe_venue', 'tribe_organizer']);

/**
 * Model\Post::get_restricted_cap(): the capability a viewer needs to see the whole record — edit
 * others' items for a password-protected one or a draft, pending or scheduled one, edit items for
 * a trashed one — or null when its state asks none.
 */
export function restrictedCapOf(row: Row): string | null {
  const caps = postType(row.type)?.caps;
  if (row.password !== '') return caps?.edit_others_posts ?? 'edit_others_posts';
  switch (row.status) {
    case 'trash':
      return caps?.edit_posts ?? 'edit_posts';
    case 'draft':
    case 'future':
    case 'pending':
      return caps?.edit_others_posts ?? 'edit_others_posts';
    default:
      return null;
  }
}

/** The record's author is the viewer (Model::owner_matches_current_user). */
function owns(viewer: Viewer, row: Row): boolean {
  return !viewer.isAnonymous && row.authorId > 0 && row.authorId === viewer.id;
}

/**
 * Model\Post::is_post_private() beyond the read check: an unpublished record of a type whose
 * items the viewer may not edit (no edit_posts) is private, even to its author or to a reader of
 * private items.
 */
export function isPrivateFor(viewer: Viewer, row: Row): boolean {
  if (row.status === 'publish' || NOT_BY_STATUS.has(row.type)) return false;
  const editPosts = postType(row.type)?.caps.edit_posts ?? 'edit_posts';
  return !viewer.can(editPosts);
}

/** Model::get_visibility() restricted branch: not the author, and lacking the record's restricted cap. */
export function isRestrictedFor(viewer: Viewer, row: Row): boolean {
  if (owns(viewer, row)) return false;
  const cap = restrictedCapOf(row);
  return cap !== null && !viewer.can(cap);
}

export function nodeVisibilityFor(viewer: Viewer, row: Row): NodeVisibility {
  if (isPrivateFor(viewer, row)) return 'private';
  return isRestrictedFor(viewer, row) ? 'restricted' : 'public';
}

/** Whether a fact of the record (see RESTRICTED_FACTS) may be shown to this viewer. */
export function showsFact(viewer: Viewer, row: Row, fact: string): boolean {
  return RESTRICTED_FACTS.has(fact) || !isRestrictedFor(viewer, row);
}

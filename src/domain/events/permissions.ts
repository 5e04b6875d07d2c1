/**
 * Who may do what with calendar records, as The Events Calendar's REST endpoints ask it:
 * edit_tribe_events & co. (mapped onto the posts primitives in content/post-types.ts) through
 * WordPress's meta capabilities, plus the archive rules (anonymous readers see published events
 * that are not hidden from listings).
 */
import type { Content } from '../../generated/prisma-sqlite/client';
import { canDeleteContent, canEditContent, canEditType, canPublishType, canReadContent } from '../content/permissions';
import type { Viewer } from '../viewer';
import { EVENT_TYPE } from './types';

type Row = Pick<Content, 'type' | 'status' | 'authorId'>;

/** `edit_posts` of the events type: writing anything of the calendar, seeing every status in lists. */
export function canEditEvents(viewer: Viewer): boolean {
  return canEditType(viewer, EVENT_TYPE);
}

/** The type's `edit_posts` for venues and organizers (can_create of their endpoints). */
export function canCreateOfType(viewer: Viewer, type: string): boolean {
  return canEditType(viewer, type);
}

/** `publish_posts` of the events type: TEC scales every calendar write's status with it. */
export function canPublishEvents(viewer: Viewer): boolean {
  return canPublishType(viewer, EVENT_TYPE);
}

/** read_post: published records are public, the rest needs the meta capability. */
export function canReadRecord(viewer: Viewer, row: Row): boolean {
  return row.status === 'publish' || canReadContent(viewer, row);
}

export function canEditRecord(viewer: Viewer, row: Row): boolean {
  return canEditContent(viewer, row);
}

export function canDeleteRecord(viewer: Viewer, row: Row): boolean {
  return canDeleteContent(viewer, row);
}

/**
 * Base::scale_back_post_status: publishers get what they ask for (or publish); others asking to
 * publish or schedule get pending; otherwise the request or draft.
 */
export function scaleBackStatus(viewer: Viewer, requested: string | undefined): string {
  if (canPublishEvents(viewer)) return requested || 'publish';
  if (requested === 'publish' || requested === 'future') return 'pending';
  return requested || 'draft';
}

/** Event categories are managed by whoever may publish events (manage_terms = publish_tribe_events). */
export function canManageEventTerms(viewer: Viewer, manageCapability: string): boolean {
  return canEditEvents(viewer) && viewer.can(manageCapability);
}

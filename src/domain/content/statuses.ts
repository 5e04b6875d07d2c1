/**
 * The post statuses WordPress registers (register_post_status in create_initial_post_types), with
 * the defaults register_post_status() fills in, and who may see them through the REST API
 * (WP_REST_Post_Statuses_Controller::check_read_permission): public statuses are visible to
 * everybody; the other non-internal ones and `trash` to anybody who can edit some REST-visible
 * post type; internal ones (auto-draft, inherit, request-*) to nobody.
 */
import type { DomainContext } from '../context';
import { DomainError, forbidden } from '../errors';
import type { Viewer } from '../viewer';
import { POST_TYPES } from './post-types';

export interface PostStatusDef {
  slug: string;
  label: string;
  public: boolean;
  protected: boolean;
  private: boolean;
  internal: boolean;
  /** publicly_queryable (REST: `queryable`). */
  queryable: boolean;
  /** show_in_admin_all_list (REST: `show_in_list`). */
  showInList: boolean;
  dateFloating: boolean;
}

type StatusFlags = Partial<Pick<PostStatusDef, 'public' | 'protected' | 'private' | 'internal' | 'dateFloating'>> & { showInList?: boolean };

/** register_post_status()'s defaults: no visibility flag at all means internal. */
function status(slug: string, label: string, flags: StatusFlags): PostStatusDef {
  const unset = flags.public === undefined && flags.internal === undefined && flags.protected === undefined && flags.private === undefined;
  const internal = unset ? true : (flags.internal ?? false);
  const isPublic = flags.public ?? false;
  return {
    slug,
    label,
    public: isPublic,
    protected: flags.protected ?? false,
    private: flags.private ?? false,
    internal,
    queryable: isPublic,
    showInList: flags.showInList ?? !internal,
    dateFloating: flags.dateFloating ?? false,
  };
}

/** In registration order. */
export const POST_STATUSES: readonly PostStatusDef[] = [
  status('publish', 'Published', { public: true }),
  status('future', 'Scheduled', { protected: true }),
  status('draft', 'Draft', { protected: true, dateFloating: true }),
  status('pending', 'Pending', { protected: true, dateFloating: true }),
  status('private', 'Private', { private: true }),
  status('trash', 'Trash', { internal: true }),
  status('auto-draft', 'auto-draft', { internal: true, dateFloating: true }),
  status('inherit', 'inherit', { internal: true }),
  status('request-pending', 'Pending', { internal: true }),
  status('request-confirmed', 'Confirmed', { internal: true }),
  status('request-failed', 'Failed', { internal: true }),
  status('request-completed', 'Completed', { internal: true }),
];

const BY_SLUG = new Map(POST_STATUSES.map((s) => [s.slug, s]));

export function postStatus(slug: string): PostStatusDef | undefined {
  return BY_SLUG.get(slug);
}

/** Whether the viewer can edit content of some REST-visible post type. */
export function canEditSomeRestType(viewer: Viewer): boolean {
  return Object.values(POST_TYPES).some((type) => type.showInRest && viewer.can(type.caps.edit_posts));
}

/** check_read_permission(). */
export function canSeeStatus(viewer: Viewer, def: PostStatusDef): boolean {
  if (def.public) return true;
  if (!def.internal || def.slug === 'trash') return canEditSomeRestType(viewer);
  return false;
}

/** get_items_permissions_check: `context=edit` needs edit rights on some REST-visible type. */
export function listStatusesPermissionError(viewer: Viewer, context: string | undefined): DomainError | null {
  if (context === 'edit' && !canEditSomeRestType(viewer)) {
    return forbidden('rest_cannot_view', 'Sorry, you are not allowed to manage post statuses.', viewer);
  }
  return null;
}

/** GET /statuses: the non-internal statuses plus trash, those the viewer may see. */
export function listStatuses(ctx: Pick<DomainContext, 'viewer'>, context?: string): PostStatusDef[] {
  const denied = listStatusesPermissionError(ctx.viewer, context);
  if (denied) throw denied;
  return POST_STATUSES.filter((s) => (!s.internal || s.slug === 'trash') && canSeeStatus(ctx.viewer, s));
}

/** GET /statuses/{status}: 404 rest_status_invalid, or 401/403 rest_cannot_read_status. */
export function getStatus(ctx: Pick<DomainContext, 'viewer'>, slug: string): PostStatusDef {
  const def = postStatus(slug);
  if (!def) throw new DomainError('rest_status_invalid', 'Invalid status.', 404);
  if (!canSeeStatus(ctx.viewer, def)) throw forbidden('rest_cannot_read_status', 'Cannot view status.', ctx.viewer);
  return def;
}

export function canListStatuses(viewer: Viewer, context: string | undefined): boolean {
  return listStatusesPermissionError(viewer, context) === null;
}

export function canReadStatus(viewer: Viewer, slug: string): boolean {
  const def = postStatus(slug);
  return !!def && canSeeStatus(viewer, def);
}

/**
 * Blocking user enumeration (Wordfence's `loginSec_disableAuthorScan`, jsonAPIAuthorFilter,
 * preventAuthorNScans and oembedAuthorFilter): readers who may not edit others' posts cannot list
 * users (401/403 `rest_user_cannot_view`), read another user than themselves (404
 * `rest_user_invalid_id`) or open author archives (the site's 404), and oEmbed answers name no
 * author; and, with `hideUserRoutesFromIndex` (ours), the REST index
 * does not print the user routes to anonymous readers.
 */
import type { DomainContext } from '../context';
import { authStatus, DomainError } from '../errors';
import type { Viewer } from '../viewer';
import { recordSecurityEvent } from './log';
import { securitySettingsOf } from './settings';

/** Who may still enumerate: editors and above (the plugin's `edit_others_posts` check). */
const mayEnumerate = (viewer: Viewer): boolean => viewer.can('edit_others_posts');

async function blocked(ctx: DomainContext): Promise<boolean> {
  if (mayEnumerate(ctx.viewer)) return false;
  return (await securitySettingsOf(ctx)).loginSec_disableAuthorScan;
}

function refuse(ctx: DomainContext, what: string, error: DomainError): never {
  // The refusal is the answer; its log entry must not hold it up or fail it.
  recordSecurityEvent(ctx.db, { type: 'user-enumeration-blocked', message: `User enumeration refused: ${what}.`, user: ctx.viewer.user?.login ?? null }).catch(() => undefined);
  throw error;
}

/** The users list (`GET /core/v2/users`). */
export async function assertMayListUsers(ctx: DomainContext): Promise<void> {
  if (await blocked(ctx)) refuse(ctx, 'users list', new DomainError('rest_user_cannot_view', 'Sorry, you are not allowed to list users.', authStatus(ctx.viewer)));
}

/** One user (`GET /core/v2/users/<id>`): only oneself. */
export async function assertMayReadUser(ctx: DomainContext, id: number): Promise<void> {
  if (ctx.viewer.id === id) return;
  if (await blocked(ctx)) refuse(ctx, `user ${id}`, new DomainError('rest_user_invalid_id', 'Invalid user ID.', 404));
}

/** Whether an author archive (`?author=N`, `/author/<slug>/`) is shown to this viewer. */
export async function mayOpenAuthorArchive(ctx: DomainContext): Promise<boolean> {
  return !(await blocked(ctx));
}

/** Whether oEmbed answers leave out the author's name and address (for everybody, as the plugin does). */
export async function hidesOEmbedAuthor(ctx: DomainContext): Promise<boolean> {
  return (await securitySettingsOf(ctx)).loginSec_disableAuthorScan;
}

/** Whether the REST index and namespace roots leave out the user routes for this viewer. */
export async function hidesUserRoutes(ctx: DomainContext): Promise<boolean> {
  if (!ctx.viewer.isAnonymous) return false;
  return (await securitySettingsOf(ctx)).hideUserRoutesFromIndex;
}

/** A user route of the REST index (`/core/v2/users`, `/core/v2/users/...`). */
export function isUserRoute(path: string): boolean {
  return /^\/core\/v2\/users(\/|$)/.test(path);
}

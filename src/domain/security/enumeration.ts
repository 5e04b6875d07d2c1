/**
 * Blocking user enumeration (Wordfence's `loginSec_disableAuthorScan`, jsonAPIAuthorFilter,
 * preventAuthorNScans and oembedAuthorFilter): readers who may not edit others' posts cannot list
 * users (401/403 `rest_user_cannot_view`), read another user than themselves (404
 * `rest_user_invalid_id`) or open author archives (the site's 404), and oEmbed answers name no
 * author; and, with `hideUserRoutesFromIndex` (ours), the REST index
 * does not print the user routes to anonymous readers.
 *
 * The users domain (src/domain/users/users.ts) asks these rules on every list and read, so REST
 * and GraphQL obey the same setting: REST answers the plugin's errors, GraphQL leaves the users
 * out (an empty `users` connection, a `null` user), as it does for any user the viewer may not see.
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

/** Requests (by their loader cache) whose refusal is logged already: one line per request, not per author shown. */
const loggedRequests = new WeakSet<object>();

function refuse(ctx: DomainContext, what: string, error: DomainError): never {
  if (!loggedRequests.has(ctx.loaders)) {
    loggedRequests.add(ctx.loaders);
    // The refusal is the answer; its log entry must not hold it up or fail it.
    recordSecurityEvent(ctx.db, { type: 'user-enumeration-blocked', message: `User enumeration refused: ${what}.`, user: ctx.viewer.user?.login ?? null }).catch(() => undefined);
  }
  throw error;
}

/** The users list (`GET /core/v2/users`, GraphQL's `users`). */
export async function assertMayListUsers(ctx: DomainContext): Promise<void> {
  if (await blocked(ctx)) refuse(ctx, 'users list', new DomainError('rest_user_cannot_view', 'Sorry, you are not allowed to list users.', authStatus(ctx.viewer)));
}

/** Whether the users list is open to this viewer (the refusal is logged as assertMayListUsers logs it). */
export async function mayListUsers(ctx: DomainContext): Promise<boolean> {
  try {
    await assertMayListUsers(ctx);
    return true;
  } catch (error) {
    if (error instanceof DomainError) return false;
    throw error;
  }
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

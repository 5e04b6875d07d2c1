/**
 * Application passwords of a user, as WP_REST_Application_Passwords_Controller and
 * WP_Application_Passwords manage them. Every operation maps to edit_user on the owner
 * (map_meta_cap: create/list/read/edit/delete_app_password(s)): users manage their own, users with
 * edit_users manage everybody's. Only a hash is stored; the plain password is returned once, by
 * create.
 */
import { randomUUID } from 'node:crypto';
import type { ApplicationPassword, User } from '../../generated/prisma-sqlite/client';
import { sanitizeTextField } from '../text';
import type { DomainContext } from '../context';
import { DomainError, forbidden } from '../errors';
import { readOptions } from '../settings/options';
import { chunkApplicationPassword, generateApplicationPassword, hashApplicationPassword } from './passwords';
import { canEditUserRecord, loadUserOrFail } from './users';

/** A user id, or `me` for the viewer. */
export type UserRef = number | 'me';

export type ApplicationPasswordOperation = 'list' | 'read' | 'create' | 'edit' | 'delete' | 'delete_all';

export interface OwnedApplicationPassword {
  user: User;
  item: ApplicationPassword;
}

export interface CreatedApplicationPassword extends OwnedApplicationPassword {
  /** The new password in WordPress's display form ("abcd efgh …"); never stored, shown once. */
  password: string;
}

/** A viewer that knows which application password authenticated the request (see the report). */

const DENIED: Record<ApplicationPasswordOperation, [string, string]> = {
  list: ['rest_cannot_list_application_passwords', 'Sorry, you are not allowed to list application passwords for this user.'],
  read: ['rest_cannot_read_application_password', 'Sorry, you are not allowed to read this application password.'],
  create: ['rest_cannot_create_application_passwords', 'Sorry, you are not allowed to create application passwords for this user.'],
  edit: ['rest_cannot_edit_application_password', 'Sorry, you are not allowed to edit this application password.'],
  delete: ['rest_cannot_delete_application_password', 'Sorry, you are not allowed to delete this application password.'],
  delete_all: ['rest_cannot_delete_application_passwords', 'Sorry, you are not allowed to delete application passwords for this user.'],
};

/** The controller's get_user(): application passwords must be on, `me` needs a login, the user must exist. */
export async function applicationPasswordOwner(ctx: DomainContext, ref: UserRef): Promise<User> {
  const options = await readOptions(ctx.db);
  if (!options.application_passwords_enabled) {
    throw new DomainError('application_passwords_disabled', 'Application passwords are not available.', 501);
  }
  if (ref === 'me') {
    if (ctx.viewer.isAnonymous) throw new DomainError('rest_not_logged_in', 'You are not currently logged in.', 401);
    return loadUserOrFail(ctx, ctx.viewer.id);
  }
  return loadUserOrFail(ctx, ref);
}

/** The permission check of each endpoint: the owner, then edit_user on them. */
export async function assertCanManageApplicationPasswords(ctx: DomainContext, ref: UserRef, operation: ApplicationPasswordOperation): Promise<User> {
  const user = await applicationPasswordOwner(ctx, ref);
  if (!canEditUserRecord(ctx.viewer, user.id)) {
    const [code, message] = DENIED[operation];
    throw forbidden(code, message, ctx.viewer);
  }
  return user;
}

export async function canManageApplicationPasswords(ctx: DomainContext, ref: UserRef): Promise<boolean> {
  try {
    await assertCanManageApplicationPasswords(ctx, ref, 'list');
    return true;
  } catch (error) {
    if (error instanceof DomainError) return false;
    throw error;
  }
}

function notFound(): DomainError {
  return new DomainError('rest_application_password_not_found', 'Application password not found.', 404);
}

async function findItem(ctx: DomainContext, userId: number, uuid: string): Promise<ApplicationPassword> {
  const item = await ctx.db.read.applicationPassword.findFirst({ where: { uuid, userId } });
  if (!item) throw notFound();
  return item;
}

/** WP_Application_Passwords keeps names as sanitize_text_field() leaves them. */
function cleanName(name: unknown): string {
  return name === undefined || name === null ? '' : sanitizeTextField(name);
}

/** GET …/application-passwords: the user's passwords, oldest first. */
export async function listApplicationPasswords(ctx: DomainContext, ref: UserRef): Promise<{ user: User; items: ApplicationPassword[] }> {
  const user = await assertCanManageApplicationPasswords(ctx, ref, 'list');
  const items = await ctx.db.read.applicationPassword.findMany({ where: { userId: user.id }, orderBy: [{ createdAt: 'asc' }, { uuid: 'asc' }] });
  return { user, items };
}

/** GET …/application-passwords/{uuid}. */
export async function getApplicationPassword(ctx: DomainContext, ref: UserRef, uuid: string): Promise<OwnedApplicationPassword> {
  const user = await assertCanManageApplicationPasswords(ctx, ref, 'read');
  return { user, item: await findItem(ctx, user.id, uuid) };
}

/**
 * POST …/application-passwords: a new password named `name` (unique per user, ignoring case);
 * `appId` is an optional UUID the application identifies itself with.
 */
export async function createApplicationPassword(ctx: DomainContext, ref: UserRef, input: { name: string; appId?: string }): Promise<CreatedApplicationPassword> {
  const user = await assertCanManageApplicationPasswords(ctx, ref, 'create');
  const name = cleanName(input.name);
  if (!name) throw new DomainError('application_password_empty_name', 'An application name is required to create an application password.', 400);
  const password = generateApplicationPassword();
  const item = await ctx.db.prisma.$transaction(async (tx) => {
    const existing = await tx.applicationPassword.findMany({ where: { userId: user.id }, select: { name: true } });
    if (existing.some((other) => other.name.toLowerCase() === name.toLowerCase())) {
      throw new DomainError('application_password_duplicate_name', 'Each application name should be unique.', 409);
    }
    return tx.applicationPassword.create({
      data: { uuid: randomUUID(), userId: user.id, name, appId: input.appId ?? '', passwordHash: hashApplicationPassword(password) },
    });
  });
  return { user, item, password: chunkApplicationPassword(password) };
}

/** POST/PUT/PATCH …/application-passwords/{uuid}: only the name can change (an empty one is ignored). */
export async function updateApplicationPassword(ctx: DomainContext, ref: UserRef, uuid: string, input: { name?: string }): Promise<OwnedApplicationPassword> {
  const user = await assertCanManageApplicationPasswords(ctx, ref, 'edit');
  const item = await findItem(ctx, user.id, uuid);
  const name = cleanName(input.name);
  if (!name || name === item.name) return { user, item };
  const updated = await ctx.db.prisma.$transaction(async (tx) => {
    const { count } = await tx.applicationPassword.updateMany({ where: { uuid: item.uuid, userId: user.id }, data: { name } });
    if (count === 0) throw notFound();
    return tx.applicationPassword.findUniqueOrThrow({ where: { uuid: item.uuid } });
  });
  return { user, item: updated };
}

/** DELETE …/application-passwords/{uuid}: returns the password as it was. */
export async function deleteApplicationPassword(ctx: DomainContext, ref: UserRef, uuid: string): Promise<OwnedApplicationPassword> {
  const user = await assertCanManageApplicationPasswords(ctx, ref, 'delete');
  const item = await findItem(ctx, user.id, uuid);
  const { count } = await ctx.db.prisma.applicationPassword.deleteMany({ where: { uuid: item.uuid, userId: user.id } });
  if (count === 0) throw notFound();
  return { user, item };
}

/** DELETE …/application-passwords: every password of the user; returns how many there were. */
export async function deleteAllApplicationPasswords(ctx: DomainContext, ref: UserRef): Promise<{ user: User; count: number }> {
  const user = await assertCanManageApplicationPasswords(ctx, ref, 'delete_all');
  const { count } = await ctx.db.prisma.applicationPassword.deleteMany({ where: { userId: user.id } });
  return { user, count };
}

/** get_current_item_permissions_check: only the authenticated user's own password can be introspected. */
export async function assertCanIntrospectApplicationPassword(ctx: DomainContext, ref: UserRef): Promise<User> {
  const user = await applicationPasswordOwner(ctx, ref);
  if (ctx.viewer.isAnonymous || ctx.viewer.id !== user.id) {
    throw forbidden('rest_cannot_introspect_app_password_for_non_authenticated_user', 'The authenticated Application Password can only be introspected for the current user.', ctx.viewer);
  }
  return user;
}

export async function canIntrospectApplicationPassword(ctx: DomainContext, ref: UserRef): Promise<boolean> {
  try {
    await assertCanIntrospectApplicationPassword(ctx, ref);
    return true;
  } catch (error) {
    if (error instanceof DomainError) return false;
    throw error;
  }
}

/** GET …/application-passwords/introspect: the password that authenticated this request. */
export async function introspectApplicationPassword(ctx: DomainContext, ref: UserRef): Promise<OwnedApplicationPassword> {
  const user = await assertCanIntrospectApplicationPassword(ctx, ref);
  const uuid = ctx.viewer.applicationPasswordUuid;
  if (!uuid) throw new DomainError('rest_no_authenticated_app_password', 'Cannot introspect Application Password.', 404);
  const item = await ctx.db.read.applicationPassword.findFirst({ where: { uuid, userId: user.id } });
  if (!item) throw new DomainError('rest_application_password_not_found', 'Application password not found.', 500);
  return { user, item };
}

/**
 * Open registration (wp-login.php?action=register, WPGraphQL's registerUser): allowed only when
 * the site's users_can_register option is on; the account gets the site's default role, and a
 * generated password when none is given (WordPress mails a reset link instead).
 */
import { randomBytes } from 'node:crypto';
import type { User } from '../../generated/prisma-sqlite/client';
import type { DomainContext } from '../context';
import { DomainError } from '../errors';
import { siteOptionsOf } from '../settings/options';
import { insertUser, type UserChanges } from './users';

export type Registration = Omit<UserChanges, 'roles'> & { username: string; email?: string };

export async function registerUser(ctx: DomainContext, input: Registration): Promise<User> {
  const options = await siteOptionsOf(ctx);
  if (!options.users_can_register) throw new DomainError('registration_disabled', 'User registration is currently not allowed.', 403);
  if (!input.email) throw new DomainError('empty_email', 'Please type your email address.', 400);
  const password = input.password || randomBytes(18).toString('base64url');
  return insertUser(ctx, { ...input, email: input.email, password, roles: [options.default_role] });
}

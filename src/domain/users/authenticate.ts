/**
 * HTTP Basic authentication with application passwords, as wp_authenticate_application_password
 * does. WordPress 7.1 silently degrades a wrong password to an anonymous request; we answer 401
 * with WordPress's own error codes instead (a deliberate difference, see the README).
 */
import type { Database } from '../../db/client';
import type { User } from '../../generated/prisma-sqlite/client';
import { DomainError } from '../errors';
import { securityGuardFor } from '../security/guard';
import { readOptions } from '../settings/options';
import { verifyApplicationPassword } from './passwords';

const USAGE_RECORD_INTERVAL_MS = 24 * 60 * 60 * 1000;

export interface BasicCredentials {
  login: string;
  password: string;
}

/** Decodes an `Authorization: Basic ...` header; null when the header is absent or not Basic. */
export function parseBasicAuthorization(header: string | undefined): BasicCredentials | null | DomainError {
  if (!header) return null;
  const match = /^Basic\s+(\S+)\s*$/i.exec(header);
  if (!match) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon === -1) return new DomainError('rest_invalid_authorization', 'The Authorization header is not valid Basic credentials.', 401);
  return { login: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

export async function authenticateApplicationPassword(db: Database, credentials: BasicCredentials, ip: string | undefined): Promise<{ user: User; applicationPasswordUuid: string }> {
  const options = await readOptions(db);
  if (!options.application_passwords_enabled) {
    throw new DomainError('application_passwords_disabled', 'Application passwords are not available.', 401);
  }
  const byEmail = credentials.login.includes('@');
  // Two prepared statements rather than one `include` (which only Prisma answers, ~0.3 ms a call):
  // every authenticated request pays this.
  const user = await db.read.user.findFirst({
    where: byEmail ? { OR: [{ login: credentials.login }, { email: credentials.login }] } : { login: credentials.login },
  });
  // Brute-force protection (the security settings): a locked-out address or account is refused
  // even with the right password, and every failure is counted.
  const guard = securityGuardFor(db);
  await guard?.assertLoginAllowed(ip, user?.login ?? null);
  if (!user) {
    await guard?.loginFailed(ip, credentials.login, null);
    throw byEmail
      ? new DomainError('invalid_email', 'Unknown email address. Check again or try your username.', 401)
      : new DomainError('invalid_username', `The username ${credentials.login} is not registered on this site. If you are unsure of your username, try your email address instead.`, 401);
  }
  const passwords = await db.read.applicationPassword.findMany({ where: { userId: user.id } });
  const item = passwords.find((p) => verifyApplicationPassword(credentials.password, p.passwordHash));
  if (!item) {
    await guard?.loginFailed(ip, credentials.login, user.login);
    throw new DomainError('incorrect_password', 'The provided password is an invalid application password.', 401);
  }
  const now = new Date();
  if (!item.lastUsedAt || now.getTime() - item.lastUsedAt.getTime() > USAGE_RECORD_INTERVAL_MS || item.lastIp !== (ip ?? null)) {
    // Recorded at most daily (or when the address changes), as WordPress does, to keep reads cheap.
    await db.prisma.applicationPassword.update({ where: { uuid: item.uuid }, data: { lastUsedAt: now, lastIp: ip ?? null } });
  }
  return { user, applicationPasswordUuid: item.uuid };
}

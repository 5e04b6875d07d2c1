/**
 * Signing in with an account password (wp_authenticate): by login or e-mail address. Every failure
 * earns WordPress's one generic error, whether or not the account exists, and an unknown account
 * costs the same scrypt as a known one. Repeated failures from one address for one login are
 * refused for a while (WordPress leaves that to plugins; it is cheap here).
 */
import { createHash } from 'node:crypto';
import type { Database } from '../../db/client';
import type { User } from '../../generated/prisma-sqlite/client';
import { DomainError } from '../errors';
import { securityGuardFor } from '../security/guard';
import { hashPassword, verifyPassword } from './passwords';

/** Failures allowed per (address, login) within the window before sign-ins are refused. */
export const MAX_FAILED_SIGN_INS = 5;
export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;

export interface SignInInput {
  login: string;
  password: string;
  ip: string | undefined;
}

const authenticationFailed = (): DomainError => new DomainError('authentication_failed', 'Error: Invalid username, email address or incorrect password.', 401);

const throttleKey = (ip: string | undefined, login: string): string => createHash('sha256').update(`${ip ?? ''}|${login.trim().toLowerCase()}`).digest('hex');

/** A hash to verify against when the account does not exist, so both cases take as long. */
let decoy: Promise<string> | undefined;
const decoyHash = (): Promise<string> => (decoy ??= hashPassword('decoy password for unknown accounts'));

async function assertNotThrottled(db: Database, key: string, now: Date): Promise<void> {
  const row = await db.read.loginThrottle.findFirst({ where: { key } });
  if (row && row.failures >= MAX_FAILED_SIGN_INS && now.getTime() - row.windowStart.getTime() < SIGN_IN_WINDOW_MS) {
    throw new DomainError('too_many_failed_sign_ins', 'Too many failed sign-in attempts. Please try again later.', 429);
  }
}

async function recordFailure(db: Database, key: string, now: Date): Promise<void> {
  await db.prisma.$transaction(async (tx) => {
    const row = await tx.loginThrottle.findUnique({ where: { key } });
    if (!row || now.getTime() - row.windowStart.getTime() >= SIGN_IN_WINDOW_MS) {
      await tx.loginThrottle.upsert({ where: { key }, create: { key, failures: 1, windowStart: now }, update: { failures: 1, windowStart: now } });
    } else {
      await tx.loginThrottle.update({ where: { key }, data: { failures: { increment: 1 } } });
    }
  });
}

/** The account the credentials open, or `authentication_failed` (401) / `too_many_failed_sign_ins` (429). */
export async function signIn(db: Database, input: SignInInput, now: Date = new Date()): Promise<User> {
  const login = input.login.trim();
  if (!login || !input.password) throw authenticationFailed();
  const key = throttleKey(input.ip, login);
  await assertNotThrottled(db, key, now);
  const user = await db.read.user.findFirst({ where: login.includes('@') ? { OR: [{ login }, { email: login }] } : { login } });
  // The site's brute-force protection (the security settings) comes on top of this throttle.
  const guard = securityGuardFor(db);
  await guard?.assertLoginAllowed(input.ip, user?.login ?? null);
  const valid = await verifyPassword(input.password, user?.passwordHash ?? (await decoyHash()));
  if (!user || !valid) {
    await recordFailure(db, key, now);
    await guard?.loginFailed(input.ip, login, user?.login ?? null);
    throw authenticationFailed();
  }
  await db.prisma.loginThrottle.deleteMany({ where: { key } });
  return user;
}

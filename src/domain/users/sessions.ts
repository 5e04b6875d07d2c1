/**
 * Browser sessions of the sign-in pages. The cookie carries 32 random bytes; the database keeps
 * only their SHA-256, so a leaked table opens no session. The CSRF token of a form is an HMAC of the
 * session id: bound to the session, unguessable without the cookie, and nothing more to store.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Database } from '../../db/client';
import type { User } from '../../generated/prisma-sqlite/client';

/** A signed-in session lasts two days, as WordPress's auth cookie without "remember me". */
export const SIGNED_IN_TTL_MS = 2 * 24 * 60 * 60 * 1000;
/** A session before sign-in only carries the sign-in form's CSRF token. */
export const ANONYMOUS_TTL_MS = 60 * 60 * 1000;

export interface Session {
  /** The cookie value (never stored). */
  id: string;
  user: User | null;
  expiresAt: Date;
}

const hashId = (id: string): string => createHash('sha256').update(id).digest('hex');

/** A cookie value we could have issued: 43 base64url characters. */
const isWellFormedId = (id: string): boolean => /^[A-Za-z0-9_-]{43}$/.test(id);

export async function createSession(db: Database, user: User | null, now: Date = new Date()): Promise<Session> {
  const id = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + (user ? SIGNED_IN_TTL_MS : ANONYMOUS_TTL_MS));
  // Expired sessions go as new ones come, so the table stays the size of the live ones.
  await db.prisma.loginSession.deleteMany({ where: { expiresAt: { lt: now } } });
  await db.prisma.loginSession.create({ data: { idHash: hashId(id), userId: user?.id ?? null, expiresAt } });
  return { id, user, expiresAt };
}

/** The live session a cookie names, with its user (null when signed out); null if none. */
export async function findSession(db: Database, id: string | undefined, now: Date = new Date()): Promise<Session | null> {
  if (!id || !isWellFormedId(id)) return null;
  const row = await db.read.loginSession.findFirst({ where: { idHash: hashId(id) } });
  if (!row || row.expiresAt.getTime() <= now.getTime()) return null;
  if (row.userId === null) return { id, user: null, expiresAt: row.expiresAt };
  const user = await db.read.user.findFirst({ where: { id: row.userId } });
  // A deleted account ends its sessions.
  if (!user) return null;
  return { id, user, expiresAt: row.expiresAt };
}

export async function endSession(db: Database, id: string): Promise<void> {
  await db.prisma.loginSession.deleteMany({ where: { idHash: hashId(id) } });
}

/**
 * Signing in ends the anonymous session and starts a new one under a new id, so an id planted
 * before sign-in (session fixation) is worth nothing after it.
 */
export async function signInSession(db: Database, previous: Session | null, user: User): Promise<Session> {
  if (previous) await endSession(db, previous.id);
  return createSession(db, user);
}

/** The CSRF token of a form shown to this session, for one action (WordPress's nonce action). */
export function csrfToken(session: Session, action: string): string {
  return createHmac('sha256', session.id).update(`csrf|${action}`).digest('base64url');
}

export function verifyCsrfToken(session: Session | null, action: string, presented: unknown): boolean {
  if (!session || typeof presented !== 'string') return false;
  const expected = Buffer.from(csrfToken(session, action));
  const actual = Buffer.from(presented);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * WordPress's post password cookie (`wp-postpass_<md5(site url)>`), signed: its value is an HMAC of
 * the password under a secret only the server knows, so it proves that the visitor typed the
 * password and cannot be made without it (WordPress stores a phpass hash of the password, which
 * anyone can compute). One cookie for the site, holding the last password entered, as in WordPress;
 * a protected post opens when the cookie matches its current password.
 *
 * The secret is one row of the options table (not a site option: never listed by /settings), made
 * by the first password submission and shared by every instance on the database.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Database } from '../db/client';

const SECRET_OPTION = 'postpass_secret';
/** WordPress keeps the cookie ten days. */
export const POSTPASS_MAX_AGE = 10 * 24 * 60 * 60;
const VERSION = 'v1.';

/** The secret per database (it never changes once made). */
const secrets = new WeakMap<object, Buffer>();

/** The cookie's name: `wp-postpass_` and COOKIEHASH (md5 of the site address). */
export function postpassCookieName(siteUrl: string): string {
  return `wp-postpass_${createHash('md5').update(siteUrl).digest('hex')}`;
}

/** The stored secret, read through the request's tracked reads; null before the first submission. */
export async function readSecret(base: Database, reads: Database['read']): Promise<Buffer | null> {
  const known = secrets.get(base);
  if (known) return known;
  const rows = await reads.option.findMany({ where: { name: { in: [SECRET_OPTION] } } });
  const row = rows.find((r) => r.name === SECRET_OPTION);
  if (!row || !/^[0-9a-f]{64}$/.test(row.value)) return null;
  const secret = Buffer.from(row.value, 'hex');
  secrets.set(base, secret);
  return secret;
}

/** The secret, made now when there is none yet (a second instance racing us keeps the first one written). */
export async function ensureSecret(db: Database): Promise<Buffer> {
  const existing = await readSecret(db, db.read);
  if (existing) return existing;
  await db.prisma.option.upsert({ where: { name: SECRET_OPTION }, create: { name: SECRET_OPTION, value: randomBytes(32).toString('hex') }, update: {} });
  const made = await readSecret(db, db.read);
  if (!made) throw new Error('the post password secret could not be stored');
  return made;
}

const sign = (secret: Buffer, password: string): string => VERSION + createHmac('sha256', secret).update(`postpass\u0000${password}`).digest('base64url');

/** The cookie value proving `password` was entered. */
export function postpassValue(secret: Buffer, password: string): string {
  return sign(secret, password);
}

/** Whether the cookie value proves the record's password (`password` non-empty). */
export function unlocks(secret: Buffer | null, cookie: string | undefined, password: string): boolean {
  if (!secret || !cookie || password === '') return false;
  const expected = Buffer.from(sign(secret, password));
  const given = Buffer.from(cookie);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** One cookie's value from a Cookie header. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq !== -1 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

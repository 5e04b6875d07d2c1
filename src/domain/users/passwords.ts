/**
 * Password hashing. Account passwords are chosen by people, so they get scrypt (slow, salted).
 * Application passwords are 24 random characters (~142 bits), so a keyed fast hash is enough and
 * keeps authenticated requests cheap, as WordPress's wp_fast_hash does for them.
 */
import { createHash, randomBytes, randomInt, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(scryptCallback) as (password: string, salt: Buffer, keylen: number, options: { N: number; r: number; p: number }) => Promise<Buffer>;
const SCRYPT = { N: 16384, r: 8, p: 1 };
const KEY_LENGTH = 32;

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEY_LENGTH, SCRYPT);
  return `scrypt$${SCRYPT.N}$${SCRYPT.r}$${SCRYPT.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await scrypt(password, Buffer.from(salt, 'base64'), expected.length, { N: Number(n), r: Number(r), p: Number(p) });
  return timingSafeEqual(actual, expected);
}

const ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** A new application password: 24 letters and digits, as wp_generate_password(24, false). */
export function generateApplicationPassword(): string {
  let out = '';
  for (let i = 0; i < 24; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}

/** WordPress shows application passwords in groups of four: "abcd efgh ijkl mnop qrst uvwx". */
export function chunkApplicationPassword(password: string): string {
  return password.replace(/(.{4})(?!$)/g, '$1 ');
}

/** Spaces and other separators are ignored when an application password is presented. */
export function normaliseApplicationPassword(presented: string): string {
  return presented.replace(/[^a-z\d]/gi, '');
}

export function hashApplicationPassword(password: string): string {
  return 'sha256$' + createHash('sha256').update(normaliseApplicationPassword(password)).digest('hex');
}

export function verifyApplicationPassword(presented: string, stored: string): boolean {
  const actual = Buffer.from(hashApplicationPassword(presented));
  const expected = Buffer.from(stored);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * Secrets kept at rest: AES-256-GCM with a key from the deployment's environment (SEO_SECRET_KEY
 * for the keyphrase service's OAuth tokens, SECURITY_SECRET_KEY for the security pairing's site
 * secret and key pair), a fresh 12-byte nonce per seal, and a purpose string as associated data so
 * that a sealed value cannot be moved to another slot. Sealed text: `v1.<base64 nonce|tag|ciphertext>`.
 * Passwords are not here: they are hashed.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 'v1.';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

export function seal(key: Buffer, purpose: string, plaintext: string): string {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  cipher.setAAD(Buffer.from(purpose, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return VERSION + Buffer.concat([nonce, cipher.getAuthTag(), body]).toString('base64');
}

/** The plaintext, or null when the value was not sealed with this key for this purpose (or was altered). */
export function unseal(key: Buffer, purpose: string, sealed: string): string | null {
  if (!sealed.startsWith(VERSION)) return null;
  const raw = Buffer.from(sealed.slice(VERSION.length), 'base64');
  if (raw.length < NONCE_BYTES + TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, NONCE_BYTES));
    decipher.setAAD(Buffer.from(purpose, 'utf8'));
    decipher.setAuthTag(raw.subarray(NONCE_BYTES, NONCE_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(raw.subarray(NONCE_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/**
 * Ed25519 with Node's own crypto, in the raw forms libsodium (and so the plugin and its dashboard)
 * exchange: a 32-byte public key and a 64-byte detached signature, both as hex.
 */
import { createPublicKey, generateKeyPairSync, verify, type KeyObject } from 'node:crypto';

const PUBLIC_KEY_HEX = /^[0-9a-f]{64}$/i;
const SIGNATURE_HEX = /^[0-9a-f]{128}$/i;

export function isPublicKeyHex(text: unknown): text is string {
  return typeof text === 'string' && PUBLIC_KEY_HEX.test(text);
}

function publicKeyObject(raw: Buffer): KeyObject {
  return createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: raw.toString('base64url') }, format: 'jwk' });
}

/** Whether `signatureHex` is a valid signature of `data` by the holder of `publicKey` (raw 32 bytes). */
export function verifyDetached(publicKey: Buffer, data: string, signatureHex: unknown): boolean {
  if (publicKey.length !== 32 || typeof signatureHex !== 'string' || !SIGNATURE_HEX.test(signatureHex)) return false;
  try {
    return verify(null, Buffer.from(data, 'utf8'), publicKeyObject(publicKey), Buffer.from(signatureHex, 'hex'));
  } catch {
    // A point that is not on the curve.
    return false;
  }
}

export interface SiteKeyPair {
  /** Raw public key, hex (what premium-connect answers). */
  publicKeyHex: string;
  /** PKCS#8 DER of the private key, base64 (kept sealed). */
  privateKeyPkcs8: string;
}

export function generateKeyPair(): SiteKeyPair {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const x = publicKey.export({ format: 'jwk' }).x;
  if (typeof x !== 'string') throw new Error('Ed25519 public key without x');
  return {
    publicKeyHex: Buffer.from(x, 'base64url').toString('hex'),
    privateKeyPkcs8: privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'),
  };
}

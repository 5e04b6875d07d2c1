/**
 * The site's secret: 32 random bytes, made once per site (the first instance to need it wins; the
 * others read its row), kept in the options table sealed with SECURITY_SECRET_KEY. It keys the
 * authenticate nonces (the plugin's wp_salt('nonce')) and signs the tokens (wp_salt('auth')), so
 * every instance on the database issues and accepts the same ones.
 */
import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/client';
import { seal, unseal } from '../secret-box';

const OPTION = 'security_site_secret';
const PURPOSE = 'security.site_secret';

/**
 * The secret, made on first use. One sealed with another key (SECURITY_SECRET_KEY was changed) is
 * replaced: the tokens it signed die with it, and the pairing's sealed key pair cannot be opened
 * either, so the dashboard pairs again.
 */
export async function siteSecret(db: Database, key: Buffer): Promise<Buffer> {
  const stored = await readRow(db);
  const current = stored === null ? null : open(key, stored);
  if (current) return current;
  const sealed = seal(key, PURPOSE, randomBytes(32).toString('base64'));
  // Made by whichever request needs it first, GET /authenticate included.
  const writer = db.untracked('the site secret is made on first use, by a read too');
  try {
    if (stored === null) await writer.option.create({ data: { name: OPTION, value: sealed } });
    else await writer.option.updateMany({ where: { name: OPTION, value: stored }, data: { value: sealed } });
  } catch {
    // Another instance made it at the same moment: theirs is the one (read below).
  }
  const winner = await readRow(db);
  const secret = winner === null ? null : open(key, winner);
  if (!secret) throw new Error('the site secret could not be stored');
  return secret;
}

async function readRow(db: Database): Promise<string | null> {
  const rows = await db.read.option.findMany({ where: { name: OPTION } });
  return rows[0]?.value ?? null;
}

function open(key: Buffer, sealed: string): Buffer | null {
  const text = unseal(key, PURPOSE, sealed);
  if (text === null) return null;
  const secret = Buffer.from(text, 'base64');
  return secret.length === 32 ? secret : null;
}

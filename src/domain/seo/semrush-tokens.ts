/**
 * Where the keyphrase service's tokens live: the wpseo option's `semrush_tokens` key (Yoast's
 * place for them), sealed with SEO_SECRET_KEY (src/domain/secret-box.ts), so the database never holds them
 * in clear. A value that does not open with the current key (the key was changed) reads as no
 * tokens: the site must connect again.
 */
import type { SeoConfig } from '../../config';
import type { Database, Prisma, PrismaClient } from '../../db/client';
import type { KeyphraseTokens } from './semrush-client';
import { readSeoOption, writeSeoOption } from './options';
import { seal, unseal } from '../secret-box';

const PURPOSE = 'wpseo.semrush_tokens';

function parse(text: string | null): KeyphraseTokens | null {
  if (text === null) return null;
  try {
    const value = JSON.parse(text) as Partial<KeyphraseTokens>;
    if (typeof value.access_token !== 'string' || typeof value.refresh_token !== 'string' || typeof value.expires !== 'number' || typeof value.created_at !== 'number') return null;
    return { access_token: value.access_token, refresh_token: value.refresh_token, expires: value.expires, created_at: value.created_at };
  } catch {
    return null;
  }
}

export async function readKeyphraseTokens(db: Database, config: SeoConfig): Promise<KeyphraseTokens | null> {
  const sealed = (await readSeoOption(db, 'wpseo')).semrush_tokens;
  if (!config.secretKey || typeof sealed !== 'string' || sealed === '') return null;
  return parse(unseal(config.secretKey, PURPOSE, sealed));
}

export async function storeKeyphraseTokens(tx: PrismaClient | Prisma.TransactionClient, key: Buffer, tokens: KeyphraseTokens): Promise<void> {
  await writeSeoOption(tx, 'wpseo', { semrush_tokens: seal(key, PURPOSE, JSON.stringify(tokens)) });
}

/** SEMrush_Token::has_expired(). */
export function hasExpired(tokens: KeyphraseTokens, now: number): boolean {
  return tokens.expires <= now;
}

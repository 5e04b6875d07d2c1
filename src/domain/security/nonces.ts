/**
 * The authenticate nonces. The plugin's nonce is an HMAC-SHA256 of the current 10-minute tick keyed
 * by the site secret, so any instance recomputes the one another issued. Ours works once, so one
 * per tick would allow one authentication per ten minutes: each GET draws 16 random bytes and
 * appends the first 16 bytes of HMAC-SHA256(site secret, `<tick>|<random>`), which keeps the
 * plugin's form (64 hex digits) and lets any instance check it with no state. A nonce is accepted
 * in its tick and the next; its use is a row whose primary key is the nonce, so a replay fails on
 * every instance sharing the database.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Database } from '../../db/client';

export const NONCE_TICK_SECONDS = 600;
const NONCE_HEX = /^[0-9a-f]{64}$/i;
const HALF = 16;

function tickOf(now: number): number {
  return Math.ceil(now / 1000 / NONCE_TICK_SECONDS);
}

function mac(secret: Buffer, tick: number, random: Buffer): Buffer {
  return createHmac('sha256', secret).update(`${tick}|${random.toString('hex')}|security-rest-api-auth`).digest().subarray(0, HALF);
}

export function issueNonce(secret: Buffer, now = Date.now()): string {
  const random = randomBytes(HALF);
  return Buffer.concat([random, mac(secret, tickOf(now), random)]).toString('hex');
}

export function isNonceFormat(text: string): boolean {
  return NONCE_HEX.test(text);
}

/** Whether `nonce` was issued by this site in this tick or the previous one (compared in constant time). */
export function isLiveNonce(secret: Buffer, nonce: string, now = Date.now()): boolean {
  if (!isNonceFormat(nonce)) return false;
  const raw = Buffer.from(nonce, 'hex');
  const random = raw.subarray(0, HALF);
  const given = raw.subarray(HALF);
  const tick = tickOf(now);
  return [tick, tick - 1].some((t) => timingSafeEqual(mac(secret, t, random), given));
}

/**
 * Uses the nonce up: true the first time, false when any instance already used it. Rows older than
 * any live nonce go on the way.
 */
export async function consumeNonce(db: Database, nonce: string, now = new Date()): Promise<boolean> {
  await db.prisma.securityNonce.deleteMany({ where: { usedAt: { lt: new Date(now.getTime() - 3 * NONCE_TICK_SECONDS * 1000) } } });
  try {
    await db.prisma.securityNonce.create({ data: { nonce: nonce.toLowerCase(), usedAt: now } });
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'P2002';
}

/**
 * The user meta Yoast SEO keeps per user (`_yoast_alerts_dismissed`, `_yoast_wpseo_introductions`,
 * `_yoast_wpseo_wistia_embed_permission`, and the author archive's SEO fields `wpseo_title`,
 * `wpseo_metadesc`, `wpseo_noindex_author`: user-seo-fields.ts). There is no user meta table: each
 * user's keys are one JSON row of the options table, `wpseo_user_meta:<user id>`. One row per user
 * keeps users from contending for one row, needs no new model or migration, its reads are tracked
 * by the response cache as every option's are (a write drops the answers that showed it), and
 * these are rare profile-screen writes. A deleted user's row is left behind, unused (ids are never reused).
 */
import type { Database, Prisma, PrismaClient } from '../../db/client';
import { storedJsonObject } from '../stored-json';

export const USER_META_KEYS = ['_yoast_alerts_dismissed', '_yoast_wpseo_introductions', '_yoast_wpseo_wistia_embed_permission', 'wpseo_title', 'wpseo_metadesc', 'wpseo_noindex_author'] as const;
export type SeoUserMetaKey = (typeof USER_META_KEYS)[number];
export type SeoUserMeta = Partial<Record<SeoUserMetaKey, unknown>>;

export function userMetaOptionName(userId: number): string {
  return `wpseo_user_meta:${userId}`;
}

/** A stored row's keys (only ours; a row that is not a JSON object reads as none). */
export function parseSeoUserMeta(stored: string | null | undefined): SeoUserMeta {
  const meta: SeoUserMeta = Object.create(null) as SeoUserMeta;
  const parsed = storedJsonObject(stored);
  if (!parsed) return meta;
  for (const key of USER_META_KEYS) {
    if (Object.prototype.hasOwnProperty.call(parsed, key)) meta[key] = parsed[key];
  }
  return meta;
}

/** A user's SEO meta as stored now (read path). */
export async function readSeoUserMeta(db: Database, userId: number): Promise<SeoUserMeta> {
  const rows = await db.read.option.findMany({ where: { name: userMetaOptionName(userId) } });
  return parseSeoUserMeta(rows[0]?.value);
}

/** Sets keys of a user's SEO meta inside the caller's transaction (no permission check). */
export async function writeSeoUserMeta(tx: PrismaClient | Prisma.TransactionClient, userId: number, changes: SeoUserMeta): Promise<SeoUserMeta> {
  const name = userMetaOptionName(userId);
  const row = await tx.option.findUnique({ where: { name } });
  const meta = parseSeoUserMeta(row?.value);
  for (const key of USER_META_KEYS) if (Object.prototype.hasOwnProperty.call(changes, key)) meta[key] = changes[key];
  const value = JSON.stringify(meta);
  await tx.option.upsert({ where: { name }, create: { name, value }, update: { value } });
  return meta;
}

/** A plain object of string keys (no prototype) from a stored map value, or an empty one. */
export function storedMap(value: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return out;
  for (const [key, entry] of Object.entries(value as Record<string, unknown>)) out[key] = entry;
  return out;
}

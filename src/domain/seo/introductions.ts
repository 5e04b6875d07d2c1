/**
 * The introductions a user has seen (`_yoast_wpseo_introductions`, a map of id to bool) and the
 * user's permission to embed Wistia videos (`_yoast_wpseo_wistia_embed_permission`), both per user
 * (Introductions_Seen_Repository, Wistia_Embed_Permission_Repository).
 */
import type { DomainContext } from '../context';
import { requireSeo } from './permissions';
import { readSeoUserMeta, storedMap, writeSeoUserMeta } from './user-meta';

/** The introductions the plugin registers (Introductions_Collector): only these can be marked seen. */
export const INTRODUCTIONS: readonly string[] = [
  'ai-fix-assessments-upsell',
  'ai-generate-titles-and-descriptions',
  'ai-brand-insights-pre-launch',
  'ai-brand-insights-post-launch',
  'ai-brand-insights-free-trial',
  'black-friday-announcement',
  'delayed-premium-upsell',
  'google-docs-addon-upsell',
  'schema-aggregator-announcement',
];

export function isIntroduction(id: string): boolean {
  return INTRODUCTIONS.includes(id);
}

/** POST introductions/{id}/seen: null for an introduction the plugin does not know (Yoast answers an empty 400). */
export async function setIntroductionSeen(ctx: DomainContext, id: string, seen: boolean): Promise<boolean | null> {
  requireSeo(ctx.viewer, 'edit_posts');
  if (!isIntroduction(id)) return null;
  const introductions = storedMap((await readSeoUserMeta(ctx.db, ctx.viewer.id))._yoast_wpseo_introductions);
  if (introductions[id] === seen) return true;
  introductions[id] = seen;
  await ctx.db.prisma.$transaction(async (tx) => {
    await writeSeoUserMeta(tx, ctx.viewer.id, { _yoast_wpseo_introductions: { ...introductions } });
  });
  return true;
}

/** The signed-in user's seen introductions (id -> seen). */
export async function seenIntroductions(ctx: DomainContext): Promise<Record<string, boolean>> {
  const stored = storedMap((await readSeoUserMeta(ctx.db, ctx.viewer.id))._yoast_wpseo_introductions);
  return Object.fromEntries(Object.entries(stored).map(([key, value]) => [key, value === true]));
}

/** GET wistia_embed_permission: the signed-in user's choice (false until given). */
export async function wistiaEmbedPermission(ctx: DomainContext): Promise<boolean> {
  requireSeo(ctx.viewer, 'edit_posts');
  return (await readSeoUserMeta(ctx.db, ctx.viewer.id))._yoast_wpseo_wistia_embed_permission === true;
}

/** POST wistia_embed_permission. */
export async function setWistiaEmbedPermission(ctx: DomainContext, value: boolean): Promise<boolean> {
  requireSeo(ctx.viewer, 'edit_posts');
  await ctx.db.prisma.$transaction(async (tx) => {
    await writeSeoUserMeta(tx, ctx.viewer.id, { _yoast_wpseo_wistia_embed_permission: value });
  });
  return true;
}

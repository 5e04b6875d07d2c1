/**
 * Available posts (Yoast's Available_Posts_Route, used by its pickers of site pages): the ten most
 * recent published items of one post type, optionally matching a search in the title or content,
 * as `{id, title, slug}`.
 */
import { viaPrisma } from '../../db/read-audit';
import type { DomainContext } from '../context';
import { postType } from '../content/post-types';
import { containsText } from '../redirects/redirect-where';
import { requireSeo } from './permissions';

export interface AvailablePost {
  id: number;
  title: string;
  slug: string;
}

const LIMIT = 10;

/** The post types one can pick from: those the site shows (not menus, revisions or attachments). */
export function isAvailablePostType(name: string): boolean {
  const def = postType(name);
  return def !== undefined && def.viewable && name !== 'attachment';
}

/** The posts, or null for a post type the site does not have (Yoast: 400 `{error}`). */
export async function availablePosts(ctx: DomainContext, type: string, search: string): Promise<AvailablePost[] | null> {
  requireSeo(ctx.viewer, 'wpseo_manage_options');
  if (!isAvailablePostType(type)) return null;
  const text = search.trim();
  const where = {
    type,
    status: 'publish',
    ...(text ? { OR: [{ title: containsText(ctx.db.provider, text) }, { content: containsText(ctx.db.provider, text) }] } : {}),
  };
  const args = { where, orderBy: [{ date: 'desc' as const }, { id: 'desc' as const }], take: LIMIT, select: { id: true, title: true, slug: true } };
  const rows = await ctx.db.read.content.findMany(text ? viaPrisma(args, 'a text search (LIKE, case-insensitive on both engines)') : args);
  return rows.map((row) => ({ id: row.id, title: row.title, slug: row.slug }));
}

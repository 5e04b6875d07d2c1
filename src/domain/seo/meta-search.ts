/**
 * Meta search (Meta_Search_Route, for the custom-field replacement variables): up to three custom
 * fields of a post whose key starts with `query`, as `{meta: [{key, value}]}`. Hidden keys (a
 * leading `_`) show only when asked for by prefix; serialised values never.
 */
import type { DomainContext } from '../context';
import { postType } from '../content/post-types';
import { forbidden } from '../errors';

const MATCHES = 3;

/** PHP's is_serialized(), roughly: a value written by serialize() (`a:1:{...}`, `s:3:"..."`, `i:5;`, `b:1;`, `N;`). */
function looksSerialized(value: string): boolean {
  const text = value.trim();
  return text === 'N;' || /^[aOCs]:\d+:/.test(text) || /^[bid]:[^;]*;$/.test(text);
}

export async function searchMeta(ctx: DomainContext, postId: unknown, query: unknown): Promise<{ meta: Array<{ key: string; value: string }> }> {
  const id = typeof postId === 'number' ? postId : typeof postId === 'string' && /^\d+$/.test(postId) ? Number(postId) : 0;
  const rows = id > 0 ? await ctx.db.read.content.findMany({ where: { id }, select: { id: true, type: true } }) : [];
  const def = rows[0] ? postType(rows[0].type) : undefined;
  // Yoast's permission check: the post's type's edit capability; no post, no permission.
  if (!def || !ctx.viewer.can(def.caps.edit_posts)) throw forbidden('rest_forbidden', 'Sorry, you are not allowed to do that.', ctx.viewer);
  const prefix = typeof query === 'string' ? query : '';
  const meta = await ctx.db.read.contentMeta.findMany({ where: { contentId: id }, orderBy: { id: 'asc' }, select: { key: true, value: true } });
  const matches: Array<{ key: string; value: string }> = [];
  const seen = new Set<string>();
  for (const { key, value } of meta) {
    // get_post_custom() groups values by key; the first value of each key is the one shown.
    if (seen.has(key)) continue;
    seen.add(key);
    if (!key.startsWith(prefix)) continue;
    if (prefix === '' && key.startsWith('_')) continue;
    if (looksSerialized(value)) continue;
    matches.push({ key, value });
    if (matches.length >= MATCHES) break;
  }
  return { meta: matches };
}

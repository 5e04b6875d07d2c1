/**
 * Targets for the redirect editor (route_match_post): published posts and pages whose title or slug
 * contains the text, each as `{title, value: its permalink}`.
 *
 * API: searchRedirectTargets(ctx, text) -> Array<{ title, value }>
 */
import type { DomainContext } from '../context';
import { permalinkOf } from '../posts/records';
import { sanitizeTextField } from '../text';
import { requireRedirects } from './permissions';
import { containsText } from './redirect-where';

export interface RedirectTarget {
  title: string;
  value: string;
}

/** The plugin returns every match; a search for one letter on a large site should not. */
export const MAX_TARGETS = 100;

export async function searchRedirectTargets(ctx: DomainContext, text: unknown): Promise<RedirectTarget[]> {
  requireRedirects(ctx.viewer, 'redirect_manage');
  const search = sanitizeTextField(text);
  const like = containsText(ctx.db.provider, search);
  const rows = await ctx.db.read.content.findMany({
    where: { type: { in: ['post', 'page'] }, status: 'publish', OR: [{ title: like }, { slug: like }] },
    select: { id: true, title: true, slug: true },
    orderBy: { id: 'asc' },
    take: MAX_TARGETS,
  });
  const needle = search.toLowerCase();
  return Promise.all(
    rows.map(async (row) => ({
      // The title when it holds the text, else the slug (which then does).
      title: needle !== '' && row.title.toLowerCase().includes(needle) ? row.title : row.slug,
      value: await permalinkOf(ctx, row.id),
    })),
  );
}

/**
 * url_to_postid() and its siblings: which object lives at an address of this site. Pretty
 * addresses follow our permalink structures (`/%postname%/`, pages under their ancestors,
 * `/category/a/b/`, `/tag/x/`, `/type/aside/`, `/author/x/`); plain ones their query variables
 * (`?p=`, `?page_id=`, `?cat=`, `?tag=`, `?post_format=`, `?author=`). Whether the viewer may see
 * the object is left to the reader of that object.
 */
import { decodePercent } from '../client-input';
import type { DomainContext } from '../context';
import { termSlugOfFormatVar } from '../posts/formats';
import { siteOptionsOf } from '../settings/options';

export type UriTarget =
  | { kind: 'post'; type: string; id: number }
  | { kind: 'term'; taxonomy: string; id: number }
  | { kind: 'user'; id: number };

const HIDDEN_STATUSES = ['trash', 'inherit', 'auto-draft'];

/** Post types with addresses of their own (The Events Calendar's under /event/, /venue/, /organizer/). */
const ADDRESSABLE_TYPES = ['post', 'page', 'tribe_events', 'tribe_venue', 'tribe_organizer'];
const CALENDAR_BASES: Record<string, string> = { event: 'tribe_events', venue: 'tribe_venue', organizer: 'tribe_organizer' };

/** The path and query of an address, if it is one of this site's. */
function localPart(uri: string, siteUrl: string): URL | null {
  try {
    const site = new URL(siteUrl.endsWith('/') ? siteUrl : siteUrl + '/');
    const url = new URL(uri, site);
    if (url.origin !== site.origin) return null;
    return url;
  } catch {
    return null;
  }
}

const positive = (text: string | null): number | null => (text && /^\d+$/.test(text) && Number(text) > 0 && Number(text) <= 2147483647 ? Number(text) : null);

export async function resolvePath(ctx: DomainContext, uri: string): Promise<UriTarget | null> {
  const url = localPart(uri, ctx.config.siteUrl);
  if (!url) return null;
  const reads = ctx.db.read;
  const query = url.searchParams;

  const postId = positive(query.get('p')) ?? positive(query.get('page_id'));
  if (postId) {
    const row = await reads.content.findUnique({ where: { id: postId }, select: { id: true, type: true } });
    return row && ADDRESSABLE_TYPES.includes(row.type) ? { kind: 'post', type: row.type, id: row.id } : null;
  }
  const catId = positive(query.get('cat'));
  if (catId) return termBy(ctx, 'category', { id: catId });
  const tag = query.get('tag');
  if (tag) return termBy(ctx, 'post_tag', { slug: tag });
  const format = query.get('post_format');
  if (format) return termBy(ctx, 'post_format', { slug: termSlugOfFormatVar(format) });
  const authorId = positive(query.get('author'));
  if (authorId) return (await reads.user.findUnique({ where: { id: authorId }, select: { id: true } })) ? { kind: 'user', id: authorId } : null;

  const segments = url.pathname.split('/').filter(Boolean).map((s) => decodePercent(s).toLowerCase());
  if (segments.length === 0) {
    const options = await siteOptionsOf(ctx);
    return options.show_on_front === 'page' && options.page_on_front > 0 ? { kind: 'post', type: 'page', id: options.page_on_front } : null;
  }
  const [first, ...rest] = segments;
  if (first === 'category' && rest.length) return termBy(ctx, 'category', { slug: rest.at(-1) as string });
  if (first === 'tag' && rest.length === 1) return termBy(ctx, 'post_tag', { slug: rest[0] });
  if (first === 'type' && rest.length === 1) return termBy(ctx, 'post_format', { slug: termSlugOfFormatVar(rest[0]) });
  if (first === 'events' && rest[0] === 'category' && rest.length > 1) return termBy(ctx, 'tribe_events_cat', { slug: rest.at(-1) as string });
  if (CALENDAR_BASES[first] && rest.length === 1) {
    const type = CALENDAR_BASES[first];
    const row = await reads.content.findFirst({ where: { type, slug: rest[0], status: { notIn: HIDDEN_STATUSES } }, orderBy: { id: 'asc' }, select: { id: true } });
    if (row) return { kind: 'post', type, id: row.id };
  }
  if (first === 'author' && rest.length === 1) {
    const user = await reads.user.findUnique({ where: { slug: rest[0] }, select: { id: true } });
    return user ? { kind: 'user', id: user.id } : null;
  }
  // get_page_by_path() first, then a post by name (WordPress's order for /%postname%/).
  const page = await pageByPath(ctx, segments);
  if (page) return { kind: 'post', type: 'page', id: page };
  if (segments.length === 1) {
    const post = await reads.content.findFirst({ where: { type: 'post', slug: segments[0], status: { notIn: HIDDEN_STATUSES } }, orderBy: { id: 'asc' }, select: { id: true } });
    if (post) return { kind: 'post', type: 'post', id: post.id };
  }
  return null;
}

async function termBy(ctx: DomainContext, taxonomy: string, key: { id: number } | { slug: string }): Promise<UriTarget | null> {
  const term = await ctx.db.read.term.findFirst({ where: { taxonomy, ...key }, select: { id: true } });
  return term ? { kind: 'term', taxonomy, id: term.id } : null;
}

/** The page whose slug chain (root first) is `segments`. */
async function pageByPath(ctx: DomainContext, segments: readonly string[]): Promise<number | null> {
  const reads = ctx.db.read;
  const candidates = await reads.content.findMany({
    where: { type: 'page', slug: segments.at(-1), status: { notIn: HIDDEN_STATUSES } },
    select: { id: true, parentId: true },
    orderBy: { id: 'asc' },
  });
  for (const candidate of candidates) {
    let parentId = candidate.parentId;
    let matches = true;
    for (let i = segments.length - 2; i >= 0; i--) {
      const parent = parentId ? await reads.content.findUnique({ where: { id: parentId }, select: { slug: true, parentId: true, type: true } }) : null;
      if (!parent || parent.type !== 'page' || parent.slug !== segments[i]) {
        matches = false;
        break;
      }
      parentId = parent.parentId;
    }
    if (matches && parentId === 0) return candidate.id;
  }
  return null;
}

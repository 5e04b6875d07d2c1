/**
 * WP_Query's arguments as WPGraphQL's post-object connections take them (PostObjects.php's
 * `where`: search, in/notIn, name, parent, author, category, tag, stati, date_query, orderby...),
 * mapped onto the posts list query (query.ts), with WPGraphQL's rules: sticky posts are not moved
 * up (ignore_sticky_posts), stati the viewer may not read are dropped (anonymous sees `publish`
 * only), names (authorName, categoryName, tag slugs) are looked up as WP_Query does.
 */
import { parseDateTime, siteTimeToInstant, type SiteZone } from '../content/dates';
import type { DomainContext } from '../context';
import { DomainError } from '../errors';
import { siteOf } from './records';
import type { DateRange, PostListQuery, TermFilter } from './query';

export interface WpDate {
  year?: number | null;
  month?: number | null;
  day?: number | null;
  hour?: number | null;
  minute?: number | null;
  second?: number | null;
}

export interface WpDateQuery extends WpDate {
  after?: WpDate | null;
  before?: WpDate | null;
  column?: 'date' | 'modified' | null;
  inclusive?: boolean | null;
  compare?: string | null;
  relation?: string | null;
  week?: number | null;
}

/** The WP_Query arguments of WPGraphQL's `where` (ids already decoded, enums in WordPress's spelling). */
export interface WpQueryArgs {
  search?: string;
  id?: number;
  in?: number[];
  notIn?: number[];
  name?: string;
  nameIn?: string[];
  parent?: number;
  parentIn?: number[];
  parentNotIn?: number[];
  title?: string;
  hasPassword?: boolean;
  password?: string;
  isSticky?: boolean;
  stati?: string[];
  orderby?: Array<{ field: string; order: 'asc' | 'desc' }>;
  dateQuery?: WpDateQuery;
  author?: number;
  authorName?: string;
  authorIn?: number[];
  authorNotIn?: number[];
  categoryId?: number;
  categoryName?: string;
  categoryIn?: number[];
  categoryNotIn?: number[];
  tag?: string;
  tagId?: number;
  tagIn?: number[];
  tagNotIn?: number[];
  tagSlugAnd?: string[];
  tagSlugIn?: string[];
  mimeTypes?: string[];
  templates?: string[];
}

/** Filters a nested list fixes (the parent object's). */
export interface WpQueryPins {
  author?: number;
  parent?: number;
  term?: { taxonomy: string; id: number };
}

const NOTHING = -1;

/**
 * The stati this viewer may list (WPGraphQL's sanitize_input_fields / WP_Query's perm):
 * `publish` for everyone, `private` with read_private_posts, the others with edit_posts. Those
 * left out are dropped; none left means `publish`. Attachments live in `inherit`.
 */
export function readableStati(ctx: DomainContext, types: readonly string[], asked: readonly string[] | undefined): string[] {
  const fallback = types.every((t) => t === 'attachment') ? ['inherit'] : types.includes('revision') ? ['inherit'] : ['publish'];
  if (!asked?.length) return types.includes('attachment') && !types.every((t) => t === 'attachment') ? ['publish', 'inherit'] : fallback;
  const viewer = ctx.viewer;
  const kept = asked.filter((status) => {
    if (status === 'publish') return true;
    if (status === 'inherit' && types.includes('attachment')) return true;
    if (status === 'private') return viewer.can('read_private_posts') || viewer.can('read_private_pages');
    return viewer.can('edit_posts') || viewer.can('edit_pages');
  });
  return kept.length ? [...new Set(kept)] : fallback;
}

function wallOf(date: WpDate, end: boolean): { year: number; month: number; day: number; hour: number; minute: number; second: number } | null {
  if (!date.year) return null;
  const month = date.month ?? (end ? 12 : 1);
  const lastDay = new Date(Date.UTC(date.year, month, 0)).getUTCDate();
  return { year: date.year, month, day: date.day ?? (end ? lastDay : 1), hour: date.hour ?? (end ? 23 : 0), minute: date.minute ?? (end ? 59 : 0), second: date.second ?? (end ? 59 : 0) };
}

function instant(wall: NonNullable<ReturnType<typeof wallOf>>, zone: SiteZone): Date {
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  const parsed = parseDateTime(`${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)}T${pad(wall.hour)}:${pad(wall.minute)}:${pad(wall.second)}`);
  if (!parsed) throw new DomainError('invalid_date_query', 'The date query is not a valid date.', 400);
  return siteTimeToInstant(parsed.wall, zone);
}

/**
 * WP_Date_Query over one column: `after`/`before` (exclusive unless inclusive; a partial date
 * means its first second after, its last second before, as WordPress builds them) and the
 * year/month/day/hour/minute/second of the site's time as a range. `week` alone and comparisons
 * other than `=` are not supported (an error rather than a silently wrong list).
 */
export function dateRangesOf(query: WpDateQuery, zone: SiteZone): DateRange[] {
  const column = query.column ?? 'date';
  if (query.week != null || (query.compare && query.compare !== '=')) throw new DomainError('unsupported_date_query', 'Only after, before and year/month/day/hour/minute/second equality are supported in dateQuery.', 400);
  const ranges: DateRange[] = [];
  if (query.after) {
    const wall = wallOf(query.after, !query.inclusive);
    if (wall) ranges.push(query.inclusive ? { column, gte: instant(wall, zone) } : { column, gt: instant(wall, zone) });
  }
  if (query.before) {
    const wall = wallOf(query.before, Boolean(query.inclusive));
    if (wall) ranges.push(query.inclusive ? { column, lte: instant(wall, zone) } : { column, lt: instant(wall, zone) });
  }
  if (query.year) {
    const start = wallOf(query, false);
    const end = wallOf(query, true);
    if (start && end) ranges.push({ column, gte: instant(start, zone), lte: instant(end, zone) });
  } else if (query.month || query.day || query.hour != null || query.minute != null || query.second != null) {
    throw new DomainError('unsupported_date_query', 'A dateQuery month, day or time needs its year.', 400);
  }
  return ranges;
}

const ORDERBY: Record<string, string> = { AUTHOR: 'author', COMMENT_COUNT: 'comment_count', DATE: 'date', IN: 'include', MENU_ORDER: 'menu_order', MODIFIED: 'modified', NAME_IN: 'include_slugs', PARENT: 'parent', SLUG: 'slug', TITLE: 'title' };

async function termIdsBySlugs(ctx: DomainContext, taxonomy: string, slugs: readonly string[]): Promise<number[]> {
  const terms = await ctx.db.read.term.findMany({ where: { taxonomy, slug: { in: [...slugs] } }, select: { id: true } });
  return terms.length ? terms.map((t) => t.id) : [NOTHING];
}

const include = (terms: number[], operator: 'AND' | 'OR' = 'OR', includeChildren = false): { include: TermFilter } => ({ include: { terms, operator, includeChildren } });

/** WPGraphQL's `where` as the posts list query of `types` (the first type names the caps of the status rule). */
export async function listQueryOfWpArgs(ctx: DomainContext, types: readonly string[], args: WpQueryArgs, pins: WpQueryPins = {}): Promise<PostListQuery> {
  const query: PostListQuery = { context: 'view', page: 1, perPage: 10, statuses: readableStati(ctx, types, args.stati), order: 'desc', orderby: 'date', ignoreSticky: true, types: [...types] };
  if (args.search) query.search = args.search;
  // WPGraphQL orders a search by date, never by relevance (PostObjectConnectionResolver: "Don't order
  // search results by title (causes funky issues with cursors)"): the default date DESC stays.
  const include_: number[] = [...(args.id !== undefined ? [args.id] : []), ...(args.in ?? [])];
  if (args.id !== undefined && args.in?.length) query.include = args.in.includes(args.id) ? [args.id] : [NOTHING];
  else if (include_.length) query.include = include_;
  if (args.notIn?.length) query.exclude = args.notIn;
  const slugs = [...(args.name ? [args.name] : []), ...(args.nameIn ?? [])];
  if (slugs.length) query.slugs = slugs;
  if (args.parent !== undefined) query.parent = [args.parent];
  if (args.parentIn?.length) query.parent = args.parentIn;
  if (args.parentNotIn?.length) query.parentExclude = args.parentNotIn;
  if (args.title !== undefined) query.title = args.title;
  if (args.hasPassword !== undefined) query.hasPassword = args.hasPassword;
  if (args.password !== undefined) query.password = args.password;
  if (args.isSticky !== undefined) query.sticky = args.isSticky;
  if (args.templates?.length) query.templates = args.templates;
  if (args.mimeTypes?.length) query.mimeTypes = args.mimeTypes;

  const authors = [...(args.author !== undefined ? [args.author] : []), ...(args.authorIn ?? [])];
  if (args.authorName) {
    const user = await ctx.db.read.user.findUnique({ where: { slug: args.authorName }, select: { id: true } });
    authors.push(user?.id ?? NOTHING);
  }
  if (authors.length) query.author = authors;
  if (args.authorNotIn?.length) query.authorExclude = args.authorNotIn;

  // WP_Query's cat / category_name include the categories' children; category__in does not.
  const taxonomies: NonNullable<PostListQuery['taxonomies']> = {};
  const categories: number[] = [];
  let categoryChildren = false;
  if (args.categoryId !== undefined) {
    categories.push(args.categoryId);
    categoryChildren = true;
  }
  if (args.categoryName) {
    categories.push(...(await termIdsBySlugs(ctx, 'category', args.categoryName.split(',').map((s) => s.trim()).filter(Boolean))));
    categoryChildren = true;
  }
  if (args.categoryIn?.length) categories.push(...args.categoryIn);
  if (categories.length) taxonomies.category = include(categories, 'OR', categoryChildren);
  if (args.categoryNotIn?.length) taxonomies.category = { ...taxonomies.category, exclude: { terms: args.categoryNotIn, operator: 'OR', includeChildren: false } };

  const tags: number[] = [...(args.tagId !== undefined ? [args.tagId] : []), ...(args.tagIn ?? [])];
  const tagSlugs = [...(args.tag ? args.tag.split(/[,+]/).map((s) => s.trim()).filter(Boolean) : []), ...(args.tagSlugIn ?? [])];
  if (tagSlugs.length) tags.push(...(await termIdsBySlugs(ctx, 'post_tag', tagSlugs)));
  if (args.tagSlugAnd?.length) {
    const ids = await termIdsBySlugs(ctx, 'post_tag', args.tagSlugAnd);
    taxonomies.post_tag = include(ids.length < new Set(args.tagSlugAnd).size ? [NOTHING] : ids, 'AND');
  } else if (tags.length) taxonomies.post_tag = include(tags);
  if (args.tagNotIn?.length) taxonomies.post_tag = { ...taxonomies.post_tag, exclude: { terms: args.tagNotIn, operator: 'OR', includeChildren: false } };
  if (Object.keys(taxonomies).length) query.taxonomies = taxonomies;

  if (args.orderby?.length) {
    const list = args.orderby.map((o) => ({ orderby: ORDERBY[o.field] ?? o.field.toLowerCase(), order: o.order }));
    const first = list[0].orderby;
    if (first === 'include' || first === 'include_slugs') {
      query.orderby = first;
      query.order = list[0].order;
    } else {
      query.orderbyList = list;
      query.orderby = first;
      query.order = list[0].order;
    }
  }
  if (args.dateQuery) query.dateRanges = dateRangesOf(args.dateQuery, (await siteOf(ctx)).options);

  // Revisions are for those who may edit: anybody else lists none.
  if (types.includes('revision') && !ctx.viewer.can('edit_posts') && !ctx.viewer.can('edit_pages')) {
    query.statuses = ['publish'];
    query.include = [NOTHING];
  }
  // The parent object's filter replaces the client's own of that kind.
  if (pins.author !== undefined) query.author = [pins.author];
  if (pins.parent !== undefined) query.parent = [pins.parent];
  if (pins.term) taxonomies[pins.term.taxonomy] = { ...taxonomies[pins.term.taxonomy], ...include([pins.term.id]) };
  if (pins.term) query.taxonomies = taxonomies;
  return query;
}

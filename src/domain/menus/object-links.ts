/**
 * Addresses of the things a menu item points at, as WordPress's get_permalink(), get_term_link()
 * and get_post_type_archive_link() build them for this site (pretty `/%postname%/` or plain
 * permalinks). Linked posts and terms are read through a lookup, so a page of menu items reads
 * each level of parents with one batched query.
 */
import type { Config } from '../../config';
import type { Prisma } from '../../db/client';
import type { Term } from '../../generated/prisma-sqlite/client';
import type { DomainContext } from '../context';
import type { SiteOptions } from '../settings/options';
import { LINKED_POST_SELECT, linkedPostById, siteOptionsOnce, termById, type LinkedPost } from './loaders';

/** Where linked objects come from: the request's loaders, or a write transaction. */
export interface ObjectLookup {
  post(id: number): Promise<LinkedPost | null>;
  term(id: number): Promise<Term | null>;
  options(): Promise<SiteOptions>;
}

export function loaderLookup(ctx: DomainContext): ObjectLookup {
  return {
    post: (id) => (id > 0 ? linkedPostById(ctx).load(id) : Promise.resolve(null)),
    term: (id) => (id > 0 ? termById(ctx).load(id) : Promise.resolve(null)),
    options: () => siteOptionsOnce(ctx).load(0),
  };
}

/**
 * Reads inside a write transaction. Writes never need addresses (setupMenuItem is told not to
 * build them), so the options, which only addresses use, are not offered here.
 */
export function txLookup(tx: Prisma.TransactionClient): ObjectLookup {
  return {
    post: (id) => (id > 0 ? tx.content.findUnique({ where: { id }, select: LINKED_POST_SELECT }) : Promise.resolve(null)),
    term: (id) => (id > 0 ? tx.term.findUnique({ where: { id } }) : Promise.resolve(null)),
    options: () => Promise.reject(new Error('site options are not read inside a menu item write')),
  };
}

/** Parents deeper than this are a cycle in the data, not a real hierarchy. */
const MAX_DEPTH = 100;

type LinkConfig = Pick<Config, 'siteUrl' | 'permalinks'>;

/** get_page_uri(): the slugs of the page's ancestors (those that have one) and its own. */
async function pageUri(page: LinkedPost, lookup: ObjectLookup): Promise<string> {
  const parts = [page.slug];
  const seen = new Set([page.id]);
  let parentId = page.parentId;
  while (parentId > 0 && !seen.has(parentId) && seen.size < MAX_DEPTH) {
    seen.add(parentId);
    const parent = await lookup.post(parentId);
    if (!parent) break;
    if (parent.slug) parts.unshift(parent.slug);
    parentId = parent.parentId;
  }
  return parts.join('/');
}

const UNPUBLISHED_PAGE = new Set(['draft', 'pending', 'auto-draft']);
const UNPUBLISHED_POST = new Set(['draft', 'pending', 'auto-draft', 'future']);
/** Built-in types get_permalink() links like posts; anything else goes through get_post_permalink(). */
const POST_LIKE = new Set(['post', 'nav_menu_item', 'revision', 'wp_block', 'wp_template', 'wp_template_part', 'wp_navigation', 'wp_global_styles', 'wp_font_family', 'wp_font_face', 'custom_css', 'customize_changeset', 'oembed_cache', 'user_request']);

/** get_permalink() of a post of any type. */
export async function postPermalink(post: LinkedPost, lookup: ObjectLookup, config: LinkConfig): Promise<string> {
  const home = config.siteUrl;
  const pretty = config.permalinks === 'pretty';
  if (post.type === 'page') {
    const options = await lookup.options();
    if (options.show_on_front === 'page' && options.page_on_front === post.id) return `${home}/`;
    if (!pretty || UNPUBLISHED_PAGE.has(post.status)) return `${home}/?page_id=${post.id}`;
    return `${home}/${await pageUri(post, lookup)}/`;
  }
  if (post.type === 'attachment') return `${home}/?attachment_id=${post.id}`;
  if (POST_LIKE.has(post.type)) {
    if (!pretty || UNPUBLISHED_POST.has(post.status) || post.slug === '') return `${home}/?p=${post.id}`;
    return `${home}/${post.slug}/`;
  }
  return `${home}/?post_type=${encodeURIComponent(post.type)}&p=${post.id}`;
}

/** get_term_link() for the site's taxonomies (categories nest their parents' slugs). */
export async function termLink(term: Term, lookup: ObjectLookup, config: LinkConfig): Promise<string> {
  const home = config.siteUrl;
  const pretty = config.permalinks === 'pretty';
  if (term.taxonomy === 'category') {
    if (!pretty) return `${home}/?cat=${term.id}`;
    const slugs = [term.slug];
    const seen = new Set([term.id]);
    let parentId = term.parentId;
    while (parentId > 0 && !seen.has(parentId) && seen.size < MAX_DEPTH) {
      seen.add(parentId);
      const parent = await lookup.term(parentId);
      if (!parent || parent.taxonomy !== term.taxonomy) break;
      slugs.unshift(parent.slug);
      parentId = parent.parentId;
    }
    return `${home}/category/${slugs.join('/')}/`;
  }
  if (term.taxonomy === 'post_tag') return pretty ? `${home}/tag/${term.slug}/` : `${home}/?tag=${term.slug}`;
  return `${home}/?taxonomy=${term.taxonomy}&term=${term.slug}`;
}

/** get_post_type_archive_link(): posts live on the home page or the posts page; other types have no archive. */
export async function archiveLink(type: string, lookup: ObjectLookup, config: LinkConfig): Promise<string | false> {
  if (type !== 'post') return false;
  const options = await lookup.options();
  if (options.show_on_front === 'page' && options.page_for_posts) {
    const page = await lookup.post(options.page_for_posts);
    if (page) return postPermalink(page, lookup, config);
  }
  return config.siteUrl;
}

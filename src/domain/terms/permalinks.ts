/**
 * get_term_link(): the public address of a term. With pretty permalinks categories nest under
 * their ancestors (/category/parent/child/) and tags live under /tag/; with plain permalinks
 * WordPress uses the taxonomy's query variable (?cat=ID, ?tag=slug). A post format's link names
 * the format, not its term (_post_format_link: /type/aside/, ?post_format=aside).
 */
import type { Config } from '../../config';
import { formatOfTermSlug } from '../posts/formats';

interface LinkRule {
  /** Pretty base path, or null for taxonomies without rewrite rules. */
  base: string | null;
  hierarchicalPath: boolean;
  plain: (term: { id: number; slug: string; taxonomy: string }) => string;
  /** The term's part of a pretty path (its slug unless said otherwise). */
  path?: (slug: string) => string;
}

const RULES: Record<string, LinkRule> = {
  category: { base: 'category', hierarchicalPath: true, plain: (t) => `?cat=${t.id}` },
  post_tag: { base: 'tag', hierarchicalPath: false, plain: (t) => `?tag=${t.slug}` },
  post_format: { base: 'type', hierarchicalPath: false, plain: (t) => `?post_format=${formatOfTermSlug(t.slug)}`, path: formatOfTermSlug },
};

const FALLBACK: LinkRule = { base: null, hierarchicalPath: false, plain: (t) => `?taxonomy=${t.taxonomy}&term=${t.slug}` };

/**
 * The term's link. `ancestorSlugs` lists the slugs of its ancestors, nearest first (only used by
 * hierarchical rewrite rules).
 */
export function termLink(config: Pick<Config, 'siteUrl' | 'permalinks'>, term: { id: number; slug: string; taxonomy: string }, ancestorSlugs: readonly string[] = []): string {
  const rule = RULES[term.taxonomy] ?? FALLBACK;
  if (config.permalinks !== 'pretty' || rule.base === null) return `${config.siteUrl}/${rule.plain(term)}`;
  const slug = rule.path ? rule.path(term.slug) : term.slug;
  const path = rule.hierarchicalPath ? [...ancestorSlugs].reverse().concat(slug).join('/') : slug;
  return `${config.siteUrl}/${rule.base}/${path}/`;
}

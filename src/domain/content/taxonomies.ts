/**
 * Taxonomies as WordPress registers them (register_taxonomy): REST base, hierarchy, the post types
 * they apply to and the capabilities that manage and assign their terms.
 */
export interface TaxonomyDef {
  slug: string;
  name: string;
  singularName: string;
  description: string;
  hierarchical: boolean;
  restBase: string;
  restNamespace: string;
  types: readonly string[];
  showInRest: boolean;
  caps: { manage_terms: string; edit_terms: string; delete_terms: string; assign_terms: string };
}

export const TAXONOMIES: Readonly<Record<string, TaxonomyDef>> = {
  category: {
    slug: 'category', name: 'Categories', singularName: 'Category', description: '', hierarchical: true, restBase: 'categories', restNamespace: 'core/v2',
    types: ['post'], showInRest: true,
    caps: { manage_terms: 'manage_categories', edit_terms: 'manage_categories', delete_terms: 'manage_categories', assign_terms: 'edit_posts' },
  },
  post_tag: {
    slug: 'post_tag', name: 'Tags', singularName: 'Tag', description: '', hierarchical: false, restBase: 'tags', restNamespace: 'core/v2',
    // The Events Calendar registers tags for events too (register_taxonomy_for_object_type).
    types: ['post', 'tribe_events'], showInRest: true,
    caps: { manage_terms: 'manage_categories', edit_terms: 'manage_categories', delete_terms: 'manage_categories', assign_terms: 'edit_posts' },
  },
  nav_menu: {
    slug: 'nav_menu', name: 'Navigation Menus', singularName: 'Navigation Menu', description: '', hierarchical: false, restBase: 'menus', restNamespace: 'core/v2',
    types: ['nav_menu_item'], showInRest: true,
    caps: { manage_terms: 'edit_theme_options', edit_terms: 'edit_theme_options', delete_terms: 'edit_theme_options', assign_terms: 'edit_theme_options' },
  },
};

/**
 * Taxonomies whose terms are served by an extension namespace instead of core/v2: reachable by
 * slug (term reads and writes, permissions), but not listed by /core/v2/taxonomies or searches.
 * Event categories: The Events Calendar's tribe_events_cat, managed by whoever may publish events.
 */
export const EXTENSION_TAXONOMIES: Readonly<Record<string, TaxonomyDef>> = {
  tribe_events_cat: {
    slug: 'tribe_events_cat', name: 'Event Categories', singularName: 'Event Category', description: '', hierarchical: true, restBase: 'categories', restNamespace: 'events/v1',
    types: ['tribe_events'], showInRest: true,
    caps: { manage_terms: 'publish_posts', edit_terms: 'publish_posts', delete_terms: 'publish_posts', assign_terms: 'edit_posts' },
  },
};

/**
 * post_format as create_initial_taxonomies() registers it: public, flat, default capabilities, and
 * not shown in REST (show_in_rest false) — so no REST route, link, filter or listing names it; a
 * post's REST `format` field is read from its term (see posts/formats.ts).
 */
export const POST_FORMAT_TAXONOMY: TaxonomyDef = {
  slug: 'post_format', name: 'Formats', singularName: 'Format', description: '', hierarchical: false, restBase: 'post_format', restNamespace: 'wp/v2',
  types: ['post'], showInRest: false,
  caps: { manage_terms: 'manage_categories', edit_terms: 'manage_categories', delete_terms: 'manage_categories', assign_terms: 'edit_posts' },
};

export function taxonomy(slug: string): TaxonomyDef | undefined {
  return TAXONOMIES[slug] ?? EXTENSION_TAXONOMIES[slug] ?? (slug === POST_FORMAT_TAXONOMY.slug ? POST_FORMAT_TAXONOMY : undefined);
}

/** Taxonomies of a post type that the REST API shows (their `wp:term` links and filters). */
export function restTaxonomiesOf(type: string): TaxonomyDef[] {
  return Object.values(TAXONOMIES).filter((t) => t.showInRest && t.types.includes(type));
}

/** Taxonomies a list of a post type may be filtered by: the REST ones and, for posts, post_format. */
export function queryTaxonomiesOf(type: string): TaxonomyDef[] {
  const formats = POST_FORMAT_TAXONOMY.types.includes(type) ? [POST_FORMAT_TAXONOMY] : [];
  return [...restTaxonomiesOf(type), ...formats];
}

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
    types: ['post'], showInRest: true,
    caps: { manage_terms: 'manage_categories', edit_terms: 'manage_categories', delete_terms: 'manage_categories', assign_terms: 'edit_posts' },
  },
  nav_menu: {
    slug: 'nav_menu', name: 'Navigation Menus', singularName: 'Navigation Menu', description: '', hierarchical: false, restBase: 'menus', restNamespace: 'core/v2',
    types: ['nav_menu_item'], showInRest: true,
    caps: { manage_terms: 'edit_theme_options', edit_terms: 'edit_theme_options', delete_terms: 'edit_theme_options', assign_terms: 'edit_theme_options' },
  },
};

export function taxonomy(slug: string): TaxonomyDef | undefined {
  return TAXONOMIES[slug];
}

/** Taxonomies of a post type that the REST API shows (their `wp:term` links and filters). */
export function restTaxonomiesOf(type: string): TaxonomyDef[] {
  return Object.values(TAXONOMIES).filter((t) => t.showInRest && t.types.includes(type));
}

/**
 * Taxonomies as the REST API describes them (WP_REST_Taxonomies_Controller): the registry in
 * content/taxonomies.ts completed with what register_taxonomy() and get_taxonomy_labels() derive —
 * capability names, labels, visibility flags — and who may list or read them. Anybody sees the
 * REST-visible taxonomies (nav_menu included, as WordPress shows it); `context=edit` needs the
 * taxonomy's assign_terms capability.
 */
import { customObjectLabels } from '../content/object-labels';
import { EXTENSION_TAXONOMIES, POST_FORMAT_TAXONOMY, TAXONOMIES, taxonomy as taxonomyDef, type TaxonomyDef } from '../content/taxonomies';
import { DomainError, forbidden } from '../errors';
import type { Viewer } from '../viewer';

export interface TaxonomyVisibility {
  public: boolean;
  publicly_queryable: boolean;
  show_admin_column: boolean;
  show_in_nav_menus: boolean;
  show_in_quick_edit: boolean;
  show_ui: boolean;
}

export interface TaxonomyObject {
  def: TaxonomyDef;
  /** The capability names as registered (map_meta_cap turns them into the primitives in def.caps). */
  capabilities: Record<'manage_terms' | 'edit_terms' | 'delete_terms' | 'assign_terms', string>;
  labels: Record<string, string | null>;
  showCloud: boolean;
  visibility: TaxonomyVisibility;
}

/** WP_Taxonomy::get_default_labels(): [flat, hierarchical]. */
const NAME_FIELD = 'The name is how it appears on your site.';
const SLUG_FIELD = 'The &#8220;slug&#8221; is the URL-friendly version of the name. It is usually all lowercase and contains only letters, numbers, and hyphens.';
const PARENT_FIELD = 'Assign a parent term to create a hierarchy. The term Jazz, for example, would be the parent of Bebop and Big Band.';
const DESC_FIELD = 'The description is not prominent by default; however, some themes may show it.';

const DEFAULT_LABELS: ReadonlyArray<[string, string | null, string | null]> = [
  ['name', 'Tags', 'Categories'],
  ['singular_name', 'Tag', 'Category'],
  ['search_items', 'Search Tags', 'Search Categories'],
  ['popular_items', 'Popular Tags', null],
  ['all_items', 'All Tags', 'All Categories'],
  ['parent_item', null, 'Parent Category'],
  ['parent_item_colon', null, 'Parent Category:'],
  ['name_field_description', NAME_FIELD, NAME_FIELD],
  ['slug_field_description', SLUG_FIELD, SLUG_FIELD],
  ['parent_field_description', null, PARENT_FIELD],
  ['desc_field_description', DESC_FIELD, DESC_FIELD],
  ['edit_item', 'Edit Tag', 'Edit Category'],
  ['view_item', 'View Tag', 'View Category'],
  ['update_item', 'Update Tag', 'Update Category'],
  ['add_new_item', 'Add New Tag', 'Add New Category'],
  ['new_item_name', 'New Tag Name', 'New Category Name'],
  ['separate_items_with_commas', 'Separate tags with commas', null],
  ['add_or_remove_items', 'Add or remove tags', null],
  ['choose_from_most_used', 'Choose from the most used tags', null],
  ['not_found', 'No tags found.', 'No categories found.'],
  ['no_terms', 'No tags', 'No categories'],
  ['filter_by_item', null, 'Filter by category'],
  ['items_list_navigation', 'Tags list navigation', 'Categories list navigation'],
  ['items_list', 'Tags list', 'Categories list'],
  ['most_used', 'Most Used', 'Most Used'],
  ['back_to_items', '&larr; Go to Tags', '&larr; Go to Categories'],
  ['item_link', 'Tag Link', 'Category Link'],
  ['item_link_description', 'A link to a tag.', 'A link to a category.'],
  ['menu_name', 'Tags', 'Categories'],
];

/**
 * get_taxonomy_labels() / _get_custom_object_labels(): defaults for the taxonomy's kind, overridden
 * by its registered labels (with singular_name, name_admin_bar, menu_name, all_items and archives
 * derived from them), then template_name.
 */
export function taxonomyLabels(slug: string, hierarchical: boolean, registered: Record<string, string> = {}): Record<string, string | null> {
  const { labels, custom } = customObjectLabels(slug, hierarchical, registered, DEFAULT_LABELS);
  if (custom.template_name === undefined) labels.template_name = `${labels.singular_name} Archives`;
  return labels;
}

interface Registration {
  capabilities: TaxonomyObject['capabilities'];
  labels?: Record<string, string>;
  public: boolean;
  showUi: boolean;
  showAdminColumn: boolean;
  showInNavMenus: boolean;
}

/** What create_initial_taxonomies() passes to register_taxonomy() beyond our registry. */
const REGISTRATIONS: Record<string, Registration> = {
  category: {
    capabilities: { manage_terms: 'manage_categories', edit_terms: 'edit_categories', delete_terms: 'delete_categories', assign_terms: 'assign_categories' },
    public: true, showUi: true, showAdminColumn: true, showInNavMenus: true,
  },
  post_tag: {
    capabilities: { manage_terms: 'manage_post_tags', edit_terms: 'edit_post_tags', delete_terms: 'delete_post_tags', assign_terms: 'assign_post_tags' },
    public: true, showUi: true, showAdminColumn: true, showInNavMenus: true,
  },
  // create_initial_taxonomies(): public, no admin screen, in nav menus for themes with post formats.
  post_format: {
    capabilities: { manage_terms: 'manage_categories', edit_terms: 'manage_categories', delete_terms: 'manage_categories', assign_terms: 'edit_posts' },
    labels: { name: 'Formats', singular_name: 'Format' },
    public: true, showUi: false, showAdminColumn: false, showInNavMenus: true,
  },
  nav_menu: {
    capabilities: { manage_terms: 'edit_theme_options', edit_terms: 'edit_theme_options', delete_terms: 'edit_theme_options', assign_terms: 'edit_theme_options' },
    labels: { name: 'Navigation Menus', singular_name: 'Navigation Menu' },
    public: false, showUi: false, showAdminColumn: false, showInNavMenus: false,
  },
};

/** Taxonomies WordPress registers without REST support: reading them is forbidden rather than unknown. */
const HIDDEN_TAXONOMIES = new Set(['link_category', 'post_format', 'wp_theme', 'wp_template_part_area']);

function describe(def: TaxonomyDef): TaxonomyObject {
  const reg: Registration = REGISTRATIONS[def.slug] ?? {
    capabilities: { manage_terms: def.caps.manage_terms, edit_terms: def.caps.edit_terms, delete_terms: def.caps.delete_terms, assign_terms: def.caps.assign_terms },
    labels: { name: def.name, singular_name: def.singularName },
    public: true, showUi: true, showAdminColumn: false, showInNavMenus: true,
  };
  return {
    def,
    capabilities: reg.capabilities,
    labels: taxonomyLabels(def.slug, def.hierarchical, reg.labels),
    // show_tagcloud and show_in_quick_edit inherit show_ui; publicly_queryable inherits public.
    showCloud: reg.showUi,
    visibility: {
      public: reg.public,
      publicly_queryable: reg.public,
      show_admin_column: reg.showAdminColumn,
      show_in_nav_menus: reg.showInNavMenus,
      show_in_quick_edit: reg.showUi,
      show_ui: reg.showUi,
    },
  };
}

const OBJECTS: readonly TaxonomyObject[] = Object.values(TAXONOMIES).filter((t) => t.showInRest).map(describe);

function canAssign(viewer: Viewer, def: TaxonomyDef): boolean {
  return viewer.can(def.caps.assign_terms);
}

/** The REST-visible taxonomies, optionally only those of one post type ("" and "0" filter nothing, as PHP's empty()). */
function candidates(type: string | undefined): readonly TaxonomyObject[] {
  return type && type !== '0' ? OBJECTS.filter((o) => o.def.types.includes(type)) : OBJECTS;
}

/** get_items_permissions_check: `context=edit` needs assign_terms on one of the candidate taxonomies. */
export function listTaxonomiesPermissionError(viewer: Viewer, query: { context?: string; type?: string }): DomainError | null {
  if (query.context === 'edit' && !candidates(query.type).some((o) => canAssign(viewer, o.def))) {
    return forbidden('rest_cannot_view', 'Sorry, you are not allowed to manage terms in this taxonomy.', viewer);
  }
  return null;
}

export function canListTaxonomies(viewer: Viewer, query: { context?: string; type?: string }): boolean {
  return listTaxonomiesPermissionError(viewer, query) === null;
}

/** GET /taxonomies: keyed by slug in registration order; in edit context only the assignable ones. */
export function listTaxonomies(viewer: Viewer, query: { context?: string; type?: string }): TaxonomyObject[] {
  const denied = listTaxonomiesPermissionError(viewer, query);
  if (denied) throw denied;
  return candidates(query.type).filter((o) => query.context !== 'edit' || canAssign(viewer, o.def));
}

/** get_item_permissions_check: hidden taxonomies are forbidden, edit context needs assign_terms. */
function readTaxonomyError(viewer: Viewer, slug: string, context: string | undefined): DomainError | null {
  if (HIDDEN_TAXONOMIES.has(slug)) return forbidden('rest_forbidden', 'Sorry, you are not allowed to do that.', viewer);
  const def = taxonomyDef(slug);
  if (def && context === 'edit' && !canAssign(viewer, def)) {
    return forbidden('rest_forbidden_context', 'Sorry, you are not allowed to manage terms in this taxonomy.', viewer);
  }
  return null;
}

export function canReadTaxonomy(viewer: Viewer, slug: string, context: string | undefined): boolean {
  return readTaxonomyError(viewer, slug, context) === null;
}

/** GET /taxonomies/{taxonomy}: 404 rest_taxonomy_invalid for unknown ones. */
export function getTaxonomy(viewer: Viewer, slug: string, context?: string): TaxonomyObject {
  const denied = readTaxonomyError(viewer, slug, context);
  if (denied) throw denied;
  const found = OBJECTS.find((o) => o.def.slug === slug);
  if (!found) throw new DomainError('rest_taxonomy_invalid', 'Invalid taxonomy.', 404);
  return found;
}

/** The taxonomies WPGraphQL shows (show_in_graphql), in registration order: the core ones, then the calendar's. */
const GRAPHQL_OBJECTS: readonly TaxonomyObject[] = [TAXONOMIES.category, TAXONOMIES.post_tag, POST_FORMAT_TAXONOMY, EXTENSION_TAXONOMIES.tribe_events_cat].map(describe);

export function graphqlTaxonomies(): readonly TaxonomyObject[] {
  return GRAPHQL_OBJECTS;
}

/** A taxonomy WPGraphQL shows, by name, or null. */
export function graphqlTaxonomy(slug: string): TaxonomyObject | null {
  return GRAPHQL_OBJECTS.find((o) => o.def.slug === slug) ?? null;
}

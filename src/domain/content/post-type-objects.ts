/**
 * Post types as the REST API describes them (WP_REST_Post_Types_Controller): the registry in
 * content/post-types.ts completed with what register_post_type() and get_post_type_labels() derive
 * — the capability map, labels, archive and visibility flags — and who may read them. Anybody
 * reads them in view context; `context=edit` needs the type's edit_posts capability.
 *
 * (It lives with the taxonomy objects because the two are the registry views of this work area.)
 */
import { customObjectLabels } from './object-labels';
import { POST_TYPES, postType, type PostTypeDef } from './post-types';
import { canEditSomeRestType } from './statuses';
import { restTaxonomiesOf } from './taxonomies';
import { DomainError, forbidden } from '../errors';
import type { Viewer } from '../viewer';

export interface PostTypeObject {
  def: PostTypeDef;
  /** get_post_type_capabilities(): meta and primitive capability names, in WordPress's order. */
  capabilities: Record<string, string>;
  labels: Record<string, string | null>;
  hasArchive: boolean;
  visibility: { show_in_nav_menus: boolean; show_ui: boolean };
  /** Names of the REST-visible taxonomies of the type. */
  taxonomies: string[];
}

/** WP_Post_Type::get_default_labels(): [flat, hierarchical]. */
const DEFAULT_LABELS: ReadonlyArray<[string, string | null, string | null]> = [
  ['name', 'Posts', 'Pages'],
  ['singular_name', 'Post', 'Page'],
  ['add_new', 'Add', 'Add'],
  ['add_new_item', 'Add Post', 'Add Page'],
  ['edit_item', 'Edit Post', 'Edit Page'],
  ['new_item', 'New Post', 'New Page'],
  ['view_item', 'View Post', 'View Page'],
  ['view_items', 'View Posts', 'View Pages'],
  ['search_items', 'Search Posts', 'Search Pages'],
  ['not_found', 'No posts found.', 'No pages found.'],
  ['not_found_in_trash', 'No posts found in Trash.', 'No pages found in Trash.'],
  ['parent_item_colon', null, 'Parent Page:'],
  ['all_items', 'All Posts', 'All Pages'],
  ['archives', 'Post Archives', 'Page Archives'],
  ['attributes', 'Post Attributes', 'Page Attributes'],
  ['insert_into_item', 'Insert into post', 'Insert into page'],
  ['uploaded_to_this_item', 'Uploaded to this post', 'Uploaded to this page'],
  ['featured_image', 'Featured image', 'Featured image'],
  ['set_featured_image', 'Set featured image', 'Set featured image'],
  ['remove_featured_image', 'Remove featured image', 'Remove featured image'],
  ['use_featured_image', 'Use as featured image', 'Use as featured image'],
  ['filter_items_list', 'Filter posts list', 'Filter pages list'],
  ['filter_by_date', 'Filter by date', 'Filter by date'],
  ['items_list_navigation', 'Posts list navigation', 'Pages list navigation'],
  ['items_list', 'Posts list', 'Pages list'],
  ['item_published', 'Post published.', 'Page published.'],
  ['item_published_privately', 'Post published privately.', 'Page published privately.'],
  ['item_reverted_to_draft', 'Post reverted to draft.', 'Page reverted to draft.'],
  ['item_trashed', 'Post trashed.', 'Page trashed.'],
  ['item_scheduled', 'Post scheduled.', 'Page scheduled.'],
  ['item_updated', 'Post updated.', 'Page updated.'],
  ['item_link', 'Post Link', 'Page Link'],
  ['item_link_description', 'A link to a post.', 'A link to a page.'],
  ['menu_name', 'Posts', 'Pages'],
];

/**
 * get_post_type_labels() / _get_custom_object_labels(): defaults for the type's kind, overridden by
 * its registered labels (with singular_name, name_admin_bar, menu_name, all_items and archives
 * derived from them); template_name only when the registration named a singular.
 */
export function postTypeLabels(slug: string, hierarchical: boolean, registered: Record<string, string>): Record<string, string | null> {
  const { labels, custom } = customObjectLabels(slug, hierarchical, registered, DEFAULT_LABELS);
  if (custom.template_name === undefined && custom.singular_name !== undefined) labels.template_name = `Single item: ${custom.singular_name}`;
  return labels;
}

/** get_post_type_capabilities() for a capability_type pair, with map_meta_cap on. */
function capabilityMap(singular: string, plural: string, overrides: Record<string, string> = {}): Record<string, string> {
  const caps: Record<string, string> = {
    edit_post: `edit_${singular}`,
    read_post: `read_${singular}`,
    delete_post: `delete_${singular}`,
    edit_posts: `edit_${plural}`,
    edit_others_posts: `edit_others_${plural}`,
    delete_posts: `delete_${plural}`,
    publish_posts: `publish_${plural}`,
    read_private_posts: `read_private_${plural}`,
    read: 'read',
    delete_private_posts: `delete_private_${plural}`,
    delete_published_posts: `delete_published_${plural}`,
    delete_others_posts: `delete_others_${plural}`,
    edit_private_posts: `edit_private_${plural}`,
    edit_published_posts: `edit_published_${plural}`,
  };
  Object.assign(caps, overrides);
  if (caps.create_posts === undefined) caps.create_posts = caps.edit_posts;
  return caps;
}

interface Registration {
  labels: Record<string, string>;
  capabilities: Record<string, string>;
  showUi: boolean;
  showInNavMenus: boolean;
}

const THEME = 'edit_theme_options';

/** What create_initial_post_types() passes to register_post_type() beyond our registry. */
const REGISTRATIONS: Partial<Record<string, Registration>> = {
  post: { labels: { name_admin_bar: 'Post' }, capabilities: capabilityMap('post', 'posts'), showUi: true, showInNavMenus: true },
  page: { labels: { name_admin_bar: 'Page' }, capabilities: capabilityMap('page', 'pages'), showUi: true, showInNavMenus: true },
  attachment: {
    labels: {
      name: 'Media', name_admin_bar: 'Media', add_new: 'Add Media File', add_new_item: 'Add Media File', edit_item: 'Edit Media',
      view_item: 'View Media File', attributes: 'Attachment Attributes',
    },
    capabilities: capabilityMap('post', 'posts', { create_posts: 'upload_files' }),
    showUi: true,
    showInNavMenus: false,
  },
  nav_menu_item: {
    labels: { name: 'Navigation Menu Items', singular_name: 'Navigation Menu Item' },
    capabilities: capabilityMap(THEME, THEME, {
      edit_post: 'edit_post', read_post: 'read_post', delete_post: 'delete_post',
      edit_posts: THEME, edit_others_posts: THEME, delete_posts: THEME, publish_posts: THEME, read_private_posts: THEME,
      read: 'read', delete_private_posts: THEME, delete_published_posts: THEME, delete_others_posts: THEME,
      edit_private_posts: THEME, edit_published_posts: THEME,
    }),
    showUi: false,
    showInNavMenus: false,
  },
};

/** Post types WordPress registers without REST support: reading them is forbidden rather than unknown. */
const HIDDEN_TYPES = new Set(['revision', 'custom_css', 'customize_changeset', 'oembed_cache', 'user_request']);

function describe(def: PostTypeDef): PostTypeObject {
  const reg = REGISTRATIONS[def.slug] ?? {
    labels: { name: def.name, singular_name: def.singularName },
    capabilities: capabilityMap('post', 'posts'),
    showUi: true,
    showInNavMenus: def.viewable,
  };
  return {
    def,
    capabilities: reg.capabilities,
    labels: postTypeLabels(def.slug, def.hierarchical, reg.labels),
    hasArchive: false,
    visibility: { show_in_nav_menus: reg.showInNavMenus, show_ui: reg.showUi },
    taxonomies: restTaxonomiesOf(def.slug).map((t) => t.slug),
  };
}

const OBJECTS: readonly PostTypeObject[] = Object.values(POST_TYPES).filter((t) => t.showInRest).map(describe);

/** get_items_permissions_check. */
export function listPostTypesPermissionError(viewer: Viewer, context: string | undefined): DomainError | null {
  if (context === 'edit' && !canEditSomeRestType(viewer)) {
    return forbidden('rest_cannot_view', 'Sorry, you are not allowed to edit posts in this post type.', viewer);
  }
  return null;
}

export function canListPostTypes(viewer: Viewer, context: string | undefined): boolean {
  return listPostTypesPermissionError(viewer, context) === null;
}

/** GET /types: keyed by slug in registration order; in edit context only the editable ones. */
export function listPostTypes(viewer: Viewer, context?: string): PostTypeObject[] {
  const denied = listPostTypesPermissionError(viewer, context);
  if (denied) throw denied;
  return OBJECTS.filter((o) => context !== 'edit' || viewer.can(o.def.caps.edit_posts));
}

/** GET /types/{type}: 404 rest_type_invalid, 401/403 rest_cannot_read_type or rest_forbidden_context. */
export function getPostType(viewer: Viewer, slug: string, context?: string): PostTypeObject {
  const found = OBJECTS.find((o) => o.def.slug === slug);
  if (!found) {
    if (HIDDEN_TYPES.has(slug) || postType(slug)) throw forbidden('rest_cannot_read_type', 'Cannot view post type.', viewer);
    throw new DomainError('rest_type_invalid', 'Invalid post type.', 404);
  }
  if (context === 'edit' && !viewer.can(found.def.caps.edit_posts)) {
    throw forbidden('rest_forbidden_context', 'Sorry, you are not allowed to edit posts in this post type.', viewer);
  }
  return found;
}

/**
 * The post types WPGraphQL serves as ContentType objects (show_in_graphql): the REST-visible ones
 * but menu items (WPGraphQL's MenuItem is its own type), and the calendar's (ql-events registers them).
 */
const GRAPHQL_TYPES = ['post', 'page', 'attachment', 'tribe_events', 'tribe_venue', 'tribe_organizer'] as const;
const GRAPHQL_OBJECTS: readonly PostTypeObject[] = GRAPHQL_TYPES.map((slug) => OBJECTS.find((o) => o.def.slug === slug) ?? describe(POST_TYPES[slug]));

/** WPGraphQL's names of a post type (graphql_single_name / graphql_plural_name). */
export const GRAPHQL_NAMES: Readonly<Record<string, readonly [single: string, plural: string]>> = {
  post: ['post', 'posts'],
  page: ['page', 'pages'],
  attachment: ['mediaItem', 'mediaItems'],
  tribe_events: ['event', 'events'],
  tribe_venue: ['venue', 'venues'],
  tribe_organizer: ['organizer', 'organizers'],
};

/** What register_post_type() sets for the built-in types beyond the registry (create_initial_post_types). */
export interface PostTypeFlags {
  publiclyQueryable: boolean;
  excludeFromSearch: boolean;
  deleteWithUser: boolean | null;
  menuPosition: number | null;
  showInAdminBar: boolean;
  canExport: boolean;
  restControllerClass: string;
}

const FLAGS: Partial<Record<string, Partial<PostTypeFlags>>> = {
  post: { deleteWithUser: true, menuPosition: 5 },
  page: { publiclyQueryable: false, deleteWithUser: true, menuPosition: 20 },
  attachment: { deleteWithUser: true, showInAdminBar: false, restControllerClass: 'WP_REST_Attachments_Controller' },
};

export function postTypeFlags(object: PostTypeObject): PostTypeFlags {
  return {
    publiclyQueryable: object.def.viewable,
    excludeFromSearch: !object.def.viewable,
    deleteWithUser: null,
    menuPosition: null,
    showInAdminBar: object.visibility.show_ui,
    canExport: true,
    restControllerClass: 'WP_REST_Posts_Controller',
    ...FLAGS[object.def.slug],
  };
}

/** The post types served as GraphQL ContentTypes (anybody may read them, as in WPGraphQL). */
export function graphqlPostTypes(): readonly PostTypeObject[] {
  return GRAPHQL_OBJECTS;
}

export function graphqlPostType(slug: string): PostTypeObject | null {
  return GRAPHQL_OBJECTS.find((o) => o.def.slug === slug) ?? null;
}

/**
 * The post types the site knows, as WordPress registers them (register_post_type): labels, REST
 * base, supported features, taxonomies and the primitive capabilities their meta capabilities map
 * to. The /types route, links, field sets and permission checks all read this one table.
 */
export type PostTypeSlug = 'post' | 'page' | 'attachment' | 'nav_menu_item' | 'revision' | EventPostTypeSlug;

/** The calendar's post types (The Events Calendar's names), served by the `events/v1` namespace. */
export type EventPostTypeSlug = 'tribe_events' | 'tribe_venue' | 'tribe_organizer';

export interface PostTypeCaps {
  edit_posts: string;
  edit_others_posts: string;
  edit_private_posts: string;
  edit_published_posts: string;
  publish_posts: string;
  read_private_posts: string;
  delete_posts: string;
  delete_private_posts: string;
  delete_published_posts: string;
  delete_others_posts: string;
  create_posts: string;
}

export interface PostTypeDef {
  slug: PostTypeSlug;
  name: string;
  singularName: string;
  description: string;
  hierarchical: boolean;
  restBase: string;
  restNamespace: string;
  viewable: boolean;
  icon: string | null;
  supports: Readonly<Record<string, boolean>>;
  taxonomies: readonly string[];
  caps: PostTypeCaps;
  /** Whether the REST API exposes it in /types. */
  showInRest: boolean;
}

function capsFor(plural: 'posts' | 'pages'): PostTypeCaps {
  return {
    edit_posts: `edit_${plural}`,
    edit_others_posts: `edit_others_${plural}`,
    edit_private_posts: `edit_private_${plural}`,
    edit_published_posts: `edit_published_${plural}`,
    publish_posts: `publish_${plural}`,
    read_private_posts: `read_private_${plural}`,
    delete_posts: `delete_${plural}`,
    delete_private_posts: `delete_private_${plural}`,
    delete_published_posts: `delete_published_${plural}`,
    delete_others_posts: `delete_others_${plural}`,
    create_posts: `edit_${plural}`,
  };
}

export const POST_TYPES: Readonly<Record<PostTypeSlug, PostTypeDef>> = {
  post: {
    slug: 'post', name: 'Posts', singularName: 'Post', description: '', hierarchical: false, restBase: 'posts', restNamespace: 'core/v2',
    viewable: true, icon: 'dashicons-admin-post', showInRest: true,
    supports: { title: true, editor: true, author: true, thumbnail: true, excerpt: true, trackbacks: true, 'custom-fields': true, comments: true, revisions: true, 'post-formats': true, autosave: true },
    taxonomies: ['category', 'post_tag', 'post_format'], caps: capsFor('posts'),
  },
  page: {
    slug: 'page', name: 'Pages', singularName: 'Page', description: '', hierarchical: true, restBase: 'pages', restNamespace: 'core/v2',
    viewable: true, icon: 'dashicons-admin-page', showInRest: true,
    supports: { title: true, editor: true, author: true, thumbnail: true, 'page-attributes': true, 'custom-fields': true, comments: true, revisions: true, autosave: true },
    taxonomies: [], caps: capsFor('pages'),
  },
  attachment: {
    slug: 'attachment', name: 'Media', singularName: 'Media', description: '', hierarchical: false, restBase: 'media', restNamespace: 'core/v2',
    viewable: true, icon: 'dashicons-admin-media', showInRest: true,
    supports: { title: true, author: true, comments: true },
    taxonomies: [], caps: { ...capsFor('posts'), create_posts: 'upload_files' },
  },
  nav_menu_item: {
    slug: 'nav_menu_item', name: 'Navigation Menu Items', singularName: 'Navigation Menu Item', description: '', hierarchical: false, restBase: 'menu-items', restNamespace: 'core/v2',
    viewable: false, icon: null, showInRest: true,
    supports: { title: true, editor: true, autosave: true },
    taxonomies: ['nav_menu'],
    caps: Object.fromEntries(Object.keys(capsFor('posts')).map((k) => [k, 'edit_theme_options'])) as unknown as PostTypeCaps,
  },
  revision: {
    slug: 'revision', name: 'Revisions', singularName: 'Revision', description: '', hierarchical: false, restBase: 'revisions', restNamespace: 'core/v2',
    viewable: false, icon: null, showInRest: false,
    supports: { author: true }, taxonomies: [], caps: capsFor('posts'),
  },
  // The calendar's types are served by events/v1 only, so core/v2 neither lists nor serves them
  // (showInRest: false). The Events Calendar grants edit_tribe_events & co. to exactly the roles
  // holding the matching post capability (Tribe__Events__Capabilities), hence the posts primitives.
  tribe_events: {
    slug: 'tribe_events', name: 'Events', singularName: 'Event', description: '', hierarchical: false, restBase: 'tribe_events', restNamespace: 'core/v2',
    viewable: true, icon: 'dashicons-calendar', showInRest: false,
    supports: { title: true, editor: true, excerpt: true, thumbnail: true, 'custom-fields': true, comments: true, revisions: true, author: true },
    taxonomies: ['tribe_events_cat', 'post_tag'], caps: capsFor('posts'),
  },
  tribe_venue: {
    slug: 'tribe_venue', name: 'Venues', singularName: 'Venue', description: '', hierarchical: false, restBase: 'tribe_venue', restNamespace: 'core/v2',
    viewable: true, icon: null, showInRest: false,
    supports: { title: true, editor: true, excerpt: true, thumbnail: true, 'custom-fields': true }, taxonomies: [], caps: capsFor('posts'),
  },
  tribe_organizer: {
    slug: 'tribe_organizer', name: 'Organizers', singularName: 'Organizer', description: '', hierarchical: false, restBase: 'tribe_organizer', restNamespace: 'core/v2',
    viewable: true, icon: null, showInRest: false,
    supports: { title: true, editor: true, excerpt: true, thumbnail: true, 'custom-fields': true }, taxonomies: [], caps: capsFor('posts'),
  },
};

export function postType(slug: string): PostTypeDef | undefined {
  return (POST_TYPES as Record<string, PostTypeDef>)[slug];
}

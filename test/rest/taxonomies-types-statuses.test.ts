/**
 * The descriptive routes `/core/v2/types`, `/core/v2/statuses` and `/core/v2/taxonomies` over real
 * HTTP, as WP_REST_Post_Types_Controller, WP_REST_Post_Statuses_Controller and
 * WP_REST_Taxonomies_Controller answer them.
 */
import { basicAuth, startTestApp, SITE_URL, type TestApp } from '../support/app';

const ROOT = `${SITE_URL}/wp-json`;
const CURIES = [{ name: 'wp', href: 'https://api.w.org/{rel}', templated: true }];
const CONTEXT_ARG = {
  description: 'Scope under which the request is made; determines fields present in response.',
  type: 'string',
  enum: ['view', 'embed', 'edit'],
  default: 'view',
  required: false,
};

describe('types, statuses and taxonomies', () => {
  let t: TestApp;
  const auth: Record<'editor' | 'author' | 'contributor' | 'subscriber', string> = { editor: '', author: '', contributor: '', subscriber: '' };

  beforeAll(async () => {
    t = await startTestApp();
    for (const role of ['editor', 'author', 'contributor', 'subscriber'] as const) {
      const res = await t.request.post('/wp-json/core/v2/users').set('Authorization', t.adminAuth).send({ username: role, email: `${role}@example.com`, password: 'secret-1', roles: [role] });
      const pw = await t.request.post(`/wp-json/core/v2/users/${res.body.id}/application-passwords`).set('Authorization', t.adminAuth).send({ name: 'tests' });
      auth[role] = basicAuth(role, pw.body.password);
    }
  });
  afterAll(() => t.close());

  describe('/types', () => {
    const TYPES = '/wp-json/core/v2/types';
    const VIEW_KEYS = ['description', 'hierarchical', 'has_archive', 'name', 'slug', 'icon', 'taxonomies', 'rest_base', 'rest_namespace', 'template', 'template_lock', '_links'];
    const EDIT_KEYS = [
      'capabilities', 'description', 'hierarchical', 'has_archive', 'visibility', 'viewable', 'labels', 'name', 'slug', 'icon', 'supports', 'taxonomies',
      'rest_base', 'rest_namespace', 'template', 'template_lock', '_links',
    ];

    it('declares the routes and the type schema', async () => {
      const list = await t.request.options(TYPES).expect(200);
      expect(list.body.methods).toEqual(['GET']);
      expect(list.body.endpoints).toEqual([{ methods: ['GET'], args: { context: CONTEXT_ARG } }]);
      expect(list.body.schema.title).toBe('type');
      expect(Object.keys(list.body.schema.properties)).toEqual([
        'capabilities', 'description', 'hierarchical', 'viewable', 'labels', 'name', 'slug', 'supports', 'has_archive', 'taxonomies', 'rest_base',
        'rest_namespace', 'visibility', 'icon', 'template', 'template_lock',
      ]);
      expect(list.body.schema.properties.template_lock).toEqual({
        type: ['string', 'boolean'],
        enum: ['all', 'insert', 'contentOnly', false],
        description: 'The template_lock associated with the post type, or false if none.',
        readonly: true,
        context: ['view', 'edit', 'embed'],
      });
      const item = await t.request.options(`${TYPES}/post`).expect(200);
      expect(item.body.endpoints).toEqual([
        { methods: ['GET'], args: { type: { description: 'An alphanumeric identifier for the post type.', type: 'string', required: false }, context: CONTEXT_ARG } },
      ]);
    });

    it('lists the REST-visible types keyed by slug for everybody', async () => {
      const res = await t.request.get(TYPES).expect(200);
      expect(Object.keys(res.body)).toEqual(['post', 'page', 'attachment', 'nav_menu_item']);
      expect(res.headers.allow).toBe('GET');
      expect(res.headers['x-wp-total']).toBeUndefined();
      expect(Object.keys(res.body.post)).toEqual(VIEW_KEYS);
      expect(res.body.post).toEqual({
        description: '',
        hierarchical: false,
        has_archive: false,
        name: 'Posts',
        slug: 'post',
        icon: 'dashicons-admin-post',
        taxonomies: ['category', 'post_tag'],
        rest_base: 'posts',
        rest_namespace: 'core/v2',
        template: [],
        template_lock: false,
        _links: {
          collection: [{ href: `${ROOT}/core/v2/types` }],
          'wp:items': [{ href: `${ROOT}/core/v2/posts` }],
          curies: CURIES,
        },
      });
      expect(res.body.page).toMatchObject({ hierarchical: true, name: 'Pages', icon: 'dashicons-admin-page', taxonomies: [], rest_base: 'pages' });
      expect(res.body.attachment).toMatchObject({ name: 'Media', rest_base: 'media', icon: 'dashicons-admin-media' });
      expect(res.body.nav_menu_item).toMatchObject({ name: 'Navigation Menu Items', icon: null, taxonomies: ['nav_menu'], rest_base: 'menu-items' });
      expect(res.body.nav_menu_item._links['wp:items']).toEqual([{ href: `${ROOT}/core/v2/menu-items` }]);
    });

    it('serves edit context to users who can edit some type, with only the types they can edit', async () => {
      const anon = await t.request.get(`${TYPES}?context=edit`).expect(401);
      expect(anon.body).toEqual({ code: 'rest_cannot_view', message: 'Sorry, you are not allowed to edit posts in this post type.', data: { status: 401 } });
      expect(anon.headers.allow).toBeUndefined();
      await t.request.get(`${TYPES}?context=edit`).set('Authorization', auth.subscriber).expect(403);
      const contributor = await t.request.get(`${TYPES}?context=edit`).set('Authorization', auth.contributor).expect(200);
      expect(Object.keys(contributor.body)).toEqual(['post', 'attachment']);
      expect(Object.keys((await t.request.get(`${TYPES}?context=edit`).set('Authorization', auth.editor)).body)).toEqual(['post', 'page', 'attachment']);

      const admin = await t.request.get(`${TYPES}?context=edit`).set('Authorization', t.adminAuth).expect(200);
      expect(Object.keys(admin.body)).toEqual(['post', 'page', 'attachment', 'nav_menu_item']);
      const post = admin.body.post;
      expect(Object.keys(post)).toEqual(EDIT_KEYS);
      expect(post.capabilities).toEqual({
        edit_post: 'edit_post', read_post: 'read_post', delete_post: 'delete_post', edit_posts: 'edit_posts', edit_others_posts: 'edit_others_posts',
        delete_posts: 'delete_posts', publish_posts: 'publish_posts', read_private_posts: 'read_private_posts', read: 'read',
        delete_private_posts: 'delete_private_posts', delete_published_posts: 'delete_published_posts', delete_others_posts: 'delete_others_posts',
        edit_private_posts: 'edit_private_posts', edit_published_posts: 'edit_published_posts', create_posts: 'edit_posts',
      });
      expect(Object.keys(post.capabilities)).toEqual([
        'edit_post', 'read_post', 'delete_post', 'edit_posts', 'edit_others_posts', 'delete_posts', 'publish_posts', 'read_private_posts', 'read',
        'delete_private_posts', 'delete_published_posts', 'delete_others_posts', 'edit_private_posts', 'edit_published_posts', 'create_posts',
      ]);
      expect(post.visibility).toEqual({ show_in_nav_menus: true, show_ui: true });
      expect(post.viewable).toBe(true);
      expect(post.supports).toEqual({
        title: true, editor: true, author: true, thumbnail: true, excerpt: true, trackbacks: true, 'custom-fields': true, comments: true, revisions: true,
        'post-formats': true, autosave: true,
      });
      expect(Object.keys(post.labels)).toEqual([
        'name', 'singular_name', 'add_new', 'add_new_item', 'edit_item', 'new_item', 'view_item', 'view_items', 'search_items', 'not_found',
        'not_found_in_trash', 'parent_item_colon', 'all_items', 'archives', 'attributes', 'insert_into_item', 'uploaded_to_this_item', 'featured_image',
        'set_featured_image', 'remove_featured_image', 'use_featured_image', 'filter_items_list', 'filter_by_date', 'items_list_navigation', 'items_list',
        'item_published', 'item_published_privately', 'item_reverted_to_draft', 'item_trashed', 'item_scheduled', 'item_updated', 'item_link',
        'item_link_description', 'menu_name', 'name_admin_bar',
      ]);
      expect(post.labels).toMatchObject({ name: 'Posts', add_new_item: 'Add Post', parent_item_colon: null, menu_name: 'Posts', name_admin_bar: 'Post', item_link_description: 'A link to a post.' });

      const page = admin.body.page;
      expect(page.capabilities).toMatchObject({ edit_post: 'edit_page', edit_posts: 'edit_pages', create_posts: 'edit_pages', read: 'read' });
      expect(page.labels).toMatchObject({ name: 'Pages', parent_item_colon: 'Parent Page:', all_items: 'All Pages', name_admin_bar: 'Page' });
      const media = admin.body.attachment;
      expect(media.capabilities.create_posts).toBe('upload_files');
      expect(media.visibility).toEqual({ show_in_nav_menus: false, show_ui: true });
      expect(media.labels).toMatchObject({ name: 'Media', singular_name: 'Media', add_new: 'Add Media File', all_items: 'Media', archives: 'Media', menu_name: 'Media', template_name: 'Single item: Media' });
      const items = admin.body.nav_menu_item;
      expect(items.viewable).toBe(false);
      expect(items.visibility).toEqual({ show_in_nav_menus: false, show_ui: false });
      expect(items.capabilities).toMatchObject({ edit_post: 'edit_post', edit_posts: 'edit_theme_options', read: 'read', create_posts: 'edit_theme_options' });
      expect(items.labels).toMatchObject({ singular_name: 'Navigation Menu Item', name_admin_bar: 'Navigation Menu Item', template_name: 'Single item: Navigation Menu Item' });
    });

    it('serves one type, with 404 for unknown types and 401/403 for hidden ones', async () => {
      const post = await t.request.get(`${TYPES}/post`).expect(200);
      expect(Object.keys(post.body)).toEqual(VIEW_KEYS);
      expect(post.headers.allow).toBe('GET');
      const embed = await t.request.get(`${TYPES}/page?context=embed`).expect(200);
      expect(Object.keys(embed.body)).toEqual(['name', 'slug', 'icon', 'rest_base', 'rest_namespace', 'template', 'template_lock', '_links']);
      const missing = await t.request.get(`${TYPES}/bogus-type`).expect(404);
      expect(missing.body).toEqual({ code: 'rest_type_invalid', message: 'Invalid post type.', data: { status: 404 } });
      expect(missing.headers.allow).toBe('GET');
      const hidden = await t.request.get(`${TYPES}/revision`).expect(401);
      expect(hidden.body).toEqual({ code: 'rest_cannot_read_type', message: 'Cannot view post type.', data: { status: 401 } });
      await t.request.get(`${TYPES}/custom_css`).set('Authorization', t.adminAuth).expect(403);
      const forbidden = await t.request.get(`${TYPES}/page?context=edit`).set('Authorization', auth.contributor).expect(403);
      expect(forbidden.body).toEqual({ code: 'rest_forbidden_context', message: 'Sorry, you are not allowed to edit posts in this post type.', data: { status: 403 } });
      expect(Object.keys((await t.request.get(`${TYPES}/post?context=edit`).set('Authorization', auth.contributor).expect(200)).body)).toEqual(EDIT_KEYS);
      await t.request.get(`${TYPES}/post?context=bogus`).expect(400);
    });
  });

  describe('/statuses', () => {
    const STATUSES = '/wp-json/core/v2/statuses';

    it('declares the routes and the status schema', async () => {
      const list = await t.request.options(STATUSES).expect(200);
      expect(list.body.endpoints).toEqual([{ methods: ['GET'], args: { context: CONTEXT_ARG } }]);
      expect(list.body.schema.title).toBe('status');
      expect(Object.keys(list.body.schema.properties)).toEqual(['name', 'private', 'protected', 'public', 'queryable', 'show_in_list', 'slug', 'date_floating']);
      const item = await t.request.options(`${STATUSES}/publish`).expect(200);
      expect(Object.keys(item.body.endpoints[0].args)).toEqual(['status', 'context']);
      expect(item.body.endpoints[0].args.status).toEqual({ description: 'An alphanumeric identifier for the status.', type: 'string', required: false });
    });

    it('shows anonymous callers the public statuses only', async () => {
      const res = await t.request.get(STATUSES).expect(200);
      expect(res.body).toEqual({
        publish: {
          name: 'Published',
          public: true,
          queryable: true,
          slug: 'publish',
          date_floating: false,
          _links: { archives: [{ href: `${ROOT}/core/v2/posts` }] },
        },
      });
      expect(res.headers.allow).toBe('GET');
      await t.request.get(STATUSES).set('Authorization', auth.subscriber).expect(200).expect((r) => expect(Object.keys(r.body)).toEqual(['publish']));
    });

    it('shows editors every non-internal status and trash, in edit context too', async () => {
      const res = await t.request.get(`${STATUSES}?context=edit`).set('Authorization', auth.contributor).expect(200);
      expect(Object.keys(res.body)).toEqual(['publish', 'future', 'draft', 'pending', 'private', 'trash']);
      expect(res.body.draft).toEqual({
        name: 'Draft',
        private: false,
        protected: true,
        public: false,
        queryable: false,
        show_in_list: true,
        slug: 'draft',
        date_floating: true,
        _links: { archives: [{ href: `${ROOT}/core/v2/posts?status=draft` }] },
      });
      expect(res.body.future).toMatchObject({ name: 'Scheduled', protected: true, date_floating: false, show_in_list: true });
      expect(res.body.pending).toMatchObject({ name: 'Pending', protected: true, date_floating: true });
      expect(res.body.private).toMatchObject({ name: 'Private', private: true, protected: false, public: false, queryable: false, show_in_list: true });
      expect(res.body.trash).toMatchObject({ name: 'Trash', private: false, protected: false, public: false, show_in_list: false, date_floating: false });
      expect(res.body.publish).toMatchObject({ private: false, protected: false, public: true, queryable: true, show_in_list: true });

      const anon = await t.request.get(`${STATUSES}?context=edit`).expect(401);
      expect(anon.body).toEqual({ code: 'rest_cannot_view', message: 'Sorry, you are not allowed to manage post statuses.', data: { status: 401 } });
      expect(anon.headers.allow).toBeUndefined();
      expect((await t.request.get(`${STATUSES}?context=edit`).set('Authorization', auth.subscriber).expect(403)).body.code).toBe('rest_cannot_view');
      const embed = await t.request.get(`${STATUSES}?context=embed`).expect(200);
      expect(embed.body).toEqual({ publish: { name: 'Published', slug: 'publish', _links: { archives: [{ href: `${ROOT}/core/v2/posts` }] } } });
    });

    it('serves one status to those who may see it', async () => {
      const publish = await t.request.get(`${STATUSES}/publish?context=edit`).expect(200);
      expect(Object.keys(publish.body)).toEqual(['name', 'private', 'protected', 'public', 'queryable', 'show_in_list', 'slug', 'date_floating', '_links']);
      const draft = await t.request.get(`${STATUSES}/draft`).expect(401);
      expect(draft.body).toEqual({ code: 'rest_cannot_read_status', message: 'Cannot view status.', data: { status: 401 } });
      expect(draft.headers.allow).toBeUndefined();
      await t.request.get(`${STATUSES}/draft`).set('Authorization', auth.subscriber).expect(403);
      const ok = await t.request.get(`${STATUSES}/trash`).set('Authorization', auth.author).expect(200);
      expect(ok.body._links.archives).toEqual([{ href: `${ROOT}/core/v2/posts?status=trash` }]);
      expect(ok.headers.allow).toBe('GET');
      // Internal statuses exist but nobody may read them.
      expect((await t.request.get(`${STATUSES}/inherit`).set('Authorization', t.adminAuth).expect(403)).body.code).toBe('rest_cannot_read_status');
      await t.request.get(`${STATUSES}/auto-draft`).expect(401);
      const missing = await t.request.get(`${STATUSES}/bogus`).expect(404);
      expect(missing.body).toEqual({ code: 'rest_status_invalid', message: 'Invalid status.', data: { status: 404 } });
    });
  });

  describe('/taxonomies', () => {
    const TAXONOMIES = '/wp-json/core/v2/taxonomies';
    const VIEW_KEYS = ['name', 'slug', 'description', 'types', 'hierarchical', 'rest_base', 'rest_namespace', '_links'];
    const EDIT_KEYS = ['name', 'slug', 'capabilities', 'description', 'labels', 'types', 'show_cloud', 'hierarchical', 'rest_base', 'rest_namespace', 'visibility', '_links'];

    it('declares the routes and the taxonomy schema', async () => {
      const list = await t.request.options(TAXONOMIES).expect(200);
      expect(list.body.endpoints).toEqual([
        {
          methods: ['GET'],
          args: { context: CONTEXT_ARG, type: { description: 'Limit results to taxonomies associated with a specific post type.', type: 'string', required: false } },
        },
      ]);
      expect(list.body.schema.title).toBe('taxonomy');
      expect(Object.keys(list.body.schema.properties)).toEqual([
        'capabilities', 'description', 'hierarchical', 'labels', 'name', 'slug', 'show_cloud', 'types', 'rest_base', 'rest_namespace', 'visibility',
      ]);
      expect(Object.keys(list.body.schema.properties.visibility.properties)).toEqual(['public', 'publicly_queryable', 'show_ui', 'show_admin_column', 'show_in_nav_menus', 'show_in_quick_edit']);
      const item = await t.request.options(`${TAXONOMIES}/category`).expect(200);
      expect(item.body.endpoints[0].args.taxonomy).toEqual({ description: 'An alphanumeric identifier for the taxonomy.', type: 'string', required: false });
    });

    it('lists the REST-visible taxonomies keyed by slug, filtered by type', async () => {
      const res = await t.request.get(TAXONOMIES).expect(200);
      expect(Object.keys(res.body)).toEqual(['category', 'post_tag', 'nav_menu']);
      expect(res.headers.allow).toBe('GET');
      expect(Object.keys(res.body.category)).toEqual(VIEW_KEYS);
      expect(res.body.category).toEqual({
        name: 'Categories',
        slug: 'category',
        description: '',
        types: ['post'],
        hierarchical: true,
        rest_base: 'categories',
        rest_namespace: 'core/v2',
        _links: {
          collection: [{ href: `${ROOT}/core/v2/taxonomies` }],
          'wp:items': [{ href: `${ROOT}/core/v2/categories` }],
          curies: CURIES,
        },
      });
      expect(res.body.post_tag).toMatchObject({ name: 'Tags', hierarchical: false, rest_base: 'tags' });
      expect(res.body.nav_menu).toMatchObject({ name: 'Navigation Menus', types: ['nav_menu_item'], rest_base: 'menus' });
      expect(Object.keys((await t.request.get(`${TAXONOMIES}?type=post`)).body)).toEqual(['category', 'post_tag']);
      expect(Object.keys((await t.request.get(`${TAXONOMIES}?type=nav_menu_item`)).body)).toEqual(['nav_menu']);
      expect(Object.keys((await t.request.get(`${TAXONOMIES}?type=0`)).body)).toEqual(['category', 'post_tag', 'nav_menu']);
      const none = await t.request.get(`${TAXONOMIES}?type=page`).expect(200);
      expect(none.text).toBe('{}');
      const embed = await t.request.get(`${TAXONOMIES}?context=embed`).expect(200);
      expect(Object.keys(embed.body.post_tag)).toEqual(['name', 'slug', 'rest_base', 'rest_namespace', '_links']);
    });

    it('serves edit context with the taxonomies the user can assign', async () => {
      const anon = await t.request.get(`${TAXONOMIES}?context=edit`).expect(401);
      expect(anon.body).toEqual({ code: 'rest_cannot_view', message: 'Sorry, you are not allowed to manage terms in this taxonomy.', data: { status: 401 } });
      await t.request.get(`${TAXONOMIES}?context=edit`).set('Authorization', auth.subscriber).expect(403);
      const contributor = await t.request.get(`${TAXONOMIES}?context=edit`).set('Authorization', auth.contributor).expect(200);
      expect(Object.keys(contributor.body)).toEqual(['category', 'post_tag']);
      await t.request.get(`${TAXONOMIES}?context=edit&type=nav_menu_item`).set('Authorization', auth.editor).expect(403);

      const admin = await t.request.get(`${TAXONOMIES}?context=edit`).set('Authorization', t.adminAuth).expect(200);
      expect(Object.keys(admin.body)).toEqual(['category', 'post_tag', 'nav_menu']);
      const category = admin.body.category;
      expect(Object.keys(category)).toEqual(EDIT_KEYS);
      expect(category.capabilities).toEqual({ manage_terms: 'manage_categories', edit_terms: 'edit_categories', delete_terms: 'delete_categories', assign_terms: 'assign_categories' });
      expect(category.show_cloud).toBe(true);
      expect(category.visibility).toEqual({ public: true, publicly_queryable: true, show_admin_column: true, show_in_nav_menus: true, show_in_quick_edit: true, show_ui: true });
      expect(Object.keys(category.labels)).toEqual([
        'name', 'singular_name', 'search_items', 'popular_items', 'all_items', 'parent_item', 'parent_item_colon', 'name_field_description',
        'slug_field_description', 'parent_field_description', 'desc_field_description', 'edit_item', 'view_item', 'update_item', 'add_new_item',
        'new_item_name', 'separate_items_with_commas', 'add_or_remove_items', 'choose_from_most_used', 'not_found', 'no_terms', 'filter_by_item',
        'items_list_navigation', 'items_list', 'most_used', 'back_to_items', 'item_link', 'item_link_description', 'menu_name', 'name_admin_bar',
        'template_name',
      ]);
      expect(category.labels).toMatchObject({
        name: 'Categories', popular_items: null, parent_item: 'Parent Category', back_to_items: '&larr; Go to Categories', menu_name: 'Categories',
        name_admin_bar: 'category', template_name: 'Category Archives',
      });
      expect(admin.body.post_tag.capabilities).toEqual({ manage_terms: 'manage_post_tags', edit_terms: 'edit_post_tags', delete_terms: 'delete_post_tags', assign_terms: 'assign_post_tags' });
      expect(admin.body.post_tag.labels).toMatchObject({ name: 'Tags', parent_item: null, separate_items_with_commas: 'Separate tags with commas', name_admin_bar: 'post_tag', template_name: 'Tag Archives' });
      const menus = admin.body.nav_menu;
      expect(menus.capabilities).toEqual({ manage_terms: 'edit_theme_options', edit_terms: 'edit_theme_options', delete_terms: 'edit_theme_options', assign_terms: 'edit_theme_options' });
      expect(menus.show_cloud).toBe(false);
      expect(menus.visibility).toEqual({ public: false, publicly_queryable: false, show_admin_column: false, show_in_nav_menus: false, show_in_quick_edit: false, show_ui: false });
      expect(menus.labels).toMatchObject({ name: 'Navigation Menus', singular_name: 'Navigation Menu', all_items: 'Navigation Menus', name_admin_bar: 'Navigation Menu', archives: 'Navigation Menus', template_name: 'Navigation Menu Archives' });
    });

    it('serves one taxonomy, with 404 for unknown ones and 401/403 for hidden ones', async () => {
      const tag = await t.request.get(`${TAXONOMIES}/post_tag`).expect(200);
      expect(Object.keys(tag.body)).toEqual(VIEW_KEYS);
      expect(tag.headers.allow).toBe('GET');
      const missing = await t.request.get(`${TAXONOMIES}/bogus`).expect(404);
      expect(missing.body).toEqual({ code: 'rest_taxonomy_invalid', message: 'Invalid taxonomy.', data: { status: 404 } });
      expect(missing.headers.allow).toBe('GET');
      const hidden = await t.request.get(`${TAXONOMIES}/post_format`).expect(401);
      expect(hidden.body).toEqual({ code: 'rest_forbidden', message: 'Sorry, you are not allowed to do that.', data: { status: 401 } });
      expect(hidden.headers.allow).toBeUndefined();
      const menus = await t.request.get(`${TAXONOMIES}/nav_menu?context=edit`).set('Authorization', auth.editor).expect(403);
      expect(menus.body).toEqual({ code: 'rest_forbidden_context', message: 'Sorry, you are not allowed to manage terms in this taxonomy.', data: { status: 403 } });
      expect(Object.keys((await t.request.get(`${TAXONOMIES}/nav_menu?context=edit`).set('Authorization', t.adminAuth).expect(200)).body)).toEqual(EDIT_KEYS);
      expect(Object.keys((await t.request.get(`${TAXONOMIES}/category?context=edit`).set('Authorization', auth.contributor).expect(200)).body)).toEqual(EDIT_KEYS);
    });
  });
});

/**
 * Who may do what, route by route: the core routes (and the calendar's single event) asked by
 * anonymous and by a user of each role, over real HTTP, against what WordPress 6.9.7 (The Events
 * Calendar 6.17.1) answers. Each expected cell is `status` for a success or `status code` for a
 * refusal; where the rule is not the obvious one the comment names the WordPress function.
 *
 * `denied(code, from)` reads: everybody below `from` is refused with `code`, 401 when nobody is
 * logged in and 403 otherwise (rest_authorization_required_code()); `from` and above succeed.
 */
import { basicAuth, startTestApp, type TestApp } from '../support/app';

const ROLES = ['anonymous', 'subscriber', 'contributor', 'author', 'editor', 'administrator'] as const;
type Role = (typeof ROLES)[number];
type Row = Record<Role, string>;

const V2 = '/wp-json/core/v2';
const EVENTS = '/wp-json/events/v1/events';

/** Refused below `from` with `code` (401 anonymous, 403 logged in), `ok` from `from` up. */
function denied(code: string, from: Role | null, ok = 200): Row {
  const start = from === null ? ROLES.length : ROLES.indexOf(from);
  return Object.fromEntries(ROLES.map((role, i) => [role, i >= start ? String(ok) : `${role === 'anonymous' ? 401 : 403} ${code}`])) as Row;
}

const everybody = (ok = 200): Row => denied('', 'anonymous', ok);

interface Fixtures {
  ids: Record<Role, number>;
  adminId: number;
  editorPost: number;
  authorDraft: number;
  authorPost: number;
  privatePost: number;
  revision: number;
  authorRevision: number;
  defaultCategory: number;
  category: number;
  tag: number;
  menu: number;
  menuItem: number;
  trashedEvent: number;
  editorEvent: number;
  trashedVenue: number;
  contributorPublished: number;
}

interface Case {
  name: string;
  method: 'GET' | 'POST' | 'DELETE';
  /** The path, made afresh for every cell when the request destroys what it names. */
  path: (f: Fixtures, fresh: Record<string, number>) => string;
  body?: (role: Role, n: number) => Record<string, unknown>;
  /** Records made (by the administrator) before each cell, for requests that change or delete them. */
  fresh?: (f: Fixtures) => Promise<Record<string, number>>;
  expected: Row;
}

describe('authorisation by role and route (WordPress 6.9.7)', () => {
  let t: TestApp;
  const auth: Partial<Record<Role, string>> = {};
  const f = { ids: {} } as Fixtures;
  let serial = 0;

  async function as(role: Role, method: string, path: string, body?: Record<string, unknown>) {
    let req = method === 'GET' ? t.request.get(path) : method === 'POST' ? t.request.post(path) : t.request.delete(path);
    if (auth[role]) req = req.set('Authorization', auth[role] as string);
    return body ? req.send(body) : req;
  }

  async function made(role: Role, method: string, path: string, body: Record<string, unknown>, status = 201): Promise<number> {
    const res = await as(role, method, path, body);
    if (res.status !== status) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.id as number;
  }

  const freshPost = async () => ({ id: await made('editor', 'POST', `${V2}/posts`, { title: `Fresh ${++serial}`, status: 'publish' }) });
  const freshCategory = async () => ({ id: await made('administrator', 'POST', `${V2}/categories`, { name: `Fresh category ${++serial}` }) });
  const freshMenu = async () => ({ id: await made('administrator', 'POST', `${V2}/menus`, { name: `Fresh menu ${++serial}` }) });
  const freshMenuItem = async (fx: Fixtures) => ({ id: await made('administrator', 'POST', `${V2}/menu-items`, { title: `Item ${++serial}`, url: 'https://example.org/', menus: fx.menu }) });
  const freshContributorPublished = async () => {
    const id = await made('contributor', 'POST', `${V2}/posts`, { title: `Contributor ${++serial}`, status: 'pending' });
    await made('editor', 'POST', `${V2}/posts/${id}`, { status: 'publish' }, 200);
    return { id };
  };
  const freshEvent = async () => ({ id: await made('editor', 'POST', EVENTS, { title: `Event ${++serial}`, start_date: '2030-06-02 10:00', end_date: '2030-06-02 12:00', status: 'publish' }) });
  const freshUser = async () => {
    const n = ++serial;
    return { id: await made('administrator', 'POST', `${V2}/users`, { username: `gone${n}`, email: `gone${n}@example.com`, password: 'secret-pass-1' }) };
  };

  beforeAll(async () => {
    t = await startTestApp();
    auth.administrator = t.adminAuth;
    f.adminId = (await t.db.prisma.user.findUniqueOrThrow({ where: { login: 'admin' } })).id;
    f.ids.anonymous = 0;
    f.ids.administrator = f.adminId;
    for (const role of ['subscriber', 'contributor', 'author', 'editor'] as const) {
      const id = await made('administrator', 'POST', `${V2}/users`, { username: role, email: `${role}@example.com`, password: 'secret-pass-1', roles: [role] });
      const pw = await as('administrator', 'POST', `${V2}/users/${id}/application-passwords`, { name: 'matrix' });
      auth[role] = basicAuth(role, pw.body.password);
      f.ids[role] = id;
    }
    f.editorPost = await made('editor', 'POST', `${V2}/posts`, { title: 'Editor post', content: 'First', status: 'publish' });
    await made('editor', 'POST', `${V2}/posts/${f.editorPost}`, { title: 'Editor post, revised' }, 200);
    f.revision = (await as('editor', 'GET', `${V2}/posts/${f.editorPost}/revisions`)).body[0].id;
    f.authorDraft = await made('author', 'POST', `${V2}/posts`, { title: 'Author draft', status: 'draft' });
    f.authorPost = await made('author', 'POST', `${V2}/posts`, { title: 'Author post', status: 'publish' });
    await made('author', 'POST', `${V2}/posts/${f.authorPost}`, { title: 'Author post, revised' }, 200);
    f.authorRevision = (await as('author', 'GET', `${V2}/posts/${f.authorPost}/revisions`)).body[0].id;
    f.privatePost = await made('editor', 'POST', `${V2}/posts`, { title: 'Editor private', status: 'private' });
    f.defaultCategory = (await as('administrator', 'GET', `${V2}/settings`)).body.default_category;
    // A contributor's post an editor published: no longer the contributor's to change (edit_published_posts).
    f.contributorPublished = await made('contributor', 'POST', `${V2}/posts`, { title: 'Contributor post', status: 'pending' });
    await made('editor', 'POST', `${V2}/posts/${f.contributorPublished}`, { status: 'publish' }, 200);
    f.trashedVenue = await made('author', 'POST', '/wp-json/events/v1/venues', { venue: 'Trashed hall', status: 'publish' });
    await made('author', 'DELETE', `/wp-json/events/v1/venues/${f.trashedVenue}`, {}, 200);
    f.editorEvent = await made('editor', 'POST', EVENTS, { title: 'Editor event', start_date: '2030-06-01 10:00', end_date: '2030-06-01 12:00', status: 'publish' });
    f.category = await made('administrator', 'POST', `${V2}/categories`, { name: 'Matrix' });
    f.tag = await made('administrator', 'POST', `${V2}/tags`, { name: 'matrix-tag' });
    f.menu = await made('administrator', 'POST', `${V2}/menus`, { name: 'Matrix menu' });
    f.menuItem = (await freshMenuItem(f)).id;
    f.trashedEvent = await made('author', 'POST', EVENTS, { title: 'Trashed', start_date: '2030-05-01 10:00', end_date: '2030-05-01 12:00', status: 'publish' });
    await made('author', 'DELETE', `${EVENTS}/${f.trashedEvent}`, {}, 200);
  });
  afterAll(() => t.close());

  const cases: Case[] = [
    // posts (WP_REST_Posts_Controller)
    { name: 'GET posts', method: 'GET', path: () => `${V2}/posts`, expected: everybody() },
    // get_items_permissions_check: edit context needs the type's edit_posts.
    { name: 'GET posts?context=edit', method: 'GET', path: () => `${V2}/posts?context=edit`, expected: denied('rest_forbidden_context', 'contributor') },
    { name: 'GET a published post', method: 'GET', path: (fx) => `${V2}/posts/${fx.editorPost}`, expected: everybody() },
    // get_item_permissions_check: edit context needs edit_post (another's published post: edit_others_posts).
    { name: "GET an editor's post ?context=edit", method: 'GET', path: (fx) => `${V2}/posts/${fx.editorPost}?context=edit`, expected: denied('rest_forbidden_context', 'editor') },
    // check_read_permission() → read_post: the author (read) or edit_post; refused by the server as rest_forbidden.
    { name: "GET an author's draft", method: 'GET', path: (fx) => `${V2}/posts/${fx.authorDraft}`, expected: denied('rest_forbidden', 'author') },
    // read_post of a private post: read_private_posts (or authorship).
    { name: "GET an editor's private post", method: 'GET', path: (fx) => `${V2}/posts/${fx.privatePost}`, expected: denied('rest_forbidden', 'editor') },
    // sanitize_post_statuses(): any status but publish needs edit_posts; the refusal is wrapped in a 400.
    { name: 'GET posts?status=draft', method: 'GET', path: () => `${V2}/posts?status=draft`, expected: { ...denied('', 'contributor'), anonymous: '400 rest_invalid_param', subscriber: '400 rest_invalid_param' } },
    { name: 'GET pages?status=draft', method: 'GET', path: () => `${V2}/pages?status=draft`, expected: { ...denied('', 'editor'), anonymous: '400 rest_invalid_param', subscriber: '400 rest_invalid_param', contributor: '400 rest_invalid_param', author: '400 rest_invalid_param' } },
    { name: 'POST posts', method: 'POST', path: () => `${V2}/posts`, body: () => ({ title: 'New' }), expected: denied('rest_cannot_create', 'contributor', 201) },
    // create_item_permissions_check: sticky is refused only without edit_others_posts AND without publish_posts.
    { name: 'POST posts sticky', method: 'POST', path: () => `${V2}/posts`, body: () => ({ title: 'Sticky', sticky: true }), expected: denied('rest_cannot_assign_sticky', 'author', 201) },
    // create_item_permissions_check: another author needs edit_others_posts (checked before create_posts).
    { name: 'POST posts as another author', method: 'POST', path: () => `${V2}/posts`, body: () => ({ title: 'Ghost', author: f.ids.editor }), expected: denied('rest_cannot_edit_others', 'editor', 201) },
    // handle_status_param(): publishing needs publish_posts, after the permission check.
    { name: 'POST posts published', method: 'POST', path: () => `${V2}/posts`, body: () => ({ title: 'Out', status: 'publish' }), expected: { ...denied('rest_cannot_create', 'author', 201), contributor: '403 rest_cannot_publish' } },
    { name: "POST (update) an editor's post", method: 'POST', path: (fx) => `${V2}/posts/${fx.editorPost}`, body: (role) => ({ excerpt: `by ${role}` }), expected: denied('rest_cannot_edit', 'editor') },
    { name: "POST (update) a contributor's published post", method: 'POST', path: (fx) => `${V2}/posts/${fx.contributorPublished}`, body: (role) => ({ excerpt: `by ${role}` }), expected: denied('rest_cannot_edit', 'editor') },
    { name: "DELETE a contributor's published post", method: 'DELETE', path: (_fx, fresh) => `${V2}/posts/${fresh.id}`, fresh: freshContributorPublished, expected: denied('rest_cannot_delete', 'editor') },
    { name: "DELETE an editor's post", method: 'DELETE', path: (_fx, fresh) => `${V2}/posts/${fresh.id}`, fresh: freshPost, expected: denied('rest_cannot_delete', 'editor') },
    { name: "DELETE an editor's post ?force=true", method: 'DELETE', path: (_fx, fresh) => `${V2}/posts/${fresh.id}?force=true`, fresh: freshPost, expected: denied('rest_cannot_delete', 'editor') },

    // pages: the page primitives (edit_pages...) are editors' and administrators'.
    { name: 'GET pages', method: 'GET', path: () => `${V2}/pages`, expected: everybody() },
    { name: 'GET pages?context=edit', method: 'GET', path: () => `${V2}/pages?context=edit`, expected: denied('rest_forbidden_context', 'editor') },
    { name: 'POST pages', method: 'POST', path: () => `${V2}/pages`, body: () => ({ title: 'Page' }), expected: denied('rest_cannot_create', 'editor', 201) },

    // revisions (WP_REST_Revisions_Controller): reading needs edit_post on the parent.
    { name: 'GET revisions', method: 'GET', path: (fx) => `${V2}/posts/${fx.editorPost}/revisions`, expected: denied('rest_cannot_read', 'editor') },
    { name: 'GET a revision', method: 'GET', path: (fx) => `${V2}/posts/${fx.editorPost}/revisions/${fx.revision}`, expected: denied('rest_cannot_read', 'editor') },
    { name: "GET revisions of an author's post", method: 'GET', path: (fx) => `${V2}/posts/${fx.authorPost}/revisions`, expected: { ...denied('rest_cannot_read', 'editor'), author: '200' } },
    // delete_item_permissions_check: delete_post on the parent, then delete_post on the revision,
    // which map_meta_cap() maps to do_not_allow for everybody: administrators are refused too.
    { name: 'DELETE a revision ?force=true', method: 'DELETE', path: (fx) => `${V2}/posts/${fx.editorPost}/revisions/${fx.revision}?force=true`, expected: denied('rest_cannot_delete', null) },
    { name: 'DELETE a revision', method: 'DELETE', path: (fx) => `${V2}/posts/${fx.editorPost}/revisions/${fx.revision}`, expected: denied('rest_cannot_delete', null) },
    {
      name: "DELETE a revision of an author's own post",
      method: 'DELETE',
      path: (fx) => `${V2}/posts/${fx.authorPost}/revisions/${fx.authorRevision}?force=true`,
      expected: denied('rest_cannot_delete', null),
    },

    // autosaves (WP_REST_Autosaves_Controller): reading as revisions; creating asks the parent's update check.
    { name: 'GET autosaves', method: 'GET', path: (fx) => `${V2}/posts/${fx.editorPost}/autosaves`, expected: denied('rest_cannot_read', 'editor') },
    { name: 'POST an autosave', method: 'POST', path: (fx) => `${V2}/posts/${fx.editorPost}/autosaves`, body: (role) => ({ content: `autosaved by ${role}` }), expected: denied('rest_cannot_edit', 'editor') },

    // categories and tags (WP_REST_Terms_Controller): edit context needs edit_terms (manage_categories);
    // creating a hierarchical term needs edit_terms, a flat one assign_terms (edit_posts).
    { name: 'GET categories', method: 'GET', path: () => `${V2}/categories`, expected: everybody() },
    { name: 'GET categories?context=edit', method: 'GET', path: () => `${V2}/categories?context=edit`, expected: denied('rest_forbidden_context', 'editor') },
    // get_item_permissions_check: edit context needs edit_term.
    { name: 'GET a category ?context=edit', method: 'GET', path: (fx) => `${V2}/categories/${fx.category}?context=edit`, expected: denied('rest_forbidden_context', 'editor') },
    { name: 'POST categories', method: 'POST', path: () => `${V2}/categories`, body: (role, n) => ({ name: `Cat ${role} ${n}` }), expected: denied('rest_cannot_create', 'editor', 201) },
    { name: 'POST (update) a category', method: 'POST', path: (fx) => `${V2}/categories/${fx.category}`, body: (role) => ({ description: role }), expected: denied('rest_cannot_update', 'editor') },
    { name: 'DELETE a category ?force=true', method: 'DELETE', path: (_fx, fresh) => `${V2}/categories/${fresh.id}?force=true`, fresh: freshCategory, expected: denied('rest_cannot_delete', 'editor') },
    // delete_item: terms cannot be trashed (after the permission check).
    { name: 'DELETE a category', method: 'DELETE', path: (_fx, fresh) => `${V2}/categories/${fresh.id}`, fresh: freshCategory, expected: { ...denied('rest_cannot_delete', 'editor'), editor: '501 rest_trash_not_supported', administrator: '501 rest_trash_not_supported' } },
    // delete_term of the default category maps to do_not_allow.
    { name: 'DELETE the default category ?force=true', method: 'DELETE', path: (fx) => `${V2}/categories/${fx.defaultCategory}?force=true`, expected: denied('rest_cannot_delete', null) },
    // get_items_permissions_check with `post`: the terms of a post need read_post on it.
    { name: "GET categories of an author's draft", method: 'GET', path: (fx) => `${V2}/categories?post=${fx.authorDraft}`, expected: denied('rest_forbidden_context', 'author') },
    { name: 'GET tags', method: 'GET', path: () => `${V2}/tags`, expected: everybody() },
    { name: 'POST tags', method: 'POST', path: () => `${V2}/tags`, body: (role, n) => ({ name: `tag ${role} ${n}` }), expected: denied('rest_cannot_create', 'contributor', 201) },
    { name: 'DELETE a tag ?force=true', method: 'DELETE', path: (_fx, fresh) => `${V2}/tags/${fresh.id}?force=true`, fresh: async () => ({ id: await made('administrator', 'POST', `${V2}/tags`, { name: `fresh tag ${++serial}` }) }), expected: denied('rest_cannot_delete', 'editor') },
    // update_item_permissions_check: edit_term → the taxonomy's edit_terms (manage_categories for tags too).
    { name: 'POST (update) a tag', method: 'POST', path: (fx) => `${V2}/tags/${fx.tag}`, body: (role) => ({ description: role }), expected: denied('rest_cannot_update', 'editor') },

    // users (WP_REST_Users_Controller)
    { name: 'GET users', method: 'GET', path: () => `${V2}/users`, expected: everybody() },
    { name: 'GET users?context=edit', method: 'GET', path: () => `${V2}/users?context=edit`, expected: denied('rest_forbidden_context', 'administrator') },
    { name: 'GET users?who=authors', method: 'GET', path: () => `${V2}/users?who=authors`, expected: denied('rest_forbidden_who', 'contributor') },
    { name: 'GET users?roles=editor', method: 'GET', path: () => `${V2}/users?roles=editor`, expected: denied('rest_user_cannot_view', 'administrator') },
    { name: 'GET users?orderby=email', method: 'GET', path: () => `${V2}/users?orderby=email`, expected: denied('rest_forbidden_orderby', 'administrator') },
    { name: 'GET a published author', method: 'GET', path: (fx) => `${V2}/users/${fx.ids.editor}`, expected: everybody() },
    // get_item_permissions_check: oneself always; edit context otherwise needs list_users, refused
    // as rest_user_cannot_view (not rest_forbidden_context, which only the collection uses).
    { name: 'GET another user ?context=edit', method: 'GET', path: (fx) => `${V2}/users/${fx.ids.editor}?context=edit`, expected: { ...denied('rest_user_cannot_view', 'editor'), editor: '200' } },
    // a user without published posts: oneself, edit_user or list_users.
    { name: 'GET a user without published posts', method: 'GET', path: (fx) => `${V2}/users/${fx.ids.subscriber}`, expected: { ...denied('rest_user_cannot_view', 'administrator'), subscriber: '200' } },
    { name: 'GET users/me', method: 'GET', path: () => `${V2}/users/me`, expected: { ...everybody(), anonymous: '401 rest_not_logged_in' } },
    { name: 'POST users', method: 'POST', path: () => `${V2}/users`, body: (role, n) => ({ username: `new${role}${n}`, email: `new${role}${n}@example.com`, password: 'secret-pass-1' }), expected: denied('rest_cannot_create_user', 'administrator', 201) },
    // update_item_permissions_check: edit_user (oneself, or edit_users).
    { name: 'POST (update) a user', method: 'POST', path: (fx) => `${V2}/users/${fx.ids.contributor}`, body: (role) => ({ description: role }), expected: { ...denied('rest_cannot_edit', 'administrator'), contributor: '200' } },
    // update_item_permissions_check: roles need promote_user first.
    { name: "POST (update) a user's roles", method: 'POST', path: (_fx, fresh) => `${V2}/users/${fresh.id}`, fresh: freshUser, body: () => ({ roles: ['author'] }), expected: denied('rest_cannot_edit_roles', 'administrator') },
    { name: 'DELETE a user ?force=true', method: 'DELETE', path: (fx, fresh) => `${V2}/users/${fresh.id}?force=true&reassign=${fx.adminId}`, fresh: freshUser, expected: denied('rest_user_cannot_delete', 'administrator') },

    // application passwords (WP_REST_Application_Passwords_Controller): `me` needs a login first.
    { name: 'GET users/me/application-passwords', method: 'GET', path: () => `${V2}/users/me/application-passwords`, expected: { ...everybody(), anonymous: '401 rest_not_logged_in' } },
    // list_app_passwords → edit_user.
    { name: "GET another user's application passwords", method: 'GET', path: (fx) => `${V2}/users/${fx.ids.editor}/application-passwords`, expected: { ...denied('rest_cannot_list_application_passwords', 'administrator'), editor: '200' } },
    // create_app_password / delete_app_passwords → edit_user.
    { name: "POST another user's application password", method: 'POST', path: (fx) => `${V2}/users/${fx.ids.contributor}/application-passwords`, body: (_role, n) => ({ name: `other ${n}` }), expected: { ...denied('rest_cannot_create_application_passwords', 'administrator', 201), contributor: '201' } },
    { name: "DELETE another user's application passwords", method: 'DELETE', path: (_fx, fresh) => `${V2}/users/${fresh.id}/application-passwords`, fresh: freshUser, expected: denied('rest_cannot_delete_application_passwords', 'administrator') },
    { name: 'POST users/me/application-passwords', method: 'POST', path: () => `${V2}/users/me/application-passwords`, body: (_role, n) => ({ name: `app ${n}` }), expected: { ...everybody(201), anonymous: '401 rest_not_logged_in' } },

    // settings (WP_REST_Settings_Controller, 6.9): both handlers' permission callback is
    // get_item_permissions_check (manage_options), so a refusal is the server's rest_forbidden.
    { name: 'GET settings', method: 'GET', path: () => `${V2}/settings`, expected: denied('rest_forbidden', 'administrator') },
    { name: 'POST settings', method: 'POST', path: () => `${V2}/settings`, body: () => ({ posts_per_page: 10 }), expected: denied('rest_forbidden', 'administrator') },

    // menus, menu items, locations: check_has_read_only_access() lets anybody who can edit posts read
    // menus and items; edit context and every change need edit_theme_options.
    { name: 'GET menus', method: 'GET', path: () => `${V2}/menus`, expected: denied('rest_cannot_view', 'contributor') },
    { name: 'GET menus?context=edit', method: 'GET', path: () => `${V2}/menus?context=edit`, expected: denied('rest_forbidden_context', 'administrator') },
    { name: 'GET a menu', method: 'GET', path: (fx) => `${V2}/menus/${fx.menu}`, expected: denied('rest_cannot_view', 'contributor') },
    { name: 'POST menus', method: 'POST', path: () => `${V2}/menus`, body: (role, n) => ({ name: `Menu ${role} ${n}` }), expected: denied('rest_cannot_create', 'administrator', 201) },
    { name: 'POST (update) a menu', method: 'POST', path: (fx) => `${V2}/menus/${fx.menu}`, body: (role) => ({ description: role }), expected: denied('rest_cannot_update', 'administrator') },
    { name: 'DELETE a menu ?force=true', method: 'DELETE', path: (_fx, fresh) => `${V2}/menus/${fresh.id}?force=true`, fresh: freshMenu, expected: denied('rest_cannot_delete', 'administrator') },
    { name: 'GET menu-items', method: 'GET', path: () => `${V2}/menu-items`, expected: denied('rest_cannot_view', 'contributor') },
    { name: 'GET menu-items?context=edit', method: 'GET', path: () => `${V2}/menu-items?context=edit`, expected: denied('rest_forbidden_context', 'administrator') },
    { name: 'GET a menu item', method: 'GET', path: (fx) => `${V2}/menu-items/${fx.menuItem}`, expected: denied('rest_cannot_view', 'contributor') },
    { name: 'POST menu-items', method: 'POST', path: () => `${V2}/menu-items`, body: (role, n) => ({ title: `Item ${role} ${n}`, url: 'https://example.org/', menus: f.menu }), expected: denied('rest_cannot_create', 'administrator', 201) },
    { name: 'POST (update) a menu item', method: 'POST', path: (fx) => `${V2}/menu-items/${fx.menuItem}`, body: (role) => ({ title: `Item by ${role}` }), expected: denied('rest_cannot_edit', 'administrator') },
    { name: 'DELETE a menu item ?force=true', method: 'DELETE', path: (_fx, fresh) => `${V2}/menu-items/${fresh.id}?force=true`, fresh: freshMenuItem, expected: denied('rest_cannot_delete', 'administrator') },
    { name: 'GET menu-locations', method: 'GET', path: () => `${V2}/menu-locations`, expected: denied('rest_cannot_view', 'administrator') },

    // types, taxonomies, statuses: edit context needs edit rights on some type (assign_terms for taxonomies).
    { name: 'GET types', method: 'GET', path: () => `${V2}/types`, expected: everybody() },
    { name: 'GET types?context=edit', method: 'GET', path: () => `${V2}/types?context=edit`, expected: denied('rest_cannot_view', 'contributor') },
    { name: 'GET types/post?context=edit', method: 'GET', path: () => `${V2}/types/post?context=edit`, expected: denied('rest_forbidden_context', 'contributor') },
    { name: 'GET types/page?context=edit', method: 'GET', path: () => `${V2}/types/page?context=edit`, expected: denied('rest_forbidden_context', 'editor') },
    { name: 'GET taxonomies', method: 'GET', path: () => `${V2}/taxonomies`, expected: everybody() },
    { name: 'GET taxonomies?context=edit', method: 'GET', path: () => `${V2}/taxonomies?context=edit`, expected: denied('rest_cannot_view', 'contributor') },
    { name: 'GET taxonomies/category?context=edit', method: 'GET', path: () => `${V2}/taxonomies/category?context=edit`, expected: denied('rest_forbidden_context', 'contributor') },
    { name: 'GET statuses', method: 'GET', path: () => `${V2}/statuses`, expected: everybody() },
    { name: 'GET statuses?context=edit', method: 'GET', path: () => `${V2}/statuses?context=edit`, expected: denied('rest_cannot_view', 'contributor') },
    // get_item_permissions_check: a non-public status needs edit_posts of some type.
    { name: 'GET statuses/draft', method: 'GET', path: () => `${V2}/statuses/draft`, expected: denied('rest_cannot_read_status', 'contributor') },
    { name: 'GET statuses/trash', method: 'GET', path: () => `${V2}/statuses/trash`, expected: denied('rest_cannot_read_status', 'contributor') },
    { name: 'GET statuses/publish', method: 'GET', path: () => `${V2}/statuses/publish`, expected: everybody() },
    { name: 'GET search', method: 'GET', path: () => `${V2}/search`, expected: everybody() },

    // The Events Calendar 6.17.1, Single_Event::get: a trashed event is one more unpublished event:
    // read_post (its author, or edit_post) or 403 event-not-accessible, logged in or not.
    {
      name: 'GET a trashed event',
      method: 'GET',
      path: (fx) => `${EVENTS}/${fx.trashedEvent}`,
      expected: { anonymous: '403 event-not-accessible', subscriber: '403 event-not-accessible', contributor: '403 event-not-accessible', author: '200', editor: '200', administrator: '200' },
    },
    // Main.php: creating needs the type's edit_posts (can_create), changing edit_post (can_edit),
    // trashing delete_post (can_delete); a false permission callback is the server's rest_forbidden.
    { name: 'POST events', method: 'POST', path: () => EVENTS, body: (role) => ({ title: `By ${role}`, start_date: '2030-06-03 10:00', end_date: '2030-06-03 12:00' }), expected: denied('rest_forbidden', 'contributor', 201) },
    { name: "POST (update) an editor's event", method: 'POST', path: (fx) => `${EVENTS}/${fx.editorEvent}`, body: (role) => ({ description: role }), expected: denied('rest_forbidden', 'editor') },
    { name: "DELETE an editor's event", method: 'DELETE', path: (_fx, fresh) => `${EVENTS}/${fresh.id}`, fresh: freshEvent, expected: denied('rest_forbidden', 'editor') },
    { name: 'POST venues', method: 'POST', path: () => '/wp-json/events/v1/venues', body: (role, n) => ({ venue: `Hall ${role} ${n}` }), expected: denied('rest_forbidden', 'contributor', 201) },
    // Single_Venue::get (6.17.1): published, or read_post.
    { name: 'GET a trashed venue', method: 'GET', path: (fx) => `/wp-json/events/v1/venues/${fx.trashedVenue}`, expected: { anonymous: '403 venue-not-accessible', subscriber: '403 venue-not-accessible', contributor: '403 venue-not-accessible', author: '200', editor: '200', administrator: '200' } },
  ];

  it.each(cases.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const actual = {} as Row;
    for (const role of ROLES) {
      const fresh = c.fresh ? await c.fresh(f) : {};
      const res = await as(role, c.method, c.path(f, fresh), c.body?.(role, ++serial));
      actual[role] = res.status < 300 ? String(res.status) : `${res.status} ${res.body?.code}`;
    }
    expect(actual).toEqual(c.expected);
  });
});

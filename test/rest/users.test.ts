/**
 * `/core/v2/users`, `/core/v2/users/{id}` and `/core/v2/users/me` over real HTTP, as WordPress's
 * WP_REST_Users_Controller answers them.
 */
import { createHash } from 'node:crypto';
import { basicAuth, startTestApp, SITE_URL, type TestApp } from '../support/app';

const ROOT = `${SITE_URL}/wp-json`;
const USERS = '/wp-json/core/v2/users';

function avatarUrls(email: string): Record<string, string> {
  const hash = createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
  return {
    '24': `https://secure.gravatar.com/avatar/${hash}?s=24&d=mm&r=g`,
    '48': `https://secure.gravatar.com/avatar/${hash}?s=48&d=mm&r=g`,
    '96': `https://secure.gravatar.com/avatar/${hash}?s=96&d=mm&r=g`,
  };
}

const VIEW_KEYS = ['id', 'name', 'url', 'description', 'link', 'slug', 'avatar_urls', 'meta', 'seo_head', 'seo_head_json', '_links'];
const EDIT_KEYS = [
  'id', 'username', 'name', 'first_name', 'last_name', 'email', 'url', 'description', 'link', 'locale', 'nickname', 'slug',
  'roles', 'registered_date', 'capabilities', 'extra_capabilities', 'avatar_urls', 'meta', 'seo_head', 'seo_head_json', '_links',
];
const EMBED_KEYS = ['id', 'name', 'url', 'description', 'link', 'slug', 'avatar_urls', 'seo_head', 'seo_head_json', '_links'];

describe('users', () => {
  let t: TestApp;
  let adminId: number;
  /** A subscriber created through the API, with an application password. */
  let sub: { id: number; login: string; auth: string };

  const counts = async () => ({
    users: await t.db.prisma.user.count(),
    passwords: await t.db.prisma.applicationPassword.count(),
    content: await t.db.prisma.content.count(),
  });

  async function createUser(body: Record<string, unknown>): Promise<Record<string, unknown>> {
    const res = await t.request.post(USERS).set('Authorization', t.adminAuth).send(body);
    if (res.status !== 201) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  }

  async function appPasswordFor(userId: number): Promise<string> {
    const res = await t.request.post(`${USERS}/${userId}/application-passwords`).set('Authorization', t.adminAuth).send({ name: 'tests' }).expect(201);
    return res.body.password;
  }

  async function publish(authorId: number, type = 'post', status = 'publish'): Promise<number> {
    const now = new Date();
    const row = await t.db.prisma.content.create({
      data: { type, status, authorId, slug: `item-${authorId}-${Math.random().toString(36).slice(2, 8)}`, title: 'x', date: now, modified: now },
    });
    return row.id;
  }

  beforeAll(async () => {
    t = await startTestApp();
    adminId = (await t.db.prisma.user.findUniqueOrThrow({ where: { login: 'admin' } })).id;
    const created = await createUser({ username: 'sub', email: 'sub@example.com', password: 'secret-1' });
    sub = { id: created.id as number, login: 'sub', auth: basicAuth('sub', await appPasswordFor(created.id as number)) };
  });
  afterAll(() => t.close());

  describe('route declarations', () => {
    it('describes the collection with the WordPress args, batch support and the user schema', async () => {
      const res = await t.request.options(USERS).expect(200);
      expect(res.body.methods).toEqual(['GET', 'POST']);
      const [list, create] = res.body.endpoints;
      expect(list.allow_batch).toEqual({ v1: true });
      expect(create.allow_batch).toEqual({ v1: true });
      expect(Object.keys(list.args)).toEqual([
        'context', 'page', 'per_page', 'search', 'exclude', 'include', 'offset', 'order', 'orderby', 'slug', 'roles',
        'capabilities', 'who', 'has_published_posts', 'search_columns',
      ]);
      expect(list.args.context).toEqual({
        description: 'Scope under which the request is made; determines fields present in response.',
        type: 'string',
        enum: ['view', 'embed', 'edit'],
        default: 'view',
        required: false,
      });
      expect(list.args.per_page).toEqual({ description: 'Maximum number of items to be returned in result set.', type: 'integer', default: 10, minimum: 1, maximum: 100, required: false });
      expect(list.args.order).toEqual({ default: 'asc', description: 'Order sort attribute ascending or descending.', enum: ['asc', 'desc'], type: 'string', required: false });
      expect(list.args.orderby.enum).toEqual(['id', 'include', 'name', 'registered_date', 'slug', 'include_slugs', 'email', 'url']);
      expect(list.args.orderby.default).toBe('name');
      expect(list.args.who).toEqual({ description: 'Limit result set to users who are considered authors.', type: 'string', enum: ['authors'], required: false });
      expect(list.args.search_columns).toEqual({
        default: [],
        description: 'Array of column names to be searched.',
        type: 'array',
        items: { enum: ['email', 'name', 'id', 'username', 'slug'], type: 'string' },
        required: false,
      });
      expect(Object.keys(create.args)).toEqual(['username', 'name', 'first_name', 'last_name', 'email', 'url', 'description', 'locale', 'nickname', 'slug', 'roles', 'password', 'meta']);
      expect(create.args.username).toEqual({ description: 'Login name for the user.', type: 'string', required: true });
      expect(create.args.email).toEqual({ description: 'The email address for the user.', type: 'string', format: 'email', required: true });
      expect(create.args.locale).toEqual({ description: 'Locale for the user.', type: 'string', enum: ['', 'en_US'], required: false });
      // Yoast's author-archive SEO fields are its registered meta (edit context; seo-term-user-fields.test.ts).
      expect(create.args.meta).toMatchObject({ description: 'Meta fields.', type: 'object', required: false });
      expect(Object.keys(create.args.meta.properties)).toEqual(['wpseo_title', 'wpseo_metadesc', 'wpseo_noindex_author']);

      const schema = res.body.schema;
      expect(schema.title).toBe('user');
      expect(schema.$schema).toBe('http://json-schema.org/draft-04/schema#');
      expect(Object.keys(schema.properties)).toEqual([
        'id', 'username', 'name', 'first_name', 'last_name', 'email', 'url', 'description', 'link', 'locale', 'nickname', 'slug',
        'registered_date', 'roles', 'password', 'capabilities', 'extra_capabilities', 'avatar_urls', 'meta', 'seo_head', 'seo_head_json',
      ]);
      expect(schema.properties.id).toEqual({ description: 'Unique identifier for the user.', type: 'integer', context: ['embed', 'view', 'edit'], readonly: true });
      expect(schema.properties.password).toEqual({ description: 'Password for the user (never included).', type: 'string', context: [], required: true });
      expect(schema.properties.avatar_urls.properties['48']).toEqual({ description: 'Avatar URL with image size of 48 pixels.', type: 'string', format: 'uri', context: ['embed', 'view', 'edit'] });
    });

    it('declares id on every item endpoint, force and reassign on DELETE, and no batch on /me', async () => {
      const item = (await t.request.options(`${USERS}/1`).expect(200)).body;
      expect(item.methods).toEqual(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
      expect(item.endpoints.map((e: { allow_batch?: unknown }) => e.allow_batch)).toEqual([{ v1: true }, { v1: true }, { v1: true }]);
      expect(Object.keys(item.endpoints[0].args)).toEqual(['id', 'context']);
      expect(item.endpoints[0].args.id).toEqual({ description: 'Unique identifier for the user.', type: 'integer', required: false });
      expect(Object.keys(item.endpoints[1].args)[0]).toBe('id');
      expect(item.endpoints[1].args.username).toEqual({ description: 'Login name for the user.', type: 'string', required: false });
      expect(item.endpoints[2].args.force).toEqual({ type: 'boolean', default: false, description: 'Required to be true, as users do not support trashing.', required: false });
      expect(item.endpoints[2].args.reassign.required).toBe(true);
      expect(item.endpoints[2].args.reassign.description).toBe("Reassign the deleted user's posts and links to this user ID.");
      const me = (await t.request.options(`${USERS}/me`).expect(200)).body;
      expect(me.methods).toEqual(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
      expect(me.endpoints.map((e: { allow_batch?: unknown }) => e.allow_batch)).toEqual([undefined, undefined, undefined]);
      expect(Object.keys(me.endpoints[2].args)).toEqual(['force', 'reassign']);
    });
  });

  describe('reading', () => {
    it('shows anonymous callers only users who have published posts', async () => {
      const empty = await t.request.get(USERS).expect(200);
      expect(empty.body).toEqual([]);
      expect(empty.headers['x-wp-total']).toBe('0');
      expect(empty.headers['x-wp-totalpages']).toBe('0');
      expect(empty.headers.allow).toBe('GET');

      await publish(adminId, 'post', 'draft');
      expect((await t.request.get(USERS).expect(200)).body).toEqual([]);
      const postId = await publish(adminId);
      const res = await t.request.get(USERS).expect(200);
      expect(res.body.map((u: { id: number }) => u.id)).toEqual([adminId]);
      expect(res.headers['x-wp-total']).toBe('1');
      await t.db.prisma.content.delete({ where: { id: postId } });
    });

    it('serves the view record with the WordPress fields in order', async () => {
      const postId = await publish(adminId);
      const res = await t.request.get(`${USERS}/${adminId}`).expect(200);
      expect(Object.keys(res.body)).toEqual(VIEW_KEYS);
      expect(res.body).toEqual({
        id: adminId,
        name: 'admin',
        url: '',
        description: '',
        link: `${SITE_URL}/author/admin/`,
        slug: 'admin',
        avatar_urls: avatarUrls('admin@example.com'),
        meta: [],
        // The author archive's head (tested in seo-head.test.ts): here only that it describes this user.
        seo_head: expect.stringContaining('<title>admin, Author at Content Site</title>'),
        seo_head_json: expect.objectContaining({ title: 'admin, Author at Content Site', og_type: 'profile' }),
        _links: {
          self: [{ href: `${ROOT}/core/v2/users/${adminId}`, targetHints: { allow: ['GET'] } }],
          collection: [{ href: `${ROOT}/core/v2/users` }],
        },
      });
      expect(res.headers.allow).toBe('GET');
      const embed = await t.request.get(`${USERS}/${adminId}?context=embed`).expect(200);
      expect(Object.keys(embed.body)).toEqual(EMBED_KEYS);
      await t.db.prisma.content.delete({ where: { id: postId } });
    });

    it('refuses anonymous reads of users without published posts, and unknown ids', async () => {
      const hidden = await t.request.get(`${USERS}/${sub.id}`).expect(401);
      expect(hidden.body).toEqual({ code: 'rest_user_cannot_view', message: 'Sorry, you are not allowed to list users.', data: { status: 401 } });
      expect(hidden.headers.allow).toBeUndefined();
      const missing = await t.request.get(`${USERS}/999999`).expect(404);
      expect(missing.body).toEqual({ code: 'rest_user_invalid_id', message: 'Invalid user ID.', data: { status: 404 } });
      expect(missing.headers.allow).toBeUndefined();
      await t.request.get(`${USERS}/99999999999`).expect(404);
    });

    it('lists everybody for administrators, in edit context with every field', async () => {
      const res = await t.request.get(`${USERS}?context=edit&orderby=id`).set('Authorization', t.adminAuth).expect(200);
      expect(res.body.map((u: { id: number }) => u.id)).toEqual([adminId, sub.id]);
      expect(res.headers.allow).toBe('GET, POST');
      const admin = res.body[0];
      expect(Object.keys(admin)).toEqual(EDIT_KEYS);
      expect(admin).toMatchObject({
        username: 'admin',
        first_name: '',
        last_name: '',
        email: 'admin@example.com',
        locale: 'en_US',
        nickname: 'admin',
        roles: ['administrator'],
        extra_capabilities: { administrator: true },
        meta: { wpseo_title: '', wpseo_metadesc: '', wpseo_noindex_author: '' },
      });
      expect(admin.registered_date).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/);
      expect(admin.capabilities.list_users).toBe(true);
      expect(admin.capabilities.administrator).toBe(true);
      expect(res.body[1]).toMatchObject({ username: 'sub', roles: ['subscriber'], capabilities: { read: true, level_0: true, subscriber: true }, extra_capabilities: { subscriber: true } });
    });

    it('answers context=edit and privileged filters with WordPress errors for non-listers', async () => {
      const anon = await t.request.get(`${USERS}?context=edit`).expect(401);
      expect(anon.body).toEqual({ code: 'rest_forbidden_context', message: 'Sorry, you are not allowed to list users.', data: { status: 401 } });
      expect(anon.headers.allow).toBeUndefined();
      const subscriber = await t.request.get(`${USERS}?context=edit`).set('Authorization', sub.auth).expect(403);
      expect(subscriber.body.code).toBe('rest_forbidden_context');
      const roles = await t.request.get(`${USERS}?roles=administrator`).expect(401);
      expect(roles.body).toEqual({ code: 'rest_user_cannot_view', message: 'Sorry, you are not allowed to filter users by role.', data: { status: 401 } });
      const caps = await t.request.get(`${USERS}?capabilities=edit_posts`).set('Authorization', sub.auth).expect(403);
      expect(caps.body.message).toBe('Sorry, you are not allowed to filter users by capability.');
      const orderby = await t.request.get(`${USERS}?orderby=email`).expect(401);
      expect(orderby.body).toEqual({ code: 'rest_forbidden_orderby', message: 'Sorry, you are not allowed to order users by this parameter.', data: { status: 401 } });
      const who = await t.request.get(`${USERS}?who=authors`).set('Authorization', sub.auth).expect(403);
      expect(who.body).toEqual({ code: 'rest_forbidden_who', message: 'Sorry, you are not allowed to query users by this parameter.', data: { status: 403 } });
      const bad = await t.request.get(`${USERS}?orderby=nope`).expect(400);
      expect(bad.body.code).toBe('rest_invalid_param');
      expect(bad.body.data.details.orderby.code).toBe('rest_not_in_enum');
    });

    it('filters by roles, capabilities, who, include, exclude, slug and has_published_posts for administrators', async () => {
      const ids = async (query: string) =>
        (await t.request.get(`${USERS}?${query.includes('orderby=') ? query : `orderby=id&${query}`}`).set('Authorization', t.adminAuth).expect(200)).body.map((u: { id: number }) => u.id);
      expect(await ids('roles=subscriber')).toEqual([sub.id]);
      expect(await ids('capabilities=list_users')).toEqual([adminId]);
      expect(await ids('who=authors')).toEqual([adminId]);
      expect(await ids(`include=${sub.id},${adminId}&orderby=include`)).toEqual([sub.id, adminId]);
      expect(await ids(`include=${sub.id},${adminId}&orderby=include&order=desc`)).toEqual([adminId, sub.id]);
      expect(await ids(`slug=sub,admin&orderby=include_slugs`)).toEqual([sub.id, adminId]);
      expect(await ids(`exclude=${adminId}`)).toEqual([sub.id]);
      expect(await ids('slug=sub')).toEqual([sub.id]);
      const postId = await publish(sub.id);
      expect(await ids('has_published_posts=true')).toEqual([sub.id]);
      expect(await ids('has_published_posts=page')).toEqual([]);
      await t.db.prisma.content.delete({ where: { id: postId } });
    });

    it('searches the columns the viewer may search', async () => {
      const postId = await publish(sub.id);
      const found = await t.request.get(`${USERS}?search=sub@example`).set('Authorization', t.adminAuth).expect(200);
      expect(found.body.map((u: { id: number }) => u.id)).toEqual([sub.id]);
      const byName = await t.request.get(`${USERS}?search=SU`).set('Authorization', t.adminAuth).expect(200);
      expect(byName.body.map((u: { id: number }) => u.id)).toEqual([sub.id]);
      // Anonymous callers cannot search email addresses.
      expect((await t.request.get(`${USERS}?search=sub@example`).expect(200)).body).toEqual([]);
      expect((await t.request.get(`${USERS}?search=sub`).expect(200)).body.map((u: { id: number }) => u.id)).toEqual([sub.id]);
      const byColumn = await t.request.get(`${USERS}?search=example.com&search_columns=email`).set('Authorization', t.adminAuth).expect(200);
      expect(byColumn.body).toHaveLength(2);
      await t.db.prisma.content.delete({ where: { id: postId } });
    });

    it('lets a subscriber read their own record in any context, but not others', async () => {
      const own = await t.request.get(`${USERS}/${sub.id}?context=edit`).set('Authorization', sub.auth).expect(200);
      expect(Object.keys(own.body)).toEqual(EDIT_KEYS);
      expect(own.body.username).toBe('sub');
      expect(own.headers.allow).toBe('GET, POST, PUT, PATCH');
      const other = await t.request.get(`${USERS}/${adminId}?context=edit`).set('Authorization', sub.auth).expect(403);
      expect(other.body).toEqual({ code: 'rest_user_cannot_view', message: 'Sorry, you are not allowed to list users.', data: { status: 403 } });
      const admin = await t.request.get(`${USERS}/${sub.id}?context=edit`).set('Authorization', t.adminAuth).expect(200);
      expect(admin.headers.allow).toBe('GET, POST, PUT, PATCH, DELETE');
    });

    it('answers /users/me for the viewer and 401 rest_not_logged_in for anonymous callers', async () => {
      const anon = await t.request.get(`${USERS}/me`).expect(401);
      expect(anon.body).toEqual({ code: 'rest_not_logged_in', message: 'You are not currently logged in.', data: { status: 401 } });
      expect(anon.headers.allow).toBe('GET');
      const me = await t.request.get(`${USERS}/me`).set('Authorization', sub.auth).expect(200);
      expect(Object.keys(me.body)).toEqual(VIEW_KEYS);
      expect(me.body.id).toBe(sub.id);
      const edit = await t.request.get(`${USERS}/me?context=edit`).set('Authorization', t.adminAuth).expect(200);
      expect(edit.body.username).toBe('admin');
      // Writes to /me without a login find no user (WordPress checks user id 0).
      const put = await t.request.put(`${USERS}/me`).send({ name: 'x' }).expect(404);
      expect(put.body.code).toBe('rest_user_invalid_id');
    });
  });

  describe('pagination', () => {
    let extra: number[];
    beforeAll(async () => {
      extra = [];
      for (const n of [1, 2, 3]) extra.push((await createUser({ username: `page${n}`, email: `page${n}@example.com`, password: 'pw' })).id as number);
    });
    afterAll(async () => {
      await t.db.prisma.user.deleteMany({ where: { id: { in: extra } } });
    });

    it('sends totals and prev/next links built from the original query', async () => {
      const res = await t.request.get(`${USERS}?per_page=2&orderby=id&page=2&_fields=id`).set('Authorization', t.adminAuth).expect(200);
      expect(res.body).toEqual([{ id: extra[0] }, { id: extra[1] }]);
      expect(res.headers['x-wp-total']).toBe('5');
      expect(res.headers['x-wp-totalpages']).toBe('3');
      expect(res.headers.link).toBe(
        `<${ROOT}/core/v2/users?per_page=2&orderby=id&page=1&_fields=id>; rel="prev", <${ROOT}/core/v2/users?per_page=2&orderby=id&page=3&_fields=id>; rel="next"`,
      );
      const first = await t.request.get(`${USERS}?per_page=2&orderby=id`).set('Authorization', t.adminAuth).expect(200);
      expect(first.headers.link).toBe(`<${ROOT}/core/v2/users?per_page=2&orderby=id&page=2>; rel="next"`);
    });

    it('answers a page past the end with [] and a prev link capped to the last page', async () => {
      const res = await t.request.get(`${USERS}?per_page=2&page=7`).set('Authorization', t.adminAuth).expect(200);
      expect(res.body).toEqual([]);
      expect(res.headers['x-wp-total']).toBe('5');
      expect(res.headers.link).toBe(`<${ROOT}/core/v2/users?per_page=2&page=3>; rel="prev"`);
    });

    it('applies offset to the window and derives the page for the links', async () => {
      const res = await t.request.get(`${USERS}?per_page=2&offset=1&orderby=id`).set('Authorization', t.adminAuth).expect(200);
      expect(res.body.map((u: { id: number }) => u.id)).toEqual([sub.id, extra[0]]);
      expect(res.headers.link).toBe(`<${ROOT}/core/v2/users?per_page=2&offset=1&orderby=id&page=1>; rel="prev", <${ROOT}/core/v2/users?per_page=2&offset=1&orderby=id&page=3>; rel="next"`);
    });

    it('validates per_page', async () => {
      const res = await t.request.get(`${USERS}?per_page=101`).expect(400);
      expect(res.body.data.params).toEqual({ per_page: 'per_page must be between 1 (inclusive) and 100 (inclusive)' });
    });
  });

  describe('creating', () => {
    it('creates a user with every writable field and answers 201 with the edit record', async () => {
      const res = await t.request
        .post(USERS)
        .set('Authorization', t.adminAuth)
        .send({
          username: 'testuser',
          password: 'testpassword',
          email: 'test@example.com',
          name: 'Test User',
          first_name: 'Test',
          last_name: 'User',
          nickname: 'testnick',
          slug: 'Test User!',
          roles: ['editor'],
          description: 'New API User',
          url: 'http://example.com',
          locale: 'en_US',
        })
        .expect(201);
      const id = res.body.id;
      expect(res.headers.location).toBe(`${ROOT}/core/v2/users/${id}`);
      expect(Object.keys(res.body)).toEqual(EDIT_KEYS);
      expect(res.body).toMatchObject({
        username: 'testuser',
        name: 'Test User',
        first_name: 'Test',
        last_name: 'User',
        email: 'test@example.com',
        url: 'http://example.com',
        description: 'New API User',
        link: `${SITE_URL}/author/test-user/`,
        locale: 'en_US',
        nickname: 'testnick',
        slug: 'test-user',
        roles: ['editor'],
        extra_capabilities: { editor: true },
        avatar_urls: avatarUrls('test@example.com'),
      });
      expect(res.body.capabilities.edit_others_posts).toBe(true);
      expect(res.body.capabilities.list_users).toBeUndefined();
      const row = await t.db.prisma.user.findUniqueOrThrow({ where: { id } });
      expect(row.passwordHash).toMatch(/^scrypt\$/);
      expect(row.passwordHash).not.toContain('testpassword');
      await t.db.prisma.user.delete({ where: { id } });
    });

    it('fills in the defaults of wp_insert_user and keeps slugs unique', async () => {
      const a = await createUser({ username: 'Jane Doe', email: 'jane@example.com', password: 'pw', first_name: 'Jane', last_name: 'Doe' });
      expect(a).toMatchObject({ name: 'Jane Doe', nickname: 'Jane Doe', slug: 'jane-doe', roles: ['subscriber'], locale: 'en_US' });
      const b = await createUser({ username: 'jane-doe', email: 'jane2@example.com', password: 'pw' });
      expect(b).toMatchObject({ name: 'jane-doe', slug: 'jane-doe-2' });
      await t.db.prisma.user.deleteMany({ where: { id: { in: [a.id as number, b.id as number] } } });
    });

    it('refuses callers without create_users', async () => {
      const before = await counts();
      const body = { username: 'nobody', email: 'nobody@example.com', password: 'pw' };
      const anon = await t.request.post(USERS).send(body).expect(401);
      expect(anon.body).toEqual({ code: 'rest_cannot_create_user', message: 'Sorry, you are not allowed to create new users.', data: { status: 401 } });
      const subscriber = await t.request.post(USERS).set('Authorization', sub.auth).send(body).expect(403);
      expect(subscriber.body.code).toBe('rest_cannot_create_user');
      expect(await counts()).toEqual(before);
    });

    it('validates arguments before permissions', async () => {
      const missing = await t.request.post(USERS).send({}).expect(400);
      expect(missing.body).toEqual({ code: 'rest_missing_callback_param', message: 'Missing parameter(s): username, email, password', data: { status: 400, params: ['username', 'email', 'password'] } });
      const email = await t.request.post(USERS).send({ username: 'x', email: 'not-an-email', password: 'pw' }).expect(400);
      expect(email.body.data.params).toEqual({ email: 'Invalid email address.' });
      expect(email.body.data.details.email.code).toBe('rest_invalid_email');
    });

    it('refuses illegal usernames and passwords as invalid parameters', async () => {
      const before = await counts();
      const name = await t.request.post(USERS).set('Authorization', t.adminAuth).send({ username: '¯\\_(ツ)_/¯', email: 'x@example.com', password: 'pw' }).expect(400);
      expect(name.body).toEqual({
        code: 'rest_invalid_param',
        message: 'Invalid parameter(s): username',
        data: {
          status: 400,
          params: { username: 'This username is invalid because it uses illegal characters. Please enter a valid username.' },
          details: { username: { code: 'rest_user_invalid_username', message: 'This username is invalid because it uses illegal characters. Please enter a valid username.', data: { status: 400 } } },
        },
      });
      const pw = await t.request.post(USERS).set('Authorization', t.adminAuth).send({ username: 'okname', email: 'x@example.com', password: 'a\\b' }).expect(400);
      expect(pw.body.data.details.password).toEqual({ code: 'rest_user_invalid_password', message: 'Passwords cannot contain the "\\" character.', data: { status: 400 } });
      const empty = await t.request.post(USERS).set('Authorization', t.adminAuth).send({ username: 'okname', email: 'x@example.com', password: '' }).expect(400);
      expect(empty.body.data.params.password).toBe('Passwords cannot be empty.');
      expect(await counts()).toEqual(before);
    });

    it('refuses existing usernames and emails (ignoring case), ids and unknown roles, writing nothing', async () => {
      const before = await counts();
      const send = (body: Record<string, unknown>) => t.request.post(USERS).set('Authorization', t.adminAuth).send({ password: 'pw', ...body });
      const login = await send({ username: 'SUB', email: 'new@example.com' }).expect(400);
      expect(login.body).toEqual({ code: 'existing_user_login', message: 'Sorry, that username already exists!', data: { status: 400 } });
      const email = await send({ username: 'brandnew', email: 'Sub@Example.com' }).expect(400);
      expect(email.body).toEqual({ code: 'existing_user_email', message: 'Sorry, that email address is already used!', data: { status: 400 } });
      const id = await send({ username: 'brandnew', email: 'new@example.com', id: 156 }).expect(400);
      expect(id.body).toEqual({ code: 'rest_user_exists', message: 'Cannot create existing user.', data: { status: 400 } });
      const role = await send({ username: 'brandnew', email: 'new@example.com', roles: ['baby'] }).expect(400);
      expect(role.body).toEqual({ code: 'rest_user_invalid_role', message: 'The role baby does not exist.', data: { status: 400 } });
      const long = await send({ username: 'a'.repeat(61), email: 'new@example.com' }).expect(400);
      expect(long.body.code).toBe('user_login_too_long');
      expect(await counts()).toEqual(before);
    });

    it('creates users in a batch (users routes allow batch v1)', async () => {
      const res = await t.request
        .post('/wp-json/batch/v1')
        .set('Authorization', t.adminAuth)
        .send({ requests: [{ path: '/core/v2/users', body: { username: 'batched', email: 'batched@example.com', password: 'pw' } }] })
        .expect(207);
      expect(res.body.responses[0].status).toBe(201);
      expect(res.body.responses[0].body.username).toBe('batched');
      await t.db.prisma.user.delete({ where: { id: res.body.responses[0].body.id } });
    });
  });

  describe('updating', () => {
    let target: number;
    beforeAll(async () => {
      target = (await createUser({ username: 'target', email: 'target@example.com', password: 'pw' })).id as number;
    });
    afterAll(async () => {
      await t.db.prisma.user.deleteMany({ where: { id: target } });
    });

    it('updates the given fields with POST, PUT and PATCH and answers the edit record', async () => {
      const put = await t.request.put(`${USERS}/${target}`).set('Authorization', t.adminAuth).send({ first_name: ' New  Name ', url: 'http://google.com', locale: 'en_US' }).expect(200);
      expect(Object.keys(put.body)).toEqual(EDIT_KEYS);
      expect(put.body).toMatchObject({ first_name: 'New Name', url: 'http://google.com', locale: 'en_US', name: 'target' });
      const patch = await t.request.patch(`${USERS}/${target}`).set('Authorization', t.adminAuth).send({ name: 'Target Person', locale: '' }).expect(200);
      expect(patch.body).toMatchObject({ name: 'Target Person', first_name: 'New Name', locale: 'en_US' });
      const row = await t.db.prisma.user.findUniqueOrThrow({ where: { id: target } });
      expect(row.locale).toBe('');
      const post = await t.request.post(`${USERS}/${target}`).set('Authorization', t.adminAuth).send({ slug: 'target' }).expect(200);
      expect(post.body.slug).toBe('target');
    });

    it('changes the stored password hash', async () => {
      const before = (await t.db.prisma.user.findUniqueOrThrow({ where: { id: target } })).passwordHash;
      await t.request.put(`${USERS}/${target}`).set('Authorization', t.adminAuth).send({ password: 'another one' }).expect(200);
      const after = (await t.db.prisma.user.findUniqueOrThrow({ where: { id: target } })).passwordHash;
      expect(after).not.toBe(before);
      expect(after).toMatch(/^scrypt\$/);
    });

    it('refuses username changes, taken emails and taken slugs, changing nothing', async () => {
      const before = await t.db.prisma.user.findUniqueOrThrow({ where: { id: target } });
      const login = await t.request.put(`${USERS}/${target}`).set('Authorization', t.adminAuth).send({ username: 'sub', name: 'Changed' }).expect(400);
      expect(login.body).toEqual({ code: 'rest_user_invalid_argument', message: 'Username is not editable.', data: { status: 400 } });
      const email = await t.request.put(`${USERS}/${target}`).set('Authorization', t.adminAuth).send({ email: 'SUB@example.com', name: 'Changed' }).expect(400);
      expect(email.body).toEqual({ code: 'rest_user_invalid_email', message: 'Invalid email address.', data: { status: 400 } });
      const slug = await t.request.put(`${USERS}/${target}`).set('Authorization', t.adminAuth).send({ slug: 'sub', name: 'Changed' }).expect(400);
      expect(slug.body).toEqual({ code: 'rest_user_invalid_slug', message: 'Invalid slug.', data: { status: 400 } });
      // The same username and the user's own email (in another case) are fine.
      await t.request.put(`${USERS}/${target}`).set('Authorization', t.adminAuth).send({ username: 'target', email: 'TARGET@example.com' }).expect(200);
      await t.request.put(`${USERS}/${target}`).set('Authorization', t.adminAuth).send({ email: 'target@example.com' }).expect(200);
      expect(await t.db.prisma.user.findUniqueOrThrow({ where: { id: target } })).toEqual(before);
    });

    it('lets users edit themselves but not others or their roles', async () => {
      const own = await t.request.put(`${USERS}/me`).set('Authorization', sub.auth).send({ description: 'About me' }).expect(200);
      expect(own.body).toMatchObject({ id: sub.id, description: 'About me' });
      const before = await t.db.prisma.user.findUniqueOrThrow({ where: { id: target } });
      const other = await t.request.put(`${USERS}/${target}`).set('Authorization', sub.auth).send({ description: 'hacked' }).expect(403);
      expect(other.body).toEqual({ code: 'rest_cannot_edit', message: 'Sorry, you are not allowed to edit this user.', data: { status: 403 } });
      const anon = await t.request.put(`${USERS}/${target}`).send({ description: 'hacked' }).expect(401);
      expect(anon.body.code).toBe('rest_cannot_edit');
      const roles = await t.request.put(`${USERS}/${sub.id}`).set('Authorization', sub.auth).send({ roles: ['administrator'] }).expect(403);
      expect(roles.body).toEqual({ code: 'rest_cannot_edit_roles', message: 'Sorry, you are not allowed to edit roles of this user.', data: { status: 403 } });
      expect(await t.db.prisma.user.findUniqueOrThrow({ where: { id: target } })).toEqual(before);
      expect((await t.db.prisma.user.findUniqueOrThrow({ where: { id: sub.id } })).role).toBe('subscriber');
    });

    it('changes roles for administrators, who cannot demote themselves', async () => {
      const promoted = await t.request.put(`${USERS}/${target}`).set('Authorization', t.adminAuth).send({ roles: ['author'] }).expect(200);
      expect(promoted.body).toMatchObject({ roles: ['author'], extra_capabilities: { author: true } });
      expect(promoted.body.capabilities.publish_posts).toBe(true);
      const unknown = await t.request.put(`${USERS}/${target}`).set('Authorization', t.adminAuth).send({ roles: ['nope'] }).expect(400);
      expect(unknown.body).toEqual({ code: 'rest_user_invalid_role', message: 'The role nope does not exist.', data: { status: 400 } });
      const self = await t.request.put(`${USERS}/${adminId}`).set('Authorization', t.adminAuth).send({ roles: ['editor'] }).expect(403);
      expect(self.body).toEqual({ code: 'rest_user_invalid_role', message: 'Sorry, you are not allowed to give users that role.', data: { status: 403 } });
      expect((await t.db.prisma.user.findUniqueOrThrow({ where: { id: adminId } })).role).toBe('administrator');
      expect((await t.db.prisma.user.findUniqueOrThrow({ where: { id: target } })).role).toBe('author');
    });
  });

  describe('deleting', () => {
    it('requires reassign and force, and delete_users', async () => {
      const victim = (await createUser({ username: 'victim', email: 'victim@example.com', password: 'pw' })).id as number;
      const before = await counts();
      const missing = await t.request.delete(`${USERS}/${victim}?force=true`).set('Authorization', t.adminAuth).expect(400);
      expect(missing.body).toEqual({ code: 'rest_missing_callback_param', message: 'Missing parameter(s): reassign', data: { status: 400, params: ['reassign'] } });
      const bad = await t.request.delete(`${USERS}/${victim}?force=true&reassign=abc`).set('Authorization', t.adminAuth).expect(400);
      expect(bad.body.data.details.reassign).toEqual({ code: 'rest_invalid_param', message: 'Invalid user parameter(s).', data: { status: 400 } });
      const trash = await t.request.delete(`${USERS}/${victim}?reassign=false`).set('Authorization', t.adminAuth).expect(501);
      expect(trash.body).toEqual({ code: 'rest_trash_not_supported', message: "Users do not support trashing. Set 'force=true' to delete.", data: { status: 501 } });
      const subscriber = await t.request.delete(`${USERS}/${victim}?force=true&reassign=false`).set('Authorization', sub.auth).expect(403);
      expect(subscriber.body).toEqual({ code: 'rest_user_cannot_delete', message: 'Sorry, you are not allowed to delete this user.', data: { status: 403 } });
      const self = await t.request.delete(`${USERS}/${victim}?force=true&reassign=${victim}`).set('Authorization', t.adminAuth).expect(400);
      expect(self.body).toEqual({ code: 'rest_user_invalid_reassign', message: 'Invalid user ID for reassignment.', data: { status: 400 } });
      await t.request.delete(`${USERS}/${victim}?force=true&reassign=999999`).set('Authorization', t.adminAuth).expect(400);
      const unknown = await t.request.delete(`${USERS}/999999?force=true&reassign=false`).set('Authorization', t.adminAuth).expect(404);
      expect(unknown.body.code).toBe('rest_user_invalid_id');
      expect(await counts()).toEqual(before);
      await t.request.delete(`${USERS}/${victim}?force=true&reassign=false`).set('Authorization', t.adminAuth).expect(200);
    });

    it('reassigns content in the same transaction and answers the previous edit record', async () => {
      const victim = (await createUser({ username: 'leaver', email: 'leaver@example.com', password: 'pw' })).id as number;
      const posts = [await publish(victim), await publish(victim, 'page')];
      await appPasswordFor(victim);
      const res = await t.request.delete(`${USERS}/${victim}?force=true&reassign=${adminId}`).set('Authorization', t.adminAuth).expect(200);
      expect(Object.keys(res.body)).toEqual(['deleted', 'previous']);
      expect(res.body.deleted).toBe(true);
      // A deleted user has no author archive left to describe: no head.
      expect(Object.keys(res.body.previous)).toEqual(EDIT_KEYS.filter((k) => !['_links', 'seo_head', 'seo_head_json'].includes(k)));
      expect(res.body.previous).toMatchObject({ id: victim, username: 'leaver', email: 'leaver@example.com' });
      const moved = await t.db.prisma.content.findMany({ where: { id: { in: posts } } });
      expect(moved.map((p) => p.authorId)).toEqual([adminId, adminId]);
      expect(await t.db.prisma.applicationPassword.count({ where: { userId: victim } })).toBe(0);
      await t.request.get(`${USERS}/${victim}`).set('Authorization', t.adminAuth).expect(404);
      await t.db.prisma.content.deleteMany({ where: { id: { in: posts } } });
    });

    it('trashes posts and pages and deletes attachments when reassign=false', async () => {
      const victim = (await createUser({ username: 'gone', email: 'gone@example.com', password: 'pw' })).id as number;
      const post = await publish(victim);
      const attachment = await publish(victim, 'attachment', 'inherit');
      await t.request.delete(`${USERS}/${victim}`).query({ force: true, reassign: 'false' }).set('Authorization', t.adminAuth).expect(200);
      const trashed = await t.db.prisma.content.findUniqueOrThrow({ where: { id: post } });
      expect(trashed.status).toBe('trash');
      expect(trashed.slug).toMatch(/__trashed$/);
      expect(await t.db.prisma.content.findUnique({ where: { id: attachment } })).toBeNull();
      await t.db.prisma.content.delete({ where: { id: post } });
    });

    it('deletes the current user through /users/me', async () => {
      const created = await createUser({ username: 'quitter', email: 'quitter@example.com', password: 'pw' });
      const auth = basicAuth('quitter', await appPasswordFor(created.id as number));
      // A subscriber lacks delete_users, even for themselves.
      const refused = await t.request.delete(`${USERS}/me?force=true&reassign=false`).set('Authorization', auth).expect(403);
      expect(refused.body.code).toBe('rest_user_cannot_delete');
      await t.request.put(`${USERS}/${created.id}`).set('Authorization', t.adminAuth).send({ roles: ['administrator'] }).expect(200);
      const res = await t.request.delete(`${USERS}/me?force=true&reassign=false`).set('Authorization', auth).expect(200);
      expect(res.body.previous.username).toBe('quitter');
      expect(await t.db.prisma.user.findUnique({ where: { id: created.id as number } })).toBeNull();
    });
  });
});

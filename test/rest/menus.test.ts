/**
 * `/core/v2/menus` and `/core/v2/menu-locations` over real HTTP, as WordPress's
 * WP_REST_Menus_Controller and WP_REST_Menu_Locations_Controller answer them.
 */
import { autoAddPageToMenus } from '../../src/domain/menus/auto-add';
import { viewerFor } from '../../src/domain/viewer';
import { basicAuth, SITE_URL, startTestApp, type TestApp } from '../support/app';

const ROOT = `${SITE_URL}/wp-json`;
const MENUS = '/wp-json/core/v2/menus';
const ITEMS = '/wp-json/core/v2/menu-items';
const LOCATIONS = '/wp-json/core/v2/menu-locations';
const CURIES = [{ name: 'wp', href: 'https://api.w.org/{rel}', templated: true }];
const ALL_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

type Json = Record<string, unknown>;

describe('menus and menu locations', () => {
  let t: TestApp;
  let mainId: number;
  let homeItem: number;
  const users: Record<string, string> = {};

  const admin = () => ({ Authorization: t.adminAuth });
  const as = (role: string) => ({ Authorization: users[role] });

  async function createUser(role: string): Promise<void> {
    const res = await t.request.post('/wp-json/core/v2/users').set(admin()).send({ username: role, email: `${role}@example.com`, password: 'secret-1', roles: [role] });
    const pw = await t.request.post(`/wp-json/core/v2/users/${res.body.id}/application-passwords`).set(admin()).send({ name: 'tests' }).expect(201);
    users[role] = basicAuth(role, pw.body.password);
  }

  async function create(body: Json): Promise<Json> {
    const res = await t.request.post(MENUS).set(admin()).send(body);
    if (res.status !== 201) throw new Error(`create: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  }

  const storedLocations = async (): Promise<Record<string, number>> => {
    const row = await t.db.prisma.option.findUnique({ where: { name: 'nav_menu_locations' } });
    return row ? JSON.parse(row.value) : {};
  };

  const termCount = () => t.db.prisma.term.count({ where: { taxonomy: 'nav_menu' } });

  beforeAll(async () => {
    t = await startTestApp({}, { seed: true });
    mainId = (await t.db.prisma.term.findFirstOrThrow({ where: { taxonomy: 'nav_menu' } })).id;
    homeItem = (await t.db.prisma.content.findFirstOrThrow({ where: { type: 'nav_menu_item' }, orderBy: { menuOrder: 'asc' } })).id;
    for (const role of ['subscriber', 'contributor', 'editor']) await createUser(role);
  });
  afterAll(() => t.close());

  describe('route declarations', () => {
    it('declares the terms controller\'s arguments and the nav_menu schema with locations and auto_add', async () => {
      const res = await t.request.options(MENUS).expect(200);
      expect(res.body.methods).toEqual(['GET', 'POST']);
      const [list, create] = res.body.endpoints;
      expect(list.allow_batch).toEqual({ v1: true });
      expect(Object.keys(list.args)).toEqual(['context', 'page', 'per_page', 'search', 'exclude', 'include', 'offset', 'order', 'orderby', 'hide_empty', 'post', 'slug']);
      expect(list.args.post).toEqual({ description: 'Limit result set to terms assigned to a specific post.', type: 'integer', default: null, required: false });
      expect(Object.keys(create.args)).toEqual(['description', 'name', 'slug', 'meta', 'locations', 'auto_add']);
      expect(create.args.name).toEqual({ description: 'HTML title for the term.', type: 'string', required: true });
      expect(create.args.locations).toEqual({ description: 'The locations assigned to the menu.', type: 'array', items: { type: 'string' }, required: false });
      expect(res.body.schema.title).toBe('nav_menu');
      expect(Object.keys(res.body.schema.properties)).toEqual(['id', 'description', 'name', 'slug', 'meta', 'locations', 'auto_add']);
      const item = (await t.request.options(`${MENUS}/${mainId}`).expect(200)).body;
      expect(item.methods).toEqual(ALL_METHODS);
      expect(item.endpoints[2].args.force).toEqual({ type: 'boolean', default: false, description: 'Required to be true, as terms do not support trashing.', required: false });
      const locations = (await t.request.options(LOCATIONS).expect(200)).body;
      expect(locations.methods).toEqual(['GET']);
      expect(locations.schema.title).toBe('menu-location');
      expect((await t.request.options(`${LOCATIONS}/primary`).expect(200)).body.endpoints[0].args.location).toEqual({
        description: 'An alphanumeric identifier for the menu location.',
        type: 'string',
        required: false,
      });
    });
  });

  describe('reading', () => {
    it('lists the seeded menu with its links', async () => {
      const res = await t.request.get(MENUS).set(admin()).expect(200);
      expect(res.headers['x-wp-total']).toBe('1');
      expect(res.headers['x-wp-totalpages']).toBe('1');
      expect(res.headers.allow).toBe('GET, POST');
      expect(res.body).toEqual([
        {
          id: mainId,
          description: '',
          name: 'Main Menu',
          slug: 'main-menu',
          meta: [],
          // The demo menu shows at the theme's primary location.
          locations: ['primary'],
          auto_add: false,
          _links: {
            self: [{ href: `${ROOT}/core/v2/menus/${mainId}`, targetHints: { allow: ALL_METHODS } }],
            collection: [{ href: `${ROOT}/core/v2/menus` }],
            about: [{ href: `${ROOT}/core/v2/taxonomies/nav_menu` }],
            'wp:menu-location': [{ href: `${ROOT}/core/v2/menu-locations/primary`, embeddable: true }],
            'wp:post_type': [{ href: `${ROOT}/core/v2/menu-items?menus=${mainId}` }],
            curies: CURIES,
          },
        },
      ]);
      const embed = await t.request.get(`${MENUS}/${mainId}?context=embed`).set(admin()).expect(200);
      expect(Object.keys(embed.body)).toEqual(['id', 'name', 'slug', '_links']);
      const edit = await t.request.get(`${MENUS}/${mainId}?context=edit`).set(admin()).expect(200);
      expect(Object.keys(edit.body)).toEqual(['id', 'description', 'name', 'slug', 'meta', 'locations', 'auto_add', '_links']);
    });

    it('lists the menu of one menu item with `post`', async () => {
      const res = await t.request.get(`${MENUS}?post=${homeItem}`).set(admin()).expect(200);
      expect(res.body.map((m: Json) => m.id)).toEqual([mainId]);
      const missing = await t.request.get(`${MENUS}?post=999999`).set(admin()).expect(400);
      expect(missing.body).toEqual({ code: 'rest_post_invalid_id', message: 'Invalid post ID.', data: { status: 400 } });
      const page = await t.db.prisma.content.findFirstOrThrow({ where: { type: 'page' } });
      const wrong = await t.request.get(`${MENUS}?post=${page.id}`).set(admin()).expect(403);
      expect(wrong.body).toEqual({ code: 'rest_forbidden_context', message: 'Sorry, you are not allowed to view terms for this post.', data: { status: 403 } });
    });

    it('needs a user who can edit posts or theme options', async () => {
      const anonymous = await t.request.get(MENUS).expect(401);
      expect(anonymous.body).toEqual({ code: 'rest_cannot_view', message: 'Sorry, you are not allowed to view menus.', data: { status: 401 } });
      expect(anonymous.headers.allow).toBeUndefined();
      const subscriber = await t.request.get(`${MENUS}/${mainId}`).set(as('subscriber')).expect(403);
      expect(subscriber.body.code).toBe('rest_cannot_view');
      const contributor = await t.request.get(MENUS).set(as('contributor')).expect(200);
      expect(contributor.body).toHaveLength(1);
      expect(contributor.headers.allow).toBe('GET');
      const edit = await t.request.get(`${MENUS}?context=edit`).set(as('editor')).expect(403);
      expect(edit.body).toEqual({ code: 'rest_forbidden_context', message: 'Sorry, you are not allowed to edit terms in this taxonomy.', data: { status: 403 } });
      const editOne = await t.request.get(`${MENUS}/${mainId}?context=edit`).set(as('editor')).expect(403);
      expect(editOne.body.message).toBe('Sorry, you are not allowed to edit this term.');
      const missing = await t.request.get(`${MENUS}/999999`).set(admin()).expect(404);
      expect(missing.body).toEqual({ code: 'rest_term_invalid', message: 'Term does not exist.', data: { status: 404 } });
      const category = await t.db.prisma.term.findFirstOrThrow({ where: { taxonomy: 'category' } });
      await t.request.get(`${MENUS}/${category.id}`).set(admin()).expect(404);
    });
  });

  describe('writing', () => {
    it('creates a menu with locations and auto_add, answering in view context', async () => {
      const res = await t.request.post(MENUS).set(admin()).send({ name: 'Footer', description: 'Bottom links', locations: ['primary'], auto_add: true, slug: 'ignored' }).expect(201);
      const id = res.body.id as number;
      expect(res.headers.location).toBe(`${ROOT}/core/v2/menus/${id}`);
      const { _links: links, ...body } = res.body;
      expect(body).toEqual({ id, description: 'Bottom links', name: 'Footer', slug: 'footer', meta: [], locations: ['primary'], auto_add: true });
      expect(links['wp:menu-location']).toEqual([{ embeddable: true, href: `${ROOT}/core/v2/menu-locations/primary` }]);
      expect(await storedLocations()).toEqual({ primary: id });

      const location = await t.request.get(`${LOCATIONS}/primary?_embed=wp:menu`).set(admin()).expect(200);
      expect(location.body.menu).toBe(id);
      expect(location.body._links['wp:menu']).toEqual([{ embeddable: true, href: `${ROOT}/core/v2/menus/${id}` }]);
      expect(location.body._embedded['wp:menu'][0]).toMatchObject({ id, name: 'Footer', slug: 'footer' });
    });

    it('moves a location to the menu it is assigned to last, and clears a menu\'s description unless sent', async () => {
      const footer = (await t.db.prisma.term.findFirstOrThrow({ where: { taxonomy: 'nav_menu', name: 'Footer' } })).id;
      const res = await t.request.patch(`${MENUS}/${mainId}`).set(admin()).send({ locations: ['primary'] }).expect(200);
      expect(res.body.locations).toEqual(['primary']);
      expect(await storedLocations()).toEqual({ primary: mainId });
      const footerNow = await t.request.get(`${MENUS}/${footer}`).set(admin()).expect(200);
      expect(footerNow.body).toMatchObject({ locations: [], description: 'Bottom links', auto_add: true });

      const renamed = await t.request.put(`${MENUS}/${footer}`).set(admin()).send({ name: 'Site Footer', auto_add: false }).expect(200);
      expect(renamed.body).toMatchObject({ name: 'Site Footer', slug: 'site-footer', description: '', auto_add: false, locations: [] });
      const none = await t.request.patch(`${MENUS}/${mainId}`).set(admin()).send({ locations: [] }).expect(200);
      expect(none.body.locations).toEqual([]);
      expect(await storedLocations()).toEqual({});
    });

    it('stores names the way WordPress does and keeps slugs unique', async () => {
      const amp = await create({ name: 'Tom & <b>Jerry</b>' });
      expect(amp).toMatchObject({ name: 'Tom &amp; Jerry', slug: 'tom-jerry' });
      const symbols = await create({ name: '!!!' });
      expect(symbols.slug).toBe(String(symbols.id));
      await t.db.prisma.term.create({ data: { taxonomy: 'post_tag', name: 'Clash', slug: 'clash' } });
      const clash = await create({ name: 'Clash' });
      expect(clash.slug).toBe('clash');
      await t.db.prisma.term.create({ data: { taxonomy: 'nav_menu', name: 'Legacy', slug: 'clash-2' } });
      const renamed = await t.request.patch(`${MENUS}/${symbols.id}`).set(admin()).send({ name: 'clash!' }).expect(200);
      expect(renamed.body.slug).toBe('clash-3');
    });

    it('refuses duplicate names (ignoring case), unknown locations, a parent and a missing name, writing nothing', async () => {
      const before = await termCount();
      const duplicate = await t.request.post(MENUS).set(admin()).send({ name: 'main menu' }).expect(400);
      expect(duplicate.body).toEqual({
        code: 'menu_exists',
        message: 'The menu name <strong>main menu</strong> conflicts with another menu name. Please try another.',
        data: { status: 400, term_id: mainId },
      });
      const location = await t.request.post(MENUS).set(admin()).send({ name: 'Nowhere', locations: ['sidebar'] }).expect(400);
      expect(location.body.data.details.locations).toEqual({ code: 'rest_invalid_menu_location', message: 'Invalid menu location.', data: { location: 'sidebar' } });
      const parent = await t.request.post(MENUS).set(admin()).send({ name: 'Child', parent: mainId }).expect(400);
      expect(parent.body).toEqual({ code: 'rest_taxonomy_not_hierarchical', message: 'Cannot set parent term, taxonomy is not hierarchical.', data: { status: 400 } });
      const missing = await t.request.post(MENUS).set(admin()).send({}).expect(400);
      expect(missing.body).toEqual({ code: 'rest_missing_callback_param', message: 'Missing parameter(s): name', data: { status: 400, params: ['name'] } });
      const blank = await t.request.post(MENUS).set(admin()).send({ name: '   ' }).expect(400);
      expect(blank.body.code).toBe('empty_term_name');
      const other = await t.request.patch(`${MENUS}/${mainId}`).set(admin()).send({ name: 'SITE FOOTER' }).expect(400);
      expect(other.body.code).toBe('menu_exists');
      expect(await termCount()).toBe(before);
      expect((await t.db.prisma.term.findUniqueOrThrow({ where: { id: mainId } })).name).toBe('Main Menu');
    });

    it('refuses users who cannot edit theme options', async () => {
      const before = await termCount();
      const anonymous = await t.request.post(MENUS).send({ name: 'Nope' }).expect(401);
      expect(anonymous.body).toEqual({ code: 'rest_cannot_create', message: 'Sorry, you are not allowed to create terms in this taxonomy.', data: { status: 401 } });
      await t.request.post(MENUS).set(as('editor')).send({ name: 'Nope' }).expect(403);
      const update = await t.request.patch(`${MENUS}/${mainId}`).set(as('editor')).send({ name: 'Nope' }).expect(403);
      expect(update.body).toEqual({ code: 'rest_cannot_update', message: 'Sorry, you are not allowed to edit this term.', data: { status: 403 } });
      const remove = await t.request.delete(`${MENUS}/${mainId}?force=true`).set(as('editor')).expect(403);
      expect(remove.body).toEqual({ code: 'rest_cannot_delete', message: 'Sorry, you are not allowed to delete this term.', data: { status: 403 } });
      expect(await termCount()).toBe(before);
    });

    it('deletes a menu with its items and frees its locations, only with force=true', async () => {
      const menu = await create({ name: 'Temporary', locations: ['primary'] });
      const item = await t.request.post(ITEMS).set(admin()).send({ title: 'Inside', url: 'https://example.org/i', menus: menu.id }).expect(201);
      await t.request.post(`${ITEMS}/${item.body.id}/autosaves`).set(admin()).send({}).expect(200);
      const refused = await t.request.delete(`${MENUS}/${menu.id}`).set(admin()).expect(501);
      expect(refused.body).toEqual({ code: 'rest_trash_not_supported', message: "Menus do not support trashing. Set 'force=true' to delete.", data: { status: 501 } });
      const res = await t.request.delete(`${MENUS}/${menu.id}?force=true`).set(admin()).expect(200);
      expect(res.body).toEqual({
        deleted: true,
        previous: { id: menu.id, description: '', name: 'Temporary', slug: 'temporary', meta: [], locations: ['primary'], auto_add: false },
      });
      expect(await t.db.prisma.content.count({ where: { OR: [{ id: item.body.id }, { parentId: item.body.id }] } })).toBe(0);
      expect(await t.db.prisma.menuItemDetail.count({ where: { contentId: item.body.id } })).toBe(0);
      expect(await storedLocations()).toEqual({ primary: 0 });
      const location = await t.request.get(`${LOCATIONS}/primary`).set(admin()).expect(200);
      expect(location.body.menu).toBe(0);
      expect(location.body._links['wp:menu']).toBeUndefined();
      await t.request.get(`${MENUS}/${menu.id}`).set(admin()).expect(404);
    });
  });

  describe('concurrency and auto_add', () => {
    it('gives simultaneous menus with clashing slugs unique slugs, and only one of several same-named menus', async () => {
      const names = ['Race!', 'Race?', 'Race.', 'Race,', 'Race;'];
      const results = await Promise.all(names.map((name) => t.request.post(MENUS).set(admin()).send({ name })));
      expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
      const slugs = results.map((r) => r.body.slug as string).sort();
      expect(slugs).toEqual(['race', 'race-2', 'race-3', 'race-4', 'race-5']);
      const same = await Promise.all([1, 2, 3].map(() => t.request.post(MENUS).set(admin()).send({ name: 'Twin' })));
      expect(same.map((r) => r.status).sort()).toEqual([201, 400, 400]);
      expect(same.filter((r) => r.status === 400).every((r) => r.body.code === 'menu_exists')).toBe(true);
      expect(await t.db.prisma.term.count({ where: { taxonomy: 'nav_menu', name: 'Twin' } })).toBe(1);
    });

    it('adds a newly published top-level page to the auto_add menus, once', async () => {
      const menu = await create({ name: 'Pages', auto_add: true });
      const now = new Date();
      const page = await t.db.prisma.content.create({ data: { type: 'page', status: 'publish', slug: 'fresh', title: 'Fresh', date: now, modified: now } });
      const child = await t.db.prisma.content.create({ data: { type: 'page', status: 'publish', slug: 'kid', title: 'Kid', parentId: page.id, date: now, modified: now } });
      const adminUser = await t.db.prisma.user.findUniqueOrThrow({ where: { login: 'admin' } });
      const who = { viewer: viewerFor(adminUser), config: t.config };
      const run = (target: { id: number; type: string; parentId: number }, from: string) =>
        t.db.prisma.$transaction((tx) => autoAddPageToMenus(tx, who, target, from, 'publish'));
      const [added] = await run(page, 'draft');
      expect(await run(page, 'draft')).toEqual([]);
      expect(await run(page, 'publish')).toEqual([]);
      expect(await run(child, 'draft')).toEqual([]);
      const item = await t.request.get(`${ITEMS}/${added}`).set(admin()).expect(200);
      expect(item.body).toMatchObject({ title: { rendered: 'Fresh' }, type: 'post_type', object: 'page', object_id: page.id, menus: menu.id, menu_order: 0, url: `${SITE_URL}/fresh/` });
    });
  });

  describe('collection filters', () => {
    it('searches, filters by ids and slugs, hides empty menus and orders', async () => {
      const names = async (query: string) => (await t.request.get(`${MENUS}?${query}`).set(admin()).expect(200)).body.map((m: Json) => m.name);
      await t.request.delete(`${MENUS}/${(await t.db.prisma.term.findFirstOrThrow({ where: { name: 'Pages' } })).id}?force=true`).set(admin()).expect(200);
      expect(await names('search=foot')).toEqual(['Site Footer']);
      expect(await names('slug=main-menu,site-footer')).toEqual(['Main Menu', 'Site Footer']);
      expect(await names(`include=${mainId}`)).toEqual(['Main Menu']);
      expect(await names(`exclude=${mainId}&search=menu`)).toEqual([]);
      expect(await names(`include=${mainId}&exclude=${mainId}`)).toEqual(['Main Menu']);
      expect(await names('hide_empty=true')).toEqual(['Main Menu']);
      expect(await names('slug=main-menu,site-footer,tom-jerry&orderby=slug&order=desc&per_page=2')).toEqual(['Tom &amp; Jerry', 'Site Footer']);
      expect(await names('slug=site-footer,main-menu&orderby=include_slugs')).toEqual(['Site Footer', 'Main Menu']);
      const paged = await t.request.get(`${MENUS}?per_page=2&page=2`).set(admin()).expect(200);
      expect(paged.headers['x-wp-total']).toBe(String(await termCount()));
      expect(paged.headers.link).toContain('rel="prev"');
    });
  });

  describe('menu locations', () => {
    it('lists the declared locations keyed by name', async () => {
      await t.request.patch(`${MENUS}/${mainId}`).set(admin()).send({ locations: ['primary'] }).expect(200);
      const res = await t.request.get(LOCATIONS).set(admin()).expect(200);
      expect(res.headers.allow).toBe('GET');
      expect(res.body).toEqual({
        primary: {
          name: 'primary',
          description: 'Primary Menu',
          menu: mainId,
          _links: {
            self: [{ href: `${ROOT}/core/v2/menu-locations/primary`, targetHints: { allow: ['GET'] } }],
            collection: [{ href: `${ROOT}/core/v2/menu-locations` }],
            'wp:menu': [{ embeddable: true, href: `${ROOT}/core/v2/menus/${mainId}` }],
            curies: CURIES,
          },
        },
      });
      const one = await t.request.get(`${LOCATIONS}/primary`).set(admin()).expect(200);
      expect(one.body).toEqual(res.body.primary);
    });

    it('needs edit_theme_options, and answers 404 for undeclared locations', async () => {
      const contributor = await t.request.get(LOCATIONS).set(as('contributor')).expect(403);
      expect(contributor.body).toEqual({ code: 'rest_cannot_view', message: 'Sorry, you are not allowed to view menu locations.', data: { status: 403 } });
      await t.request.get(`${LOCATIONS}/primary`).expect(401);
      const unknown = await t.request.get(`${LOCATIONS}/sidebar`).set(admin()).expect(404);
      expect(unknown.body).toEqual({ code: 'rest_menu_location_invalid', message: 'Invalid menu location.', data: { status: 404 } });
      // Permissions come first.
      await t.request.get(`${LOCATIONS}/sidebar`).set(as('editor')).expect(403);
    });
  });

  describe('query cost', () => {
    it('reads a page of menus with a constant number of queries', async () => {
      const cost = async (perPage: number) => {
        const before = t.db.queries.count;
        const res = await t.request.get(`${MENUS}?per_page=${perPage}`).set(admin()).expect(200);
        return { queries: t.db.queries.count - before, size: res.body.length };
      };
      const one = await cost(1);
      const all = await cost(100);
      expect(all.size).toBeGreaterThan(3);
      expect(all.queries).toBe(one.queries);
    });
  });
});

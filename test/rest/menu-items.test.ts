/**
 * `/core/v2/menu-items`, `/core/v2/menu-items/{id}` and the menu items' autosaves over real HTTP,
 * as WordPress's WP_REST_Menu_Items_Controller answers them (demo menu from the seed).
 */
import { basicAuth, SITE_URL, startTestApp, type TestApp } from '../support/app';

const ROOT = `${SITE_URL}/wp-json`;
const ITEMS = '/wp-json/core/v2/menu-items';
const MENUS = '/wp-json/core/v2/menus';

const VIEW_KEYS = [
  'id', 'title', 'status', 'url', 'attr_title', 'description', 'type', 'type_label', 'object', 'object_id', 'parent',
  'menu_order', 'target', 'classes', 'xfn', 'invalid', 'meta', 'menus', '_links',
];
const EMBED_KEYS = VIEW_KEYS.filter((k) => k !== 'meta' && k !== 'menus');
const CURIES = [{ name: 'wp', href: 'https://api.w.org/{rel}', templated: true }];
const ALL_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

type Json = Record<string, unknown>;

describe('menu items', () => {
  let t: TestApp;
  let menuId: number;
  /** Seeded ids: Home (custom), About (page), News (category), Contact (page). */
  let seeded: { home: number; about: number; news: number; contact: number };
  let pages: { about: number; contact: number };
  let categories: Record<string, number>;
  const users: Record<string, { id: number; auth: string }> = {};

  const admin = () => ({ Authorization: t.adminAuth });
  const as = (role: string) => ({ Authorization: users[role].auth });

  async function createUser(role: string): Promise<void> {
    const res = await t.request.post('/wp-json/core/v2/users').set(admin()).send({ username: role, email: `${role}@example.com`, password: 'secret-1', roles: [role] });
    if (res.status !== 201) throw new Error(`user: ${res.status} ${JSON.stringify(res.body)}`);
    const id = res.body.id as number;
    const pw = await t.request.post(`/wp-json/core/v2/users/${id}/application-passwords`).set(admin()).send({ name: 'tests' }).expect(201);
    users[role] = { id, auth: basicAuth(role, pw.body.password) };
  }

  async function createItem(body: Json): Promise<Json> {
    const res = await t.request.post(ITEMS).set(admin()).send(body);
    if (res.status !== 201) throw new Error(`create: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  }

  async function createMenu(name: string): Promise<number> {
    const res = await t.request.post(MENUS).set(admin()).send({ name });
    if (res.status !== 201) throw new Error(`menu: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.id as number;
  }

  async function addPage(title: string, slug: string, parentId = 0, status = 'publish'): Promise<number> {
    const now = new Date();
    const row = await t.db.prisma.content.create({ data: { type: 'page', status, slug, title, parentId, date: now, modified: now } });
    return row.id;
  }

  const counts = async () => ({
    content: await t.db.prisma.content.count(),
    details: await t.db.prisma.menuItemDetail.count(),
    relationships: await t.db.prisma.termRelationship.count(),
  });

  const menuCount = async (id: number) => (await t.db.prisma.term.findUniqueOrThrow({ where: { id } })).count;

  beforeAll(async () => {
    t = await startTestApp({}, { seed: true });
    menuId = (await t.db.prisma.term.findFirstOrThrow({ where: { taxonomy: 'nav_menu', slug: 'main-menu' } })).id;
    const items = await t.db.prisma.content.findMany({ where: { type: 'nav_menu_item' }, orderBy: { menuOrder: 'asc' } });
    seeded = { home: items[0].id, about: items[1].id, news: items[2].id, contact: items[3].id };
    const pageRows = await t.db.prisma.content.findMany({ where: { type: 'page' }, orderBy: { id: 'asc' } });
    pages = { about: pageRows[0].id, contact: pageRows[1].id };
    categories = Object.fromEntries((await t.db.prisma.term.findMany({ where: { taxonomy: 'category' } })).map((c) => [c.slug, c.id]));
    for (const role of ['subscriber', 'contributor', 'editor']) await createUser(role);
  });
  afterAll(() => t.close());

  describe('route declarations', () => {
    it('declares the collection with WordPress\'s arguments, batch support and the nav_menu_item schema', async () => {
      const res = await t.request.options(ITEMS).expect(200);
      expect(res.body.methods).toEqual(['GET', 'POST']);
      const [list, create] = res.body.endpoints;
      expect(list.allow_batch).toEqual({ v1: true });
      expect(create.allow_batch).toEqual({ v1: true });
      expect(Object.keys(list.args)).toEqual([
        'context', 'page', 'per_page', 'search', 'after', 'modified_after', 'before', 'modified_before', 'exclude', 'include',
        'search_semantics', 'offset', 'order', 'orderby', 'search_columns', 'slug', 'status', 'tax_relation', 'menus', 'menus_exclude', 'menu_order',
      ]);
      expect(list.args.per_page).toEqual({ description: 'Maximum number of items to be returned in result set.', type: 'integer', default: 100, minimum: 1, maximum: 100, required: false });
      expect(list.args.order).toEqual({ description: 'Order sort attribute ascending or descending.', type: 'string', default: 'asc', enum: ['asc', 'desc'], required: false });
      expect(list.args.orderby).toEqual({
        description: 'Sort collection by object attribute.',
        type: 'string',
        default: 'menu_order',
        enum: ['author', 'date', 'id', 'include', 'modified', 'parent', 'relevance', 'slug', 'include_slugs', 'title', 'menu_order'],
        required: false,
      });
      expect(list.args.status.items.enum).toEqual([
        'publish', 'future', 'draft', 'pending', 'private', 'trash', 'auto-draft', 'inherit', 'request-pending', 'request-confirmed',
        'request-failed', 'request-completed', 'any',
      ]);
      expect(list.args.menus.oneOf[1]).toEqual({
        title: 'Term ID Taxonomy Query',
        description: 'Perform an advanced term query.',
        type: 'object',
        properties: {
          terms: { description: 'Term IDs.', type: 'array', items: { type: 'integer' }, default: [] },
          operator: { description: 'Whether items must be assigned all or any of the specified terms.', type: 'string', enum: ['AND', 'OR'], default: 'OR' },
        },
        additionalProperties: false,
      });
      expect(list.args.menu_order).toEqual({ description: 'Limit result set to posts with a specific menu_order value.', type: 'integer', required: false });
      expect(Object.keys(create.args)).toEqual(['title', 'type', 'status', 'parent', 'attr_title', 'classes', 'description', 'menu_order', 'object', 'object_id', 'target', 'url', 'xfn', 'menus', 'meta']);
      expect(create.args.type).toEqual({
        default: 'custom',
        description: 'The family of objects originally represented, such as "post_type" or "taxonomy".',
        type: 'string',
        enum: ['taxonomy', 'post_type', 'post_type_archive', 'custom'],
        required: false,
      });
      expect(create.args.status).toEqual({ default: 'publish', description: 'A named status for the object.', type: 'string', enum: ['publish', 'future', 'draft', 'pending', 'private'], required: false });
      expect(create.args.menu_order).toEqual({ default: 1, description: "The DB ID of the nav_menu_item that is this item's menu parent, if any, otherwise 0.", type: 'integer', minimum: 1, required: false });
      expect(create.args.target).toEqual({ description: 'The target attribute of the link element for this menu item.', type: 'string', enum: ['_blank', ''], required: false });
      expect(create.args.menus).toEqual({ description: 'The terms assigned to the object in the nav_menu taxonomy.', type: 'integer', required: false });
      expect(res.body.schema.title).toBe('nav_menu_item');
      expect(Object.keys(res.body.schema.properties)).toEqual([
        'title', 'id', 'type_label', 'type', 'status', 'parent', 'attr_title', 'classes', 'description', 'menu_order', 'object',
        'object_id', 'target', 'url', 'xfn', 'invalid', 'menus', 'meta',
      ]);
    });

    it('declares the item route, and the autosaves routes WordPress registers for menu items', async () => {
      const item = (await t.request.options(`${ITEMS}/${seeded.home}`).expect(200)).body;
      expect(item.methods).toEqual(ALL_METHODS);
      expect(item.endpoints.map((e: Json) => e.allow_batch)).toEqual([{ v1: true }, { v1: true }, { v1: true }]);
      expect(Object.keys(item.endpoints[0].args)).toEqual(['id', 'context']);
      expect(item.endpoints[2].args.force).toEqual({ type: 'boolean', default: false, description: 'Whether to bypass Trash and force deletion.', required: false });
      const routes = (await t.request.get('/wp-json/core/v2').expect(200)).body.routes;
      expect(routes['/core/v2/menu-items/(?P<id>[\\d]+)/autosaves'].methods).toEqual(['GET', 'POST']);
      expect(routes['/core/v2/menu-items/(?P<id>[\\d]+)/autosaves'].endpoints[0].allow_batch).toBeUndefined();
      expect(Object.keys(routes['/core/v2/menu-items/(?P<id>[\\d]+)/autosaves'].endpoints[0].args)).toEqual(['parent', 'context']);
      expect(routes['/core/v2/menu-items/(?P<parent>[\\d]+)/autosaves/(?P<id>[\\d]+)'].methods).toEqual(['GET']);
    });
  });

  describe('reading', () => {
    it('lists the seeded menu in menu order with the linked objects\' titles and addresses', async () => {
      const res = await t.request.get(ITEMS).set(admin()).expect(200);
      expect(res.headers['x-wp-total']).toBe('4');
      expect(res.headers['x-wp-totalpages']).toBe('1');
      expect(res.headers.allow).toBe('GET, POST');
      expect(res.body.map((i: Json) => i.id)).toEqual([seeded.home, seeded.about, seeded.news, seeded.contact]);
      for (const item of res.body) expect(Object.keys(item)).toEqual(VIEW_KEYS);
      expect(res.body[0]).toEqual({
        id: seeded.home,
        title: { rendered: 'Home' },
        status: 'publish',
        url: `${SITE_URL}/`,
        attr_title: '',
        description: '',
        type: 'custom',
        type_label: 'Custom Link',
        object: 'custom',
        object_id: seeded.home,
        parent: 0,
        menu_order: 1,
        target: '',
        classes: [''],
        xfn: [''],
        invalid: false,
        meta: [],
        menus: menuId,
        _links: {
          self: [{ href: `${ROOT}/core/v2/menu-items/${seeded.home}`, targetHints: { allow: ALL_METHODS } }],
          collection: [{ href: `${ROOT}/core/v2/menu-items` }],
          about: [{ href: `${ROOT}/core/v2/types/nav_menu_item` }],
          'wp:term': [{ taxonomy: 'nav_menu', embeddable: true, href: `${ROOT}/core/v2/menus?post=${seeded.home}` }],
          curies: CURIES,
        },
      });
      expect(res.body[1]).toMatchObject({
        title: { rendered: 'About' },
        url: `${SITE_URL}/about/`,
        type: 'post_type',
        type_label: 'Page',
        object: 'page',
        object_id: pages.about,
        invalid: false,
      });
      expect(res.body[1]._links['wp:menu-item-object']).toEqual([{ post_type: 'page', embeddable: true, href: `${ROOT}/core/v2/pages/${pages.about}` }]);
      expect(Object.keys(res.body[1]._links)).toEqual(['self', 'collection', 'about', 'wp:term', 'wp:menu-item-object', 'curies']);
      expect(res.body[2]).toMatchObject({ title: { rendered: 'News' }, url: `${SITE_URL}/category/news/`, type: 'taxonomy', type_label: 'Category', object: 'category', object_id: categories.news });
      expect(res.body[2]._links['wp:menu-item-object']).toEqual([{ taxonomy: 'category', embeddable: true, href: `${ROOT}/core/v2/categories/${categories.news}` }]);
      expect(res.body[3]).toMatchObject({ title: { rendered: 'Contact' }, url: `${SITE_URL}/contact/` });
    });

    it('shows title.raw (the linked object\'s title when the item has none) and action links in edit context; embed leaves out meta and menus', async () => {
      const edit = await t.request.get(`${ITEMS}/${seeded.about}?context=edit`).set(admin()).expect(200);
      expect(edit.body.title).toEqual({ raw: 'About', rendered: 'About' });
      expect(Object.keys(edit.body._links)).toEqual([
        'self', 'collection', 'about', 'wp:term', 'wp:menu-item-object', 'wp:action-publish', 'wp:action-unfiltered-html',
        'wp:action-create-menus', 'wp:action-assign-menus', 'curies',
      ]);
      expect(edit.body._links['wp:action-publish']).toEqual([{ href: `${ROOT}/core/v2/menu-items/${seeded.about}` }]);
      const embed = await t.request.get(`${ITEMS}/${seeded.about}?context=embed`).set(admin()).expect(200);
      expect(Object.keys(embed.body)).toEqual(EMBED_KEYS);
      expect(embed.body.title).toEqual({ rendered: 'About' });
      const view = await t.request.get(`${ITEMS}/${seeded.about}`).set(admin()).expect(200);
      expect(view.headers.allow).toBe('GET, POST, PUT, PATCH, DELETE');
    });

    it('refuses anonymous callers and subscribers, lets anybody who edits posts read, and keeps edit context for menu managers', async () => {
      const anonymous = await t.request.get(ITEMS).expect(401);
      expect(anonymous.body).toEqual({ code: 'rest_cannot_view', message: 'Sorry, you are not allowed to view menu items.', data: { status: 401 } });
      expect(anonymous.headers.allow).toBeUndefined();
      const single = await t.request.get(`${ITEMS}/${seeded.home}`).expect(401);
      expect(single.body.code).toBe('rest_cannot_view');
      const subscriber = await t.request.get(ITEMS).set(as('subscriber')).expect(403);
      expect(subscriber.body).toEqual({ code: 'rest_cannot_view', message: 'Sorry, you are not allowed to view menu items.', data: { status: 403 } });
      await t.request.get(`${ITEMS}/${seeded.home}`).set(as('subscriber')).expect(403);

      const contributor = await t.request.get(ITEMS).set(as('contributor')).expect(200);
      expect(contributor.body).toHaveLength(4);
      expect(contributor.headers.allow).toBe('GET');
      expect(contributor.body[0]._links.self[0].targetHints).toEqual({ allow: ['GET'] });
      const edit = await t.request.get(`${ITEMS}?context=edit`).set(as('editor')).expect(403);
      expect(edit.body).toEqual({ code: 'rest_forbidden_context', message: 'Sorry, you are not allowed to edit posts in this post type.', data: { status: 403 } });
      const editItem = await t.request.get(`${ITEMS}/${seeded.home}?context=edit`).set(as('contributor')).expect(403);
      expect(editItem.body).toEqual({ code: 'rest_forbidden_context', message: 'Sorry, you are not allowed to edit this post.', data: { status: 403 } });
      const anonymousEdit = await t.request.get(`${ITEMS}?context=edit`).expect(401);
      expect(anonymousEdit.body.code).toBe('rest_forbidden_context');
    });

    it('reports a forbidden status filter as an invalid parameter, before any permission error', async () => {
      const res = await t.request.get(`${ITEMS}?status=draft`).expect(400);
      expect(res.body).toEqual({
        code: 'rest_invalid_param',
        message: 'Invalid parameter(s): status',
        data: {
          status: 400,
          params: { status: 'Status is forbidden.' },
          details: { status: { code: 'rest_forbidden_status', message: 'Status is forbidden.', data: { status: 401 } } },
        },
      });
      const contributor = await t.request.get(`${ITEMS}?status=publish,draft`).set(as('contributor')).expect(400);
      expect(contributor.body.data.details.status.data).toEqual({ status: 403 });
    });

    it('answers 404 for unknown ids and for records that are not menu items', async () => {
      const missing = await t.request.get(`${ITEMS}/999999`).set(admin()).expect(404);
      expect(missing.body).toEqual({ code: 'rest_post_invalid_id', message: 'Invalid post ID.', data: { status: 404 } });
      expect(missing.headers.allow).toBeUndefined();
      await t.request.get(`${ITEMS}/${pages.about}`).set(admin()).expect(404);
      await t.request.get(`${ITEMS}/99999999999`).set(admin()).expect(404);
      // Unknown ids are 404 even for anonymous callers (the record is looked up first).
      await t.request.get(`${ITEMS}/999999`).expect(404);
    });

    it('validates collection arguments', async () => {
      const res = await t.request.get(`${ITEMS}?per_page=101`).set(admin()).expect(400);
      expect(res.body.data.params.per_page).toBe('per_page must be between 1 (inclusive) and 100 (inclusive)');
      const orderby = await t.request.get(`${ITEMS}?orderby=name`).set(admin()).expect(400);
      expect(orderby.body.data.details.orderby.code).toBe('rest_not_in_enum');
      const relevance = await t.request.get(`${ITEMS}?orderby=relevance`).set(admin()).expect(400);
      expect(relevance.body).toEqual({ code: 'rest_no_search_term_defined', message: 'You need to define a search term to order by relevance.', data: { status: 400 } });
      const include = await t.request.get(`${ITEMS}?orderby=include`).set(admin()).expect(400);
      expect(include.body.code).toBe('rest_orderby_include_missing_include');
      const menus = await t.request.get(`${ITEMS}?menus[terms][]=1&menus[bogus]=1`).set(admin()).expect(400);
      expect(menus.body.data.details.menus.code).toBe('rest_no_matching_schema');
      const date = await t.request.get(`${ITEMS}?after=2020-01-01`).set(admin()).expect(400);
      expect(date.body.data.details.after.code).toBe('rest_invalid_date');
    });
  });

  describe('collection filters and pagination', () => {
    let second: number;
    let extra: Json[];

    beforeAll(async () => {
      second = await createMenu('Filters Menu');
      extra = [];
      for (const [i, title] of ['Zeta', 'Alpha', 'Mid'].entries()) {
        extra.push(await createItem({ title, url: `https://example.org/${i}`, menus: second, menu_order: i + 1, classes: `c${i}` }));
      }
      extra.push(await createItem({ title: 'Draft link', url: 'https://example.org/draft', menus: second, menu_order: 4, status: 'draft' }));
    });

    it('filters by menu, by menus_exclude and with the object form', async () => {
      const mine = await t.request.get(`${ITEMS}?menus=${second}`).set(admin()).expect(200);
      expect(mine.body.map((i: Json) => i.title)).toEqual([{ rendered: 'Zeta' }, { rendered: 'Alpha' }, { rendered: 'Mid' }]);
      const object = await t.request.get(`${ITEMS}?menus[terms][]=${second}&menus[operator]=AND`).set(admin()).expect(200);
      expect(object.body).toHaveLength(3);
      const excluded = await t.request.get(`${ITEMS}?menus_exclude=${second}`).set(admin()).expect(200);
      expect(excluded.body.map((i: Json) => i.menus)).toEqual([menuId, menuId, menuId, menuId]);
      const either = await t.request.get(`${ITEMS}?menus=${menuId}&menus_exclude=${menuId}&tax_relation=OR`).set(admin()).expect(200);
      expect(either.body).toHaveLength(7);
    });

    it('filters by status, include, exclude, slug, menu_order and search', async () => {
      const drafts = await t.request.get(`${ITEMS}?status=draft`).set(admin()).expect(200);
      expect(drafts.body.map((i: Json) => i.id)).toEqual([extra[3].id]);
      const any = await t.request.get(`${ITEMS}?status=any&menus=${second}`).set(admin()).expect(200);
      expect(any.body).toHaveLength(4);
      const include = await t.request.get(`${ITEMS}?include=${extra[1].id},${extra[0].id}&orderby=include`).set(admin()).expect(200);
      expect(include.body.map((i: Json) => i.id)).toEqual([extra[1].id, extra[0].id]);
      const exclude = await t.request.get(`${ITEMS}?menus=${second}&exclude=${extra[0].id}`).set(admin()).expect(200);
      expect(exclude.body.map((i: Json) => i.id)).toEqual([extra[1].id, extra[2].id]);
      const slug = await t.request.get(`${ITEMS}?slug=alpha`).set(admin()).expect(200);
      expect(slug.body.map((i: Json) => i.id)).toEqual([extra[1].id]);
      const order = await t.request.get(`${ITEMS}?menus=${second}&menu_order=2`).set(admin()).expect(200);
      expect(order.body.map((i: Json) => i.id)).toEqual([extra[1].id]);
      const search = await t.request.get(`${ITEMS}?search=alp`).set(admin()).expect(200);
      expect(search.body.map((i: Json) => i.id)).toEqual([extra[1].id]);
      const exact = await t.request.get(`${ITEMS}?search=alp&search_semantics=exact`).set(admin()).expect(200);
      expect(exact.body).toEqual([]);
    });

    it('orders by title or id, ascending or descending', async () => {
      const byTitle = await t.request.get(`${ITEMS}?menus=${second}&orderby=title`).set(admin()).expect(200);
      expect(byTitle.body.map((i: Json) => (i.title as Json).rendered)).toEqual(['Alpha', 'Mid', 'Zeta']);
      const desc = await t.request.get(`${ITEMS}?menus=${second}&order=desc`).set(admin()).expect(200);
      expect(desc.body.map((i: Json) => (i.title as Json).rendered)).toEqual(['Mid', 'Alpha', 'Zeta']);
      const relevance = await t.request.get(`${ITEMS}?menus=${second}&search=zeta%20alpha&orderby=relevance`).set(admin()).expect(200);
      expect(relevance.body).toEqual([]);
      const related = await t.request.get(`${ITEMS}?menus=${second}&search=a&orderby=relevance`).set(admin()).expect(200);
      // Both titles match; newer first.
      expect(related.body.map((i: Json) => (i.title as Json).rendered)).toEqual(['Alpha', 'Zeta']);
      const slugs = await t.request.get(`${ITEMS}?slug=mid,zeta&orderby=include_slugs`).set(admin()).expect(200);
      expect(slugs.body.map((i: Json) => (i.title as Json).rendered)).toEqual(['Mid', 'Zeta']);
      const byId = await t.request.get(`${ITEMS}?menus=${second}&orderby=id&order=desc`).set(admin()).expect(200);
      expect(byId.body.map((i: Json) => i.id)).toEqual([extra[2].id, extra[1].id, extra[0].id]);
    });

    it('pages with X-WP-Total, X-WP-TotalPages and prev/next links', async () => {
      const first = await t.request.get(`${ITEMS}?menus=${second}&per_page=2`).set(admin()).expect(200);
      expect(first.headers['x-wp-total']).toBe('3');
      expect(first.headers['x-wp-totalpages']).toBe('2');
      expect(first.headers.link).toBe(`<${ROOT}/core/v2/menu-items?menus=${second}&per_page=2&page=2>; rel="next"`);
      const last = await t.request.get(`${ITEMS}?menus=${second}&per_page=2&page=2`).set(admin()).expect(200);
      expect(last.body.map((i: Json) => i.id)).toEqual([extra[2].id]);
      expect(last.headers.link).toBe(`<${ROOT}/core/v2/menu-items?menus=${second}&per_page=2&page=1>; rel="prev"`);
      const offset = await t.request.get(`${ITEMS}?menus=${second}&per_page=2&offset=1`).set(admin()).expect(200);
      expect(offset.body.map((i: Json) => i.id)).toEqual([extra[1].id, extra[2].id]);
      const beyond = await t.request.get(`${ITEMS}?menus=${second}&per_page=2&page=3`).set(admin()).expect(400);
      expect(beyond.body).toEqual({ code: 'rest_post_invalid_page_number', message: 'The page number requested is larger than the number of pages available.', data: { status: 400 } });
      const empty = await t.request.get(`${ITEMS}?menus=999999&page=5`).set(admin()).expect(200);
      expect(empty.body).toEqual([]);
      expect(empty.headers['x-wp-total']).toBe('0');
      expect(empty.headers['x-wp-totalpages']).toBe('0');
    });

    it('is batchable', async () => {
      const res = await t.request
        .post('/wp-json/batch/v1')
        .set(admin())
        .send({ requests: [{ method: 'POST', path: '/core/v2/menu-items', body: { title: 'Batched', url: 'https://example.org/b', menus: second } }] })
        .expect(207);
      expect(res.body.responses[0].status).toBe(201);
      expect(res.body.responses[0].body.title).toEqual({ raw: 'Batched', rendered: 'Batched' });
      await t.request.delete(`${ITEMS}/${res.body.responses[0].body.id}?force=true`).set(admin()).expect(200);
    });
  });

  describe('creating', () => {
    it('creates a custom link as WordPress does: 201, Location, edit context, the menu recounted', async () => {
      const before = await menuCount(menuId);
      const res = await t.request.post(ITEMS).set(admin()).send({ title: 'Sample link', url: 'https://example.org/', menus: menuId, status: 'publish' }).expect(201);
      const id = res.body.id as number;
      expect(res.headers.location).toBe(`${ROOT}/core/v2/menu-items/${id}`);
      expect(res.headers.allow).toBe('GET, POST');
      const { _links: links, ...body } = res.body;
      expect(body).toEqual({
        id,
        title: { raw: 'Sample link', rendered: 'Sample link' },
        status: 'publish',
        url: 'https://example.org/',
        attr_title: '',
        description: '',
        type: 'custom',
        type_label: 'Custom Link',
        object: 'custom',
        object_id: id,
        parent: 0,
        menu_order: 1,
        target: '',
        classes: [''],
        xfn: [''],
        invalid: false,
        meta: [],
        menus: menuId,
      });
      expect(links.self).toEqual([{ href: `${ROOT}/core/v2/menu-items/${id}`, targetHints: { allow: ALL_METHODS } }]);
      expect(Object.keys(links)).toEqual(['self', 'collection', 'about', 'wp:term', 'wp:action-publish', 'wp:action-unfiltered-html', 'wp:action-create-menus', 'wp:action-assign-menus', 'curies']);
      expect(await menuCount(menuId)).toBe(before + 1);
      const row = await t.db.prisma.content.findUniqueOrThrow({ where: { id }, include: { menuItem: true } });
      expect(row).toMatchObject({ type: 'nav_menu_item', status: 'publish', title: 'Sample link', slug: 'sample-link', commentStatus: 'closed', pingStatus: 'closed' });
      expect(row.menuItem).toMatchObject({ itemType: 'custom', object: 'custom', objectId: id, url: 'https://example.org/', classes: '[""]', xfn: '[""]' });
      await t.request.delete(`${ITEMS}/${id}?force=true`).set(admin()).expect(200);
      expect(await menuCount(menuId)).toBe(before);
    });

    it('requires a title and a url for custom links, reporting both errors at once and writing nothing', async () => {
      const before = await counts();
      const res = await t.request.post(ITEMS).set(admin()).send({}).expect(400);
      expect(res.body).toEqual({
        code: 'rest_title_required',
        message: 'The title is required when using a custom menu item type.',
        data: { status: 400 },
        additional_errors: [{ code: 'rest_url_required', message: 'The url is required when using a custom menu item type.', data: { status: 400 } }],
      });
      const noUrl = await t.request.post(ITEMS).set(admin()).send({ title: { raw: 'x' } }).expect(400);
      expect(noUrl.body.code).toBe('rest_url_required');
      expect(noUrl.body.additional_errors).toBeUndefined();
      expect(await counts()).toEqual(before);
    });

    it('links a page by id alone: the object is filled in, the title and address come from the page', async () => {
      const child = await addPage('Team', 'team', pages.about);
      const res = await t.request.post(ITEMS).set(admin()).send({ type: 'post_type', object_id: child, menus: menuId, menu_order: 9 }).expect(201);
      expect(res.body).toMatchObject({
        title: { raw: 'Team', rendered: 'Team' },
        url: `${SITE_URL}/about/team/`,
        type: 'post_type',
        type_label: 'Page',
        object: 'page',
        object_id: child,
        menu_order: 9,
        invalid: false,
      });
      const row = await t.db.prisma.content.findUniqueOrThrow({ where: { id: res.body.id } });
      // The item keeps no title of its own, and takes the linked page's parent as its post parent.
      expect(row).toMatchObject({ title: '', parentId: pages.about, content: ' ', slug: String(res.body.id) });
      expect(res.body.description).toBe('');
    });

    it('links a post, a tag and the posts archive', async () => {
      const post = await t.db.prisma.content.findFirstOrThrow({ where: { type: 'post', slug: 'hello-world' } });
      const postItem = await createItem({ type: 'post_type', object: 'post', object_id: post.id, menus: menuId, title: 'Greeting' });
      expect(postItem).toMatchObject({ title: { raw: 'Greeting', rendered: 'Greeting' }, url: `${SITE_URL}/hello-world/`, type_label: 'Post', object: 'post' });
      expect((postItem._links as Json)['wp:menu-item-object']).toEqual([{ post_type: 'post', embeddable: true, href: `${ROOT}/core/v2/posts/${post.id}` }]);

      const tag = await t.db.prisma.term.findFirstOrThrow({ where: { taxonomy: 'post_tag', slug: 'rest' } });
      const tagItem = await createItem({ type: 'taxonomy', object_id: tag.id, menus: menuId });
      expect(tagItem).toMatchObject({ title: { raw: 'rest', rendered: 'rest' }, url: `${SITE_URL}/tag/rest/`, type_label: 'Tag', object: 'post_tag', object_id: tag.id });
      expect((tagItem._links as Json)['wp:menu-item-object']).toEqual([{ taxonomy: 'post_tag', embeddable: true, href: `${ROOT}/core/v2/tags/${tag.id}` }]);

      const archive = await createItem({ type: 'post_type_archive', object: 'post', menus: menuId });
      expect(archive).toMatchObject({ title: { raw: 'Post Archives', rendered: 'Post Archives' }, url: SITE_URL, type_label: 'Post Type Archive', object: 'post', invalid: false });
      expect((archive._links as Json)['wp:menu-item-object']).toBeUndefined();
      const badArchive = await t.request.post(ITEMS).set(admin()).send({ type: 'post_type_archive', object: 'nope', menus: menuId }).expect(400);
      expect(badArchive.body).toEqual({ code: 'rest_post_invalid_type', message: 'Invalid post type.', data: { status: 400 } });
    });

    it('stores no title when the given one equals the linked object\'s', async () => {
      const item = await createItem({ type: 'taxonomy', object: 'category', object_id: categories.guides, title: 'Guides', menus: menuId });
      expect(item.title).toEqual({ raw: 'Guides', rendered: 'Guides' });
      expect((await t.db.prisma.content.findUniqueOrThrow({ where: { id: item.id as number } })).title).toBe('');
      const renamed = await t.db.prisma.term.update({ where: { id: categories.guides }, data: { name: 'How-tos' } });
      const after = await t.request.get(`${ITEMS}/${item.id}`).set(admin()).expect(200);
      expect(after.body.title).toEqual({ rendered: 'How-tos' });
      await t.db.prisma.term.update({ where: { id: renamed.id }, data: { name: 'Guides' } });
    });

    it('refuses links to things that do not exist, and menus that are not menus', async () => {
      const before = await counts();
      const post = await t.request.post(ITEMS).set(admin()).send({ type: 'post_type', object_id: 999999, menus: menuId }).expect(400);
      expect(post.body).toEqual({ code: 'rest_post_invalid_id', message: 'Invalid post ID.', data: { status: 400 } });
      const term = await t.request.post(ITEMS).set(admin()).send({ type: 'taxonomy', object_id: 999999, menus: menuId }).expect(400);
      expect(term.body).toEqual({ code: 'rest_term_invalid_id', message: 'Invalid term ID.', data: { status: 400 } });
      const menu = await t.request.post(ITEMS).set(admin()).send({ title: 'x', url: 'https://example.org/', menus: 999999 }).expect(400);
      expect(menu.body).toEqual({ code: 'invalid_menu_id', message: 'Invalid menu ID.', data: { status: 400 } });
      await t.request.post(ITEMS).set(admin()).send({ title: 'x', url: 'https://example.org/', menus: categories.news }).expect(400);
      const exists = await t.request.post(ITEMS).set(admin()).send({ id: seeded.home, title: 'x', url: 'https://example.org/' }).expect(400);
      expect(exists.body).toEqual({ code: 'rest_post_exists', message: 'Cannot create existing post.', data: { status: 400 } });
      expect(await counts()).toEqual(before);
    });

    it('validates the fields with WordPress\'s schema', async () => {
      const before = await counts();
      const target = await t.request.post(ITEMS).set(admin()).send({ title: 'x', url: 'https://example.org/', target: '_self' }).expect(400);
      expect(target.body.data.params.target).toBe('target is not one of _blank and .');
      const order = await t.request.post(ITEMS).set(admin()).send({ title: 'x', url: 'https://example.org/', menu_order: 0 }).expect(400);
      expect(order.body.data.details.menu_order.code).toBe('rest_out_of_bounds');
      const type = await t.request.post(ITEMS).set(admin()).send({ title: 'x', url: 'https://example.org/', type: 'page' }).expect(400);
      expect(type.body.data.details.type.code).toBe('rest_not_in_enum');
      const url = await t.request.post(ITEMS).set(admin()).send({ title: 'x', url: 'javascript:alert(1)' }).expect(400);
      expect(url.body.data.details.url).toEqual({ code: 'rest_invalid_url', message: 'Invalid URL.', data: null });
      const title = await t.request.post(ITEMS).set(admin()).send({ title: 5, url: 'https://example.org/' }).expect(400);
      expect(title.body.code).toBe('rest_invalid_param');
      expect(await counts()).toEqual(before);
    });

    it('takes classes and xfn as lists or space-separated strings, and stores other statuses as draft', async () => {
      const item = await createItem({
        title: { raw: 'Styled' },
        url: ' https://example.org/styled ',
        classes: 'one two%20 th<r>ee',
        xfn: ['friend', 'met'],
        target: '_blank',
        attr_title: '<b>Hover</b> text',
        description: 'A   description',
        status: 'pending',
        menus: menuId,
      });
      expect(item).toMatchObject({
        title: { raw: 'Styled', rendered: 'Styled' },
        status: 'draft',
        // esc_url_raw() encodes the trailing space before wp_update_nav_menu_item() trims.
        url: 'https://example.org/styled%20',
        classes: ['one', 'two', 'three'],
        xfn: ['friend', 'met'],
        target: '_blank',
        attr_title: 'Hover text',
        description: 'A description',
      });
      const row = await t.db.prisma.content.findUniqueOrThrow({ where: { id: item.id as number } });
      expect(row).toMatchObject({ status: 'draft', slug: '', dateFloating: true });
      const list = await createItem({ title: 'Listed', url: 'https://example.org/l', classes: ['a', 'b c'], status: 'future' });
      expect(list).toMatchObject({ classes: ['a', 'bc'], status: 'draft', menus: 0, menu_order: 1 });
    });

    it('refuses users who cannot edit theme options, before writing anything', async () => {
      const before = await counts();
      const anonymous = await t.request.post(ITEMS).send({ title: 'x', url: 'https://example.org/' }).expect(401);
      expect(anonymous.body).toEqual({ code: 'rest_cannot_create', message: 'Sorry, you are not allowed to create posts as this user.', data: { status: 401 } });
      const editor = await t.request.post(ITEMS).set(as('editor')).send({ title: 'x', url: 'https://example.org/' }).expect(403);
      expect(editor.body.code).toBe('rest_cannot_create');
      expect(editor.headers.allow).toBe('GET');
      // Argument validation comes before permissions.
      const invalid = await t.request.post(ITEMS).send({ target: 'x' }).expect(400);
      expect(invalid.body.code).toBe('rest_invalid_param');
      expect(await counts()).toEqual(before);
    });
  });

  describe('updating', () => {
    let item: Json;
    let other: number;

    beforeAll(async () => {
      other = await createMenu('Other Menu');
      item = await createItem({ title: 'Editable', url: 'https://example.org/e', menus: menuId, menu_order: 20, classes: ['keep'] });
    });

    it('updates partially with POST, PUT and PATCH, keeping the other fields', async () => {
      const patch = await t.request.patch(`${ITEMS}/${item.id}`).set(admin()).send({ title: 'Edited' }).expect(200);
      expect(patch.body).toMatchObject({ title: { raw: 'Edited', rendered: 'Edited' }, url: 'https://example.org/e', menu_order: 20, classes: ['keep'], menus: menuId });
      const put = await t.request.put(`${ITEMS}/${item.id}`).set(admin()).send({ url: 'https://example.org/put', attr_title: 'Tip' }).expect(200);
      expect(put.body).toMatchObject({ title: { raw: 'Edited' }, url: 'https://example.org/put', attr_title: 'Tip' });
      const post = await t.request.post(`${ITEMS}/${item.id}`).set(admin()).send({ status: 'draft' }).expect(200);
      expect(post.body.status).toBe('draft');
      const back = await t.request.post(`${ITEMS}/${item.id}`).set(admin()).send({ status: 'publish' }).expect(200);
      expect(back.body.status).toBe('publish');
      // A published item keeps the slug it was first published with.
      expect((await t.db.prisma.content.findUniqueOrThrow({ where: { id: item.id as number } })).slug).toBe('editable');
      const empty = await t.request.patch(`${ITEMS}/${item.id}`).set(admin()).send({ title: '' }).expect(400);
      expect(empty.body.code).toBe('rest_title_required');
    });

    it('moves an item to another menu, recounting both', async () => {
      const [a, b] = [await menuCount(menuId), await menuCount(other)];
      const res = await t.request.patch(`${ITEMS}/${item.id}`).set(admin()).send({ menus: other }).expect(200);
      expect(res.body.menus).toBe(other);
      expect([await menuCount(menuId), await menuCount(other)]).toEqual([a - 1, b + 1]);
      expect(await t.db.prisma.termRelationship.count({ where: { contentId: item.id as number } })).toBe(1);
    });

    it('sets the parent item, and resets an item made its own parent', async () => {
      const parent = await t.request.patch(`${ITEMS}/${item.id}`).set(admin()).send({ parent: seeded.home }).expect(200);
      expect(parent.body.parent).toBe(seeded.home);
      const self = await t.request.patch(`${ITEMS}/${item.id}`).set(admin()).send({ parent: item.id }).expect(200);
      expect(self.body.parent).toBe(0);
      await t.request.patch(`${ITEMS}/${item.id}`).set(admin()).send({ parent: -1 }).expect(400);
    });

    it('turns a custom link into a page link', async () => {
      const res = await t.request.patch(`${ITEMS}/${item.id}`).set(admin()).send({ type: 'post_type', object: 'page', object_id: pages.contact, title: '' }).expect(200);
      expect(res.body).toMatchObject({ type: 'post_type', object: 'page', object_id: pages.contact, title: { raw: 'Contact' }, url: `${SITE_URL}/contact/` });
      const row = await t.db.prisma.menuItemDetail.findUniqueOrThrow({ where: { contentId: item.id as number } });
      expect(row.url).toBe('');
    });

    it('refuses unknown items and users who cannot edit, changing nothing', async () => {
      const missing = await t.request.patch(`${ITEMS}/999999`).set(admin()).send({ title: 'x' }).expect(404);
      expect(missing.body.code).toBe('rest_post_invalid_id');
      const before = await t.db.prisma.content.findUniqueOrThrow({ where: { id: seeded.home } });
      const contributor = await t.request.patch(`${ITEMS}/${seeded.home}`).set(as('contributor')).send({ title: 'Hacked' }).expect(403);
      expect(contributor.body).toEqual({ code: 'rest_cannot_edit', message: 'Sorry, you are not allowed to edit this post.', data: { status: 403 } });
      await t.request.patch(`${ITEMS}/${seeded.home}`).send({ title: 'Hacked' }).expect(401);
      const menu = await t.request.patch(`${ITEMS}/${seeded.home}`).set(admin()).send({ menus: 999999 }).expect(400);
      expect(menu.body.code).toBe('invalid_menu_id');
      expect(await t.db.prisma.content.findUniqueOrThrow({ where: { id: seeded.home } })).toEqual(before);
    });
  });

  describe('deleting', () => {
    it('needs force=true, then answers with the item as it was', async () => {
      const item = await createItem({ title: 'Doomed', url: 'https://example.org/d', menus: menuId });
      const before = await menuCount(menuId);
      const refused = await t.request.delete(`${ITEMS}/${item.id}`).set(admin()).expect(501);
      expect(refused.body).toEqual({ code: 'rest_trash_not_supported', message: "Menu items do not support trashing. Set 'force=true' to delete.", data: { status: 501 } });
      const res = await t.request.delete(`${ITEMS}/${item.id}?force=true`).set(admin()).expect(200);
      expect(res.body.deleted).toBe(true);
      expect(Object.keys(res.body.previous)).toEqual(VIEW_KEYS.filter((k) => k !== '_links'));
      expect(res.body.previous).toMatchObject({ id: item.id, title: { rendered: 'Doomed' }, url: 'https://example.org/d' });
      await t.request.get(`${ITEMS}/${item.id}`).set(admin()).expect(404);
      expect(await t.db.prisma.menuItemDetail.count({ where: { contentId: item.id as number } })).toBe(0);
      expect(await menuCount(menuId)).toBe(before - 1);
    });

    it('refuses users who cannot delete', async () => {
      const res = await t.request.delete(`${ITEMS}/${seeded.home}?force=true`).set(as('contributor')).expect(403);
      expect(res.body).toEqual({ code: 'rest_cannot_delete', message: 'Sorry, you are not allowed to delete this post.', data: { status: 403 } });
      await t.request.delete(`${ITEMS}/${seeded.home}?force=true`).expect(401);
      await t.request.delete(`${ITEMS}/999999?force=true`).set(admin()).expect(404);
      await t.request.get(`${ITEMS}/${seeded.home}`).set(admin()).expect(200);
    });
  });

  describe('invalid items', () => {
    it('marks items whose page is trashed or gone, and whose category is gone', async () => {
      const pageId = await addPage('Ephemeral', 'ephemeral');
      const item = await createItem({ type: 'post_type', object_id: pageId, menus: menuId });
      expect(item.invalid).toBe(false);
      await t.db.prisma.content.update({ where: { id: pageId }, data: { status: 'trash' } });
      expect((await t.request.get(`${ITEMS}/${item.id}`).set(admin()).expect(200)).body.invalid).toBe(true);
      await t.db.prisma.content.delete({ where: { id: pageId } });
      const gone = await t.request.get(`${ITEMS}/${item.id}?context=edit`).set(admin()).expect(200);
      expect(gone.body).toMatchObject({ invalid: true, url: '', title: { raw: `#${pageId} (no title)`, rendered: `#${pageId} (no title)` } });
      expect(gone.body._links['wp:menu-item-object']).toBeUndefined();

      const term = await t.db.prisma.term.create({ data: { taxonomy: 'category', name: 'Fleeting', slug: 'fleeting' } });
      const termItem = await createItem({ type: 'taxonomy', object_id: term.id, menus: menuId, title: 'Own title' });
      expect(termItem).toMatchObject({ invalid: false, url: `${SITE_URL}/category/fleeting/` });
      await t.db.prisma.term.delete({ where: { id: term.id } });
      const termGone = await t.request.get(`${ITEMS}/${termItem.id}`).set(admin()).expect(200);
      expect(termGone.body).toMatchObject({ invalid: true, url: '', title: { rendered: 'Own title' } });
    });

    it('shows a draft page through its plain link, still valid', async () => {
      const pageId = await addPage('Later', 'later', 0, 'draft');
      const item = await createItem({ type: 'post_type', object_id: pageId, menus: menuId });
      expect(item).toMatchObject({ invalid: false, url: `${SITE_URL}/?page_id=${pageId}`, title: { rendered: 'Later' } });
    });
  });

  describe('autosaves', () => {
    it('keeps one empty autosave revision per user for a published item', async () => {
      const item = await createItem({ title: 'Autosaved', url: 'https://example.org/a', menus: menuId });
      const first = await t.request.post(`${ITEMS}/${item.id}/autosaves`).set(admin()).send({ title: 'Changed' }).expect(200);
      expect(Object.keys(first.body)).toEqual(['author', 'date', 'date_gmt', 'id', 'modified', 'modified_gmt', 'parent', 'slug', 'guid', 'title', 'meta', 'preview_link', '_links']);
      expect(first.body).toMatchObject({ parent: item.id, slug: `${item.id}-autosave-v1`, title: { raw: '', rendered: '' }, meta: [], preview_link: '' });
      expect(first.body._links).toEqual({ parent: [{ href: `${ROOT}/core/v2/menu-items/${item.id}` }] });
      const again = await t.request.post(`${ITEMS}/${item.id}/autosaves`).set(admin()).send({}).expect(200);
      expect(again.body.id).toBe(first.body.id);
      // The menu item itself is untouched.
      expect((await t.request.get(`${ITEMS}/${item.id}`).set(admin()).expect(200)).body.title).toEqual({ rendered: 'Autosaved' });

      const list = await t.request.get(`${ITEMS}/${item.id}/autosaves`).set(admin()).expect(200);
      expect(list.body.map((a: Json) => a.id)).toEqual([first.body.id]);
      expect(list.body[0].title).toEqual({ rendered: '' });
      const one = await t.request.get(`${ITEMS}/${item.id}/autosaves/123456`).set(admin()).expect(200);
      expect(one.body.id).toBe(first.body.id);

      const denied = await t.request.get(`${ITEMS}/${item.id}/autosaves`).set(as('contributor')).expect(403);
      expect(denied.body).toEqual({ code: 'rest_cannot_read', message: 'Sorry, you are not allowed to view autosaves of this post.', data: { status: 403 } });
      const noParent = await t.request.get(`${ITEMS}/999999/autosaves`).set(admin()).expect(404);
      expect(noParent.body).toEqual({ code: 'rest_post_invalid_parent', message: 'Invalid post parent ID.', data: { status: 404 } });
      const cannot = await t.request.post(`${ITEMS}/${item.id}/autosaves`).set(as('editor')).send({}).expect(403);
      expect(cannot.body.code).toBe('rest_cannot_edit');

      await t.request.delete(`${ITEMS}/${item.id}?force=true`).set(admin()).expect(200);
      expect(await t.db.prisma.content.count({ where: { id: first.body.id } })).toBe(0);
    });

    it('re-saves the viewer\'s own draft in place, and has no autosave to show', async () => {
      const item = await createItem({ title: 'Draft', url: 'https://example.org/d', menus: menuId, status: 'draft' });
      const res = await t.request.post(`${ITEMS}/${item.id}/autosaves`).set(admin()).send({}).expect(200);
      expect(res.body).toMatchObject({ id: item.id, date: null, date_gmt: null, parent: 0, title: { raw: 'Draft', rendered: 'Draft' } });
      const none = await t.request.get(`${ITEMS}/${item.id}/autosaves/1`).set(admin()).expect(404);
      expect(none.body).toEqual({ code: 'rest_post_no_autosave', message: 'There is no autosave revision for this post.', data: { status: 404 } });
      const invalid = await t.request.post(`${ITEMS}/${item.id}/autosaves`).set(admin()).send({ title: '' }).expect(400);
      expect(invalid.body.code).toBe('rest_title_required');
    });
  });

  describe('query cost', () => {
    it('lists 5 or 40 items with the same number of queries, linked pages and terms included', async () => {
      const parentPage = await addPage('Parent', 'parent');
      const childPage = await addPage('Child', 'child', parentPage);
      const fill = async (menu: number, n: number) => {
        for (let i = 0; i < n; i++) {
          const kind = i % 3;
          if (kind === 0) await createItem({ title: `Link ${i}`, url: `https://example.org/${i}`, menus: menu, menu_order: i + 1 });
          else if (kind === 1) await createItem({ type: 'post_type', object_id: i % 2 ? childPage : pages.about, menus: menu, menu_order: i + 1 });
          else await createItem({ type: 'taxonomy', object_id: i % 2 ? categories.news : categories.community, menus: menu, menu_order: i + 1 });
        }
      };
      const small = await createMenu('Small');
      const large = await createMenu('Large');
      await fill(small, 5);
      await fill(large, 40);
      const cost = async (query: string) => {
        const [before, prismaBefore] = [t.db.queries.count, t.db.queries.prismaCount];
        const res = await t.request.get(`${ITEMS}?${query}`).set(admin()).expect(200);
        return { queries: t.db.queries.count - before, prisma: t.db.queries.prismaCount - prismaBefore, size: res.body.length };
      };
      // Warm-up: the first read after writes also reads the publishing schedule again.
      await cost(`menus=${small}`);
      const a = await cost(`menus=${small}`);
      const b = await cost(`menus=${large}`);
      expect([a.size, b.size]).toEqual([5, 40]);
      expect(b.queries).toBe(a.queries);
      // Authentication (3) and its lockout check (1), the page and its count (2), details and menus
      // (2), linked posts, terms, options and one level of page parents (4).
      expect(a.queries).toBeLessThanOrEqual(12);
      // All of them prepared statements: authentication and the listing make no Prisma call.
      expect([a.prisma, b.prisma]).toEqual([0, 0]);
      // Embedding each item's menu costs the same whatever the number of items.
      const c = await cost(`menus=${small}&_embed=wp:term`);
      const d = await cost(`menus=${large}&_embed=wp:term`);
      expect(d.queries).toBe(c.queries);
      const embedded = await t.request.get(`${ITEMS}?menus=${small}&_embed=wp:term`).set(admin()).expect(200);
      expect(embedded.body[0]._embedded['wp:term']).toEqual([[expect.objectContaining({ id: small, name: 'Small', slug: 'small' })]]);
    });
  });
});

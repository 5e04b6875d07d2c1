/**
 * Menus and menu items in WPGraphQL's shape, from an independent client over HTTP: the demo menu
 * at the PRIMARY location is public, menus at no location are for editors of theme options only,
 * items nest through childItems and link to what they point at (connectedNode), cursors keep
 * naming their item when others are inserted before it.
 */
import { startTestApp, type TestApp } from '../support/app';
import { listen, run, type GraphQLTestServer } from './client';

const gid = (kind: string, id: number) => Buffer.from(`${kind}:${id}`).toString('base64');

interface ItemNode {
  databaseId: number;
  label: string | null;
  parentDatabaseId: number;
  parentId: string | null;
  order: number;
  uri: string | null;
  path: string | null;
  url: string | null;
  cssClasses: string[];
  target: string | null;
  title: string | null;
  locations: string[] | null;
}

const ITEM_FIELDS = 'databaseId label parentDatabaseId parentId order uri path url cssClasses target title locations';

describe('WPGraphQL menus', () => {
  let t: TestApp;
  let server: GraphQLTestServer;
  let primaryId: number;
  let hiddenId: number;
  let hiddenItemId: number;
  let topId: number;
  let childId: number;
  let pageId: number;

  const post = (path: string, body: object) => t.request.post(`/wp-json/core/v2/${path}`).set('Authorization', t.adminAuth).send(body).expect(201);

  beforeAll(async () => {
    t = await startTestApp({}, { seed: true });
    server = await listen(t);
    const menus = (await t.request.get('/wp-json/core/v2/menus').set('Authorization', t.adminAuth)).body as Array<{ id: number; slug: string }>;
    primaryId = menus.find((m) => m.slug === 'main-menu')!.id;
    const hidden = await post('menus', { name: 'Drafts' });
    hiddenId = hidden.body.id;
    hiddenItemId = (await post('menu-items', { title: 'Secret', url: 'https://elsewhere.test/x', menus: hiddenId, status: 'publish' })).body.id;
    const page = await post('pages', { title: 'Team', status: 'publish' });
    pageId = page.body.id;
    topId = (await post('menu-items', { title: 'About', url: `${t.config.siteUrl}/about/`, menus: primaryId, status: 'publish', menu_order: 10, classes: ['top', 'wide'], target: '_blank', attr_title: 'About us' })).body.id;
    childId = (await post('menu-items', { type: 'post_type', object: 'page', object_id: pageId, menus: primaryId, parent: topId, status: 'publish', menu_order: 11 })).body.id;
  });
  afterAll(() => t.close());

  it('answers the PRIMARY location anonymously, in menu order, with the locations named by MenuLocationEnum', async () => {
    const data = await run<{ menuItems: { nodes: ItemNode[] }; menu: { databaseId: number; name: string; slug: string; count: number; locations: string[]; isRestricted: boolean; menuId: number } }>(
      server.client(),
      `{ menuItems(where: { location: PRIMARY }, first: 20) { nodes { ${ITEM_FIELDS} } }
         menu(id: "PRIMARY", idType: LOCATION) { databaseId name slug count locations isRestricted menuId } }`,
    );
    const labels = data.menuItems.nodes.map((n) => n.label);
    expect(labels.slice(0, 1)).toEqual(['Home']);
    expect(labels).toContain('News');
    expect(labels.slice(-2)).toEqual(['About', 'Team']);
    const orders = data.menuItems.nodes.map((n) => n.order);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    expect(data.menu).toEqual({ databaseId: primaryId, name: 'Main Menu', slug: 'main-menu', count: 6, locations: ['PRIMARY'], isRestricted: false, menuId: primaryId });

    const about = data.menuItems.nodes.find((n) => n.databaseId === topId)!;
    expect(about).toEqual({
      databaseId: topId, label: 'About', parentDatabaseId: 0, parentId: null, order: 10, uri: '/about/', path: '/about/', url: `${t.config.siteUrl}/about/`,
      cssClasses: ['top', 'wide'], target: '_blank', title: 'About us', locations: ['PRIMARY'],
    });
    const team = data.menuItems.nodes.find((n) => n.databaseId === childId)!;
    expect(team).toMatchObject({ parentDatabaseId: topId, parentId: gid('post', topId), cssClasses: [], target: null, title: null });
  });

  it('hides menus at no location from anonymous readers and shows them to administrators', async () => {
    const query = `query($menu: ID!, $item: ID!) {
      menu(id: $menu) { databaseId }
      menuItem(id: $item, idType: DATABASE_ID) { databaseId label }
      menus(first: 10) { nodes { databaseId } }
      menuItems(first: 50) { nodes { databaseId } }
    }`;
    const vars = { menu: gid('term', hiddenId), item: String(hiddenItemId) };
    type Answer = { menu: { databaseId: number } | null; menuItem: { label: string } | null; menus: { nodes: Array<{ databaseId: number }> }; menuItems: { nodes: Array<{ databaseId: number }> }; };
    const anonymous = await run<Answer>(server.client(), query, vars);
    expect(anonymous.menu).toBeNull();
    expect(anonymous.menuItem).toBeNull();
    expect(anonymous.menus.nodes.map((m) => m.databaseId)).toEqual([primaryId]);
    expect(anonymous.menuItems.nodes.map((m) => m.databaseId)).not.toContain(hiddenItemId);

    const admin = await run<Answer>(server.client(t.adminAuth), query, vars);
    expect(admin.menu).toEqual({ databaseId: hiddenId });
    expect(admin.menuItem).toEqual({ databaseId: hiddenItemId, label: 'Secret' });
    expect(admin.menus.nodes.map((m) => m.databaseId).sort()).toEqual([primaryId, hiddenId].sort());
    expect(admin.menuItems.nodes.map((m) => m.databaseId)).toContain(hiddenItemId);
  });

  it('looks menus up by every idType and filters the menus connection', async () => {
    const data = await run<Record<string, { databaseId: number } | null | { nodes: Array<{ databaseId: number }> }>>(
      server.client(),
      `query($gid: ID!, $db: ID!) {
        a: menu(id: $gid) { databaseId }
        b: menu(id: $db, idType: DATABASE_ID) { databaseId }
        c: menu(id: "Main Menu", idType: NAME) { databaseId }
        d: menu(id: "main-menu", idType: SLUG) { databaseId }
        e: menu(id: "primary", idType: LOCATION) { databaseId }
        f: menus(where: { location: PRIMARY }) { nodes { databaseId } }
        g: menus(where: { slug: "main-menu" }) { nodes { databaseId } }
        h: menus(where: { slug: "nope" }) { nodes { databaseId } }
      }`,
      { gid: gid('term', primaryId), db: String(primaryId) },
    );
    for (const key of ['a', 'b', 'c', 'd', 'e']) expect(data[key]).toEqual({ databaseId: primaryId });
    expect(data.f).toEqual({ nodes: [{ databaseId: primaryId }] });
    expect(data.g).toEqual({ nodes: [{ databaseId: primaryId }] });
    expect(data.h).toEqual({ nodes: [] });
  });

  it('nests items through childItems and parent filters', async () => {
    const data = await run<{
      menu: { menuItems: { nodes: Array<{ databaseId: number; childItems: { nodes: Array<{ databaseId: number; menu: { node: { databaseId: number } } }> } }> } };
      menuItems: { nodes: Array<{ databaseId: number }> };
      byParentId: { nodes: Array<{ databaseId: number }> };
    }>(
      server.client(),
      `query($topGid: ID!) {
        menu(id: "PRIMARY", idType: LOCATION) { menuItems(where: { parentDatabaseId: 0 }) { nodes { databaseId childItems { nodes { databaseId menu { node { databaseId } } } } } } }
        menuItems(where: { parentDatabaseId: ${topId} }) { nodes { databaseId } }
        byParentId: menuItems(where: { parentId: $topGid }) { nodes { databaseId } }
      }`,
      { topGid: gid('post', topId) },
    );
    const tops = data.menu.menuItems.nodes;
    expect(tops.map((n) => n.databaseId)).not.toContain(childId);
    const about = tops.find((n) => n.databaseId === topId)!;
    expect(about.childItems.nodes).toEqual([{ databaseId: childId, menu: { node: { databaseId: primaryId } } }]);
    for (const other of tops.filter((n) => n.databaseId !== topId)) expect(other.childItems.nodes).toEqual([]);
    expect(data.menuItems.nodes).toEqual([{ databaseId: childId }]);
    expect(data.byParentId.nodes).toEqual([{ databaseId: childId }]);
  });

  it('points at the linked page through connectedNode, and at nothing for a custom link', async () => {
    const data = await run<{
      item: { connectedNode: { node: { __typename: string; databaseId: number; uri: string } } | null; connectedObject: { __typename: string } | null };
      custom: { connectedNode: null; connectedObject: null };
    }>(
      server.client(),
      `query($child: ID!, $top: ID!) {
        item: menuItem(id: $child, idType: DATABASE_ID) { connectedNode { node { __typename databaseId uri } } connectedObject { __typename } }
        custom: menuItem(id: $top, idType: DATABASE_ID) { connectedNode { node { databaseId } } connectedObject { __typename } }
      }`,
      { child: String(childId), top: String(topId) },
    );
    expect(data.custom).toEqual({ connectedNode: null, connectedObject: null });
    expect(data.item.connectedNode).toEqual({ node: { __typename: 'Page', databaseId: pageId, uri: '/team/' } });
    expect(data.item.connectedObject).toEqual({ __typename: 'Page' });
  });

  it('reads the items and children of several menus in as many statements as of one', async () => {
    // Named to sort before the demo menu, whose items link to posts and terms (more to read, not more lists).
    for (const name of ['Footer', 'Links']) {
      const menu = (await post('menus', { name })).body.id;
      const top = (await post('menu-items', { title: `${name} top`, url: 'https://a.test/', menus: menu, status: 'publish' })).body.id;
      await post('menu-items', { title: `${name} child`, url: 'https://b.test/', menus: menu, parent: top, status: 'publish' });
    }
    const query = `query($first: Int) { menus(first: $first) { nodes { name menuItems(where: { parentDatabaseId: 0 }) { nodes { label childItems { nodes { label menu { node { name } } } } } } } } }`;
    type Answer = { menus: { nodes: Array<{ name: string; menuItems: { nodes: Array<{ label: string; childItems: { nodes: Array<{ label: string; menu: { node: { name: string } } }> } }> } }> } };
    const client = server.client(t.adminAuth);
    const statements = async (first: number) => {
      await run(client, query, { first });
      const before = t.db.queries.count;
      const data = await run<Answer>(client, query, { first });
      return { count: t.db.queries.count - before, data };
    };
    const one = await statements(1);
    const all = await statements(3);
    expect(all.data.menus.nodes.map((m) => m.name)).toEqual(['Drafts', 'Footer', 'Links']);
    const footer = all.data.menus.nodes[1].menuItems.nodes;
    expect(footer).toEqual([{ label: 'Footer top', childItems: { nodes: [{ label: 'Footer child', menu: { node: { name: 'Footer' } } }] } }]);
    expect(all.count).toBe(one.count);
  });

  it('keeps a cursor on its item when an item is inserted before it', async () => {
    const query = `query($after: String) { menuItems(where: { location: PRIMARY }, first: 2, after: $after) { nodes { databaseId } pageInfo { endCursor hasNextPage hasPreviousPage } } }`;
    type Page = { menuItems: { nodes: Array<{ databaseId: number }>; pageInfo: { endCursor: string; hasNextPage: boolean; hasPreviousPage: boolean } } };
    const first = await run<Page>(server.client(), query);
    expect(first.menuItems.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
    const all = await run<{ menuItems: { nodes: Array<{ databaseId: number }> } }>(server.client(), `{ menuItems(where: { location: PRIMARY }, first: 50) { nodes { databaseId } } }`);
    const ids = all.menuItems.nodes.map((n) => n.databaseId);
    await post('menu-items', { title: 'First of all', url: 'https://first.test/', menus: primaryId, status: 'publish', menu_order: 1 });
    const next = await run<Page>(server.client(), query, { after: first.menuItems.pageInfo.endCursor });
    expect(next.menuItems.nodes.map((n) => n.databaseId)).toEqual(ids.slice(2, 4));
    expect(next.menuItems.pageInfo.hasPreviousPage).toBe(true);
  });
});

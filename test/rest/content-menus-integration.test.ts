/**
 * Writes in one resource that WordPress carries into menus: deleting a post or a term removes the
 * menu items that pointed at it, and publishing a top-level page adds it to auto_add menus.
 */
import { startTestApp, type TestApp } from '../support/app';

describe('content writes reach menus', () => {
  let t: TestApp;
  let menuId: number;
  beforeAll(async () => {
    t = await startTestApp();
    const menu = await t.request.post('/wp-json/core/v2/menus').set('Authorization', t.adminAuth).send({ name: 'Footer', auto_add: true }).expect(201);
    menuId = menu.body.id;
  });
  afterAll(() => t.close());

  const itemsOfMenu = async () =>
    (await t.request.get(`/wp-json/core/v2/menu-items?menus=${menuId}&context=edit`).set('Authorization', t.adminAuth).expect(200)).body as Array<{ id: number; object: string; object_id: number }>;

  it('adds a newly published top-level page to auto_add menus, once', async () => {
    const page = await t.request.post('/wp-json/core/v2/pages').set('Authorization', t.adminAuth).send({ title: 'Team', status: 'publish' }).expect(201);
    let items = await itemsOfMenu();
    expect(items.filter((i) => i.object === 'page' && i.object_id === page.body.id)).toHaveLength(1);
    await t.request.post(`/wp-json/core/v2/pages/${page.body.id}`).set('Authorization', t.adminAuth).send({ title: 'Our team' }).expect(200);
    items = await itemsOfMenu();
    expect(items.filter((i) => i.object_id === page.body.id)).toHaveLength(1);
  });

  it('does not add drafts', async () => {
    const draft = await t.request.post('/wp-json/core/v2/pages').set('Authorization', t.adminAuth).send({ title: 'Later' }).expect(201);
    expect((await itemsOfMenu()).some((i) => i.object_id === draft.body.id)).toBe(false);
  });

  it('removes the menu items of a force-deleted post', async () => {
    const post = await t.request.post('/wp-json/core/v2/posts').set('Authorization', t.adminAuth).send({ title: 'Linked', status: 'publish' }).expect(201);
    const item = await t.request.post('/wp-json/core/v2/menu-items').set('Authorization', t.adminAuth).send({ type: 'post_type', object: 'post', object_id: post.body.id, menus: menuId }).expect(201);
    await t.request.delete(`/wp-json/core/v2/posts/${post.body.id}?force=true`).set('Authorization', t.adminAuth).expect(200);
    await t.request.get(`/wp-json/core/v2/menu-items/${item.body.id}`).set('Authorization', t.adminAuth).expect(404);
  });

  it('removes the menu items of a deleted category', async () => {
    const category = await t.request.post('/wp-json/core/v2/categories').set('Authorization', t.adminAuth).send({ name: 'Linked category' }).expect(201);
    const item = await t.request.post('/wp-json/core/v2/menu-items').set('Authorization', t.adminAuth).send({ type: 'taxonomy', object: 'category', object_id: category.body.id, menus: menuId }).expect(201);
    await t.request.delete(`/wp-json/core/v2/categories/${category.body.id}?force=true`).set('Authorization', t.adminAuth).expect(200);
    await t.request.get(`/wp-json/core/v2/menu-items/${item.body.id}`).set('Authorization', t.adminAuth).expect(404);
  });
});

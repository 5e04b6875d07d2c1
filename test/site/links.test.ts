/**
 * Every `link` the APIs print answers with a page of the public site: the demo content's posts,
 * pages, categories, tags, authors, events, venues, organizers and event categories, fetched
 * through a real server. Each page is HTML with a title, one h1, the REST discovery header and
 * its item's JSON alternate; singular pages carry the oEmbed discovery tags; plain permalinks,
 * embeds, the themed 404, invisible content and the front-page setting behave as in WordPress.
 */
import { SITE_URL, startTestApp, type TestApp } from '../support/app';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({}, { seed: true });
});
afterAll(async () => t.close());

const pathOf = (link: string): string => {
  expect(link.startsWith(`${SITE_URL}/`)).toBe(true);
  return link.slice(SITE_URL.length);
};

async function links(route: string, key?: string): Promise<Array<{ id: number; link: string }>> {
  const res = await t.request.get(`/wp-json${route}`).query({ per_page: 50 });
  expect(res.status).toBe(200);
  const items = (key ? res.body[key] : res.body) as Array<{ id: number; link?: string; url?: string }>;
  expect(items.length).toBeGreaterThan(0);
  return items.map((item) => ({ id: item.id, link: String(item.link ?? item.url) }));
}

async function page(path: string) {
  const res = await t.request.get(path);
  return { res, text: res.text ?? '' };
}

function expectPage(res: { status: number; headers: Record<string, string> }, text: string, status = 200): void {
  expect(res.status).toBe(status);
  expect(res.headers['content-type']).toBe('text/html; charset=UTF-8');
  expect(res.headers.link).toContain(`<${SITE_URL}/wp-json/>; rel="https://api.w.org/"`);
  expect(text).toMatch(/^<!DOCTYPE html>\n<html lang="en-US">/);
  // The search-optimisation head's title (Yoast's templates: `Title - Site`, `Name, Author at Site`...) or the
  // theme's own (`Title – Site`): one title naming the page and the site.
  expect(text).toMatch(/<title>[^<]*Demo Site[^<]*<\/title>/);
  expect(text.match(/<title>/g)).toHaveLength(1);
  expect(text.match(/<h1[\s>]/g)).toHaveLength(1);
  expect(text).toContain('<main id="content"');
}

const SOURCES: Array<[string, string, string | undefined, string]> = [
  ['posts', '/core/v2/posts', undefined, '/core/v2/posts'],
  ['pages', '/core/v2/pages', undefined, '/core/v2/pages'],
  ['categories', '/core/v2/categories', undefined, '/core/v2/categories'],
  ['tags', '/core/v2/tags', undefined, '/core/v2/tags'],
  ['users', '/core/v2/users', undefined, '/core/v2/users'],
  ['events', '/events/v1/events', 'events', '/events/v1/events'],
  ['venues', '/events/v1/venues', 'venues', '/events/v1/venues'],
  ['organizers', '/events/v1/organizers', 'organizers', '/events/v1/organizers'],
  ['event categories', '/events/v1/categories', 'categories', '/events/v1/categories'],
];
const SINGULAR = new Set(['posts', 'pages', 'events', 'venues', 'organizers']);

describe('every link of the demo content', () => {
  it.each(SOURCES)('%s', async (name, route, key, itemRoute) => {
    for (const { id, link } of await links(route, key)) {
      const { res, text } = await page(pathOf(link));
      expectPage(res, text);
      expect(res.headers.link).toContain(`<${SITE_URL}/wp-json${itemRoute}/${id}>; rel="alternate"; title="JSON"; type="application/json"`);
      if (SINGULAR.has(name)) {
        const encoded = encodeURIComponent(link);
        expect(text).toContain(`<link rel="alternate" title="oEmbed (JSON)" type="application/json+oembed" href="${SITE_URL}/wp-json/oembed/1.0/embed?url=${encoded}">`);
        expect(text).toContain(`<link rel="alternate" title="oEmbed (XML)" type="text/xml+oembed" href="${SITE_URL}/wp-json/oembed/1.0/embed?url=${encoded}&amp;format=xml">`);
        // One canonical: the search-optimisation head's (` />`, as Yoast prints it) or the theme's.
        expect(text.match(/<link rel="canonical" href="([^"]*)"/g)).toEqual([`<link rel="canonical" href="${link}"`]);
      }
    }
  });

  it('a post page shows the rendered title and content the REST API gives', async () => {
    const [post] = (await t.request.get('/wp-json/core/v2/posts').query({ per_page: 1 })).body as Array<{ link: string; title: { rendered: string }; content: { rendered: string } }>;
    const { text } = await page(pathOf(post.link));
    expect(text).toContain(`<h1 class="entry-title">${post.title.rendered}</h1>`);
    expect(text).toContain(post.content.rendered);
  });

  it('the home page lists the latest posts, newest first', async () => {
    const posts = (await t.request.get('/wp-json/core/v2/posts').query({ per_page: 10 })).body as Array<{ link: string }>;
    const { res, text } = await page('/');
    expectPage(res, text);
    const listed = [...text.matchAll(/<h2 class="entry-title"><a href="([^"]+)">/g)].map((m) => m[1]);
    expect(listed).toEqual(posts.map((p) => p.link));
  });

  it('the events list shows the upcoming events', async () => {
    const events = (await t.request.get('/wp-json/events/v1/events')).body.events as Array<{ url: string }>;
    const { res, text } = await page('/events/');
    expectPage(res, text);
    for (const event of events) expect(text).toContain(`<a href="${event.url}">`);
  });
});

describe('plain permalinks', () => {
  it('?p=, ?page_id=, ?cat=, ?tag=, ?author= show the same objects as the pretty links', async () => {
    const [post] = (await t.request.get('/wp-json/core/v2/posts').query({ per_page: 1 })).body as Array<{ id: number; link: string }>;
    const [pageItem] = (await t.request.get('/wp-json/core/v2/pages').query({ per_page: 1 })).body as Array<{ id: number; link: string }>;
    const [category] = (await t.request.get('/wp-json/core/v2/categories').query({ per_page: 1 })).body as Array<{ id: number; link: string; slug: string }>;
    const [tag] = (await t.request.get('/wp-json/core/v2/tags').query({ per_page: 1 })).body as Array<{ id: number; link: string; slug: string }>;
    for (const [plain, pretty] of [
      [`/?p=${post.id}`, post.link],
      [`/?page_id=${pageItem.id}`, pageItem.link],
      [`/?cat=${category.id}`, category.link],
      [`/?tag=${tag.slug}`, tag.link],
      ['/?author=1', `${SITE_URL}/author/admin/`],
    ]) {
      const a = await page(plain);
      const b = await page(pathOf(pretty));
      expectPage(a.res, a.text);
      expect(a.text).toBe(b.text);
    }
  });

  it('?attachment_id= shows an attachment page; ?p= of an unknown id is a 404', async () => {
    const row = await t.db.prisma.content.create({
      data: { type: 'attachment', status: 'inherit', title: 'A photo', slug: 'a-photo', mimeType: 'image/png', guid: `${SITE_URL}/wp-content/uploads/2026/11/a-photo.png`, date: new Date(), modified: new Date(), authorId: 1 },
    });
    const { res, text } = await page(`/?attachment_id=${row.id}`);
    expectPage(res, text);
    expect(text).toContain(`<img src="${SITE_URL}/wp-content/uploads/2026/11/a-photo.png"`);
    expect(res.headers.link).toContain(`<${SITE_URL}/wp-json/core/v2/media/${row.id}>; rel="alternate"`);
    expect((await page(`/?p=${row.id}`)).text).toBe(text);
    const missing = await page('/?p=987654');
    expectPage(missing.res, missing.text, 404);
  });
});

describe('what visitors may not see, and unknown addresses', () => {
  it('unknown paths answer the themed 404 with status 404', async () => {
    for (const path of ['/no-such-page/', '/category/nope/', '/tag/nope/', '/author/nobody/', '/event/nope/', '/a/b/c/', '/page/99/', '/?cat=99999']) {
      const { res, text } = await page(path);
      expectPage(res, text, 404);
      expect(text).toContain('<h1>Page not found</h1>');
    }
  });

  it('drafts, private and pending content are 404 for anonymous visitors; their authors see them', async () => {
    for (const status of ['draft', 'private', 'pending']) {
      const created = await t.request.post('/wp-json/core/v2/posts').set('Authorization', t.adminAuth).send({ title: `A ${status} one`, content: 'Hidden words', status });
      expect(created.status).toBe(201);
      const anonymous = await page(`/?p=${created.body.id}`);
      expectPage(anonymous.res, anonymous.text, 404);
      expect(anonymous.text).not.toContain('Hidden words');
      const author = await t.request.get(`/?p=${created.body.id}`).set('Authorization', t.adminAuth);
      expect(author.status).toBe(200);
      expect(author.text).toContain('Hidden words');
    }
  });

  it('an author without published posts has no archive (the API does not show the account either)', async () => {
    const user = await t.request.post('/wp-json/core/v2/users').set('Authorization', t.adminAuth).send({ username: 'quiet', email: 'quiet@example.com', password: 'a long password' });
    expect(user.status).toBe(201);
    expect((await t.request.get(`/wp-json/core/v2/users/${user.body.id}`)).status).toBe(401);
    const archive = await page(pathOf(user.body.link));
    expectPage(archive.res, archive.text, 404);
  });

  it('the APIs keep their own answers', async () => {
    expect((await t.request.get('/wp-json/nope')).headers['content-type']).toMatch(/^application\/json/);
    expect((await t.request.get('/graphql/nope')).headers['content-type']).toMatch(/^application\/json/);
    expect((await t.request.get('/index.php?rest_route=/')).body.name).toBeDefined();
    expect((await t.request.get('/events/ical')).headers['content-type']).toMatch(/^text\/calendar/);
    expect((await t.request.get('/events/category/nope/ical')).status).toBe(404);
  });
});

describe('embeds', () => {
  it('<permalink>embed/ shows the embed template of posts, pages and events', async () => {
    const [post] = (await t.request.get('/wp-json/core/v2/posts').query({ per_page: 1 })).body as Array<{ link: string; title: { rendered: string }; excerpt: { rendered: string } }>;
    const [event] = (await t.request.get('/wp-json/events/v1/events')).body.events as Array<{ url: string; title: string }>;
    const [pageItem] = (await t.request.get('/wp-json/core/v2/pages').query({ per_page: 1 })).body as Array<{ link: string }>;
    for (const link of [post.link, event.url, pageItem.link]) {
      const res = await t.request.get(`${pathOf(link)}embed/`);
      expect(res.status).toBe(200);
      expect(res.text).toContain('<body class="wp-embed-responsive">');
      expect(res.text).toContain(`<a href="${link}" class="wp-embed-more" target="_top">Continue reading`);
      expect(res.text).toContain('<div class="wp-embed-site-title">');
      expect(res.text).toContain('<meta name="robots" content="noindex, follow">');
    }
    const embedded = await t.request.get(`${pathOf(post.link)}embed/`);
    expect(embedded.text).toContain(post.excerpt.rendered);
    expect(embedded.text).toContain(`<h1 class="wp-embed-heading"><a href="${post.link}" target="_top">${post.title.rendered}</a></h1>`);
    // The plain form, and no embed of an archive.
    expect((await t.request.get(`/?p=${(await t.request.get('/wp-json/core/v2/posts').query({ per_page: 1 })).body[0].id}&embed=true`)).text).toBe(embedded.text);
    expect((await t.request.get('/category/news/embed/')).status).toBe(404);
  });
});

describe('the front page setting', () => {
  it('show_on_front=page shows that page at /, and page_for_posts lists the posts', async () => {
    const pages = (await t.request.get('/wp-json/core/v2/pages')).body as Array<{ id: number; link: string; title: { rendered: string } }>;
    const [front, blog] = pages;
    const set = await t.request.post('/wp-json/core/v2/settings').set('Authorization', t.adminAuth).send({ show_on_front: 'page', page_on_front: front.id, page_for_posts: blog.id });
    expect(set.status).toBe(200);
    try {
      const home = await page('/');
      expectPage(home.res, home.text);
      expect(home.text).toContain(`<h1 class="entry-title">${front.title.rendered}</h1>`);
      const posts = await page(pathOf(blog.link));
      expectPage(posts.res, posts.text);
      expect(posts.text).toContain('<ul class="post-list">');
    } finally {
      await t.request.post('/wp-json/core/v2/settings').set('Authorization', t.adminAuth).send({ show_on_front: 'posts', page_on_front: 0, page_for_posts: 0 });
    }
  });
});

/**
 * `/oembed/1.0/embed` over real HTTP: this site's addresses (pretty and plain permalinks, pages
 * under their parents, the front page) answered as WordPress's get_oembed_response_data() with the
 * rich html, in JSON and XML; maxwidth as WordPress clamps it; featured images as thumbnails; and
 * WordPress's errors for addresses that name nothing embeddable.
 */
import { startTestApp, SITE_URL, type TestApp } from '../support/app';

const EMBED = '/wp-json/oembed/1.0/embed';

describe('oEmbed of local addresses', () => {
  let t: TestApp;
  let plain: TestApp;
  const ids: Record<string, number> = {};

  async function add(data: { title: string; slug: string; type?: string; status?: string; parentId?: number; password?: string; mimeType?: string; guid?: string }): Promise<number> {
    const now = new Date();
    const row = await t.db.prisma.content.create({
      data: { type: data.type ?? 'post', status: data.status ?? 'publish', title: data.title, slug: data.slug, parentId: data.parentId ?? 0, password: data.password ?? '', authorId: 1, date: now, modified: now, mimeType: data.mimeType ?? '', guid: data.guid ?? '' },
    });
    return row.id;
  }

  beforeAll(async () => {
    t = await startTestApp();
    ids.post = await add({ title: "Hello World's <em>embed</em>", slug: 'hello-world' });
    ids.draft = await add({ title: 'Secret draft', slug: 'secret-draft', status: 'draft' });
    ids.private = await add({ title: 'Private one', slug: 'private-one', status: 'private' });
    ids.protected = await add({ title: 'Locked', slug: 'locked', password: 'pw' });
    ids.parent = await add({ title: 'About', slug: 'about', type: 'page' });
    ids.child = await add({ title: 'Team', slug: 'team', type: 'page', parentId: ids.parent });
    ids.image = await add({ title: 'Photo', slug: 'photo', type: 'attachment', status: 'inherit', parentId: ids.post, mimeType: 'image/jpeg', guid: `${SITE_URL}/wp-content/uploads/2024/05/photo.jpg` });
    await t.db.prisma.contentMeta.createMany({
      data: [
        { contentId: ids.image, key: '_wp_attached_file', value: '2024/05/photo.jpg' },
        { contentId: ids.image, key: '_wp_attachment_metadata', value: JSON.stringify({ width: 1200, height: 800, file: '2024/05/photo.jpg', sizes: {} }) },
        { contentId: ids.post, key: '_thumbnail_id', value: String(ids.image) },
      ],
    });
    plain = await startTestApp({ PERMALINKS: 'plain' }, { sharedWith: t });
  });
  afterAll(async () => {
    await plain?.close();
    await t?.close();
  });

  const embed = (app: TestApp, query: Record<string, string>) => app.request.get(EMBED).query(query);

  it('answers a post by its pretty permalink with WordPress fields in WordPress order', async () => {
    const res = await embed(t, { url: `${SITE_URL}/hello-world/` });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body = res.body;
    expect(Object.keys(body)).toEqual(['version', 'provider_name', 'provider_url', 'author_name', 'author_url', 'title', 'type', 'width', 'height', 'html', 'thumbnail_url', 'thumbnail_width', 'thumbnail_height']);
    expect(body).toMatchObject({
      version: '1.0',
      provider_name: 'Content Site',
      provider_url: SITE_URL,
      author_name: expect.any(String),
      author_url: `${SITE_URL}/author/admin/`,
      title: 'Hello World&#8217;s <em>embed</em>',
      type: 'rich',
      width: 600,
      height: 338,
      thumbnail_url: `${SITE_URL}/wp-content/uploads/2024/05/photo.jpg`,
      thumbnail_width: 600,
      thumbnail_height: 400,
    });
  });

  it('prints the embed markup: blockquote fallback, sandboxed iframe of <permalink>embed/ with a secret, host script', async () => {
    const { body } = await embed(t, { url: `${SITE_URL}/hello-world/` });
    const html: string = body.html;
    const secret = /data-secret="([A-Za-z0-9]{10})"/.exec(html)?.[1];
    expect(secret).toBeDefined();
    expect(html.startsWith(`<blockquote class="wp-embedded-content" data-secret="${secret}"><a href="${SITE_URL}/hello-world/">Hello World&#8217;s <em>embed</em></a></blockquote>`)).toBe(true);
    expect(html).toContain(
      `<iframe sandbox="allow-scripts" security="restricted" src="${SITE_URL}/hello-world/embed/#?secret=${secret}" width="600" height="338" ` +
        `title="&#8220;Hello World&#8217;s &lt;em&gt;embed&lt;/em&gt;&#8221; &#8212; Content Site" data-secret="${secret}" frameborder="0" marginwidth="0" marginheight="0" scrolling="no" class="wp-embedded-content"></iframe>`,
    );
    expect(html).toMatch(/<script>\n[\s\S]+\n<\/script>\n$/);
    // A fresh secret per answer.
    const again = await embed(t, { url: `${SITE_URL}/hello-world/` });
    expect(/data-secret="([A-Za-z0-9]{10})"/.exec(again.body.html)?.[1]).not.toBe(secret);
  });

  it.each([
    ['600 (default)', undefined, 600, 338],
    ['400', '400', 400, 225],
    ['100 (below the minimum)', '100', 200, 200],
    ['1000 (above the maximum)', '1000', 600, 338],
    ['not a number', 'abc', 200, 200],
    ['negative', '-300', 300, 200],
  ])('maxwidth %s', async (_label, maxwidth, width, height) => {
    const res = await embed(t, { url: `${SITE_URL}/hello-world/`, ...(maxwidth === undefined ? {} : { maxwidth }) });
    expect(res.status).toBe(200);
    expect(res.body.width).toBe(width);
    expect(res.body.height).toBe(height);
    expect(res.body.html).toContain(`width="${width}" height="${height}"`);
    // The thumbnail is constrained to the embed's width.
    expect(res.body.thumbnail_width).toBe(width);
    expect(res.body.thumbnail_height).toBe(Math.round((800 * width) / 1200));
  });

  it('answers plain permalinks (?p=, ?page_id=) and pages by their full path', async () => {
    const byId = await embed(t, { url: `${SITE_URL}/?p=${ids.post}` });
    expect(byId.status).toBe(200);
    expect(byId.body.title).toBe('Hello World&#8217;s <em>embed</em>');
    const page = await embed(t, { url: `${SITE_URL}/about/team/` });
    expect(page.status).toBe(200);
    expect(page.body.title).toBe('Team');
    expect(page.body).not.toHaveProperty('thumbnail_url');
    expect(page.body.html).toContain(`src="${SITE_URL}/about/team/embed/#?secret=`);
    const pageById = await embed(t, { url: `${SITE_URL}/?page_id=${ids.child}` });
    expect(pageById.body.title).toBe('Team');
  });

  it('with plain permalinks the iframe points at ?embed=true', async () => {
    const res = await embed(plain, { url: `${SITE_URL}/?p=${ids.post}` });
    expect(res.status).toBe(200);
    expect(res.body.html).toContain(`<a href="${SITE_URL}/?p=${ids.post}">`);
    expect(res.body.html).toMatch(new RegExp(`src="${SITE_URL.replace(/\./g, '\\.')}/\\?p=${ids.post}&#038;embed=true#\\?secret=[A-Za-z0-9]{10}"`));
  });

  it('prefixes protected titles as get_the_title() does', async () => {
    const res = await embed(t, { url: `${SITE_URL}/locked/` });
    expect(res.status).toBe(200);
    expect(res.body.title).toBe('Protected: Locked');
  });

  it('answers XML in WordPress shape for format=xml', async () => {
    const res = await embed(t, { url: `${SITE_URL}/about/`, format: 'xml', maxwidth: '400' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/xml; charset=UTF-8');
    const xml = res.text;
    expect(xml.startsWith('<?xml version="1.0"?>\n<oembed><version>1.0</version><provider_name>Content Site</provider_name>')).toBe(true);
    expect(xml).toContain(`<provider_url>${SITE_URL}</provider_url>`);
    expect(xml).toContain('<title>About</title><type>rich</type><width>400</width><height>225</height><html>&lt;blockquote class=&quot;wp-embedded-content&quot;');
    expect(xml.trimEnd().endsWith('</html></oembed>')).toBe(true);
  });

  it('answers errors in XML too when XML was asked for', async () => {
    const res = await embed(t, { url: `${SITE_URL}/nothing-here/`, format: 'xml' });
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toBe('text/xml; charset=UTF-8');
    expect(res.text).toBe('<?xml version="1.0"?>\n<oembed><code>oembed_invalid_url</code><message>Not Found</message><data><status>404</status></data></oembed>\n');
  });

  it('coerces any other format to JSON', async () => {
    const res = await embed(t, { url: `${SITE_URL}/hello-world/`, format: 'yaml' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });

  it.each([
    ['an unknown path', `${SITE_URL}/nothing-here/`],
    ['another site', 'https://elsewhere.example/hello-world/'],
    ['a draft', `${SITE_URL}/?p=DRAFT`],
    ['a private post', `${SITE_URL}/?p=PRIVATE`],
    ['not a URL', 'not a url'],
  ])('404 oembed_invalid_url for %s', async (_label, url) => {
    const res = await embed(t, { url: url.replace('DRAFT', String(ids.draft)).replace('PRIVATE', String(ids.private)) });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 'oembed_invalid_url', message: 'Not Found', data: { status: 404 } });
  });

  it('a private post stays unembeddable even for its author', async () => {
    const res = await embed(t, { url: `${SITE_URL}/?p=${ids.private}` }).set('Authorization', t.adminAuth);
    expect(res.status).toBe(404);
  });

  it('requires url (400 rest_missing_callback_param) and answers GET only', async () => {
    const missing = await t.request.get(EMBED);
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe('rest_missing_callback_param');
    const post = await t.request.post(EMBED).send({ url: `${SITE_URL}/hello-world/` });
    expect(post.status).toBe(404);
    expect(post.body.code).toBe('rest_no_route');
  });

  it('lists both routes in the namespace root with WordPress arguments', async () => {
    const res = await t.request.get('/wp-json/oembed/1.0');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.routes)).toEqual(['/oembed/1.0', '/oembed/1.0/embed', '/oembed/1.0/proxy']);
    expect(res.body.routes['/oembed/1.0/embed'].endpoints[0].args).toEqual({
      url: { description: 'The URL of the resource for which to fetch oEmbed data.', type: 'string', format: 'uri', required: true },
      format: { default: 'json', required: false },
      maxwidth: { default: 600, required: false },
    });
    expect(Object.keys(res.body.routes['/oembed/1.0/proxy'].endpoints[0].args)).toEqual(['url', 'format', 'maxwidth', 'maxheight', 'discover']);
  });
});

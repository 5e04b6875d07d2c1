/**
 * Search optimisation of items over real HTTP: Yoast's SEO fields written through posts' and
 * pages' `meta` (validated, advanced fields for editors only, nothing changed by a refused write),
 * title templates, and the head object: `seo_head_json` and `seo_head` in REST records (only when
 * `_fields` asks), the same title, description, canonical and JSON-LD in the public page's <head>,
 * and cached answers following a change of the site's name or separator.
 */
import { writeSeoOption } from '../../src/domain/seo/options';
import { SITE_URL, startTestApp, userAuth, type TestApp } from '../support/app';

const POSTS = '/wp-json/core/v2/posts';
const PAGES = '/wp-json/core/v2/pages';

interface Head {
  title: string;
  description?: string;
  robots: Record<string, string>;
  canonical?: string;
  og_title: string;
  og_url: string;
  og_type: string;
  og_description?: string;
  article_published_time?: string;
  author?: string;
  twitter_card: string;
  twitter_misc?: Record<string, string>;
  schema: { '@context': string; '@graph': Array<Record<string, unknown>> };
}

/** The head tags of an HTML document, read back. */
function parseHead(html: string) {
  const head = html.slice(0, html.indexOf('</head>'));
  const attr = (re: RegExp) => re.exec(head)?.[1];
  const decode = (s: string | undefined) => s?.replace(/&quot;/g, '"').replace(/&#039;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
  const titles = [...head.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => decode(m[1]));
  const script = /<script type="application\/ld\+json" class="yoast-schema-graph">(.*?)<\/script>/s.exec(head)?.[1];
  return {
    titles,
    description: decode(attr(/<meta name="description" content="([^"]*)"/)),
    robots: decode(attr(/<meta name="robots" content="([^"]*)"/)),
    canonicals: [...head.matchAll(/<link rel="canonical" href="([^"]*)"/g)].map((m) => decode(m[1])),
    ogTitle: decode(attr(/<meta property="og:title" content="([^"]*)"/)),
    schema: script ? (JSON.parse(script) as unknown) : undefined,
    head,
  };
}

const pathOf = (link: string) => link.slice(SITE_URL.length);
const types = (head: Head) => head.schema['@graph'].map((piece) => piece['@type']);

describe('seo: item fields and the head', () => {
  let t: TestApp;
  let siteName: string;
  let author: string;
  let contributor: string;
  let editor: string;

  beforeAll(async () => {
    t = await startTestApp();
    author = await userAuth(t, 'writer', 'author');
    contributor = await userAuth(t, 'helper', 'contributor');
    editor = await userAuth(t, 'chief', 'editor');
    await t.request.post('/wp-json/core/v2/settings').set('Authorization', t.adminAuth).send({ title: 'Field Notes', description: 'Notes from the field' }).expect(200);
    siteName = 'Field Notes';
  });
  afterAll(() => t.close());

  const create = async (body: Record<string, unknown>, auth = t.adminAuth, base = POSTS) => {
    const res = await t.request.post(base).set('Authorization', auth).send({ status: 'publish', ...body });
    expect(res.status).toBe(201);
    return res.body as { id: number; link: string; meta: Record<string, string>; seo_head_json: Head; seo_head: string };
  };
  const storedMeta = async (id: number) => {
    const rows = await t.db.prisma.contentMeta.findMany({ where: { contentId: id, key: { startsWith: '_yoast_wpseo_' } }, orderBy: { key: 'asc' } });
    return Object.fromEntries(rows.map((r) => [r.key, r.value]));
  };

  describe('SEO fields through meta', () => {
    it('stores the fields as Yoast post meta and shows them in the edit context only', async () => {
      const post = await create({
        title: 'Meta post',
        meta: {
          _yoast_wpseo_title: '  Custom  <b>title</b> ',
          _yoast_wpseo_metadesc: 'A description.',
          _yoast_wpseo_focuskw: 'meta post',
          _yoast_wpseo_canonical: 'https://elsewhere.example/meta-post/',
          '_yoast_wpseo_meta-robots-nofollow': '1',
          '_yoast_wpseo_opengraph-title': 'OG title',
          '_yoast_wpseo_twitter-description': 'Tweet text',
          _yoast_wpseo_is_cornerstone: '1',
        },
      });
      expect(await storedMeta(post.id)).toEqual({
        _yoast_wpseo_canonical: 'https://elsewhere.example/meta-post/',
        _yoast_wpseo_focuskw: 'meta post',
        _yoast_wpseo_is_cornerstone: '1',
        '_yoast_wpseo_meta-robots-nofollow': '1',
        _yoast_wpseo_metadesc: 'A description.',
        '_yoast_wpseo_opengraph-title': 'OG title',
        _yoast_wpseo_title: 'Custom title',
        '_yoast_wpseo_twitter-description': 'Tweet text',
      });
      expect(post.meta._yoast_wpseo_title).toBe('Custom title');
      expect(post.meta['_yoast_wpseo_meta-robots-noindex']).toBe('');
      const view = await t.request.get(`${POSTS}/${post.id}`).expect(200);
      expect(view.body.meta).toEqual({ footnotes: '' });
      const edit = await t.request.get(`${POSTS}/${post.id}?context=edit`).set('Authorization', t.adminAuth).expect(200);
      expect(edit.body.meta._yoast_wpseo_focuskw).toBe('meta post');
      // An empty value deletes the field, as Yoast keeps no default values.
      await t.request.post(`${POSTS}/${post.id}`).set('Authorization', t.adminAuth).send({ meta: { _yoast_wpseo_focuskw: '', _yoast_wpseo_is_cornerstone: '' } }).expect(200);
      const after = await storedMeta(post.id);
      expect(after._yoast_wpseo_focuskw).toBeUndefined();
      expect(after._yoast_wpseo_is_cornerstone).toBeUndefined();
      expect(after._yoast_wpseo_title).toBe('Custom title');
    });

    it('refuses invalid values with rest_invalid_param and changes nothing', async () => {
      const post = await create({ title: 'Valid', meta: { _yoast_wpseo_metadesc: 'Kept.' } });
      const cases: Array<Record<string, unknown>> = [
        { _yoast_wpseo_canonical: 'not a url' },
        { '_yoast_wpseo_opengraph-image': 'ftp://example.com/a.png' },
        { '_yoast_wpseo_meta-robots-noindex': '3' },
        { '_yoast_wpseo_meta-robots-nofollow': 'yes' },
        { _yoast_wpseo_title: 'x'.repeat(301) },
        { _yoast_wpseo_metadesc: 42 },
        { '_yoast_wpseo_opengraph-image-id': 'abc' },
      ];
      for (const meta of cases) {
        const res = await t.request.post(`${POSTS}/${post.id}`).set('Authorization', t.adminAuth).send({ title: 'Changed', meta });
        expect(res.status).toBe(400);
        expect(res.body.code).toBe('rest_invalid_param');
      }
      const again = await t.request.get(`${POSTS}/${post.id}?context=edit`).set('Authorization', t.adminAuth).expect(200);
      expect(again.body.title.raw).toBe('Valid');
      expect(await storedMeta(post.id)).toEqual({ _yoast_wpseo_metadesc: 'Kept.' });
      // A URL of another scheme is sanitised away (esc_url_raw, as for any `uri` value), so nothing is stored.
      await t.request.post(`${POSTS}/${post.id}`).set('Authorization', t.adminAuth).send({ meta: { _yoast_wpseo_canonical: 'javascript:alert(1)' } }).expect(200);
      expect(await storedMeta(post.id)).toEqual({ _yoast_wpseo_metadesc: 'Kept.' });
    });

    it('lets whoever may edit the item write its fields; advanced fields need an editor', async () => {
      const own = await create({ title: 'Author post', meta: { _yoast_wpseo_metadesc: 'By the author.' } }, author);
      expect(await storedMeta(own.id)).toEqual({ _yoast_wpseo_metadesc: 'By the author.' });
      // Yoast's advanced fields (canonical, robots, breadcrumb title) are for editors and administrators.
      for (const meta of [{ _yoast_wpseo_canonical: 'https://example.test/x/' }, { '_yoast_wpseo_meta-robots-noindex': '1' }, { _yoast_wpseo_bctitle: 'Crumb' }]) {
        const refused = await t.request.post(`${POSTS}/${own.id}`).set('Authorization', author).send({ title: 'Renamed', meta });
        expect(refused.status).toBe(403);
        expect(refused.body.code).toBe('rest_cannot_update');
      }
      // Sending back an advanced field unchanged is no change.
      await t.request.post(`${POSTS}/${own.id}`).set('Authorization', author).send({ meta: { _yoast_wpseo_canonical: '', _yoast_wpseo_title: 'Own title' } }).expect(200);
      expect(await storedMeta(own.id)).toEqual({ _yoast_wpseo_metadesc: 'By the author.', _yoast_wpseo_title: 'Own title' });
      expect((await t.request.get(`${POSTS}/${own.id}?context=edit`).set('Authorization', t.adminAuth)).body.title.raw).toBe('Author post');
      // Someone who may not edit the item may not write its fields.
      const other = await t.request.post(`${POSTS}/${own.id}`).set('Authorization', contributor).send({ meta: { _yoast_wpseo_title: 'Hijack' } });
      expect(other.status).toBe(403);
      expect(other.body.code).toBe('rest_cannot_edit');
      const anonymous = await t.request.post(`${POSTS}/${own.id}`).send({ meta: { _yoast_wpseo_title: 'Hijack' } });
      expect(anonymous.status).toBe(401);
      // An editor may write them on anybody's post.
      await t.request.post(`${POSTS}/${own.id}`).set('Authorization', editor).send({ meta: { '_yoast_wpseo_meta-robots-noindex': '1', _yoast_wpseo_bctitle: 'Crumb' } }).expect(200);
      expect(await storedMeta(own.id)).toMatchObject({ '_yoast_wpseo_meta-robots-noindex': '1', _yoast_wpseo_bctitle: 'Crumb' });
    });

    it('declares the fields in the schema of posts and pages', async () => {
      for (const base of [POSTS, PAGES]) {
        const res = await t.request.options(base).expect(200);
        const meta = res.body.schema.properties.meta.properties;
        expect(meta._yoast_wpseo_canonical).toMatchObject({ type: 'string', format: 'uri', context: ['edit'] });
        expect(meta['_yoast_wpseo_meta-robots-noindex'].enum).toEqual(['', '0', '1', '2']);
        expect(res.body.schema.properties.seo_head).toMatchObject({ type: 'string', readonly: true });
        expect(res.body.schema.properties.seo_head_json).toMatchObject({ type: 'object', readonly: true });
      }
    });
  });

  describe('the head object', () => {
    it('cuts the automatic description at 155 characters, counting an emoji as one', async () => {
      const words = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(6);
      const plain = await create({ title: 'Long plain', content: `<p>${words}</p>` });
      expect(plain.seo_head_json.og_description).toBe(words.slice(0, 155));
      const emoji = '\u{1F426}';
      const astral = await create({ title: 'Long astral', content: `<p>${emoji.repeat(200)}</p>` });
      expect([...(astral.seo_head_json.og_description ?? '')]).toHaveLength(155);
      expect(astral.seo_head_json.og_description).toBe(emoji.repeat(155));
    });

    it('makes the title from the type template, with the separator and the site name', async () => {
      const post = await create({ title: 'Hello templates', content: '<p>Some words here.</p>' });
      const head = post.seo_head_json;
      expect(head.title).toBe(`Hello templates - ${siteName}`);
      expect(head.description).toBeUndefined();
      expect(head.robots).toEqual({ index: 'index', follow: 'follow', 'max-snippet': 'max-snippet:-1', 'max-image-preview': 'max-image-preview:large', 'max-video-preview': 'max-video-preview:-1' });
      expect(head.canonical).toBe(post.link);
      expect(head.og_type).toBe('article');
      expect(head.og_url).toBe(post.link);
      expect(head.og_description).toBe('Some words here.');
      expect(head.author).toBe('admin');
      expect(head.article_published_time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/);
      expect(head.twitter_card).toBe('summary_large_image');
      expect(head.twitter_misc).toEqual({ 'Written by': 'admin', 'Est. reading time': '1 minute' });
      expect(head.schema['@context']).toBe('https://schema.org');
      expect(types(head)).toEqual(['Article', 'WebPage', 'BreadcrumbList', 'WebSite', 'Organization', 'Person']);
      const article = head.schema['@graph'][0];
      expect(article).toMatchObject({ '@id': `${post.link}#article`, headline: 'Hello templates', wordCount: 3, isPartOf: { '@id': post.link }, publisher: { '@id': `${SITE_URL}/#organization` } });
      const crumbs = head.schema['@graph'][2] as { itemListElement: unknown[] };
      expect(crumbs.itemListElement).toEqual([
        { '@type': 'ListItem', position: 1, name: 'Home', item: `${SITE_URL}/` },
        { '@type': 'ListItem', position: 2, name: 'Hello templates' },
      ]);
      expect(head.schema['@graph'][3]).toMatchObject({ '@type': 'WebSite', name: siteName, description: 'Notes from the field', url: `${SITE_URL}/` });
    });

    it('replaces the variables of an item title and description', async () => {
      const cat = await t.request.post('/wp-json/core/v2/categories').set('Authorization', t.adminAuth).send({ name: 'Birds' }).expect(201);
      const post = await create({
        title: 'Robins',
        excerpt: 'Red breasts.',
        categories: [cat.body.id],
        meta: { _yoast_wpseo_title: '%%title%% %%sep%% %%primary_category%% %%sep%% %%sitename%% %%unknown%%', _yoast_wpseo_metadesc: '%%excerpt%% (%%pt_single%% in %%category%%)' },
      });
      expect(post.seo_head_json.title).toBe(`Robins - Birds - ${siteName}`);
      expect(post.seo_head_json.description).toBe('Red breasts. (Post in Birds)');
      expect(post.seo_head_json.og_title).toBe(post.seo_head_json.title);
      expect(post.seo_head_json.og_description).toBe('Red breasts. (Post in Birds)');
    });

    it('follows the item robots: noindex drops the canonical', async () => {
      const post = await create({ title: 'Hidden', meta: { '_yoast_wpseo_meta-robots-noindex': '1', '_yoast_wpseo_meta-robots-nofollow': '1' } });
      expect(post.seo_head_json.robots).toEqual({ index: 'noindex', follow: 'nofollow' });
      expect(post.seo_head_json.canonical).toBeUndefined();
      const page = parseHead((await t.request.get(pathOf(post.link)).expect(200)).text);
      expect(page.robots).toBe('noindex, nofollow');
      expect(page.canonicals).toEqual([]);
    });

    it('honours _fields: only the parts asked for, nothing when not asked', async () => {
      const post = await create({ title: 'Fields' });
      const only = await t.request.get(`${POSTS}/${post.id}?_fields=seo_head_json.title,seo_head_json.robots.index`).expect(200);
      expect(only.body).toEqual({ seo_head_json: { title: `Fields - ${siteName}`, robots: { index: 'index' } } });
      const html = await t.request.get(`${POSTS}/${post.id}?_fields=id,seo_head`).expect(200);
      expect(Object.keys(html.body)).toEqual(['id', 'seo_head']);
      expect(html.body.seo_head).toContain(`<title>Fields - ${siteName}</title>`);
      const none = await t.request.get(`${POSTS}/${post.id}?_fields=id,title`).expect(200);
      expect(Object.keys(none.body)).toEqual(['id', 'title']);
      const list = await t.request.get(`${POSTS}?_fields=id,seo_head_json.og_url&per_page=2`).expect(200);
      for (const item of list.body as Array<{ id: number; seo_head_json: { og_url: string } }>) expect(item.seo_head_json.og_url).toMatch(/^http:\/\/example\.test\//);
    });

    it('serialises the graph once for both fields, and _fields still reaches inside it', async () => {
      const post = await create({ title: 'Graph &lt;once&gt; &amp; "twice"' });
      const both = (await t.request.get(`${POSTS}?_fields=id,seo_head,seo_head_json&include=${post.id}`).expect(200)).body as Array<{ seo_head: string; seo_head_json: Head }>;
      const script = /<script type="application\/ld\+json" class="yoast-schema-graph">(.*?)<\/script>/s.exec(both[0].seo_head)?.[1] ?? '';
      expect(script).toContain('\\u003conce>');
      expect(JSON.parse(script)).toEqual(both[0].seo_head_json.schema);
      expect(both[0].seo_head_json.schema['@graph'].length).toBeGreaterThan(2);
      const nested = await t.request.get(`${POSTS}/${post.id}?_fields=seo_head,seo_head_json.schema.@context,seo_head_json.title`).expect(200);
      expect(nested.body.seo_head_json).toEqual({ title: `Graph <once> & "twice" - ${siteName}`, schema: { '@context': 'https://schema.org' } });
      const pretty = await t.request.get(`${POSTS}/${post.id}?_pretty=1&_fields=seo_head,seo_head_json`).expect(200);
      expect(pretty.text).toContain('\n    "seo_head_json": {');
      expect(pretty.body.seo_head_json.schema).toEqual(both[0].seo_head_json.schema);
    });

    it('gives the public page the same title, description, canonical and JSON-LD as the REST head', async () => {
      const post = await create({ title: 'Same "everywhere" & more', content: '<p>Body text.</p>', meta: { _yoast_wpseo_metadesc: 'Described <once> & for all.' } });
      const rest = (await t.request.get(`${POSTS}/${post.id}`).expect(200)).body as { seo_head_json: Head; seo_head: string };
      const res = await t.request.get(pathOf(post.link)).expect(200);
      const page = parseHead(res.text);
      expect(page.titles).toEqual([rest.seo_head_json.title]);
      expect(page.description).toBe(rest.seo_head_json.description);
      expect(page.canonicals).toEqual([rest.seo_head_json.canonical]);
      expect(page.ogTitle).toBe(rest.seo_head_json.og_title);
      expect(page.schema).toEqual(rest.seo_head_json.schema);
      // The page's head holds the very string REST serves as seo_head.
      expect(res.text).toContain(rest.seo_head);
      const fromHtml = parseHead(rest.seo_head);
      expect(fromHtml.titles).toEqual([rest.seo_head_json.title]);
      expect(fromHtml.schema).toEqual(rest.seo_head_json.schema);
      expect(rest.seo_head_json.description).toBe('Described & for all.');
    });

    it('describes pages with their ancestors in the breadcrumbs and no Article', async () => {
      const parent = await create({ title: 'Guides' }, t.adminAuth, PAGES);
      const child = await create({ title: 'Birding', parent: parent.id, meta: { _yoast_wpseo_bctitle: 'Birding 101' } }, t.adminAuth, PAGES);
      const head = child.seo_head_json;
      expect(head.title).toBe(`Birding - ${siteName}`);
      expect(head.author).toBeUndefined();
      expect(head.article_published_time).toBeUndefined();
      expect(types(head)).toEqual(['WebPage', 'BreadcrumbList', 'WebSite', 'Organization']);
      expect((head.schema['@graph'][1] as { itemListElement: unknown[] }).itemListElement).toEqual([
        { '@type': 'ListItem', position: 1, name: 'Home', item: `${SITE_URL}/` },
        { '@type': 'ListItem', position: 2, name: 'Guides', item: parent.link },
        { '@type': 'ListItem', position: 3, name: 'Birding 101' },
      ]);
    });

    it('adds the head to categories, tags and users, and their public pages', async () => {
      const created = await t.request.post('/wp-json/core/v2/categories').set('Authorization', t.adminAuth).send({ name: 'Herons' }).expect(201);
      expect(created.body.seo_head_json.title).toBe(`Herons Archives - ${siteName}`);
      const cat = await t.request.get(`/wp-json/core/v2/categories/${created.body.id}`).expect(200);
      expect(cat.body.seo_head_json.title).toBe(`Herons Archives - ${siteName}`);
      expect(cat.body.seo_head_json.og_type).toBe('article');
      expect(types(cat.body.seo_head_json)).toEqual(['CollectionPage', 'BreadcrumbList', 'WebSite', 'Organization']);
      const catPage = parseHead((await t.request.get(pathOf(cat.body.link)).expect(200)).text);
      expect(catPage.titles).toEqual([cat.body.seo_head_json.title]);
      expect(catPage.schema).toEqual(cat.body.seo_head_json.schema);
      const tag = await t.request.post('/wp-json/core/v2/tags').set('Authorization', t.adminAuth).send({ name: 'Wrens' }).expect(201);
      expect(tag.body.seo_head_json.title).toBe(`Wrens Archives - ${siteName}`);
      const user = await t.request.get('/wp-json/core/v2/users/1').expect(200);
      expect(user.body.seo_head_json.title).toBe(`admin, Author at ${siteName}`);
      expect(user.body.seo_head_json.og_type).toBe('profile');
      expect(types(user.body.seo_head_json)).toEqual(['ProfilePage', 'BreadcrumbList', 'WebSite', 'Organization', 'Person']);
      const authorPage = parseHead((await t.request.get(pathOf(user.body.link)).expect(200)).text);
      expect(authorPage.titles).toEqual([user.body.seo_head_json.title]);
      for (const route of ['/wp-json/core/v2/categories', '/wp-json/core/v2/tags', '/wp-json/core/v2/users']) {
        expect((await t.request.options(route).expect(200)).body.schema.properties.seo_head_json).toMatchObject({ type: 'object' });
      }
    });

    it('gives the home page and an event page their heads, the event with its Event piece', async () => {
      const home = parseHead((await t.request.get('/').expect(200)).text);
      expect(home.titles).toEqual([`${siteName} - Notes from the field`]);
      expect((home.schema as Head['schema'])['@graph'].map((p) => p['@type'])).toEqual(['CollectionPage', 'BreadcrumbList', 'WebSite', 'Organization']);
      const venue = await t.request.post('/wp-json/events/v1/venues').set('Authorization', t.adminAuth).send({ venue: 'Marsh Hall', address: '1 Reed Lane', city: 'Fenton', zip: 'F1 2AB', country: 'United Kingdom', status: 'publish' }).expect(201);
      const event = await t.request.post('/wp-json/events/v1/events').set('Authorization', t.adminAuth)
        .send({ title: 'Dawn chorus walk', description: '<p>Listen to the birds.</p>', start_date: '2030-05-01 05:00:00', end_date: '2030-05-01 07:00:00', timezone: 'Europe/London', venue: venue.body.id, status: 'publish' }).expect(201);
      const res = await t.request.get(pathOf(event.body.url as string)).expect(200);
      const page = parseHead(res.text);
      expect(page.titles).toEqual([`Dawn chorus walk - ${siteName}`]);
      const graph = (page.schema as Head['schema'])['@graph'];
      const piece = graph.find((p) => p['@type'] === 'Event');
      expect(piece).toMatchObject({
        name: 'Dawn chorus walk',
        url: event.body.url,
        startDate: '2030-05-01T05:00:00+01:00',
        endDate: '2030-05-01T07:00:00+01:00',
        eventStatus: 'https://schema.org/EventScheduled',
        eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
        location: { '@type': 'Place', name: 'Marsh Hall', address: { '@type': 'PostalAddress', streetAddress: '1 Reed Lane', addressLocality: 'Fenton', postalCode: 'F1 2AB', addressCountry: 'United Kingdom' } },
      });
      // events/v1 records carry the page's head too (ours, additive, as on core/v2).
      expect(event.body.seo_head_json.title).toBe(`Dawn chorus walk - ${siteName}`);
      // An event's SEO fields are written through its write path's `meta`, checked as on posts.
      const bad = await t.request.post(`/wp-json/events/v1/events/${event.body.id}`).set('Authorization', t.adminAuth).send({ title: 'Renamed walk', meta: { _yoast_wpseo_canonical: 'nope' } });
      expect(bad.status).toBe(400);
      expect(bad.body.code).toBe('rest_invalid_param');
      await t.request.post(`/wp-json/events/v1/events/${event.body.id}`).set('Authorization', t.adminAuth)
        .send({ meta: { _yoast_wpseo_title: '%%title%% at dawn %%sep%% %%sitename%%', _yoast_wpseo_metadesc: 'Early birds.' } }).expect(200);
      const updated = parseHead((await t.request.get(pathOf(event.body.url as string)).expect(200)).text);
      expect(updated.titles).toEqual([`Dawn chorus walk at dawn - ${siteName}`]);
      expect(updated.description).toBe('Early birds.');
    });

    it('never lets a value close the JSON-LD script', async () => {
      // Entities in a title are decoded into the head's plain text: `</script>` reaches the graph as text.
      const post = await create({ title: 'Closing &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; tags', slug: 'closing-tags' });
      expect(post.seo_head_json.title).toBe(`Closing </script><script>alert(1)</script> tags - ${siteName}`);
      expect(post.seo_head).toContain('\\u003c/script>');
      expect(post.seo_head.match(/<\/script>/g)).toHaveLength(1);
      // The page's graph still parses whole, and is the record's.
      const page = parseHead((await t.request.get(pathOf(post.link)).expect(200)).text);
      expect(page.schema).toEqual(post.seo_head_json.schema);
    });
  });
});

describe('seo: cached heads follow the settings', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ CACHE_ENABLED: 'true' });
  });
  afterAll(() => t.close());

  it('drops a cached record when the site name or the separator changes', async () => {
    const post = (await t.request.post(POSTS).set('Authorization', t.adminAuth).send({ title: 'Cached', status: 'publish' }).expect(201)).body as { id: number; link: string };
    const url = `${POSTS}/${post.id}?_fields=seo_head_json.title`;
    const first = await t.request.get(url).expect(200);
    const again = await t.request.get(url).expect(200);
    expect(again.headers['x-cache']).toBe('HIT');
    expect(again.body).toEqual(first.body);

    await t.request.post('/wp-json/core/v2/settings').set('Authorization', t.adminAuth).send({ title: 'Renamed Site' }).expect(200);
    const renamed = await t.request.get(url).expect(200);
    expect(renamed.body.seo_head_json.title).toBe('Cached - Renamed Site');
    expect(parseHead((await t.request.get(pathOf(post.link)).expect(200)).text).titles).toEqual(['Cached - Renamed Site']);

    // The separator lives in wpseo_titles (written by the seo/v1 settings); the write publishes the options' tags.
    await t.db.prisma.$transaction((tx) => writeSeoOption(tx, 'wpseo_titles', { separator: 'sc-pipe' }));
    // The end of a write request publishes what was written (a refused one too): the settings route's own request does that.
    await t.request.post(POSTS).send({ title: 'refused' }).expect(401);
    const piped = await t.request.get(url).expect(200);
    expect(piped.body.seo_head_json.title).toBe('Cached | Renamed Site');
    expect(parseHead((await t.request.get(pathOf(post.link)).expect(200)).text).titles).toEqual(['Cached | Renamed Site']);
  });
});

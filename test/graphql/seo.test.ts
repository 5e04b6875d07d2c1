/**
 * WPGraphQL for Yoast SEO's schema over real HTTP: `seo` of posts, pages, events, categories, tags
 * and users answers the same head as REST's `seo_head_json` / `seo_head` (field by field, the
 * JSON-LD graph whole) and as the public page; RootQuery.seo gives the site's settings; our `seo`
 * input of the post, page and event mutations writes Yoast's post meta with REST's checks and
 * permissions (a refused value or field changes nothing); and a list of posts with their `seo`
 * costs the statements of a short one.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { SCHEMA_DIR } from '../../src/graphql/schema';
import { writeSeoOption } from '../../src/domain/seo/options';
import { SITE_URL, startTestApp, userAuth, type TestApp } from '../support/app';
import { execute, listen, run, type GraphQLTestServer } from './client';
import { validationErrors } from './sdl';
import { expectSameHead, SEO_FIELDS, TERM_SEO_FIELDS } from './seo-head-compare';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const POSTS = '/wp-json/core/v2/posts';

describe('GraphQL: WPGraphQL for Yoast SEO', () => {
  let t: TestApp;
  let server: GraphQLTestServer;
  let contributor: string;
  let imageId: number;
  let imageUrl: string;
  const admin = () => server.client(t.adminAuth);
  const anonymous = () => server.client();

  const storedMeta = async (id: number) => {
    const rows = await t.db.prisma.contentMeta.findMany({ where: { contentId: id, key: { startsWith: '_yoast_wpseo_' } }, orderBy: { key: 'asc' } });
    return Object.fromEntries(rows.map((r) => [r.key, r.value]));
  };
  const restHead = async (path: string) => {
    const res = await t.request.get(`${path}?_fields=seo_head_json,seo_head`).expect(200);
    return res.body as { seo_head_json: Json; seo_head: string };
  };

  beforeAll(async () => {
    t = await startTestApp();
    server = await listen(t);
    contributor = await userAuth(t, 'helper', 'contributor');
    await t.request.post('/wp-json/core/v2/settings').set('Authorization', t.adminAuth).send({ title: 'Field Notes', description: 'Notes from the field' }).expect(200);
    const png = await sharp({ create: { width: 1200, height: 630, channels: 3, background: { r: 200, g: 40, b: 40 } } }).png().toBuffer();
    const media = await t.request.post('/wp-json/core/v2/media').set('Authorization', t.adminAuth).set('Content-Type', 'image/png')
      .set('Content-Disposition', 'attachment; filename="card.png"').send(png).expect(201);
    imageId = media.body.id as number;
    imageUrl = media.body.source_url as string;
  });
  afterAll(() => t.close());

  describe('reads: the same head as REST', () => {
    it('a post with fields set through REST meta answers seo_head_json field by field, and the plugin\'s extras', async () => {
      const created = await t.request.post(POSTS).set('Authorization', t.adminAuth).send({
        status: 'publish',
        title: 'Tide tables',
        content: `<p>${'Reading the tide is an old craft. '.repeat(80)}</p>`,
        meta: {
          _yoast_wpseo_title: '%%title%% for sailors %%sep%% %%sitename%%',
          _yoast_wpseo_metadesc: 'How to read a tide table.',
          _yoast_wpseo_focuskw: 'tide tables',
          _yoast_wpseo_canonical: 'https://example.org/tides/',
          '_yoast_wpseo_opengraph-title': 'Tides, explained',
          '_yoast_wpseo_opengraph-image-id': String(imageId),
          '_yoast_wpseo_twitter-title': 'Tides on X',
          _yoast_wpseo_is_cornerstone: '1',
        },
      }).expect(201);
      const id = created.body.id as number;
      const rest = await restHead(`${POSTS}/${id}`);
      const data = await run<Json>(anonymous(), `query($id: ID!) { post(id: $id, idType: DATABASE_ID) { seo { ${SEO_FIELDS} } } }`, { id });
      const seo = data.post.seo;

      expectSameHead(seo, rest.seo_head_json, rest.seo_head);
      expect(seo.title).toBe('Tide tables for sailors - Field Notes');
      expect(seo.metaDesc).toBe('How to read a tide table.');
      expect(seo.canonical).toBe('https://example.org/tides/');
      expect(seo.opengraphTitle).toBe('Tides, explained');
      expect(seo.twitterTitle).toBe('Tides on X');
      expect(seo.focuskw).toBe('tide tables');
      expect(seo.cornerstone).toBe(true);
      expect(seo.metaKeywords).toBeNull();
      expect(seo.opengraphImage).toEqual({ databaseId: imageId, sourceUrl: imageUrl });
      expect(rest.seo_head_json.og_image[0].url).toBe(imageUrl);
      expect(seo.twitterImage).toBeNull();
      // 560 words at Yoast's 228 a minute.
      expect(seo.readingTime).toBe(3);
      expect(seo.schema.pageType).toEqual(['WebPage']);
      expect(seo.schema.articleType).toEqual(['Article']);
      expect(seo.breadcrumbs).toEqual([
        { url: `${SITE_URL}/`, text: 'Home' },
        { url: 'https://example.org/tides/', text: 'Tide tables' },
      ]);
    });

    it('a page and a noindex post: robots, no canonical, no article', async () => {
      const page = await t.request.post('/wp-json/core/v2/pages').set('Authorization', t.adminAuth).send({ status: 'publish', title: 'About the harbour', content: '<p>Boats.</p>' }).expect(201);
      const hidden = await t.request.post(POSTS).set('Authorization', t.adminAuth)
        .send({ status: 'publish', title: 'Not for search', meta: { '_yoast_wpseo_meta-robots-noindex': '1', '_yoast_wpseo_meta-robots-nofollow': '1' } }).expect(201);
      const data = await run<Json>(anonymous(), `query($p: ID!, $h: ID!) { page(id: $p, idType: DATABASE_ID) { seo { ${SEO_FIELDS} } } post(id: $h, idType: DATABASE_ID) { seo { ${SEO_FIELDS} } } }`, { p: page.body.id, h: hidden.body.id });
      const pageRest = await restHead(`/wp-json/core/v2/pages/${page.body.id}`);
      const hiddenRest = await restHead(`${POSTS}/${hidden.body.id}`);
      expectSameHead(data.page.seo, pageRest.seo_head_json, pageRest.seo_head);
      expectSameHead(data.post.seo, hiddenRest.seo_head_json, hiddenRest.seo_head);
      expect(data.page.seo.schema.articleType).toEqual([]);
      expect(data.page.seo.focuskw).toBe('');
      expect(data.post.seo).toMatchObject({ metaRobotsNoindex: 'noindex', metaRobotsNofollow: 'nofollow', canonical: '' });
    });

    it('through the ContentNode interface and nodeByUri, as front-ends ask it', async () => {
      const post = await t.request.post(POSTS).set('Authorization', t.adminAuth).send({ status: 'publish', title: 'By address' }).expect(201);
      const uri = (post.body.link as string).slice(SITE_URL.length);
      const data = await run<Json>(anonymous(), `query($uri: String!) { nodeByUri(uri: $uri) { ... on ContentNode { seo { title fullHead } } } }`, { uri });
      const rest = await restHead(`${POSTS}/${post.body.id}`);
      expect(data.nodeByUri.seo).toEqual({ title: rest.seo_head_json.title, fullHead: rest.seo_head });
    });

    it('a draft is nobody\'s business: its seo is null for visitors', async () => {
      const draft = await t.request.post(POSTS).set('Authorization', t.adminAuth).send({ status: 'draft', title: 'Secret plans' }).expect(201);
      const query = `query($id: ID!) { contentNode(id: $id, idType: DATABASE_ID) { ... on Post { seo { title } } } }`;
      expect((await run<Json>(anonymous(), query, { id: draft.body.id })).contentNode).toBeNull();
      expect((await run<Json>(admin(), query, { id: draft.body.id })).contentNode.seo.title).toContain('Secret plans');
    });

    it('categories, tags and users answer the head REST gives them', async () => {
      const category = await t.request.post('/wp-json/core/v2/categories').set('Authorization', t.adminAuth).send({ name: 'Harbours', description: 'Where boats rest.' }).expect(201);
      const tag = await t.request.post('/wp-json/core/v2/tags').set('Authorization', t.adminAuth).send({ name: 'knots' }).expect(201);
      await t.db.prisma.termMeta.create({ data: { termId: category.body.id, key: 'wpseo_focuskw', value: 'harbours' } });
      await t.request.post(POSTS).set('Authorization', t.adminAuth).send({ status: 'publish', title: 'In the harbour', categories: [category.body.id], tags: [tag.body.id] }).expect(201);
      const me = await t.request.get('/wp-json/core/v2/users/me').set('Authorization', t.adminAuth).expect(200);
      const data = await run<Json>(anonymous(), `query($c: ID!, $t: ID!, $u: ID!) {
        category(id: $c, idType: DATABASE_ID) { seo { ${TERM_SEO_FIELDS} } }
        tag(id: $t, idType: DATABASE_ID) { seo { ${TERM_SEO_FIELDS} } }
        user(id: $u, idType: DATABASE_ID) { seo { title metaDesc metaRobotsNoindex metaRobotsNofollow canonical opengraphTitle opengraphDescription
          opengraphImage { databaseId } twitterTitle twitterDescription language region breadcrumbTitle fullHead social { facebook twitter } schema { raw pageType articleType } } } }`,
        { c: category.body.id, t: tag.body.id, u: me.body.id });
      for (const [seo, path] of [[data.category.seo, `/wp-json/core/v2/categories/${category.body.id}`], [data.tag.seo, `/wp-json/core/v2/tags/${tag.body.id}`]] as const) {
        const rest = await restHead(path);
        expectSameHead(seo, rest.seo_head_json, rest.seo_head);
      }
      expect(data.category.seo.title).toBe('Harbours Archives - Field Notes');
      expect(data.category.seo.focuskw).toBe('harbours');
      expect(data.tag.seo.focuskw).toBe('');

      const user = data.user.seo;
      const rest = await restHead(`/wp-json/core/v2/users/${me.body.id}`);
      expect(user.title).toBe(rest.seo_head_json.title);
      expect(user.metaRobotsNoindex).toBe(rest.seo_head_json.robots.index);
      expect(user.canonical).toBe(rest.seo_head_json.canonical ?? '');
      expect(user.opengraphTitle).toBe(rest.seo_head_json.og_title);
      expect(user.fullHead).toBe(rest.seo_head);
      expect(JSON.parse(user.schema.raw)).toEqual(rest.seo_head_json.schema);
      expect(user.schema.pageType).toEqual(['ProfilePage']);
      expect(user.breadcrumbTitle).toMatch(/^Archives for /);
      expect(user).toMatchObject({ language: null, region: null, social: { facebook: null, twitter: null }, opengraphImage: null });
    });

    it('an event answers the head its public page prints', async () => {
      const created = await run<Json>(admin(), `mutation { createEvent(input: { title: "Regatta", status: PUBLISH, content: "Boats race.", startDate: "2031-06-01 10:00:00", endDate: "2031-06-01 18:00:00",
        seo: { metaDesc: "The summer regatta.", focuskw: "regatta" } }) { event { databaseId link seo { ${SEO_FIELDS} } } } }`);
      const event = created.createEvent.event;
      expect(await storedMeta(event.databaseId)).toEqual({ _yoast_wpseo_focuskw: 'regatta', _yoast_wpseo_metadesc: 'The summer regatta.' });
      const data = await run<Json>(anonymous(), `query($id: ID!) { event(id: $id, idType: DATABASE_ID) { seo { ${SEO_FIELDS} } } }`, { id: event.databaseId });
      const seo = data.event.seo;
      const page = await t.request.get((event.link as string).slice(SITE_URL.length)).expect(200);
      expect(page.text).toContain(seo.fullHead);
      expect(seo.metaDesc).toBe('The summer regatta.');
      expect(seo.focuskw).toBe('regatta');
      expect(JSON.parse(seo.schema.raw)['@graph'].map((p: Json) => p['@type'])).toContain('Event');
    });

    it('an event category answers the head of its public page', async () => {
      const created = await run<Json>(admin(), 'mutation { createEventsCategory(input: { name: "Races" }) { eventsCategory { databaseId link } } }');
      const category = created.createEventsCategory.eventsCategory;
      const data = await run<Json>(anonymous(), `query($id: ID!) { eventsCategory(id: $id, idType: DATABASE_ID) { seo { title fullHead schema { raw } } } }`, { id: category.databaseId });
      expect(data.eventsCategory.seo.title).toBe('Races Archives - Field Notes');
      const page = await t.request.get((category.link as string).slice(SITE_URL.length)).expect(200);
      expect(page.text).toContain(data.eventsCategory.seo.fullHead);
    });

    it('the playground example validates and answers', async () => {
      const document = readFileSync(path.join(SCHEMA_DIR, 'examples', '07-seo-head.graphql'), 'utf8');
      expect(validationErrors(document)).toEqual([]);
      const post = await t.request.post(POSTS).set('Authorization', t.adminAuth).send({ status: 'publish', title: 'Example head' }).expect(201);
      const data = await run<Json>(anonymous(), document, { uri: (post.body.link as string).slice(SITE_URL.length) });
      expect(data.nodeByUri.seo.title).toContain('Example head');
      expect(data.seo.schema.siteName).toBe('Field Notes');
    });
  });

  describe('RootQuery.seo: the site settings', () => {
    it('answers what the options hold, null where they hold nothing', async () => {
      await t.db.prisma.$transaction(async (tx) => {
        await writeSeoOption(tx, 'wpseo_titles', { separator: 'sc-pipe', company_name: 'Harbour Co', company_logo_id: imageId, 'title-post': '%%title%% %%sep%% %%sitename%%', 'noindex-tax-post_tag': true });
        await writeSeoOption(tx, 'wpseo_social', { facebook_site: 'https://facebook.com/harbour', twitter_site: 'harbourco', other_social_urls: ['https://mastodon.example/@harbour'], og_default_image_id: imageId });
      });
      const data = await run<Json>(anonymous(), `{ seo {
        meta { homepage { title description } author { title } config { separator } notFound { title breadcrumb } }
        schema { companyName companyOrPerson companyLogo { databaseId } logo { databaseId } personLogo { databaseId } siteName wordpressSiteName siteUrl homeUrl inLanguage }
        webmaster { googleVerify }
        social { facebook { url defaultImage { databaseId } } twitter { username cardType } instagram { url } otherSocials }
        breadcrumbs { enabled homeText separator boldLast }
        redirects { origin }
        openGraph { defaultImage { databaseId } frontPage { title } }
        contentTypes { post { title metaRobotsNoindex schemaType archive { hasArchive title } } event { title } }
        taxonomyArchives { category { archive { title metaRobotsNoindex } } tag { archive { metaRobotsNoindex } } }
      } }`);
      expect(data.seo).toEqual({
        meta: { homepage: { title: 'Field Notes | Notes from the field', description: '' }, author: { title: ', Author at Field Notes' }, config: { separator: '|' }, notFound: { title: 'Page not found | Field Notes', breadcrumb: null } },
        schema: { companyName: 'Harbour Co', companyOrPerson: 'company', companyLogo: { databaseId: imageId }, logo: { databaseId: imageId }, personLogo: null, siteName: 'Field Notes', wordpressSiteName: 'Field Notes', siteUrl: SITE_URL, homeUrl: SITE_URL, inLanguage: 'en-US' },
        webmaster: { googleVerify: null },
        social: { facebook: { url: 'https://facebook.com/harbour', defaultImage: { databaseId: imageId } }, twitter: { username: 'harbourco', cardType: 'summary_large_image' }, instagram: { url: null }, otherSocials: ['https://mastodon.example/@harbour'] },
        breadcrumbs: { enabled: true, homeText: 'Home', separator: '»', boldLast: null },
        redirects: [],
        openGraph: { defaultImage: { databaseId: imageId }, frontPage: { title: null } },
        contentTypes: { post: { title: '| Field Notes', metaRobotsNoindex: false, schemaType: null, archive: { hasArchive: false, title: 'Posts Archive | Field Notes' } }, event: { title: '| Field Notes' } },
        taxonomyArchives: { category: { archive: { title: 'Archives | Field Notes', metaRobotsNoindex: false } }, tag: { archive: { metaRobotsNoindex: true } } },
      });
    });
  });

  describe('writes: our seo input', () => {
    const SET = `mutation($id: ID!, $seo: SeoFieldsInput, $title: String) { updatePost(input: { id: $id, title: $title, seo: $seo }) { post { seo { title canonical opengraphImage { databaseId } } } } }`;

    it('writes Yoast\'s post meta that REST reads back, and the head follows', async () => {
      const post = await t.request.post(POSTS).set('Authorization', t.adminAuth).send({ status: 'publish', title: 'Anchors' }).expect(201);
      const data = await run<Json>(admin(), SET, {
        id: post.body.id,
        seo: { title: 'All about anchors %%sep%% %%sitename%%', metaDesc: 'Heavy things.', focuskw: 'anchors', canonical: 'https://example.org/anchors', metaRobotsNoindex: '2', breadcrumbsTitle: 'Anchors', opengraphImage: String(imageId), twitterDescription: 'Heavy.', cornerstone: true },
      });
      expect(data.updatePost.post.seo).toEqual({ title: 'All about anchors | Field Notes', canonical: 'https://example.org/anchors', opengraphImage: { databaseId: imageId } });
      const rest = await t.request.get(`${POSTS}/${post.body.id}?context=edit`).set('Authorization', t.adminAuth).expect(200);
      expect(rest.body.meta).toMatchObject({
        _yoast_wpseo_title: 'All about anchors %%sep%% %%sitename%%',
        _yoast_wpseo_metadesc: 'Heavy things.',
        _yoast_wpseo_focuskw: 'anchors',
        _yoast_wpseo_canonical: 'https://example.org/anchors',
        '_yoast_wpseo_meta-robots-noindex': '2',
        _yoast_wpseo_bctitle: 'Anchors',
        '_yoast_wpseo_opengraph-image-id': String(imageId),
        '_yoast_wpseo_twitter-description': 'Heavy.',
        _yoast_wpseo_is_cornerstone: '1',
      });
      // An empty string (or null) deletes a field, as over REST.
      await run<Json>(admin(), SET, { id: post.body.id, seo: { canonical: '', cornerstone: false, twitterDescription: null } });
      const after = await storedMeta(post.body.id);
      expect(after).not.toHaveProperty('_yoast_wpseo_canonical');
      expect(after).not.toHaveProperty('_yoast_wpseo_is_cornerstone');
      expect(after).not.toHaveProperty('_yoast_wpseo_twitter-description');
      expect(after._yoast_wpseo_focuskw).toBe('anchors');
    });

    it('writes on createPage too', async () => {
      const data = await run<Json>(admin(), `mutation { createPage(input: { title: "Moorings", status: PUBLISH, seo: { metaDesc: "Where to tie up." } }) { page { databaseId seo { metaDesc } } } }`);
      expect(data.createPage.page.seo.metaDesc).toBe('Where to tie up.');
      expect(await storedMeta(data.createPage.page.databaseId)).toEqual({ _yoast_wpseo_metadesc: 'Where to tie up.' });
    });

    it('refuses a bad canonical as a GraphQL error, and writes nothing at all', async () => {
      const post = await t.request.post(POSTS).set('Authorization', t.adminAuth).send({ status: 'publish', title: 'Buoys', meta: { _yoast_wpseo_metadesc: 'Floating.' } }).expect(201);
      const result = await execute(admin(), SET, { id: post.body.id, title: 'Renamed buoys', seo: { metaDesc: 'Changed', canonical: 'not a url' } });
      expect(result.error?.graphQLErrors[0].extensions).toMatchObject({ code: 'rest_invalid_param', status: 400, data: { params: { 'input.seo.canonical': 'input.seo.canonical is not a valid URL.' } } });
      expect(result.data?.updatePost ?? null).toBeNull();
      const row = await t.db.prisma.content.findUniqueOrThrow({ where: { id: post.body.id } });
      expect(row.title).toBe('Buoys');
      expect(await storedMeta(post.body.id)).toEqual({ _yoast_wpseo_metadesc: 'Floating.' });

      const badImage = await execute(admin(), SET, { id: post.body.id, seo: { opengraphImage: 'nonsense' } });
      expect(badImage.error?.graphQLErrors[0].extensions?.status).toBe(400);
      const badRobots = await execute(admin(), SET, { id: post.body.id, seo: { metaRobotsNoindex: '7' } });
      expect(badRobots.error?.graphQLErrors[0].extensions).toMatchObject({ code: 'rest_invalid_param', data: { params: { 'input.seo.metaRobotsNoindex': 'input.seo.metaRobotsNoindex is not one of 0, 1 and 2.' } } });
      expect(await storedMeta(post.body.id)).toEqual({ _yoast_wpseo_metadesc: 'Floating.' });
    });

    it('a contributor may write the plain fields but not the advanced ones', async () => {
      const mine = await run<Json>(server.client(contributor), `mutation { createPost(input: { title: "Draft by a helper", seo: { metaDesc: "Mine.", focuskw: "helper" } }) { post { databaseId } } }`);
      const id = mine.createPost.post.databaseId as number;
      expect(await storedMeta(id)).toEqual({ _yoast_wpseo_focuskw: 'helper', _yoast_wpseo_metadesc: 'Mine.' });

      const refused = await execute(server.client(contributor), `mutation($id: ID!) { updatePost(input: { id: $id, title: "Changed", seo: { canonical: "https://example.org/x", metaDesc: "Changed." } }) { post { databaseId } } }`, { id });
      expect(refused.error?.graphQLErrors[0].extensions).toMatchObject({ code: 'rest_cannot_update', status: 403 });
      expect((await t.db.prisma.content.findUniqueOrThrow({ where: { id } })).title).toBe('Draft by a helper');
      expect(await storedMeta(id)).toEqual({ _yoast_wpseo_focuskw: 'helper', _yoast_wpseo_metadesc: 'Mine.' });

      const created = await execute(server.client(contributor), `mutation { createPost(input: { title: "Sneaky", seo: { metaRobotsNoindex: "1" } }) { post { databaseId } } }`);
      expect(created.error?.graphQLErrors[0].extensions).toMatchObject({ code: 'rest_cannot_update', status: 403 });
      expect(await t.db.prisma.content.count({ where: { title: 'Sneaky' } })).toBe(0);
    });

    it('updateEvent writes them, with the same checks', async () => {
      const created = await run<Json>(admin(), `mutation { createEvent(input: { title: "Harbour fair", status: PUBLISH, startDate: "2031-07-01 10:00:00", endDate: "2031-07-01 18:00:00" }) { event { id databaseId } } }`);
      const { id, databaseId } = created.createEvent.event;
      const data = await run<Json>(admin(), `mutation($id: ID!) { updateEvent(input: { id: $id, seo: { title: "Fair %%sep%% %%sitename%%", opengraphTitle: "The fair" } }) { event { seo { title opengraphTitle } } } }`, { id });
      expect(data.updateEvent.event.seo).toEqual({ title: 'Fair | Field Notes', opengraphTitle: 'The fair' });
      const bad = await execute(admin(), `mutation($id: ID!) { updateEvent(input: { id: $id, seo: { canonical: "ftp://example.org" } }) { event { databaseId } } }`, { id });
      expect(bad.error?.graphQLErrors[0].extensions?.code).toBe('rest_invalid_param');
      expect(await storedMeta(databaseId)).toEqual({ _yoast_wpseo_title: 'Fair %%sep%% %%sitename%%', '_yoast_wpseo_opengraph-title': 'The fair' });
    });
  });

  describe('lists: no N+1', () => {
    it('20 posts with their seo cost the statements of 5', async () => {
      for (let i = 0; i < 20; i += 1) {
        await t.request.post(POSTS).set('Authorization', t.adminAuth)
          .send({ status: 'publish', title: `Listed ${i}`, featured_media: imageId, meta: { _yoast_wpseo_focuskw: `word ${i}` } }).expect(201);
      }
      const query = `query($first: Int!) { posts(first: $first) { nodes { databaseId seo { title metaDesc focuskw canonical opengraphImage { databaseId } breadcrumbs { text } fullHead readingTime schema { raw } } } } }`;
      const statements = async (first: number) => {
        await run<Json>(anonymous(), query, { first }); // warm-up: options, prepared statements
        const before = t.db.queries.count;
        const prismaBefore = t.db.queries.prismaCount;
        const data = await run<Json>(anonymous(), query, { first });
        expect(t.db.queries.prismaCount - prismaBefore).toBe(0);
        expect(data.posts.nodes).toHaveLength(first);
        expect(data.posts.nodes.every((n: Json) => n.seo.opengraphImage?.databaseId === imageId)).toBe(true);
        return t.db.queries.count - before;
      };
      const five = await statements(5);
      const twenty = await statements(20);
      console.log(`posts with seo: ${five} statements for 5, ${twenty} for 20`);
      expect(twenty).toBe(five);
    });

    it('categories and events with their seo: as many statements for many as for few', async () => {
      for (let i = 0; i < 8; i += 1) {
        await t.request.post('/wp-json/core/v2/categories').set('Authorization', t.adminAuth).send({ name: `Listed category ${i}` }).expect(201);
        await run<Json>(admin(), `mutation { createEvent(input: { title: "Listed event ${i}", status: PUBLISH, startDate: "2032-01-0${i + 1} 10:00:00", endDate: "2032-01-0${i + 1} 12:00:00", seo: { focuskw: "event ${i}" } }) { event { databaseId } } }`);
      }
      const cases = [
        { query: `query($first: Int!) { categories(first: $first, where: { hideEmpty: false }) { nodes { seo { title focuskw breadcrumbs { url } fullHead } } } }`, list: (d: Json) => d.categories.nodes },
        { query: `query($first: Int!) { events(first: $first) { nodes { seo { title focuskw readingTime fullHead schema { raw } } } } }`, list: (d: Json) => d.events.nodes },
      ];
      for (const c of cases) {
        const statements = async (first: number) => {
          await run<Json>(anonymous(), c.query, { first });
          const before = t.db.queries.count;
          const data = await run<Json>(anonymous(), c.query, { first });
          expect(c.list(data)).toHaveLength(first);
          expect(c.list(data).every((n: Json) => n.seo?.fullHead)).toBe(true);
          return t.db.queries.count - before;
        };
        expect(await statements(8)).toBe(await statements(2));
      }
    });
  });
});

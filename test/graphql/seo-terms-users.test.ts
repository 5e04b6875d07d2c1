/**
 * WPGraphQL for Yoast SEO's `seo` on media items, venues and organizers (the same head as REST's
 * `seo_head_json` of core/v2 media and events/v1 venues and organizers, field by field, at the
 * statements of a short list for a long one), and our `seo` inputs of the category, tag, event
 * category and user mutations: Yoast's term and user fields written with REST `meta`'s checks and
 * permissions (a refused value names `input.seo.<field>` and changes nothing), read back by `seo`
 * and by REST's `meta` in the edit context.
 */
import sharp from 'sharp';
import { SITE_URL, startTestApp, userAuth, type TestApp } from '../support/app';
import { setPostMeta } from '../support/seo';
import { execute, listen, run, type GraphQLTestServer } from './client';
import { expectSameHead, SEO_FIELDS } from './seo-head-compare';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const MEDIA = '/wp-json/core/v2/media';
const CATEGORIES = '/wp-json/core/v2/categories';
const TAGS = '/wp-json/core/v2/tags';
const USERS = '/wp-json/core/v2/users';

describe('GraphQL seo: media, venues, organizers; term and user writes', () => {
  let t: TestApp;
  let server: GraphQLTestServer;
  let author: string;
  let authorId: number;
  let imageId: number;
  const admin = () => server.client(t.adminAuth);
  const anonymous = () => server.client();

  const upload = async (name: string): Promise<Json> => {
    const png = await sharp({ create: { width: 640, height: 400, channels: 3, background: { r: 30, g: 90, b: 160 } } }).png().toBuffer();
    return (await t.request.post(MEDIA).set('Authorization', t.adminAuth).set('Content-Type', 'image/png').set('Content-Disposition', `attachment; filename="${name}.png"`).send(png).expect(201)).body;
  };
  const restHead = async (path: string) => (await t.request.get(`${path}${path.includes('?') ? '&' : '?'}_fields=seo_head_json,seo_head`).expect(200)).body as { seo_head_json: Json; seo_head: string };
  const editMeta = async (path: string) => (await t.request.get(`${path}?context=edit`).set('Authorization', t.adminAuth).expect(200)).body.meta as Json;
  const termMeta = async (termId: number) => {
    const rows = await t.db.prisma.termMeta.findMany({ where: { termId, key: { startsWith: 'wpseo_' } }, orderBy: { key: 'asc' } });
    return Object.fromEntries(rows.map((r) => [r.key, r.value]));
  };

  beforeAll(async () => {
    t = await startTestApp();
    server = await listen(t);
    author = await userAuth(t, 'penny', 'author');
    authorId = (await t.request.get(`${USERS}/me`).set('Authorization', author).expect(200)).body.id as number;
    // A published post makes the author (and her archive) public.
    await t.request.post('/wp-json/core/v2/posts').set('Authorization', author).send({ title: 'From the shed', status: 'publish' }).expect(201);
    await t.request.post('/wp-json/core/v2/settings').set('Authorization', t.adminAuth).send({ title: 'Field Notes' }).expect(200);
    imageId = (await upload('share-card')).id as number;
  });
  afterAll(() => t.close());

  describe('reads: media items, venues and organizers answer their REST head', () => {
    it('a media item: seo_head_json of core/v2 media field by field, its own file as the Open Graph image', async () => {
      const item = await upload('lighthouse');
      await t.request.post(`${MEDIA}/${item.id}`).set('Authorization', t.adminAuth).send({ title: 'Lighthouse', caption: 'The old light at dusk.' }).expect(200);
      await setPostMeta(t, item.id as number, { _yoast_wpseo_focuskw: 'lighthouse', '_yoast_wpseo_twitter-title': 'A light' });
      const data = await run<Json>(anonymous(), `query($id: ID!) { mediaItem(id: $id, idType: DATABASE_ID) { seo { ${SEO_FIELDS} } } }`, { id: item.id });
      const seo = data.mediaItem.seo;
      const rest = await restHead(`${MEDIA}/${item.id}`);
      expectSameHead(seo, rest.seo_head_json, rest.seo_head);
      expect(seo.title).toBe('Lighthouse - Field Notes');
      expect(seo.metaDesc).toBe('The old light at dusk.');
      expect(seo.twitterTitle).toBe('A light');
      expect(seo.focuskw).toBe('lighthouse');
      expect(seo.opengraphImage).toEqual({ databaseId: item.id, sourceUrl: item.source_url });
      expect(rest.seo_head_json.og_image[0].url).toBe(item.source_url);
      expect(seo.schema.pageType).toEqual(['WebPage']);
      expect(seo.schema.articleType).toEqual([]);
    });

    it('a venue and an organizer: seo_head_json of events/v1 field by field, and their public pages', async () => {
      const venue = (await t.request.post('/wp-json/events/v1/venues').set('Authorization', t.adminAuth)
        .send({ venue: 'Harbour Hall', address: '1 Quay Street', city: 'Porthaven', country: 'United Kingdom', status: 'publish' }).expect(201)).body;
      const organizer = (await t.request.post('/wp-json/events/v1/organizers').set('Authorization', t.adminAuth)
        .send({ organizer: 'Harbour Friends', email: 'friends@example.org', status: 'publish' }).expect(201)).body;
      await setPostMeta(t, venue.id as number, { _yoast_wpseo_title: '%%title%% on the quay %%sep%% %%sitename%%', _yoast_wpseo_metadesc: 'Concerts by the water.', '_yoast_wpseo_opengraph-image-id': String(imageId), _yoast_wpseo_focuskw: 'harbour hall' });
      await setPostMeta(t, organizer.id as number, { '_yoast_wpseo_meta-robots-noindex': '1', _yoast_wpseo_bctitle: 'Friends' });
      const data = await run<Json>(anonymous(), `query($v: ID!, $o: ID!) {
        venue(id: $v, idType: DATABASE_ID) { link seo { ${SEO_FIELDS} } }
        organizer(id: $o, idType: DATABASE_ID) { link seo { ${SEO_FIELDS} } } }`, { v: venue.id, o: organizer.id });

      const venueRest = await restHead(`/wp-json/events/v1/venues/${venue.id}`);
      expectSameHead(data.venue.seo, venueRest.seo_head_json, venueRest.seo_head);
      expect(data.venue.seo).toMatchObject({ title: 'Harbour Hall on the quay - Field Notes', metaDesc: 'Concerts by the water.', focuskw: 'harbour hall', opengraphImage: { databaseId: imageId } });
      expect(JSON.parse(data.venue.seo.schema.raw)['@graph'].map((p: Json) => p['@type'])).toContain('Place');

      const organizerRest = await restHead(`/wp-json/events/v1/organizers/${organizer.id}`);
      expectSameHead(data.organizer.seo, organizerRest.seo_head_json, organizerRest.seo_head);
      expect(data.organizer.seo).toMatchObject({ metaRobotsNoindex: 'noindex', canonical: '', opengraphImage: null });
      expect(data.organizer.seo.breadcrumbs.at(-1).text).toBe('Friends');

      for (const node of [data.venue, data.organizer]) {
        const page = await t.request.get((node.link as string).slice(SITE_URL.length)).expect(200);
        expect(page.text).toContain(node.seo.fullHead);
      }
    });

    it('a draft venue is nobody\'s business: null for visitors, its head for an editor', async () => {
      const draft = (await t.request.post('/wp-json/events/v1/venues').set('Authorization', t.adminAuth).send({ venue: 'Secret cellar', status: 'draft' }).expect(201)).body;
      const query = `query($id: ID!) { venue(id: $id, idType: DATABASE_ID) { seo { title } } }`;
      expect((await run<Json>(anonymous(), query, { id: draft.id })).venue).toBeNull();
      expect((await run<Json>(admin(), query, { id: draft.id })).venue.seo.title).toContain('Secret cellar');
    });
  });

  describe('lists: no N+1', () => {
    it('media items, venues and organizers with their seo: as many statements for 8 as for 2', async () => {
      for (let i = 0; i < 8; i += 1) {
        await upload(`listed-${i}`);
        await t.request.post('/wp-json/events/v1/venues').set('Authorization', t.adminAuth).send({ venue: `Listed venue ${i}`, city: 'Porthaven', status: 'publish' }).expect(201);
        await t.request.post('/wp-json/events/v1/organizers').set('Authorization', t.adminAuth).send({ organizer: `Listed organizer ${i}`, status: 'publish' }).expect(201);
      }
      const fields = 'seo { title metaDesc focuskw canonical opengraphImage { databaseId } breadcrumbs { text } fullHead readingTime schema { raw } }';
      const cases = [
        { query: `query($first: Int!) { mediaItems(first: $first) { nodes { ${fields} } } }`, list: (d: Json) => d.mediaItems.nodes },
        { query: `query($first: Int!) { venues(first: $first) { nodes { ${fields} } } }`, list: (d: Json) => d.venues.nodes },
        { query: `query($first: Int!) { organizers(first: $first) { nodes { ${fields} } } }`, list: (d: Json) => d.organizers.nodes },
      ];
      for (const c of cases) {
        const statements = async (first: number) => {
          await run<Json>(anonymous(), c.query, { first }); // warm-up: options, prepared statements
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

  describe('writes: TaxonomySeoInput', () => {
    const UPDATE_CATEGORY = `mutation($id: ID!, $name: String, $seo: TaxonomySeoInput) { updateCategory(input: { id: $id, name: $name, seo: $seo }) { category { name seo { title metaDesc canonical metaRobotsNoindex opengraphImage { databaseId } } } } }`;

    it('createCategory writes Yoast\'s term meta that REST reads back, and seo follows', async () => {
      const data = await run<Json>(admin(), `mutation($seo: TaxonomySeoInput) { createCategory(input: { name: "Tides", seo: $seo }) { category { databaseId seo { title metaDesc focuskw canonical metaRobotsNoindex breadcrumbs { text } opengraphTitle opengraphImage { databaseId } twitterDescription } } } }`, {
        seo: {
          title: 'All about %%term_title%% %%sep%% %%sitename%%', metaDesc: 'When the sea <b>comes</b> and goes.', focuskw: 'tides', canonical: 'https://example.org/tides',
          metaRobotsNoindex: 'index', breadcrumbsTitle: 'The tides', opengraphTitle: 'Tides for all', opengraphDescription: 'In and out.', opengraphImage: String(imageId),
          twitterTitle: 'Tides on X', twitterDescription: 'Twice a day.', twitterImage: String(imageId),
        },
      });
      const category = data.createCategory.category;
      expect(category.seo).toEqual({
        title: 'All about Tides - Field Notes', metaDesc: 'When the sea comes and goes.', focuskw: 'tides', canonical: 'https://example.org/tides', metaRobotsNoindex: 'index',
        breadcrumbs: [{ text: 'Home' }, { text: 'The tides' }], opengraphTitle: 'Tides for all', opengraphImage: { databaseId: imageId }, twitterDescription: 'Twice a day.',
      });
      expect(await editMeta(`${CATEGORIES}/${category.databaseId}`)).toEqual({
        wpseo_title: 'All about %%term_title%% %%sep%% %%sitename%%', wpseo_desc: 'When the sea comes and goes.', wpseo_focuskw: 'tides', wpseo_canonical: 'https://example.org/tides',
        wpseo_noindex: 'index', wpseo_bctitle: 'The tides', 'wpseo_opengraph-title': 'Tides for all', 'wpseo_opengraph-description': 'In and out.', 'wpseo_opengraph-image': '',
        'wpseo_opengraph-image-id': String(imageId), 'wpseo_twitter-title': 'Tides on X', 'wpseo_twitter-description': 'Twice a day.', 'wpseo_twitter-image': '', 'wpseo_twitter-image-id': String(imageId),
      });
      const rest = await restHead(`${CATEGORIES}/${category.databaseId}`);
      expect(rest.seo_head_json).toMatchObject({ title: 'All about Tides - Field Notes', description: 'When the sea comes and goes.', canonical: 'https://example.org/tides', og_title: 'Tides for all' });
    });

    it('updateCategory: "" and null delete, "default" drops the robots row, an image id replaces an image address', async () => {
      const created = (await t.request.post(CATEGORIES).set('Authorization', t.adminAuth)
        .send({ name: 'Currents', meta: { wpseo_desc: 'Moving water.', wpseo_canonical: 'https://example.org/currents', wpseo_noindex: 'noindex', 'wpseo_opengraph-image': 'https://cdn.example.org/current.png' } }).expect(201)).body;
      const data = await run<Json>(admin(), UPDATE_CATEGORY, { id: created.id, seo: { metaDesc: '', canonical: null, metaRobotsNoindex: 'default', opengraphImage: String(imageId) } });
      expect(data.updateCategory.category.seo).toEqual({ title: 'Currents Archives - Field Notes', metaDesc: '', canonical: `${SITE_URL}/category/currents/`, metaRobotsNoindex: 'index', opengraphImage: { databaseId: imageId } });
      expect(await termMeta(created.id as number)).toEqual({ 'wpseo_opengraph-image-id': String(imageId) });
    });

    it('refuses a bad value as a GraphQL error naming input.seo.<field>, and writes nothing at all', async () => {
      const created = (await t.request.post(CATEGORIES).set('Authorization', t.adminAuth).send({ name: 'Shoals', meta: { wpseo_desc: 'Shallow.' } }).expect(201)).body;
      const cases: Array<[Json, string, string]> = [
        [{ metaDesc: 'Changed', canonical: 'not a url' }, 'input.seo.canonical', 'input.seo.canonical is not a valid URL.'],
        [{ metaDesc: 'Changed', metaRobotsNoindex: 'maybe' }, 'input.seo.metaRobotsNoindex', 'input.seo.metaRobotsNoindex is not one of default, index and noindex.'],
        [{ title: 'x'.repeat(301) }, 'input.seo.title', 'input.seo.title must be at most 300 characters long.'],
        [{ twitterImage: '-4' }, 'input.seo.twitterImage', 'input.seo.twitterImage is not a valid attachment ID.'],
      ];
      for (const [seo, param, message] of cases) {
        const result = await execute(admin(), UPDATE_CATEGORY, { id: created.id, name: 'Renamed shoals', seo });
        expect(result.error?.graphQLErrors[0].extensions).toMatchObject({ code: 'rest_invalid_param', status: 400, data: { params: { [param]: message } } });
        expect(result.data?.updateCategory ?? null).toBeNull();
      }
      expect((await t.db.prisma.term.findUniqueOrThrow({ where: { id: created.id } })).name).toBe('Shoals');
      expect(await termMeta(created.id as number)).toEqual({ wpseo_desc: 'Shallow.' });

      const refused = await execute(admin(), `mutation { createCategory(input: { name: "Never made", seo: { canonical: "ftp://example.org" } }) { category { databaseId } } }`);
      expect(refused.error?.graphQLErrors[0].extensions?.code).toBe('rest_invalid_param');
      expect(await t.db.prisma.term.count({ where: { name: 'Never made' } })).toBe(0);
    });

    it('only who may edit the term writes its fields; tags have them too', async () => {
      const tag = await run<Json>(admin(), `mutation { createTag(input: { name: "Knots", seo: { title: "%%term_title%% to tie", metaRobotsNoindex: "noindex" } }) { tag { id databaseId seo { title metaRobotsNoindex } } } }`);
      expect(tag.createTag.tag.seo).toEqual({ title: 'Knots to tie', metaRobotsNoindex: 'noindex' });
      expect(await editMeta(`${TAGS}/${tag.createTag.tag.databaseId}`)).toMatchObject({ wpseo_title: '%%term_title%% to tie', wpseo_noindex: 'noindex' });

      const denied = await execute(server.client(author), `mutation($id: ID!) { updateTag(input: { id: $id, seo: { title: "Mine" } }) { tag { databaseId } } }`, { id: tag.createTag.tag.id });
      expect(denied.error?.graphQLErrors[0].extensions).toMatchObject({ code: 'rest_cannot_update', status: 403 });
      expect(await termMeta(tag.createTag.tag.databaseId as number)).toEqual({ wpseo_noindex: 'noindex', wpseo_title: '%%term_title%% to tie' });
    });

    it('event categories take them too; their archive head follows', async () => {
      const created = await run<Json>(admin(), `mutation { createEventsCategory(input: { name: "Regattas", seo: { title: "%%term_title%% afloat %%sep%% %%sitename%%", metaDesc: "Races on the water." } }) { eventsCategory { id databaseId link seo { title metaDesc fullHead } } } }`);
      const category = created.createEventsCategory.eventsCategory;
      expect(category.seo).toMatchObject({ title: 'Regattas afloat - Field Notes', metaDesc: 'Races on the water.' });
      expect(await termMeta(category.databaseId as number)).toEqual({ wpseo_desc: 'Races on the water.', wpseo_title: '%%term_title%% afloat %%sep%% %%sitename%%' });
      const updated = await run<Json>(admin(), `mutation($id: ID!) { updateEventsCategory(input: { id: $id, seo: { metaDesc: null, focuskw: "regatta" } }) { eventsCategory { seo { metaDesc focuskw fullHead } } } }`, { id: category.id });
      expect(updated.updateEventsCategory.eventsCategory.seo).toMatchObject({ metaDesc: '', focuskw: 'regatta' });
      const page = await t.request.get((category.link as string).slice(SITE_URL.length)).expect(200);
      expect(page.text).toContain(updated.updateEventsCategory.eventsCategory.seo.fullHead);
      const bad = await execute(admin(), `mutation($id: ID!) { updateEventsCategory(input: { id: $id, name: "Renamed", seo: { canonical: "nowhere" } }) { eventsCategory { databaseId } } }`, { id: category.id });
      expect(bad.error?.graphQLErrors[0].extensions).toMatchObject({ code: 'rest_invalid_param', data: { params: { 'input.seo.canonical': 'input.seo.canonical is not a valid URL.' } } });
      expect((await t.db.prisma.term.findUniqueOrThrow({ where: { id: category.databaseId } })).name).toBe('Regattas');
    });
  });

  describe('writes: UserSeoInput', () => {
    const UPDATE_USER = `mutation($id: ID!, $description: String, $seo: UserSeoInput) { updateUser(input: { id: $id, description: $description, seo: $seo }) { user { seo { title metaDesc metaRobotsNoindex } } } }`;

    it('a user writes their own fields; seo and REST meta read them back', async () => {
      const data = await run<Json>(server.client(author), UPDATE_USER, { id: String(authorId), seo: { title: 'Writing by %%name%%', metaDesc: 'Notes from the potting shed.', metaRobotsNoindex: true } });
      expect(data.updateUser.user.seo).toEqual({ title: 'Writing by penny', metaDesc: 'Notes from the potting shed.', metaRobotsNoindex: 'noindex' });
      expect(await editMeta(`${USERS}/${authorId}`)).toEqual({ wpseo_title: 'Writing by %%name%%', wpseo_metadesc: 'Notes from the potting shed.', wpseo_noindex_author: 'on' });

      await run<Json>(server.client(author), UPDATE_USER, { id: String(authorId), seo: { metaRobotsNoindex: false, metaDesc: null } });
      expect(await editMeta(`${USERS}/${authorId}`)).toEqual({ wpseo_title: 'Writing by %%name%%', wpseo_metadesc: '', wpseo_noindex_author: '' });
      const read = await run<Json>(anonymous(), `query($id: ID!) { user(id: $id, idType: DATABASE_ID) { seo { title metaDesc metaRobotsNoindex fullHead } } }`, { id: authorId });
      const rest = await restHead(`${USERS}/${authorId}`);
      expect(read.user.seo).toEqual({ title: 'Writing by penny', metaDesc: rest.seo_head_json.description ?? '', metaRobotsNoindex: 'index', fullHead: rest.seo_head });
    });

    it('createUser takes them', async () => {
      const data = await run<Json>(admin(), `mutation { createUser(input: { username: "skipper", email: "skipper@example.org", password: "a long enough secret 42", seo: { title: "The skipper's log", metaRobotsNoindex: true } }) { user { databaseId } } }`);
      expect(await editMeta(`${USERS}/${data.createUser.user.databaseId}`)).toEqual({ wpseo_title: "The skipper's log", wpseo_metadesc: '', wpseo_noindex_author: 'on' });
    });

    it('a bad value or a user one may not edit is refused, and nothing is written', async () => {
      const bad = await execute(server.client(author), UPDATE_USER, { id: String(authorId), description: 'Changed bio', seo: { title: 'Other', metaDesc: 'y'.repeat(1001) } });
      expect(bad.error?.graphQLErrors[0].extensions).toMatchObject({ code: 'rest_invalid_param', status: 400, data: { params: { 'input.seo.metaDesc': 'input.seo.metaDesc must be at most 1000 characters long.' } } });
      const mine = (await t.request.get(`${USERS}/${authorId}?context=edit`).set('Authorization', t.adminAuth).expect(200)).body;
      expect(mine.description).toBe('');
      expect(mine.meta.wpseo_title).toBe('Writing by %%name%%');

      const denied = await execute(server.client(author), UPDATE_USER, { id: '1', seo: { title: 'Hacked' } });
      expect(denied.error?.graphQLErrors[0].extensions).toMatchObject({ code: 'rest_cannot_edit', status: 403 });
      expect((await editMeta(`${USERS}/1`)).wpseo_title).toBe('');

      const created = await execute(admin(), `mutation { createUser(input: { username: "deckhand", email: "deckhand@example.org", password: "a long enough secret 42", seo: { title: "${'z'.repeat(301)}" } }) { user { databaseId } } }`);
      expect(created.error?.graphQLErrors[0].extensions?.code).toBe('rest_invalid_param');
      expect(await t.db.prisma.user.count({ where: { login: 'deckhand' } })).toBe(0);
    });
  });
});

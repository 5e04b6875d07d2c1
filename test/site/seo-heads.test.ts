/**
 * The public site's <head> on the pages that got their search-optimisation head last: an
 * attachment's page, a venue's and an organizer's page (the same string as their REST records'
 * `seo_head`), and the "page not found" page (Yoast's 404 title template, never indexed).
 */
import sharp from 'sharp';
import { writeSeoOption } from '../../src/domain/seo/options';
import { SITE_URL, startTestApp, type TestApp } from '../support/app';

const pathOf = (link: string) => link.slice(SITE_URL.length);
const headOf = (html: string) => html.slice(0, html.indexOf('</head>'));
const titlesOf = (html: string) => [...headOf(html).matchAll(/<title>([^<]*)<\/title>/g)].map((m) => m[1]);
const robotsOf = (html: string) => /<meta name="robots" content="([^"]*)"/.exec(headOf(html))?.[1];

describe('seo heads on the public site', () => {
  let t: TestApp;
  let siteName: string;

  beforeAll(async () => {
    t = await startTestApp();
    siteName = (await t.request.get('/wp-json/').expect(200)).body.name as string;
  });
  afterAll(() => t.close());

  test('an attachment page carries the attachment head of its media record', async () => {
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 10, g: 120, b: 10 } } }).png().toBuffer();
    const created = await t.request.post('/wp-json/core/v2/media').set('Authorization', t.adminAuth).set('Content-Type', 'image/png').set('Content-Disposition', 'attachment; filename="leaf.png"').send(png).expect(201);
    await t.request.post(`/wp-json/core/v2/media/${created.body.id}`).set('Authorization', t.adminAuth).send({ title: 'Green leaf', caption: 'A leaf in spring' }).expect(200);
    const record = (await t.request.get(`/wp-json/core/v2/media/${created.body.id}`).expect(200)).body;
    const page = await t.request.get(`/?attachment_id=${created.body.id}`).expect(200);
    expect(titlesOf(page.text)).toEqual([`Green leaf - ${siteName}`]);
    expect(page.text).toContain(record.seo_head);
    expect(page.text).toContain(`<meta property="og:image" content="${record.source_url}"`);
  });

  test('venue and organizer pages carry the same head as their events/v1 records, with a Place or organizer piece', async () => {
    const venue = (await t.request.post('/wp-json/events/v1/venues').set('Authorization', t.adminAuth).send({ venue: 'Riverside Hall', address: '2 Quay Street', city: 'Marlow', country: 'United Kingdom', status: 'publish' }).expect(201)).body;
    const organizer = (await t.request.post('/wp-json/events/v1/organizers').set('Authorization', t.adminAuth).send({ organizer: 'Friends of the River', email: 'friends@example.org', status: 'publish' }).expect(201)).body;
    expect(venue.seo_head_json.title).toBe(`Riverside Hall - ${siteName}`);
    for (const [record, type, name] of [[venue, 'Place', 'Riverside Hall'], [organizer, 'Person', 'Friends of the River']] as const) {
      const read = (await t.request.get(`/wp-json/events/v1/${type === 'Place' ? 'venues' : 'organizers'}/${record.id}`).expect(200)).body;
      const piece = read.seo_head_json.schema['@graph'].find((p: { '@type': string }) => p['@type'] === type);
      expect(piece).toMatchObject({ name, mainEntityOfPage: { '@id': read.url } });
      const page = await t.request.get(pathOf(read.url as string)).expect(200);
      expect(titlesOf(page.text)).toEqual([`${name} - ${siteName}`]);
      expect(page.text).toContain(read.seo_head);
    }
    const place = venue.seo_head_json.schema['@graph'].find((p: { '@type': string }) => p['@type'] === 'Place');
    expect(place.address).toMatchObject({ streetAddress: '2 Quay Street', addressLocality: 'Marlow', addressCountry: 'United Kingdom' });
    // `_fields` decides on these records too.
    expect((await t.request.get(`/wp-json/events/v1/venues/${venue.id}?_fields=id`).expect(200)).body).toEqual({ id: venue.id });
  });

  test('the page-not-found page: the 404 title template, noindex, no canonical', async () => {
    const page = await t.request.get('/no-such-page/').expect(404);
    expect(titlesOf(page.text)).toEqual([`Page not found - ${siteName}`]);
    expect(robotsOf(page.text)).toBe('noindex, follow');
    expect(headOf(page.text)).not.toContain('rel="canonical"');
    await t.db.prisma.$transaction((tx) => writeSeoOption(tx, 'wpseo_titles', { 'title-404-wpseo': 'Nothing here %%sep%% %%sitename%%', separator: 'sc-pipe' }));
    expect(titlesOf((await t.request.get('/still-nothing/').expect(404)).text)).toEqual([`Nothing here | ${siteName}`]);
  });
});

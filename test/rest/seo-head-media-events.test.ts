/**
 * The head fields on more records: events/v1 events carry `seo_head_json` and `seo_head` (ours,
 * additive; `_fields` decides, on single records and inside the list's `events`), and core/v2
 * media carry an attachment's head (title template, description from the caption or the alt
 * text, og:image the file, canonical the file or the attachment page per `disable-attachment`).
 */
import sharp from 'sharp';
import { LoaderCache } from '../../src/domain/loaders';
import { seoHeadOf } from '../../src/domain/seo/head';
import { writeSeoOption } from '../../src/domain/seo/options';
import { anonymous } from '../../src/domain/viewer';
import { startTestApp, type TestApp } from '../support/app';
import { setPostMeta } from '../support/seo';

const EVENTS = '/wp-json/events/v1/events';
const MEDIA = '/wp-json/core/v2/media';

interface Head {
  title: string;
  description?: string;
  canonical?: string;
  robots: Record<string, string>;
  og_url: string;
  og_image?: Array<{ url: string; width?: number; height?: number; type?: string }>;
  schema: { '@graph': Array<Record<string, unknown>> };
}

describe('seo heads of events and media', () => {
  let t: TestApp;
  let siteName: string;

  beforeAll(async () => {
    t = await startTestApp();
    siteName = (await t.request.get('/wp-json/').expect(200)).body.name as string;
  });
  afterAll(() => t.close());

  describe('events/v1', () => {
    let id: number;
    beforeAll(async () => {
      const res = await t.request
        .post(EVENTS)
        .set('Authorization', t.adminAuth)
        .send({ title: 'Harvest fair', description: '<p>Apples and pears from the valley.</p>', start_date: '2030-09-01 10:00:00', end_date: '2030-09-01 16:00:00', status: 'publish' })
        .expect(201);
      id = res.body.id as number;
      expect(res.body.seo_head_json.title).toBe(`Harvest fair - ${siteName}`);
    });

    test('a single event carries both head fields, the same head as its public page', async () => {
      const res = await t.request.get(`${EVENTS}/${id}`).expect(200);
      const head = res.body.seo_head_json as Head;
      expect(head.title).toBe(`Harvest fair - ${siteName}`);
      expect(head.canonical).toBe(res.body.url);
      expect(head.schema['@graph'].map((p) => p['@type'])).toContain('Event');
      expect(res.body.seo_head).toContain(`<title>Harvest fair - ${siteName}</title>`);
      const page = await t.request.get(new URL(res.body.url as string).pathname).expect(200);
      expect(page.text).toContain(res.body.seo_head as string);
    });

    test('_fields decides: none asked, none computed; one asked, that one', async () => {
      expect(Object.keys((await t.request.get(`${EVENTS}/${id}?_fields=id,title`).expect(200)).body)).toEqual(['id', 'title']);
      const json = (await t.request.get(`${EVENTS}/${id}?_fields=seo_head_json.title`).expect(200)).body;
      expect(json).toEqual({ seo_head_json: { title: `Harvest fair - ${siteName}` } });
      const list = (await t.request.get(`${EVENTS}?start_date=2030-01-01&end_date=2030-12-31&_fields=events`).expect(200)).body;
      expect(list.events[0].seo_head).toContain('<title>Harvest fair');
      const plain = (await t.request.get(`${EVENTS}?start_date=2030-01-01&end_date=2030-12-31`).expect(200)).body;
      expect(plain.events[0].seo_head_json.title).toBe(`Harvest fair - ${siteName}`);
    });
  });

  describe('core/v2 media', () => {
    let item: Record<string, unknown>;
    beforeAll(async () => {
      const png = await sharp({ create: { width: 320, height: 200, channels: 3, background: { r: 200, g: 30, b: 30 } } }).png().toBuffer();
      const res = await t.request.post(MEDIA).set('Authorization', t.adminAuth).set('Content-Type', 'image/png').set('Content-Disposition', 'attachment; filename="red-barn.png"').send(png).expect(201);
      item = (await t.request.post(`${MEDIA}/${res.body.id}`).set('Authorization', t.adminAuth).send({ title: 'Red barn', alt_text: 'A red barn in a field' }).expect(200)).body;
    });

    test('an attachment head: templated title, the alt text as description, the file as og:image and canonical', async () => {
      const head = (await t.request.get(`${MEDIA}/${item.id}`).expect(200)).body.seo_head_json as Head;
      expect(head.title).toBe(`Red barn - ${siteName}`);
      expect(head.description).toBe('A red barn in a field');
      expect(head.og_image).toEqual([{ width: 320, height: 200, url: item.source_url, type: 'image/png' }]);
      // Attachment pages redirect to their files by default: the file is the canonical.
      expect(head.canonical).toBe(item.source_url);
      expect(head.og_url).toBe(item.source_url);
      expect(head.robots.index).toBe('index');
      const types = head.schema['@graph'].map((p) => p['@type']);
      expect(types).toEqual(expect.arrayContaining(['WebPage', 'ImageObject', 'WebSite']));
    });

    test('the one entry point to heads (seoHeadOf, which GraphQL asks) gives a media item the same head', async () => {
      const ctx = { db: t.db, config: t.config, viewer: anonymous, loaders: new LoaderCache(t.db) };
      const rest = (await t.request.get(`${MEDIA}/${item.id}?_fields=seo_head_json`).expect(200)).body.seo_head_json;
      expect(await seoHeadOf(ctx, { kind: 'post', id: item.id as number })).toEqual(rest);
    });

    test('the caption goes before the alt text; attachment pages kept: the page is the canonical', async () => {
      await t.request.post(`${MEDIA}/${item.id}`).set('Authorization', t.adminAuth).send({ caption: 'The barn at dawn' }).expect(200);
      await t.db.prisma.$transaction((tx) => writeSeoOption(tx, 'wpseo_titles', { 'disable-attachment': false }));
      const res = await t.request.get(`${MEDIA}/${item.id}?_fields=link,seo_head_json`).expect(200);
      expect(res.body.seo_head_json.description).toBe('The barn at dawn');
      expect(res.body.seo_head_json.canonical).toBe(res.body.link);
      await t.db.prisma.$transaction((tx) => writeSeoOption(tx, 'wpseo_titles', { 'disable-attachment': true }));
    });

    test('an item SEO title and noindex are honoured', async () => {
      // As the plugin stores them (media's `meta` does not take SEO fields here), then saved so cached answers go.
      await setPostMeta(t, item.id as number, { _yoast_wpseo_title: 'Barn photo %%sep%% %%sitename%%', '_yoast_wpseo_meta-robots-noindex': '1' });
      await t.request.post(`${MEDIA}/${item.id}`).set('Authorization', t.adminAuth).send({}).expect(200);
      const head = (await t.request.get(`${MEDIA}/${item.id}?_fields=seo_head_json`).expect(200)).body.seo_head_json as Head;
      expect(head.title).toBe(`Barn photo - ${siteName}`);
      expect(head.robots.index).toBe('noindex');
      expect(head.canonical).toBeUndefined();
    });
  });
});

/**
 * Heads are kept by the name of everything they are made of (src/domain/seo/head-memo.ts), so an
 * uncached list read again splices the same texts. This suite reads a head, changes one fact that
 * lives outside the item's own row (a post's author, a term, the site, the featured image, the
 * parent page, the content's words, who the site represents; a term's or an author's archive
 * facts; an event's venue, organizer and price, a venue's address), and reads it again in the same
 * process: every change shows at once, as it did when every read made the head anew.
 */
import sharp from 'sharp';
import { writeSeoOption } from '../../src/domain/seo/options';
import { startTestApp, type TestApp } from '../support/app';

interface Head {
  title: string;
  og_site_name: string;
  og_image?: Array<{ url: string; width?: number }>;
  twitter_misc?: Record<string, string>;
  schema: { '@graph': Array<Record<string, unknown>> };
}

let t: TestApp;

const piece = (head: Head, type: string) => head.schema['@graph'].find((p) => p['@type'] === type) as Record<string, unknown> | undefined;

/** A post's head as the list shows it (both fields), checked to agree with each other. */
async function listedHead(id: number, type = 'posts'): Promise<Head> {
  const res = await t.request.get(`/wp-json/core/v2/${type}?include=${id}&_fields=id,seo_head,seo_head_json`).expect(200);
  const [item] = res.body as Array<{ id: number; seo_head: string; seo_head_json: Head }>;
  expect(item.id).toBe(id);
  expect(item.seo_head).toContain(`<title>${item.seo_head_json.title.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#039;')}</title>`);
  return item.seo_head_json;
}

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('seo: kept heads follow every fact they are made of', () => {
  let postId: number;
  let authorId: number;
  let categoryId: number;

  beforeAll(async () => {
    const author = await t.request.post('/wp-json/core/v2/users').set('Authorization', t.adminAuth).send({ username: 'memo-writer', email: 'memo@example.com', password: 'secret-1', roles: ['author'], name: 'First Name' }).expect(201);
    authorId = author.body.id as number;
    const category = await t.request.post('/wp-json/core/v2/categories').set('Authorization', t.adminAuth).send({ name: 'Gardening' }).expect(201);
    categoryId = category.body.id as number;
    const post = await t.request.post('/wp-json/core/v2/posts').set('Authorization', t.adminAuth).send({ title: 'Kept heads', content: '<p>one two three</p>', status: 'publish', author: authorId, categories: [categoryId] }).expect(201);
    postId = post.body.id as number;
  });

  it('gives the same head to the same facts, read after read', async () => {
    const first = await listedHead(postId);
    const second = await listedHead(postId);
    expect(second).toEqual(first);
    expect(piece(first, 'Person')?.name).toBe('First Name');
    expect((piece(first, 'Article')?.articleSection as string[]) ?? []).toEqual(['Gardening']);
  });

  it("follows the author's name", async () => {
    await listedHead(postId);
    await t.request.post(`/wp-json/core/v2/users/${authorId}`).set('Authorization', t.adminAuth).send({ name: 'Second Name' }).expect(200);
    const head = await listedHead(postId);
    expect(piece(head, 'Person')?.name).toBe('Second Name');
    expect(head.twitter_misc?.['Written by']).toBe('Second Name');
  });

  it("follows a term's new name", async () => {
    await t.request.post(`/wp-json/core/v2/categories/${categoryId}`).set('Authorization', t.adminAuth).send({ name: 'Vegetables' }).expect(200);
    expect(piece(await listedHead(postId), 'Article')?.articleSection).toEqual(['Vegetables']);
  });

  it("follows the site's title", async () => {
    await t.request.post('/wp-json/core/v2/settings').set('Authorization', t.adminAuth).send({ title: 'Renamed Site' }).expect(200);
    const head = await listedHead(postId);
    expect(head.og_site_name).toBe('Renamed Site');
    expect(head.title).toContain('Renamed Site');
  });

  it('follows the content (reading time) and who the site represents', async () => {
    const words = Array.from({ length: 600 }, (_, i) => `word${i}`).join(' ');
    await t.request.post(`/wp-json/core/v2/posts/${postId}`).set('Authorization', t.adminAuth).send({ content: `<p>${words}</p>` }).expect(200);
    expect((await listedHead(postId)).twitter_misc?.['Est. reading time']).toBe('3 minutes');
    await t.db.prisma.$transaction((tx) => writeSeoOption(tx, 'wpseo_titles', { company_or_person: 'company', company_name: 'Acme Gardens' }));
    expect(piece(await listedHead(postId), 'Organization')?.name).toBe('Acme Gardens');
  });

  it('follows the featured image and the image itself', async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 10, g: 120, b: 60 } } }).png().toBuffer();
    const media = await t.request.post('/wp-json/core/v2/media').set('Authorization', t.adminAuth).attach('file', png, { filename: 'leaf.png', contentType: 'image/png' }).expect(201);
    await t.request.post(`/wp-json/core/v2/posts/${postId}`).set('Authorization', t.adminAuth).send({ featured_media: media.body.id }).expect(200);
    const withImage = await listedHead(postId);
    expect(withImage.og_image?.[0]).toMatchObject({ url: media.body.source_url, width: 40 });
    await t.request.delete(`/wp-json/core/v2/media/${media.body.id}?force=true`).set('Authorization', t.adminAuth).expect(200);
    expect((await listedHead(postId)).og_image ?? []).toEqual([]);
  });

  it("follows a parent page's title in a page's trail", async () => {
    const parent = await t.request.post('/wp-json/core/v2/pages').set('Authorization', t.adminAuth).send({ title: 'Parent One', status: 'publish' }).expect(201);
    const child = await t.request.post('/wp-json/core/v2/pages').set('Authorization', t.adminAuth).send({ title: 'Child', status: 'publish', parent: parent.body.id }).expect(201);
    const trail = async () => ((piece(await listedHead(child.body.id as number, 'pages'), 'BreadcrumbList')?.itemListElement as Array<{ name: string }>) ?? []).map((crumb) => crumb.name);
    expect(await trail()).toEqual(['Home', 'Parent One', 'Child']);
    await t.request.post(`/wp-json/core/v2/pages/${parent.body.id}`).set('Authorization', t.adminAuth).send({ title: 'Parent Two' }).expect(200);
    expect(await trail()).toEqual(['Home', 'Parent Two', 'Child']);
  });
});

/** A term's or a user's head as its list shows it to the admin (`core/v2/<base>?include=`: authors without published posts too). */
async function listedArchiveHead(base: string, id: number): Promise<Head> {
  const res = await t.request.get(`/wp-json/core/v2/${base}?include=${id}&_fields=id,seo_head,seo_head_json`).set('Authorization', t.adminAuth).expect(200);
  const [item] = res.body as Array<{ id: number; seo_head: string; seo_head_json: Head }>;
  expect(item.id).toBe(id);
  expect(item.seo_head).toContain('<meta property="og:title"');
  return item.seo_head_json;
}

describe('seo: kept archive heads (terms, authors) follow their facts', () => {
  it("a term's name, its own SEO title and the site's default image", async () => {
    const id = (await t.request.post('/wp-json/core/v2/tags').set('Authorization', t.adminAuth).send({ name: 'Tulips' }).expect(201)).body.id as number;
    const first = await listedArchiveHead('tags', id);
    expect(first.title).toContain('Tulips');
    expect(await listedArchiveHead('tags', id)).toEqual(first);
    await t.request.post(`/wp-json/core/v2/tags/${id}`).set('Authorization', t.adminAuth).send({ name: 'Daffodils' }).expect(200);
    expect((await listedArchiveHead('tags', id)).title).toContain('Daffodils');
    await t.request.post(`/wp-json/core/v2/tags/${id}`).set('Authorization', t.adminAuth).send({ meta: { wpseo_title: 'Spring bulbs' } }).expect(200);
    expect((await listedArchiveHead('tags', id)).title).toBe('Spring bulbs');
    const png = await sharp({ create: { width: 20, height: 10, channels: 3, background: { r: 200, g: 20, b: 20 } } }).png().toBuffer();
    const media = await t.request.post('/wp-json/core/v2/media').set('Authorization', t.adminAuth).attach('file', png, { filename: 'default.png', contentType: 'image/png' }).expect(201);
    await t.db.prisma.$transaction((tx) => writeSeoOption(tx, 'wpseo_social', { og_default_image_id: media.body.id, og_default_image: media.body.source_url }));
    expect((await listedArchiveHead('tags', id)).og_image?.[0]).toMatchObject({ url: media.body.source_url, width: 20 });
    await t.db.prisma.$transaction((tx) => writeSeoOption(tx, 'wpseo_social', { og_default_image_id: 0, og_default_image: '' }));
    expect((await listedArchiveHead('tags', id)).og_image ?? []).toEqual([]);
  });

  it("an author's name, and whether they have published anything (noindex-author-noposts)", async () => {
    const user = await t.request.post('/wp-json/core/v2/users').set('Authorization', t.adminAuth).send({ username: 'archive-writer', email: 'archive@example.com', password: 'secret-1', roles: ['author'], name: 'Ada Archive' }).expect(201);
    const id = user.body.id as number;
    const robots = (head: Head) => (head as unknown as { robots: { index: string } }).robots.index;
    const before = await listedArchiveHead('users', id);
    expect(piece(before, 'Person')?.name).toBe('Ada Archive');
    expect(robots(before)).toBe('noindex');
    await t.request.post('/wp-json/core/v2/posts').set('Authorization', t.adminAuth).send({ title: 'First words', status: 'publish', author: id }).expect(201);
    expect(robots(await listedArchiveHead('users', id))).toBe('index');
    await t.request.post(`/wp-json/core/v2/users/${id}`).set('Authorization', t.adminAuth).send({ name: 'Ada Renamed' }).expect(200);
    const after = await listedArchiveHead('users', id);
    expect(piece(after, 'Person')?.name).toBe('Ada Renamed');
    expect(after.title).toContain('Ada Renamed');
  });
});

describe('seo: kept event, venue and organizer heads follow their facts', () => {
  const EVENTS = '/wp-json/events/v1/events';
  let eventId: number;
  let venueId: number;
  let organizerId: number;
  const eventHead = async (): Promise<Head> => {
    const res = await t.request.get(`${EVENTS}?start_date=2031-05-01&end_date=2031-05-31&_fields=events`).expect(200);
    const event = (res.body.events as Array<{ id: number; seo_head: string; seo_head_json: Head }>).find((e) => e.id === eventId);
    expect(event?.seo_head).toContain('"@type":"Event"');
    return event!.seo_head_json;
  };
  const venueHead = async (): Promise<Head> => (await t.request.get(`/wp-json/events/v1/venues/${venueId}`).expect(200)).body.seo_head_json as Head;

  beforeAll(async () => {
    venueId = (await t.request.post('/wp-json/events/v1/venues').set('Authorization', t.adminAuth).send({ venue: 'Old Barn', city: 'Leeds', status: 'publish' }).expect(201)).body.id as number;
    organizerId = (await t.request.post('/wp-json/events/v1/organizers').set('Authorization', t.adminAuth).send({ organizer: 'Ann Organiser', status: 'publish' }).expect(201)).body.id as number;
    const event = await t.request
      .post(EVENTS)
      .set('Authorization', t.adminAuth)
      .send({ title: 'Seed swap', start_date: '2031-05-10 10:00:00', end_date: '2031-05-10 12:00:00', status: 'publish', venue: { id: venueId }, organizer: [{ id: organizerId }], cost: '5' })
      .expect(201);
    eventId = event.body.id as number;
  });

  it('gives the same head to the same facts, then follows the venue, the organizer and the price', async () => {
    const first = await eventHead();
    expect(await eventHead()).toEqual(first);
    const event = () => eventHead().then((head) => piece(head, 'Event') as { location: { name: string; address: { addressLocality: string } }; organizer: Array<{ name: string }>; offers: { price: string } });
    expect((await event()).location.name).toBe('Old Barn');
    await t.request.post(`/wp-json/events/v1/venues/${venueId}`).set('Authorization', t.adminAuth).send({ venue: 'New Barn', city: 'York' }).expect(200);
    expect((await event()).location).toMatchObject({ name: 'New Barn', address: { addressLocality: 'York' } });
    await t.request.post(`/wp-json/events/v1/organizers/${organizerId}`).set('Authorization', t.adminAuth).send({ organizer: 'Bea Organiser' }).expect(200);
    expect((await event()).organizer.map((o) => o.name)).toEqual(['Bea Organiser']);
    await t.request.post(`${EVENTS}/${eventId}`).set('Authorization', t.adminAuth).send({ cost: '7' }).expect(200);
    expect((await event()).offers.price).toBe('7');
  });

  it("a venue's own head follows its address", async () => {
    const place = async () => piece(await venueHead(), 'Place') as { address: { addressLocality?: string } };
    const before = (await place()).address.addressLocality;
    expect(before).not.toBe('Hull');
    await t.request.post(`/wp-json/events/v1/venues/${venueId}`).set('Authorization', t.adminAuth).send({ city: 'Hull' }).expect(200);
    expect((await place()).address.addressLocality).toBe('Hull');
  });
});

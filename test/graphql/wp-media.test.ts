/**
 * Media items in WPGraphQL's shape, from an independent client over HTTP. The attachment rows and
 * their meta are written straight into the database, as WordPress's uploads would leave them
 * (`_wp_attached_file`, `_wp_attachment_metadata`, `_wp_attachment_image_alt`), until the media
 * routes write them.
 */
import { startTestApp, type TestApp } from '../support/app';
import { listen, run, type GraphQLTestServer } from './client';

const gid = (kind: string, id: number) => Buffer.from(`${kind}:${id}`).toString('base64');

const METADATA = {
  width: 2048,
  height: 1365,
  file: '2024/05/sunset.jpg',
  filesize: 512000,
  sizes: {
    thumbnail: { file: 'sunset-150x150.jpg', width: 150, height: 150, 'mime-type': 'image/jpeg', filesize: 4000 },
    medium: { file: 'sunset-300x200.jpg', width: 300, height: 200, 'mime-type': 'image/jpeg', filesize: 12000 },
    large: { file: 'sunset-1024x683.jpg', width: 1024, height: 683, 'mime-type': 'image/jpeg', filesize: 90000 },
    '1536x1536': { file: 'sunset-1536x1024.jpg', width: 1536, height: 1024, 'mime-type': 'image/jpeg', filesize: 200000 },
  },
  image_meta: { aperture: '2.8', credit: 'Ann', camera: 'X100', caption: '', created_timestamp: '1714000000', copyright: '', focal_length: '23', iso: '200', shutter_speed: '0.004', title: '', orientation: '1', keywords: ['sky'] },
};

describe('WPGraphQL media items', () => {
  let t: TestApp;
  let server: GraphQLTestServer;
  let imageId: number;
  let hiddenId: number;
  let pdfId: number;
  let postId: number;

  async function attachment(data: { slug: string; title: string; parentId: number; mimeType: string; file: string; excerpt?: string; content?: string }, meta: Record<string, string>) {
    const date = new Date('2024-05-01T10:00:00Z');
    const row = await t.db.prisma.content.create({
      data: {
        type: 'attachment', status: 'inherit', authorId: 1, slug: data.slug, title: data.title, parentId: data.parentId, mimeType: data.mimeType,
        excerpt: data.excerpt ?? '', content: data.content ?? '', date, modified: date, guid: `${t.config.siteUrl}/wp-content/uploads/${data.file}`, commentStatus: 'closed', pingStatus: 'closed',
      },
    });
    await t.db.prisma.contentMeta.createMany({ data: Object.entries({ _wp_attached_file: data.file, ...meta }).map(([key, value]) => ({ contentId: row.id, key, value })) });
    return row.id;
  }

  beforeAll(async () => {
    t = await startTestApp({}, { seed: true });
    server = await listen(t);
    postId = (await t.request.get('/wp-json/core/v2/posts?per_page=1')).body[0].id;
    const draft = await t.request.post('/wp-json/core/v2/posts').set('Authorization', t.adminAuth).send({ title: 'Unpublished', status: 'draft' }).expect(201);
    imageId = await attachment(
      { slug: 'sunset', title: 'Sunset', parentId: postId, mimeType: 'image/jpeg', file: '2024/05/sunset.jpg', excerpt: 'Evening sky', content: 'Taken from the pier.' },
      { _wp_attachment_metadata: JSON.stringify(METADATA), _wp_attachment_image_alt: 'The sun going down', _edit_last: '1' },
    );
    hiddenId = await attachment({ slug: 'secret-plan', title: 'Secret plan', parentId: draft.body.id, mimeType: 'image/png', file: '2024/05/plan.png' }, {});
    pdfId = await attachment({ slug: 'menu-card', title: 'Menu card', parentId: 0, mimeType: 'application/pdf', file: '2024/05/menu-card.pdf' }, {});
  });
  afterAll(() => t.close());

  const base = () => `${t.config.siteUrl}/wp-content/uploads/2024/05`;

  it('serves an image with its sizes, srcset and metadata to anonymous readers', async () => {
    const data = await run<{ mediaItem: Record<string, unknown> }>(
      server.client(),
      `query($id: ID!) { mediaItem(id: $id, idType: DATABASE_ID) {
        __typename id databaseId mediaItemId slug status title caption description altText mediaType mimeType
        sourceUrl thumb: sourceUrl(size: THUMBNAIL) missing: sourceUrl(size: _2048X2048) mediaItemUrl uri link
        file fileLarge: file(size: LARGE) filePath fileSize fileSizeMedium: fileSize(size: MEDIUM)
        srcSet sizes sizesLarge: sizes(size: LARGE) parentDatabaseId parentId isRestricted hasPassword contentTypeName
        lastEditedBy { node { databaseId } }
        mediaDetails { width height file filePath
          sizes(exclude: [THUMBNAIL]) { name file width height mimeType sourceUrl fileSize filePath }
          only: sizes(include: [THUMBNAIL]) { name }
          meta { aperture camera credit createdTimestamp focalLength iso shutterSpeed orientation keywords title caption copyright } }
      } }`,
      { id: String(imageId) },
    );
    const m = data.mediaItem;
    expect(m).toMatchObject({
      __typename: 'MediaItem', id: gid('post', imageId), databaseId: imageId, mediaItemId: imageId, slug: 'sunset', status: 'inherit', title: 'Sunset',
      altText: 'The sun going down', mediaType: 'image', mimeType: 'image/jpeg',
      sourceUrl: `${base()}/sunset.jpg`, thumb: `${base()}/sunset-150x150.jpg`, missing: `${base()}/sunset.jpg`, mediaItemUrl: `${base()}/sunset.jpg`,
      uri: '/wp-content/uploads/2024/05/sunset.jpg', link: `${base()}/sunset.jpg`,
      file: 'sunset.jpg', fileLarge: 'sunset-1024x683.jpg', filePath: '/wp-content/uploads/2024/05/sunset.jpg', fileSize: 512000, fileSizeMedium: 12000,
      srcSet: `${base()}/sunset-300x200.jpg 300w, ${base()}/sunset-1024x683.jpg 1024w, ${base()}/sunset-1536x1024.jpg 1536w, ${base()}/sunset.jpg 2048w`,
      sizes: '(max-width: 300px) 100vw, 300px', sizesLarge: '(max-width: 1024px) 100vw, 1024px',
      parentDatabaseId: postId, parentId: gid('post', postId), isRestricted: false, hasPassword: false, contentTypeName: 'attachment',
    });
    expect(m.caption).toContain('Evening sky');
    expect(m.description).toContain('Taken from the pier.');
    const details = m.mediaDetails as Record<string, unknown>;
    expect(details).toMatchObject({ width: 2048, height: 1365, file: '2024/05/sunset.jpg', filePath: '/wp-content/uploads/2024/05/sunset.jpg', only: [{ name: 'thumbnail' }] });
    expect(details.sizes).toEqual([
      { name: 'medium', file: 'sunset-300x200.jpg', width: '300', height: '200', mimeType: 'image/jpeg', sourceUrl: `${base()}/sunset-300x200.jpg`, fileSize: 12000, filePath: '/wp-content/uploads/2024/05/sunset-300x200.jpg' },
      { name: 'large', file: 'sunset-1024x683.jpg', width: '1024', height: '683', mimeType: 'image/jpeg', sourceUrl: `${base()}/sunset-1024x683.jpg`, fileSize: 90000, filePath: '/wp-content/uploads/2024/05/sunset-1024x683.jpg' },
      { name: '1536x1536', file: 'sunset-1536x1024.jpg', width: '1536', height: '1024', mimeType: 'image/jpeg', sourceUrl: `${base()}/sunset-1536x1024.jpg`, fileSize: 200000, filePath: '/wp-content/uploads/2024/05/sunset-1536x1024.jpg' },
    ]);
    expect(details.meta).toEqual({ aperture: 2.8, camera: 'X100', credit: 'Ann', createdTimestamp: 1714000000, focalLength: 23, iso: 200, shutterSpeed: 0.004, orientation: '1', keywords: ['sky'], title: null, caption: null, copyright: null });
  });

  it('looks media items up by every idType', async () => {
    const data = await run<Record<string, { databaseId: number } | null>>(
      server.client(),
      `query($gid: ID!, $db: ID!, $url: ID!, $uri: ID!) {
        a: mediaItem(id: $gid) { databaseId }
        b: mediaItem(id: $db, idType: DATABASE_ID) { databaseId }
        c: mediaItem(id: "sunset", idType: SLUG) { databaseId }
        d: mediaItem(id: $url, idType: SOURCE_URL) { databaseId }
        e: mediaItem(id: $uri, idType: URI) { databaseId }
        f: mediaItemBy(slug: "sunset") { databaseId }
        g: mediaItemBy(mediaItemId: ${imageId}) { databaseId }
        h: mediaItem(id: "nothing-here", idType: SLUG) { databaseId }
      }`,
      { gid: gid('post', imageId), db: String(imageId), url: `${base()}/sunset.jpg`, uri: '/wp-content/uploads/2024/05/sunset.jpg' },
    );
    for (const key of ['a', 'b', 'c', 'd', 'e', 'f', 'g']) expect(data[key]).toEqual({ databaseId: imageId });
    expect(data.h).toBeNull();
  });

  it('hides attachments of posts the viewer may not see, and shows them to editors', async () => {
    const query = `query($id: ID!) { mediaItem(id: $id, idType: DATABASE_ID) { databaseId parent { node { databaseId } } } }`;
    const anonymous = await run<{ mediaItem: unknown }>(server.client(), query, { id: String(hiddenId) });
    expect(anonymous.mediaItem).toBeNull();
    const admin = await run<{ mediaItem: { databaseId: number } }>(server.client(t.adminAuth), query, { id: String(hiddenId) });
    expect(admin.mediaItem.databaseId).toBe(hiddenId);
  });

  it('serves files that are not images: no srcset, no sizes, no media details', async () => {
    const data = await run<{ mediaItem: Record<string, unknown> }>(
      server.client(),
      `query($id: ID!) { mediaItem(id: $id, idType: DATABASE_ID) { mediaType mimeType sourceUrl mediaItemUrl srcSet sizes mediaDetails { width } parent { node { id } } parentDatabaseId altText ancestors { nodes { id } } } }`,
      { id: String(pdfId) },
    );
    expect(data.mediaItem).toEqual({
      mediaType: 'file', mimeType: 'application/pdf', sourceUrl: `${base()}/menu-card.pdf`, mediaItemUrl: `${base()}/menu-card.pdf`,
      srcSet: null, sizes: null, mediaDetails: null, parent: null, parentDatabaseId: null, altText: '', ancestors: { nodes: [] },
    });
  });

  it('lists media items (the post-object connection over attachments)', async () => {
    const data = await run<{ mediaItems: { nodes: Array<{ databaseId: number; __typename: string }> } }>(server.client(), `{ mediaItems(first: 20) { nodes { __typename databaseId } } }`);
    const ids = data.mediaItems.nodes.map((n) => n.databaseId);
    expect(ids).toEqual(expect.arrayContaining([imageId, pdfId]));
    expect(ids).not.toContain(hiddenId);
    expect(new Set(data.mediaItems.nodes.map((n) => n.__typename))).toEqual(new Set(['MediaItem']));
  });
});

/**
 * seo/v1 settings routes over real HTTP: alerts, introductions and the Wistia permission (per
 * user), integrations, workouts, the new-content-type dismissals, available posts, meta search,
 * file sizes of local media, and the importers — arguments, answers and permissions.
 */
import { readSeoOption, writeSeoOption } from '../../src/domain/seo/options';
import { SITE_URL, startTestApp, userAuth, type TestApp } from '../support/app';
import { startS3Server } from '../support/s3-server';

const SEO = '/wp-json/seo/v1';

describe('seo/v1 settings routes', () => {
  let t: TestApp;
  let editor: string;
  let author: string;
  let subscriber: string;

  beforeAll(async () => {
    t = await startTestApp();
    editor = await userAuth(t, 'ed', 'editor');
    author = await userAuth(t, 'au', 'author');
    subscriber = await userAuth(t, 'sub', 'subscriber');
  });
  afterAll(() => t.close());
  afterEach(async () => {
    await t.db.prisma.option.deleteMany({ where: { OR: [{ name: { in: ['wpseo', 'wpseo_titles', 'wpseo_social'] } }, { name: { startsWith: 'wpseo_user_meta:' } }] } });
  });

  const post = (path: string, body: Record<string, unknown>, auth = t.adminAuth) => t.request.post(`${SEO}/${path}`).set('Authorization', auth).send(body);
  const get = (path: string, auth = t.adminAuth) => t.request.get(`${SEO}/${path}`).set('Authorization', auth);

  describe('alerts/dismiss', () => {
    it('dismisses a known alert for the signed-in user only', async () => {
      expect((await post('alerts/dismiss', { key: 'webinar-promo-notification' }, author).expect(200)).body).toEqual({ success: true, status: 200 });
      expect((await post('alerts/dismiss', { key: 'webinar-promo-notification' }, author).expect(200)).body.success).toBe(true);
      const rows = await t.db.prisma.option.findMany({ where: { name: { startsWith: 'wpseo_user_meta:' } } });
      expect(rows).toHaveLength(1);
      expect(JSON.parse(rows[0].value)).toEqual({ _yoast_alerts_dismissed: { 'webinar-promo-notification': true } });
    });

    it('refuses unknown keys, a missing key, and those who cannot edit posts', async () => {
      const unknown = await post('alerts/dismiss', { key: 'not-an-alert' }).expect(400);
      expect(unknown.body).toMatchObject({ code: 'rest_invalid_param', data: { params: { key: 'Invalid parameter.' } } });
      expect((await post('alerts/dismiss', {}).expect(400)).body.code).toBe('rest_missing_callback_param');
      expect((await post('alerts/dismiss', { key: 'webinar-promo-notification' }, subscriber).expect(403)).body.code).toBe('rest_forbidden');
      await t.request.post(`${SEO}/alerts/dismiss`).send({ key: 'webinar-promo-notification' }).expect(401);
    });
  });

  describe('introductions/{id}/seen', () => {
    it('marks a known introduction seen or unseen per user', async () => {
      expect((await post('introductions/ai-fix-assessments-upsell/seen', {}, author).expect(200)).body).toEqual({ json: { success: true } });
      expect((await post('introductions/ai-fix-assessments-upsell/seen', { is_seen: false }, editor).expect(200)).body).toEqual({ json: { success: true } });
      const rows = await t.db.prisma.option.findMany({ where: { name: { startsWith: 'wpseo_user_meta:' } }, orderBy: { name: 'asc' } });
      expect(rows.map((row) => JSON.parse(row.value)._yoast_wpseo_introductions['ai-fix-assessments-upsell']).sort()).toEqual([false, true]);
    });

    it('answers 400 rest_invalid_param for an unknown introduction; only word characters and hyphens route', async () => {
      const res = await post('introductions/made-up/seen', {}).expect(400);
      expect(res.body).toMatchObject({ code: 'rest_invalid_param', data: { status: 400 } });
      expect((await post('introductions/a.b/seen', {}).expect(404)).body.code).toBe('rest_no_route');
      expect((await post('introductions/ai-fix-assessments-upsell/seen', { is_seen: 'perhaps' }).expect(400)).body.code).toBe('rest_invalid_param');
      await post('introductions/ai-fix-assessments-upsell/seen', {}, subscriber).expect(403);
    });
  });

  describe('wistia_embed_permission', () => {
    it('is false until given, per user', async () => {
      expect((await get('wistia_embed_permission', author).expect(200)).body).toEqual({ json: { value: false } });
      expect((await post('wistia_embed_permission', {}, author).expect(200)).body).toEqual({ json: { success: true } });
      expect((await get('wistia_embed_permission', author).expect(200)).body).toEqual({ json: { value: true } });
      expect((await get('wistia_embed_permission', editor).expect(200)).body).toEqual({ json: { value: false } });
      await post('wistia_embed_permission', { value: false }, author).expect(200);
      expect((await get('wistia_embed_permission', author).expect(200)).body.json.value).toBe(false);
    });

    it('checks its argument and permission', async () => {
      expect((await post('wistia_embed_permission', { value: 'x' }).expect(400)).body.code).toBe('rest_invalid_param');
      await get('wistia_embed_permission', subscriber).expect(403);
      await t.request.get(`${SEO}/wistia_embed_permission`).expect(401);
    });
  });

  describe('integrations/set_active', () => {
    it('switches a known integration, wrapped as {json}', async () => {
      expect((await post('integrations/set_active', { integration: 'semrush', active: false }).expect(200)).body).toEqual({ json: { success: true, status: 200 } });
      expect((await readSeoOption(t.db, 'wpseo')).semrush_integration_active).toBe(false);
      const unknown = await post('integrations/set_active', { integration: 'nothing', active: true }).expect(200);
      expect(unknown.body).toEqual({ json: { success: false, status: 400, error: 'Could not save the option in the database' } });
      expect((await readSeoOption(t.db, 'wpseo'))).not.toHaveProperty('nothing_integration_active');
    });

    it('requires both arguments and the managing capability', async () => {
      const missing = await post('integrations/set_active', {}).expect(400);
      expect(missing.body.data.params).toEqual(['active', 'integration']);
      expect((await post('integrations/set_active', { integration: 'semrush', active: 'maybe' }).expect(400)).body.code).toBe('rest_invalid_param');
      await post('integrations/set_active', { integration: 'semrush', active: true }, editor).expect(403);
    });
  });

  describe('workouts', () => {
    it('answers and stores the workouts data for those who edit others’ posts', async () => {
      expect((await get('workouts', editor).expect(200)).body).toEqual({ json: { configuration: { finishedSteps: [] } } });
      const saved = await t.request.post(`${SEO}/workouts`).set('Authorization', editor).send({ cornerstone: { finishedSteps: ['start', '<i>two</i>'] } }).expect(200);
      expect(saved.body).toEqual({ json: { configuration: { finishedSteps: [] }, cornerstone: { finishedSteps: ['start', 'two'] } } });
      expect((await get('workouts', editor).expect(200)).body.json.cornerstone).toEqual({ finishedSteps: ['start', 'two'] });
    });

    it('refuses what is not workouts, and authors', async () => {
      expect((await post('workouts', { cornerstone: 'done' }).expect(400)).body.code).toBe('rest_invalid_param');
      const proto = await t.request.post(`${SEO}/workouts`).set('Authorization', t.adminAuth).set('Content-Type', 'application/json').send('{"__proto__":{"finishedSteps":["x"]}}').expect(400);
      expect(proto.body.code).toBe('rest_invalid_param');
      expect((await post('workouts', {}).expect(400)).body.code).toBe('rest_invalid_param');
      await get('workouts', author).expect(403);
      await post('workouts', { cornerstone: { finishedSteps: [] } }, author).expect(403);
    });
  });

  describe('new-content-type-visibility', () => {
    it('takes a new post type or taxonomy off its list and drops the notification with the last one', async () => {
      await t.db.prisma.$transaction((tx) => writeSeoOption(tx, 'wpseo', { new_post_types: ['tribe_events'], new_taxonomies: ['category'], show_new_content_type_notification: true }));
      expect((await post('new-content-type-visibility/dismiss-post-type', { postTypeName: 'page' }, author).expect(200)).body).toEqual({ message: 'Post type is not new.', success: true, status: 200 });
      expect((await post('new-content-type-visibility/dismiss-post-type', { postTypeName: 'tribe_events' }, author).expect(200)).body).toEqual({ message: 'Post type is no longer new.', success: true, status: 200 });
      expect((await readSeoOption(t.db, 'wpseo')).show_new_content_type_notification).toBe(true);
      expect((await post('new-content-type-visibility/dismiss-taxonomy', { taxonomyName: 'category' }, author).expect(200)).body.message).toBe('Taxonomy is no longer new.');
      expect(await readSeoOption(t.db, 'wpseo')).toMatchObject({ new_post_types: [], new_taxonomies: [], show_new_content_type_notification: false });
      expect((await post('new-content-type-visibility/dismiss-taxonomy', {}, author).expect(200)).body.message).toBe('Taxonomy is not new.');
    });

    it('refuses names that are not registered, and subscribers', async () => {
      expect((await post('new-content-type-visibility/dismiss-post-type', { postTypeName: 'nope' }).expect(400)).body.data.params).toEqual({ postTypeName: 'Invalid parameter.' });
      expect((await post('new-content-type-visibility/dismiss-taxonomy', { taxonomyName: 'nope' }).expect(400)).body.code).toBe('rest_invalid_param');
      await post('new-content-type-visibility/dismiss-post-type', { postTypeName: 'post' }, subscriber).expect(403);
    });
  });

  describe('available_posts', () => {
    beforeAll(async () => {
      for (const [type, title, status] of [['pages', 'About us', 'publish'], ['pages', 'Contact', 'publish'], ['pages', 'Secret plans', 'draft'], ['posts', 'About a post', 'publish']]) {
        await t.request.post(`/wp-json/core/v2/${type}`).set('Authorization', t.adminAuth).send({ title, status, content: `${title} text` }).expect(201);
      }
    });

    it('lists recent published pages by default, searched by text', async () => {
      const all = await get('available_posts').expect(200);
      expect(all.body.map((p: { title: string }) => p.title)).toEqual(['Contact', 'About us']);
      expect(Object.keys(all.body[0])).toEqual(['id', 'title', 'slug']);
      expect(all.body[0].slug).toBe('contact');
      expect((await get('available_posts?search=about').expect(200)).body.map((p: { title: string }) => p.title)).toEqual(['About us']);
      expect((await get('available_posts?postType=post&search=ABOUT').expect(200)).body.map((p: { title: string }) => p.title)).toEqual(['About a post']);
    });

    it('answers {error} for an unknown post type, and is for managers', async () => {
      expect((await get('available_posts?postType=nope').expect(400)).body).toEqual({ error: 'The post type asked is not valid', code: 'rest_invalid_param', message: 'The post type asked is not valid', data: { status: 400 } });
      await get('available_posts', editor).expect(403);
      await t.request.get(`${SEO}/available_posts`).expect(401);
    });
  });

  describe('meta/search', () => {
    it('finds up to three custom fields of a post by key prefix', async () => {
      const created = await t.request.post('/wp-json/core/v2/posts').set('Authorization', t.adminAuth).send({ title: 'Meta', status: 'draft' }).expect(201);
      const id = created.body.id as number;
      await t.db.prisma.contentMeta.createMany({
        data: [
          { contentId: id, key: 'colour', value: 'blue' },
          { contentId: id, key: 'colour', value: 'red' },
          { contentId: id, key: '_hidden', value: 'x' },
          { contentId: id, key: 'counts', value: 'a:1:{i:0;i:1;}' },
          { contentId: id, key: 'city', value: 'Ghent' },
          { contentId: id, key: 'cost', value: '5' },
          { contentId: id, key: 'country', value: 'BE' },
        ],
      });
      expect((await get(`meta/search?post_id=${id}&query=col`).expect(200)).body).toEqual({ meta: [{ key: 'colour', value: 'blue' }] });
      expect((await get(`meta/search?post_id=${id}&query=c`).expect(200)).body.meta.map((m: { key: string }) => m.key)).toEqual(['colour', 'city', 'cost']);
      expect((await get(`meta/search?post_id=${id}`).expect(200)).body.meta.map((m: { key: string }) => m.key)).toEqual(['colour', 'city', 'cost']);
      expect((await get(`meta/search?post_id=${id}&query=_`).expect(200)).body.meta).toEqual([{ key: '_hidden', value: 'x' }]);
      expect((await get(`meta/search?post_id=${id}&query=zzz`, author).expect(200)).body).toEqual({ meta: [] });
      await get(`meta/search?post_id=${id}`, subscriber).expect(403);
      await get('meta/search').expect(403);
      await get('meta/search?post_id=999999').expect(403);
      await t.request.get(`${SEO}/meta/search?post_id=${id}`).expect(401);
    });
  });

  describe('file_size', () => {
    it('answers the size of a stored upload, with the plugin’s 404 status', async () => {
      const bytes = Buffer.from('%PDF-1.4\n' + 'x'.repeat(1234));
      const media = await t.request.post('/wp-json/core/v2/media').set('Authorization', t.adminAuth).set('Content-Type', 'application/pdf').set('Content-Disposition', 'attachment; filename="guide.pdf"').send(bytes).expect(201);
      const url = media.body.source_url as string;
      const res = await get(`file_size?url=${encodeURIComponent(url)}`).expect(404);
      expect(res.body).toEqual({ type: 'success', size_in_bytes: bytes.length });
      // Percent-encoded once more, as Yoast's editor sends it (rawurldecode).
      expect((await get(`file_size?url=${encodeURIComponent(encodeURIComponent(url))}`).expect(404)).body.size_in_bytes).toBe(bytes.length);
    });

    it('refuses outside addresses without fetching them, and unknown files', async () => {
      expect((await get(`file_size?url=${encodeURIComponent('https://elsewhere.example/wp-content/uploads/a.pdf')}`).expect(404)).body)
        .toMatchObject({ type: 'failure', response: 'Cannot get the size of https://elsewhere.example/wp-content/uploads/a.pdf because it is hosted externally.', code: 'rest_not_found', data: { status: 404 } });
      const missing = `${SITE_URL}/wp-content/uploads/2001/01/none.pdf`;
      expect((await get(`file_size?url=${encodeURIComponent(missing)}`).expect(404)).body).toMatchObject({ type: 'failure', response: `Cannot get the size of ${missing} because of unknown reasons.` });
      const escape = `${SITE_URL}/wp-content/uploads/../../etc/passwd`;
      expect((await get(`file_size?url=${encodeURIComponent(escape)}`).expect(404)).body.type).toBe('failure');
      expect((await get(`file_size?url=${encodeURIComponent(`${SITE_URL}/about/`)}`).expect(404)).body.type).toBe('failure');
    });

    it('reads the size from the bucket when media live in S3', async () => {
      const s3 = await startS3Server();
      const bucket = await startTestApp({ ...s3.env, MEDIA_S3_PREFIX: 'seo' }, { sharedWith: t });
      try {
        const bytes = Buffer.from('%PDF-1.4\n' + 'y'.repeat(4321));
        const media = await bucket.request.post('/wp-json/core/v2/media').set('Authorization', t.adminAuth).set('Content-Type', 'application/pdf').set('Content-Disposition', 'attachment; filename="bucket.pdf"').send(bytes).expect(201);
        const res = await bucket.request.get(`${SEO}/file_size?url=${encodeURIComponent(media.body.source_url)}`).set('Authorization', t.adminAuth).expect(404);
        expect(res.body).toEqual({ type: 'success', size_in_bytes: bytes.length });
      } finally {
        await bucket.close();
        await s3.close();
      }
    }, 60000);

    it('requires url and manage_options', async () => {
      expect((await get('file_size').expect(400)).body.code).toBe('rest_missing_callback_param');
      await get(`file_size?url=${encodeURIComponent(SITE_URL)}`, editor).expect(403);
    });
  });

  describe('import/{plugin}/{type}', () => {
    it('imports nothing, as the plugin does without the source plugin’s data', async () => {
      expect((await post('import/aioseo/posts', {}).expect(200)).body).toEqual({ objects: [], next_url: false });
      expect((await post('import/aioseo/general_settings', {}, author).expect(200)).body).toEqual({ objects: [], next_url: false });
      const validate = await post('import/aioseo/validate_data', {}).expect(400);
      expect(validate.body).toMatchObject({ code: 'wpseo_error_indexing', message: 'The AIOSEO import was cancelled because some AIOSEO data are missing.' });
    });

    it('answers 404 for unknown importers and refuses subscribers', async () => {
      expect((await post('import/rankmath/posts', {}).expect(404)).body).toMatchObject({ code: 'rest_no_route', message: 'Requested importer not found' });
      expect((await post('import/aioseo/posts%2F..', {}).expect(404)).body.code).toBe('rest_no_route');
      await post('import/aioseo/posts', {}, subscriber).expect(403);
      await t.request.post(`${SEO}/import/aioseo/posts`).expect(401);
    });
  });
});

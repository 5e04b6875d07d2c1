/**
 * seo/v1 configuration/* over real HTTP: the first-time configuration routes with their arguments,
 * answers (`status` mirrored as the HTTP status), stored options and permissions.
 */
import { readSeoOption } from '../../src/domain/seo/options';
import { startTestApp, userAuth, type TestApp } from '../support/app';

const BASE = '/wp-json/seo/v1/configuration';

describe('seo/v1 configuration', () => {
  let t: TestApp;
  let editor: string;

  beforeAll(async () => {
    t = await startTestApp();
    editor = await userAuth(t, 'ed', 'editor');
  });
  afterAll(() => t.close());
  afterEach(async () => {
    await t.db.prisma.option.deleteMany({ where: { name: { in: ['wpseo', 'wpseo_titles', 'wpseo_social', 'description'] } } });
  });

  const post = (path: string, body: Record<string, unknown>, auth = t.adminAuth) => t.request.post(`${BASE}/${path}`).set('Authorization', auth).send(body);

  describe('site_representation', () => {
    it('stores the representation and the tagline', async () => {
      const res = await post('site_representation', {
        company_or_person: 'company', company_name: 'Acme', website_name: 'Acme site', company_logo: 'https://example.test/logo.png', company_logo_id: 12, description: 'We make things',
      }).expect(200);
      expect(res.body).toEqual({ success: true, status: 200 });
      const titles = await readSeoOption(t.db, 'wpseo_titles');
      expect(titles).toMatchObject({ company_or_person: 'company', company_name: 'Acme', website_name: 'Acme site', company_logo: 'https://example.test/logo.png', company_logo_id: 12, company_logo_meta: false });
      const settings = await t.request.get('/wp-json/core/v2/settings').set('Authorization', t.adminAuth).expect(200);
      expect(settings.body.description).toBe('We make things');
      const person = await post('site_representation', { company_or_person: 'person', company_or_person_user_id: 1 }).expect(200);
      expect(person.body.success).toBe(true);
      expect(await readSeoOption(t.db, 'wpseo_titles')).toMatchObject({ company_or_person: 'person', company_or_person_user_id: 1, company_name: 'Acme' });
    });

    it('refuses a bad enum, a missing choice and wrong types before anything runs', async () => {
      const bad = await post('site_representation', { company_or_person: 'robot' }).expect(400);
      expect(bad.body.code).toBe('rest_invalid_param');
      expect(bad.body.data.details.company_or_person.code).toBe('rest_not_in_enum');
      const missing = await post('site_representation', { company_name: 'x' }).expect(400);
      expect(missing.body.code).toBe('rest_missing_callback_param');
      expect(missing.body.data.params).toEqual(['company_or_person']);
      const type = await post('site_representation', { company_or_person: 'company', company_logo_id: 'abc' }).expect(400);
      expect(type.body.data.params).toHaveProperty('company_logo_id');
    });

    it('names the values it would store differently and saves none of them', async () => {
      const res = await post('site_representation', { company_or_person: 'company', company_name: '<b>Acme</b>', company_logo: 'javascript:alert(1)', company_logo_id: -3 }).expect(400);
      expect(res.body).toMatchObject({ success: false, status: 400, error: 'Could not save some options in the database', failures: ['company_name', 'company_logo', 'company_logo_id'], code: 'rest_invalid_param', data: { status: 400 } });
      expect((await readSeoOption(t.db, 'wpseo_titles')).company_name).toBe('');
    });

    it('is for those who manage options', async () => {
      expect((await t.request.post(`${BASE}/site_representation`).send({ company_or_person: 'company' }).expect(401)).body.code).toBe('rest_forbidden');
      expect((await post('site_representation', { company_or_person: 'company' }, editor).expect(403)).body.code).toBe('rest_forbidden');
    });
  });

  describe('social_profiles', () => {
    it('stores valid profiles, wrapped as {json}', async () => {
      const res = await post('social_profiles', { facebook_site: 'https://facebook.com/acme', twitter_site: 'https://x.com/acme_inc', other_social_urls: ['https://mastodon.social/@acme', '', 'https://www.linkedin.com/company/acme'] }).expect(200);
      expect(res.body).toEqual({ json: { success: true, status: 200 } });
      expect(await readSeoOption(t.db, 'wpseo_social')).toMatchObject({
        facebook_site: 'https://facebook.com/acme', twitter_site: 'acme_inc', other_social_urls: ['https://mastodon.social/@acme', 'https://www.linkedin.com/company/acme'],
      });
      await post('social_profiles', { twitter_site: 'plainname' }).expect(200);
      expect((await readSeoOption(t.db, 'wpseo_social')).twitter_site).toBe('plainname');
    });

    it('names every invalid field, saves nothing, and still answers 200 as the plugin does', async () => {
      const res = await post('social_profiles', { facebook_site: 'not a url', twitter_site: 'has spaces!', other_social_urls: ['https://ok.example', 'ftp://nope.example'] }).expect(200);
      expect(res.body).toEqual({ json: { success: false, status: 200, error: 'Could not save some options in the database', failures: ['facebook_site', 'twitter_site', 'other_social_urls-1'] } });
      expect(await readSeoOption(t.db, 'wpseo_social')).toMatchObject({ facebook_site: '', twitter_site: '', other_social_urls: [] });
    });

    it('checks types and permissions', async () => {
      expect((await post('social_profiles', { other_social_urls: { a: 1 } }).expect(400)).body.code).toBe('rest_invalid_param');
      await post('social_profiles', {}, editor).expect(403);
    });
  });

  describe('check_capability', () => {
    it('answers whether the viewer may edit that user, always with HTTP 200', async () => {
      expect((await t.request.get(`${BASE}/check_capability?user_id=1`).set('Authorization', t.adminAuth).expect(200)).body).toEqual({ success: true, status: 200 });
      expect((await t.request.get(`${BASE}/check_capability?user_id=999`).set('Authorization', t.adminAuth).expect(200)).body).toEqual({ success: true, status: 200 });
      const missing = await t.request.get(`${BASE}/check_capability`).set('Authorization', t.adminAuth).expect(400);
      expect(missing.body.code).toBe('rest_missing_callback_param');
      await t.request.get(`${BASE}/check_capability?user_id=1`).set('Authorization', editor).expect(403);
      await t.request.get(`${BASE}/check_capability?user_id=1`).expect(401);
    });
  });

  describe('enable_tracking', () => {
    it('stores tracking and remembers that it was toggled', async () => {
      expect((await post('enable_tracking', { tracking: true }).expect(200)).body).toEqual({ success: true, status: 200 });
      expect(await readSeoOption(t.db, 'wpseo')).toMatchObject({ tracking: true, toggled_tracking: true });
      await post('enable_tracking', { tracking: 'false' }).expect(200);
      expect((await readSeoOption(t.db, 'wpseo')).tracking).toBe(false);
    });

    it('requires a boolean', async () => {
      expect((await post('enable_tracking', {}).expect(400)).body.code).toBe('rest_missing_callback_param');
      expect((await post('enable_tracking', { tracking: 'maybe' }).expect(400)).body.code).toBe('rest_invalid_param');
      await post('enable_tracking', { tracking: true }, editor).expect(403);
    });
  });

  describe('configuration state', () => {
    it('saves the finished steps and gives them back', async () => {
      expect((await post('save_configuration_state', { finishedSteps: ['siteRepresentation', '<b>x</b>'] }).expect(200)).body).toEqual({ success: true, status: 200 });
      const state = await t.request.get(`${BASE}/get_configuration_state`).set('Authorization', t.adminAuth).expect(200);
      expect(state.body).toEqual({ success: true, status: 200, data: ['siteRepresentation', 'x'] });
      expect((await readSeoOption(t.db, 'wpseo')).first_time_install).toBe(true);
      await post('save_configuration_state', { finishedSteps: ['a', 'b', 'c'] }).expect(200);
      expect((await readSeoOption(t.db, 'wpseo')).first_time_install).toBe(false);
    });

    it('starts empty, requires finishedSteps and is for managers only', async () => {
      expect((await t.request.get(`${BASE}/get_configuration_state`).set('Authorization', t.adminAuth).expect(200)).body.data).toEqual([]);
      expect((await post('save_configuration_state', {}).expect(400)).body.code).toBe('rest_missing_callback_param');
      expect((await post('save_configuration_state', { finishedSteps: 'a,b' }).expect(200)).body.success).toBe(true);
      await t.request.get(`${BASE}/get_configuration_state`).set('Authorization', editor).expect(403);
      await t.request.get(`${BASE}/get_configuration_state`).expect(401);
    });
  });
});

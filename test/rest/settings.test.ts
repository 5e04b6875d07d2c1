/**
 * `/core/v2/settings` over real HTTP, as WordPress's WP_REST_Settings_Controller answers it for
 * the settings of register_initial_settings() plus site_logo and site_icon.
 */
import { basicAuth, startTestApp, SITE_URL, type TestApp } from '../support/app';

const SETTINGS = '/wp-json/core/v2/settings';

const ORDER = [
  'title', 'description', 'url', 'email', 'timezone', 'date_format', 'time_format', 'start_of_week', 'language',
  'use_smilies', 'default_category', 'default_post_format', 'posts_per_page', 'show_on_front', 'page_on_front',
  'page_for_posts', 'default_ping_status', 'default_comment_status', 'site_logo', 'site_icon',
];

describe('settings', () => {
  let t: TestApp;
  let editor: string;
  let uncategorized: number;
  let aboutPage: number;
  let contactPage: number;
  let firstPost: number;

  /** The options table as stored (JSON values), to check what a request wrote or left alone. */
  const stored = async (): Promise<Record<string, string>> =>
    Object.fromEntries((await t.db.prisma.option.findMany({ orderBy: { name: 'asc' } })).map((row) => [row.name, row.value]));

  const update = (body: Record<string, unknown>, auth = t.adminAuth) => t.request.post(SETTINGS).set('Authorization', auth).send(body);

  beforeAll(async () => {
    t = await startTestApp({}, { seed: true });
    const created = await t.request.post('/wp-json/core/v2/users').set('Authorization', t.adminAuth)
      .send({ username: 'ed', email: 'ed@example.com', password: 'secret-1', roles: ['editor'] }).expect(201);
    const password = await t.request.post(`/wp-json/core/v2/users/${created.body.id}/application-passwords`).set('Authorization', t.adminAuth).send({ name: 'tests' }).expect(201);
    editor = basicAuth('ed', password.body.password);
    uncategorized = (await t.db.prisma.term.findFirstOrThrow({ where: { taxonomy: 'category', slug: 'uncategorized' } })).id;
    aboutPage = (await t.db.prisma.content.findFirstOrThrow({ where: { type: 'page', slug: 'about' } })).id;
    contactPage = (await t.db.prisma.content.findFirstOrThrow({ where: { type: 'page', slug: 'contact' } })).id;
    firstPost = (await t.db.prisma.content.findFirstOrThrow({ where: { type: 'post' }, orderBy: { id: 'asc' } })).id;
  });
  afterAll(() => t.close());

  /** Every test starts from the seeded options. */
  let baseline: Record<string, string>;
  beforeAll(async () => {
    baseline = await stored();
  });
  afterEach(async () => {
    await t.db.prisma.option.deleteMany({});
    await t.db.prisma.option.createMany({ data: Object.entries(baseline).map(([name, value]) => ({ name, value })) });
  });

  describe('route declaration', () => {
    it('declares GET without args and an EDITABLE endpoint with the args of the settings schema', async () => {
      const res = await t.request.options(SETTINGS).expect(200);
      expect(res.body.namespace).toBe('core/v2');
      expect(res.body.methods).toEqual(['GET', 'POST', 'PUT', 'PATCH']);
      const [read, write] = res.body.endpoints;
      expect(read).toEqual({ methods: ['GET'], args: [] });
      expect(write.methods).toEqual(['POST', 'PUT', 'PATCH']);
      expect(write.allow_batch).toBeUndefined();
      // url is the deployment's SITE_URL: read-only, so it takes no argument.
      expect(Object.keys(write.args)).toEqual(ORDER.filter((name) => name !== 'url'));
      expect(write.args.title).toEqual({ title: 'Title', description: 'Site title.', type: 'string', required: false });
      expect(write.args.email).toEqual({
        title: '', description: 'This address is used for admin purposes, like new user notification.', type: 'string', format: 'email', required: false,
      });
      expect(write.args.posts_per_page).toEqual({ title: 'Maximum posts per page', description: 'Blog pages show at most.', type: 'integer', required: false });
      expect(write.args.use_smilies).toEqual({
        title: '', description: 'Convert emoticons like :-) and :-P to graphics on display.', type: 'boolean', required: false,
      });
      expect(write.args.default_comment_status).toEqual({
        title: 'Allow comments on new posts', description: 'Allow people to submit comments on new posts.', type: 'string', enum: ['open', 'closed'], required: false,
      });
      expect(write.args.site_logo).toEqual({ title: 'Logo', description: 'Site logo.', type: 'integer', required: false });
      expect(res.body._links).toEqual({ self: [{ href: `${SITE_URL}/wp-json/core/v2/settings` }] });
    });

    it('publishes the settings schema with each setting as registered', async () => {
      const { schema } = (await t.request.options(SETTINGS).expect(200)).body;
      expect(schema.title).toBe('settings');
      expect(schema.type).toBe('object');
      expect(Object.keys(schema.properties)).toEqual(ORDER);
      expect(schema.properties.title).toEqual({ type: 'string', title: 'Title', description: 'Site title.', default: null });
      expect(schema.properties.url).toEqual({ type: 'string', title: '', description: 'Site URL.', default: null, format: 'uri', readonly: true });
      expect(schema.properties.language).toEqual({ type: 'string', title: '', description: 'WordPress locale code.', default: 'en_US' });
      expect(schema.properties.posts_per_page.default).toBe(10);
      expect(schema.properties.use_smilies.default).toBe(true);
      expect(schema.properties.default_ping_status.enum).toEqual(['open', 'closed']);
    });

    it('is listed in the core/v2 namespace', async () => {
      const res = await t.request.get('/wp-json/core/v2').expect(200);
      expect(res.body.routes['/core/v2/settings'].methods).toEqual(['GET', 'POST', 'PUT', 'PATCH']);
    });
  });

  describe('reading', () => {
    it('answers every setting with WordPress names and types, in registration order', async () => {
      const res = await t.request.get(SETTINGS).set('Authorization', t.adminAuth).expect(200);
      expect(Object.keys(res.body)).toEqual(ORDER);
      expect(res.body).toEqual({
        title: 'Demo Site',
        description: 'A headless content backend with two faces',
        url: SITE_URL,
        email: 'admin@example.com',
        timezone: '',
        date_format: 'F j, Y',
        time_format: 'g:i a',
        start_of_week: 1,
        language: 'en_US',
        use_smilies: true,
        default_category: uncategorized,
        default_post_format: '0',
        posts_per_page: 10,
        show_on_front: 'posts',
        page_on_front: 0,
        page_for_posts: 0,
        default_ping_status: 'open',
        default_comment_status: 'open',
        site_logo: 0,
        site_icon: 0,
      });
      expect(res.headers.allow).toBe('GET, POST, PUT, PATCH');
      expect(res.headers['cache-control']).toBe('no-cache, must-revalidate, max-age=0, no-store, private');
    });

    it('needs manage_options: 401 for anonymous callers, 403 for other users', async () => {
      const anonymous = await t.request.get(SETTINGS).expect(401);
      expect(anonymous.body).toEqual({ code: 'rest_forbidden', message: 'Sorry, you are not allowed to do that.', data: { status: 401 } });
      expect(anonymous.headers.allow).toBeUndefined();
      const asEditor = await t.request.get(SETTINGS).set('Authorization', editor).expect(403);
      expect(asEditor.body).toEqual({ code: 'rest_forbidden', message: 'Sorry, you are not allowed to do that.', data: { status: 403 } });
    });

    it('reads a stored value that does not fit its schema as null', async () => {
      await t.db.prisma.option.upsert({ where: { name: 'posts_per_page' }, create: { name: 'posts_per_page', value: '"many"' }, update: { value: '"many"' } });
      const res = await t.request.get(SETTINGS).set('Authorization', t.adminAuth).expect(200);
      expect(res.body.posts_per_page).toBeNull();
    });
  });

  describe('updating', () => {
    it('stores the changes and answers the whole settings object, with POST, PUT and PATCH', async () => {
      const res = await update({ title: 'New title', posts_per_page: 5, use_smilies: false, default_ping_status: 'closed' }).expect(200);
      expect(Object.keys(res.body)).toEqual(ORDER);
      expect(res.body).toMatchObject({ title: 'New title', posts_per_page: 5, use_smilies: false, default_ping_status: 'closed', description: 'A headless content backend with two faces' });
      expect(await stored()).toMatchObject({ title: '"New title"', posts_per_page: '5', use_smilies: 'false', default_ping_status: '"closed"' });

      const put = await t.request.put(SETTINGS).set('Authorization', t.adminAuth).send({ start_of_week: 0 }).expect(200);
      expect(put.body.start_of_week).toBe(0);
      const patch = await t.request.patch(SETTINGS).set('Authorization', t.adminAuth).send({ date_format: 'Y-m-d' }).expect(200);
      expect(patch.body).toMatchObject({ start_of_week: 0, date_format: 'Y-m-d', title: 'New title' });
    });

    it('coerces form and query values by the schema types', async () => {
      const res = await t.request.post(SETTINGS).set('Authorization', t.adminAuth).type('form').send('posts_per_page=7&use_smilies=0').expect(200);
      expect(res.body).toMatchObject({ posts_per_page: 7, use_smilies: false });
      const query = await t.request.post(`${SETTINGS}?start_of_week=3`).set('Authorization', t.adminAuth).expect(200);
      expect(query.body.start_of_week).toBe(3);
    });

    it('sanitises like sanitize_option: escaped title and tagline, tag-free formats, positive posts_per_page', async () => {
      const res = await update({ title: 'Tom & Jerry <b>', description: `Fish 'n' chips &amp; more`, time_format: '<em>H:i</em>', posts_per_page: 0 }).expect(200);
      expect(res.body).toMatchObject({
        title: 'Tom &amp; Jerry &lt;b&gt;',
        description: 'Fish &#039;n&#039; chips &amp; more',
        time_format: 'H:i',
        posts_per_page: 1,
      });
      expect((await update({ posts_per_page: -5 }).expect(200)).body.posts_per_page).toBe(5);
      expect((await update({ posts_per_page: -1 }).expect(200)).body.posts_per_page).toBe(-1);
    });

    it('ignores unknown keys and the read-only url', async () => {
      const res = await update({ url: 'http://elsewhere.test', not_a_setting: 'x', title: 'Kept' }).expect(200);
      expect(res.body.url).toBe(SITE_URL);
      expect(res.body.title).toBe('Kept');
      const rows = await stored();
      expect(Object.keys(rows)).not.toContain('not_a_setting');
      expect(Object.keys(rows)).not.toContain('url');
    });

    it('resets a setting sent as null to its default by deleting the option', async () => {
      await update({ title: 'Temporary', posts_per_page: 3 }).expect(200);
      const res = await update({ title: null, posts_per_page: null, description: 'Still set' }).expect(200);
      expect(res.body).toMatchObject({ title: 'Content Site', posts_per_page: 10, description: 'Still set' });
      const rows = await stored();
      expect(rows.title).toBeUndefined();
      expect(rows.posts_per_page).toBeUndefined();
      expect(rows.description).toBe('"Still set"');
    });

    it('refuses to reset an option whose stored value is invalid (rest_invalid_stored_value)', async () => {
      await t.db.prisma.option.upsert({ where: { name: 'start_of_week' }, create: { name: 'start_of_week', value: '"monday"' }, update: { value: '"monday"' } });
      const res = await update({ start_of_week: null, title: 'Not written' }).expect(500);
      expect(res.body).toEqual({
        code: 'rest_invalid_stored_value',
        message: 'The start_of_week property has an invalid stored value, and cannot be updated to null.',
        data: { status: 500 },
      });
      expect((await stored()).title).toBe(baseline.title);
    });

    it('sets page_on_front, page_for_posts and show_on_front, and the site index follows', async () => {
      const res = await update({ show_on_front: 'page', page_on_front: aboutPage, page_for_posts: contactPage, title: 'Renamed', description: 'New tagline' }).expect(200);
      expect(res.body).toMatchObject({ show_on_front: 'page', page_on_front: aboutPage, page_for_posts: contactPage });
      const index = await t.request.get('/wp-json/').expect(200);
      expect(index.body).toMatchObject({
        name: 'Renamed',
        description: 'New tagline',
        show_on_front: 'page',
        page_on_front: aboutPage,
        page_for_posts: contactPage,
      });
      await update({ page_on_front: 0 }).expect(200);
      expect((await t.request.get('/wp-json/').expect(200)).body.page_on_front).toBe(0);
    });
  });

  describe('time zones', () => {
    it('stores a city as timezone_string and clears the fixed offset; the index shows both', async () => {
      await update({ timezone: 'UTC+3' }).expect(200);
      const res = await update({ timezone: 'Asia/Kolkata' }).expect(200);
      expect(res.body.timezone).toBe('Asia/Kolkata');
      expect(await stored()).toMatchObject({ timezone_string: '"Asia/Kolkata"', gmt_offset: '0' });
      const index = await t.request.get('/wp-json/').expect(200);
      // WordPress reports the zone's current offset (India has no daylight saving time).
      expect(index.body).toMatchObject({ timezone_string: 'Asia/Kolkata', gmt_offset: '5.5' });
    });

    it('maps UTC±N to gmt_offset with an empty timezone_string, as the General Settings screen does', async () => {
      await update({ timezone: 'Europe/Paris' }).expect(200);
      const res = await update({ timezone: 'UTC-3.5' }).expect(200);
      expect(res.body.timezone).toBe('');
      expect(await stored()).toMatchObject({ timezone_string: '""', gmt_offset: '-3.5' });
      expect((await t.request.get('/wp-json/').expect(200)).body).toMatchObject({ timezone_string: '', gmt_offset: '-3.5' });
      await update({ timezone: 'UTC+0' }).expect(200);
      expect((await t.request.get('/wp-json/').expect(200)).body.gmt_offset).toBe('0');
    });

    it('accepts UTC, tz database aliases and an empty zone', async () => {
      expect((await update({ timezone: 'UTC' }).expect(200)).body.timezone).toBe('UTC');
      expect((await update({ timezone: 'US/Eastern' }).expect(200)).body.timezone).toBe('US/Eastern');
      expect((await update({ timezone: '' }).expect(200)).body.timezone).toBe('');
    });

    it.each(['Mars/Olympus_Mons', 'europe/paris', 'UTC+15', 'UTC+5.3', '+02:00'])('refuses %s and changes nothing', async (zone) => {
      const before = await stored();
      const res = await update({ timezone: zone, title: 'Not written' }).expect(400);
      expect(res.body).toEqual({
        code: 'rest_invalid_param',
        message: 'Invalid parameter(s): timezone',
        data: {
          status: 400,
          params: { timezone: 'The timezone you have entered is not valid. Please select a valid timezone.' },
          details: { timezone: { code: 'invalid_timezone_string', message: 'The timezone you have entered is not valid. Please select a valid timezone.', data: null } },
        },
      });
      expect(await stored()).toEqual(before);
    });
  });

  describe('validation', () => {
    it('checks types and formats against the schema before anything else', async () => {
      const res = await update({ posts_per_page: 'lots', email: 'not-an-email', default_ping_status: 'maybe', use_smilies: 'yes' }).expect(400);
      expect(res.body.code).toBe('rest_invalid_param');
      expect(res.body.message).toBe('Invalid parameter(s): email, use_smilies, posts_per_page, default_ping_status');
      expect(res.body.data.params).toEqual({
        email: 'Invalid email address.',
        use_smilies: 'use_smilies is not of type boolean.',
        posts_per_page: 'posts_per_page is not of type integer.',
        default_ping_status: 'default_ping_status is not one of open and closed.',
      });
      expect(res.body.data.details.email).toEqual({ code: 'rest_invalid_email', message: 'Invalid email address.', data: null });
      expect(res.body.data.details.posts_per_page).toEqual({ code: 'rest_invalid_type', message: 'posts_per_page is not of type integer.', data: { param: 'posts_per_page' } });
      expect(await stored()).toEqual(baseline);
    });

    it('validates before checking permissions, as WordPress does', async () => {
      const res = await t.request.post(SETTINGS).send({ posts_per_page: 'lots' }).expect(400);
      expect(res.body.code).toBe('rest_invalid_param');
    });

    it('applies the settings rules, reports every failing setting, and writes nothing', async () => {
      const res = await update({
        title: 'Would be written',
        start_of_week: 7,
        show_on_front: 'everything',
        page_on_front: firstPost,
        page_for_posts: 999999,
        default_category: 999999,
        default_post_format: 'poem',
        language: 'fr_FR',
        site_logo: 999999,
      }).expect(400);
      expect(res.body.message).toBe(
        'Invalid parameter(s): start_of_week, language, default_category, default_post_format, show_on_front, page_on_front, page_for_posts, site_logo',
      );
      expect(res.body.data.details).toEqual({
        start_of_week: { code: 'rest_out_of_bounds', message: 'start_of_week must be between 0 (inclusive) and 6 (inclusive)', data: null },
        language: { code: 'rest_not_in_enum', message: 'language is not en_US.', data: null },
        default_category: { code: 'rest_term_invalid', message: 'Term does not exist.', data: null },
        default_post_format: { code: 'rest_not_in_enum', message: 'default_post_format is not one of 0, standard, aside, chat, gallery, link, image, quote, status, video, audio.', data: null },
        show_on_front: { code: 'rest_not_in_enum', message: 'show_on_front is not one of posts and page.', data: null },
        page_on_front: { code: 'rest_post_invalid_id', message: 'Invalid post ID.', data: null },
        page_for_posts: { code: 'rest_post_invalid_id', message: 'Invalid post ID.', data: null },
        site_logo: { code: 'rest_post_invalid_id', message: 'Invalid post ID.', data: null },
      });
      expect(res.body.data.params.start_of_week).toBe('start_of_week must be between 0 (inclusive) and 6 (inclusive)');
      expect(await stored()).toEqual(baseline);
    });

    it('accepts the values those rules allow', async () => {
      const res = await update({ start_of_week: 6, default_post_format: 'aside', default_category: uncategorized, language: 'en_US', show_on_front: 'posts', site_icon: 0 }).expect(200);
      expect(res.body).toMatchObject({ start_of_week: 6, default_post_format: 'aside', default_category: uncategorized, language: 'en_US', show_on_front: 'posts', site_icon: 0 });
    });

    it('refuses a draft page as the front page', async () => {
      const now = new Date();
      const draft = await t.db.prisma.content.create({ data: { type: 'page', status: 'draft', title: 'Draft', date: now, modified: now } });
      try {
        const res = await update({ page_on_front: draft.id }).expect(400);
        expect(res.body.data.details.page_on_front.code).toBe('rest_post_invalid_id');
      } finally {
        await t.db.prisma.content.delete({ where: { id: draft.id } });
      }
    });
  });

  describe('update permissions', () => {
    // WordPress 6.9: the EDITABLE handler's permission callback is get_item_permissions_check
    // (manage_options), so the server answers rest_forbidden whatever was sent.
    it('refuses a non-administrator with rest_forbidden (manage_options)', async () => {
      const res = await update({ posts_per_page: 4, title: 'Nope' }, editor).expect(403);
      expect(res.body).toEqual({ code: 'rest_forbidden', message: 'Sorry, you are not allowed to do that.', data: { status: 403 } });
      expect(res.headers.allow).toBeUndefined();
      const anonymous = await t.request.post(SETTINGS).send({ url: 'http://x.test' }).expect(401);
      expect(anonymous.body).toEqual({ code: 'rest_forbidden', message: 'Sorry, you are not allowed to do that.', data: { status: 401 } });
      expect(await stored()).toEqual(baseline);
    });

    it('answers rest_forbidden when no registered setting is sent', async () => {
      const res = await update({ unknown: 1, title: null }, editor).expect(403);
      expect(res.body).toEqual({ code: 'rest_forbidden', message: 'Sorry, you are not allowed to do that.', data: { status: 403 } });
      expect(await stored()).toEqual(baseline);
    });
  });

  it('reads and writes with a constant number of queries', async () => {
    await t.request.get(SETTINGS).set('Authorization', t.adminAuth).expect(200);
    let before = t.db.queries.count;
    await t.request.get(SETTINGS).set('Authorization', t.adminAuth).expect(200);
    const read = t.db.queries.count - before;
    before = t.db.queries.count;
    await update({ title: 'One' }).expect(200);
    const one = t.db.queries.count - before;
    before = t.db.queries.count;
    await update({ title: 'Two', description: 'Three', date_format: 'Y', time_format: 'H', use_smilies: false }).expect(200);
    const five = t.db.queries.count - before;
    // One row per changed option is written; everything else is fixed.
    expect(five - one).toBe(4);
    // 4, plus the brute-force protection's lockout check of the credentials (one indexed read).
    expect(read).toBeLessThanOrEqual(5);
  });
});

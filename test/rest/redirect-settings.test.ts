/**
 * redirects/v1 /setting over real HTTP: the settings view, and updates validated key by key as the
 * Redirection plugin's red_set_options does.
 */
import { defaultRedirectSettings, REDIRECT_SETTINGS_OPTION } from '../../src/domain/redirects/settings';
import { startTestApp, userAuth, type TestApp } from '../support/app';

const SETTING = '/wp-json/redirects/v1/setting';

describe('redirects/v1 settings', () => {
  let t: TestApp;
  let editor: string;

  beforeAll(async () => {
    t = await startTestApp();
    editor = await userAuth(t, 'ed', 'editor');
  });
  afterAll(() => t.close());
  afterEach(async () => {
    await t.db.prisma.option.deleteMany({ where: { name: REDIRECT_SETTINGS_OPTION } });
  });

  const save = (body: Record<string, unknown>, auth = t.adminAuth) => t.request.post(SETTING).set('Authorization', auth).send(body);
  const stored = async () => {
    const row = await t.db.prisma.option.findUnique({ where: { name: REDIRECT_SETTINGS_OPTION } });
    return row ? (JSON.parse(row.value) as Record<string, unknown>) : null;
  };

  it('answers the settings with the groups by module, the install and the monitorable post types', async () => {
    const res = await t.request.get(SETTING).set('Authorization', t.adminAuth).expect(200);
    expect(Object.keys(res.body)).toEqual(['settings', 'groups', 'installed', 'canDelete', 'post_types']);
    expect(res.body.settings).toEqual(defaultRedirectSettings());
    expect(res.body.groups).toEqual([{ label: 'WordPress', value: [{ label: 'Redirections', value: 1 }, { label: 'Modified Posts', value: 2 }] }]);
    expect(res.body.installed).toBe('http://example.test/');
    expect(res.body.canDelete).toBe(true);
    expect(res.body.post_types).toEqual({ post: 'Posts', page: 'Pages', tribe_events: 'Events', trash: 'Trash' });
    // Groups of other modules are listed under their module; module 0 has none.
    await t.db.prisma.redirectGroup.createMany({ data: [{ name: 'Apache rules', moduleId: 2 }, { name: 'Nowhere', moduleId: 0 }] });
    try {
      const groups = (await t.request.get(SETTING).set('Authorization', t.adminAuth).expect(200)).body.groups;
      expect(groups.map((g: { label: string }) => g.label)).toEqual(['WordPress', 'Apache']);
      expect(groups[1].value).toEqual([{ label: 'Apache rules', value: expect.any(Number) }]);
    } finally {
      await t.db.prisma.redirectGroup.deleteMany({ where: { id: { gt: 2 } } });
    }
  });

  it('saves known keys, ignores unknown ones, and answers the settings view', async () => {
    const res = await save({ expire_redirect: 30, expire_404: '14', log_header: true, track_hits: 0, ip_logging: 2, auto_target: '/auto/<b>$dec$</b>', unknown: 'x', modules: { 2: { location: '/x' } } }).expect(200);
    expect(Object.keys(res.body)).toEqual(['settings', 'groups', 'installed', 'canDelete', 'post_types']);
    expect(res.body.settings).toMatchObject({ expire_redirect: 30, expire_404: 14, log_header: true, track_hits: false, ip_logging: 2, auto_target: '/auto/$dec$', modules: {} });
    expect(res.body.settings).not.toHaveProperty('unknown');
    const row = await stored();
    expect(row).toMatchObject({ expire_redirect: 30, expire_404: 14 });
    expect(row).not.toHaveProperty('unknown');
    expect((await t.request.get(SETTING).set('Authorization', t.adminAuth).expect(200)).body.settings).toEqual(res.body.settings);
    // A form body works too.
    const form = await t.request.post(SETTING).set('Authorization', t.adminAuth).type('form').send('expire_404=3&log_external=1').expect(200);
    expect(form.body.settings).toMatchObject({ expire_404: 3, log_external: true, expire_redirect: 30 });
  });

  it('makes a token once, when the settings are saved without one', async () => {
    const first = (await save({ support: true }).expect(200)).body.settings.token;
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect((await save({ support: false }).expect(200)).body.settings.token).toBe(first);
    expect((await save({ token: 'my <b>token</b>' }).expect(200)).body.settings.token).toBe('my token');
    const renewed = (await save({ token: '  ' }).expect(200)).body.settings.token;
    expect(renewed).toMatch(/^[0-9a-f]{32}$/);
    expect(renewed).not.toBe(first);
  });

  it('clamps numbers and ignores values of the wrong type as the plugin does', async () => {
    const res = await save({
      expire_redirect: 1000, expire_404: -5, ip_logging: 9, redirect_cache: 5, rest_api: 2,
      flag_case: 'yes', flag_trailing: false, flag_query: 'bogus', plugin_update: 'never', preferred_domain: 'maybe',
      auto_target: ['x'], associated_redirect: 5, ip_headers: ['HTTP_X_FORWARDED_FOR', 'HTTP_EVIL'], ip_proxy: ['10.0.0.1, 10.0.0.2', 'nope', '2001:0db8::1'],
      permalinks: [' /%postname%/ ', '', '/a', '/b', '/c', '/d', '/e', '/f', '/g', '/h', '/i', '/j'], cache_key: true, update_notice: 'anything',
    }).expect(200);
    expect(res.body.settings).toMatchObject({
      expire_redirect: 60, expire_404: -1, ip_logging: 2, redirect_cache: 1, rest_api: 0,
      flag_case: true, flag_trailing: false, flag_query: 'exact', plugin_update: 'prompt', preferred_domain: '', auto_target: '', associated_redirect: '',
      ip_headers: ['HTTP_X_FORWARDED_FOR'], ip_proxy: ['10.0.0.1', '2001:db8::1'], update_notice: '5.4',
    });
    expect(res.body.settings.permalinks).toEqual(['/%postname%/', '/a', '/b', '/c', '/d', '/e', '/f', '/g', '/h', '/i']);
    expect(res.body.settings.cache_key).toBeGreaterThan(1_700_000_000);
    expect((await save({ redirect_cache: '24', rest_api: '3', cache_key: false, flag_query: 'pass' }).expect(200)).body.settings).toMatchObject({ redirect_cache: 24, rest_api: 3, cache_key: 0, flag_query: 'pass' });
    // A regular-expression default forces exact query matching.
    expect((await save({ flag_regex: true }).expect(200)).body.settings).toMatchObject({ flag_regex: true, flag_query: 'exact' });
  });

  it('limits monitoring to public post types and existing groups', async () => {
    const watched = await save({ monitor_types: ['post', 'attachment', 'tribe_venue', 'trash', 7], monitor_post: 99, associated_redirect: 'https://elsewhere.test/amp/' }).expect(200);
    expect(watched.body.settings).toMatchObject({ monitor_types: ['post', 'trash'], monitor_post: 1, associated_redirect: '/amp/' });
    expect((await save({ monitor_post: '2' }).expect(200)).body.settings.monitor_post).toBe(2);
    // No type left turns monitoring off; so does a value that is not a list.
    expect((await save({ monitor_types: [] }).expect(200)).body.settings).toMatchObject({ monitor_types: [], monitor_post: 0, associated_redirect: '' });
    await save({ monitor_types: ['page'], monitor_post: 2 }).expect(200);
    expect((await save({ monitor_types: 'page' }).expect(200)).body.settings).toMatchObject({ monitor_types: ['page'], monitor_post: 0 });
    expect((await save({ last_group_id: 2 }).expect(200)).body.settings.last_group_id).toBe(2);
    expect((await save({ last_group_id: 77 }).expect(200)).body.settings.last_group_id).toBe(1);
  });

  it('reads domains for aliases and relocation', async () => {
    const aliases = await save({ aliases: ['www.example.org', 'https://b.example.net/path', '', '<b>'], preferred_domain: 'www', https: true }).expect(200);
    expect(aliases.body.settings).toMatchObject({ aliases: ['www.example.org', 'b.example.net'], preferred_domain: 'www', https: true });
    const relocated = await save({ relocate: 'https://new.example.com/blog' }).expect(200);
    expect(relocated.body.settings).toMatchObject({ relocate: 'https://new.example.com/blog', aliases: [], preferred_domain: '', https: false });
    expect((await save({ relocate: '' }).expect(200)).body.settings.relocate).toBe('');
  });

  it('keeps site headers that have a name and a type', async () => {
    const res = await save({
      headers: [
        // Line breaks become spaces (sanitize_text_field): the value stays one line.
        { headerName: 'x frame  options', type: 'custom', headerValue: 'DENY\r\nSet-Cookie: x', location: 'site', headerSettings: { a: { value: 'b' } } },
        { headerName: '', type: 'custom', headerValue: 'x' },
        'junk',
      ],
    }).expect(200);
    expect(res.body.settings.headers).toEqual([{ type: 'Custom', headerName: 'X-Frame-Options', headerValue: 'DENY Set-Cookie: x', location: 'site', headerSettings: { a: 'b' } }]);
  });

  it('never lets client keys reach an object prototype', async () => {
    const res = await t.request.post(SETTING).set('Authorization', t.adminAuth).set('Content-Type', 'application/json')
      .send('{"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}, "expire_404": 2}').expect(200);
    expect(res.body.settings.expire_404).toBe(2);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(await stored()).not.toHaveProperty('polluted');
  });

  it('is for administrators; a refused update changes nothing', async () => {
    expect((await t.request.get(SETTING).expect(401)).body).toMatchObject({ code: 'rest_forbidden', data: { status: 401 } });
    expect((await t.request.get(SETTING).set('Authorization', editor).expect(403)).body.code).toBe('rest_forbidden');
    await t.request.post(SETTING).send({ expire_404: 1 }).expect(401);
    await t.request.put(SETTING).set('Authorization', editor).send({ expire_404: 1 }).expect(403);
    expect(await stored()).toBeNull();
    await t.request.delete(SETTING).set('Authorization', t.adminAuth).expect(404);
  });
});

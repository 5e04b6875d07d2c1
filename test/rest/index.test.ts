/**
 * The site index, namespace roots, URL forms and headers every response carries.
 */
import { startTestApp, SITE_URL, type TestApp } from '../support/app';

describe('site index and namespace roots', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('serves every field of the index in WordPress order', async () => {
    const res = await t.request.get('/wp-json/').expect(200);
    expect(Object.keys(res.body)).toEqual([
      'name', 'description', 'url', 'home', 'gmt_offset', 'timezone_string', 'page_for_posts', 'page_on_front',
      'show_on_front', 'namespaces', 'authentication', 'routes', 'site_logo', 'site_icon', 'site_icon_url', '_links',
    ]);
    expect(res.body).toMatchObject({
      url: SITE_URL,
      home: SITE_URL,
      gmt_offset: '0',
      timezone_string: '',
      page_for_posts: 0,
      page_on_front: 0,
      show_on_front: 'posts',
      site_logo: 0,
      site_icon: 0,
      site_icon_url: '',
      _links: { help: [{ href: 'https://developer.wordpress.org/rest-api/' }] },
    });
    expect(res.headers['content-type']).toBe('application/json; charset=UTF-8');
    expect(res.headers.link).toBe(`<${SITE_URL}/wp-json/>; rel="https://api.w.org/"`);
    expect(res.headers.allow).toBe('GET');
  });

  it('lists the full profile namespaces in the spec order, without batch/v1', async () => {
    const res = await t.request.get('/wp-json/').expect(200);
    expect(res.body.namespaces).toEqual([
      'oembed/1.0', 'security/v1', 'seo/v1', 'redirects/v1', 'events-import/v1', 'events/v1', 'views/v2',
      'onboarding/v2', 'calendar/v1', 'core/v2', 'site-health/v1', 'block-editor/v1',
    ]);
  });

  it('advertises application passwords with the authorisation address', async () => {
    const res = await t.request.get('/wp-json/').expect(200);
    expect(res.body.authentication).toEqual({
      'application-passwords': { endpoints: { authorization: `${SITE_URL}/wp-admin/authorize-application.php` } },
    });
  });

  it('prints an empty array for authentication when application passwords are disabled', async () => {
    await t.db.prisma.option.create({ data: { name: 'application_passwords_enabled', value: 'false' } });
    try {
      const res = await t.request.get('/wp-json/').expect(200);
      expect(res.body.authentication).toEqual([]);
    } finally {
      await t.db.prisma.option.delete({ where: { name: 'application_passwords_enabled' } });
    }
  });

  it('describes routes keyed by pattern, root and batch with an empty namespace', async () => {
    const { body } = await t.request.get('/wp-json/').expect(200);
    const keys = Object.keys(body.routes);
    expect(keys.slice(0, 2)).toEqual(['/', '/batch/v1']);
    expect(body.routes['/']).toEqual({
      namespace: '',
      methods: ['GET'],
      endpoints: [{ methods: ['GET'], args: { context: { default: 'view', required: false } } }],
      _links: { self: [{ href: `${SITE_URL}/wp-json/` }] },
    });
    const batch = body.routes['/batch/v1'];
    expect(batch.namespace).toBe('');
    expect(batch.endpoints[0].args.requests).toMatchObject({ type: 'array', maxItems: 25, required: true });
    expect(batch.endpoints[0].args.validation).toEqual({ type: 'string', enum: ['require-all-validate', 'normal'], default: 'normal', required: false });
    // every namespace of the profile answers at its root and is in the index
    for (const ns of body.namespaces) expect(keys).toContain('/' + ns);
    // a namespace root precedes the routes of its namespace
    const core = keys.indexOf('/core/v2');
    expect(keys.filter((k) => k.startsWith('/core/v2/')).every((k) => keys.indexOf(k) > core)).toBe(true);
    // every endpoint arg carries a boolean required; args with none are an empty array
    for (const route of Object.values(body.routes) as Array<{ endpoints: Array<{ args: unknown }> }>) {
      for (const endpoint of route.endpoints) {
        if (Array.isArray(endpoint.args)) expect(endpoint.args).toEqual([]);
        else for (const arg of Object.values(endpoint.args as Record<string, { required: unknown }>)) expect(typeof arg.required).toBe('boolean');
      }
    }
  });

  it('gives _links.self only to routes without path variables', async () => {
    const { body } = await t.request.get('/wp-json/').expect(200);
    for (const [pattern, route] of Object.entries(body.routes) as Array<[string, { _links?: unknown }]>) {
      if (pattern.includes('(?P<')) expect(route._links).toBeUndefined();
      else expect(route._links).toEqual({ self: [{ href: `${SITE_URL}/wp-json${pattern === '/' ? '/' : pattern}` }] });
    }
  });

  it('answers the same index through ?rest_route= on index.php and on the home page', async () => {
    const pretty = await t.request.get('/wp-json/').expect(200);
    const plain = await t.request.get('/index.php?rest_route=/').expect(200);
    const home = await t.request.get('/?rest_route=/').expect(200);
    expect(plain.body).toEqual(pretty.body);
    expect(home.body).toEqual(pretty.body);
    await t.request.get('/wp-json').expect(200);
  });

  it('serves namespace roots with their routes and an up link', async () => {
    const res = await t.request.get('/wp-json/core/v2').expect(200);
    expect(res.body.namespace).toBe('core/v2');
    expect(Object.keys(res.body.routes)[0]).toBe('/core/v2');
    expect(Object.keys(res.body.routes).every((k) => k.startsWith('/core/v2'))).toBe(true);
    expect(res.body.routes['/core/v2'].endpoints[0].args).toEqual({ namespace: { default: 'core/v2', required: false }, context: { default: 'view', required: false } });
    expect(res.body._links).toEqual({ up: [{ href: `${SITE_URL}/wp-json/` }] });
  });

  it('answers at the root of a namespace that is listed in the index only', async () => {
    const res = await t.request.get('/wp-json/site-health/v1').expect(200);
    expect(res.body).toEqual({
      namespace: 'site-health/v1',
      routes: {
        '/site-health/v1': {
          namespace: 'site-health/v1',
          methods: ['GET'],
          endpoints: [{ methods: ['GET'], args: { namespace: { default: 'site-health/v1', required: false }, context: { default: 'view', required: false } } }],
          _links: { self: [{ href: `${SITE_URL}/wp-json/site-health/v1` }] },
        },
      },
      _links: { up: [{ href: `${SITE_URL}/wp-json/` }] },
    });
  });

  it('refuses an unknown namespace given as a parameter', async () => {
    const res = await t.request.get('/wp-json/core/v2?namespace=bogus').expect(404);
    expect(res.body).toEqual({ code: 'rest_invalid_namespace', message: 'The specified namespace could not be found.', data: { status: 404 } });
  });

  it('includes item schemas only in the help context', async () => {
    const view = await t.request.get('/wp-json/').expect(200);
    expect(Object.values(view.body.routes).some((r) => 'schema' in (r as object))).toBe(false);
    const help = await t.request.get('/wp-json/?context=help').expect(200);
    expect(Object.keys(help.body.routes)).toEqual(Object.keys(view.body.routes));
  });

  it('matches routes case-insensitively and ignores a trailing slash', async () => {
    const res = await t.request.get('/wp-json/CORE/V2/').expect(200);
    expect(res.body.namespace).toBe('core/v2');
  });

  it('reports a health status for load balancers', async () => {
    const res = await t.request.get('/health').expect(200);
    expect(res.body).toEqual({ status: 'ok' });
  });
});

describe('deployment profiles and URL forms', () => {
  it('lists the core profile namespaces and plain links', async () => {
    const t = await startTestApp({ SITE_PROFILE: 'core', PERMALINKS: 'plain' });
    try {
      const res = await t.request.get('/index.php?rest_route=/').expect(200);
      expect(res.body.namespaces).toEqual(['oembed/1.0', 'core/v2', 'site-health/v1', 'block-editor/v1', 'abilities/v1']);
      expect(res.body.routes['/']._links.self).toEqual([{ href: `${SITE_URL}/index.php?rest_route=/` }]);
      expect(res.body.routes['/core/v2']._links.self).toEqual([{ href: `${SITE_URL}/index.php?rest_route=/core/v2` }]);
      expect(res.headers.link).toBe(`<${SITE_URL}/index.php?rest_route=/>; rel="https://api.w.org/"`);
      expect(Object.keys(res.body.routes).some((k) => k.startsWith('/events/v1'))).toBe(false);
      await t.request.get('/wp-json/events/v1').expect(404);
    } finally {
      await t.close();
    }
  });

  it('serves the REST root under a configured prefix', async () => {
    const t = await startTestApp({ REST_ROOT: 'api' });
    try {
      const res = await t.request.get('/api/').expect(200);
      expect(res.body.routes['/']._links.self).toEqual([{ href: `${SITE_URL}/api/` }]);
      await t.request.get('/wp-json/').expect(404);
    } finally {
      await t.close();
    }
  });
});

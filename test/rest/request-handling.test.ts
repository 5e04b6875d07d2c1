/**
 * The request pipeline shared by every route: errors, method override, bodies, envelope, JSONP,
 * OPTIONS, HEAD, _fields, repeated parameters and authentication failures.
 */
import { basicAuth, startTestApp, ADMIN_LOGIN, SITE_URL, type TestApp } from '../support/app';

describe('request handling', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  describe('errors', () => {
    it('answers an unknown route with rest_no_route', async () => {
      const res = await t.request.get('/wp-json/core/v2/no-such-route').expect(404);
      expect(res.body).toEqual({ code: 'rest_no_route', message: 'No route was found matching the URL and request method.', data: { status: 404 } });
      expect(res.headers.allow).toBeUndefined();
    });

    it('answers a known route with a wrong method as WordPress does (404 rest_no_route)', async () => {
      const res = await t.request.get('/wp-json/batch/v1').expect(404);
      expect(res.body.code).toBe('rest_no_route');
      await t.request.delete('/wp-json/').expect(404);
    });

    it('refuses malformed JSON with rest_invalid_json', async () => {
      const res = await t.request.post('/wp-json/batch/v1').set('Content-Type', 'application/json').send('{"requests": [').expect(400);
      expect(res.body).toEqual({ code: 'rest_invalid_json', message: 'Invalid JSON body passed.', data: { status: 400, json_error_code: 4, json_error_message: 'Syntax error' } });
    });

    it('reports missing required parameters as a list', async () => {
      const res = await t.request.post('/wp-json/batch/v1').send({}).expect(400);
      expect(res.body).toEqual({ code: 'rest_missing_callback_param', message: 'Missing parameter(s): requests', data: { status: 400, params: ['requests'] } });
    });

    it('reports invalid parameters with params and details', async () => {
      const res = await t.request.post('/wp-json/batch/v1').send({ validation: 'sometimes', requests: [] }).expect(400);
      expect(res.body.code).toBe('rest_invalid_param');
      expect(res.body.message).toBe('Invalid parameter(s): validation');
      expect(res.body.data.status).toBe(400);
      expect(res.body.data.params).toEqual({ validation: 'validation is not one of require-all-validate and normal.' });
      expect(res.body.data.details.validation.code).toBe('rest_not_in_enum');
    });

    it('refuses a query parameter given twice instead of picking one', async () => {
      const res = await t.request.get('/wp-json/?context=view&context=edit').expect(400);
      expect(res.body.code).toBe('rest_invalid_param');
      expect(Object.keys(res.body.data.params)).toEqual(['context']);
    });

    it('refuses an array-valued rest_route', async () => {
      const res = await t.request.get('/index.php?rest_route[]=/').expect(400);
      expect(res.body.code).toBe('rest_path_invalid_type');
    });

    it('survives hostile query strings without a 500', async () => {
      for (const q of ['__proto__[x]=1', 'a[b][c][d][e]=1&a=2', '%E0%A4%A=1', 'context[]=edit', '_fields[]=name', '_embed[x]=1', 'a[=1', 'constructor[prototype][x]=1']) {
        const res = await t.request.get('/wp-json/?' + q);
        expect(res.status).toBeLessThan(500);
      }
      expect(({} as Record<string, unknown>).x).toBeUndefined();
    });
  });

  describe('method override', () => {
    it('dispatches _method from the query string', async () => {
      const res = await t.request.post('/wp-json/?_method=GET').expect(200);
      expect(res.body.namespaces).toContain('core/v2');
    });

    it('dispatches X-HTTP-Method-Override', async () => {
      await t.request.post('/wp-json/').set('X-HTTP-Method-Override', 'GET').expect(200);
    });

    it('prefers _method over the header', async () => {
      await t.request.post('/wp-json/?_method=GET').set('X-HTTP-Method-Override', 'DELETE').expect(200);
      await t.request.post('/wp-json/?_method=DELETE').set('X-HTTP-Method-Override', 'GET').expect(404);
    });

    it('marks a 4xx that came from an override as not cacheable', async () => {
      const res = await t.request.post('/wp-json/').set('X-HTTP-Method-Override', 'DELETE').expect(404);
      expect(res.headers['cache-control']).toBe('no-cache, must-revalidate, max-age=0, no-store, private');
    });
  });

  describe('response variants', () => {
    it('wraps the response with _envelope and always answers 200', async () => {
      const ok = await t.request.get('/wp-json/core/v2?_envelope').expect(200);
      expect(ok.body.status).toBe(200);
      expect(ok.body.headers).toEqual({ Allow: 'GET' });
      expect(ok.body.body.namespace).toBe('core/v2');
      const missing = await t.request.get('/wp-json/nothing-here?_envelope=1').expect(200);
      expect(missing.body).toEqual({ body: { code: 'rest_no_route', message: 'No route was found matching the URL and request method.', data: { status: 404 } }, status: 404, headers: [] });
    });

    it('wraps the response in a JSONP callback', async () => {
      const res = await t.request.get('/wp-json/core/v2?_jsonp=my.callback_1').expect(200);
      expect(res.headers['content-type']).toBe('application/javascript; charset=UTF-8');
      expect(res.text.startsWith('/**/my.callback_1({"namespace":"core/v2"')).toBe(true);
      expect(res.text.endsWith('})')).toBe(true);
    });

    it('refuses an invalid JSONP callback, with data.status as every error of ours (WordPress prints none)', async () => {
      const res = await t.request.get('/wp-json/?_jsonp=alert(1)').expect(400);
      expect(res.body).toEqual({ code: 'rest_callback_invalid', message: 'Invalid JSONP callback function.', data: { status: 400 } });
    });

    it('pretty-prints with _pretty', async () => {
      const res = await t.request.get('/wp-json/site-health/v1?_pretty').expect(200);
      expect(res.text).toContain('\n    "namespace": "site-health/v1"');
    });

    it('keeps only the requested _fields, nested ones too', async () => {
      const res = await t.request.get('/wp-json/?_fields=name,description,routes./.namespace').expect(200);
      expect(res.body).toEqual({ name: expect.any(String), description: expect.any(String), routes: { '/': { namespace: '' } } });
    });

    it('never filters an error with _fields', async () => {
      const res = await t.request.get('/wp-json/nope?_fields=code').expect(404);
      expect(Object.keys(res.body)).toEqual(['code', 'message', 'data']);
    });

    it('answers HEAD with headers and no body', async () => {
      const res = await t.request.head('/wp-json/').expect(200);
      expect(res.text).toBeUndefined();
      expect(res.headers.link).toBe(`<${SITE_URL}/wp-json/>; rel="https://api.w.org/"`);
    });

    it('answers CORS requests with the origin', async () => {
      const res = await t.request.get('/wp-json/core/v2').set('Origin', 'https://app.example').expect(200);
      expect(res.headers['access-control-allow-origin']).toBe('https://app.example');
      expect(res.headers['access-control-allow-credentials']).toBe('true');
      expect(res.headers['access-control-expose-headers']).toBe('X-WP-Total, X-WP-TotalPages, Link');
    });
  });

  describe('OPTIONS', () => {
    it('describes the matched route with its Allow header', async () => {
      const res = await t.request.options('/wp-json/batch/v1').expect(200);
      expect(res.body.namespace).toBe('');
      expect(res.body.methods).toEqual(['POST']);
      expect(res.body.endpoints[0].args.requests.required).toBe(true);
      expect(res.headers.allow).toBe('POST');
    });

    it('answers an unknown path with an empty array', async () => {
      const res = await t.request.options('/wp-json/no/such/route').expect(200);
      expect(res.body).toEqual([]);
    });
  });

  describe('authentication', () => {
    it('accepts the application password with spaces or without', async () => {
      const spaced = await t.request.get('/wp-json/').set('Authorization', t.adminAuth).expect(200);
      expect(spaced.headers['cache-control']).toBe('no-cache, must-revalidate, max-age=0, no-store, private');
      await t.request.get('/wp-json/').set('Authorization', basicAuth(ADMIN_LOGIN, 'abcdEFGHijklMNOPqrstUVWX')).expect(200);
    });

    it('refuses a wrong application password with incorrect_password', async () => {
      const res = await t.request.get('/wp-json/').set('Authorization', basicAuth(ADMIN_LOGIN, 'wrong wrong wrong')).expect(401);
      expect(res.body).toEqual({ code: 'incorrect_password', message: 'The provided password is an invalid application password.', data: { status: 401 } });
    });

    it('does not accept the account password', async () => {
      const res = await t.request.get('/wp-json/').set('Authorization', basicAuth(ADMIN_LOGIN, 'correct horse battery staple')).expect(401);
      expect(res.body.code).toBe('incorrect_password');
    });

    it('refuses an unknown user name or email', async () => {
      const byName = await t.request.get('/wp-json/').set('Authorization', basicAuth('nobody', 'abcd')).expect(401);
      expect(byName.body.code).toBe('invalid_username');
      const byEmail = await t.request.get('/wp-json/').set('Authorization', basicAuth('nobody@example.com', 'abcd')).expect(401);
      expect(byEmail.body.code).toBe('invalid_email');
    });

    it('accepts the email address as the login', async () => {
      await t.request.get('/wp-json/').set('Authorization', basicAuth('admin@example.com', 'abcd EFGH ijkl MNOP qrst UVWX')).expect(200);
    });

    it('answers application_passwords_disabled when the setting is off', async () => {
      await t.db.prisma.option.create({ data: { name: 'application_passwords_enabled', value: 'false' } });
      try {
        const res = await t.request.get('/wp-json/').set('Authorization', t.adminAuth).expect(401);
        expect(res.body.code).toBe('application_passwords_disabled');
      } finally {
        await t.db.prisma.option.delete({ where: { name: 'application_passwords_enabled' } });
      }
    });

    it('records when an application password was last used', async () => {
      await t.db.prisma.applicationPassword.updateMany({ data: { lastUsedAt: null, lastIp: null } });
      await t.request.get('/wp-json/').set('Authorization', t.adminAuth).expect(200);
      const rows = await t.db.prisma.applicationPassword.findMany();
      expect(rows[0].lastUsedAt).toBeInstanceOf(Date);
      expect(rows[0].lastIp).toBeTruthy();
    });
  });
});

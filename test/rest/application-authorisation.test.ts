/**
 * The application authorisation page (wp-admin/authorize-application.php) over real HTTP: the
 * URL the index prints, WordPress's request rules, the session cookie and its CSRF tokens, sign-in
 * without revealing accounts, approval (a password that works), rejection and sign-out.
 */
import { centralAuthorization } from '../support/central';
import { createHash } from 'node:crypto';
import { MAX_FAILED_SIGN_INS } from '../../src/domain/users/sign-in';
import { startTestApp, SITE_URL, type TestApp } from '../support/app';

const PAGE = '/wp-admin/authorize-application.php';
const ADMIN_PASSWORD = 'correct horse battery staple';
const APP_ID = '3f1e2d4c-5b6a-4978-8a9b-0c1d2e3f4a5b';

const pageUrl = (params: Record<string, string>): string => `${PAGE}?${new URLSearchParams(params)}`;

/** The value of a hidden field in a page. */
function field(html: string, name: string): string {
  const match = new RegExp(`name="${name}" value="([^"]*)"`).exec(html);
  if (!match) throw new Error(`no field ${name} in ${html}`);
  return match[1].replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>');
}

/** A browser's part of the flow: one cookie jar, one client address. */
class Visitor {
  cookie = '';
  constructor(
    private readonly t: TestApp,
    readonly ip: string,
  ) {}

  private keep(setCookie: string[] | string | undefined): void {
    const line = Array.isArray(setCookie) ? setCookie[0] : setCookie;
    if (line) this.cookie = line.split(';')[0].endsWith('=') ? '' : line.split(';')[0];
  }

  async get(url: string) {
    const res = await this.t.request.get(url).set('Cookie', this.cookie).set('X-Forwarded-For', this.ip);
    this.keep(res.headers['set-cookie']);
    return res;
  }

  async post(url: string, form: Record<string, string>) {
    const res = await this.t.request.post(url).set('Cookie', this.cookie).set('X-Forwarded-For', this.ip).type('form').send(form);
    this.keep(res.headers['set-cookie']);
    return res;
  }

  /** Opens the page and signs in with the form it shows. */
  async signIn(url: string, login = 'admin', password = ADMIN_PASSWORD) {
    const page = await this.get(url);
    expect(page.status).toBe(200);
    return this.post(url, { action: 'sign_in', _wpnonce: field(page.text, '_wpnonce'), log: login, pwd: password });
  }

  /** Signs in and submits the consent form as shown (with one button). */
  async decide(params: Record<string, string>, button: 'approve' | 'reject', overrides: Record<string, string> = {}) {
    const url = pageUrl(params);
    const signedIn = await this.signIn(url);
    expect(signedIn.status).toBe(302);
    const consent = await this.get(url);
    expect(consent.status).toBe(200);
    const form: Record<string, string> = {
      action: 'authorize_application_password',
      _wpnonce: field(consent.text.slice(0, consent.text.indexOf('class="session"')), '_wpnonce'),
      app_name: field(consent.text, 'app_name'),
      app_id: field(consent.text, 'app_id'),
      success_url: field(consent.text, 'success_url'),
      reject_url: field(consent.text, 'reject_url'),
      [button]: '1',
      ...overrides,
    };
    return this.post(PAGE, form);
  }
}

describe('application authorisation page', () => {
  let t: TestApp;
  let visitors = 0;
  const visitor = (): Visitor => new Visitor(t, `198.51.100.${++visitors}`);

  beforeAll(async () => {
    t = await startTestApp();
    // Visitors are told apart by X-Forwarded-For: the site believes it only from a proxy its
    // security settings trust (here the tests' own loopback connection).
    await t.request
      .post('/wp-json/security/v1/config')
      .set('Authorization', await centralAuthorization(t))
      .send({ fields: { howGetIPs: 'HTTP_X_FORWARDED_FOR', howGetIPs_trusted_proxies: '127.0.0.1, ::1' } })
      .expect(200);
  });
  afterAll(() => t.close());

  it('answers at the URL the index prints', async () => {
    const index = await t.request.get('/wp-json/').expect(200);
    const url = index.body.authentication['application-passwords'].endpoints.authorization;
    expect(url).toBe(`${SITE_URL}${PAGE}`);
    const res = await t.request.get(new URL(url).pathname + '?app_name=Tester').expect(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.text).toContain('<html lang="en">');
    expect(res.text).toContain('<label for="user_login">Username or Email Address</label>');
    expect(res.text).toContain('<strong>Tester</strong>');
  });

  describe('request rules (wp_is_authorize_application_password_request_valid)', () => {
    const refused = async (params: Record<string, string>, ...messages: string[]) => {
      const res = await t.request.get(pageUrl(params)).expect(400);
      expect(res.text).toContain('<title>Cannot Authorize Application</title>');
      expect(res.text).toContain(['The Authorize Application request is not allowed.', ...messages].join(' '));
      // Refused before any session is made.
      expect(res.headers['set-cookie']).toBeUndefined();
    };

    it('refuses plain http except towards loopback addresses', async () => {
      await refused({ app_name: 'A', success_url: 'http://app.example/cb' }, 'The URL must be served over a secure connection.');
      await refused({ app_name: 'A', success_url: 'http://localhost/cb' }, 'The URL must be served over a secure connection.');
      await refused({ app_name: 'A', reject_url: 'http://app.example/no' }, 'The URL must be served over a secure connection.');
      for (const ok of ['https://app.example/cb?state=1', 'http://127.0.0.1:9000/cb', 'http://[::1]:9000/cb', 'myapp://callback']) {
        await t.request.get(pageUrl({ app_name: 'A', success_url: ok, reject_url: ok })).expect(200);
      }
    });

    it('refuses malformed URLs, javascript: and data:', async () => {
      await refused({ app_name: 'A', success_url: 'javascript:alert(1)' }, 'Invalid URL format.');
      await refused({ app_name: 'A', success_url: 'data:text/html,hi' }, 'Invalid URL format.');
      await refused({ app_name: 'A', success_url: 'app.example/cb' }, 'Invalid URL format.');
      await refused({ app_name: 'A', reject_url: 'mailto:me' }, 'Invalid URL format.');
    });

    it('refuses an app_id that is not a UUID, listing every problem', async () => {
      await refused({ app_name: 'A', app_id: 'not-a-uuid' }, 'The application ID must be a UUID.');
      await refused({ app_name: 'A', app_id: APP_ID.toUpperCase() }, 'The application ID must be a UUID.');
      await refused(
        { app_name: 'A', app_id: 'x', success_url: 'http://app.example/cb', reject_url: 'javascript:void(0)' },
        'The URL must be served over a secure connection.',
        'Invalid URL format.',
        'The application ID must be a UUID.',
      );
    });
  });

  describe('session cookie and CSRF', () => {
    it('sets an HttpOnly, SameSite=Lax cookie scoped to /wp-admin/, stored only as a hash', async () => {
      const res = await t.request.get(pageUrl({ app_name: 'A' })).expect(200);
      const cookie = String(res.headers['set-cookie']);
      expect(cookie).toMatch(/^content_site_session=[A-Za-z0-9_-]{43}; Max-Age=3600; Path=\/wp-admin\/; HttpOnly; SameSite=Lax$/);
      const id = cookie.split(';')[0].split('=')[1];
      const hash = createHash('sha256').update(id).digest('hex');
      expect(await t.db.prisma.loginSession.count({ where: { idHash: hash } })).toBe(1);
      expect(await t.db.prisma.loginSession.count({ where: { idHash: id } })).toBe(0);
    });

    it('adds Secure on an https site', async () => {
      const secure = await startTestApp({ SITE_URL: 'https://secure.example.test' });
      try {
        const res = await secure.request.get(pageUrl({ app_name: 'A' })).expect(200);
        expect(String(res.headers['set-cookie'])).toMatch(/; HttpOnly; SameSite=Lax; Secure$/);
      } finally {
        await secure.close();
      }
    });

    it('refuses forms without the token of their session', async () => {
      const url = pageUrl({ app_name: 'A' });
      const v = visitor();
      const page = await v.get(url);
      const token = field(page.text, '_wpnonce');
      const expired = (res: { status: number; text: string }) => {
        expect(res.status).toBe(403);
        expect(res.text).toContain('The link you followed has expired.');
      };
      // No token, a wrong one, the right one for another action, and the right one without the cookie.
      expired(await v.post(url, { action: 'sign_in', log: 'admin', pwd: ADMIN_PASSWORD }));
      expired(await v.post(url, { action: 'sign_in', _wpnonce: token.slice(1) + 'x', log: 'admin', pwd: ADMIN_PASSWORD }));
      expired(await v.post(url, { action: 'sign_out', _wpnonce: token }));
      expired(await t.request.post(url).type('form').send({ action: 'sign_in', _wpnonce: token, log: 'admin', pwd: ADMIN_PASSWORD }));
      // Another visitor's token with this visitor's cookie.
      const other = await visitor().get(url);
      expired(await v.post(url, { action: 'sign_in', _wpnonce: field(other.text, '_wpnonce'), log: 'admin', pwd: ADMIN_PASSWORD }));
      // A signed-in session's approval needs its own token too.
      const signedIn = visitor();
      await signedIn.signIn(url);
      expired(await signedIn.post(PAGE, { action: 'authorize_application_password', _wpnonce: token, app_name: 'A', approve: '1' }));
      expect(await t.db.prisma.applicationPassword.count({ where: { name: 'A' } })).toBe(0);
    });
  });

  describe('sign-in', () => {
    it('gives one generic error whether or not the account exists', async () => {
      const url = pageUrl({ app_name: 'A' });
      const wrongPassword = await visitor().signIn(url, 'admin', 'nope');
      const noAccount = await visitor().signIn(url, 'nobody', 'nope');
      const noEmail = await visitor().signIn(url, 'nobody@example.com', 'nope');
      for (const res of [wrongPassword, noAccount, noEmail]) {
        expect(res.status).toBe(401);
        expect(res.text).toContain('Error: Invalid username, email address or incorrect password.');
        expect(res.text).toContain('role="alert"');
      }
    });

    it('signs in by e-mail address and starts a new session under a new id', async () => {
      const url = pageUrl({ app_name: 'A' });
      const v = visitor();
      await v.get(url);
      const before = v.cookie;
      const res = await v.signIn(url, 'admin@example.com');
      expect(res.status).toBe(302);
      expect(res.headers.location).toBe(url);
      expect(v.cookie).not.toBe(before);
      expect(String(res.headers['set-cookie'])).toMatch(/Max-Age=172800; Path=\/wp-admin\/; HttpOnly; SameSite=Lax$/);
      const consent = await v.get(url);
      expect(consent.text).toContain('Signed in as <strong>admin</strong>');
      // The session it replaced is gone.
      const old = await t.request.get(url).set('Cookie', before).expect(200);
      expect(old.text).toContain('Username or Email Address');
    });

    it(`refuses sign-ins after ${MAX_FAILED_SIGN_INS} failures from one address for one login`, async () => {
      const url = pageUrl({ app_name: 'A' });
      const ip = '203.0.113.77';
      for (let i = 0; i < MAX_FAILED_SIGN_INS; i++) expect((await new Visitor(t, ip).signIn(url, 'admin', 'guess')).status).toBe(401);
      const blocked = await new Visitor(t, ip).signIn(url);
      expect(blocked.status).toBe(429);
      expect(blocked.text).toContain('Too many failed sign-in attempts.');
      // Another address is not held back.
      expect((await new Visitor(t, '203.0.113.78').signIn(url)).status).toBe(302);
    });

    it('signs out: the session ends and the cookie is cleared', async () => {
      const url = pageUrl({ app_name: 'A' });
      const v = visitor();
      await v.signIn(url);
      const signedIn = v.cookie;
      const consent = await v.get(url);
      const session = consent.text.slice(consent.text.indexOf('class="session"'));
      const res = await v.post(url, { action: 'sign_out', _wpnonce: field(session, '_wpnonce') });
      expect(res.status).toBe(302);
      expect(res.headers.location).toBe(url);
      expect(String(res.headers['set-cookie'])).toBe('content_site_session=; Max-Age=0; Path=/wp-admin/; HttpOnly; SameSite=Lax');
      const after = await t.request.get(url).set('Cookie', signedIn).expect(200);
      expect(after.text).toContain('Username or Email Address');
    });
  });

  describe('approval and rejection', () => {
    it('approves: a new password named app_name with app_id travels to success_url and works', async () => {
      const res = await visitor().decide({ app_name: 'Phone app', app_id: APP_ID, success_url: 'https://app.example/done?state=xyz#frag' }, 'approve');
      expect(res.status).toBe(302);
      const location = new URL(res.headers.location);
      expect(`${location.origin}${location.pathname}${location.hash}`).toBe('https://app.example/done#frag');
      expect(location.searchParams.get('state')).toBe('xyz');
      expect(location.searchParams.get('site_url')).toBe(SITE_URL);
      expect(location.searchParams.get('user_login')).toBe('admin');
      const password = location.searchParams.get('password') as string;
      expect(password).toMatch(/^[A-Za-z0-9]{24}$/);
      const me = await t.request
        .get('/wp-json/core/v2/users/me/application-passwords/introspect')
        .set('Authorization', 'Basic ' + Buffer.from(`admin:${password}`).toString('base64'))
        .expect(200);
      expect(me.body).toMatchObject({ name: 'Phone app', app_id: APP_ID });
      const user = await t.request
        .get('/wp-json/core/v2/users/me')
        .set('Authorization', 'Basic ' + Buffer.from(`admin:${password}`).toString('base64'))
        .expect(200);
      expect(user.body.slug).toBe('admin');
    });

    it('shows the password once when there is no success_url', async () => {
      const res = await visitor().decide({ app_name: 'Manual' }, 'approve');
      expect(res.status).toBe(201);
      expect(res.headers['cache-control']).toBe('no-store');
      const shown = /id="new-application-password-value" type="text" readonly value="([^"]+)"/.exec(res.text)?.[1] as string;
      expect(shown).toMatch(/^[A-Za-z0-9]{4}( [A-Za-z0-9]{4}){5}$/);
      await t.request.get('/wp-json/core/v2/users/me').set('Authorization', 'Basic ' + Buffer.from(`admin:${shown}`).toString('base64')).expect(200);
    });

    it('shows WordPress’s error when the name is taken or empty, and creates nothing', async () => {
      const before = await t.db.prisma.applicationPassword.count();
      const taken = await visitor().decide({ app_name: 'Phone app' }, 'approve');
      expect(taken.status).toBe(409);
      expect(taken.text).toContain('Each application name should be unique.');
      const empty = await visitor().decide({ app_name: 'X' }, 'approve', { app_name: '  ' });
      expect(empty.status).toBe(400);
      expect(empty.text).toContain('An application name is required to create an application password.');
      expect(await t.db.prisma.applicationPassword.count()).toBe(before);
    });

    it('validates the posted URLs again', async () => {
      const before = await t.db.prisma.applicationPassword.count();
      const res = await visitor().decide({ app_name: 'Tampered', success_url: 'https://app.example/cb' }, 'approve', { success_url: 'javascript:alert(1)' });
      expect(res.status).toBe(400);
      expect(res.text).toContain('The Authorize Application request is not allowed. Invalid URL format.');
      expect(await t.db.prisma.applicationPassword.count()).toBe(before);
    });

    it('rejects: to reject_url, or success_url, with success=false; to the site without either', async () => {
      const before = await t.db.prisma.applicationPassword.count();
      const both = await visitor().decide({ app_name: 'R', success_url: 'https://app.example/ok', reject_url: 'https://app.example/no?x=1' }, 'reject');
      expect(both.status).toBe(302);
      expect(both.headers.location).toBe('https://app.example/no?x=1&success=false');
      const onlySuccess = await visitor().decide({ app_name: 'R', success_url: 'https://app.example/ok' }, 'reject');
      expect(onlySuccess.headers.location).toBe('https://app.example/ok?success=false');
      const neither = await visitor().decide({ app_name: 'R' }, 'reject');
      expect(neither.headers.location).toBe(`${SITE_URL}/`);
      expect(await t.db.prisma.applicationPassword.count()).toBe(before);
    });

    it('refuses when application passwords are off, with a way back to the application', async () => {
      await t.db.prisma.option.create({ data: { name: 'application_passwords_enabled', value: 'false' } });
      try {
        const url = pageUrl({ app_name: 'Off', reject_url: 'https://app.example/no' });
        const v = visitor();
        await v.signIn(url);
        const res = await v.get(url);
        expect(res.status).toBe(501);
        expect(res.text).toContain('Application passwords are not available.');
        expect(res.text).toContain('<a href="https://app.example/no?error=disabled">Go Back</a>');
      } finally {
        await t.db.prisma.option.delete({ where: { name: 'application_passwords_enabled' } });
      }
    });
  });
});

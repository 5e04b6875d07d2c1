/**
 * The application authorisation flow in a real browser (Debian's headless Chromium driven by
 * playwright-core): an application on a local server sends the user to the page the index
 * advertises; the user signs in, approves, and the browser lands on the application's success_url
 * with site_url, user_login and password, which then open the API.
 *
 * Without a browser the test fails and says how to install one (a skipped case would hide a defect).
 */
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser } from 'playwright-core';
import { basicAuth, SITE_URL, startTestApp, type TestApp } from '../support/app';

const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const HAVE_BROWSER = existsSync(CHROMIUM_PATH);
const LAUNCH_TIMEOUT = 60_000;
const APP_ID = '0b8f5c9e-7d1a-4c3b-9e2f-6a5d4c3b2a19';

if (!HAVE_BROWSER) {
  describe('application authorisation in a browser', () => {
    it('has a browser to run in', () => {
      throw new Error(`There is no Chromium at ${CHROMIUM_PATH}. Install Debian's package (apt-get install -y chromium) or point CHROMIUM_PATH at a Chromium executable.`);
    });
  });
} else {
  describe('application authorisation in a browser', () => {
    let t: TestApp;
    let site: string;
    let application: Server;
    let applicationUrl: string;
    /** The URLs the application's server was asked for. */
    const arrivals: URL[] = [];
    let browser: Browser;

    beforeAll(async () => {
      t = await startTestApp();
      site = await t.app.fastify.listen({ port: 0, host: '127.0.0.1' });
      // The application: a page at its success_url that says it got the password.
      application = createServer((request, response) => {
        arrivals.push(new URL(request.url ?? '/', applicationUrl));
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><title>Connected</title><link rel="icon" href="data:,"><h1>Connected</h1>');
      });
      await new Promise<void>((resolve) => application.listen(0, '127.0.0.1', resolve));
      applicationUrl = `http://127.0.0.1:${(application.address() as AddressInfo).port}`;
      browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, timeout: LAUNCH_TIMEOUT, args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'] });
    }, LAUNCH_TIMEOUT * 2);

    afterAll(async () => {
      await browser?.close();
      await new Promise((resolve) => application?.close(resolve));
      await t?.close();
    });

    it('signs in, approves, lands on success_url with a password that opens the API', async () => {
      // Where the index says applications should send their users (on the address this test listens at).
      const index = await t.request.get('/wp-json/').expect(200);
      const advertised = new URL(index.body.authentication['application-passwords'].endpoints.authorization);
      const start = new URL(advertised.pathname, site);
      start.search = new URLSearchParams({ app_name: 'Browser app', app_id: APP_ID, success_url: `${applicationUrl}/connected?state=s1`, reject_url: `${applicationUrl}/rejected` }).toString();

      const page = await browser.newPage();
      try {
        await page.goto(start.toString());
        await page.getByLabel('Username or Email Address').fill('admin');
        await page.getByLabel('Password').fill('correct horse battery staple');
        await page.getByRole('button', { name: 'Log In' }).click();

        await page.getByRole('heading', { name: 'An application would like to connect to your account.' }).waitFor();
        expect(await page.getByLabel('New Application Password Name').inputValue()).toBe('Browser app');
        const cookies = await page.context().cookies();
        expect(cookies).toEqual([expect.objectContaining({ name: 'content_site_session', path: '/wp-admin/', httpOnly: true, sameSite: 'Lax', secure: false })]);

        await page.getByRole('button', { name: 'Yes, I approve of this connection' }).click();
        await page.waitForURL((url) => url.toString().startsWith(`${applicationUrl}/connected`));
        await page.getByRole('heading', { name: 'Connected' }).waitFor();

        // What the application's server received (the browser's address bar says the same).
        expect(arrivals.map((url) => url.pathname)).toEqual(['/connected']);
        const landed = arrivals[0];
        expect(landed.toString()).toBe(page.url());
        expect(landed.searchParams.get('state')).toBe('s1');
        expect(landed.searchParams.get('site_url')).toBe(SITE_URL);
        expect(landed.searchParams.get('user_login')).toBe('admin');
        const password = landed.searchParams.get('password') as string;
        expect(password).toMatch(/^[A-Za-z0-9]{24}$/);

        const me = await t.request.get('/wp-json/core/v2/users/me?context=edit').set('Authorization', basicAuth('admin', password)).expect(200);
        expect(me.body.username).toBe('admin');
        const introspected = await t.request.get('/wp-json/core/v2/users/me/application-passwords/introspect').set('Authorization', basicAuth('admin', password)).expect(200);
        expect(introspected.body).toMatchObject({ name: 'Browser app', app_id: APP_ID });
      } finally {
        await page.close();
      }
    }, 120_000);

    it('rejects: lands on reject_url with success=false and creates nothing', async () => {
      const before = await t.db.prisma.applicationPassword.count();
      const start = new URL('/wp-admin/authorize-application.php', site);
      start.search = new URLSearchParams({ app_name: 'Declined app', success_url: `${applicationUrl}/connected`, reject_url: `${applicationUrl}/rejected` }).toString();
      const page = await browser.newPage();
      try {
        await page.goto(start.toString());
        await page.getByLabel('Username or Email Address').fill('admin@example.com');
        await page.getByLabel('Password').fill('correct horse battery staple');
        await page.getByRole('button', { name: 'Log In' }).click();
        await page.getByRole('button', { name: 'No, I do not approve of this connection' }).click();
        await page.waitForURL(`${applicationUrl}/rejected?success=false`);
        expect(await t.db.prisma.applicationPassword.count()).toBe(before);
      } finally {
        await page.close();
      }
    }, 120_000);
  });
}

/**
 * A post page of the public site in a real browser (Debian's headless Chromium through
 * playwright-core, as the playground test drives it): it renders, logs no console error, loads
 * nothing that fails, and passes a basic accessibility check — a language, one h1, the banner,
 * navigation, main and contentinfo landmarks, a skip link to the main content, links with names.
 *
 * Without a browser the test fails and says how to install one (a skipped case would hide a defect).
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { SITE_URL, startTestApp, type TestApp } from '../support/app';

const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const LAUNCH_TIMEOUT = 60_000;

if (!existsSync(CHROMIUM_PATH)) {
  describe('the public site in Chromium', () => {
    it('has a browser to run in', () => {
      throw new Error(`There is no Chromium at ${CHROMIUM_PATH}. Install Debian's package (apt-get install -y chromium) or point CHROMIUM_PATH at a Chromium executable.`);
    });
  });
} else {
  describe('the public site in Chromium', () => {
    let t: TestApp;
    let browser: Browser;
    let origin: string;

    beforeAll(async () => {
      t = await startTestApp({}, { seed: true });
      origin = (await t.app.fastify.listen({ port: 0, host: '127.0.0.1' })).replace(/\/$/, '');
      browser = await chromium.launch({
        executablePath: CHROMIUM_PATH,
        headless: true,
        timeout: LAUNCH_TIMEOUT,
        args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
      });
    }, LAUNCH_TIMEOUT * 2);

    afterAll(async () => {
      await browser?.close();
      await t?.close();
    });

    it('renders a post page without errors and with the basic accessibility structure', async () => {
      const [post] = (await t.request.get('/wp-json/core/v2/posts').query({ per_page: 1 })).body as Array<{ link: string; title: { rendered: string } }>;
      const page = await browser.newPage();
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(`console: ${message.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
      page.on('requestfailed', (request) => problems.push(`failed: ${request.url()}`));
      page.on('response', (response) => {
        if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
      });

      const response = await page.goto(`${origin}${post.link.slice(SITE_URL.length)}`, { waitUntil: 'load' });
      expect(response?.status()).toBe(200);
      // Browser-side code as text: the test project is typed for Node, without the DOM's types.
      const h1Text = await page.evaluate<string>(`document.querySelector('h1')?.textContent ?? ''`);
      // The search-optimisation head's title: the post template with Yoast's default separator.
      expect(await page.title()).toBe(`${h1Text} - Demo Site`);

      const audit = await page.evaluate<Record<string, unknown>>(`(() => {
        const count = (selector) => document.querySelectorAll(selector).length;
        const unnamedLinks = [...document.querySelectorAll('a')].filter((a) => (a.textContent ?? '').trim() === '' && !a.getAttribute('aria-label')).length;
        const skip = document.querySelector('a.skip-link')?.getAttribute('href');
        const main = document.querySelector('main');
        const style = getComputedStyle(document.body);
        return {
          lang: document.documentElement.lang,
          h1: count('h1'),
          banner: count('body > header'),
          navigation: count('nav[aria-label]'),
          main: count('main'),
          contentinfo: count('body > footer'),
          skipTarget: skip && main ? '#' + main.id === skip : false,
          unnamedLinks,
          imagesWithoutAlt: count('img:not([alt])'),
          bodyVisible: style.display !== 'none' && document.body.getBoundingClientRect().height > 0,
          viewport: document.querySelector('meta[name=viewport]')?.getAttribute('content'),
          // Executable scripts: the JSON-LD graph is a data block, not a script that runs.
          scripts: count('script:not([type="application/ld+json"])'),
        };
      })()`);
      expect(audit).toEqual({
        lang: 'en-US',
        h1: 1,
        banner: 1,
        navigation: 1,
        main: 1,
        contentinfo: 1,
        skipTarget: true,
        unnamedLinks: 0,
        imagesWithoutAlt: 0,
        bodyVisible: true,
        viewport: 'width=device-width, initial-scale=1',
        scripts: 0,
      });
      const decodedTitle = await page.evaluate<string>(`(() => { const el = document.createElement('div'); el.innerHTML = ${JSON.stringify(post.title.rendered)}; return el.textContent; })()`);
      expect(h1Text).toBe(decodedTitle);
      // The skip link comes first from the keyboard and is then on screen.
      await page.keyboard.press('Tab');
      expect(await page.evaluate<string>(`document.activeElement?.className ?? ''`)).toBe('skip-link');
      expect(await page.evaluate<boolean>(`document.activeElement.getBoundingClientRect().left >= 0`)).toBe(true);
      expect(problems).toEqual([]);
      await page.close();
    });
  });
}

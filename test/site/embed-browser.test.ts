/**
 * A post embedded in a page of another site, in a real browser (Debian's headless Chromium through
 * playwright-core): the oEmbed answer's html is printed into a page served by a second local server
 * (another origin), whose iframe shows the post's embed page. The two halves of WordPress's embed
 * messages talk: the iframe is shown and sized to the embed document, the blockquote is hidden,
 * "Continue reading" inside the sandboxed iframe takes the top page to the post, and messages with
 * a wrong secret, or from a window that is not the iframe, change nothing.
 *
 * Without a browser the test fails and says how to install one (a skipped case would hide a defect).
 */
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type Frame, type Page } from 'playwright-core';
import { startTestApp, type TestApp } from '../support/app';

const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const LAUNCH_TIMEOUT = 60_000;

/** A free loopback port: the site's own address (SITE_URL) must be known before the app starts. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * The host page. After the embed html, a watcher of its own (registered after the host script, so
 * it runs after it for each message): it counts the iframe's height messages and, on a `probe`,
 * notes the iframe's height at that moment — messages from one window arrive in order, so
 * everything sent before the probe has been handled by then.
 */
const hostPage = (embed: string): string => `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Host</title><link rel="icon" href="data:,"></head>
<body><h1>Another site</h1>
${embed}
<script>
window.__heights = 0; window.__probes = [];
window.addEventListener('message', function (e) {
  var frame = document.querySelector('iframe.wp-embedded-content');
  if (!e.data) return;
  if (e.data.message === 'height' && e.source === frame.contentWindow && e.data.secret === frame.getAttribute('data-secret')) window.__heights++;
  if (e.data.message === 'probe') window.__probes.push(frame.height);
});
</script>
</body></html>`;

if (!existsSync(CHROMIUM_PATH)) {
  describe('an embedded post in Chromium', () => {
    it('has a browser to run in', () => {
      throw new Error(`There is no Chromium at ${CHROMIUM_PATH}. Install Debian's package (apt-get install -y chromium) or point CHROMIUM_PATH at a Chromium executable.`);
    });
  });
} else {
  describe('an embedded post in Chromium', () => {
    let t: TestApp;
    let host: Server;
    let hostOrigin: string;
    let browser: Browser;
    let post: { link: string };
    /** The oEmbed answer's html, printed as is and as a WordPress consumer prints it. */
    const pages: Record<string, string> = {};

    beforeAll(async () => {
      const port = await freePort();
      const siteUrl = `http://127.0.0.1:${port}`;
      t = await startTestApp({ SITE_URL: siteUrl }, { seed: true });
      await t.app.fastify.listen({ port, host: '127.0.0.1' });
      [post] = (await t.request.get('/wp-json/core/v2/posts').query({ per_page: 1 })).body as Array<{ link: string }>;
      expect(post.link.startsWith(`${siteUrl}/`)).toBe(true);
      const answer = await t.request.get('/wp-json/oembed/1.0/embed').query({ url: post.link });
      expect(answer.status).toBe(200);
      const html = (answer.body as { html: string }).html;
      pages['/plain'] = hostPage(html);
      // wp_filter_oembed_result() hides the iframe until its page says it is ready.
      pages['/filtered'] = hostPage(html.replace('<iframe ', '<iframe style="position: absolute; visibility: hidden;" '));
      const iframe = /<iframe [^>]*><\/iframe>/.exec(html)?.[0] ?? '';
      pages['/bare'] = hostPage(iframe);
      // The embedding site: localhost, another port — another origin.
      host = createServer((request, response) => {
        const body = pages[request.url ?? ''];
        if (body === undefined) response.writeHead(404).end();
        else response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
      });
      await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
      hostOrigin = `http://localhost:${(host.address() as AddressInfo).port}`;
      browser = await chromium.launch({
        executablePath: CHROMIUM_PATH,
        headless: true,
        timeout: LAUNCH_TIMEOUT,
        args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
      });
    }, LAUNCH_TIMEOUT * 2);

    afterAll(async () => {
      await browser?.close();
      await new Promise((resolve) => host?.close(resolve));
      await t?.close();
    });

    /** Opens a host page; resolves once the embed page has been sized by its first height message. */
    async function open(path: string): Promise<{ page: Page; frame: Frame; problems: string[] }> {
      const page = await browser.newPage();
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(`console: ${message.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
      await page.goto(`${hostOrigin}${path}`, { waitUntil: 'load' });
      await page.waitForFunction('window.__heights > 0');
      const frame = page.frames().find((f) => f.url().startsWith(post.link));
      if (!frame) throw new Error(`no frame of ${post.link} in ${page.frames().map((f) => f.url()).join(', ')}`);
      return { page, frame, problems };
    }

    const state = (page: Page): Promise<Record<string, unknown>> =>
      page.evaluate<Record<string, unknown>>(`(() => {
        const frame = document.querySelector('iframe.wp-embedded-content');
        const quote = document.querySelector('blockquote.wp-embedded-content');
        const style = getComputedStyle(frame);
        return {
          height: frame.height,
          visible: style.visibility === 'visible' && style.position !== 'absolute',
          boxHeight: Math.round(frame.getBoundingClientRect().height),
          quoteHidden: getComputedStyle(quote).display === 'none',
        };
      })()`);

    /** The embed document's height as the embed page measures it, clamped as the host clamps it. */
    const documentHeight = async (frame: Frame): Promise<number> =>
      Math.min(Math.max(await frame.evaluate<number>('Math.ceil(document.body.getBoundingClientRect().height)'), 200), 1000);

    /** Posts `probe` from `from` to the host page and waits for the host page to note it. */
    async function probe(page: Page, from: Page | Frame): Promise<string> {
      const before = await page.evaluate<number>('window.__probes.length');
      await from.evaluate(`(window.self === window.top ? window : window.parent).postMessage({ message: 'probe' }, '*')`);
      await page.waitForFunction(`window.__probes.length > ${before}`);
      return page.evaluate<string>(`window.__probes[${before}]`);
    }

    it('shows the hidden iframe at the embed document’s height and hides the blockquote', async () => {
      const { page, frame, problems } = await open('/filtered');
      // The frame's own address keeps the secret the host put there.
      const secret = await page.evaluate<string>(`document.querySelector('iframe').getAttribute('data-secret')`);
      expect(frame.url()).toBe(`${post.link}embed/#?secret=${secret}`);
      const height = await documentHeight(frame);
      // The document is smaller than oEmbed's default 338, so the change is seen.
      expect(height).not.toBe(338);
      await page.waitForFunction(`document.querySelector('iframe').height === '${height}'`);
      expect(await state(page)).toEqual({ height: String(height), visible: true, boxHeight: height, quoteHidden: true });
      expect(await frame.evaluate<string>('document.documentElement.className')).toBe('js');
      expect(problems).toEqual([]);
      await page.close();
    });

    it('sizes the iframe of the html printed as is', async () => {
      const { page, frame, problems } = await open('/plain');
      const height = await documentHeight(frame);
      await page.waitForFunction(`document.querySelector('iframe').height === '${height}'`);
      expect(await state(page)).toEqual({ height: String(height), visible: true, boxHeight: height, quoteHidden: true });
      expect(problems).toEqual([]);
      await page.close();
    });

    it('ignores height messages with a wrong secret or from a window other than the iframe', async () => {
      const { page, frame, problems } = await open('/filtered');
      const height = String(await documentHeight(frame));
      await page.waitForFunction(`document.querySelector('iframe').height === '${height}'`);
      const secret = await page.evaluate<string>(`document.querySelector('iframe').getAttribute('data-secret')`);

      // From the iframe with a wrong secret: no element has it.
      await frame.evaluate(`window.parent.postMessage({ message: 'height', value: 777, secret: 'WrongSecret' }, '*')`);
      expect(await probe(page, frame)).toBe(height);
      // With the right secret but from the host page itself: not the iframe's window.
      await page.evaluate(`window.postMessage({ message: 'height', value: 777, secret: ${JSON.stringify(secret)} }, '*')`);
      expect(await probe(page, page)).toBe(height);
      expect(problems).toEqual([]);
      await page.close();
    });

    it('answers the host’s `ready` only when it carries the secret', async () => {
      // The iframe alone, without the host script: nothing resizes it, so every height message
      // comes from the embed page's load or from an answer to `ready`.
      const { page, frame, problems } = await open('/bare');
      const secret = await page.evaluate<string>(`document.querySelector('iframe').getAttribute('data-secret')`);
      // What the embed page has sent so far has arrived once a later message from it has.
      await probe(page, frame);
      const before = await page.evaluate<number>('window.__heights');
      await page.evaluate(`(() => {
        const target = document.querySelector('iframe').contentWindow;
        target.postMessage({ message: 'ready', secret: 'WrongSecret' }, '*');
        target.postMessage({ message: 'ready' }, '*');
        target.postMessage({ message: 'ready', secret: ${JSON.stringify(secret)} }, '*');
      })()`);
      await page.waitForFunction(`window.__heights > ${before}`);
      // Answers come back in the order the questions went: the right secret's was the only one.
      await probe(page, frame);
      expect(await page.evaluate<number>('window.__heights')).toBe(before + 1);
      expect(problems).toEqual([]);
      await page.close();
    });

    it('takes the top page to the post when "Continue reading" is clicked inside the iframe', async () => {
      const { page, frame, problems } = await open('/plain');
      await frame.click('a.wp-embed-more');
      await page.waitForURL(post.link);
      expect(page.url()).toBe(post.link);
      expect(page.mainFrame().url()).toBe(post.link);
      expect(problems).toEqual([]);
      await page.close();
    });
  });
}

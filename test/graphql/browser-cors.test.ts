/**
 * A browser app on another origin calling /graphql, in Debian's headless Chromium driven by
 * playwright-core: a page served by a second local server (another origin) sends urql's default GET
 * (a simple request), a JSON POST and an authenticated POST (both preflighted); the browser lets
 * the page read every answer and the exposed X-Cache header.
 *
 * Without a browser the test fails and says how to install one (a skipped case would hide a defect).
 */
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser } from 'playwright-core';
import { startTestApp, type TestApp } from '../support/app';
import { listen } from './client';

const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const HAVE_BROWSER = existsSync(CHROMIUM_PATH);
const LAUNCH_TIMEOUT = 60_000;

interface Outcome {
  status: number;
  cache: string | null;
  body: { data?: Record<string, unknown>; errors?: unknown[] };
}

if (!HAVE_BROWSER) {
  describe('GraphQL from a browser on another origin', () => {
    it('has a browser to run in', () => {
      throw new Error(`There is no Chromium at ${CHROMIUM_PATH}. Install Debian's package (apt-get install -y chromium) or point CHROMIUM_PATH at a Chromium executable.`);
    });
  });
} else {
  describe('GraphQL from a browser on another origin', () => {
    let t: TestApp;
    let api: string;
    let site: Server;
    let siteOrigin: string;
    let browser: Browser;

    beforeAll(async () => {
      t = await startTestApp({ CACHE_ENABLED: 'true' }, { seed: true });
      // The API on 127.0.0.1, the front-end on localhost: two origins.
      api = (await listen(t)).url;
      site = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Front-end</title><p>front-end'));
      await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
      siteOrigin = `http://localhost:${(site.address() as AddressInfo).port}`;
      browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, timeout: LAUNCH_TIMEOUT, args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'] });
    }, LAUNCH_TIMEOUT * 2);

    afterAll(async () => {
      await browser?.close();
      await new Promise((resolve) => site?.close(resolve));
      await t?.close();
    });

    it('serves urql’s GET, a JSON POST and an authenticated POST to a page of another origin', async () => {
      const page = await browser.newPage();
      await page.goto(`${siteOrigin}/`);
      expect(new URL(page.url()).origin).not.toBe(new URL(api).origin);
      const query = '{ posts(first: 2) { nodes { title } } }';
      const outcomes = await page.evaluate(
        async ({ api, query, authorization }) => {
          const call = async (url: string, init: RequestInit) => {
            const response = await fetch(url, init);
            return { status: response.status, cache: response.headers.get('x-cache'), body: await response.json() };
          };
          // urql's default for a query: a GET without a content type or any custom header.
          const accept = 'application/graphql-response+json, application/graphql+json, application/json, text/event-stream, multipart/mixed';
          const get = `${api}?query=${encodeURIComponent(query)}`;
          const json = { method: 'POST', headers: { accept, 'content-type': 'application/json' }, body: JSON.stringify({ query }) };
          return [
            await call(get, { headers: { accept } }),
            await call(get, { headers: { accept } }),
            await call(api, json),
            await call(api, json),
            await call(api, { ...json, headers: { ...json.headers, authorization } }),
          ];
        },
        { api, query, authorization: t.adminAuth },
      );
      const [getMiss, getHit, postMiss, postHit, authenticated] = outcomes as Outcome[];
      for (const outcome of outcomes as Outcome[]) {
        expect(outcome.status).toBe(200);
        expect(outcome.body.errors).toBeUndefined();
        expect((outcome.body.data?.posts as { nodes: unknown[] }).nodes).toHaveLength(2);
      }
      expect([getMiss.cache, getHit.cache, postMiss.cache, postHit.cache, authenticated.cache]).toEqual(['MISS', 'HIT', 'MISS', 'HIT', 'BYPASS']);
      await page.close();
    }, LAUNCH_TIMEOUT);
  });
}

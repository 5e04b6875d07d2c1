/**
 * The GraphQL playground end to end, in Debian's headless Chromium driven by playwright-core:
 * a browser GET of /graphql lands on GraphiQL, served entirely by our server (offline, no CDN),
 * with the example operations as tabs; a query typed into the editor runs and its result pane
 * shows the same post titles the REST API lists.
 *
 * Without a browser the test fails and says how to install one (a skipped case would hide a defect).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { SCHEMA_DIR } from '../../src/graphql/schema';
import { startTestApp, type TestApp } from '../support/app';
import { listen } from './client';

const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const HAVE_BROWSER = existsSync(CHROMIUM_PATH);

/** Browser start-up and GraphiQL's first render can be slow on a loaded CI machine. */
const LAUNCH_TIMEOUT = 60_000;
const WAIT_TIMEOUT = 30_000;

const QUERY = 'query FirstTwoTitles {\n  posts(first: 2) {\n    nodes {\n      title\n    }\n  }\n}\n';

/** Operation names of graphql/examples/*.graphql: GraphiQL titles each tab with its operation's name. */
function exampleOperationNames(): string[] {
  const dir = path.join(SCHEMA_DIR, 'examples');
  return readdirSync(dir)
    .filter((name) => name.endsWith('.graphql'))
    .sort()
    .map((name) => {
      const match = /\b(?:query|mutation|subscription)\s+([_A-Za-z][_0-9A-Za-z]*)/.exec(readFileSync(path.join(dir, name), 'utf8'));
      if (!match) throw new Error(`${name} has no named operation`);
      return match[1];
    });
}

/** The text of a CodeMirror 5 editor inside GraphiQL, read through its own API (the DOM only holds visible lines). */
const editorValue = (page: Page, container: string): Promise<string> =>
  page.evaluate(`document.querySelector(${JSON.stringify(`${container} .CodeMirror`)}).CodeMirror.getValue()`);

if (!HAVE_BROWSER) {
  describe('GraphQL playground in Chromium', () => {
    it('has a browser to run in', () => {
      throw new Error(
        `There is no Chromium at ${CHROMIUM_PATH}. Install Debian's package (apt-get install -y chromium) or point CHROMIUM_PATH at a Chromium executable.`,
      );
    });
  });
} else {
  describe('GraphQL playground in Chromium', () => {
    let t: TestApp;
    let origin: string;
    let browser: Browser;
    let page: Page;
    const requests: string[] = [];
    const failedResponses: string[] = [];
    const consoleErrors: string[] = [];

    beforeAll(async () => {
      t = await startTestApp({}, { seed: true });
      origin = new URL((await listen(t)).url).origin;
      browser = await chromium.launch({
        executablePath: CHROMIUM_PATH,
        headless: true,
        timeout: LAUNCH_TIMEOUT,
        args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
      });
      page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
      page.setDefaultTimeout(WAIT_TIMEOUT);
      page.on('request', (request) => requests.push(request.url()));
      page.on('response', (response) => {
        if (response.status() >= 400) failedResponses.push(`${response.status()} ${response.request().method()} ${response.url()}`);
      });
      page.on('console', (message) => {
        if (message.type() === 'error') consoleErrors.push(message.text());
      });
      page.on('pageerror', (error) => consoleErrors.push(`uncaught: ${error.message}`));
    }, LAUNCH_TIMEOUT * 2);

    afterAll(async () => {
      await browser?.close();
      await t?.close();
    });

    it('redirects a browser from /graphql to the playground and renders GraphiQL', async () => {
      const response = await page.goto(`${origin}/graphql`, { waitUntil: 'load' });
      expect(response?.status()).toBe(200);
      expect(page.url()).toBe(`${origin}/graphql/playground`);
      await page.locator('.graphiql-container').waitFor({ state: 'visible' });
      await page.locator('.graphiql-query-editor .CodeMirror').waitFor({ state: 'visible' });
      await page.locator('.graphiql-execute-button').waitFor({ state: 'visible' });
    }, LAUNCH_TIMEOUT);

    it('opens the example operations as tabs', async () => {
      const names = exampleOperationNames();
      expect(names.length).toBeGreaterThan(0);
      const tabs = page.locator('.graphiql-tab');
      await tabs.nth(names.length - 1).waitFor({ state: 'visible' });
      expect(await tabs.count()).toBe(names.length);
      expect((await tabs.allInnerTexts()).map((text) => text.trim())).toEqual(names);
    }, LAUNCH_TIMEOUT);

    it('runs a query typed into the editor and shows the titles REST lists', async () => {
      const rest = await fetch(`${origin}/wp-json/core/v2/posts?per_page=2`);
      expect(rest.status).toBe(200);
      const titles = ((await rest.json()) as Array<{ title: { rendered: string } }>).map((post) => post.title.rendered);
      expect(titles).toHaveLength(2);

      // Typed as a user would: click into the editor, select everything, enter the new text.
      // insertText sends the text as one input event, so CodeMirror's bracket auto-closing stays out of it.
      await page.locator('.graphiql-query-editor .CodeMirror').click();
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.insertText(QUERY);
      expect(await editorValue(page, '.graphiql-query-editor')).toBe(QUERY);
      // GraphiQL reads the operation name from the editor after a short debounce; running before that
      // would send the previous tab's name. The active tab's title shows the name once it is read.
      await page.locator('.graphiql-tab-active', { hasText: 'FirstTwoTitles' }).waitFor({ state: 'visible' });

      await page.locator('.graphiql-execute-button').click();
      for (const title of titles) {
        await page.locator('.graphiql-response', { hasText: title }).waitFor({ state: 'visible' });
      }
      expect(JSON.parse(await editorValue(page, '.graphiql-response'))).toEqual({ data: { posts: { nodes: titles.map((title) => ({ title })) } } });

      await page.screenshot({ path: '/tmp/playground.png' });
    }, LAUNCH_TIMEOUT);

    it('loaded everything from this server, nothing from a CDN', () => {
      expect(requests.length).toBeGreaterThan(0);
      expect(requests.filter((url) => new URL(url).origin !== origin)).toEqual([]);
      // The page, its four assets (React, ReactDOM, GraphiQL's script and stylesheet) and the GraphQL requests.
      const assets = ['react.js', 'react-dom.js', 'graphiql.js', 'graphiql.css'].map((file) => `${origin}/graphql/playground/assets/${file}`);
      expect(requests).toEqual(expect.arrayContaining([`${origin}/graphql`, `${origin}/graphql/playground`, ...assets]));
    });

    it('logged no console errors and got no error responses', () => {
      expect(consoleErrors).toEqual([]);
      expect(failedResponses).toEqual([]);
    });
  });
}

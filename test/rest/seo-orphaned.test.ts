/**
 * Orphaned content: published, indexable items that no other published item links to, read from
 * the link index each save writes — cornerstone first, then the newest — through GraphQL's
 * `seoOrphanedContent` (a ContentNode connection, for who may manage SEO settings; empty for
 * others) and the `seo:orphaned` command.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { SITE_URL, startTestApp, userAuth, type TestApp } from '../support/app';
import { setPostMeta, waitForIndexable } from '../support/seo';

const POSTS = '/wp-json/core/v2/posts';
const PAGES = '/wp-json/core/v2/pages';

const QUERY = `query Orphans($first: Int, $after: String, $where: RootQueryToSeoOrphanedContentConnectionWhereArgs) {
  seoOrphanedContent(first: $first, after: $after, where: $where) {
    nodes { databaseId __typename }
    pageInfo { hasNextPage endCursor }
  }
}`;

interface Orphans {
  nodes: Array<{ databaseId: number; __typename: string }>;
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
}

describe('seo: orphaned content', () => {
  let t: TestApp;
  const id: Record<string, number> = {};

  async function create(route: string, body: Record<string, unknown>): Promise<number> {
    const created = (await t.request.post(route).set('Authorization', t.adminAuth).send({ status: 'publish', ...body }).expect(201)).body;
    await waitForIndexable(t, created.id as number, (row) => row.linkCount !== null && row.postStatus === created.status);
    return created.id as number;
  }
  const link = (postId: number) => `<a href="${SITE_URL}/?p=${postId}">see</a>`;

  async function orphans(variables: Record<string, unknown>, auth = t.adminAuth): Promise<Orphans> {
    const res = await t.request.post('/graphql').set('Authorization', auth).send({ query: QUERY, variables }).expect(200);
    if (res.body.errors) throw new Error(JSON.stringify(res.body.errors));
    return res.body.data.seoOrphanedContent as Orphans;
  }

  beforeAll(async () => {
    t = await startTestApp({ SEO_ANALYSIS_ON_SAVE: 'true' });
    // Items a site may already hold (none expected on an empty test site) are left out by comparing sets below.
    id.target = await create(POSTS, { title: 'Linked from a published post', content: '<p>Target.</p>' });
    id.linker = await create(POSTS, { title: 'Links to the target', content: `<p>${link(id.target)}</p>` });
    id.draftTarget = await create(POSTS, { title: 'Linked only from a draft', content: '<p>Lonely.</p>' });
    await create(POSTS, { title: 'A draft linking', status: 'draft', content: `<p>${link(id.draftTarget)}</p>` });
    id.self = await create(POSTS, { title: 'Links only to itself', content: '<p>Me.</p>' });
    await t.request.post(`${POSTS}/${id.self}`).set('Authorization', t.adminAuth).send({ content: `<p>${link(id.self)}</p>` }).expect(200);
    await waitForIndexable(t, id.self, (row) => row.linkCount === 1);
    id.hidden = await create(POSTS, { title: 'Kept out of search results', content: '<p>Hidden.</p>' });
    await setPostMeta(t, id.hidden, { '_yoast_wpseo_meta-robots-noindex': '1' });
    await t.request.post(`${POSTS}/${id.hidden}`).set('Authorization', t.adminAuth).send({}).expect(200);
    await waitForIndexable(t, id.hidden, (row) => row.isRobotsNoindex === true);
    id.page = await create(PAGES, { title: 'An about page', content: '<p>About.</p>' });
    id.cornerstone = await create(POSTS, { title: 'The cornerstone guide', content: '<p>Guide.</p>', date: '2020-01-01T10:00:00' });
    await setPostMeta(t, id.cornerstone, { _yoast_wpseo_is_cornerstone: '1' });
    await t.request.post(`${POSTS}/${id.cornerstone}`).set('Authorization', t.adminAuth).send({}).expect(200);
    await waitForIndexable(t, id.cornerstone, (row) => row.isCornerstone);
  });
  afterAll(() => t.close());

  test('only published, indexable content without a link from other published content; cornerstone first', async () => {
    const all = await orphans({ first: 100 });
    const ids = all.nodes.map((n) => n.databaseId);
    expect(ids[0]).toBe(id.cornerstone);
    expect(ids).toEqual(expect.arrayContaining([id.cornerstone, id.linker, id.draftTarget, id.self, id.page]));
    expect(ids).not.toContain(id.target);
    expect(ids).not.toContain(id.hidden);
    expect(all.nodes.find((n) => n.databaseId === id.page)?.__typename).toBe('Page');
    // After the cornerstone, newest first.
    const rest = ids.slice(1).filter((x) => [id.linker, id.draftTarget, id.self, id.page].includes(x));
    expect(rest).toEqual([id.page, id.self, id.draftTarget, id.linker]);

    const pages = await orphans({ first: 100, where: { contentType: 'PAGE' } });
    expect(pages.nodes.map((n) => n.databaseId)).toEqual([id.page]);
  });

  test('pages by cursor, losing and repeating nothing', async () => {
    const all = (await orphans({ first: 100 })).nodes.map((n) => n.databaseId);
    const seen: number[] = [];
    let after: string | null = null;
    for (;;) {
      const page: Orphans = await orphans({ first: 2, after });
      seen.push(...page.nodes.map((n) => n.databaseId));
      if (!page.pageInfo.hasNextPage) break;
      after = page.pageInfo.endCursor;
    }
    expect(seen).toEqual(all);
  });

  test('a new link from published content takes an item off the list; unpublishing the linker puts it back', async () => {
    const linker2 = await create(POSTS, { title: 'Links to the about page', content: `<p>${link(id.page)}</p>` });
    expect((await orphans({ first: 100, where: { contentType: 'PAGE' } })).nodes).toEqual([]);
    await t.request.post(`${POSTS}/${linker2}`).set('Authorization', t.adminAuth).send({ status: 'draft' }).expect(200);
    await waitForIndexable(t, linker2, (row) => row.postStatus === 'draft');
    expect((await orphans({ first: 100, where: { contentType: 'PAGE' } })).nodes.map((n) => n.databaseId)).toEqual([id.page]);
  });

  test('who may not manage SEO settings gets an empty connection; a content type without the list is an error', async () => {
    const editor = await userAuth(t, 'ed', 'editor');
    expect((await orphans({ first: 10 }, editor)).nodes).toEqual([]);
    const res = await t.request.post('/graphql').set('Authorization', t.adminAuth).send({ query: QUERY, variables: { where: { contentType: 'ATTACHMENT' } } }).expect(200);
    expect(res.body.errors?.[0]?.message).toMatch(/postType/);
  });

  test('npm run cli -- seo:orphaned [--type] lists them, cornerstone first', async () => {
    const root = path.resolve(__dirname, '../..');
    const cli = (...args: string[]) =>
      spawnSync(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), path.join(root, 'src/cli/index.ts'), 'seo:orphaned', ...args], {
        cwd: root,
        env: { ...process.env, DATABASE_URL: t.db.url, SITE_URL: t.config.siteUrl, ADMIN_USER: 'admin', LOG_LEVEL: 'silent' },
        encoding: 'utf8',
        timeout: 60_000,
      });
    const all = cli();
    if (all.status !== 0) throw new Error(`seo:orphaned exited with ${all.status}: ${all.stderr}`);
    const lines = all.stdout.trim().split('\n');
    expect(lines[0]).toMatch(new RegExp(`^\\s*${id.cornerstone}\\s+post\\s+cornerstone\\s+The cornerstone guide\\s+${SITE_URL}/`));
    expect(lines.at(-1)).toMatch(/^\d+ orphaned items$/);
    const pages = cli('--type', 'page');
    expect(pages.status).toBe(0);
    expect(pages.stdout).toContain('An about page');
    expect(pages.stdout).not.toContain('The cornerstone guide');
    const bad = cli('--type', 'attachment');
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/postType/);
    expect(cli('--nope').status).toBe(2);
  });
});

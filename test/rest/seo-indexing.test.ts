/**
 * seo/v1 indexing and link-indexing over real HTTP, on content that existed before any analysis
 * (rows written straight into the database): resumable batches with next_url, interrupted and
 * resumed without losing or repeating an item; links counted both ways; the `seo:reindex` run
 * stopped part-way and resumed from what the indexables say.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { slugKeyFor } from '../../src/domain/content/slug';
import { reindexAll, REINDEX_STATE_OPTION } from '../../src/domain/seo/reindex';
import { startTestApp, userAuth, type TestApp } from '../support/app';

const INDEXING = '/wp-json/seo/v1/indexing';
const LINKS = '/wp-json/seo/v1/link-indexing';
const REST_ROOT = 'http://example.test/wp-json';

type Batch = { objects: Array<{ id: number; object_id: number | null; object_type: string; object_sub_type: string | null; link_count: number | null; incoming_link_count: number | null; readability_score: number }>; next_url: string | false };

describe('seo/v1 indexing', () => {
  let t: TestApp;
  const postIds: number[] = [];

  /** Posts as an older site has them: rows only, never analysed. */
  async function insertPosts(count: number, from: number, content: (n: number) => string = (n) => `<p>Post number ${n} is a short text about nothing much at all.</p>`): Promise<number[]> {
    const now = new Date();
    const made: number[] = [];
    for (let n = from; n < from + count; n += 1) {
      const row = await t.db.prisma.content.create({ data: { type: 'post', status: 'publish', title: `Post ${n}`, slug: `post-${n}`, slugKey: slugKeyFor({ type: 'post', parentId: 0, slug: `post-${n}`, status: 'publish' }), content: content(n), date: now, modified: now } });
      made.push(row.id);
    }
    return made;
  }

  /** Every record that gets an indexable (those inserted here, and any the site starts with). */
  async function indexedIds(): Promise<number[]> {
    const rows = await t.db.prisma.content.findMany({ where: { type: { in: ['post', 'page', 'tribe_events', 'tribe_venue', 'tribe_organizer'] }, status: { notIn: ['auto-draft', 'inherit'] } }, select: { id: true }, orderBy: { id: 'asc' } });
    return rows.map((r) => r.id);
  }

  /** POSTs to a route path, or to an absolute next_url of this site's REST root. */
  async function call(route: string, auth = t.adminAuth): Promise<Batch> {
    const local = route.startsWith(REST_ROOT) ? `/wp-json${route.slice(REST_ROOT.length)}` : route;
    return (await t.request.post(local).set('Authorization', auth).expect(200)).body as Batch;
  }

  beforeAll(async () => {
    t = await startTestApp({ SEO_ANALYSIS_ON_SAVE: 'true' });
    postIds.push(...(await insertPosts(60, 1)));
  });
  afterAll(() => t.close());

  test('prepare, then post batches of 25 with next_url; interrupted after two and resumed, nothing lost or repeated', async () => {
    expect(await call(`${INDEXING}/prepare`)).toEqual({ objects: [], next_url: false });
    const seen: number[] = [];
    const first = await call(`${INDEXING}/posts`);
    expect(first.objects).toHaveLength(25);
    expect(first.next_url).toBe(`${REST_ROOT}/seo/v1/indexing/posts`);
    seen.push(...first.objects.map((o) => o.object_id as number));
    const second = await call(first.next_url as string);
    seen.push(...second.objects.map((o) => o.object_id as number));
    expect(second.next_url).toBe(`${REST_ROOT}/seo/v1/indexing/posts`);

    // The client stops here. Meanwhile three more old posts appear (with links, for later).
    const linked = await insertPosts(3, 100, (n) => (n === 100
      ? `<p>Read <a href="http://example.test/post-101/">the next one</a> and <a href="http://example.test/post-101/#top">again</a>, <a href="https://elsewhere.example/x">elsewhere</a>, <a href="mailto:a@b.c">mail</a>.</p><img src="http://example.test/media/a.png" alt="">`
      : `<p>Post ${n} links <a href="/post-100/">back</a>.</p>`));
    postIds.push(...linked);

    // Resumed: from where it stopped, until next_url is false.
    let next: string | false = `${REST_ROOT}/seo/v1/indexing/posts`;
    let batches = 0;
    while (next) {
      const batch = await call(next);
      seen.push(...batch.objects.map((o) => o.object_id as number));
      next = batch.next_url;
      batches += 1;
      expect(batches).toBeLessThan(10);
    }
    expect(new Set(seen).size).toBe(seen.length);
    const all = await indexedIds();
    expect(all).toEqual(expect.arrayContaining(postIds));
    expect([...seen].sort((a, b) => a - b)).toEqual(all);
    expect(await t.db.prisma.seoIndexable.count({ where: { objectType: 'post' } })).toBe(all.length);
    // Analysed: every one has a readability score and a reading time.
    expect(await t.db.prisma.seoIndexable.count({ where: { objectType: 'post', estimatedReadingTimeMinutes: null } })).toBe(0);
    expect(await call(`${INDEXING}/posts`)).toEqual({ objects: [], next_url: false });
  });

  test('terms, post type archives and the general pages: once each', async () => {
    const category = (await t.request.post('/wp-json/core/v2/categories').set('Authorization', t.adminAuth)
      .send({ name: 'Desserts', description: 'Sweet things, as <a href="https://elsewhere.example/sweet">they say</a>.' }).expect(201)).body;
    const terms = await call(`${INDEXING}/terms`);
    expect(terms.objects.map((o) => [o.object_type, o.object_sub_type, o.object_id])).toContainEqual(['term', 'category', category.id]);
    expect((terms.objects.find((o) => o.object_id === category.id) as unknown as { permalink: string }).permalink).toBe('http://example.test/category/desserts/');
    expect(terms.next_url).toBe(false);
    expect((await call(`${INDEXING}/terms`)).objects).toEqual([]);
    const archives = await call(`${INDEXING}/post-type-archives`);
    expect(archives.objects.map((o) => [o.object_type, o.object_sub_type])).toEqual([['post-type-archive', 'tribe_events']]);
    expect((await call(`${INDEXING}/post-type-archives`)).objects).toEqual([]);
    const general = await call(`${INDEXING}/general`);
    expect(general.objects.map((o) => [o.object_type, o.object_sub_type])).toEqual([['home-page', null], ['date-archive', null], ['system-page', 'search-result'], ['system-page', '404']]);
    expect(await call(`${INDEXING}/general`)).toEqual({ objects: [], next_url: false });
    expect(await call(`${INDEXING}/indexables-complete`)).toEqual({ objects: [], next_url: false });
    const wpseo = await t.db.prisma.option.findUnique({ where: { name: 'wpseo' } });
    expect(JSON.parse(wpseo?.value ?? '{}').indexables_indexing_completed).toBe(true);
  });

  test('link indexing: batches of five; internal links counted out and in, images and mail apart', async () => {
    let next: string | false = `${LINKS}/posts`;
    const seen: number[] = [];
    while (next) {
      const batch = await call(next);
      expect(batch.objects.length).toBeLessThanOrEqual(5);
      seen.push(...batch.objects.map((o) => o.id));
      next = batch.next_url;
    }
    expect(new Set(seen).size).toBe((await indexedIds()).length);
    expect(await t.db.prisma.seoIndexable.count({ where: { objectType: 'post', linkCount: null } })).toBe(0);
    const byObject = async (slug: string) => {
      const row = await t.db.prisma.content.findFirstOrThrow({ where: { slug } });
      return t.db.prisma.seoIndexable.findFirstOrThrow({ where: { objectType: 'post', objectId: row.id } });
    };
    const p100 = await byObject('post-100');
    const p101 = await byObject('post-101');
    const p102 = await byObject('post-102');
    // post-100: two internal links (to post-101, the fragment dropped), one external, one image; mail is no link.
    expect(p100.linkCount).toBe(2);
    const links = await t.db.prisma.seoLink.findMany({ where: { indexableId: p100.id }, orderBy: { id: 'asc' } });
    expect(links.map((l) => [l.type, l.url, l.targetIndexableId])).toEqual([
      ['internal', 'http://example.test/post-101/', p101.id],
      ['internal', 'http://example.test/post-101/', p101.id],
      ['external', 'https://elsewhere.example/x', null],
      ['image-in', 'http://example.test/media/a.png', null],
    ]);
    expect(p101.incomingLinkCount).toBe(2);
    // post-101 and post-102 each link back to post-100.
    expect(p100.incomingLinkCount).toBe(2);
    // Nobody links to post-102: orphaned.
    expect(p102.incomingLinkCount).toBe(0);
    const termLinks = await call(`${LINKS}/terms`);
    expect(termLinks.next_url).toBe(false);
    expect(termLinks.objects.map((o) => [o.object_sub_type, o.link_count])).toContainEqual(['category', 0]);
    expect(await t.db.prisma.seoLink.count({ where: { postId: 0, type: 'external', url: 'https://elsewhere.example/sweet' } })).toBe(1);
    expect(await call(`${INDEXING}/complete`)).toEqual({ objects: [], next_url: false });
  });

  test('indexing needs edit_posts', async () => {
    const subscriber = await userAuth(t, 'indexing-subscriber', 'subscriber');
    const contributor = await userAuth(t, 'indexing-contributor', 'contributor');
    expect((await t.request.post(`${INDEXING}/posts`).expect(401)).body.code).toBe('rest_forbidden');
    expect((await t.request.post(`${LINKS}/posts`).set('Authorization', subscriber).expect(403)).body.code).toBe('rest_forbidden');
    await t.request.post(`${INDEXING}/prepare`).set('Authorization', contributor).expect(200);
    await t.request.get(`${INDEXING}/posts`).set('Authorization', t.adminAuth).expect(404);
  });

  test('seo:reindex stopped part-way resumes from the indexables, then finishes; the command prints its progress', async () => {
    const total = (await indexedIds()).length;
    let analysed = 0;
    const stopped = await reindexAll(t.db, t.config, { restart: true, shouldStop: () => analysed >= 10, onProgress: () => void (analysed += 1) });
    expect(stopped).toMatchObject({ resumed: false, indexed: 10, skipped: 0, completed: false });
    const mark = await t.db.prisma.option.findUnique({ where: { name: REINDEX_STATE_OPTION } });
    const startedAt = new Date(JSON.parse(mark?.value ?? '{}').startedAt);
    expect(await t.db.prisma.seoIndexable.count({ where: { objectType: 'post', analysedAt: { gte: startedAt } } })).toBe(10);

    const resumed = await reindexAll(t.db, t.config, {});
    expect(resumed).toMatchObject({ resumed: true, skipped: 10, completed: true });
    expect(resumed.indexed).toBeGreaterThanOrEqual(total - 10);
    expect(await t.db.prisma.seoIndexable.count({ where: { objectType: 'post', analysedAt: { lt: startedAt } } })).toBe(0);
    expect(await t.db.prisma.seoIndexable.count({ where: { objectType: 'post' } })).toBe(total);
    expect(await t.db.prisma.option.findUnique({ where: { name: REINDEX_STATE_OPTION } })).toBeNull();

    // The command itself, on the same database.
    const root = path.resolve(__dirname, '../..');
    const run = spawnSync(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), path.join(root, 'src/cli/index.ts'), 'seo:reindex'], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: t.db.url, SITE_URL: t.config.siteUrl, LOG_LEVEL: 'silent' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    if (run.status !== 0) throw new Error(`seo:reindex exited with ${run.status}: ${run.stderr}`);
    expect(run.stdout).toMatch(/100% \d+\/\d+/);
    expect(run.stdout).toMatch(/finished: \d+ indexed, 0 already done/);
  });
});

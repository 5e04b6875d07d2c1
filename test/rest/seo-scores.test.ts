/**
 * seo/v1 statistics, seo_scores and readability_scores over real HTTP: the counts per score group
 * follow the stored analysis of each save (polled, as it lands after the write's answer), with the
 * plugin's arguments, errors, permissions, term filter and 60-second cache.
 */
import { startTestApp, userAuth, type TestApp } from '../support/app';
import { setPostMeta, waitForIndexable } from '../support/seo';

const POSTS = '/wp-json/core/v2/posts';
const SEO = '/wp-json/seo/v1/seo_scores';
const READABILITY = '/wp-json/seo/v1/readability_scores';

/** 16 one-syllable words. */
const FILLER = 'We walked to the park and sat on a bench near the pond with our friends. ';
/** A text that reads as good SEO for "apple pie" (its density is 0.9%) but badly (long paragraph, no subheadings). */
const APPLE_TEXT = `<p>Apple pie is a sweet dish. ${FILLER.repeat(10)}We love apple pie. ${FILLER.repeat(10)}Apple pie is the best.</p>`;
const EASY_TEXT = '<p>The cat sat on the mat. The dog ran to the park. It was a fine day.</p>';
const LONG_SENTENCE = 'My friend and I walked down the long road to the old mill by the river where we sat on the grass and ate our lunch in the sun. ';
const LONG_TEXT = `<p>${LONG_SENTENCE.repeat(4)}We went home.</p>`;

type Scores = { scores: Array<{ name: string; amount: number; links: { view?: string }; ids?: string }>; queryTime: number; cacheUsed: boolean };

describe('seo/v1 scores', () => {
  let t: TestApp;
  const id: Record<string, number> = {};

  async function create(body: Record<string, unknown>): Promise<number> {
    return (await t.request.post(POSTS).set('Authorization', t.adminAuth).send({ status: 'publish', ...body }).expect(201)).body.id as number;
  }
  /** Saves the post through REST (its analysis runs after the answer). */
  async function save(postId: number, body: Record<string, unknown> = {}): Promise<void> {
    await t.request.post(`${POSTS}/${postId}`).set('Authorization', t.adminAuth).send(body).expect(200);
  }
  async function scores(path: string, query: string): Promise<Scores> {
    const res = await t.request.get(`${path}?${query}`).set('Authorization', t.adminAuth).expect(200);
    return res.body as Scores;
  }
  const amounts = (s: Scores) => Object.fromEntries(s.scores.map((g) => [g.name, g.amount]));
  const ids = (s: Scores) => Object.fromEntries(s.scores.map((g) => [g.name, g.ids]));

  beforeAll(async () => {
    t = await startTestApp({ SEO_ANALYSIS_ON_SAVE: 'true' });
    // A: good SEO for its keyphrase, bad readability. B: a keyphrase its text never uses (SEO 41: ok), easy to read.
    // C: no keyphrase (SEO not analysed), long sentences (readability ok). D: a draft (never counted).
    // E: like B with two H1 headings (SEO 37: bad).
    id.a = await create({ title: 'Apple pie for everyone', slug: 'apple-pie', content: APPLE_TEXT });
    id.b = await create({ title: 'A quiet day', content: EASY_TEXT });
    id.c = await create({ title: 'A walk', content: LONG_TEXT });
    id.d = await create({ title: 'Draft', content: EASY_TEXT, status: 'draft' });
    id.e = await create({ title: 'A quiet night', content: `<h1>Day</h1>${EASY_TEXT}<h1>Night</h1>` });
    await setPostMeta(t, id.a, { _yoast_wpseo_focuskw: 'apple pie', _yoast_wpseo_metadesc: 'Apple pie is a sweet dish that we bake at home every week for the whole family and our friends. It is easy to make.' });
    await setPostMeta(t, id.b, { _yoast_wpseo_focuskw: 'cherry tart' });
    await setPostMeta(t, id.e, { _yoast_wpseo_focuskw: 'plum cake' });
    await save(id.a);
    await save(id.b);
    await save(id.e);
    await waitForIndexable(t, id.a, (row) => row.primaryFocusKeywordScore !== null);
    await waitForIndexable(t, id.b, (row) => row.primaryFocusKeywordScore !== null);
    await waitForIndexable(t, id.c);
    await waitForIndexable(t, id.d);
    await waitForIndexable(t, id.e, (row) => row.primaryFocusKeywordScore !== null);
  });
  afterAll(() => t.close());

  test('counts per group, each item in the group of its stored score; drafts are not counted', async () => {
    const a = await waitForIndexable(t, id.a);
    const b = await waitForIndexable(t, id.b);
    const e = await waitForIndexable(t, id.e);
    expect([a.primaryFocusKeywordScore, b.primaryFocusKeywordScore, e.primaryFocusKeywordScore]).toEqual([76, 41, 37]);
    const seo = await scores(SEO, 'contentType=post&troubleshooting=1');
    expect(seo.scores.map((g) => g.name)).toEqual(['good', 'ok', 'bad', 'notAnalyzed']);
    expect(ids(seo)).toEqual({ good: String(id.a), ok: String(id.b), bad: String(id.e), notAnalyzed: String(id.c) });
    expect(amounts(seo)).toEqual({ good: 1, ok: 1, bad: 1, notAnalyzed: 1 });
    expect(seo.cacheUsed).toBe(false);
    expect(seo.scores[0].links.view).toBe('http://example.test/wp-admin/edit.php?post_status=publish&post_type=post&seo_filter=good');
    expect(seo.scores[3].links.view).toContain('seo_filter=na');

    // Readability: A 30 (bad), B and E 90 (good), C 60 (ok).
    const readability = await scores(READABILITY, 'contentType=post&troubleshooting=1');
    expect(ids(readability)).toEqual({ good: `${id.b},${id.e}`, ok: String(id.c), bad: String(id.a), notAnalyzed: '' });
    expect(readability.scores[0].links.view).toContain('readability_filter=good');
  });

  test('edits move items between groups; noindex leaves the SEO counts only; trash leaves both', async () => {
    // B gets A's kind of text for its own keyphrase: good SEO now.
    await save(id.b, { title: 'Cherry tart for everyone', slug: 'cherry-tart', content: APPLE_TEXT.replace(/apple pie/gi, (m) => (m[0] === 'A' ? 'Cherry tart' : 'cherry tart')) });
    await setPostMeta(t, id.b, { _yoast_wpseo_metadesc: 'Cherry tart is a sweet dish that we bake at home every week for the whole family and our friends. It is easy to make.' });
    await save(id.b);
    await waitForIndexable(t, id.b, (row) => (row.primaryFocusKeywordScore ?? 0) >= 71);
    // A is kept out of search results.
    await setPostMeta(t, id.a, { '_yoast_wpseo_meta-robots-noindex': '1' });
    await save(id.a);
    await waitForIndexable(t, id.a, (row) => row.isRobotsNoindex === true);
    // C goes to the trash.
    await t.request.delete(`${POSTS}/${id.c}`).set('Authorization', t.adminAuth).expect(200);
    await waitForIndexable(t, id.c, (row) => row.postStatus === 'trash');

    expect(ids(await scores(SEO, 'contentType=post&troubleshooting=1'))).toEqual({ good: String(id.b), ok: '', bad: String(id.e), notAnalyzed: '' });
    expect(ids(await scores(READABILITY, 'contentType=post&troubleshooting=1'))).toEqual({ good: String(id.e), ok: '', bad: `${id.a},${id.b}`, notAnalyzed: '' });
  });

  test('plain answers are kept for a minute per content type (cacheUsed), troubleshooting skips the cache', async () => {
    const first = await scores(SEO, 'contentType=page');
    expect(first.cacheUsed).toBe(false);
    expect(first.scores.every((g) => g.ids === undefined)).toBe(true);
    expect(amounts(first)).toEqual({ good: 0, ok: 0, bad: 0, notAnalyzed: 0 });
    const page = (await t.request.post('/wp-json/core/v2/pages').set('Authorization', t.adminAuth).send({ title: 'A page', content: EASY_TEXT, status: 'publish' }).expect(201)).body.id as number;
    await waitForIndexable(t, page);
    const second = await scores(SEO, 'contentType=page');
    expect(second.cacheUsed).toBe(true);
    expect(second.queryTime).toBe(0);
    expect(amounts(second)).toEqual(amounts(first));
    const fresh = await scores(SEO, 'contentType=page&troubleshooting=1');
    expect(fresh.cacheUsed).toBe(false);
    expect(typeof fresh.queryTime).toBe('number');
    expect(ids(fresh)).toEqual({ good: '', ok: '', bad: '', notAnalyzed: String(page) });
  });

  test('a term narrows the counts to its posts; the view links name it', async () => {
    const term = (await t.request.post('/wp-json/core/v2/categories').set('Authorization', t.adminAuth).send({ name: 'Desserts' }).expect(201)).body;
    await save(id.b, { categories: [term.id] });
    const res = await scores(SEO, `contentType=post&taxonomy=category&term=${term.id}&troubleshooting=1`);
    expect(ids(res)).toEqual({ good: String(id.b), ok: '', bad: '', notAnalyzed: '' });
    expect(res.scores[0].links.view).toBe(`http://example.test/wp-admin/edit.php?post_status=publish&post_type=post&seo_filter=good&category_name=desserts`);
  });

  test('invalid arguments answer the plugin\'s {error} with 400', async () => {
    const cases: Array<[string, string]> = [
      ['contentType=nope', 'Invalid content type.'],
      ['contentType=post&taxonomy=post_tag&term=1', 'Invalid taxonomy.'],
      ['contentType=page&taxonomy=category&term=1', 'Invalid taxonomy.'],
      ['contentType=post&term=1', 'Term needs a provided taxonomy.'],
      ['contentType=post&taxonomy=category', 'Taxonomy needs a provided term.'],
      ['contentType=post&taxonomy=category&term=999999', 'Invalid term.'],
    ];
    for (const [query, error] of cases) {
      for (const path of [SEO, READABILITY]) {
        const res = await t.request.get(`${path}?${query}`).set('Authorization', t.adminAuth).expect(400);
        // Yoast's `{error}`, plus WordPress's error keys.
        expect(res.body).toEqual({ error, code: 'rest_invalid_param', message: error, data: { status: 400 } });
      }
    }
    const missing = await t.request.get(SEO).set('Authorization', t.adminAuth).expect(400);
    expect(missing.body.code).toBe('rest_missing_callback_param');
    const badTerm = await t.request.get(`${SEO}?contentType=post&taxonomy=category&term=abc`).set('Authorization', t.adminAuth).expect(400);
    expect(badTerm.body.code).toBe('rest_invalid_param');
  });

  test('events are analysed on save too, and counted under their own content type', async () => {
    const event = (await t.request.post('/wp-json/events/v1/events').set('Authorization', t.adminAuth)
      .send({ title: 'Pie night', description: EASY_TEXT, start_date: '2031-05-01 18:00', end_date: '2031-05-01 20:00', status: 'publish' }).expect(201)).body.id as number;
    const row = await waitForIndexable(t, event);
    expect([row.objectSubType, row.readabilityScore, row.permalink]).toEqual(['tribe_events', 90, 'http://example.test/event/pie-night/']);
    expect(ids(await scores(READABILITY, 'contentType=tribe_events&troubleshooting=1'))).toEqual({ good: String(event), ok: '', bad: '', notAnalyzed: '' });
    expect(ids(await scores(SEO, 'contentType=tribe_events&troubleshooting=1'))).toEqual({ good: '', ok: '', bad: '', notAnalyzed: String(event) });
  });

  test('scores need wpseo_manage_options (administrators); statistics need read', async () => {
    const editor = await userAuth(t, 'scores-editor', 'editor');
    const subscriber = await userAuth(t, 'scores-subscriber', 'subscriber');
    expect((await t.request.get(`${SEO}?contentType=post`).expect(401)).body.code).toBe('rest_forbidden');
    expect((await t.request.get(`${READABILITY}?contentType=post`).set('Authorization', editor).expect(403)).body.code).toBe('rest_forbidden');
    expect((await t.request.get('/wp-json/seo/v1/statistics').expect(401)).body.code).toBe('rest_forbidden');
    await t.request.get('/wp-json/seo/v1/statistics').set('Authorization', subscriber).expect(200);
  });

  test('statistics: published posts by SEO rank, empty ranks left out; own posts only for authors', async () => {
    const res = await t.request.get('/wp-json/seo/v1/statistics').set('Authorization', t.adminAuth).expect(200);
    // Published posts now: A (noindex), B (good) and E (bad); C is in the trash, D a draft.
    expect(res.body.seo_scores.map((s: { seo_rank: string; count: number }) => [s.seo_rank, s.count])).toEqual([['bad', 1], ['good', 1], ['noindex', 1]]);
    expect(res.body.header).toBe("Below are your published posts' SEO scores. Now is as good a time as any to start improving some of your posts!");
    expect(res.body.seo_scores[1]).toEqual({
      seo_rank: 'good',
      label: 'Posts with the SEO score: <strong>Good</strong>',
      count: 1,
      link: 'http://example.test/wp-admin/edit.php?post_status=publish&post_type=post&seo_filter=good',
    });
    const author = await userAuth(t, 'stats-author', 'author');
    const own = await t.request.get('/wp-json/seo/v1/statistics').set('Authorization', author).expect(200);
    expect(own.body).toEqual({ header: "You don't have any published posts, your SEO scores will appear here once you make your first post!", seo_scores: [] });
  });

  test('two instances analysing one post leave one indexable, of its latest version', async () => {
    const other = await startTestApp({ SEO_ANALYSIS_ON_SAVE: 'true' }, { sharedWith: t });
    try {
      const post = await create({ title: 'Shared', content: EASY_TEXT });
      await setPostMeta(t, post, { _yoast_wpseo_focuskw: 'first' });
      await other.request.post(`${POSTS}/${post}`).set('Authorization', other.adminAuth).send({ content: LONG_TEXT }).expect(200);
      await setPostMeta(t, post, { _yoast_wpseo_focuskw: 'second' });
      await save(post, { title: 'Shared, again' });
      await other.request.post(`${POSTS}/${post}`).set('Authorization', other.adminAuth).send({ excerpt: 'x' }).expect(200);
      const row = await waitForIndexable(t, post, (r) => r.primaryFocusKeyword === 'second' && r.breadcrumbTitle === 'Shared, again');
      expect(row.readabilityScore).toBe(60);
      expect(await t.db.prisma.seoIndexable.count({ where: { objectType: 'post', objectId: post } })).toBe(1);
    } finally {
      await other.close();
    }
  });
});

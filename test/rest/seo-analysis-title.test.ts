/**
 * The analysed SEO title is the title the head prints: a post without an SEO title of its own is
 * analysed with its type's template (wpseo_titles `title-post`), variables replaced, so the
 * title-width and keyphrase-in-title checks judge what search engines will show.
 */
import { analyse, type CheckResult } from '../../src/domain/seo/analysis';
import { writeSeoOption } from '../../src/domain/seo/options';
import { startTestApp, type TestApp } from '../support/app';
import { setPostMeta, waitForIndexable } from '../support/seo';

const POSTS = '/wp-json/core/v2/posts';
const TEXT = '<p>Plum jam is easy to make at home. We cook the plums with sugar and lemon until the jam sets.</p>';

const check = (results: CheckResult[], id: string) => results.find((r) => r.id === id);

describe('seo: the analysed title applies the type template', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ SEO_ANALYSIS_ON_SAVE: 'true' });
    // The site's name first, then the title: the keyphrase is no longer at the title's start, and the
    // long name takes the width over what a results page shows.
    await t.db.prisma.$transaction((tx) =>
      writeSeoOption(tx, 'wpseo_titles', { 'title-post': '%%sitename%% %%sep%% %%title%%', website_name: 'The Very Long Name Of Our Family Kitchen And Garden Website', separator: 'sc-pipe' }),
    );
  });
  afterAll(() => t.close());

  async function analysedPost(meta: Record<string, string>): Promise<{ id: number; seo: CheckResult[] }> {
    const id = (await t.request.post(POSTS).set('Authorization', t.adminAuth).send({ status: 'publish', title: 'Plum jam', slug: 'plum-jam', content: TEXT }).expect(201)).body.id as number;
    await setPostMeta(t, id, { _yoast_wpseo_focuskw: 'plum jam', ...meta });
    const saved = await t.request.post(`${POSTS}/${id}`).set('Authorization', t.adminAuth).send({}).expect(200);
    const row = await waitForIndexable(t, id, (r) => r.primaryFocusKeywordScore !== null && r.analysisHash !== null && (r.objectLastModified?.getTime() ?? 0) >= new Date(`${saved.body.modified_gmt}Z`).getTime());
    return { id, seo: JSON.parse(row.seoResults ?? '[]') as CheckResult[] };
  }

  test('without its own SEO title, the post is analysed with the templated title its head prints', async () => {
    const { id, seo } = await analysedPost({});
    const head = (await t.request.get(`${POSTS}/${id}?_fields=seo_head_json.title`).expect(200)).body.seo_head_json as { title: string };
    expect(head.title).toBe('The Very Long Name Of Our Family Kitchen And Garden Website | Plum jam');

    const expected = analyse({ html: TEXT, keyphrase: 'plum jam', title: head.title, description: '', slug: 'plum-jam', permalink: '', locale: 'en_US', isCornerstone: false, keyphraseUsedBy: [] });
    for (const which of ['keyphraseInSEOTitle', 'titleWidth']) expect(check(seo, which)).toEqual(check(expected.seoResults, which));
    // The templated title: the keyphrase is in it but not at its start, and it is too wide.
    expect(check(seo, 'keyphraseInSEOTitle')?.rating).toBe('ok');
    expect(check(seo, 'titleWidth')?.rating).toBe('bad');
  });

  test('an SEO title of its own is analysed as written (variables replaced)', async () => {
    const { seo } = await analysedPost({ _yoast_wpseo_title: 'Plum jam %%sep%% Easy' });
    expect(check(seo, 'keyphraseInSEOTitle')?.rating).toBe('good');
    expect(check(seo, 'titleWidth')?.rating).toBe('good');
  });
});

/**
 * No N+1: a page of posts (or pages) costs the same number of SQL statements whatever per_page
 * is, `_embed` included. The figures are counted, not guessed, and printed by each test. As
 * printed on SQLite (2026-11-27; per_page 10 and 30 alike; each read counts once in `/metrics`, on
 * PostgreSQL the reads of one turn of the event loop go as one statement):
 *   GET /posts                                  10
 *   GET /posts?_embed                           21   (embedded users and terms, with their heads' reads)
 *   GET /posts?_embed=wp:term,wp:featuredmedia  17
 *   GET /posts?_embed=author                    14   (20 when logged in: authentication)
 *   GET /posts?context=edit                     15   (generated slugs: one batched lookup)
 *   GET /pages?_embed=up                        12
 * PostgreSQL batches some embedded sub-requests in more rounds than SQLite, but a constant number.
 * The fixture has twelve authors, so a per-author query would show as a difference between the
 * two page sizes.
 */
import { basicAuth, startTestApp, type TestApp } from '../support/app';

const POSTS = '/wp-json/core/v2/posts';
const PAGES = '/wp-json/core/v2/pages';

describe('posts: query count', () => {
  let t: TestApp;

  async function queriesOf(path: string, auth?: string): Promise<number> {
    const before = t.db.queries.count;
    const req = t.request.get(path);
    if (auth) req.set('Authorization', auth);
    const res = await req;
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
    return t.db.queries.count - before;
  }

  /** The statements of the same request at two page sizes. */
  async function compare(query: string, base = POSTS, auth?: string): Promise<[number, number]> {
    const sep = query ? '&' : '';
    // Warm-up (first requests prepare statements and load the options row).
    await queriesOf(`${base}?per_page=10${sep}${query}`, auth);
    return [await queriesOf(`${base}?per_page=10${sep}${query}`, auth), await queriesOf(`${base}?per_page=30${sep}${query}`, auth)];
  }

  beforeAll(async () => {
    t = await startTestApp({}, { seed: false });
    const prisma = t.db.prisma;
    const authors: number[] = [(await prisma.user.findUniqueOrThrow({ where: { login: 'admin' } })).id];
    // Twelve authors: a page of 10 shows 10 of them, a page of 30 all 12, so any per-author query shows.
    for (const login of ['alice', 'bob', 'carol', 'dave', 'erin', 'frank', 'grace', 'heidi', 'ivan', 'judy', 'mallory']) {
      const res = await t.request.post('/wp-json/core/v2/users').set('Authorization', t.adminAuth).send({ username: login, email: `${login}@example.com`, password: 'secret-pass-1', roles: ['author'] });
      authors.push(res.body.id);
    }
    const categories = await Promise.all(['one', 'two', 'three'].map((slug) => prisma.term.create({ data: { taxonomy: 'category', name: slug, slug } })));
    const tags = await Promise.all(['red', 'green', 'blue', 'cyan'].map((slug) => prisma.term.create({ data: { taxonomy: 'post_tag', name: slug, slug } })));
    const now = Date.now();
    for (let i = 0; i < 30; i++) {
      const date = new Date(now - i * 60_000);
      // Test fixtures: attachment rows written directly (the media routes do not exist yet).
      const media = await prisma.content.create({ data: { type: 'attachment', status: 'inherit', slug: `image-${i}`, title: `Image ${i}`, mimeType: 'image/jpeg', date, modified: date } });
      const res = await t.request
        .post(POSTS)
        .set('Authorization', t.adminAuth)
        .send({
          title: `Counted post ${i}`,
          content: `Paragraph ${i}\n\nSecond paragraph.`,
          status: 'publish',
          author: authors[i % authors.length],
          categories: [categories[i % 3].id],
          tags: [tags[i % 4].id, tags[(i + 1) % 4].id],
          featured_media: media.id,
          date: new Date(date.getTime()).toISOString().slice(0, 19),
        });
      if (res.status !== 201) throw new Error(`fixture: ${res.status} ${JSON.stringify(res.body)}`);
      if (i % 3 === 0) await t.request.patch(`${POSTS}/${res.body.id}`).set('Authorization', t.adminAuth).send({ content: `Revised ${i}` });
    }
    const parents: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await t.request.post(PAGES).set('Authorization', t.adminAuth).send({ title: `Parent ${i}`, status: 'publish' });
      parents.push(res.body.id);
    }
    const grandparent = parents[0];
    await t.request.patch(`${PAGES}/${parents[1]}`).set('Authorization', t.adminAuth).send({ parent: grandparent });
    for (let i = 0; i < 30; i++) {
      await t.request.post(PAGES).set('Authorization', t.adminAuth).send({ title: `Child ${i}`, status: 'publish', parent: parents[i % 3], author: authors[i % 3] });
    }
    // A second account, so that the author embeds are checked for a non-administrator too.
    const pw = await t.request.post(`/wp-json/core/v2/users/${authors[1]}/application-passwords`).set('Authorization', t.adminAuth).send({ name: 'count' });
    alice = basicAuth('alice', pw.body.password);
  });
  afterAll(() => t.close());

  let alice = '';

  it('GET /posts costs the same at per_page=10 and per_page=30', async () => {
    const [ten, thirty] = await compare('');
    console.log(`GET /posts: ${ten} statements at per_page=10, ${thirty} at per_page=30`);
    expect(thirty).toBe(ten);
    // 8, plus the head's two batched reads (the SEO options and the authors).
    expect(ten).toBeLessThanOrEqual(10);
  });

  it('GET /posts?_embed (author, terms, featured media, replies) costs the same at both sizes', async () => {
    const [ten, thirty] = await compare('_embed');
    console.log(`GET /posts?_embed: ${ten} statements at per_page=10, ${thirty} at per_page=30`);
    expect(thirty).toBe(ten);
  });

  it('GET /posts?_embed=wp:term,wp:featuredmedia costs the same at both sizes', async () => {
    const [ten, thirty] = await compare('_embed=wp:term,wp:featuredmedia');
    console.log(`GET /posts?_embed=wp:term,wp:featuredmedia: ${ten} statements at per_page=10, ${thirty} at per_page=30`);
    expect(thirty).toBe(ten);
  });

  it('embedding authors costs the same for anonymous and logged-in readers', async () => {
    const [anonTen, anonThirty] = await compare('_embed=author');
    const [userTen, userThirty] = await compare('_embed=author', POSTS, alice);
    console.log(`GET /posts?_embed=author: anonymous ${anonTen}/${anonThirty}, author ${userTen}/${userThirty} statements at per_page=10/30`);
    expect(anonThirty).toBe(anonTen);
    expect(userThirty).toBe(userTen);
  });

  it('edit context (generated slugs, action links) costs the same at both sizes', async () => {
    const [ten, thirty] = await compare('context=edit', POSTS, t.adminAuth);
    console.log(`GET /posts?context=edit: ${ten} statements at per_page=10, ${thirty} at per_page=30`);
    expect(thirty).toBe(ten);
  });

  it('GET /pages?_embed=up (nested parents) costs the same at both sizes', async () => {
    const [ten, thirty] = await compare('_embed=up&parent_exclude=0', PAGES);
    console.log(`GET /pages?_embed=up: ${ten} statements at per_page=10, ${thirty} at per_page=30`);
    expect(thirty).toBe(ten);
  });

  it('answers the hot anonymous reads without a Prisma call (prepared statements only)', async () => {
    for (const path of [`${POSTS}?per_page=10`, `${POSTS}?per_page=10&_embed`, `${POSTS}?per_page=10&_embed=author,wp:term`, `${PAGES}?_embed=up`, '/wp-json/core/v2/categories', '/wp-json/core/v2/tags?per_page=5', '/wp-json/']) {
      await t.request.get(path).expect(200);
      const [statements, prisma] = [t.db.queries.count, t.db.queries.prismaCount];
      await t.request.get(path).expect(200);
      const ran = t.db.queries.count - statements;
      console.log(`${path}: ${ran} statements, ${t.db.queries.prismaCount - prisma} through Prisma`);
      expect(ran).toBeGreaterThan(0);
      expect(t.db.queries.prismaCount - prisma).toBe(0);
    }
  });

  it('answers logged-in reads without a Prisma call too (authentication included)', async () => {
    for (const path of [`${POSTS}?per_page=10&context=edit`, `${POSTS}?per_page=10&_embed=author`, '/wp-json/core/v2/users/me']) {
      await t.request.get(path).set('Authorization', t.adminAuth).expect(200);
      const [statements, prisma] = [t.db.queries.count, t.db.queries.prismaCount];
      await t.request.get(path).set('Authorization', t.adminAuth).expect(200);
      expect(t.db.queries.count - statements).toBeGreaterThan(0);
      expect(t.db.queries.prismaCount - prisma).toBe(0);
    }
  });
});

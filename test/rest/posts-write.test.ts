/**
 * Creating, updating and deleting posts over real HTTP: WordPress's status, date, slug, term and
 * permission rules, and that a refused write leaves the database untouched.
 */
import { basicAuth, startTestApp, SITE_URL, type TestApp } from '../support/app';
import type { Response } from 'supertest';

/** A decoded JSON response body (supertest types it loosely). */
type Body = Response['body'];

const API = `${SITE_URL}/wp-json`;
const POSTS = '/wp-json/core/v2/posts';

interface Account {
  id: number;
  auth: string;
}

const isoNoOffset = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/;

function shift(ms: number): string {
  return new Date(Date.now() + ms).toISOString().slice(0, 19);
}

describe('posts: writing', () => {
  let t: TestApp;
  let adminId: number;
  let editor: Account;
  let author: Account;
  let contributor: Account;
  let subscriber: Account;
  let uncategorized: number;
  let news: number;
  let guides: number;
  let tagId: number;

  async function makeUser(login: string, role: string): Promise<Account> {
    const created = await t.request.post('/wp-json/core/v2/users').set('Authorization', t.adminAuth).send({ username: login, email: `${login}@example.com`, password: 'secret-pass-1', roles: [role] });
    if (created.status !== 201) throw new Error(`user ${login}: ${created.status} ${JSON.stringify(created.body)}`);
    const pw = await t.request.post(`/wp-json/core/v2/users/${created.body.id}/application-passwords`).set('Authorization', t.adminAuth).send({ name: 'tests' });
    return { id: created.body.id, auth: basicAuth(login, pw.body.password) };
  }

  async function create(body: Record<string, unknown>, auth = t.adminAuth): Promise<Body> {
    const res = await t.request.post(POSTS).set('Authorization', auth).send(body);
    if (res.status !== 201) throw new Error(`create: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  }

  const snapshot = async () => ({
    content: await t.db.prisma.content.count(),
    meta: await t.db.prisma.contentMeta.count(),
    relationships: await t.db.prisma.termRelationship.count(),
    counts: (await t.db.prisma.term.findMany({ orderBy: { id: 'asc' }, select: { count: true } })).map((x) => x.count),
  });

  const termCount = async (id: number) => (await t.db.prisma.term.findUniqueOrThrow({ where: { id } })).count;

  beforeAll(async () => {
    t = await startTestApp({}, { seed: true });
    adminId = (await t.db.prisma.user.findUniqueOrThrow({ where: { login: 'admin' } })).id;
    editor = await makeUser('ed', 'editor');
    author = await makeUser('au', 'author');
    contributor = await makeUser('co', 'contributor');
    subscriber = await makeUser('su', 'subscriber');
    const term = (taxonomy: string, slug: string) => t.db.prisma.term.findFirstOrThrow({ where: { taxonomy, slug } }).then((x) => x.id);
    uncategorized = await term('category', 'uncategorized');
    news = await term('category', 'news');
    guides = await term('category', 'guides');
    tagId = await term('post_tag', 'featured');
  });
  afterAll(() => t.close());

  describe('create', () => {
    it('answers 201 with Location and the edit-context record; a draft by default', async () => {
      const res = await t.request.post(POSTS).set('Authorization', t.adminAuth).send({ title: 'My "Quoted" Post -- test...' }).expect(201);
      const body = res.body;
      expect(res.headers.location).toBe(`${API}/core/v2/posts/${body.id}`);
      expect(res.headers.allow).toBe('GET, POST');
      expect(body.status).toBe('draft');
      expect(body.slug).toBe('');
      expect(body.generated_slug).toBe('my-quoted-post-test');
      expect(body.permalink_template).toBe(`${SITE_URL}/%postname%/`);
      expect(body.link).toBe(`${SITE_URL}/?p=${body.id}`);
      expect(body.guid).toEqual({ rendered: `${SITE_URL}/?p=${body.id}`, raw: `${SITE_URL}/?p=${body.id}` });
      expect(body.title).toEqual({ raw: 'My "Quoted" Post -- test...', rendered: 'My &#8220;Quoted&#8221; Post &#8212; test&#8230;' });
      expect(body.date).toMatch(isoNoOffset);
      expect(body.date_gmt).toBe(body.date);
      expect(body.author).toBe(adminId);
      expect(body.categories).toEqual([uncategorized]);
      expect(body.tags).toEqual([]);
      expect(body.password).toBe('');
      expect(body.class_list).toEqual([`post-${body.id}`, 'post', 'type-post', 'status-draft', 'format-standard', 'hentry', 'category-uncategorized']);
      const row = await t.db.prisma.content.findUniqueOrThrow({ where: { id: body.id } });
      expect(row.dateFloating).toBe(true);
      expect(row.slugKey).toBeNull();
    });

    it('accepts title, content and excerpt as {raw} objects', async () => {
      const body = await create({ title: { raw: 'Raw title' }, content: { raw: 'Raw body' }, excerpt: { raw: 'Raw excerpt' }, status: 'publish' });
      expect(body.title.raw).toBe('Raw title');
      expect(body.content.raw).toBe('Raw body');
      expect(body.content.rendered).toBe('<p>Raw body</p>\n');
      expect(body.excerpt.raw).toBe('Raw excerpt');
      expect(body.slug).toBe('raw-title');
    });

    it('refuses an id (400 rest_post_exists), anonymous (401) and subscribers (403) without writing', async () => {
      const before = await snapshot();
      const exists = await t.request.post(POSTS).set('Authorization', t.adminAuth).send({ id: 5, title: 'x' }).expect(400);
      expect(exists.body).toEqual({ code: 'rest_post_exists', message: 'Cannot create existing post.', data: { status: 400 } });
      const anon = await t.request.post(POSTS).send({ title: 'x' }).expect(401);
      expect(anon.body).toEqual({ code: 'rest_cannot_create', message: 'Sorry, you are not allowed to create posts as this user.', data: { status: 401 } });
      expect(anon.headers.allow).toBe('GET');
      const sub = await t.request.post(POSTS).set('Authorization', subscriber.auth).send({ title: 'x' }).expect(403);
      expect(sub.body.code).toBe('rest_cannot_create');
      expect(await snapshot()).toEqual(before);
    });

    it('refuses publishing to contributors (rest_cannot_publish) and lets them save drafts and pending posts', async () => {
      const before = await snapshot();
      const publish = await t.request.post(POSTS).set('Authorization', contributor.auth).send({ title: 'x', status: 'publish' }).expect(403);
      expect(publish.body).toEqual({ code: 'rest_cannot_publish', message: 'Sorry, you are not allowed to publish posts in this post type.', data: { status: 403 } });
      const priv = await t.request.post(POSTS).set('Authorization', contributor.auth).send({ title: 'x', status: 'private' }).expect(403);
      expect(priv.body.message).toBe('Sorry, you are not allowed to create private posts in this post type.');
      expect(await snapshot()).toEqual(before);
      const pending = await create({ title: 'For review', status: 'pending' }, contributor.auth);
      expect(pending.status).toBe('pending');
      expect(pending.author).toBe(contributor.id);
    });

    it('checks authors: rest_cannot_edit_others, rest_invalid_author', async () => {
      const others = await t.request.post(POSTS).set('Authorization', author.auth).send({ title: 'x', author: adminId }).expect(403);
      expect(others.body).toEqual({ code: 'rest_cannot_edit_others', message: 'Sorry, you are not allowed to create posts as this user.', data: { status: 403 } });
      const invalid = await t.request.post(POSTS).set('Authorization', editor.auth).send({ title: 'x', author: 987654 }).expect(400);
      expect(invalid.body).toEqual({ code: 'rest_invalid_author', message: 'Invalid author ID.', data: { status: 400 } });
      const assigned = await create({ title: 'Ghost written', author: author.id }, editor.auth);
      expect(assigned.author).toBe(author.id);
    });

    it('refuses sticky to those who can neither publish nor edit others\' posts, and sticky with a password (rest_invalid_field)', async () => {
      // create_item_permissions_check: publish_posts alone is enough, so an author may stick a post.
      const byAuthor = await create({ title: 'Author sticky', sticky: true }, author.auth);
      expect(byAuthor.sticky).toBe(true);
      const sticky = await t.request.post(POSTS).set('Authorization', contributor.auth).send({ title: 'x', sticky: true }).expect(403);
      expect(sticky.body).toEqual({ code: 'rest_cannot_assign_sticky', message: 'Sorry, you are not allowed to make posts sticky.', data: { status: 403 } });
      const both = await t.request.post(POSTS).set('Authorization', t.adminAuth).send({ title: 'x', sticky: true, password: 'pw' }).expect(400);
      expect(both.body).toEqual({ code: 'rest_invalid_field', message: 'A post can not be sticky and have a password.', data: { status: 400 } });
      const fine = await create({ title: 'Sticky empty password', sticky: true, password: '' });
      expect(fine.sticky).toBe(true);
    });

    it('derives and sanitises slugs and keeps them unique per type', async () => {
      const first = await create({ title: 'Same Title', status: 'publish' });
      const second = await create({ title: 'Same Title', status: 'publish' });
      const third = await create({ title: 'Same Title', status: 'publish' });
      expect([first.slug, second.slug, third.slug]).toEqual(['same-title', 'same-title-2', 'same-title-3']);
      expect(second.link).toBe(`${SITE_URL}/same-title-2/`);
      const given = await create({ title: 'x', slug: 'Brand New World!!', status: 'publish' });
      expect(given.slug).toBe('brand-new-world');
      // A draft given a slug is made unique too (REST forces it).
      const draft = await create({ title: 'x', slug: 'same-title' });
      expect(draft.slug).toBe('same-title-4');
      // Feed slugs are reserved.
      expect((await create({ title: 'Feed', status: 'publish' })).slug).toBe('feed-2');
      // Without a title the id becomes the slug once published.
      const untitled = await create({ status: 'publish' });
      expect(untitled.slug).toBe(String(untitled.id));
    });

    it('keeps slugs unique under concurrent creates', async () => {
      const results = await Promise.all(Array.from({ length: 6 }, () => t.request.post(POSTS).set('Authorization', t.adminAuth).send({ title: 'Race', status: 'publish' })));
      expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201, 201, 201]);
      const slugs = results.map((r) => r.body.slug).sort();
      expect(slugs).toEqual(['race', 'race-2', 'race-3', 'race-4', 'race-5', 'race-6']);
    });

    it('applies the status and date rules', async () => {
      const future = await create({ title: 'Later', status: 'publish', date_gmt: shift(86_400_000) });
      expect(future.status).toBe('future');
      expect(future.link).toBe(`${SITE_URL}/?p=${future.id}`);
      const past = await create({ title: 'Earlier', status: 'future', date: '2010-01-01T02:00:00-10:00' });
      expect(past.status).toBe('publish');
      expect(past.date).toBe('2010-01-01T12:00:00');
      expect(past.date_gmt).toBe('2010-01-01T12:00:00');
      const futureNoDate = await create({ title: 'No date', status: 'future' });
      expect(futureNoDate.status).toBe('publish');
      const gmtOnly = await create({ title: 'GMT', status: 'publish', date_gmt: '2015-06-01T08:00:00+05:00' });
      expect([gmtOnly.date, gmtOnly.date_gmt]).toEqual(['2015-06-01T08:00:00', '2015-06-01T08:00:00']);
      const both = await create({ title: 'Both', status: 'publish', date: '2012-03-04T05:06:07', date_gmt: '2001-01-01T00:00:00' });
      expect(both.date).toBe('2012-03-04T05:06:07');
      const invalid = await t.request.post(POSTS).set('Authorization', t.adminAuth).send({ title: 'x', date: '2016-06-30' }).expect(400);
      expect(invalid.body.data.details.date.code).toBe('rest_invalid_date');
    });

    it('stores footnotes, format, sticky and template rules', async () => {
      const body = await create({ title: 'Formats', status: 'publish', format: 'aside', meta: { footnotes: '[{"id":"1","content":"Note"}]' }, sticky: true, template: '' });
      expect(body.format).toBe('aside');
      expect(body.class_list).toEqual(expect.arrayContaining(['format-aside', 'post_format-post-format-aside']));
      expect(body.meta).toMatchObject({ footnotes: '[{"id":"1","content":"Note"}]', _yoast_wpseo_title: '' });
      expect(body.sticky).toBe(true);
      const meta = await t.db.prisma.contentMeta.findFirstOrThrow({ where: { contentId: body.id, key: 'footnotes' } });
      expect(meta.value).toBe('[{"id":"1","content":"Note"}]');
      const before = await snapshot();
      const template = await t.request.post(POSTS).set('Authorization', t.adminAuth).send({ title: 'x', template: 'fancy.php' }).expect(400);
      expect(template.body).toEqual({
        code: 'rest_invalid_param',
        message: 'Invalid parameter(s): template',
        data: { status: 400, params: { template: 'template is not one of .' }, details: { template: { code: 'rest_invalid_param', message: 'template is not one of .', data: null } } },
      });
      const format = await t.request.post(POSTS).set('Authorization', t.adminAuth).send({ title: 'x', format: 'poem' }).expect(400);
      expect(format.body.data.details.format.code).toBe('rest_not_in_enum');
      expect(await snapshot()).toEqual(before);
    });

    it('assigns terms: unknown ids dropped, [] leaves none, counts kept right', async () => {
      const newsCount = await termCount(news);
      const body = await create({ title: 'Terms', status: 'publish', categories: [news, 999999, tagId], tags: [tagId, news] });
      expect(body.categories).toEqual([news]);
      expect(body.tags).toEqual([tagId]);
      expect(await termCount(news)).toBe(newsCount + 1);
      const none = await create({ title: 'No categories', status: 'publish', categories: [] });
      expect(none.categories).toEqual([]);
      const draftCount = await termCount(guides);
      const draft = await create({ title: 'Draft terms', categories: [guides] });
      expect(draft.categories).toEqual([guides]);
      expect(await termCount(guides)).toBe(draftCount);
      await t.request.patch(`${POSTS}/${draft.id}`).set('Authorization', t.adminAuth).send({ status: 'publish' }).expect(200);
      expect(await termCount(guides)).toBe(draftCount + 1);
    });

    it('checks featured media: an attachment, else 400 rest_invalid_featured_media; 0 removes it', async () => {
      const before = await snapshot();
      const bad = await t.request.post(POSTS).set('Authorization', t.adminAuth).send({ title: 'x', featured_media: 424242 }).expect(400);
      expect(bad.body).toEqual({ code: 'rest_invalid_featured_media', message: 'Invalid featured media ID.', data: { status: 400 } });
      const notMedia = await t.request.post(POSTS).set('Authorization', t.adminAuth).send({ title: 'x', featured_media: uncategorizedPostId() }).expect(400);
      expect(notMedia.body.code).toBe('rest_invalid_featured_media');
      expect(await snapshot()).toEqual(before);
      const media = await t.db.prisma.content.create({ data: { type: 'attachment', status: 'inherit', title: 'img', date: new Date(), modified: new Date() } });
      const body = await create({ title: 'Pictured', featured_media: media.id });
      expect(body.featured_media).toBe(media.id);
      const cleared = await t.request.patch(`${POSTS}/${body.id}`).set('Authorization', t.adminAuth).send({ featured_media: 0 }).expect(200);
      expect(cleared.body.featured_media).toBe(0);
      expect(await t.db.prisma.contentMeta.count({ where: { contentId: body.id, key: '_thumbnail_id' } })).toBe(0);
    });

    let firstPostId = 0;
    function uncategorizedPostId(): number {
      return firstPostId;
    }
    beforeAll(async () => {
      firstPostId = (await t.db.prisma.content.findFirstOrThrow({ where: { type: 'post' } })).id;
    });

    it('strips scripts, iframes and event handlers for users without unfiltered_html only', async () => {
      const html = '<p onclick="steal()">Hi</p><script>alert(1)</script><iframe src="x"></iframe>';
      const byAuthor = await create({ title: 'Filtered', content: html }, author.auth);
      expect(byAuthor.content.raw).toBe('<p>Hi</p>');
      const byEditor = await create({ title: 'Unfiltered', content: html }, editor.auth);
      expect(byEditor.content.raw).toBe(html);
    });
  });

  describe('update', () => {
    it('updates partially with POST, PUT and PATCH', async () => {
      const post = await create({ title: 'Original', content: 'Body', status: 'publish' });
      for (const method of ['post', 'put', 'patch'] as const) {
        const res = await t.request[method](`${POSTS}/${post.id}`).set('Authorization', t.adminAuth).send({ excerpt: `Via ${method}` }).expect(200);
        expect(res.body.excerpt.raw).toBe(`Via ${method}`);
        expect(res.body.title.raw).toBe('Original');
        expect(res.body.content.raw).toBe('Body');
        expect(res.body.slug).toBe('original');
        expect(Object.keys(res.body)).toContain('generated_slug');
      }
    });

    it('edits the post named by a body id rather than the path (WordPress precedence)', async () => {
      const a = await create({ title: 'Path post' });
      const b = await create({ title: 'Body post' });
      const res = await t.request.put(`${POSTS}/${a.id}`).set('Authorization', t.adminAuth).send({ id: b.id, title: 'Changed' }).expect(200);
      expect(res.body.id).toBe(b.id);
      expect((await t.db.prisma.content.findUniqueOrThrow({ where: { id: a.id } })).title).toBe('Path post');
    });

    it('refuses other people\'s posts to authors and published posts to contributors', async () => {
      const mine = await create({ title: 'Admin owned', status: 'publish' });
      const before = await snapshot();
      const res = await t.request.patch(`${POSTS}/${mine.id}`).set('Authorization', author.auth).send({ title: 'Hijack' }).expect(403);
      expect(res.body).toEqual({ code: 'rest_cannot_edit', message: 'Sorry, you are not allowed to edit this post.', data: { status: 403 } });
      const anon = await t.request.patch(`${POSTS}/${mine.id}`).send({ title: 'Hijack' }).expect(401);
      expect(anon.body.code).toBe('rest_cannot_edit');
      const own = await create({ title: 'Contributor draft' }, contributor.auth);
      await t.db.prisma.content.update({ where: { id: own.id }, data: { status: 'publish' } });
      const published = await t.request.patch(`${POSTS}/${own.id}`).set('Authorization', contributor.auth).send({ title: 'x' }).expect(403);
      expect(published.body.code).toBe('rest_cannot_edit');
      const reassign = await t.request.patch(`${POSTS}/${(await create({ title: 'Authors own' }, author.auth)).id}`).set('Authorization', author.auth).send({ author: adminId }).expect(403);
      expect(reassign.body).toEqual({ code: 'rest_cannot_edit_others', message: 'Sorry, you are not allowed to update posts as this user.', data: { status: 403 } });
      const unknown = await t.request.patch(`${POSTS}/999999`).set('Authorization', t.adminAuth).send({ title: 'x' }).expect(404);
      expect(unknown.body.code).toBe('rest_post_invalid_id');
      expect((await snapshot()).content).toBe(before.content + 2); // the two posts made for the test
      expect((await t.db.prisma.content.findUniqueOrThrow({ where: { id: mine.id } })).title).toBe('Admin owned');
    });

    it('checks sticky and password conflicts against the stored post', async () => {
      const sticky = await create({ title: 'Sticky', status: 'publish', sticky: true });
      const pw = await t.request.patch(`${POSTS}/${sticky.id}`).set('Authorization', t.adminAuth).send({ password: 'x' }).expect(400);
      expect(pw.body.message).toBe('A sticky post can not be password protected.');
      const locked = await create({ title: 'Locked', status: 'publish', password: 'x' });
      const st = await t.request.patch(`${POSTS}/${locked.id}`).set('Authorization', t.adminAuth).send({ sticky: true }).expect(400);
      expect(st.body.message).toBe('A password protected post can not be set to sticky.');
      const byAuthor = await create({ title: 'Authors', status: 'publish' }, author.auth);
      const stick = await t.request.patch(`${POSTS}/${byAuthor.id}`).set('Authorization', author.auth).send({ sticky: true }).expect(200);
      expect(stick.body.sticky).toBe(true);
      const unstick = await t.request.patch(`${POSTS}/${byAuthor.id}`).set('Authorization', author.auth).send({ sticky: false }).expect(200);
      expect(unstick.body.sticky).toBe(false);
      // update_item_permissions_check refuses only `sticky: true`, and only without publish_posts and edit_others_posts.
      const draft = await create({ title: 'Contributor draft' }, contributor.auth);
      const refused = await t.request.patch(`${POSTS}/${draft.id}`).set('Authorization', contributor.auth).send({ sticky: true }).expect(403);
      expect(refused.body.code).toBe('rest_cannot_assign_sticky');
      await t.request.patch(`${POSTS}/${draft.id}`).set('Authorization', contributor.auth).send({ sticky: false }).expect(200);
    });

    it('publishes a draft with a title slug and lets a null date make a draft float again', async () => {
      const draft = await create({ title: 'Going Live' });
      const live = await t.request.patch(`${POSTS}/${draft.id}`).set('Authorization', t.adminAuth).send({ status: 'publish' }).expect(200);
      expect(live.body.slug).toBe('going-live');
      expect(live.body.link).toBe(`${SITE_URL}/going-live/`);
      const fixed = await create({ title: 'Fixed draft', date: '2020-05-05T05:05:05' });
      expect(fixed.date).toBe('2020-05-05T05:05:05');
      expect((await t.db.prisma.content.findUniqueOrThrow({ where: { id: fixed.id } })).dateFloating).toBe(false);
      const reset = await t.request.patch(`${POSTS}/${fixed.id}`).set('Authorization', t.adminAuth).send({ date: null }).expect(200);
      expect(reset.body.date).not.toBe('2020-05-05T05:05:05');
      expect((await t.db.prisma.content.findUniqueOrThrow({ where: { id: fixed.id } })).dateFloating).toBe(true);
      const soon = await t.request.patch(`${POSTS}/${live.body.id}`).set('Authorization', t.adminAuth).send({ date_gmt: shift(3_600_000) }).expect(200);
      expect(soon.body.status).toBe('future');
    });

    it('updates terms: a given list replaces, omitted keeps, [] empties', async () => {
      const post = await create({ title: 'Retag', status: 'publish', categories: [news], tags: [tagId] });
      const kept = await t.request.patch(`${POSTS}/${post.id}`).set('Authorization', t.adminAuth).send({ title: 'Retagged' }).expect(200);
      expect([kept.body.categories, kept.body.tags]).toEqual([[news], [tagId]]);
      const replaced = await t.request.patch(`${POSTS}/${post.id}`).set('Authorization', t.adminAuth).send({ categories: [guides], tags: [] }).expect(200);
      expect([replaced.body.categories, replaced.body.tags]).toEqual([[guides], []]);
      const emptied = await t.request.patch(`${POSTS}/${post.id}`).set('Authorization', t.adminAuth).send({ categories: [] }).expect(200);
      expect(emptied.body.categories).toEqual([]);
    });
  });

  describe('delete', () => {
    it('trashes, then answers 410, then deletes with force', async () => {
      const post = await create({ title: 'To be trashed', status: 'publish', categories: [news] });
      const newsCount = await termCount(news);
      const trashed = await t.request.delete(`${POSTS}/${post.id}`).set('Authorization', t.adminAuth).expect(200);
      expect(trashed.body.status).toBe('trash');
      expect(trashed.body.slug).toBe('to-be-trashed__trashed');
      expect(trashed.body.link).toBe(`${SITE_URL}/?p=${post.id}`);
      expect(trashed.body.permalink_template).toBe(`${SITE_URL}/?p=${post.id}`);
      expect(trashed.body.generated_slug).toBe('to-be-trashed');
      expect(trashed.body._links['version-history'][0].count).toBe(1);
      expect(await termCount(news)).toBe(newsCount - 1);
      const meta = await t.db.prisma.contentMeta.findMany({ where: { contentId: post.id }, orderBy: { key: 'asc' } });
      expect(Object.fromEntries(meta.map((m) => [m.key, m.value]))).toMatchObject({ _wp_trash_meta_status: 'publish', _wp_desired_post_slug: 'to-be-trashed' });
      // The slug is free again.
      expect((await create({ title: 'To be trashed', status: 'publish' })).slug).toBe('to-be-trashed');
      const again = await t.request.delete(`${POSTS}/${post.id}`).set('Authorization', t.adminAuth).expect(410);
      expect(again.body).toEqual({ code: 'rest_already_trashed', message: 'The post has already been deleted.', data: { status: 410 } });
      expect(again.headers.allow).toBe('GET, POST, PUT, PATCH, DELETE');
      const forced = await t.request.delete(`${POSTS}/${post.id}?force=true`).set('Authorization', t.adminAuth).expect(200);
      expect(forced.body.deleted).toBe(true);
      expect(forced.body.previous.id).toBe(post.id);
      expect(forced.body.previous.status).toBe('trash');
      expect(forced.body.previous._links).toBeUndefined();
      expect(Object.keys(forced.body.previous)).toContain('generated_slug');
      expect(forced.headers.allow).toBeUndefined();
      await t.request.get(`${POSTS}/${post.id}`).set('Authorization', t.adminAuth).expect(404);
      expect(await t.db.prisma.content.count({ where: { parentId: post.id } })).toBe(0);
    });

    it('gives a post leaving the trash its slug back', async () => {
      const post = await create({ title: 'Come back', status: 'publish' });
      await t.request.delete(`${POSTS}/${post.id}`).set('Authorization', t.adminAuth).expect(200);
      const restored = await t.request.patch(`${POSTS}/${post.id}`).set('Authorization', t.adminAuth).send({ status: 'publish' }).expect(200);
      expect(restored.body.status).toBe('publish');
      expect(restored.body.slug).toBe('come-back');
      expect(await t.db.prisma.contentMeta.count({ where: { contentId: post.id, key: '_wp_desired_post_slug' } })).toBe(0);
    });

    it('refuses deleting to those without delete_post', async () => {
      const post = await create({ title: 'Keep me', status: 'publish' });
      const anon = await t.request.delete(`${POSTS}/${post.id}`).expect(401);
      expect(anon.body).toEqual({ code: 'rest_cannot_delete', message: 'Sorry, you are not allowed to delete this post.', data: { status: 401 } });
      await t.request.delete(`${POSTS}/${post.id}?force=true`).set('Authorization', author.auth).expect(403);
      expect((await t.db.prisma.content.findUniqueOrThrow({ where: { id: post.id } })).status).toBe('publish');
      await t.request.delete(`${POSTS}/999999`).set('Authorization', t.adminAuth).expect(404);
    });

    it('deletes via ?_method=DELETE on POST', async () => {
      const post = await create({ title: 'Override', status: 'publish' });
      const res = await t.request.post(`${POSTS}/${post.id}?_method=DELETE`).set('Authorization', subscriber.auth).expect(403);
      expect(res.body.code).toBe('rest_cannot_delete');
    });
  });
});

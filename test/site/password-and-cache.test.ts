/**
 * Password-protected content on the public site (WordPress's flow: the form posts to
 * wp-login.php?action=postpass, a cookie remembers the password, the page then shows the content;
 * here the cookie is signed, so it cannot be made without the password), and the site's pages in
 * the shared read cache: a page is served from the cache until a write changes what it shows.
 */
import { SITE_URL, startTestApp, type TestApp } from '../support/app';
import { createHash } from 'node:crypto';

let t: TestApp;
const COOKIE = `wp-postpass_${createHash('md5').update(SITE_URL).digest('hex')}`;

beforeAll(async () => {
  t = await startTestApp({ CACHE_ENABLED: 'true' }, { seed: true });
});
afterAll(async () => t.close());

async function createPost(fields: Record<string, unknown>): Promise<{ id: number; link: string }> {
  const res = await t.request.post('/wp-json/core/v2/posts').set('Authorization', t.adminAuth).send({ status: 'publish', ...fields });
  expect(res.status).toBe(201);
  return res.body as { id: number; link: string };
}

const pathOf = (link: string): string => link.slice(SITE_URL.length);

async function submitPassword(password: string, redirectTo: string): Promise<{ cookie: string; location: string; setCookie: string }> {
  const res = await t.request.post('/wp-login.php?action=postpass').type('form').send({ post_password: password, redirect_to: redirectTo });
  expect(res.status).toBe(302);
  const setCookie = String((res.headers['set-cookie'] as unknown as string[])[0]);
  return { cookie: setCookie.split(';')[0], location: String(res.headers.location), setCookie };
}

describe('password-protected content', () => {
  it('shows the form, then the content once the right password was entered', async () => {
    const post = await createPost({ title: 'Members only', content: 'The secret words', excerpt: 'Secret excerpt', password: 'open sesame' });
    const locked = await t.request.get(pathOf(post.link));
    expect(locked.status).toBe(200);
    expect(locked.text).toContain('<h1 class="entry-title">Protected: Members only</h1>');
    expect(locked.text).toContain(`<form action="${SITE_URL}/wp-login.php?action=postpass" class="post-password-form" method="post">`);
    expect(locked.text).toContain(`<input type="hidden" name="redirect_to" value="${post.link}">`);
    expect(locked.text).toMatch(/<label for="pwbox-\d+">Password:<\/label> <input name="post_password" id="pwbox-\d+" type="password"/);
    expect(locked.text).not.toContain('The secret words');
    // Lists show no excerpt either.
    expect((await t.request.get('/')).text).not.toContain('Secret excerpt');

    const wrong = await submitPassword('not it', post.link);
    expect(wrong.location).toBe(post.link);
    const stillLocked = await t.request.get(pathOf(post.link)).set('Cookie', wrong.cookie);
    expect(stillLocked.text).not.toContain('The secret words');
    expect(stillLocked.text).toContain('class="post-password-form"');

    const right = await submitPassword('open sesame', post.link);
    expect(right.setCookie).toMatch(new RegExp(`^${COOKIE}=[^;]+; Path=/; Max-Age=864000; HttpOnly; SameSite=Lax$`));
    const open = await t.request.get(pathOf(post.link)).set('Cookie', `other=1; ${right.cookie}`);
    expect(open.status).toBe(200);
    expect(open.text).toContain('The secret words');
    expect(open.text).not.toContain('<form action=');
    // A page opened by the cookie is personal: never stored, never shared.
    expect(open.headers['x-cache']).toBe('BYPASS');
    expect(open.headers['cache-control']).toContain('private');
    expect((await t.request.get(pathOf(post.link))).text).not.toContain('The secret words');

    // The embed shows the excerpt only when unlocked, too.
    expect((await t.request.get(`${pathOf(post.link)}embed/`)).text).toContain('This content is password protected.');
    expect((await t.request.get(`${pathOf(post.link)}embed/`).set('Cookie', right.cookie)).text).toContain('Secret excerpt');

    // Changing the password locks the page again.
    await t.request.post(`/wp-json/core/v2/posts/${post.id}`).set('Authorization', t.adminAuth).send({ password: 'new one' });
    expect((await t.request.get(pathOf(post.link)).set('Cookie', right.cookie)).text).not.toContain('The secret words');
  });

  it('a cookie cannot be forged from the password alone or replayed from another value', async () => {
    const post = await createPost({ title: 'Forgery target', content: 'Guarded text', password: 'hunter2' });
    const forgeries = [
      'hunter2',
      createHash('md5').update('hunter2').digest('hex'),
      createHash('sha256').update('hunter2').digest('hex'),
      `v1.${createHash('sha256').update('postpass\u0000hunter2').digest('base64url')}`,
      `v1.${'A'.repeat(43)}`,
    ];
    for (const value of forgeries) {
      const res = await t.request.get(pathOf(post.link)).set('Cookie', `${COOKIE}=${encodeURIComponent(value)}`);
      expect(res.text).not.toContain('Guarded text');
    }
  });

  it('redirect_to leads back to this site only', async () => {
    expect((await submitPassword('x', 'https://evil.example/')).location).toBe(`${SITE_URL}/`);
    expect((await submitPassword('x', '//evil.example/')).location).toBe(`${SITE_URL}/`);
    expect((await submitPassword('x', '/hello-world/')).location).toBe(`${SITE_URL}/hello-world/`);
    expect((await t.request.post('/wp-login.php?action=login').type('form').send({})).status).toBe(404);
  });

  it('protected events show the form too', async () => {
    const res = await t.request
      .post('/wp-json/events/v1/events')
      .set('Authorization', t.adminAuth)
      .send({ title: 'Closed meetup', description: 'Secret agenda', start_date: '2030-01-01 10:00', end_date: '2030-01-01 12:00', status: 'publish' });
    expect(res.status).toBe(201);
    // events/v1 takes no password: set as WordPress's editor would (the site reads the row afresh: nothing cached yet).
    await t.db.prisma.content.update({ where: { id: res.body.id as number }, data: { password: 'letmein' } });
    const locked = await t.request.get(pathOf(res.body.url));
    expect(locked.status).toBe(200);
    expect(locked.text).toContain('class="post-password-form"');
    expect(locked.text).not.toContain('Secret agenda');
    const { cookie } = await submitPassword('letmein', res.body.url);
    expect((await t.request.get(pathOf(res.body.url)).set('Cookie', cookie)).text).toContain('Secret agenda');
  });
});

describe('the read cache', () => {
  it('serves a page from the cache until an update changes it', async () => {
    const post = await createPost({ title: 'Cached title', content: 'First words' });
    const first = await t.request.get(pathOf(post.link));
    expect([first.status, first.headers['x-cache']]).toEqual([200, 'MISS']);
    expect(first.headers['cache-control']).toBe('public, max-age=0');
    expect(first.headers['surrogate-key']).toContain(`c:${post.id}`);
    const second = await t.request.get(pathOf(post.link));
    expect([second.headers['x-cache'], second.text]).toEqual(['HIT', first.text]);
    expect((await t.request.get(pathOf(post.link)).set('If-None-Match', String(first.headers.etag))).status).toBe(304);

    const home = await t.request.get('/');
    expect((await t.request.get('/')).headers['x-cache']).toBe('HIT');

    const updated = await t.request.post(`/wp-json/core/v2/posts/${post.id}`).set('Authorization', t.adminAuth).send({ title: 'Renamed title', content: 'Second words' });
    expect(updated.status).toBe(200);
    const after = await t.request.get(pathOf(post.link));
    expect(after.headers['x-cache']).toBe('MISS');
    expect(after.text).toContain('Renamed title');
    expect(after.text).toContain('Second words');
    const homeAfter = await t.request.get('/');
    expect(homeAfter.headers['x-cache']).toBe('MISS');
    expect(homeAfter.text).toContain('Renamed title');
    expect(home.text).not.toContain('Renamed title');
  });

  it('a deleted post stops answering; a renamed category updates its archive', async () => {
    const post = await createPost({ title: 'Short-lived', content: 'Soon gone' });
    expect((await t.request.get(pathOf(post.link))).status).toBe(200);
    expect((await t.request.get(pathOf(post.link))).headers['x-cache']).toBe('HIT');
    await t.request.delete(`/wp-json/core/v2/posts/${post.id}`).set('Authorization', t.adminAuth);
    expect((await t.request.get(pathOf(post.link))).status).toBe(404);

    const [category] = (await t.request.get('/wp-json/core/v2/categories').query({ slug: 'news' })).body as Array<{ id: number; link: string }>;
    await t.request.get(pathOf(category.link));
    expect((await t.request.get(pathOf(category.link))).headers['x-cache']).toBe('HIT');
    await t.request.post(`/wp-json/core/v2/categories/${category.id}`).set('Authorization', t.adminAuth).send({ name: 'Announcements' });
    const renamed = await t.request.get(pathOf(category.link));
    expect(renamed.headers['x-cache']).toBe('MISS');
    expect(renamed.text).toContain('Category: <span>Announcements</span>');
  });
});

/**
 * Posts and pages through the real `/batch/v1` (rest-semantics §9): normal and
 * require-all-validate modes, routes that refuse batching, limits, query strings, headers and
 * per-item permissions.
 */
import { startTestApp, SITE_URL, type TestApp } from '../support/app';

const API = `${SITE_URL}/wp-json`;
const BATCH = '/wp-json/batch/v1';

describe('posts and pages in batches', () => {
  let t: TestApp;

  const batch = (body: Record<string, unknown>, auth: string | null = t.adminAuth) => {
    const req = t.request.post(BATCH);
    if (auth) req.set('Authorization', auth);
    return req.send(body);
  };
  const posts = (where: Record<string, unknown> = {}) => t.db.prisma.content.count({ where: { type: { in: ['post', 'page'] }, ...where } });

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('declares allow_batch on the post and page collection and item endpoints', async () => {
    for (const base of ['/wp-json/core/v2/posts', '/wp-json/core/v2/pages']) {
      const list = await t.request.options(base).expect(200);
      expect(list.body.endpoints.map((e: { allow_batch?: unknown }) => e.allow_batch)).toEqual([{ v1: true }, { v1: true }]);
      const item = await t.request.options(`${base}/1`).expect(200);
      expect(item.body.endpoints.map((e: { allow_batch?: unknown }) => e.allow_batch)).toEqual([{ v1: true }, { v1: true }, { v1: true }]);
    }
  });

  it('runs every item in normal mode: successes and failures side by side (207)', async () => {
    const before = await posts();
    const res = await batch({
      requests: [
        { method: 'POST', path: '/core/v2/posts', body: { title: 'Batch post one', status: 'draft' } },
        { method: 'POST', path: '/core/v2/pages', body: { title: 'Batch page', status: 'publish' } },
        { method: 'POST', path: '/core/v2/posts/999999', body: { title: 'No such post' } },
        { method: 'POST', path: '/core/v2/posts', body: { title: 'Bad status', status: 'not-a-status' } },
      ],
    }).expect(207);
    const [one, page, missing, invalid] = res.body.responses;
    expect(one.status).toBe(201);
    expect(one.headers).toEqual({ Location: `${API}/core/v2/posts/${one.body.id}`, Allow: 'GET, POST' });
    expect(one.body.title).toEqual({ raw: 'Batch post one', rendered: 'Batch post one' });
    expect(one.body.generated_slug).toBe('batch-post-one');
    expect(one.body._links['wp:term']).toBeDefined();
    expect(one.body._links.curies).toBeDefined();
    expect(page.status).toBe(201);
    expect(page.body.type).toBe('page');
    expect(page.body.slug).toBe('batch-page');
    expect(missing).toEqual({ body: { code: 'rest_post_invalid_id', message: 'Invalid post ID.', data: { status: 404 } }, status: 404, headers: [] });
    expect(invalid.status).toBe(400);
    expect(invalid.body.code).toBe('rest_invalid_param');
    expect(await posts()).toBe(before + 2);
  });

  it('updates and deletes through batches', async () => {
    const created = await batch({ requests: [{ path: '/core/v2/posts', body: { title: 'Batch target', status: 'publish' } }] }).expect(207);
    const id = created.body.responses[0].body.id;
    const res = await batch({
      requests: [
        { method: 'PATCH', path: `/core/v2/posts/${id}`, body: { title: 'Renamed in batch' } },
        { method: 'DELETE', path: `/core/v2/posts/${id}` },
      ],
    }).expect(207);
    expect(res.body.responses[0].status).toBe(200);
    expect(res.body.responses[0].body.title.raw).toBe('Renamed in batch');
    expect(res.body.responses[1].status).toBe(200);
    expect(res.body.responses[1].body.status).toBe('trash');
    expect(res.body.responses[1].body.slug).toBe('batch-target__trashed');
  });

  it('runs nothing in require-all-validate mode when one item is invalid', async () => {
    const before = await posts();
    const res = await batch({
      validation: 'require-all-validate',
      requests: [
        { method: 'POST', path: '/core/v2/posts', body: { title: 'Valid batch post', status: 'draft' } },
        { method: 'POST', path: '/core/v2/posts', body: { title: 'Invalid status', status: 'not-a-status' } },
      ],
    }).expect(207);
    expect(res.body.failed).toBe('validation');
    expect(res.body.responses[0]).toBeNull();
    expect(res.body.responses[1]).toEqual({
      body: {
        code: 'rest_invalid_param',
        message: 'Invalid parameter(s): status',
        data: {
          status: 400,
          params: { status: 'status is not one of publish, future, draft, pending, and private.' },
          details: { status: { code: 'rest_not_in_enum', message: 'status is not one of publish, future, draft, pending, and private.', data: null } },
        },
      },
      status: 400,
      headers: [],
    });
    expect(await posts()).toBe(before);
    expect(await t.db.prisma.content.count({ where: { title: 'Valid batch post' } })).toBe(0);
  });

  it('runs everything in require-all-validate mode when all items are valid', async () => {
    const res = await batch({
      validation: 'require-all-validate',
      requests: [
        { path: '/core/v2/posts', body: { title: 'All valid 1' } },
        { path: '/core/v2/posts', body: { title: 'All valid 2' } },
      ],
    }).expect(207);
    expect(res.body.failed).toBeUndefined();
    expect(res.body.responses.map((r: { status: number }) => r.status)).toEqual([201, 201]);
  });

  it('refuses routes without batch support, including /batch/v1 itself', async () => {
    const post = await t.request.post('/wp-json/core/v2/posts').set('Authorization', t.adminAuth).send({ title: 'Has autosaves', status: 'publish' }).expect(201);
    const res = await batch({
      requests: [
        { method: 'POST', path: `/core/v2/posts/${post.body.id}/autosaves`, body: { title: 'x' } },
        { method: 'POST', path: '/batch/v1', body: { requests: [] } },
        { method: 'DELETE', path: `/core/v2/posts/${post.body.id}/revisions/1` },
        { method: 'POST', path: '/core/v2/media', body: {} },
      ],
    }).expect(207);
    const notAllowed = { code: 'rest_batch_not_allowed', message: 'The requested route does not support batch requests.', data: { status: 400 } };
    // Media routes exist but, as in WordPress, do not allow batching.
    expect(res.body.responses).toEqual([
      { body: notAllowed, status: 400, headers: [] },
      { body: notAllowed, status: 400, headers: [] },
      { body: notAllowed, status: 400, headers: [] },
      { body: notAllowed, status: 400, headers: [] },
    ]);
    expect(await t.db.prisma.content.count({ where: { parentId: post.body.id } })).toBe(0);
  });

  it('refuses 26 requests as a whole (400), accepts 25', async () => {
    const item = { path: '/core/v2/posts', body: { title: 'Many' } };
    const before = await posts();
    const res = await batch({ requests: Array.from({ length: 26 }, () => item) }).expect(400);
    expect(res.body.code).toBe('rest_invalid_param');
    expect(res.body.data.params.requests).toBe('requests must contain at most 25 items.');
    expect(res.body.data.details.requests.code).toBe('rest_too_many_items');
    expect(await posts()).toBe(before);
    const ok = await batch({ requests: Array.from({ length: 25 }, () => item) }).expect(207);
    expect(ok.body.responses).toHaveLength(25);
    const slugs = new Set(ok.body.responses.map((r: { body: { id: number } }) => r.body.id));
    expect(slugs.size).toBe(25);
  });

  it('honours query strings in item paths', async () => {
    const res = await batch({
      requests: [
        { path: '/core/v2/posts?_fields=id,title.raw', body: { title: 'Fields only' } },
        { path: '/core/v2/posts?status=publish', body: { title: 'Query status' } },
      ],
    }).expect(207);
    const [fields, status] = res.body.responses;
    expect(fields.status).toBe(201);
    expect(Object.keys(fields.body)).toEqual(['id', 'title']);
    expect(fields.body.title).toEqual({ raw: 'Fields only' });
    expect(status.body.status).toBe('publish');
  });

  it('accepts per-request headers (strings or lists) and validates them', async () => {
    const res = await batch({
      requests: [
        { path: '/core/v2/posts', body: { title: 'With headers' }, headers: { 'X-Test': 'one', 'X-List': ['a', 'b'], 'Content-Type': 'application/x-www-form-urlencoded' } },
      ],
    }).expect(207);
    expect(res.body.responses[0].status).toBe(201);
    const bad = await batch({ requests: [{ path: '/core/v2/posts', body: { title: 'x' }, headers: { 'X-Test': { nested: true } } }] }).expect(400);
    expect(bad.body.code).toBe('rest_invalid_param');
  });

  it('checks permissions per item: an anonymous create gets 401 inside a 207', async () => {
    const before = await posts();
    const res = await batch({ requests: [{ path: '/core/v2/posts', body: { title: 'Anonymous' } }] }, null).expect(207);
    expect(res.body.responses[0]).toEqual({
      body: { code: 'rest_cannot_create', message: 'Sorry, you are not allowed to create posts as this user.', data: { status: 401 } },
      status: 401,
      headers: { Allow: 'GET' },
    });
    expect(await posts()).toBe(before);
  });

  it('refuses GET items: only writes can be batched', async () => {
    const res = await batch({ requests: [{ method: 'GET', path: '/core/v2/posts' }] }).expect(400);
    expect(res.body.data.params.requests).toBe('requests[0][method] is not one of POST, PUT, PATCH, and DELETE.');
  });
});

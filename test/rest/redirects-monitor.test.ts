/**
 * Permalink monitoring over real HTTP: renaming or moving a published post, page or event
 * (through REST, batch or GraphQL) leaves a 301 from the address the site used to answer at to the
 * new one, in the monitor's group; chains are shortened, renaming back cannot loop, trashing leaves
 * a disabled redirect when 'trash' is monitored, and a write that fails leaves nothing.
 */
import { startTestApp, type TestApp } from '../support/app';
import { listen, run, type GraphQLTestServer } from '../graphql/client';
import { REDIRECT_SETTINGS_OPTION } from '../../src/domain/redirects/settings';

const POSTS = '/wp-json/core/v2/posts';
const PAGES = '/wp-json/core/v2/pages';
const EVENTS = '/wp-json/events/v1/events';
const VENUES = '/wp-json/events/v1/venues';
const MONITOR_GROUP = 2;

interface Row {
  id: number;
  url: string;
  matchUrl: string;
  matchData: string | null;
  regex: boolean;
  groupId: number;
  position: number;
  title: string | null;
  enabled: boolean;
  matchType: string;
  actionType: string;
  actionCode: number;
  actionData: string | null;
}

describe('permalink monitoring', () => {
  let t: TestApp;
  let graphql: GraphQLTestServer;

  beforeAll(async () => {
    t = await startTestApp();
    graphql = await listen(t);
  });
  afterAll(() => t.close());

  /** Settings written as the settings route stores them (one JSON option row). */
  async function setMonitor(settings: Record<string, unknown>): Promise<void> {
    const value = JSON.stringify(settings);
    await t.db.prisma.option.upsert({ where: { name: REDIRECT_SETTINGS_OPTION }, create: { name: REDIRECT_SETTINGS_OPTION, value }, update: { value } });
  }
  async function resetMonitor(): Promise<void> {
    await t.db.prisma.option.deleteMany({ where: { name: REDIRECT_SETTINGS_OPTION } });
  }

  const redirects = (): Promise<Row[]> => t.db.prisma.redirect.findMany({ orderBy: { id: 'asc' } });
  const from = async (url: string): Promise<Row[]> => (await redirects()).filter((r) => r.url === url);
  const hops = async (): Promise<Array<[string, string, boolean]>> =>
    (await redirects()).map((r) => [r.url, (JSON.parse(r.actionData ?? '{}') as { url: string }).url, r.enabled]);

  async function create(base: string, body: Record<string, unknown>): Promise<{ id: number; link: string; slug: string }> {
    const res = await t.request.post(base).set('Authorization', t.adminAuth).send(body);
    if (res.status !== 201) throw new Error(`create: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  }
  const update = (base: string, id: number, body: Record<string, unknown>) => t.request.post(`${base}/${id}`).set('Authorization', t.adminAuth).send(body);
  const pathOf = (link: string): string => new URL(link).pathname;

  beforeEach(async () => {
    await t.db.prisma.redirect.deleteMany({});
    await resetMonitor();
  });

  it('a published post renamed through REST leaves a 301 from the old address in "Modified Posts"', async () => {
    const post = await create(POSTS, { title: 'Monitored post', status: 'publish' });
    expect(pathOf(post.link)).toBe('/monitored-post/');
    // The old address is the one the site answered at.
    expect((await t.request.get('/monitored-post/')).status).toBe(200);
    await t.request.post(POSTS).set('Authorization', t.adminAuth).send({ title: 'Filler', status: 'publish' }).expect(201);
    await t.db.prisma.redirect.create({ data: { url: '/elsewhere', matchUrl: '/elsewhere', groupId: MONITOR_GROUP, actionData: JSON.stringify({ url: '/x/' }) } });

    const renamed = await update(POSTS, post.id, { slug: 'renamed-post' }).expect(200);
    expect(pathOf(renamed.body.link)).toBe('/renamed-post/');
    expect((await t.request.get('/renamed-post/')).status).toBe(200);

    const [made] = await from('/monitored-post/');
    expect(made).toMatchObject({
      url: '/monitored-post/',
      matchUrl: '/monitored-post',
      matchData: null,
      regex: false,
      groupId: MONITOR_GROUP,
      position: 1,
      title: null,
      enabled: true,
      matchType: 'url',
      actionType: 'url',
      actionCode: 301,
    });
    expect(JSON.parse(made.actionData ?? '')).toEqual({ url: '/renamed-post/' });
    expect(await redirects()).toHaveLength(2);
  });

  it('an update that leaves the address alone (title, content, date) makes nothing', async () => {
    const post = await create(POSTS, { title: 'Steady', slug: 'steady', status: 'publish', date: '2020-01-02T03:04:05' });
    await update(POSTS, post.id, { title: 'Steady, retitled', content: 'More', date: '2021-06-07T08:09:10' }).expect(200);
    // The site's structure is /%postname%/: a date is no part of any address.
    expect(await redirects()).toEqual([]);
  });

  it('a page moved to another parent, and a renamed parent, keep their sub-pages reachable', async () => {
    const a = await create(PAGES, { title: 'Alpha', status: 'publish' });
    const b = await create(PAGES, { title: 'Beta', status: 'publish' });
    const child = await create(PAGES, { title: 'Child', status: 'publish', parent: a.id });
    const grandchild = await create(PAGES, { title: 'Grandchild', status: 'publish', parent: child.id });
    expect(pathOf(grandchild.link)).toBe('/alpha/child/grandchild/');
    expect((await t.request.get('/alpha/child/')).status).toBe(200);

    const moved = await update(PAGES, child.id, { parent: b.id }).expect(200);
    expect(pathOf(moved.body.link)).toBe('/beta/child/');
    expect(await hops()).toEqual([
      ['/alpha/child/', '/beta/child/', true],
      ['/alpha/child/grandchild/', '/beta/child/grandchild/', true],
    ]);

    await update(PAGES, b.id, { slug: 'gamma' }).expect(200);
    // The earlier redirects now go straight to the newest addresses.
    expect(await hops()).toEqual([
      ['/alpha/child/', '/gamma/child/', true],
      ['/alpha/child/grandchild/', '/gamma/child/grandchild/', true],
      ['/beta/', '/gamma/', true],
      ['/beta/child/', '/gamma/child/', true],
      ['/beta/child/grandchild/', '/gamma/child/grandchild/', true],
    ]);
    expect((await t.request.get('/gamma/child/grandchild/')).status).toBe(200);
  });

  it('drafts, publishing, other types and types not monitored make nothing', async () => {
    const draft = await create(POSTS, { title: 'Draft one', status: 'draft' });
    await update(POSTS, draft.id, { slug: 'draft-two' }).expect(200);
    // Publishing under a new slug: the record had no published address before.
    await update(POSTS, draft.id, { slug: 'draft-three', status: 'publish' }).expect(200);
    const venue = await create(VENUES, { venue: 'Hall', status: 'publish' });
    await update(VENUES, venue.id, { slug: 'big-hall' }).expect(200);
    expect(await redirects()).toEqual([]);

    await setMonitor({ monitor_post: MONITOR_GROUP, monitor_types: ['page'] });
    const post = await create(POSTS, { title: 'Unwatched', status: 'publish' });
    await update(POSTS, post.id, { slug: 'still-unwatched' }).expect(200);
    expect(await redirects()).toEqual([]);
  });

  it('makes nothing with monitoring off (monitor_post 0)', async () => {
    await setMonitor({ monitor_post: 0, monitor_types: ['post', 'page'] });
    const post = await create(POSTS, { title: 'Off', status: 'publish' });
    await update(POSTS, post.id, { slug: 'off-again' }).expect(200);
    expect(await redirects()).toEqual([]);
  });

  it('makes nothing when the monitor group is gone (and the write still succeeds)', async () => {
    const group = await t.db.prisma.redirectGroup.create({ data: { name: 'Temporary' } });
    await setMonitor({ monitor_post: group.id, monitor_types: ['post'] });
    await t.db.prisma.redirectGroup.delete({ where: { id: group.id } });
    const post = await create(POSTS, { title: 'Orphan', status: 'publish' });
    const warned = jest.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
    try {
      await update(POSTS, post.id, { slug: 'orphan-renamed' }).expect(200);
      expect(warned).toHaveBeenCalledTimes(1);
    } finally {
      warned.mockRestore();
    }
    expect(await redirects()).toEqual([]);
  });

  it('renaming twice shortens the chain: A→B→C leaves A→C and B→C', async () => {
    const post = await create(POSTS, { title: 'Chain a', status: 'publish' });
    await update(POSTS, post.id, { slug: 'chain-b' }).expect(200);
    await update(POSTS, post.id, { slug: 'chain-c' }).expect(200);
    expect(await hops()).toEqual([
      ['/chain-a/', '/chain-c/', true],
      ['/chain-b/', '/chain-c/', true],
    ]);
    expect((await redirects()).map((r) => r.position)).toEqual([0, 1]);
  });

  it('a redirect someone made to the old address is pointed at the new one too', async () => {
    const post = await create(POSTS, { title: 'Target', status: 'publish' });
    await t.db.prisma.redirect.create({ data: { url: '/promo', matchUrl: '/promo', groupId: 1, actionData: JSON.stringify({ url: 'http://example.test/target/' }) } });
    await update(POSTS, post.id, { slug: 'new-target' }).expect(200);
    const [promo] = await from('/promo');
    expect(JSON.parse(promo.actionData ?? '')).toEqual({ url: 'http://example.test/new-target/' });
    expect(promo.groupId).toBe(1);
  });

  it('renaming back does not loop, and renaming forth again reuses the first redirect', async () => {
    const post = await create(POSTS, { title: 'Swing', status: 'publish' });
    await update(POSTS, post.id, { slug: 'swung' }).expect(200);
    await update(POSTS, post.id, { slug: 'swing' }).expect(200);
    // The redirect from /swing/ would hide the post at its address again: it is disabled.
    expect(await hops()).toEqual([
      ['/swing/', '/swung/', false],
      ['/swung/', '/swing/', true],
    ]);
    expect((await t.request.get('/swing/')).status).toBe(200);

    await update(POSTS, post.id, { slug: 'swung' }).expect(200);
    expect(await hops()).toEqual([
      ['/swing/', '/swung/', true],
      ['/swung/', '/swing/', false],
    ]);
  });

  it('stores a non-ASCII address as every redirect source is stored (decoded), and redirects from it', async () => {
    const post = await create(POSTS, { title: 'Привет', status: 'publish' });
    const old = pathOf(post.link);
    // WordPress keeps such a slug percent-encoded.
    expect(old).toBe('/%d0%bf%d1%80%d0%b8%d0%b2%d0%b5%d1%82/');
    await update(POSTS, post.id, { slug: 'for-all' }).expect(200);
    // The sanitiser's form, the row a client sending the encoded path would have made.
    expect(await hops()).toEqual([['/привет/', '/for-all/', true]]);
    const first = await t.request.get(old).redirects(0);
    expect(first.status).toBe(301);
    expect(first.headers.location).toBe('/for-all/');
  });

  it('renames made at once append their redirects at distinct positions', async () => {
    const posts = await Promise.all(['Racer one', 'Racer two', 'Racer three', 'Racer four'].map((title) => create(POSTS, { title, status: 'publish' })));
    await Promise.all(posts.map((post) => update(POSTS, post.id, { slug: `${post.slug}-renamed` }).expect(200)));
    const positions = (await redirects()).map((r) => r.position);
    expect(positions).toHaveLength(4);
    expect(new Set(positions).size).toBe(4);
  });

  it('makes the associated redirect too (associated_redirect)', async () => {
    await setMonitor({ monitor_post: MONITOR_GROUP, monitor_types: ['post'], associated_redirect: '/amp/' });
    const post = await create(POSTS, { title: 'Fast page', status: 'publish' });
    await update(POSTS, post.id, { slug: 'faster-page' }).expect(200);
    expect(await hops()).toEqual([
      ['/fast-page/', '/faster-page/', true],
      ['/fast-page/amp/', '/faster-page/amp/', true],
    ]);
  });

  it('a renamed published event leaves /event/<old>/ → /event/<new>/', async () => {
    const event = await create(EVENTS, { title: 'Concert', start_date: '2031-05-01 20:00', end_date: '2031-05-01 22:00', status: 'publish' });
    expect(pathOf((event as unknown as { url: string }).url)).toBe('/event/concert/');
    expect((await t.request.get('/event/concert/')).status).toBe(200);
    await update(EVENTS, event.id, { slug: 'open-air-concert' }).expect(200);
    expect(await hops()).toEqual([['/event/concert/', '/event/open-air-concert/', true]]);
  });

  it("trashing with 'trash' monitored leaves a disabled redirect to the home page, once", async () => {
    const kept = await create(POSTS, { title: 'Trash off', status: 'publish' });
    await t.request.delete(`${POSTS}/${kept.id}`).set('Authorization', t.adminAuth).expect(200);
    expect(await redirects()).toEqual([]);

    await setMonitor({ monitor_post: MONITOR_GROUP, monitor_types: ['post', 'trash'] });
    const post = await create(POSTS, { title: 'Binned', status: 'publish' });
    const draft = await create(POSTS, { title: 'Binned draft', status: 'draft' });
    const event = await create(EVENTS, { title: 'Cancelled', start_date: '2031-06-01 20:00', end_date: '2031-06-01 22:00', status: 'publish' });
    await t.request.delete(`${POSTS}/${post.id}`).set('Authorization', t.adminAuth).expect(200);
    await t.request.delete(`${POSTS}/${draft.id}`).set('Authorization', t.adminAuth).expect(200);
    await t.request.delete(`${EVENTS}/${event.id}`).set('Authorization', t.adminAuth).expect(200);
    // Restored and trashed again: the same address, no second row.
    await update(POSTS, post.id, { status: 'publish' }).expect(200);
    await t.request.delete(`${POSTS}/${post.id}`).set('Authorization', t.adminAuth).expect(200);
    expect(await hops()).toEqual([
      ['/binned/', '/', false],
      ['/event/cancelled/', '/', false],
    ]);
    const [made] = await redirects();
    expect(made).toMatchObject({ groupId: MONITOR_GROUP, matchType: 'url', actionType: 'url', actionCode: 301, matchUrl: '/binned', title: null });
  });

  it('a failed update leaves neither the new slug nor a redirect', async () => {
    const post = await create(POSTS, { title: 'Fragile', status: 'publish' });
    // A fault after the redirect was written in the transaction: the revision cannot be stored.
    const sqlite = t.db.provider === 'sqlite';
    if (sqlite) {
      await t.db.prisma.$executeRawUnsafe(`CREATE TRIGGER fail_revision BEFORE INSERT ON "Content" WHEN NEW."type" = 'revision' BEGIN SELECT RAISE(ABORT, 'injected'); END`);
    } else {
      await t.db.prisma.$executeRawUnsafe(`CREATE FUNCTION fail_revision() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'injected'; END $$ LANGUAGE plpgsql`);
      await t.db.prisma.$executeRawUnsafe(`CREATE TRIGGER fail_revision BEFORE INSERT ON "Content" FOR EACH ROW WHEN (NEW."type" = 'revision') EXECUTE FUNCTION fail_revision()`);
    }
    try {
      const res = await update(POSTS, post.id, { slug: 'broken', title: 'Fragile, edited' });
      expect(res.status).toBeGreaterThanOrEqual(400);
    } finally {
      if (sqlite) await t.db.prisma.$executeRawUnsafe('DROP TRIGGER fail_revision');
      else {
        await t.db.prisma.$executeRawUnsafe('DROP TRIGGER fail_revision ON "Content"');
        await t.db.prisma.$executeRawUnsafe('DROP FUNCTION fail_revision()');
      }
    }
    expect((await t.db.prisma.content.findUniqueOrThrow({ where: { id: post.id } })).slug).toBe('fragile');
    expect(await redirects()).toEqual([]);
  });

  it('GraphQL updatePost and REST batch go through the same write', async () => {
    const post = await create(POSTS, { title: 'Graph one', status: 'publish' });
    await run(graphql.client(t.adminAuth), 'mutation($id: ID!) { updatePost(input: { id: $id, slug: "graph-two" }) { post { slug } } }', { id: String(post.id) });
    const page = await create(PAGES, { title: 'Batched', status: 'publish' });
    const batch = await t.request
      .post('/wp-json/batch/v1')
      .set('Authorization', t.adminAuth)
      .send({ requests: [{ method: 'POST', path: `/core/v2/pages/${page.id}`, body: { slug: 'batched-again' } }] })
      .expect(207);
    expect(batch.body.responses[0].status).toBe(200);
    expect(await hops()).toEqual([
      ['/graph-one/', '/graph-two/', true],
      ['/batched/', '/batched-again/', true],
    ]);
  });
});

describe('permalink monitoring with plain permalinks', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ PERMALINKS: 'plain' });
  });
  afterAll(() => t.close());

  it('makes nothing: every address is ?p=<id>, which a rename does not change (the plugin needs a permalink structure)', async () => {
    const created = await t.request.post(POSTS).set('Authorization', t.adminAuth).send({ title: 'Plain', status: 'publish' }).expect(201);
    await t.request.post(`${POSTS}/${created.body.id}`).set('Authorization', t.adminAuth).send({ slug: 'plainer' }).expect(200);
    expect(await t.db.prisma.redirect.count()).toBe(0);
  });
});

/**
 * The Event Aggregator callbacks (`events-import/v1`): every body field validated with the
 * plugin's codes, a wrong batch hash refused with nothing changed, batches advancing the import
 * record, replays (twice, concurrently, out of order) refused, re-imports updating instead of
 * duplicating, the state callback, and who may start or read imports.
 */
import { basicAuth, startTestApp, type TestApp } from '../support/app';

const NS = '/wp-json/events-import/v1';
const EVENTS = '/wp-json/events/v1/events';

interface Started {
  id: string;
  next_batch_hash: string;
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

function event(n: number, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    global_id: `remote.example.org?id=${n}`,
    global_id_lineage: [`remote.example.org?id=${n}`, `origin.example.net?id=${n}`],
    title: `Remote event ${n}`,
    description: `<p>Description ${n}</p>`,
    start_date: day(10 + n),
    start_hour: '07',
    start_minute: '30',
    start_meridian: 'pm',
    end_date: day(10 + n),
    end_hour: '09',
    end_minute: '00',
    end_meridian: 'pm',
    timezone: 'Europe/Berlin',
    url: `https://remote.example.org/e/${n}`,
    categories: ['Talks', 'Remote'],
    tags: ['imported'],
    cost: '12',
    currency_symbol: '€',
    venue: { venue: 'Remote Hall', address: 'Main St 1', city: 'Berlin', country: 'Germany', global_id: 'remote.example.org?id=900' },
    organizer: [{ organizer: 'Remote Org', email: 'org@remote.example.org', global_id: 'remote.example.org?id=901' }],
    ...extra,
  };
}

const progress = (done: number, total: number, batchDone: number, batchTotal: number) => ({ data: { total, done }, batch: { total: batchTotal, done: batchDone } });

describe('events-import/v1 callbacks', () => {
  let t: TestApp;
  const auth: Record<'author' | 'contributor', string> = { author: '', contributor: '' };

  const start = async (who = t.adminAuth): Promise<Started> => (await t.request.post(`${NS}/imports`).set('Authorization', who).send({ origin: 'aggregator', source: 'remote.example.org' }).expect(201)).body;
  const batch = (id: string, body: Record<string, unknown>) => t.request.post(`${NS}/import/${id}/batch`).send(body);
  const state = (id: string, body: Record<string, unknown>) => t.request.post(`${NS}/import/${id}/state`).send(body);
  const record = async (id: string) => (await t.request.get(`${NS}/imports/${id}`).set('Authorization', t.adminAuth).expect(200)).body;
  /** What a refused callback must leave untouched: every content row, meta, term link and the import itself. */
  const snapshot = async (id: string) => ({
    content: await t.db.prisma.content.count(),
    meta: await t.db.prisma.contentMeta.count(),
    terms: await t.db.prisma.term.count(),
    links: await t.db.prisma.termRelationship.count(),
    origins: await t.db.prisma.eventImportOrigin.count(),
    record: await t.db.prisma.eventImport.findUnique({ where: { id } }),
  });

  beforeAll(async () => {
    t = await startTestApp();
    for (const role of Object.keys(auth) as Array<keyof typeof auth>) {
      const res = await t.request.post('/wp-json/core/v2/users').set('Authorization', t.adminAuth).send({ username: role, email: `${role}@example.com`, password: 'secret-1', roles: [role] });
      const pw = await t.request.post(`/wp-json/core/v2/users/${res.body.id}/application-passwords`).set('Authorization', t.adminAuth).send({ name: 't' });
      auth[role] = basicAuth(role, pw.body.password);
    }
  });
  afterAll(() => t.close());

  it('lists the routes in the namespace index', async () => {
    const res = await t.request.get(NS).expect(200);
    expect(Object.keys(res.body.routes)).toEqual(expect.arrayContaining([`/events-import/v1/import/(?P<import_id>\\w+)/batch`, `/events-import/v1/import/(?P<import_id>\\w+)/state`, '/events-import/v1/imports', '/events-import/v1/imports/(?P<id>\\w+)']));
    const args = res.body.routes['/events-import/v1/import/(?P<import_id>\\w+)/batch'].endpoints[0].args;
    expect(Object.keys(args)).toEqual(['import_id', 'batch_hash', 'status', 'percentage_complete', 'interval', 'events']);
    expect(args.percentage_complete).toMatchObject({ required: true, type: 'integer' });
  });

  it('lets only users who may publish events start and read imports', async () => {
    await t.request.post(`${NS}/imports`).send({ origin: 'aggregator' }).expect(401);
    const refused = await t.request.post(`${NS}/imports`).set('Authorization', auth.contributor).send({ origin: 'aggregator' }).expect(403);
    expect(refused.body.code).toBe('rest_forbidden');
    const mine = await start(auth.author);
    expect(mine).toMatchObject({ origin: 'aggregator', source: 'remote.example.org', status: 'pending', percentage_complete: 0, created: 0 });
    expect(mine.id).toMatch(/^\w+$/);
    expect(mine.next_batch_hash).toMatch(/^[0-9a-f]{40}$/);
    await t.request.get(`${NS}/imports/${mine.id}`).expect(401);
    await t.request.get(`${NS}/imports/${mine.id}`).set('Authorization', auth.contributor).expect(403);
    const missing = await t.request.get(`${NS}/imports/nope`).set('Authorization', t.adminAuth).expect(404);
    expect(missing.body.code).toBe('rest_import_invalid_id');
    const list = await t.request.get(`${NS}/imports?per_page=1`).set('Authorization', t.adminAuth).expect(200);
    expect(list.headers['x-wp-total']).toBeDefined();
    expect(list.body).toHaveLength(1);
  });

  describe('validates every field of a batch', () => {
    let s: Started;
    const valid = () => ({ batch_hash: s.next_batch_hash, status: progress(0, 1, 0, 1), percentage_complete: 100, events: [] as unknown[] });
    beforeAll(async () => {
      s = await start();
    });

    it.each([['batch_hash'], ['status'], ['percentage_complete']])('requires %s', async (field) => {
      const body: Record<string, unknown> = valid();
      delete body[field];
      const res = await batch(s.id, body).expect(400);
      expect(res.body).toMatchObject({ code: 'rest_missing_callback_param', data: { status: 400, params: [field] } });
    });

    it.each<[string, unknown]>([
      ['batch_hash', 'not-the-hash'],
      ['batch_hash', ''],
      ['batch_hash', 12],
      ['status', 'done'],
      ['status', { data: { total: 1, done: 0 } }],
      ['status', { data: { total: 1, done: 2 }, batch: { total: 1, done: 0 } }],
      ['status', { data: { total: 1, done: 0 }, batch: { total: 'x', done: 0 } }],
      ['status', { data: { total: 1, done: 0 }, batch: { total: 1, done: 3 } }],
      ['percentage_complete', 101],
      ['percentage_complete', -1],
      ['percentage_complete', 'most'],
      ['percentage_complete', 50.5],
      ['interval', 'soon'],
      ['events', 'none'],
      ['events', [1, 2]],
      ['events', { title: 'x' }],
    ])('refuses %s = %j with rest_invalid_param, changing nothing', async (field, value) => {
      const before = await snapshot(s.id);
      const res = await batch(s.id, { ...valid(), [field]: value }).expect(400);
      expect(res.body.code).toBe('rest_invalid_param');
      expect(Object.keys(res.body.data.params)).toEqual([field]);
      expect(await snapshot(s.id)).toEqual(before);
    });

    it('refuses an unknown or finished import id, and a path that is not word characters', async () => {
      const res = await batch('0123abc', valid()).expect(400);
      expect(res.body.code).toBe('rest_invalid_param');
      expect(Object.keys(res.body.data.params)).toEqual(['import_id', 'batch_hash']);
      await batch('bad-id', valid()).expect(404);
    });

    it('reports every invalid field at once', async () => {
      const res = await batch(s.id, { ...valid(), batch_hash: 'x', percentage_complete: 300, interval: 'x' }).expect(400);
      expect(Object.keys(res.body.data.params)).toEqual(['batch_hash', 'percentage_complete', 'interval']);
    });

    it('accepts numeric strings, as the plugin does', async () => {
      const res = await batch(s.id, { ...valid(), status: progress(0, 0, 0, 1), percentage_complete: '100', interval: '30' }).expect(200);
      expect(res.body).toEqual({ status: 'success', activity: expect.any(Object), interval: 10 });
      expect((await record(s.id)).status).toBe('success');
    });
  });

  describe('validates every field of a state', () => {
    let s: Started;
    const valid = () => ({ batch_hash: s.next_batch_hash, status: 'pending', message: 'Working', message_slug: 'working', percentage_complete: 10 });
    beforeAll(async () => {
      s = await start();
    });

    it.each([['batch_hash'], ['status'], ['message'], ['message_slug'], ['percentage_complete']])('requires %s', async (field) => {
      const body: Record<string, unknown> = valid();
      delete body[field];
      const res = await state(s.id, body).expect(400);
      expect(res.body).toMatchObject({ code: 'rest_missing_callback_param', data: { params: [field] } });
    });

    it.each<[string, unknown]>([
      ['batch_hash', 'wrong'],
      ['status', 'done'],
      ['status', ['success']],
      ['message', { text: 'x' }],
      ['message_slug', ['x']],
      ['percentage_complete', 'half'],
      ['percentage_complete', 120],
    ])('refuses %s = %j, changing nothing', async (field, value) => {
      const before = await snapshot(s.id);
      const res = await state(s.id, { ...valid(), [field]: value }).expect(400);
      expect(res.body.code).toBe('rest_invalid_param');
      expect(Object.keys(res.body.data.params)).toEqual([field]);
      expect(await snapshot(s.id)).toEqual(before);
    });

    it('keeps a pending import going, then ends it as failed with its message', async () => {
      expect((await state(s.id, valid()).expect(200)).body).toEqual({ status: 'success' });
      expect(await record(s.id)).toMatchObject({ status: 'pending', percentage_complete: 10, message: 'Working', next_batch_hash: s.next_batch_hash });
      await state(s.id, { ...valid(), status: 'failed', message: 'The feed is gone', message_slug: 'feed-gone', percentage_complete: 10 }).expect(200);
      expect(await record(s.id)).toMatchObject({ status: 'failed', message: 'The feed is gone', message_slug: 'feed-gone', next_batch_hash: null });
      // The chain has ended: the same callback again is refused.
      const again = await state(s.id, valid()).expect(400);
      expect(Object.keys(again.body.data.params)).toEqual(['import_id', 'batch_hash']);
    });
  });

  describe('a batch chain', () => {
    let s: Started;
    let firstHash: string;
    let secondHash: string;

    it('writes the events of the first batch, with venue, organizers, terms and lineage, and issues the next hash', async () => {
      s = await start();
      firstHash = s.next_batch_hash;
      const res = await batch(s.id, { batch_hash: firstHash, status: progress(0, 3, 0, 2), percentage_complete: 66, interval: 10, events: [event(1), event(2)] }).expect(200);
      expect(res.body).toMatchObject({ status: 'success', interval: 10, next_batch_hash: expect.stringMatching(/^[0-9a-f]{40}$/) });
      secondHash = res.body.next_batch_hash;
      expect(secondHash).not.toBe(firstHash);
      const activity = res.body.activity;
      expect(Object.keys(activity)).toEqual(['tribe_events', 'tribe_organizer', 'tribe_venue', 'tribe_events_cat', 'post_tag', 'attachment']);
      expect(activity.tribe_events.created).toHaveLength(2);
      expect(activity.tribe_venue.created).toHaveLength(1);
      expect(activity.tribe_organizer.created).toHaveLength(1);
      expect(activity.tribe_events.updated).toEqual([]);

      const created = (await t.request.get(`${EVENTS}/${activity.tribe_events.created[0]}`).expect(200)).body;
      expect(created).toMatchObject({
        title: 'Remote event 1', status: 'publish', start_date: `${day(11)} 19:30:00`, end_date: `${day(11)} 21:00:00`, timezone: 'Europe/Berlin',
        website: 'https://remote.example.org/e/1', cost: '€12',
        venue: { venue: 'Remote Hall', city: 'Berlin', address: 'Main St 1' },
      });
      expect(created.organizer.map((o: { organizer: string }) => o.organizer)).toEqual(['Remote Org']);
      expect(created.categories.map((c: { name: string }) => c.name).sort()).toEqual(['Remote', 'Talks']);
      expect(created.tags.map((c: { name: string }) => c.name)).toEqual(['imported']);
      expect(created.global_id_lineage).toEqual([created.global_id, 'remote.example.org?id=1', 'origin.example.net?id=1']);
      expect(created.venue.global_id_lineage).toContain('remote.example.org?id=900');

      expect(await record(s.id)).toMatchObject({ status: 'pending', percentage_complete: 66, total_events: 3, batches_done: 1, created: 2, updated: 0, next_batch_hash: secondHash });
    });

    it('refuses the first batch sent again (its hash is spent), creating nothing', async () => {
      const before = await snapshot(s.id);
      const res = await batch(s.id, { batch_hash: firstHash, status: progress(0, 3, 0, 2), percentage_complete: 66, events: [event(1), event(2)] }).expect(400);
      expect(Object.keys(res.body.data.params)).toEqual(['batch_hash']);
      expect(await snapshot(s.id)).toEqual(before);
    });

    it('takes exactly one of two copies of the next batch sent at once', async () => {
      const body = { batch_hash: secondHash, status: progress(2, 3, 1, 2), percentage_complete: 100, events: [event(3)] };
      const before = await t.db.prisma.content.count({ where: { type: 'tribe_events' } });
      const answers = await Promise.all([batch(s.id, body), batch(s.id, body)]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
      expect(await t.db.prisma.content.count({ where: { type: 'tribe_events' } })).toBe(before + 1);
      const done = await record(s.id);
      expect(done).toMatchObject({ status: 'success', percentage_complete: 100, batches_done: 2, created: 3, next_batch_hash: null });
      expect(done.activity.tribe_events.created).toHaveLength(3);
      // The venue and organizer of event 3 were found again by their global ids.
      expect(done.activity.tribe_venue.created).toHaveLength(1);
      expect(await t.db.prisma.content.count({ where: { type: 'tribe_venue', title: 'Remote Hall' } })).toBe(1);
    });

    it('refuses every callback once the import has finished', async () => {
      const late = await state(s.id, { batch_hash: secondHash, status: 'failed', message: 'late', message_slug: 'late', percentage_complete: 0 }).expect(400);
      expect(Object.keys(late.body.data.params)).toEqual(['import_id', 'batch_hash']);
      expect((await record(s.id)).status).toBe('success');
    });

    it('updates the same events on a re-import instead of duplicating them', async () => {
      const again = await start();
      const events = await t.db.prisma.content.count({ where: { type: 'tribe_events' } });
      const res = await batch(again.id, { batch_hash: again.next_batch_hash, status: progress(0, 2, 0, 1), percentage_complete: 100, events: [event(1, { title: 'Remote event 1 (moved)', start_hour: '08' }), event(2)] }).expect(200);
      expect(res.body.activity.tribe_events.created).toEqual([]);
      expect(res.body.activity.tribe_events.updated).toHaveLength(2);
      expect(res.body.activity.tribe_venue.skipped).toHaveLength(1);
      expect(await t.db.prisma.content.count({ where: { type: 'tribe_events' } })).toBe(events);
      const moved = (await t.request.get(`${EVENTS}/${res.body.activity.tribe_events.updated[0]}`).expect(200)).body;
      expect(moved).toMatchObject({ title: 'Remote event 1 (moved)', start_date: `${day(11)} 20:30:00` });
      expect(moved.global_id_lineage).toHaveLength(3);
      expect(await record(again.id)).toMatchObject({ status: 'success', created: 0, updated: 2 });
    });
  });

  it('accepts the final state before the last batch, then refuses that batch (out of order)', async () => {
    const s = await start();
    await state(s.id, { batch_hash: s.next_batch_hash, status: 'success', message: 'Done', message_slug: 'done', percentage_complete: 100 }).expect(200);
    const before = await snapshot(s.id);
    const res = await batch(s.id, { batch_hash: s.next_batch_hash, status: progress(0, 1, 0, 1), percentage_complete: 100, events: [event(50)] }).expect(400);
    expect(Object.keys(res.body.data.params)).toEqual(['import_id', 'batch_hash']);
    expect(await snapshot(s.id)).toEqual(before);
    expect(await record(s.id)).toMatchObject({ status: 'success', message: 'Done', created: 0 });
  });

  it('counts an event it cannot write as failed, rolls it back alone and imports the rest', async () => {
    const s = await start();
    const before = await t.db.prisma.content.count();
    const broken = [
      event(60, { venue: { venue: 'Only in the broken event' }, start_date: undefined, start_hour: undefined, end_date: undefined }),
      event(61, { timezone: 'Mars/Olympus' }),
      event(62, { venue: 'not an object' }),
      event(63),
    ];
    const res = await batch(s.id, { batch_hash: s.next_batch_hash, status: progress(0, 4, 0, 1), percentage_complete: 100, events: broken }).expect(200);
    expect(res.body.activity.tribe_events.created).toHaveLength(1);
    expect(res.body.activity.tribe_venue.created).toEqual([]);
    const done = await record(s.id);
    expect(done).toMatchObject({ status: 'success', created: 1, failed: 3 });
    expect(done.message).toMatch(/^3 event\(s\) could not be imported: event 1: Missing parameter\(s\): start_date/);
    expect(await t.db.prisma.content.count({ where: { title: 'Only in the broken event' } })).toBe(0);
    // Event 63 and its already known venue and organizer: one new row.
    expect(await t.db.prisma.content.count()).toBe(before + 1);
  });

  it('writes as the user who started the import (status scaled to their rights is publish)', async () => {
    const s = await start(auth.author);
    const res = await batch(s.id, { batch_hash: s.next_batch_hash, status: progress(0, 1, 0, 1), percentage_complete: 100, events: [event(70, { global_id: undefined, global_id_lineage: undefined, uid: 'seventy@elsewhere' })] }).expect(200);
    const id = res.body.activity.tribe_events.created[0];
    const row = await t.db.prisma.content.findUniqueOrThrow({ where: { id } });
    const author = await t.db.prisma.user.findUniqueOrThrow({ where: { login: 'author' } });
    expect(row).toMatchObject({ authorId: author.id, status: 'publish' });
  });
});

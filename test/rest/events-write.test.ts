/**
 * Single events: reading by id and by slug with the plugin's checks, creating with inline venues
 * and organizers, updating, trashing, and who may do each.
 */
import { basicAuth, startTestApp, type TestApp } from '../support/app';

const EVENTS = '/wp-json/events/v1/events';

describe('single events', () => {
  let t: TestApp;
  const auth: Record<'editor' | 'author' | 'contributor' | 'subscriber', string> = { editor: '', author: '', contributor: '', subscriber: '' };
  const base = { title: 'Base', start_date: '2030-05-01 10:00:00', end_date: '2030-05-01 12:00:00' };
  const post = (body: Record<string, unknown>, who = t.adminAuth) => t.request.post(EVENTS).set('Authorization', who).send(body);

  beforeAll(async () => {
    t = await startTestApp();
    for (const role of Object.keys(auth) as Array<keyof typeof auth>) {
      const res = await t.request.post('/wp-json/core/v2/users').set('Authorization', t.adminAuth).send({ username: role, email: `${role}@example.com`, password: 'secret-1', roles: [role] });
      const pw = await t.request.post(`/wp-json/core/v2/users/${res.body.id}/application-passwords`).set('Authorization', t.adminAuth).send({ name: 't' });
      auth[role] = basicAuth(role, pw.body.password);
    }
  });
  afterAll(() => t.close());

  it('needs title, start_date and end_date, each valid', async () => {
    const missing = await post({ title: 'x' }).expect(400);
    expect(missing.body).toEqual({ code: 'rest_missing_callback_param', message: 'Missing parameter(s): start_date, end_date', data: { status: 400, params: ['start_date', 'end_date'] } });
    const bad = await post({ ...base, start_date: 'soonish', timezone: 'Mars/Olympus', website: 'not a url', status: 'weird' }).expect(400);
    expect(bad.body.message).toBe('Invalid parameter(s): status, timezone, start_date, website');
    expect(bad.body.data.details).toEqual([]);
    const typed = await post({ ...base, all_day: 'perhaps' }).expect(400);
    expect(typed.body.data.details.all_day.code).toBe('rest_invalid_type');
  });

  it('stores times in the event zone with UTC copies, all-day events, cost and flags', async () => {
    const res = await post({ ...base, title: 'Paris', timezone: 'Europe/Paris', start_date: '2030-07-01 20:00', end_date: '2030-07-01 22:30', cost: '€15', website: 'https://example.org/e', featured: true, sticky: true, show_map: true, hide_from_listings: true, status: 'publish' }).expect(201);
    expect(res.body).toMatchObject({
      start_date: '2030-07-01 20:00:00', end_date: '2030-07-01 22:30:00', utc_start_date: '2030-07-01 18:00:00', utc_end_date: '2030-07-01 20:30:00',
      timezone: 'Europe/Paris', timezone_abbr: 'CEST', cost: '€15', website: 'https://example.org/e', featured: true, sticky: true, show_map: true, show_map_link: false, hide_from_listings: true,
      cost_details: { currency_symbol: '€', currency_code: '', currency_position: 'prefix', values: ['15'] },
    });
    const allDay = await post({ ...base, title: 'Fair', all_day: true, timezone: 'UTC+2', start_date: '2030-08-01 15:00', end_date: '2030-08-02 09:00', cost: '0' }).expect(201);
    expect(allDay.body).toMatchObject({ all_day: true, start_date: '2030-08-01 00:00:00', end_date: '2030-08-02 23:59:59', utc_start_date: '2030-07-31 22:00:00', timezone: 'UTC+2', timezone_abbr: 'UTC+2', cost: 'Free' });
    const range = await post({ ...base, title: 'Range', cost: '10 - 20' }).expect(201);
    expect(range.body.cost_details.values).toEqual(['10', '20']);
    const backwards = await post({ ...base, title: 'Backwards', start_date: '2030-05-02 10:00', end_date: '2030-05-01 10:00' }).expect(201);
    expect(backwards.body.end_date).toBe('2030-05-02 10:00:00');
  });

  it('creates venues and organizers given inline, reusing identical ones, keeping order', async () => {
    const org = (await t.request.post('/wp-json/events/v1/organizers').set('Authorization', t.adminAuth).send({ organizer: 'Known org' })).body.id;
    const res = await post({ ...base, title: 'Inline', venue: { venue: 'Hall A', city: 'Oslo', address: 'Street 1' }, organizer: [{ organizer: 'Organizer A', email: 'a@example.org' }, org] }).expect(201);
    expect(res.body.venue).toMatchObject({ venue: 'Hall A', city: 'Oslo', address: 'Street 1' });
    expect(res.body.organizer.map((o: { organizer: string }) => o.organizer)).toEqual(['Organizer A', 'Known org']);
    const again = await post({ ...base, title: 'Inline again', venue: { venue: 'Hall A', city: 'Oslo', address: 'Street 1' }, organizer: { id: org } }).expect(201);
    expect(again.body.venue.id).toBe(res.body.venue.id);
    expect(again.body.organizer.map((o: { id: number }) => o.id)).toEqual([org]);
    const two = await post({ ...base, title: 'Two venues', venue: [res.body.venue.id, { venue: 'Hall B' }] }).expect(201);
    expect(Array.isArray(two.body.venue)).toBe(true);
    expect(two.body.venue.map((v: { venue: string }) => v.venue)).toEqual(['Hall A', 'Hall B']);
    const byCsv = await post({ ...base, title: 'CSV', organizer: `${org},${res.body.organizer[0].id}` }).expect(201);
    expect(byCsv.body.organizer.map((o: { id: number }) => o.id)).toEqual([org, res.body.organizer[0].id]);
    const none = await post({ ...base, title: 'None', venue: '', organizer: [] }).expect(201);
    expect(none.body.venue).toEqual([]);
    expect(none.body.organizer).toEqual([]);

    const before = await t.db.prisma.content.count();
    for (const venue of [{ id: org }, 999999, { city: 'no name' }, 'abc']) {
      const bad = await post({ ...base, title: 'Bad', venue }).expect(400);
      expect(bad.body).toMatchObject({ code: 'rest_invalid_param', data: { params: { venue: 'Invalid parameter.' } } });
    }
    // A failed write changes nothing: the inline organizer is not left behind.
    await post({ ...base, title: 'Bad 2', organizer: [{ organizer: 'Orphan' }], venue: 999999 }).expect(400);
    expect(await t.db.prisma.content.count()).toBe(before);
  });

  it('takes category and tag names, creating the missing terms', async () => {
    const res = await post({ ...base, title: 'Termed', categories: 'Talks,Music', tags: ['live', 'free'] }).expect(201);
    expect(res.body.categories.map((c: { name: string }) => c.name)).toEqual(['Music', 'Talks']);
    expect(res.body.tags.map((c: { slug: string }) => c.slug)).toEqual(['free', 'live']);
    const again = await post({ ...base, title: 'Termed again', categories: [res.body.categories[0].id, 'talks', 999999] }).expect(201);
    expect(again.body.categories.map((c: { name: string }) => c.name)).toEqual(['Music', 'Talks']);
    expect(again.body.categories[0].count).toBe(2);
  });

  it('updates only what is sent, by id and by slug', async () => {
    const created = (await post({ ...base, title: 'Editable', categories: ['Updates'], featured: true, status: 'draft' }).expect(201)).body;
    expect(created.status).toBe('draft');
    const res = await t.request.patch(`${EVENTS}/${created.id}`).set('Authorization', t.adminAuth).send({ title: 'Edited', end_date: '2030-05-01 18:00' }).expect(200);
    expect(res.body).toMatchObject({ title: 'Edited', status: 'draft', start_date: '2030-05-01 10:00:00', end_date: '2030-05-01 18:00:00', featured: true });
    expect(res.body.categories).toHaveLength(1);
    const cleared = await t.request.post(`${EVENTS}/${created.id}`).set('Authorization', t.adminAuth).send({ categories: [], status: 'publish', slug: 'edited-event' }).expect(200);
    expect(cleared.body).toMatchObject({ categories: [], status: 'publish', slug: 'edited-event' });
    const zone = await t.request.put(`${EVENTS}/by-slug/edited-event`).set('Authorization', t.adminAuth).send({ timezone: 'America/New_York' }).expect(200);
    expect(zone.body).toMatchObject({ start_date: '2030-05-01 10:00:00', utc_start_date: '2030-05-01 14:00:00', timezone: 'America/New_York', timezone_abbr: 'EDT' });
    const bySlug = await t.request.get(`${EVENTS}/by-slug/edited-event`).expect(200);
    expect(bySlug.body.id).toBe(created.id);
    expect(bySlug.body.json_ld['@type']).toBe('Event');
    const unknown = await t.request.get(`${EVENTS}/by-slug/nothing-here`).expect(400);
    expect(unknown.body.data.params).toEqual({ slug: 'Invalid parameter.' });
    await t.request.patch(`${EVENTS}/${created.id}`).set('Authorization', t.adminAuth).send({ start_date: 'garbage' }).expect(400);
  });

  it('reads drafts and trashed events only with rights, and moves deleted events to the trash', async () => {
    const draft = (await post({ ...base, title: 'Secret', status: 'draft' }).expect(201)).body;
    const denied = await t.request.get(`${EVENTS}/${draft.id}`).expect(403);
    expect(denied.body).toEqual({ code: 'event-not-accessible', message: 'The requested event is not accessible', data: { status: 403 } });
    await t.request.get(`${EVENTS}/${draft.id}`).set('Authorization', auth.editor).expect(200);
    const trashed = await t.request.delete(`${EVENTS}/${draft.id}?force=true`).set('Authorization', t.adminAuth).expect(200);
    expect(trashed.body.status).toBe('trash');
    const again = await t.request.delete(`${EVENTS}/${draft.id}`).set('Authorization', t.adminAuth).expect(410);
    expect(again.body).toEqual({ code: 'event-is-in-trash', message: 'The event is already trashed', data: { status: 410 } });
    // The Events Calendar 6.17.1 (Single_Event::get): a trashed event is unpublished, so whoever
    // may read_post it (its author, editors) still reads it; anybody else is refused.
    const stillThere = await t.request.get(`${EVENTS}/${draft.id}`).set('Authorization', auth.editor).expect(200);
    expect(stillThere.body.status).toBe('trash');
    const gone = await t.request.get(`${EVENTS}/${draft.id}`).expect(403);
    expect(gone.body.code).toBe('event-not-accessible');
    const user = await t.db.prisma.user.findFirstOrThrow();
    const organizer = (await t.request.post('/wp-json/events/v1/organizers').set('Authorization', t.adminAuth).send({ organizer: `Not an event ${user.id}` })).body.id;
    const notAnEvent = await t.request.get(`${EVENTS}/${organizer}`).expect(400);
    expect(notAnEvent.body.data.params).toEqual({ id: 'Invalid parameter.' });
    await t.request.get(`${EVENTS}/abc`).expect(404);
  });

  it('protects password-protected events', async () => {
    const created = (await post({ ...base, title: 'Locked', description: 'Inside', status: 'publish' }).expect(201)).body;
    await t.db.prisma.content.update({ where: { id: created.id }, data: { password: 'pw' } });
    const denied = await t.request.get(`${EVENTS}/${created.id}`).expect(403);
    expect(denied.body.code).toBe('event-password-protected');
    const open = await t.request.get(`${EVENTS}/${created.id}?password=pw`).expect(200);
    expect(open.body.description).toBe('<p>Inside</p>');
    const listed = await t.request.get(`${EVENTS}?start_date=2030-05-01&end_date=2030-05-01&search=Locked`).expect(200);
    expect(listed.body.events).toHaveLength(0);
    const editor = await t.request.get(`${EVENTS}?start_date=2030-05-01&end_date=2030-05-01&search=Locked`).set('Authorization', auth.editor).expect(200);
    expect(editor.body.events[0]).toMatchObject({ title: 'Locked', description: '', all_day: null, categories: [], venue: [], image: false });
  });

  it('lets each role do what The Events Calendar grants it', async () => {
    const anon = await t.request.post(EVENTS).send(base).expect(401);
    expect(anon.body).toEqual({ code: 'rest_forbidden', message: 'Sorry, you are not allowed to do that.', data: { status: 401 } });
    await post(base, auth.subscriber).expect(403);
    const pending = await post({ ...base, title: 'By contributor', status: 'publish' }, auth.contributor).expect(201);
    expect(pending.body.status).toBe('pending');
    const published = await post({ ...base, title: 'By author' }, auth.author).expect(201);
    expect(published.body.status).toBe('publish');
    const allow = await t.request.get(`${EVENTS}/${published.body.id}`).set('Authorization', auth.contributor);
    expect(allow.headers.allow).toBe('GET');
    expect((await t.request.get(`${EVENTS}/${published.body.id}`).set('Authorization', auth.author)).headers.allow).toBe('GET, DELETE, POST, PUT, PATCH');
    await t.request.patch(`${EVENTS}/${published.body.id}`).set('Authorization', auth.contributor).send({ title: 'x' }).expect(403);
    await t.request.delete(`${EVENTS}/${published.body.id}`).set('Authorization', auth.contributor).expect(403);
    await t.request.patch(`${EVENTS}/${published.body.id}`).set('Authorization', auth.editor).send({ title: 'By editor' }).expect(200);
    await t.request.delete(`${EVENTS}/${published.body.id}`).expect(401);
    expect((await t.request.get(EVENTS).set('Authorization', auth.subscriber)).headers.allow).toBe('GET');
    expect((await t.request.get(EVENTS).set('Authorization', auth.contributor)).headers.allow).toBe('GET, POST');
  });
});

/**
 * iCalendar feeds of every event list (all upcoming events, a category, a venue, an organizer, as
 * The Events Calendar serves them with `?ical=1`): RFC 5545 read back with parseIcal, only what
 * anonymous readers may see unless authenticated, and a feed imported into a second, fresh site
 * through the import path gives the same events.
 */
import { parseIcal, type CalendarEvent } from '../../src/domain/events/ical';
import { startTestApp, type TestApp } from '../support/app';

const EVENTS = '/wp-json/events/v1/events';
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** What a round trip must keep of an event (its UID names the site it came from). */
function comparable(event: CalendarEvent) {
  return {
    title: event.title,
    start: event.start.utc.toISOString(),
    end: event.end.utc.toISOString(),
    zone: event.start.timezone,
    allDay: event.allDay,
    location: event.location ?? null,
    organizers: event.organizers,
    categories: [...event.categories].sort(),
    description: event.description,
    url: event.url ?? null,
  };
}

describe('calendar feeds', () => {
  let t: TestApp;
  const post = async (body: Record<string, unknown>) => (await t.request.post(EVENTS).set('Authorization', t.adminAuth).send({ status: 'publish', ...body }).expect(201)).body;
  const feed = async (path: string, auth?: string) => {
    const req = t.request.get(path);
    if (auth) req.set('Authorization', auth);
    const res = await req.expect(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="[\w.-]+\.ics"$/);
    const [calendar] = parseIcal(res.text);
    return { calendar, text: res.text, headers: res.headers };
  };
  const titles = (events: CalendarEvent[]) => events.map((e) => e.title);

  beforeAll(async () => {
    t = await startTestApp();
    await post({
      title: 'Concert', start_date: `${day(5)} 20:00`, end_date: `${day(5)} 22:30`, timezone: 'Europe/Paris', description: '<p>Strings &amp; <strong>brass</strong></p>',
      venue: { venue: 'Opera Hall', address: '1 Place', city: 'Paris', country: 'France' }, organizer: [{ organizer: 'Music Society', email: 'music@example.org' }, { organizer: 'City' }],
      categories: ['Music'], website: 'https://example.org/concert', cost: '€20',
    });
    await post({ title: 'Book fair', start_date: `${day(8)}`, end_date: `${day(9)}`, all_day: true, timezone: 'America/New_York', categories: ['Books'], venue: { venue: 'Library' }, description: 'Plain text\nover two lines' });
    await post({ title: 'Workshop', start_date: `${day(12)} 09:00`, end_date: `${day(12)} 17:00`, timezone: 'Asia/Tokyo', categories: ['Music'], organizer: [{ organizer: 'Music Society', email: 'music@example.org' }] });
    await post({ title: 'Draft plan', status: 'draft', start_date: `${day(6)} 10:00`, end_date: `${day(6)} 11:00` });
    await post({ title: 'Hidden dinner', hide_from_listings: true, start_date: `${day(7)} 19:00`, end_date: `${day(7)} 21:00`, venue: { venue: 'Opera Hall', address: '1 Place', city: 'Paris', country: 'France' } });
    await post({ title: 'Long past', start_date: '2001-01-01 10:00', end_date: '2001-01-01 11:00' });
  });
  afterAll(() => t.close());

  it('serves all upcoming events an anonymous reader may see, with time zones', async () => {
    const { calendar, text, headers } = await feed('/events/ical');
    expect(titles(calendar.events)).toEqual(['Concert', 'Book fair', 'Workshop']);
    expect(headers['content-disposition']).toBe('attachment; filename="example.test-events.ics"');
    expect(text.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    for (const zone of ['Europe/Paris', 'Asia/Tokyo']) expect(text).toContain(`BEGIN:VTIMEZONE\r\nTZID:${zone}\r\n`);
    const [concert, fair] = calendar.events;
    expect(concert).toMatchObject({ allDay: false, url: 'https://example.org/concert', categories: ['Music'], location: { name: 'Opera Hall', address: '1 Place', city: 'Paris', country: 'France' } });
    expect(concert.start).toMatchObject({ local: `${day(5)} 20:00:00`, timezone: 'Europe/Paris' });
    expect(concert.organizers).toEqual([{ name: 'Music Society', email: 'music@example.org' }, { name: 'City' }]);
    expect(concert.uid).toMatch(/^\d+@example\.test$/);
    expect(concert.description).toBe('<p>Strings &amp; <strong>brass</strong></p>');
    expect(text).toContain('DESCRIPTION:Strings & brass');
    expect(fair).toMatchObject({ allDay: true, start: { local: `${day(8)} 00:00:00`, timezone: 'America/New_York' }, end: { local: `${day(9)} 23:59:59` }, description: 'Plain text\nover two lines' });
    expect(fair.url).toMatch(/^http:\/\/example\.test\/event\/book-fair\/$/);
  });

  it('shows drafts and hidden events to an editor who asks with credentials', async () => {
    const { calendar, headers } = await feed('/events/ical', t.adminAuth);
    expect(titles(calendar.events)).toEqual(['Concert', 'Draft plan', 'Hidden dinner', 'Book fair', 'Workshop']);
    expect(headers['cache-control']).toBe('private, no-store');
    await t.request.get('/events/ical').set('Authorization', 'Basic ' + Buffer.from('admin:wrong').toString('base64')).expect(401);
  });

  it('serves each category, venue and organizer, and the ?ical=1 forms', async () => {
    expect(titles((await feed('/events/category/music/ical')).calendar.events)).toEqual(['Concert', 'Workshop']);
    expect(titles((await feed('/events/category/music/?ical=1')).calendar.events)).toEqual(['Concert', 'Workshop']);
    expect(titles((await feed('/events/category/books/ical')).calendar.events)).toEqual(['Book fair']);
    expect(titles((await feed('/venue/opera-hall/ical')).calendar.events)).toEqual(['Concert']);
    expect(titles((await feed('/venue/opera-hall/?ical=1', t.adminAuth)).calendar.events)).toEqual(['Concert', 'Hidden dinner']);
    expect(titles((await feed('/organizer/music-society/ical')).calendar.events)).toEqual(['Concert', 'Workshop']);
    expect(titles((await feed('/events/?ical=1')).calendar.events)).toEqual(['Concert', 'Book fair', 'Workshop']);
    const named = await feed('/organizer/music-society/ical');
    expect(named.headers['content-disposition']).toBe('attachment; filename="example.test-organizer-music-society.ics"');
  });

  it('answers 404 for unknown slugs; without a feed asked for, the addresses are pages of the site', async () => {
    await t.request.get('/events/category/nope/ical').expect(404).expect('Content-Type', /json/);
    await t.request.get('/venue/nope/ical').expect(404).expect('Content-Type', /json/);
    await t.request.get('/organizer/nope/?ical=1').expect(404).expect('Content-Type', /json/);
    await t.request.get('/venue/opera-hall/').expect(200).expect('Content-Type', 'text/html; charset=UTF-8');
    await t.request.get('/events').expect(200).expect('Content-Type', 'text/html; charset=UTF-8');
  });

  it('gives the same events when a feed is imported into a second, fresh site', async () => {
    const original = await feed('/events/ical');
    const second = await startTestApp();
    try {
      const imported = await second.request
        .post('/wp-json/events-import/v1/imports')
        .set('Authorization', second.adminAuth)
        .set('Content-Type', 'text/calendar')
        .send(original.text)
        .expect(201);
      expect(imported.body).toMatchObject({ status: 'success', created: 3, failed: 0 });
      const res = await second.request.get('/events/ical').expect(200);
      const [copy] = parseIcal(res.text);
      expect(copy.events.map(comparable)).toEqual(original.calendar.events.map(comparable));
      // The same over REST: titles, UTC times, zones, venues, organizers, categories, websites.
      const a = (await t.request.get(EVENTS).expect(200)).body.events;
      const b = (await second.request.get(EVENTS).expect(200)).body.events;
      const shape = (e: Record<string, unknown> & { venue: { venue?: string }; organizer: Array<{ organizer: string }>; categories: Array<{ name: string }> }) => ({
        title: e.title, utc_start_date: e.utc_start_date, utc_end_date: e.utc_end_date, timezone: e.timezone, all_day: e.all_day, description: e.description,
        venue: Array.isArray(e.venue) ? null : e.venue?.venue ?? null, organizers: e.organizer.map((o) => o.organizer), categories: e.categories.map((c) => c.name),
      });
      expect(b.map(shape)).toEqual(a.map(shape));
      // Imported again: the same events, updated.
      const again = await second.request.post('/wp-json/events-import/v1/imports').set('Authorization', second.adminAuth).set('Content-Type', 'text/calendar').send(original.text).expect(201);
      expect(again.body).toMatchObject({ created: 0, updated: 3 });
    } finally {
      await second.close();
    }
  }, 60_000);
});

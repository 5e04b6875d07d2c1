/**
 * Differential tests of iCalendar, both ways:
 * - a corpus of real-world-shaped calendars (test/fixtures/ical: Google Calendar, Outlook/Exchange
 *   with Windows zone names, Apple Calendar, Meetup, a TEC export, and the six series of issue 20)
 *   imported through the real importer into a test database, and compared occurrence by occurrence
 *   (title, start and end instants, all-day days) with ical.js's own expansion of the same file —
 *   an independent implementation: the importer's rules run on `rrule`, its IANA zones on Intl;
 * - our feeds (/events/ical and friends, over HTTP) parsed back by node-ical, a second parser that
 *   shares no code with ours, and compared with the events events/v1 serves.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ICAL from 'ical.js';
import * as nodeIcal from 'node-ical';
import type { DomainContext } from '../../src/domain/context';
import { startImport } from '../../src/domain/events/imports';
import { LoaderCache } from '../../src/domain/loaders';
import { viewerFor } from '../../src/domain/viewer';
import { startTestApp, type TestApp } from '../support/app';

const FIXTURES = path.join(__dirname, '..', 'fixtures', 'ical');
/** The importer's clock: series without end are expanded ICAL_EXPANSION_HORIZON_DAYS (732) from here. */
const NOW = new Date('2026-01-01T00:00:00Z');
const HORIZON = new Date(NOW.getTime() + 732 * 86_400_000);
const DAY = 86_400_000;

interface Occurrence {
  title: string;
  allDay: boolean;
  /** ISO instants, or for all-day events the first and last day (`YYYY-MM-DD`). */
  start: string;
  end: string;
}

const sortOccurrences = (list: Occurrence[]) => [...list].sort((a, b) => a.start.localeCompare(b.start) || a.title.localeCompare(b.title));
const isoDate = (time: ICAL.Time) => time.toString().slice(0, 10);

/** ical.js's own reading of a file: every occurrence of every event, overrides in place, cancelled ones out. */
function icalJsOccurrences(text: string): Occurrence[] {
  const calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
  const vevents = calendar.getAllSubcomponents('vevent');
  const occurrences: Occurrence[] = [];
  const cancelled = (component: ICAL.Component) => String(component.getFirstPropertyValue('status') ?? '').toUpperCase() === 'CANCELLED';
  const add = (title: string, start: ICAL.Time, end: ICAL.Time) => {
    if (start.isDate) {
      const last = end.clone();
      last.adjust(-1, 0, 0, 0);
      occurrences.push({ title, allDay: true, start: isoDate(start), end: isoDate(last.compare(start) < 0 ? start : last) });
    } else occurrences.push({ title, allDay: false, start: start.toJSDate().toISOString(), end: end.toJSDate().toISOString() });
  };
  for (const component of vevents.filter((c) => !c.hasProperty('recurrence-id'))) {
    const event = new ICAL.Event(component);
    if (cancelled(component)) continue;
    if (!event.isRecurring()) {
      add(event.summary, event.startDate, event.endDate);
      continue;
    }
    for (const exception of vevents.filter((c) => c.hasProperty('recurrence-id') && c.getFirstPropertyValue('uid') === event.uid)) event.relateException(exception);
    // ical.js leaves DTSTART out of a series made of RDATEs alone; RFC 5545 (§3.8.5.2) makes it the first instance.
    if (!component.hasProperty('rrule')) add(event.summary, event.startDate, event.endDate);
    // A series without end is read up to the horizon, as the importer does; one with COUNT or UNTIL in full.
    const endless = component.getAllProperties('rrule').some((p) => !(p.getFirstValue() as ICAL.Recur).isFinite());
    const iterator = event.iterator();
    for (let next = iterator.next(); next; next = iterator.next()) {
      if (endless && next.toJSDate().getTime() > HORIZON.getTime()) break;
      const details = event.getOccurrenceDetails(next);
      if (cancelled(details.item.component)) continue;
      add(details.item.summary, details.startDate, details.endDate);
    }
  }
  return sortOccurrences(occurrences);
}

describe('iCalendar differential tests', () => {
  let t: TestApp;
  let ctx: DomainContext;

  beforeAll(async () => {
    t = await startTestApp();
    const admin = await t.db.prisma.user.findUniqueOrThrow({ where: { login: 'admin' } });
    ctx = { db: t.db, config: t.config, viewer: viewerFor(admin), loaders: new LoaderCache(t.db) };
  });
  afterAll(() => t.close());

  /** What the importer stored for one import: each event it created, as an occurrence. */
  async function imported(ids: number[]): Promise<Occurrence[]> {
    const rows = await t.db.prisma.content.findMany({ where: { id: { in: ids } }, include: { event: true } });
    return sortOccurrences(
      rows.map((row) => {
        const event = row.event!;
        if (event.allDay) return { title: row.title, allDay: true, start: event.startLocal.slice(0, 10), end: event.endLocal.slice(0, 10) };
        const instant = (utc: string) => new Date(`${utc.replace(' ', 'T')}Z`).toISOString();
        return { title: row.title, allDay: false, start: instant(event.startUtc), end: instant(event.endUtc) };
      }),
    );
  }

  const files = readdirSync(FIXTURES).filter((name) => name.endsWith('.ics')).sort();

  it('has the corpus it claims', () => {
    expect(files).toEqual(['apple.ics', 'google.ics', 'meetup.ics', 'outlook.ics', 'six-series.ics', 'tec.ics']);
  });

  it.each(files)('imports %s occurrence by occurrence as ical.js expands it', async (name) => {
    const text = readFileSync(path.join(FIXTURES, name), 'utf8');
    const record = await startImport(ctx, { document: { name, text } }, { now: NOW });
    expect(record).toMatchObject({ status: 'success', failed: 0, updated: 0 });
    const ids = (JSON.parse(record.activity) as { tribe_events: { created: number[] } }).tribe_events.created;
    const expected = icalJsOccurrences(text);
    expect(expected.length).toBeGreaterThan(2);
    expect(await imported(ids)).toEqual(expected);
    expect(record.totalEvents).toBe(expected.length);
  });

  it('imports the six series of the issue as six, three, seven, nine, six and five events', async () => {
    const text = readFileSync(path.join(FIXTURES, 'six-series.ics'), 'utf8').replace(/@six\.example/g, '@six-again.example');
    const record = await startImport(ctx, { document: { name: 'six-again.ics', text } }, { now: NOW });
    const rows = await t.db.prisma.content.findMany({ where: { id: { in: (JSON.parse(record.activity) as { tribe_events: { created: number[] } }).tribe_events.created } } });
    const count = (prefix: string) => rows.filter((row) => row.title.startsWith(prefix)).length;
    expect([count('Payroll'), count('Christmas'), count('Neighbourhood'), count('Bootcamp'), count('Lunch'), count('Backup')]).toEqual([6, 3, 7, 9, 6, 5]);
    expect(record.message).toBe('');
  });

  it('says in the import record what it left out: a series without end past the horizon, a VTODO', async () => {
    const google = await t.request.get('/wp-json/events-import/v1/imports?per_page=100').set('Authorization', t.adminAuth).expect(200);
    const bySource = (source: string) => google.body.find((r: { source: string }) => r.source === source);
    expect(bySource('google.ics').message).toBe(
      'Not imported from this calendar:\n- "Volunteer coffee" (coffee-forever@google.com) repeats without end: 104 occurrence(s) imported, none after 2028-01-03 (the expansion horizon).',
    );
    expect(bySource('google.ics').message_slug).toBe('ical-not-imported');
    expect(bySource('apple.ics').message).toBe('Not imported from this calendar:\n- 1 VTODO component(s) (to-do) not imported: only events (VEVENT) are.');
  });

  describe('our feeds, read back by node-ical', () => {
    const EVENTS = '/wp-json/events/v1/events';
    const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);
    let second: TestApp;

    beforeAll(async () => {
      second = await startTestApp();
      const post = async (body: Record<string, unknown>) => second.request.post(EVENTS).set('Authorization', second.adminAuth).send({ status: 'publish', ...body }).expect(201);
      await post({ title: 'Concert; strings, brass, “more”', start_date: `${day(5)} 20:00`, end_date: `${day(5)} 22:30`, timezone: 'Europe/Paris', description: `<p>${'Long programme note – ünïcødé. '.repeat(12)}</p>`, venue: { venue: 'Opera Hall', city: 'Paris' }, categories: ['Music'] });
      await post({ title: 'Book fair', start_date: day(8), end_date: day(10), all_day: true, timezone: 'America/New_York', categories: ['Books'] });
      await post({ title: 'Workshop', start_date: `${day(12)} 09:00`, end_date: `${day(12)} 17:00`, timezone: 'Asia/Tokyo', categories: ['Music'], organizer: [{ organizer: 'Music Society', email: 'music@example.org' }] });
      await post({ title: 'Night shift', start_date: `${day(20)} 22:00`, end_date: `${day(21)} 06:00`, timezone: 'Australia/Sydney' });
      await post({ title: 'Webinar', start_date: `${day(30)} 16:00`, end_date: `${day(30)} 17:00`, timezone: 'UTC' });
      await post({ title: 'Day off', start_date: day(40), end_date: day(40), all_day: true, timezone: 'Asia/Kolkata' });
    });
    afterAll(() => second.close());

    const pad = (n: number) => String(n).padStart(2, '0');
    /** node-ical gives an all-day date as local midnight of that day. */
    const localDate = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

    it.each(['/events/ical', '/events/category/music/ical', '/venue/opera-hall/ical', '/organizer/music-society/?ical=1'])('%s gives the events events/v1 serves', async (feedPath) => {
      const feed = await second.request.get(feedPath).expect(200);
      const parsed = Object.values(nodeIcal.sync.parseICS(feed.text)).filter((item): item is nodeIcal.VEvent => item?.type === 'VEVENT');
      const rest = (await second.request.get(`${EVENTS}?per_page=50`).expect(200)).body.events as Array<Record<string, unknown>>;
      const served = new Map(rest.map((event) => [`${event.id}@example.test`, event]));
      expect(parsed.length).toBeGreaterThan(0);
      for (const item of parsed) {
        const event = served.get(item.uid)!;
        expect(event).toBeDefined();
        expect(typeof item.summary === 'string' ? item.summary : item.summary.val).toBe(event.title);
        if (event.all_day) {
          expect(item.datetype).toBe('date');
          const last = new Date(item.end!.getTime() - DAY);
          expect([localDate(item.start), localDate(last)]).toEqual([String(event.start_date).slice(0, 10), String(event.end_date).slice(0, 10)]);
        } else {
          expect(item.datetype).toBe('date-time');
          expect([item.start.toISOString(), item.end!.toISOString()]).toEqual([new Date(`${String(event.utc_start_date).replace(' ', 'T')}Z`).toISOString(), new Date(`${String(event.utc_end_date).replace(' ', 'T')}Z`).toISOString()]);
          expect(item.start.tz).toBe(event.timezone);
        }
      }
      if (feedPath === '/events/ical') expect(parsed.map((item) => item.uid).sort()).toEqual([...served.keys()].sort());
    });
  });
});

import { eventUid, parseIcal, parseIcalEvents, serializeCalendar } from '../../src/domain/events/ical';
import type { CalendarEvent, EventTime } from '../../src/domain/events/ical';
import ICAL from 'ical.js';
import { parseLocal } from '../../src/domain/events/ical/wall';
import { instantToZonedWall, zonedWallToInstant, zoneOffsetMinutes, zoneTransitions } from '../../src/domain/events/ical/zones';

const NOW = new Date('2026-02-01T12:00:00Z');

/** An EventTime from wall time and zone (the instant computed by Intl). */
function at(local: string, timezone: string): EventTime {
  return { local, timezone, utc: zonedWallToInstant(timezone, parseLocal(local)!) };
}

function sampleEvent(overrides: Partial<CalendarEvent> = {}): CalendarEvent {
  return {
    uid: eventUid(42, 'events.example.org'),
    title: 'Concert',
    description: '',
    start: at('2026-05-01 19:00:00', 'Europe/Berlin'),
    end: at('2026-05-01 21:00:00', 'Europe/Berlin'),
    allDay: false,
    organizers: [],
    categories: [],
    sequence: 0,
    ...overrides,
  };
}

const physicalLines = (text: string) => text.split('\r\n').slice(0, -1);

/** The VTIMEZONEs of a feed as ical.js reads them, with their observances. */
function vtimezones(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
  return calendar.getAllSubcomponents('vtimezone').map((component) => ({
    tzid: String(component.getFirstPropertyValue('tzid')),
    zone: new ICAL.Timezone(component),
    observances: component.getAllSubcomponents().map((o) => {
      const start = o.getFirstPropertyValue('dtstart') as ICAL.Time;
      const offset = (name: string) => (o.getFirstPropertyValue(name) as ICAL.UtcOffset).toSeconds() / 60;
      return { kind: o.name.toUpperCase(), start: { year: start.year, month: start.month, day: start.day, hour: start.hour, minute: start.minute, second: start.second }, offsetFrom: offset('tzoffsetfrom'), offsetTo: offset('tzoffsetto') };
    }),
  }));
}

const sameWall = (a: object, b: object) => JSON.stringify(a) === JSON.stringify(b);

/** Is this wall time one of the hour repeated when the clocks go back? */
function repeated(zone: string, local: object): boolean {
  const first = zonedWallToInstant(zone, local as never).getTime();
  return sameWall(instantToZonedWall(zone, new Date(first + 3_600_000)), local);
}

/**
 * The instant a reader of the VTIMEZONE (ical.js) gives the wall time Intl shows at `ms`, or
 * undefined in the repeated hour: there RFC 5545 (§3.3.5) means the first pass and ical.js reads
 * the second — a difference of the reader, not of the VTIMEZONE (shown in the next test).
 */
function readerInstant(definition: { tzid: string; zone: ICAL.Timezone }, ms: number): number | undefined {
  const local = instantToZonedWall(definition.tzid, new Date(ms));
  if (repeated(definition.tzid, local)) return undefined;
  return ICAL.Time.fromData({ ...local, isDate: false }, definition.zone).toUnixTime() * 1000;
}

describe('serializeCalendar: the calendar', () => {
  it('writes the calendar header, CRLF line ends and lines of at most 75 octets', () => {
    const long = 'Ünïcødé – '.repeat(30);
    const text = serializeCalendar([sampleEvent({ title: long, description: long })], { name: 'Events, all', now: NOW, refreshInterval: 'PT1H' });
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines = physicalLines(text);
    expect(lines.slice(0, 9)).toEqual([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Content Site//Events//EN',
      'CALSCALE:GREGORIAN',
      'METHOD:PUBLISH',
      'X-WR-CALNAME:Events\\, all',
      'X-WR-TIMEZONE:Europe/Berlin',
      'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
      'X-PUBLISHED-TTL:PT1H',
    ]);
    expect(lines[lines.length - 1]).toBe('END:VCALENDAR');
    for (const line of lines) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    expect(parseIcalEvents(text)[0].title).toBe(long);
  });

  it('writes a VEVENT with UID, DTSTAMP, TZID times, text, location, geo, categories and organizer', () => {
    const text = serializeCalendar(
      [
        sampleEvent({
          title: 'Jazz; live, loud',
          description: '<p>Doors at <strong>7pm</strong> &amp; bar.</p><p>Line two<br>Line three</p>',
          url: 'https://events.example.org/event/concert/',
          location: { name: 'Blue Hall', address: 'Hauptstr. 1', city: 'Berlin', country: 'Germany', lat: 52.52, lng: 13.405 },
          categories: ['Music', 'Jazz, Blues'],
          organizers: [{ name: 'Doe, Jane', email: 'jane@example.org' }],
          lastModified: new Date('2026-01-20T08:30:00Z'),
          sequence: 4,
          status: 'CONFIRMED',
        }),
      ],
      { now: NOW },
    );
    const lines = text.replace(/\r\n /g, '').split('\r\n');
    const vevent = lines.slice(lines.indexOf('BEGIN:VEVENT'), lines.indexOf('END:VEVENT') + 1);
    expect(vevent).toEqual([
      'BEGIN:VEVENT',
      'UID:42@events.example.org',
      'DTSTAMP:20260201T120000Z',
      'DTSTART;TZID=Europe/Berlin:20260501T190000',
      'DTEND;TZID=Europe/Berlin:20260501T210000',
      'SUMMARY:Jazz\\; live\\, loud',
      'DESCRIPTION:Doors at 7pm & bar.\\n\\nLine two\\nLine three',
      'X-ALT-DESC;FMTTYPE=text/html:<p>Doors at <strong>7pm</strong> &amp\\; bar.</p><p>Line two<br>Line three</p>',
      'URL:https://events.example.org/event/concert/',
      'LOCATION:Blue Hall\\, Hauptstr. 1\\, Berlin\\, Germany',
      'X-VENUE-NAME:Blue Hall',
      'X-VENUE-ADDRESS:Hauptstr. 1',
      'X-VENUE-CITY:Berlin',
      'X-VENUE-COUNTRY:Germany',
      'GEO:52.52;13.405',
      'CATEGORIES:Music,Jazz\\, Blues',
      'ORGANIZER;CN="Doe, Jane":mailto:jane@example.org',
      'LAST-MODIFIED:20260120T083000Z',
      'SEQUENCE:4',
      'STATUS:CONFIRMED',
      'END:VEVENT',
    ]);
  });

  it('writes all-day events as DATE values with an exclusive DTEND and no VTIMEZONE', () => {
    const text = serializeCalendar(
      [sampleEvent({ allDay: true, start: at('2026-07-03 00:00:00', 'America/New_York'), end: at('2026-07-05 23:59:59', 'America/New_York') })],
      { now: NOW },
    );
    expect(text).toContain('DTSTART;VALUE=DATE:20260703\r\nDTEND;VALUE=DATE:20260706\r\nX-EVENT-TIMEZONE:America/New_York\r\n');
    expect(text).not.toContain('BEGIN:VTIMEZONE');
    const oneDay = serializeCalendar([sampleEvent({ allDay: true, start: at('2026-07-03 00:00:00', 'UTC'), end: at('2026-07-03 00:00:00', 'UTC') })], { now: NOW });
    expect(oneDay).toContain('DTSTART;VALUE=DATE:20260703\r\nDTEND;VALUE=DATE:20260704\r\n');
  });
});

describe('serializeCalendar: VTIMEZONE', () => {
  const zones = ['Europe/Berlin', 'America/New_York', 'Australia/Sydney', 'Asia/Kolkata', 'UTC'];
  const events = zones.map((zone, i) =>
    sampleEvent({ uid: `${i}@x`, start: at('2025-06-01 10:00:00', zone), end: at('2027-01-10 10:00:00', zone) }),
  );
  const text = serializeCalendar(events, { now: NOW });

  it('writes one VTIMEZONE per zone used', () => {
    expect(vtimezones(text).map((d) => d.tzid).sort()).toEqual([...zones].sort());
  });

  it('gives a reader (ical.js), for every wall time, the instant Intl gives, in all the years covered', () => {
    const mismatches: string[] = [];
    let checked = 0;
    const check = (definition: { tzid: string; zone: ICAL.Timezone }, ms: number) => {
      const read = readerInstant(definition, ms);
      if (read === undefined) return;
      checked++;
      if (read !== ms) mismatches.push(`${definition.tzid} ${new Date(ms).toISOString()}: read as ${new Date(read).toISOString()}`);
    };
    for (const definition of vtimezones(text)) {
      for (let ms = Date.UTC(2025, 0, 1, 0, 30); ms < Date.UTC(2028, 0, 1); ms += 86_400_000 / 4) check(definition, ms);
      // And to the second around every change.
      for (const change of zoneTransitions(definition.tzid, Date.UTC(2025, 0, 1), Date.UTC(2028, 0, 1))) {
        for (const ms of [change.at - 3_601_000, change.at - 1000, change.at, change.at + 3_600_000]) check(definition, ms);
      }
    }
    expect(checked).toBeGreaterThan(20_000);
    expect(mismatches).toEqual([]);
  });

  it('is read by ical.js in the repeated hour as its second pass (RFC 5545: the first); our importer reads IANA zones with Intl and gives the first', () => {
    const berlin = vtimezones(text).find((d) => d.tzid === 'Europe/Berlin')!;
    const wall = { year: 2026, month: 10, day: 25, hour: 2, minute: 30, second: 0 };
    expect(new Date(ICAL.Time.fromData({ ...wall, isDate: false }, berlin.zone).toUnixTime() * 1000).toISOString()).toBe('2026-10-25T01:30:00.000Z');
    expect(parseIcalEvents(text.replace('END:VCALENDAR', 'BEGIN:VEVENT\r\nUID:x\r\nDTSTART;TZID=Europe/Berlin:20261025T023000\r\nEND:VEVENT\r\nEND:VCALENDAR')).at(-1)!.start.utc.toISOString()).toBe('2026-10-25T00:30:00.000Z');
  });

  it('describes each change as local time under the old offset, daylight time as DAYLIGHT', () => {
    const berlin = vtimezones(text).find((d) => d.tzid === 'Europe/Berlin')!;
    const y2026 = berlin.observances.filter((o) => o.start.year === 2026);
    expect(y2026).toEqual([
      { kind: 'DAYLIGHT', start: { year: 2026, month: 3, day: 29, hour: 2, minute: 0, second: 0 }, offsetFrom: 60, offsetTo: 120 },
      { kind: 'STANDARD', start: { year: 2026, month: 10, day: 25, hour: 3, minute: 0, second: 0 }, offsetFrom: 120, offsetTo: 60 },
    ]);
    const sydney = vtimezones(text).find((d) => d.tzid === 'Australia/Sydney')!;
    expect(sydney.observances.filter((o) => o.start.year === 2026).map((o) => [o.kind, o.start.month, o.offsetTo])).toEqual([
      ['STANDARD', 4, 600],
      ['DAYLIGHT', 10, 660],
    ]);
    const kolkata = vtimezones(text).find((d) => d.tzid === 'Asia/Kolkata')!;
    expect(kolkata.observances.map((o) => [o.kind, o.offsetFrom, o.offsetTo])).toEqual([['STANDARD', 330, 330]]);
    expect(text).toMatch(/TZID:America\/New_York\r\n[\s\S]*?TZNAME:EDT/);
  });

  it('lets another reader that does not know the TZID name use the VTIMEZONE alone', () => {
    const renamed = text.replace(/America\/New_York/g, 'My Office Zone');
    const [cal] = parseIcal(renamed);
    const event = cal.events.find((e) => e.uid === '1@x')!;
    expect(event.start.utc).toEqual(at('2025-06-01 10:00:00', 'America/New_York').utc);
    expect(event.end.utc).toEqual(at('2027-01-10 10:00:00', 'America/New_York').utc);
    expect(zoneOffsetMinutes(event.start.timezone, Date.UTC(2026, 0, 1))).toBe(-300);
    expect(zoneOffsetMinutes(event.start.timezone, Date.UTC(2026, 6, 1))).toBe(-240);
  });
});

describe('serializeCalendar → parseIcal round trip', () => {
  const events: CalendarEvent[] = [
    sampleEvent({
      uid: '1@events.example.org',
      title: 'Opening night: "Les Misérables" — 🎭',
      description: '<h2>Programme</h2><ul><li>Act 1</li><li>Act 2</li></ul><p>Tickets: <a href="https://example.org/t">here</a>; cash, card.</p>',
      start: at('2026-03-28 19:30:00', 'Europe/Berlin'),
      end: at('2026-03-29 01:15:00', 'Europe/Berlin'), // across the spring change
      url: 'https://events.example.org/event/opening/',
      location: { name: 'Staatsoper', address: 'Unter den Linden 7', city: 'Berlin', country: 'Germany', lat: 52.5167, lng: 13.3947 },
      organizers: [{ name: 'Oper Berlin', email: 'info@oper.example' }, { name: 'Friends; Society' }],
      categories: ['Theatre', 'Music, Classical', 'Fundraiser\\Gala'],
      lastModified: new Date('2026-01-31T23:59:00Z'),
      sequence: 7,
      status: 'CONFIRMED',
    }),
    sampleEvent({
      uid: '2@events.example.org',
      title: 'Fall back party',
      description: 'Plain text\nwith two lines, and; punctuation',
      start: at('2026-11-01 00:30:00', 'America/New_York'),
      end: at('2026-11-01 03:30:00', 'America/New_York'), // across the autumn change
      organizers: [{ name: 'No Mail' }, { name: 'Has Mail', email: 'has@example.org' }],
    }),
    sampleEvent({
      uid: '3@events.example.org',
      title: 'Festival',
      allDay: true,
      start: at('2026-08-14 00:00:00', 'Australia/Sydney'),
      end: at('2026-08-16 23:59:59', 'Australia/Sydney'),
      location: { name: 'Domain', lat: -33.8688, lng: 151.2093 },
      categories: ['Outdoor'],
    }),
    sampleEvent({
      uid: '4@events.example.org',
      title: 'UTC webinar',
      start: at('2026-02-10 16:00:00', 'UTC'),
      end: at('2026-02-10 17:00:00', 'UTC'),
      status: 'TENTATIVE',
    }),
    sampleEvent({
      uid: '5@events.example.org',
      title: 'Weekly yoga',
      start: at('2026-01-06 18:00:00', 'Asia/Kolkata'),
      end: at('2026-01-06 19:00:00', 'Asia/Kolkata'),
      recurrence: { text: 'FREQ=WEEKLY;COUNT=8;BYDAY=TU' },
      exceptionDates: [at('2026-01-13 18:00:00', 'Asia/Kolkata').utc],
    }),
    sampleEvent({
      uid: '6@events.example.org',
      title: 'Cancelled one',
      start: at('2026-12-31 22:00:00', 'Pacific/Auckland'),
      end: at('2027-01-01 02:00:00', 'Pacific/Auckland'),
      status: 'CANCELLED',
      categories: [],
    }),
  ];

  it('gives back exactly the events that were written', () => {
    const text = serializeCalendar(events, { name: 'Everything', timezone: 'Europe/Berlin', now: NOW });
    const [cal] = parseIcal(text);
    expect(cal.warnings).toEqual([]);
    expect(cal.name).toBe('Everything');
    expect(cal.timezone).toBe('Europe/Berlin');
    expect(cal.events).toEqual(events);
    // And the second generation is byte-identical to the first.
    expect(serializeCalendar(cal.events, { name: 'Everything', timezone: 'Europe/Berlin', now: NOW })).toBe(text);
  });

  it('round-trips overridden occurrences (RECURRENCE-ID), timed and all-day', () => {
    const overrides = [
      sampleEvent({ uid: 'r@x', start: at('2026-01-20 20:00:00', 'Europe/Berlin'), end: at('2026-01-20 21:00:00', 'Europe/Berlin'), recurrenceId: at('2026-01-19 19:00:00', 'Europe/Berlin').utc }),
      sampleEvent({ uid: 'd@x', allDay: true, start: at('2026-07-06 00:00:00', 'America/New_York'), end: at('2026-07-06 23:59:59', 'America/New_York'), recurrenceId: at('2026-07-04 00:00:00', 'America/New_York').utc }),
    ];
    const text = serializeCalendar(overrides, { timezone: 'UTC', now: NOW });
    expect(text).toContain('RECURRENCE-ID;TZID=Europe/Berlin:20260119T190000');
    expect(text).toContain('RECURRENCE-ID;VALUE=DATE:20260704');
    expect(parseIcalEvents(text)).toEqual(overrides);
  });

  it('round-trips when the calendar zone differs from the events’ zones', () => {
    const text = serializeCalendar(events, { timezone: 'Asia/Tokyo', now: NOW });
    expect(parseIcalEvents(text)).toEqual(events);
  });

  it('uses the zone most events use as X-WR-TIMEZONE when none is given', () => {
    const text = serializeCalendar(events, { now: NOW });
    expect(text).toContain('\r\nX-WR-TIMEZONE:Europe/Berlin\r\n');
    expect(serializeCalendar([], { now: NOW })).toContain('\r\nX-WR-TIMEZONE:UTC\r\n');
  });

  it('keeps categories with commas and organizers in their order', () => {
    const text = serializeCalendar(events, { now: NOW });
    const second = new ICAL.Component(ICAL.parse(text) as unknown[]).getAllSubcomponents('vevent')[1];
    expect(second.getAllProperties('organizer')).toHaveLength(0);
    expect(second.getAllProperties('x-organizer').map((p) => p.getParameter('cn'))).toEqual(['No Mail', 'Has Mail']);
  });
});

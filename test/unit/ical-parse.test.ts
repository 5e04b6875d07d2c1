import fc from 'fast-check';
import { DomainError } from '../../src/domain/errors';
import { parseIcal, parseIcalEvents } from '../../src/domain/events/ical';

const ics = (...lines: string[]) => lines.join('\r\n') + '\r\n';
const calendar = (...body: string[]) => ics('BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Test//EN', ...body, 'END:VCALENDAR');
const event = (...props: string[]) => ['BEGIN:VEVENT', 'UID:e1@test', 'DTSTAMP:20260101T000000Z', ...props, 'END:VEVENT'];
const only = (text: string, options = {}) => {
  const events = parseIcalEvents(text, options);
  expect(events).toHaveLength(1);
  return events[0];
};

function parseError(text: string): DomainError {
  try {
    parseIcal(text);
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return error as DomainError;
  }
  throw new Error('expected a parse error');
}

describe('parseIcal: dates and times', () => {
  it('reads DATE-TIME with TZID on both sides of the Europe/Berlin DST change', () => {
    const before = only(calendar(...event('DTSTART;TZID=Europe/Berlin:20260328T100000', 'DTEND;TZID=Europe/Berlin:20260328T120000')));
    expect(before.start).toEqual({ local: '2026-03-28 10:00:00', timezone: 'Europe/Berlin', utc: new Date('2026-03-28T09:00:00Z') });
    expect(before.end.utc).toEqual(new Date('2026-03-28T11:00:00Z'));
    const after = only(calendar(...event('DTSTART;TZID=Europe/Berlin:20260329T100000', 'DTEND;TZID=Europe/Berlin:20260329T120000')));
    expect(after.start).toEqual({ local: '2026-03-29 10:00:00', timezone: 'Europe/Berlin', utc: new Date('2026-03-29T08:00:00Z') });
    expect(after.allDay).toBe(false);
  });

  it('reads America/New_York across its spring and autumn changes, an event spanning one keeps its wall times', () => {
    const spanning = only(calendar(...event('DTSTART;TZID=America/New_York:20260307T090000', 'DTEND;TZID=America/New_York:20260309T090000')));
    expect(spanning.start.utc).toEqual(new Date('2026-03-07T14:00:00Z'));
    expect(spanning.end.utc).toEqual(new Date('2026-03-09T13:00:00Z'));
    expect(spanning.end.local).toBe('2026-03-09 09:00:00');
    const autumn = only(calendar(...event('DTSTART;TZID=America/New_York:20261101T120000')));
    expect(autumn.start.utc).toEqual(new Date('2026-11-01T17:00:00Z'));
  });

  it('reads a time inside the spring gap with the offset before the gap, and the first of two ambiguous times', () => {
    const gap = only(calendar(...event('DTSTART;TZID=Europe/Berlin:20260329T023000')));
    expect(gap.start.utc).toEqual(new Date('2026-03-29T01:30:00Z'));
    expect(gap.start.local).toBe('2026-03-29 03:30:00');
    const overlap = only(calendar(...event('DTSTART;TZID=Europe/Berlin:20261025T023000')));
    expect(overlap.start.utc).toEqual(new Date('2026-10-25T00:30:00Z'));
  });

  it('reads UTC times, shown in the calendar zone (X-WR-TIMEZONE) or in UTC', () => {
    const plain = only(calendar(...event('DTSTART:20260715T180000Z', 'DTEND:20260715T200000Z')));
    expect(plain.start).toEqual({ local: '2026-07-15 18:00:00', timezone: 'UTC', utc: new Date('2026-07-15T18:00:00Z') });
    const shown = only(calendar('X-WR-TIMEZONE:America/New_York', ...event('DTSTART:20260715T180000Z')));
    expect(shown.start).toEqual({ local: '2026-07-15 14:00:00', timezone: 'America/New_York', utc: new Date('2026-07-15T18:00:00Z') });
  });

  it('reads floating times in X-WR-TIMEZONE, else the default zone, else UTC', () => {
    const text = (...head: string[]) => calendar(...head, ...event('DTSTART:20260115T090000'));
    expect(only(text('X-WR-TIMEZONE:Europe/Berlin')).start.utc).toEqual(new Date('2026-01-15T08:00:00Z'));
    expect(only(text(), { defaultTimezone: 'America/New_York' }).start).toEqual({ local: '2026-01-15 09:00:00', timezone: 'America/New_York', utc: new Date('2026-01-15T14:00:00Z') });
    expect(only(text()).start.utc).toEqual(new Date('2026-01-15T09:00:00Z'));
  });

  it('reads all-day events: DTEND is exclusive, the end is the last day at 23:59:59', () => {
    const twoDays = only(calendar('X-WR-TIMEZONE:Europe/Berlin', ...event('DTSTART;VALUE=DATE:20260307', 'DTEND;VALUE=DATE:20260309')));
    expect(twoDays.allDay).toBe(true);
    expect(twoDays.start).toEqual({ local: '2026-03-07 00:00:00', timezone: 'Europe/Berlin', utc: new Date('2026-03-06T23:00:00Z') });
    expect(twoDays.end).toEqual({ local: '2026-03-08 23:59:59', timezone: 'Europe/Berlin', utc: new Date('2026-03-08T22:59:59Z') });
    const noEnd = only(calendar(...event('DTSTART;VALUE=DATE:20260307')));
    expect(noEnd.end.local).toBe('2026-03-07 23:59:59');
    const bareDate = only(calendar(...event('DTSTART:20260307', 'DTEND:20260308')));
    expect(bareDate.allDay).toBe(true);
    expect(bareDate.end.local).toBe('2026-03-07 23:59:59');
  });

  it('uses DURATION when there is no DTEND: days are wall-clock days, hours are exact', () => {
    const timed = only(calendar(...event('DTSTART;TZID=Europe/Berlin:20260328T120000', 'DURATION:P1DT2H30M')));
    // One calendar day later is still 12:00 local even though the night had only 23 hours.
    expect(timed.end.local).toBe('2026-03-29 14:30:00');
    expect(timed.end.utc).toEqual(new Date('2026-03-29T12:30:00Z'));
    const exact = only(calendar(...event('DTSTART;TZID=Europe/Berlin:20260328T120000', 'DURATION:PT24H')));
    expect(exact.end.local).toBe('2026-03-29 13:00:00');
    const weeks = only(calendar(...event('DTSTART;VALUE=DATE:20260301', 'DURATION:P1W')));
    expect(weeks.end.local).toBe('2026-03-07 23:59:59');
    const noLength = only(calendar(...event('DTSTART:20260301T100000Z')));
    expect(noLength.end).toEqual(noLength.start);
  });
});

describe('parseIcal: properties', () => {
  it('reads summary, description, location, geo, url, status, sequence, last-modified', () => {
    const parsed = only(
      calendar(
        'X-WR-CALNAME:Club\\, events',
        ...event(
          'DTSTART:20260601T180000Z',
          'SUMMARY:Jazz\\; night\\, live',
          'DESCRIPTION:Line one\\nLine two\\, with comma',
          'LOCATION:Blue Note\\, 131 W 3rd St\\, New York',
          'GEO:40.7306;-74.0003',
          'URL;VALUE=URI:https://example.org/jazz',
          'STATUS:CONFIRMED',
          'SEQUENCE:3',
          'LAST-MODIFIED:20260501T120000Z',
        ),
      ),
    );
    expect(parsed).toMatchObject({
      uid: 'e1@test',
      title: 'Jazz; night, live',
      description: 'Line one\nLine two, with comma',
      location: { name: 'Blue Note, 131 W 3rd St, New York', lat: 40.7306, lng: -74.0003 },
      url: 'https://example.org/jazz',
      status: 'CONFIRMED',
      sequence: 3,
      lastModified: new Date('2026-05-01T12:00:00Z'),
    });
    expect(parseIcal(calendar('X-WR-CALNAME:Club\\, events'))[0].name).toBe('Club, events');
  });

  it('collects CATEGORIES given comma-separated and repeated, without duplicates', () => {
    const parsed = only(calendar(...event('DTSTART:20260601T180000Z', 'CATEGORIES:Music,Jazz\\, Blues', 'CATEGORIES:Outdoor', 'CATEGORIES:Music')));
    expect(parsed.categories).toEqual(['Music', 'Jazz, Blues', 'Outdoor']);
  });

  it('reads ORGANIZER with CN and mailto, and without CN', () => {
    const parsed = only(calendar(...event('DTSTART:20260601T180000Z', 'ORGANIZER;CN="Doe, Jane":MAILTO:jane@example.org')));
    expect(parsed.organizers).toEqual([{ name: 'Doe, Jane', email: 'jane@example.org' }]);
    const bare = only(calendar(...event('DTSTART:20260601T180000Z', 'ORGANIZER:mailto:info@example.org')));
    expect(bare.organizers).toEqual([{ name: 'info@example.org', email: 'info@example.org' }]);
  });

  it('keeps the RRULE, EXDATE and RECURRENCE-ID without expanding by default', () => {
    const events = parseIcalEvents(
      calendar(
        ...event('DTSTART;TZID=Europe/Berlin:20260105T190000', 'RRULE:FREQ=WEEKLY;BYDAY=MO,WE;UNTIL=20260301T000000Z', 'EXDATE;TZID=Europe/Berlin:20260107T190000'),
        ...event('RECURRENCE-ID;TZID=Europe/Berlin:20260112T190000', 'DTSTART;TZID=Europe/Berlin:20260112T200000'),
      ),
    );
    expect(events).toHaveLength(2);
    // ical.js writes the rule's parts in its own order.
    expect(events[0].recurrence).toEqual({ text: 'FREQ=WEEKLY;BYDAY=MO,WE;UNTIL=20260301T000000Z' });
    expect(events[0].exceptionDates).toEqual([new Date('2026-01-07T18:00:00Z')]);
    expect(events[1].recurrenceId).toEqual(new Date('2026-01-12T18:00:00Z'));
  });

  it('gives an event without UID a stable synthetic one', () => {
    const text = calendar('BEGIN:VEVENT', 'DTSTART:20260601T180000Z', 'SUMMARY:No uid', 'END:VEVENT');
    const first = only(text);
    expect(first.uid).toMatch(/^[0-9a-f]{40}@ical\.invalid$/);
    expect(only(text).uid).toBe(first.uid);
  });

  it('reads only events (VALARMs and unknown properties ignored, VTODOs reported)', () => {
    const events = parseIcalEvents(
      calendar('BEGIN:VTODO', 'UID:t', 'END:VTODO', ...event('DTSTART:20260601T180000Z', 'X-UNKNOWN;FOO=bar:baz', 'BEGIN:VALARM', 'ACTION:DISPLAY', 'TRIGGER:-PT15M', 'END:VALARM')),
    );
    expect(events.map((e) => e.uid)).toEqual(['e1@test']);
  });

  it('skips a malformed GEO with a warning, and reads a SEQUENCE that is no number as 0 (as ical.js does)', () => {
    const [parsed] = parseIcal(calendar(...event('DTSTART:20260601T180000Z', 'GEO:north', 'SEQUENCE:x')));
    expect(parsed.events[0].location).toBeUndefined();
    expect(parsed.events[0].sequence).toBe(0);
    expect(parsed.warnings).toEqual([expect.stringMatching(/^line 8: GEO/)]);
  });

  it('reports what it cannot represent instead of failing or dropping it: other components, an invalid RRULE', () => {
    const [parsed] = parseIcal(
      calendar('BEGIN:VTODO', 'UID:t1', 'END:VTODO', 'BEGIN:VTODO', 'UID:t2', 'END:VTODO', 'BEGIN:VJOURNAL', 'UID:j', 'END:VJOURNAL', ...event('DTSTART:20260301T100000Z', 'SUMMARY:Odd', 'RRULE:FREQ=SOMETIMES')),
    );
    expect(parsed.events.map((e) => [e.title, e.recurrence])).toEqual([['Odd', undefined]]);
    expect(parsed.notices).toEqual([
      '2 VTODO component(s) (to-do) not imported: only events (VEVENT) are.',
      '1 VJOURNAL component(s) (journal entry) not imported: only events (VEVENT) are.',
      `"Odd" (e1@test): the rule "RRULE:FREQ=SOMETIMES" is not valid iCalendar; only the event's own date imported.`,
    ]);
  });
});

describe('parseIcal: malformed documents', () => {
  it.each([
    ['an empty document', '', 1, /empty/],
    ['no VCALENDAR', ics('BEGIN:VEVENT', 'END:VEVENT'), 1, /not an iCalendar document/],
    ['a component beside the VCALENDAR', ics('BEGIN:VCALENDAR', 'END:VCALENDAR', 'BEGIN:VEVENT', 'END:VEVENT'), 3, /BEGIN:VEVENT outside of a VCALENDAR/],
    ['not iCalendar at all', '<html>hello</html>', 1, /invalid line/],
    ['a missing END:VEVENT', ics('BEGIN:VCALENDAR', 'VERSION:2.0', 'BEGIN:VEVENT', 'UID:x', 'DTSTART:20260101T000000Z', 'END:VCALENDAR'), 6, /END:VCALENDAR found where END:VEVENT \(for BEGIN:VEVENT on line 3\)/],
    ['a missing END:VCALENDAR', ics('BEGIN:VCALENDAR', 'VERSION:2.0', 'BEGIN:VEVENT', 'UID:x', 'DTSTART:20260101T000000Z', 'END:VEVENT'), 1, /BEGIN:VCALENDAR is never closed/],
    ['an END without BEGIN', ics('BEGIN:VCALENDAR', 'END:VCALENDAR', 'END:VEVENT'), 3, /END:VEVENT without/],
    ['a month 13', calendar(...event('DTSTART:20261301T100000Z')), 7, /DTSTART has an invalid date "2026-13-01T10:00:00Z"/],
    ['February 30', calendar(...event('DTSTART;VALUE=DATE:20260230')), 7, /invalid date/],
    ['a dashed date', calendar(...event('DTSTART:2026-03-01T10:00:00')), 7, /invalid date/],
    ['hour 25', calendar(...event('DTSTART;TZID=Europe/Berlin:20260301T250000')), 7, /invalid date/],
    ['a bad DTEND', calendar(...event('DTSTART:20260301T100000Z', 'DTEND:tomorrow')), 8, /DTEND has an invalid date/],
    ['an end before the start', calendar(...event('DTSTART:20260301T100000Z', 'DTEND:20260301T090000Z')), 8, /ends before it starts/],
    ['a DATE start with a DATE-TIME end', calendar(...event('DTSTART;VALUE=DATE:20260301', 'DTEND:20260302T090000Z')), 8, /DTEND must be a DATE/],
    ['a bad DURATION', calendar(...event('DTSTART:20260301T100000Z', 'DURATION:1 hour')), 8, /invalid DURATION/],
    ['no DTSTART', calendar(...event('SUMMARY:x')), 4, /without DTSTART/],
    ['a VTIMEZONE without TZID', calendar('BEGIN:VTIMEZONE', 'BEGIN:STANDARD', 'END:STANDARD', 'END:VTIMEZONE'), 1, /without a TZID/],
  ])('refuses %s with ical_parse_error naming the line', (_label, text, line, message) => {
    const error = parseError(text);
    expect(error.code).toBe('ical_parse_error');
    expect(error.status).toBe(400);
    expect(error.data).toEqual({ line });
    expect(error.message).toMatch(new RegExp(`line ${line}:`));
    expect(error.message).toMatch(message);
  });

  it('reads any damaged document either into events or into a DomainError, never a crash', () => {
    const lines = calendar(
      'X-WR-TIMEZONE:Europe/Berlin',
      ...event('DTSTART;TZID=W. Europe Standard Time:20260105T190000', 'DTEND;TZID=Europe/Berlin:20260105T200000', 'RRULE:FREQ=MONTHLY;BYDAY=MO,TU;BYSETPOS=-1;COUNT=3', 'EXDATE:20260112T180000Z', 'RDATE;VALUE=PERIOD:20260110T100000Z/PT1H', 'SUMMARY:A\\, b', 'GEO:1;2'),
      ...event('RECURRENCE-ID;VALUE=DATE:20260105', 'DTSTART;VALUE=DATE:20260106', 'DURATION:P1D'),
    ).split('\r\n');
    expect(parseIcalEvents(lines.join('\r\n'), { expand: { horizon: new Date('2030-01-01T00:00:00Z') } }).map((e) => e.start.local)).toEqual(['2026-01-05 19:00:00', '2026-01-10 11:00:00', '2026-01-27 19:00:00', '2026-02-24 19:00:00', '2026-01-06 00:00:00']);
    const damage = fc.record({ line: fc.nat(lines.length - 1), at: fc.nat(40), text: fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom(':', ';', '=', '"', ',', '/', 'T', 'Z', '-', '\\', ' ', 'BEGIN:VEVENT', 'END:VEVENT', '99', 'TZID=', 'VALUE=DATE')) });
    fc.assert(
      fc.property(fc.array(damage, { minLength: 1, maxLength: 4 }), (damages) => {
        const copy = [...lines];
        for (const { line, at, text } of damages) copy[line] = copy[line].slice(0, at) + text + copy[line].slice(at + 1);
        try {
          parseIcal(copy.join('\r\n'), { expand: { horizon: new Date('2030-01-01T00:00:00Z') } });
        } catch (error) {
          if (!(error instanceof DomainError)) throw error;
        }
      }),
      { numRuns: 400 },
    );
  });

  it('survives garbage without crashing: every failure is a DomainError', () => {
    const samples = ['\u0000\u0001', 'BEGIN:', ':', ';;;:', 'BEGIN:VCALENDAR\r\n ', 'BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nDTSTART;VALUE=DATE:99999999\r\nEND:VEVENT\r\nEND:VCALENDAR'];
    for (const text of samples) expect(() => parseIcal(text)).toThrow(DomainError);
  });
});

describe('parseIcal: real-world shapes', () => {
  it('reads a Google Calendar export (UTC times, X-WR-TIMEZONE, folded description, all-day)', () => {
    const text = ics(
      'BEGIN:VCALENDAR',
      'PRODID:-//Google Inc//Google Calendar 70.9054//EN',
      'VERSION:2.0',
      'CALSCALE:GREGORIAN',
      'METHOD:PUBLISH',
      'X-WR-CALNAME:Community Events',
      'X-WR-TIMEZONE:America/New_York',
      'X-WR-CALDESC:Public events',
      'BEGIN:VTIMEZONE',
      'TZID:America/New_York',
      'X-LIC-LOCATION:America/New_York',
      'BEGIN:DAYLIGHT',
      'TZOFFSETFROM:-0500',
      'TZOFFSETTO:-0400',
      'TZNAME:EDT',
      'DTSTART:19700308T020000',
      'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU',
      'END:DAYLIGHT',
      'BEGIN:STANDARD',
      'TZOFFSETFROM:-0400',
      'TZOFFSETTO:-0500',
      'TZNAME:EST',
      'DTSTART:19701101T020000',
      'RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU',
      'END:STANDARD',
      'END:VTIMEZONE',
      'BEGIN:VEVENT',
      'DTSTART:20260418T140000Z',
      'DTEND:20260418T160000Z',
      'DTSTAMP:20260301T101010Z',
      'UID:7kukuqrfedlm2f9t0vr42q8qnk@google.com',
      'CREATED:20260220T093000Z',
      'DESCRIPTION:Bring gloves and bags. Details: https://example.org/cleanup?ref=cal',
      ' endar&utm=1\\nSee you there!',
      'LAST-MODIFIED:20260301T101000Z',
      'LOCATION:Riverside Park\\, W 96th St\\, New York\\, NY 10025\\, USA',
      'SEQUENCE:1',
      'STATUS:CONFIRMED',
      'SUMMARY:Park clean-up',
      'TRANSP:OPAQUE',
      'BEGIN:VALARM',
      'ACTION:DISPLAY',
      'TRIGGER:-P0DT0H30M0S',
      'END:VALARM',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'DTSTART;VALUE=DATE:20260704',
      'DTEND;VALUE=DATE:20260705',
      'DTSTAMP:20260301T101010Z',
      'UID:holiday-2026@google.com',
      'SUMMARY:Independence Day',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'DTSTART;TZID=America/New_York:20260106T183000',
      'DTEND;TZID=America/New_York:20260106T200000',
      'RRULE:FREQ=WEEKLY;WKST=SU;COUNT=10;BYDAY=TU',
      'DTSTAMP:20260301T101010Z',
      'UID:weekly-choir@google.com',
      'SUMMARY:Choir rehearsal',
      'END:VEVENT',
      'END:VCALENDAR',
    );
    const [cal] = parseIcal(text);
    expect(cal).toMatchObject({ name: 'Community Events', timezone: 'America/New_York', method: 'PUBLISH', warnings: [] });
    const [cleanup, holiday, choir] = cal.events;
    expect(cleanup).toMatchObject({
      uid: '7kukuqrfedlm2f9t0vr42q8qnk@google.com',
      title: 'Park clean-up',
      description: 'Bring gloves and bags. Details: https://example.org/cleanup?ref=calendar&utm=1\nSee you there!',
      start: { local: '2026-04-18 10:00:00', timezone: 'America/New_York', utc: new Date('2026-04-18T14:00:00Z') },
      end: { local: '2026-04-18 12:00:00', timezone: 'America/New_York' },
      location: { name: 'Riverside Park, W 96th St, New York, NY 10025, USA' },
      sequence: 1,
      status: 'CONFIRMED',
    });
    expect(holiday).toMatchObject({ allDay: true, start: { local: '2026-07-04 00:00:00', timezone: 'America/New_York' }, end: { local: '2026-07-04 23:59:59' } });
    expect(choir.recurrence).toEqual({ text: 'FREQ=WEEKLY;COUNT=10;BYDAY=TU;WKST=SU' });
    const expanded = parseIcalEvents(text, { expand: true }).filter((e) => e.uid.startsWith('weekly-choir@google.com'));
    expect(expanded).toHaveLength(10);
    expect(expanded[9].start.local).toBe('2026-03-10 18:30:00'); // after the DST change: still 18:30 local
    expect(expanded[9].start.utc).toEqual(new Date('2026-03-10T22:30:00Z'));
  });

  it('reads an Outlook export: Windows zone names, VTIMEZONEs with 1601 rules, HTML in X-ALT-DESC', () => {
    const text = ics(
      'BEGIN:VCALENDAR',
      'METHOD:PUBLISH',
      'PRODID:Microsoft Exchange Server 2010',
      'VERSION:2.0',
      'X-WR-CALNAME:Team',
      'BEGIN:VTIMEZONE',
      'TZID:W. Europe Standard Time',
      'BEGIN:STANDARD',
      'DTSTART:16010101T030000',
      'TZOFFSETFROM:+0200',
      'TZOFFSETTO:+0100',
      'RRULE:FREQ=YEARLY;INTERVAL=1;BYDAY=-1SU;BYMONTH=10',
      'END:STANDARD',
      'BEGIN:DAYLIGHT',
      'DTSTART:16010101T020000',
      'TZOFFSETFROM:+0100',
      'TZOFFSETTO:+0200',
      'RRULE:FREQ=YEARLY;INTERVAL=1;BYDAY=-1SU;BYMONTH=3',
      'END:DAYLIGHT',
      'END:VTIMEZONE',
      'BEGIN:VTIMEZONE',
      'TZID:Eastern Standard Time',
      'BEGIN:STANDARD',
      'DTSTART:16010101T020000',
      'TZOFFSETFROM:-0400',
      'TZOFFSETTO:-0500',
      'RRULE:FREQ=YEARLY;INTERVAL=1;BYDAY=1SU;BYMONTH=11',
      'END:STANDARD',
      'BEGIN:DAYLIGHT',
      'DTSTART:16010101T020000',
      'TZOFFSETFROM:-0500',
      'TZOFFSETTO:-0400',
      'RRULE:FREQ=YEARLY;INTERVAL=1;BYDAY=2SU;BYMONTH=3',
      'END:DAYLIGHT',
      'END:VTIMEZONE',
      'BEGIN:VTIMEZONE',
      'TZID:(UTC+01:00) Amsterdam\\, Berlin\\, Bern\\, Rome\\, Stockholm\\, Vienna',
      'BEGIN:STANDARD',
      'DTSTART:16010101T030000',
      'TZOFFSETFROM:+0200',
      'TZOFFSETTO:+0100',
      'RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10',
      'END:STANDARD',
      'BEGIN:DAYLIGHT',
      'DTSTART:16010101T020000',
      'TZOFFSETFROM:+0100',
      'TZOFFSETTO:+0200',
      'RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3',
      'END:DAYLIGHT',
      'END:VTIMEZONE',
      'BEGIN:VEVENT',
      'ORGANIZER;CN=Max Mustermann:mailto:max@example.com',
      'DESCRIPTION;LANGUAGE=de-DE:Agenda:\\n1. Zahlen\\n2. Planung',
      'UID:040000008200E00074C5B7101A82E00800000000A0B1@outlook',
      'SUMMARY;LANGUAGE=de-DE:Quartalsplanung',
      'DTSTART;TZID=W. Europe Standard Time:20260330T100000',
      'DTEND;TZID=W. Europe Standard Time:20260330T113000',
      'CLASS:PUBLIC',
      'PRIORITY:5',
      'DTSTAMP:20260301T080000Z',
      'TRANSP:OPAQUE',
      'STATUS:CONFIRMED',
      'SEQUENCE:0',
      'LOCATION;LANGUAGE=de-DE:Raum 4.01',
      'X-MICROSOFT-CDO-BUSYSTATUS:BUSY',
      'X-ALT-DESC;FMTTYPE=text/html:<html><body><p>Agenda:</p><ol><li>Zahlen</li><li>Planung</li></ol></body></html>',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:call@outlook',
      'SUMMARY:Call with New York',
      'DTSTART;TZID=Eastern Standard Time:20261030T090000',
      'DTEND;TZID=Eastern Standard Time:20261030T100000',
      'DTSTAMP:20260301T080000Z',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:display@outlook',
      'SUMMARY:Display-name zone',
      'DTSTART;TZID="(UTC+01:00) Amsterdam, Berlin, Bern, Rome, Stockholm, Vienna":20260715T090000',
      'DTSTAMP:20260301T080000Z',
      'END:VEVENT',
      'END:VCALENDAR',
    );
    const [cal] = parseIcal(text);
    expect(cal.warnings).toEqual([]);
    const [planning, call, display] = cal.events;
    expect(planning).toMatchObject({
      title: 'Quartalsplanung',
      description: '<html><body><p>Agenda:</p><ol><li>Zahlen</li><li>Planung</li></ol></body></html>',
      start: { local: '2026-03-30 10:00:00', timezone: 'Europe/Berlin', utc: new Date('2026-03-30T08:00:00Z') },
      end: { utc: new Date('2026-03-30T09:30:00Z') },
      organizers: [{ name: 'Max Mustermann', email: 'max@example.com' }],
      location: { name: 'Raum 4.01' },
    });
    // 30 October: Europe has left summer time, New York has not.
    expect(call.start).toEqual({ local: '2026-10-30 09:00:00', timezone: 'America/New_York', utc: new Date('2026-10-30T13:00:00Z') });
    // The display name is no zone name; its VTIMEZONE matches the first city it mentions.
    expect(display.start).toEqual({ local: '2026-07-15 09:00:00', timezone: 'Europe/Amsterdam', utc: new Date('2026-07-15T07:00:00Z') });
  });

  it('resolves TZIDs with a path prefix, and a custom VTIMEZONE that matches no IANA zone by its own rules', () => {
    const text = calendar(
      'X-WR-TIMEZONE:Europe/Berlin',
      'BEGIN:VTIMEZONE',
      'TZID:Custom/Nowhere',
      'BEGIN:STANDARD',
      'DTSTART:19700101T000000',
      'TZOFFSETFROM:+0317',
      'TZOFFSETTO:+0317',
      'END:STANDARD',
      'END:VTIMEZONE',
      ...event('DTSTART;TZID=/mozilla.org/20050126_1/America/New_York:20260115T090000'),
      'BEGIN:VEVENT',
      'UID:e2@test',
      'DTSTART;TZID=Custom/Nowhere:20260115T120000',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:e3@test',
      'DTSTART;TZID=Mars/Olympus_Mons:20260115T120000',
      'END:VEVENT',
    );
    const [cal] = parseIcal(text);
    const [mozilla, custom, unknown] = cal.events;
    expect(mozilla.start).toEqual({ local: '2026-01-15 09:00:00', timezone: 'America/New_York', utc: new Date('2026-01-15T14:00:00Z') });
    // 12:00 at +03:17 is 08:43Z, shown in the calendar's zone.
    expect(custom.start).toEqual({ local: '2026-01-15 09:43:00', timezone: 'Europe/Berlin', utc: new Date('2026-01-15T08:43:00Z') });
    expect(unknown.start).toEqual({ local: '2026-01-15 12:00:00', timezone: 'Europe/Berlin', utc: new Date('2026-01-15T11:00:00Z') });
    expect(cal.warnings).toEqual([expect.stringContaining('"Custom/Nowhere" matches no known zone'), expect.stringContaining('unknown time zone "Mars/Olympus_Mons"')]);
  });

  it('reads several VCALENDARs in one document', () => {
    const text = calendar('X-WR-CALNAME:A', ...event('DTSTART:20260101T100000Z')) + calendar('X-WR-CALNAME:B', ...event('DTSTART:20260102T100000Z'));
    expect(parseIcal(text).map((c) => [c.name, c.events.length])).toEqual([['A', 1], ['B', 1]]);
  });
});

import ICAL from 'ical.js';
import { parseIcal, parseIcalEvents } from '../../src/domain/events/ical';
import type { ExpandOptions } from '../../src/domain/events/ical';

const calendar = (...body: string[]) => ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Test//EN', 'X-WR-TIMEZONE:Europe/Berlin', ...body, 'END:VCALENDAR'].join('\r\n');
const series = (...props: string[]) => ['BEGIN:VEVENT', 'UID:s@test', ...props, 'END:VEVENT'];
const expand = (text: string, options: ExpandOptions = {}) => parseIcalEvents(text, { expand: options });
const starts = (text: string, options: ExpandOptions = {}) => expand(text, options).map((e) => e.start.local);
const FAR = { horizon: new Date('2100-01-01T00:00:00Z') };

describe('expanding recurring events (ical.js)', () => {
  it('DAILY with INTERVAL and COUNT', () => {
    expect(starts(calendar(...series('DTSTART:20260101T090000', 'RRULE:FREQ=DAILY;INTERVAL=2;COUNT=4')))).toEqual(['2026-01-01 09:00:00', '2026-01-03 09:00:00', '2026-01-05 09:00:00', '2026-01-07 09:00:00']);
  });

  it('WEEKLY with BYDAY and UNTIL keeps the wall time across the DST change', () => {
    const events = expand(calendar(...series('DTSTART;TZID=Europe/Berlin:20260323T190000', 'DTEND;TZID=Europe/Berlin:20260323T203000', 'RRULE:FREQ=WEEKLY;BYDAY=MO,TH;UNTIL=20260402T170000Z')));
    expect(events.map((e) => [e.start.local, e.start.utc.toISOString(), e.end.local])).toEqual([
      ['2026-03-23 19:00:00', '2026-03-23T18:00:00.000Z', '2026-03-23 20:30:00'],
      ['2026-03-26 19:00:00', '2026-03-26T18:00:00.000Z', '2026-03-26 20:30:00'],
      ['2026-03-30 19:00:00', '2026-03-30T17:00:00.000Z', '2026-03-30 20:30:00'],
      ['2026-04-02 19:00:00', '2026-04-02T17:00:00.000Z', '2026-04-02 20:30:00'], // UNTIL is inclusive
    ]);
    expect(events.map((e) => e.uid)).toEqual(['s@test#20260323T180000Z', 's@test#20260326T180000Z', 's@test#20260330T170000Z', 's@test#20260402T170000Z']);
    expect(events.every((e) => e.recurrence === undefined && e.recurrenceId !== undefined)).toBe(true);
  });

  it('MONTHLY on the last weekday of the month (BYSETPOS=-1), as Outlook and Google write it: six events', () => {
    expect(starts(calendar(...series('DTSTART;TZID=Europe/Berlin:20260130T170000', 'RRULE:FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1;COUNT=6')))).toEqual([
      '2026-01-30 17:00:00',
      '2026-02-27 17:00:00',
      '2026-03-31 17:00:00',
      '2026-04-30 17:00:00',
      '2026-05-29 17:00:00',
      '2026-06-30 17:00:00',
    ]);
  });

  it('MONTHLY on the last Friday, on the 31st skipping shorter months, and on the 15th and last day', () => {
    expect(starts(calendar(...series('DTSTART:20260130T180000', 'RRULE:FREQ=MONTHLY;BYDAY=-1FR;COUNT=4')))).toEqual(['2026-01-30 18:00:00', '2026-02-27 18:00:00', '2026-03-27 18:00:00', '2026-04-24 18:00:00']);
    expect(starts(calendar(...series('DTSTART:20260131T120000', 'RRULE:FREQ=MONTHLY;BYMONTHDAY=31;COUNT=3')))).toEqual(['2026-01-31 12:00:00', '2026-03-31 12:00:00', '2026-05-31 12:00:00']);
    expect(starts(calendar(...series('DTSTART:20260115T120000', 'RRULE:FREQ=MONTHLY;BYMONTHDAY=15,-1;COUNT=4')))).toEqual(['2026-01-15 12:00:00', '2026-01-31 12:00:00', '2026-02-15 12:00:00', '2026-02-28 12:00:00']);
  });

  it('YEARLY with BYWEEKNO, BYYEARDAY, and WKST changing which days a biweekly rule hits', () => {
    // Monday of ISO week 20.
    expect(starts(calendar(...series('DTSTART:20260511T100000', 'RRULE:FREQ=YEARLY;BYWEEKNO=20;BYDAY=MO;COUNT=3')))).toEqual(['2026-05-11 10:00:00', '2027-05-17 10:00:00', '2028-05-15 10:00:00']);
    // The 100th and the last day of the year.
    expect(starts(calendar(...series('DTSTART:20260410T080000', 'RRULE:FREQ=YEARLY;BYYEARDAY=100,-1;COUNT=3')))).toEqual(['2026-04-10 08:00:00', '2026-12-31 08:00:00', '2027-04-10 08:00:00']);
    // RFC 5545's own WKST example: the same rule gives different days with WKST=MO and WKST=SU.
    expect(starts(calendar(...series('DTSTART:19970805T090000', 'RRULE:FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=MO')))).toEqual(['1997-08-05 09:00:00', '1997-08-10 09:00:00', '1997-08-19 09:00:00', '1997-08-24 09:00:00']);
    expect(starts(calendar(...series('DTSTART:19970805T090000', 'RRULE:FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=SU')))).toEqual(['1997-08-05 09:00:00', '1997-08-17 09:00:00', '1997-08-19 09:00:00', '1997-08-31 09:00:00']);
  });

  it('YEARLY all-day series of three gives three, even when the last is more than two years away', () => {
    const events = expand(calendar(...series('DTSTART;VALUE=DATE:20261225', 'DTEND;VALUE=DATE:20261226', 'RRULE:FREQ=YEARLY;COUNT=3')), { horizon: new Date('2027-01-01T00:00:00Z') });
    expect(events.map((e) => [e.uid, e.start.local, e.end.local, e.allDay])).toEqual([
      ['s@test#20261225', '2026-12-25 00:00:00', '2026-12-25 23:59:59', true],
      ['s@test#20271225', '2027-12-25 00:00:00', '2027-12-25 23:59:59', true],
      ['s@test#20281225', '2028-12-25 00:00:00', '2028-12-25 23:59:59', true],
    ]);
    // On 29 February only in leap years.
    expect(starts(calendar(...series('DTSTART;VALUE=DATE:20240229', 'RRULE:FREQ=YEARLY;COUNT=2')))).toEqual(['2024-02-29 00:00:00', '2028-02-29 00:00:00']);
  });

  it('adds RDATEs, drops EXDATEs, puts RECURRENCE-ID overrides in place and removes cancelled ones', () => {
    const text = calendar(
      ...series('DTSTART;TZID=Europe/Berlin:20260105T190000', 'DTEND;TZID=Europe/Berlin:20260105T200000', 'SUMMARY:Course', 'RRULE:FREQ=WEEKLY;COUNT=5', 'EXDATE;TZID=Europe/Berlin:20260112T190000', 'RDATE;TZID=Europe/Berlin:20260110T100000'),
      ...series('RECURRENCE-ID;TZID=Europe/Berlin:20260119T190000', 'DTSTART;TZID=Europe/Berlin:20260120T200000', 'DTEND;TZID=Europe/Berlin:20260120T210000', 'SUMMARY:Course (moved)'),
      // An override given in UTC still names its occurrence (matched by instant).
      ...series('RECURRENCE-ID:20260126T180000Z', 'DTSTART;TZID=Europe/Berlin:20260126T190000', 'SUMMARY:Course (off)', 'STATUS:CANCELLED'),
    );
    const events = expand(text).filter((e) => e.status !== 'CANCELLED');
    expect(events.map((e) => [e.start.local, e.end.local, e.title])).toEqual([
      ['2026-01-05 19:00:00', '2026-01-05 20:00:00', 'Course'],
      ['2026-01-10 10:00:00', '2026-01-10 11:00:00', 'Course'],
      ['2026-01-20 20:00:00', '2026-01-20 21:00:00', 'Course (moved)'],
      ['2026-02-02 19:00:00', '2026-02-02 20:00:00', 'Course'],
    ]);
  });

  it('stops a series without end at the horizon and one with too many occurrences at the cap, saying what it left out', () => {
    const endless = calendar(...series('DTSTART:20260101T090000', 'SUMMARY:Standup', 'RRULE:FREQ=DAILY'));
    const [capped] = parseIcal(endless, { expand: { horizon: new Date('2026-01-05T12:00:00Z') } });
    expect(capped.events).toHaveLength(5);
    expect(capped.notices).toEqual(['"Standup" (s@test) repeats without end: 5 occurrence(s) imported, none after 2026-01-05 (the expansion horizon).']);
    const [long] = parseIcal(calendar(...series('DTSTART:20260101T090000', 'SUMMARY:Daily', 'RRULE:FREQ=DAILY;COUNT=700')), { expand: { ...FAR, maxOccurrences: 500 } });
    expect(long.events).toHaveLength(500);
    expect(long.notices).toEqual(['"Daily" (s@test) has more than 500 occurrences: 500 imported, 200 left out.']);
    expect(starts(calendar(...series('DTSTART:20260101T090000', 'RRULE:FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30')), FAR)).toEqual(['2026-01-01 09:00:00']);
  });

  it('leaves the rule on the event when not expanding', () => {
    const [event] = parseIcalEvents(calendar(...series('DTSTART:20260101T090000', 'RRULE:FREQ=DAILY;COUNT=3')));
    expect(event.recurrence).toEqual({ text: 'FREQ=DAILY;COUNT=3' });
  });
});

/**
 * Why rules run on `rrule` and not on ical.js's own iterator: ical.js 2.2.1 differs from RFC 5545 in
 * these two cases (the examples above give the RFC's answers). Should a later ical.js agree, this
 * test fails, and the iterator could be used again.
 */
describe('ical.js 2.2.1 iterator differences', () => {
  const icalJs = (dtstart: string, rule: string, n: number) => {
    const iterator = new ICAL.Event(new ICAL.Component(ICAL.parse(`BEGIN:VEVENT\r\nUID:x\r\nDTSTART:${dtstart}\r\nRRULE:${rule}\r\nEND:VEVENT\r\n`) as unknown[])).iterator();
    const out: string[] = [];
    for (let next = iterator.next(); next && out.length < n; next = iterator.next()) out.push(next.toString());
    return out;
  };

  it('gets BYWEEKNO wrong (RFC 5545: Monday of week 20 is 1997-05-12, 1998-05-11, 1999-05-17)', () => {
    expect(icalJs('19970512T090000', 'FREQ=YEARLY;BYWEEKNO=20;BYDAY=MO', 3)).toEqual(['1997-05-19T09:00:00', '1997-05-26T09:00:00', '1997-06-02T09:00:00']);
  });

  it('lets BYMONTHDAY=30 in February run into March (RFC 5545: no such day, no occurrence)', () => {
    expect(icalJs('20260101T090000', 'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30', 2)).toEqual(['2026-03-02T09:00:00', '2027-03-02T09:00:00']);
  });
});

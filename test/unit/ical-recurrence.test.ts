import { expandRecurrences, parseIcalEvents } from '../../src/domain/events/ical';

const calendar = (...body: string[]) => ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Test//EN', 'X-WR-TIMEZONE:Europe/Berlin', ...body, 'END:VCALENDAR'].join('\r\n');
const series = (...props: string[]) => ['BEGIN:VEVENT', 'UID:s@test', ...props, 'END:VEVENT'];
const expand = (text: string, options = {}) => expandRecurrences(parseIcalEvents(text), options);
const starts = (text: string, options = {}) => expand(text, options).map((e) => e.start.local);

describe('expandRecurrences', () => {
  it('DAILY with INTERVAL and COUNT', () => {
    expect(starts(calendar(...series('DTSTART:20260101T090000', 'RRULE:FREQ=DAILY;INTERVAL=2;COUNT=4')))).toEqual([
      '2026-01-01 09:00:00',
      '2026-01-03 09:00:00',
      '2026-01-05 09:00:00',
      '2026-01-07 09:00:00',
    ]);
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

  it('WEEKLY every other week', () => {
    expect(starts(calendar(...series('DTSTART:20260105T100000', 'RRULE:FREQ=WEEKLY;INTERVAL=2;COUNT=3')))).toEqual(['2026-01-05 10:00:00', '2026-01-19 10:00:00', '2026-02-02 10:00:00']);
  });

  it('MONTHLY on the last Friday, and on the 31st skipping shorter months', () => {
    expect(starts(calendar(...series('DTSTART:20260130T180000', 'RRULE:FREQ=MONTHLY;BYDAY=-1FR;COUNT=4')))).toEqual([
      '2026-01-30 18:00:00',
      '2026-02-27 18:00:00',
      '2026-03-27 18:00:00',
      '2026-04-24 18:00:00',
    ]);
    expect(starts(calendar(...series('DTSTART:20260131T120000', 'RRULE:FREQ=MONTHLY;COUNT=3')))).toEqual(['2026-01-31 12:00:00', '2026-03-31 12:00:00', '2026-05-31 12:00:00']);
    expect(starts(calendar(...series('DTSTART:20260115T120000', 'RRULE:FREQ=MONTHLY;BYMONTHDAY=15,-1;COUNT=4')))).toEqual([
      '2026-01-15 12:00:00',
      '2026-01-31 12:00:00',
      '2026-02-15 12:00:00',
      '2026-02-28 12:00:00',
    ]);
  });

  it('YEARLY on the second Sunday of March, and on 29 February', () => {
    expect(starts(calendar(...series('DTSTART:20260308T100000', 'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU;COUNT=3')))).toEqual(['2026-03-08 10:00:00', '2027-03-14 10:00:00', '2028-03-12 10:00:00']);
    // A 29 February birthday only happens in leap years.
    expect(starts(calendar(...series('DTSTART;VALUE=DATE:20240229', 'RRULE:FREQ=YEARLY;COUNT=2')))).toEqual(['2024-02-29 00:00:00', '2028-02-29 00:00:00']);
  });

  it('expands all-day events day-wise with their length', () => {
    const events = expand(calendar(...series('DTSTART;VALUE=DATE:20260704', 'DTEND;VALUE=DATE:20260706', 'RRULE:FREQ=YEARLY;COUNT=2')));
    expect(events.map((e) => [e.uid, e.start.local, e.end.local, e.allDay])).toEqual([
      ['s@test#20260704', '2026-07-04 00:00:00', '2026-07-05 23:59:59', true],
      ['s@test#20270704', '2027-07-04 00:00:00', '2027-07-05 23:59:59', true],
    ]);
  });

  it('drops EXDATEs and puts RECURRENCE-ID overrides in place of their occurrence', () => {
    const text = calendar(
      ...series('DTSTART;TZID=Europe/Berlin:20260105T190000', 'SUMMARY:Course', 'RRULE:FREQ=WEEKLY;COUNT=4', 'EXDATE;TZID=Europe/Berlin:20260112T190000'),
      ...series('RECURRENCE-ID;TZID=Europe/Berlin:20260119T190000', 'DTSTART;TZID=Europe/Berlin:20260120T200000', 'SUMMARY:Course (moved)'),
    );
    expect(expand(text).map((e) => [e.start.local, e.title])).toEqual([
      ['2026-01-05 19:00:00', 'Course'],
      ['2026-01-20 20:00:00', 'Course (moved)'],
      ['2026-01-26 19:00:00', 'Course'],
    ]);
  });

  it('caps endless rules by maxOccurrences and horizon, and rules that never match', () => {
    const endless = calendar(...series('DTSTART:20260101T090000', 'RRULE:FREQ=DAILY'));
    expect(starts(endless)).toHaveLength(500);
    expect(starts(endless, { maxOccurrences: 3 })).toHaveLength(3);
    expect(starts(endless, { horizon: new Date('2026-01-05T12:00:00Z') })).toHaveLength(5);
    expect(starts(calendar(...series('DTSTART:20260101T090000', 'RRULE:FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30')))).toEqual(['2026-01-01 09:00:00']);
  });

  it('leaves rules it does not understand unexpanded', () => {
    const events = expand(calendar(...series('DTSTART:20260101T090000', 'RRULE:FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1')));
    expect(events).toHaveLength(1);
    expect(events[0].recurrence?.text).toBe('FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1');
  });

  it('is available while parsing', () => {
    expect(parseIcalEvents(calendar(...series('DTSTART:20260101T090000', 'RRULE:FREQ=DAILY;COUNT=3')), { expand: true })).toHaveLength(3);
  });
});

/**
 * The calendar's pure helpers: time strings as strtotime reads them, zones and abbreviations,
 * whole-day snapping, date details, and costs.
 */
import { beginningOfDay, dateDetails, endOfDay, formatIn, isValidEventTimezone, parseTimeString, siteTimezoneName, timezoneAbbr, zoneNamed } from '../../src/domain/events/dates';
import { costValues, formatCost, parseCost } from '../../src/domain/events/cost';

const UTC = { timezone_string: '', gmt_offset: 0 };
const PARIS = { timezone_string: 'Europe/Paris', gmt_offset: 0 };
const NOW = new Date('2027-03-10T15:30:00Z');

describe('events: time strings', () => {
  const read = (text: unknown, zone = UTC) => {
    const instant = parseTimeString(text, zone, NOW);
    return instant ? formatIn(instant, zone) : null;
  };

  it('reads absolute dates, times and offsets', () => {
    expect(read('2027-03-01')).toBe('2027-03-01 00:00:00');
    expect(read('2027-03-01 18:05')).toBe('2027-03-01 18:05:00');
    expect(read('2027-03-01T18:05:07+02:00')).toBe('2027-03-01 16:05:07');
    expect(read('2027-07-01 20:00', PARIS)).toBe('2027-07-01 20:00:00');
    expect(formatIn(parseTimeString('2027-07-01 20:00', PARIS) as Date, UTC)).toBe('2027-07-01 18:00:00');
    expect(read(1735689600)).toBe('2025-01-01 00:00:00');
    expect(read('@1735689600')).toBe('2025-01-01 00:00:00');
  });

  it('reads relative words and offsets', () => {
    expect(read('now')).toBe('2027-03-10 15:30:00');
    expect(read('today')).toBe('2027-03-10 00:00:00');
    expect(read('yesterday 23:59')).toBe('2027-03-09 23:59:00');
    expect(read('tomorrow noon')).toBe('2027-03-11 12:00:00');
    expect(read('+10 days')).toBe('2027-03-20 15:30:00');
    expect(read('+24 months')).toBe('2029-03-10 15:30:00');
    expect(read('2 weeks ago')).toBe('2027-02-24 15:30:00');
    expect(read('2027-01-31 +1 month')).toBe('2027-03-03 00:00:00');
    expect(read('6pm')).toBe('2027-03-10 18:00:00');
  });

  it('refuses what it cannot read', () => {
    for (const bad of ['', 'soonish', '2027-13-01', '2027-02-01 25:00', '+3 parsecs', null, {}, ['x']]) expect(read(bad)).toBeNull();
  });

  it('snaps to whole days in site time', () => {
    const instant = new Date('2027-03-01T23:30:00Z');
    expect(beginningOfDay(instant, PARIS)).toBe('2027-03-02 00:00:00');
    expect(endOfDay(instant, UTC)).toBe('2027-03-01 23:59:59');
  });
});

describe('events: zones', () => {
  it('names the site zone as The Events Calendar does', () => {
    expect(siteTimezoneName(UTC)).toBe('UTC+0');
    expect(siteTimezoneName({ timezone_string: '', gmt_offset: 5.5 })).toBe('UTC+5.5');
    expect(siteTimezoneName({ timezone_string: '', gmt_offset: -3 })).toBe('UTC-3');
    expect(siteTimezoneName(PARIS)).toBe('Europe/Paris');
  });

  it('accepts IANA zones and UTC offsets, with abbreviations', () => {
    expect(isValidEventTimezone('America/New_York')).toBe(true);
    expect(isValidEventTimezone('UTC-5.5')).toBe(true);
    expect(isValidEventTimezone('Mars/Olympus')).toBe(false);
    expect(zoneNamed('UTC-5.5', PARIS)).toEqual({ timezone_string: '', gmt_offset: -5.5 });
    expect(zoneNamed('', PARIS)).toBe(PARIS);
    expect(timezoneAbbr('Europe/Paris', new Date('2027-01-10T12:00:00Z'))).toBe('CET');
    expect(timezoneAbbr('Europe/Paris', new Date('2027-07-10T12:00:00Z'))).toBe('CEST');
    expect(timezoneAbbr('America/New_York', new Date('2027-01-10T12:00:00Z'))).toBe('EST');
    expect(timezoneAbbr('UTC+2', new Date())).toBe('UTC+2');
    expect(timezoneAbbr('Asia/Tokyo', new Date('2027-01-10T12:00:00Z'))).toMatch(/^(JST|\+09)$/);
  });

  it('prints date details as zero-padded strings', () => {
    expect(dateDetails('2027-03-01 08:05:00')).toEqual({ year: '2027', month: '03', day: '01', hour: '08', minutes: '05', seconds: '00' });
  });
});

describe('events: costs', () => {
  it('parses the currency symbol and its position', () => {
    expect(parseCost('$10')).toEqual({ cost: '10', symbol: '$', position: 'prefix' });
    expect(parseCost('10 €')).toEqual({ cost: '10', symbol: '€', position: 'postfix' });
    expect(parseCost('Free entry')).toEqual({ cost: 'Free entry', symbol: '', position: '' });
  });

  it('formats and lists the values', () => {
    expect(formatCost('10', '$', 'prefix')).toBe('$10');
    expect(formatCost('10', '€', 'postfix')).toBe('10€');
    expect(formatCost('0', '', '')).toBe('Free');
    expect(formatCost('20 - 10', '$', 'prefix')).toBe('$10 – $20');
    expect(formatCost('', '$', 'prefix')).toBe('');
    expect(costValues('20 - 10,50')).toEqual(['10.50', '20']);
  });
});

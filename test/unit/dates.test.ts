import fc from 'fast-check';
import { formatGmt, formatSiteTime, parseGmtDate, parseSiteDate, utcWallClock } from '../../src/domain/content/dates';
import { isoDate } from '../../src/domain/seo/head-build';

const utc = { timezone_string: '', gmt_offset: 0 };
const paris = { timezone_string: 'Europe/Paris', gmt_offset: 0 };
const plusFiveThirty = { timezone_string: '', gmt_offset: 5.5 };

describe('site dates', () => {
  it('prints WordPress REST dates without offset or fraction', () => {
    expect(formatGmt(new Date('2026-11-22T03:20:02.789Z'))).toBe('2026-11-22T03:20:02');
  });

  it('converts an input with an offset to site time (checklist 25)', () => {
    const instant = parseSiteDate('2010-01-01T02:00:00-10:00', utc)!;
    expect(formatSiteTime(instant, utc)).toBe('2010-01-01T12:00:00');
    expect(formatGmt(instant)).toBe('2010-01-01T12:00:00');
  });

  it('takes text without an offset as site time, with daylight saving', () => {
    const winter = parseSiteDate('2026-01-15 12:00:00', paris)!;
    expect(formatGmt(winter)).toBe('2026-01-15T11:00:00');
    const summer = parseSiteDate('2026-07-15T12:00:00', paris)!;
    expect(formatGmt(summer)).toBe('2026-07-15T10:00:00');
    expect(formatSiteTime(summer, paris)).toBe('2026-07-15T12:00:00');
  });

  it('uses a fixed gmt_offset when there is no time zone name', () => {
    const instant = parseSiteDate('2026-01-01T00:00:00', plusFiveThirty)!;
    expect(formatGmt(instant)).toBe('2025-12-31T18:30:00');
  });

  it('takes *_gmt input as UTC whatever offset it carries', () => {
    expect(formatGmt(parseGmtDate('2026-01-01T10:00:00+05:00')!)).toBe('2026-01-01T10:00:00');
  });

  it('refuses dates WordPress refuses', () => {
    expect(parseSiteDate('2016-06-30', utc)).toBeNull();
    expect(parseSiteDate('2016-13-01T00:00:00', utc)).toBeNull();
    expect(parseSiteDate('yesterday', utc)).toBeNull();
  });
});

describe('early years', () => {
  it('keeps years below 100 as written', () => {
    expect(formatGmt(parseGmtDate('0001-01-01T00:00:00')!)).toBe('0001-01-01T00:00:00');
  });
});

describe('utcWallClock (dates printed without a Date)', () => {
  it('prints what toISOString() prints, for every instant of years 0–9999', () => {
    const first = new Date('0000-01-01T00:00:00.000Z').getTime();
    const last = new Date('9999-12-31T23:59:59.999Z').getTime();
    fc.assert(
      fc.property(fc.integer({ min: first, max: last }), (ms) => {
        expect(utcWallClock(ms)).toBe(new Date(ms).toISOString().slice(0, 19));
      }),
      { numRuns: 20_000 },
    );
    for (const text of ['0000-01-01T00:00:00.000Z', '0000-02-29T23:59:59.999Z', '1969-12-31T23:59:59.999Z', '1970-01-01T00:00:00.000Z', '2000-02-29T12:00:00.000Z', '2100-03-01T00:00:00.000Z', '9999-12-31T23:59:59.999Z']) {
      expect(utcWallClock(new Date(text).getTime())).toBe(text.slice(0, 19));
    }
  });

  it('leaves other years and invalid dates to the slow path, which prints them as before', () => {
    expect(utcWallClock(new Date('-000001-12-31T23:59:59Z').getTime())).toBeNull();
    expect(utcWallClock(new Date('+010000-01-01T00:00:00Z').getTime())).toBeNull();
    expect(utcWallClock(Number.NaN)).toBeNull();
    expect(formatGmt(new Date('+010000-01-01T00:00:00Z'))).toBe('10000-01-01T00:00:00');
    expect(isoDate(new Date('+010000-01-01T00:00:00Z'))).toBe('+010000-01-01T00:00:00+00:00');
    expect(isoDate(new Date('2026-11-27T09:05:01.250Z'))).toBe('2026-11-27T09:05:01+00:00');
  });
});

import { formatGmt, formatSiteTime, parseGmtDate, parseSiteDate } from '../../src/domain/content/dates';

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

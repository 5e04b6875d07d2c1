/**
 * The redirect sanitiser's pure parts: sources, codes, flags and action_data per match type.
 */
import { saveActionData, shownActionData } from '../../src/domain/redirects/action-data';
import { re2Error } from '../../src/domain/redirects/regex-check';
import { actionCodeFor, intval, sanitizeSourceUrl } from '../../src/domain/redirects/sanitize';
import { flagsWithoutDefaults, readSourceFlags, shownMatchData } from '../../src/domain/redirects/source-flags';
import type { SourceFlags } from '../../src/domain/redirects/types';

const DEFAULTS: SourceFlags = { flag_query: 'exact', flag_case: true, flag_trailing: true, flag_regex: false };

describe('redirect sources', () => {
  it.each([
    ['https://example.test/a/b', '/a/b'],
    ['http://anything', '/'],
    ['path', '/path'],
    ['/line\nbreak', '/line'],
    ['/bell\u0007x', '/bellx'],
    ['/a&amp;b', '/a&b'],
    ['/<b>tag</b>s', '/tags'],
    ['/caf%C3%A9', '/café'],
    ['/bad%FF', '/bad'],
  ])('%j -> %j', (input, expected) => {
    expect(sanitizeSourceUrl(input, false)).toBe(expected);
  });

  it('keeps a regular expression as written (no leading slash, named groups intact)', () => {
    expect(sanitizeSourceUrl('^old/(?P<slug>[a-z]+)$', true)).toBe('^old/(?P<slug>[a-z]+)$');
  });

  it('knows what RE2 refuses', () => {
    expect(re2Error('^/(.*)$')).toBeNull();
    expect(re2Error('(a)\\1')).toMatch(/escape/);
    expect(re2Error('(?=x)')).toMatch(/perl operator/);
    // PCRE's \Z reads as the end (as the matching engine translates it).
    expect(re2Error('^/old\\Z')).toBeNull();
  });
});

describe('codes and numbers', () => {
  it('fits codes to actions', () => {
    expect([actionCodeFor('url', 307), actionCodeFor('url', 404), actionCodeFor('random', 0)]).toEqual([307, 301, 301]);
    expect([actionCodeFor('error', 451), actionCodeFor('error', 301)]).toEqual([451, 404]);
    expect([actionCodeFor('nothing', 301), actionCodeFor('pass', 301)]).toEqual([0, 0]);
  });

  it('reads numbers as PHP intval does, within Int', () => {
    expect([intval('12abc'), intval(' -3'), intval('x'), intval(true), intval(1e30), intval(null), intval([1])]).toEqual([12, -3, 0, 1, 2147483647, 0, 0]);
  });
});

describe('source flags', () => {
  it('takes known values, falls back to the defaults, forces exact query for regular expressions', () => {
    expect(readSourceFlags({ flag_query: 'pass', flag_case: 'yes' }, DEFAULTS)).toEqual({ ...DEFAULTS, flag_query: 'pass' });
    expect(readSourceFlags({ flag_query: 'pass', flag_regex: true }, DEFAULTS)).toEqual({ ...DEFAULTS, flag_regex: true });
    expect(flagsWithoutDefaults({ ...DEFAULTS, flag_case: false }, DEFAULTS)).toEqual({ flag_case: false });
    expect(shownMatchData({ matchData: { source: { flag_trailing: false }, options: { log_exclude: true } }, regex: false }, DEFAULTS)).toEqual({
      source: { flag_query: 'exact', flag_case: true, flag_trailing: false, flag_regex: false },
      options: { log_exclude: true },
    });
  });
});

describe('action_data per match type', () => {
  it('keeps targets only for actions that go somewhere', () => {
    expect(saveActionData('url', { url: '' }, true, 'http')).toEqual({ url: '/' });
    expect(saveActionData('url', { url: '/x' }, false, 'http')).toBeNull();
    expect(saveActionData('referrer', { referrer: 'r', regex: 1, url_from: '/f' }, false, 'http')).toEqual({ regex: true, referrer: 'r' });
    expect(shownActionData('referrer', { regex: true, referrer: 'r' })).toEqual({ regex: true, referrer: 'r', url_from: '', url_notfrom: '' });
    expect(saveActionData('page', { page: 'whatever', url: '/p' }, true, 'http')).toEqual({ page: '404', url: '/p' });
    expect(saveActionData('server', { server: 'Example.org:8080/x', url_from: '/s' }, true, 'https')).toEqual({ server: 'https://example.org', url_from: '/s', url_notfrom: '' });
    expect(saveActionData('cookie', { name: 'a b;c', value: 'v' }, true, 'http')).toEqual({ regex: false, name: 'abc', value: 'v', url_from: '', url_notfrom: '' });
    expect(shownActionData('url', null)).toBeNull();
    expect(shownActionData('login', null)).toEqual({ logged_in: '', logged_out: '' });
  });

  it('refuses regular expressions RE2 cannot run in conditions', () => {
    expect(() => saveActionData('header', { name: 'X', value: '(?<!a)b', regex: true }, true, 'http')).toThrow(/RE2/);
    expect(() => saveActionData('header', { name: 'X', value: '(?<!a)b', regex: false }, true, 'http')).not.toThrow();
  });
});

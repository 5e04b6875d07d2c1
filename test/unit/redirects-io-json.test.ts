import { exportRedirects, parseImport } from '../../src/domain/redirects/io';
import { formatWordPressDate, redirectJson } from '../../src/domain/redirects/record-json';
import type { RedirectGroupRecord } from '../../src/domain/redirects/types';
import { DEFAULTS, NOW, record } from './redirects-io-helpers';

const GROUPS: RedirectGroupRecord[] = [
  { id: 1, name: 'Redirections', moduleId: 1, enabled: true, position: 0, redirects: 1 },
  { id: 7, name: 'Apache rules', moduleId: 2, enabled: false, position: 1, redirects: 0 },
];

describe('redirectJson (the REST record, §3.3)', () => {
  it('matches the plugin\'s record for the sample redirect: flags with defaults filled in, "" title, "-" last access', () => {
    const r = record({ id: 405, url: '/sample-old-path', matchUrl: '/sample-old-path', actionCode: 302, actionData: { url: '/sample-newer-path' }, title: 'Sample redirect' });
    expect(JSON.stringify(redirectJson(r, DEFAULTS))).toBe(JSON.stringify({
      id: 405, url: '/sample-old-path', match_url: '/sample-old-path',
      match_data: { source: { flag_query: 'exact', flag_case: true, flag_trailing: true, flag_regex: false } },
      action_code: 302, action_type: 'url', action_data: { url: '/sample-newer-path' }, match_type: 'url',
      title: 'Sample redirect', hits: 0, regex: false, group_id: 1, position: 0, last_access: '-', enabled: true,
    }));
  });

  it('lays stored flags over the defaults, shows log_exclude only when set, and formats last access', () => {
    const r = record({ regex: false, matchData: { source: { flag_case: false, flag_query: 'pass' }, options: { log_exclude: true } }, lastAccess: new Date('2026-03-04T23:59:00Z'), title: null });
    const json = redirectJson(r, DEFAULTS);
    expect(json.match_data).toEqual({ source: { flag_query: 'pass', flag_case: false, flag_trailing: true, flag_regex: false }, options: { log_exclude: true } });
    // A regular expression matches its query exactly whatever was stored (Red_Source_Flags).
    expect(redirectJson({ ...r, regex: true }, DEFAULTS).match_data?.source.flag_query).toBe('exact');
    expect([json.title, json.last_access]).toEqual(['', 'March 4, 2026']);
    expect(redirectJson(r, DEFAULTS, (d) => d.toISOString()).last_access).toBe('2026-03-04T23:59:00.000Z');
    expect(formatWordPressDate(new Date('2026-11-22T03:20:04Z'))).toBe('November 22, 2026');
  });
});

describe('JSON export', () => {
  it('pretty-prints as PHP: four spaces, slashes unescaped, non-ASCII as \\u escapes, a trailing newline', () => {
    const text = exportRedirects('json', { groups: GROUPS, redirects: [record({ id: 3, url: '/café', actionData: { url: '/x' } })], defaults: DEFAULTS, now: NOW });
    expect(text.startsWith('{\n    "plugin": {\n        "version": "5.4.2",\n        "date": "Sun, 22 Nov 2026 03:20:04 +0000"\n    },\n    "groups": [\n')).toBe(true);
    expect(text).toContain('"url": "/caf\\u00e9"');
    expect(text.endsWith('}\n')).toBe(true);
    expect(JSON.parse(text).groups).toEqual([
      { id: 1, name: 'Redirections', redirects: 1, module_id: 1, moduleName: 'WordPress', enabled: true },
      { id: 7, name: 'Apache rules', redirects: 0, module_id: 2, moduleName: 'Apache', enabled: false },
    ]);
  });
});

describe('JSON import', () => {
  const parse = (text: string) => parseImport('backup.json', text);

  it('returns groups with their file ids and redirects pointing at them, without ids or match_url', () => {
    const parsed = parse(JSON.stringify({
      groups: [{ id: 9, name: 'Old', module_id: 1, enabled: 1 }, { name: 'no id' }],
      redirects: [{ id: 5, url: '/a', match_url: '/a', group_id: 9, match_type: 'url', action_type: 'url', action_code: 301, action_data: '/b', extra: 1 }, 'junk'],
    }));
    expect(parsed.groups).toEqual([{ id: 9, name: 'Old', moduleId: 1, enabled: true }]);
    expect(parsed.redirects).toEqual([{ url: '/a', group_id: 9, match_type: 'url', action_type: 'url', action_code: 301, action_data: { url: '/b' } }]);
    expect(parsed.skipped).toBe(2);
  });

  it('imports nothing from a file that is not JSON (the plugin imports nothing either)', () => {
    expect(parse('{ not json')).toEqual({ groups: [], redirects: [], skipped: 1, format: 'json' });
    expect(parse('[1,2]')).toMatchObject({ redirects: [], skipped: 1 });
  });

  it('keeps client keys off object prototypes', () => {
    const parsed = parse('{"redirects":[{"url":"/a","__proto__":{"polluted":true},"action_data":{"__proto__":{"x":1}}}]}');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.keys(parsed.redirects[0] ?? {})).toEqual(['url', 'action_data']);
    expect(Object.getPrototypeOf(parsed.redirects[0])).toBe(Object.prototype);
  });
});

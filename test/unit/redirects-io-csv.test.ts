import { exportRedirects, parseImport } from '../../src/domain/redirects/io';
import type { RedirectRecord } from '../../src/domain/redirects/types';
import { DEFAULTS, NOW, record } from './redirects-io-helpers';

const csv = (redirects: RedirectRecord[]): string => exportRedirects('csv', { groups: [], redirects, defaults: DEFAULTS, now: NOW });

describe('CSV export', () => {
  it('writes the plugin\'s header and one line per redirect, non-numeric cells quoted with "" doubled', () => {
    expect(csv([
      record({ url: '/a', actionData: { url: '/b' }, title: 'Say "hi", world', hits: 12 }),
      record({ url: '/old/(.*)', regex: true, actionCode: 302, actionData: { url: '/new/$1' }, title: '2026', enabled: false }),
    ])).toBe([
      'source,target,regex,code,type,hits,title,status',
      '"/a","/b",0,301,"url",12,"Say ""hi"", world","active"',
      '"/old/(.*)","/new/$1",1,302,"url",0,2026,"disabled"',
      '',
    ].join('\n'));
  });

  it('leaves the target blank for errors and writes /unknown for a match with no target url, as the plugin', () => {
    expect(csv([
      record({ url: '/gone', actionType: 'error', actionCode: 410, actionData: { url: '/ignored' } }),
      record({ url: '/bot', matchType: 'agent', actionData: { agent: 'x', regex: false, url_from: '/y', url_notfrom: '' } }),
    ]).split('\n').slice(1, 3)).toEqual(['"/gone","",0,410,"error",0,"","active"', '"/bot","/unknown",0,301,"url",0,"","active"']);
  });
});

describe('CSV import', () => {
  const parse = (text: string) => parseImport('redirects.csv', text);

  it('reads the plugin\'s four columns (source, target, regex, code) and guesses regex and action as it does', () => {
    const parsed = parse('/a,/b,0,302\n/c(.*),/d$1\n/e,,0,410\n/f,/g,0,999\n');
    expect(parsed.redirects).toEqual([
      { url: '/a', regex: false, match_type: 'url', action_type: 'url', action_code: 302, action_data: { url: '/b' } },
      { url: '/c(.*)', regex: true, match_type: 'url', action_type: 'url', action_code: 301, action_data: { url: '/d$1' } },
      { url: '/e', regex: false, match_type: 'url', action_type: 'error', action_code: 410 },
      { url: '/f', regex: false, match_type: 'url', action_type: 'url', action_code: 301, action_data: { url: '/g' } },
    ]);
  });

  it('tries , then ; then |, skips the header, and counts rows with no source or pointing at themselves', () => {
    for (const sep of [',', ';', '|']) {
      const parsed = parseImport('list.txt', ['source', 'target', 'regex', 'code'].join(sep) + '\n' +
        ['/x', '/y', '0', '301'].join(sep) + '\n' + ['', '/z', '0', '301'].join(sep) + '\n' + ['/same', '/same', '0', '301'].join(sep) + '\n');
      expect({ sep, urls: parsed.redirects.map((r) => r.url), skipped: parsed.skipped }).toEqual({ sep, urls: ['/x'], skipped: 2 });
    }
  });

  it('trims source and target, reads quoted line breaks, CRLF and a byte-order mark', () => {
    const parsed = parse('\uFEFFsource,target,regex,code,type,hits,title,status\r\n" /a ", /b ,0,301,url,3,"two\r\nlines",disabled\r\n');
    expect(parsed.redirects).toEqual([
      { url: '/a', regex: false, match_type: 'url', action_type: 'url', action_code: 301, action_data: { url: '/b' }, hits: 3, title: 'two\r\nlines', enabled: false },
    ]);
  });

  it('reads the type column (our addition) so pass-through and errors of any code come back', () => {
    const parsed = parse('"/p","/index.php",0,0,"pass",0,"",active\n"/e","",0,503,"error",0,"",active\n');
    expect(parsed.redirects.map((r) => [r.action_type, r.action_code])).toEqual([['pass', 0], ['error', 503]]);
  });
});

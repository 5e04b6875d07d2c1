import { exportRedirects, parseImport } from '../../src/domain/redirects/io';
import type { RedirectRecord } from '../../src/domain/redirects/types';
import { DEFAULTS, NOW, record } from './redirects-io-helpers';

const nginx = (redirects: RedirectRecord[]): string => exportRedirects('nginx', { groups: [], redirects, defaults: DEFAULTS, now: NOW });
const body = (redirects: RedirectRecord[]): string => {
  const text = nginx(redirects);
  return text.slice(text.indexOf('server {\n') + 9, text.indexOf('\n}\n'));
};
const flat = { matchData: { source: { flag_case: false, flag_trailing: false } } };

describe('Nginx export', () => {
  it('frames the rules as the plugin: header comments, a server block, the end comment', () => {
    expect(nginx([record({ ...flat, url: '/a', actionData: { url: '/b' } })])).toBe(
      '# Created by Redirection\n# Sun, 22 Nov 2026 03:20:04 +0000\n# Redirection 5.4.2 - https://redirection.me\n\n' +
      'server {\n    rewrite ^/a$ /b permanent;\n}\n\n# End of Redirection\n',
    );
    expect(nginx([])).toContain('server {\n}\n');
  });

  it('writes 301 as permanent, 302 as redirect, (?i) for case-insensitive sources and /? for an ignored trailing slash', () => {
    expect(body([
      record({ ...flat, url: '/a', actionCode: 302, actionData: { url: '/b' } }),
      record({ url: '/Mixed.Case', actionData: { url: '/c' } }),
      record({ ...flat, url: '^/blog/(\\d+)$', regex: true, actionData: { url: '/posts/$1' } }),
    ])).toBe([
      '    rewrite ^/a$ /b redirect;',
      '    rewrite (?i)^/Mixed\\.Case/?$ /c permanent;',
      '    rewrite ^/blog/(\\d+)$ /posts/$1 permanent;',
    ].join('\n'));
  });

  it('writes other codes and errors as a return behind a path test, pass-through as last, a passed query as $is_args$args', () => {
    expect(body([
      record({ ...flat, url: '/t', actionCode: 307, actionData: { url: '/u' } }),
      record({ ...flat, url: '/g', actionType: 'error', actionCode: 410, actionData: null }),
      record({ ...flat, url: '/p', actionType: 'pass', actionCode: 0, actionData: { url: '/index.php' } }),
      record({ url: '/q', matchData: { source: { flag_query: 'pass', flag_case: false, flag_trailing: false } }, actionData: { url: '/r' } }),
    ])).toBe([
      '    if ( $uri ~ ^/t$ ) {\n        return 307 /u;\n    }',
      '    if ( $uri ~ ^/g$ ) {\n        return 410;\n    }',
      '    rewrite ^/p$ /index.php last;',
      '    rewrite ^/q$ /r$is_args$args? permanent;',
    ].join('\n'));
    expect(body([record({ url: '/q', matchData: { source: { flag_query: 'pass', flag_case: false, flag_trailing: false } }, actionData: { url: '/r?x=1' } })]))
      .toBe('    rewrite ^/q$ /r?x=1&$args? permanent;');
  });

  it('tests a literal source with a query string against $request_uri (rewrite never sees the query)', () => {
    expect(body([
      record({ ...flat, url: '/search?q=a.b&x', actionData: { url: '/find' } }),
      record({ url: '/p?x=1', actionType: 'pass', actionCode: 0, actionData: { url: '/index.php' } }),
    ])).toBe([
      '    if ( $request_uri ~ ^/search\\?q=a\\.b&x$ ) {\n        return 301 /find;\n    }',
      '    if ( $request_uri ~ (?i)^/p/?\\?x=1$ ) {\n        rewrite ^ /index.php last;\n    }',
    ].join('\n'));
    expect(parseImport('x.nginx', nginx([record({ ...flat, url: '/search?q=a.b&x', actionData: { url: '/find' } })])).redirects)
      .toMatchObject([{ url: '/search?q=a.b&x', regex: false, action_code: 301, action_data: { url: '/find' } }]);
  });

  it('wraps agent, referrer and host matches in if blocks, as the plugin', () => {
    expect(body([
      record({ ...flat, url: '/m', matchType: 'agent', actionCode: 302, actionData: { agent: 'iPhone', regex: false, url_from: '/mobile', url_notfrom: '/desktop' } }),
      record({ ...flat, url: '/h', matchType: 'server', actionData: { server: 'http://old.test', url_from: '/moved', url_notfrom: '' } }),
    ])).toBe([
      '    if ( $http_user_agent ~* ^iPhone$ ) {\n        rewrite ^/m$ /mobile redirect;\n    }',
      '    if ( $http_user_agent !~* ^iPhone$ ) {\n        rewrite ^/m$ /desktop redirect;\n    }',
      '    if ( $host ~* ^old\\.test$ ) {\n        rewrite ^/h$ /moved permanent;\n    }',
    ].join('\n'));
  });

  it('quotes arguments nginx would split, escapes the backslashes it would eat, and encodes targets for the Location header', () => {
    expect(body([record({ ...flat, url: '^/a b{2}\\\\n$', regex: true, actionData: { url: '/x y/é' } })]))
      .toBe('    rewrite "^/a b{2}\\\\\\\\n$" /x%20y/%C3%A9 permanent;');
  });
});

describe('Nginx import (our addition: the plugin reads no nginx files)', () => {
  it('reads rewrite, if/return and if/rewrite statements, inside or outside a server block', () => {
    const parsed = parseImport('site.nginx', [
      'rewrite ^/top$ /level permanent;',
      'server {',
      '  listen 80;',
      '  rewrite (?i)^/old/(.*)$ /new/$1 redirect;',
      '  if ($uri ~ ^/gone$) { return 410; }',
      '  if ($http_referer ~* "^https://spam\\.test/") { rewrite ^/r$ /blocked last; }',
      '  location / { try_files $uri /index.php; }',
      '}',
    ].join('\n'));
    expect(parsed.format).toBe('nginx');
    expect(parsed.skipped).toBe(2);
    expect(parsed.redirects.map((r) => [r.url, r.regex, r.match_type, r.action_type, r.action_code, r.action_data])).toEqual([
      ['/top', false, 'url', 'url', 301, { url: '/level' }],
      ['^/old/(.*)$', true, 'url', 'url', 302, { url: '/new/$1' }],
      ['/gone', false, 'url', 'error', 410, undefined],
      ['/r', false, 'referrer', 'pass', 0, { referrer: '^https://spam\\.test/', regex: true, url_from: '/blocked', url_notfrom: '' }],
    ]);
  });

  it('is chosen by a .nginx name, or by content that reads like nginx in a file of another name', () => {
    expect(parseImport('redirects.conf', 'server {\n    rewrite ^/a$ /b permanent;\n}\n').format).toBe('nginx');
    expect(parseImport('redirects', 'rewrite ^/a$ /b permanent;\n').format).toBe('nginx');
    expect(parseImport('.htaccess', 'RewriteRule ^a$ /b [R=301,L]\n').format).toBe('apache');
    expect(parseImport('anything.conf', 'Redirect 301 /a /b\n').format).toBe('apache');
  });
});

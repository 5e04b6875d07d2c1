import { exportRedirects, parseImport } from '../../src/domain/redirects/io';
import type { RedirectRecord } from '../../src/domain/redirects/types';
import { DEFAULTS, NOW, record } from './redirects-io-helpers';

/** `data` of the plugin's GET /export/all/apache for this one redirect (the reference sample redirects-export-apache). */
const SAMPLE = '# Created by Redirection\n# Sun, 22 Nov 2026 03:20:04 +0000\n# Redirection 5.4.2 - https://redirection.me\n\n' +
  '<IfModule mod_rewrite.c>\nRewriteRule ^sample-old-path/?$ /sample-newer-path [R=302,L,NC]\n</IfModule>\n\n# End of Redirection\n';

const apache = (redirects: RedirectRecord[], https = false): string =>
  exportRedirects('apache', { groups: [], redirects, defaults: DEFAULTS, now: NOW, https });
/** The rule lines only. */
const rules = (redirects: RedirectRecord[]): string[] =>
  apache(redirects).split('\n').filter((l) => l.startsWith('Rewrite'));

describe('Apache export', () => {
  it('matches the plugin byte for byte for the sample redirect', () => {
    const sample = record({ id: 405, url: '/sample-old-path', title: 'Sample redirect', actionCode: 302, actionData: { url: '/sample-newer-path' } });
    expect(apache([sample])).toBe(SAMPLE);
  });

  it('writes an empty file (one newline) when nothing is exported, as the plugin', () => {
    expect(apache([])).toBe('\n');
    expect(apache([record({ enabled: false })])).toBe('\n');
  });

  it('opens with the force-HTTPS rule when the https setting is on', () => {
    expect(apache([record({})], true)).toContain('<IfModule mod_rewrite.c>\nRewriteCond %{HTTPS} off\nRewriteRule ^ https://%{HTTP_HOST}%{REQUEST_URI} [L,R=301]\nRewriteRule ');
  });

  it('writes flags per action: R=code,L for redirects, L for pass, G for 410, R=code,L for other errors (F for 418, which Apache refuses); NC, QSA, NE', () => {
    const flat = { matchData: { source: { flag_case: false, flag_trailing: false } } };
    expect(rules([
      record({ ...flat, url: '/a', actionCode: 307, actionData: { url: '/b' } }),
      record({ ...flat, url: '/p', actionType: 'pass', actionCode: 0, actionData: { url: '/index.php?x=1' } }),
      record({ ...flat, url: '/g', actionType: 'error', actionCode: 410, actionData: null }),
      record({ ...flat, url: '/f', actionType: 'error', actionCode: 404, actionData: null }),
      record({ ...flat, url: '/e', actionType: 'error', actionCode: 403, actionData: null }),
      record({ ...flat, url: '/t', actionType: 'error', actionCode: 418, actionData: null }),
      record({ url: '/q', matchData: { source: { flag_query: 'pass' } }, actionData: { url: '/t#top' } }),
    ])).toEqual([
      'RewriteRule ^a$ /b [R=307,L]',
      'RewriteRule ^p$ /index.php?x=1 [L]',
      'RewriteRule ^g$ / [G]',
      'RewriteRule ^f$ / [R=404,L]',
      'RewriteRule ^e$ / [R=403,L]',
      'RewriteRule ^t$ / [F]',
      'RewriteRule ^q/?$ /t#top [R=301,L,NC,QSA,NE]',
    ]);
  });

  it('writes literal sources as Apache compares them (the decoded path, regex-escaped), a query as sent in a RewriteCond', () => {
    expect(rules([record({ url: '/café/page (1).html?a=1.5&b=x y', matchData: { source: { flag_trailing: false } } })])).toEqual([
      'RewriteCond %{QUERY_STRING} ^a=1\\.5&b=x%20y$',
      'RewriteRule "^café/page \\(1\\)\\.html$" /new [R=301,L,NC]',
    ]);
  });

  it('reads the plugin\'s percent-encoded literal sources with the encoding kept (the sanitizer decodes sources)', () => {
    expect(parseImport('.htaccess', 'RewriteRule ^caf%C3%A9/page\\.html$ /new [R=301,L]').redirects[0]).toMatchObject({ url: '/caf%C3%A9/page.html', regex: false });
  });

  it('writes regular expressions without their leading slash, marking the ones a literal would look like', () => {
    expect(rules([
      record({ url: '/old/(.*)', regex: true, actionData: { url: '/new/$1' } }),
      record({ url: '^/blog/(\\d+)$', regex: true }),
      record({ url: '^/about$', regex: true }),
      record({ url: '.*\\.php$', regex: true }),
    ]).map((l) => l.split(' ')[1])).toEqual(['old/(.*)', '^blog/(\\d+)$', '^(?:)about$', '(?:).*\\.php$']);
  });

  it('writes agent, referrer and host conditions, a "not from" target as a negated twin', () => {
    expect(rules([
      record({ url: '/m', matchType: 'agent', actionCode: 302, actionData: { agent: 'iPhone', regex: false, url_from: '/mobile', url_notfrom: '/desktop' } }),
      record({ url: '/r', matchType: 'referrer', actionData: { referrer: '^https?://ex\\.test/', regex: true, url_from: '', url_notfrom: '/direct' } }),
      record({ url: '/h', matchType: 'server', actionData: { server: 'https://old-site.example', url_from: '/moved', url_notfrom: '' } }),
    ])).toEqual([
      'RewriteCond %{HTTP_USER_AGENT} ^iPhone$ [NC]',
      'RewriteRule ^m/?$ /mobile [R=302,L,NC]',
      'RewriteCond %{HTTP_USER_AGENT} !^iPhone$ [NC]',
      'RewriteRule ^m/?$ /desktop [R=302,L,NC]',
      'RewriteCond %{HTTP_REFERER} !^https?://ex\\.test/ [NC]',
      'RewriteRule ^r/?$ /direct [R=301,L,NC]',
      'RewriteCond %{HTTP_HOST} ^old\\-site\\.example$ [NC]',
      'RewriteRule ^h/?$ /moved [R=301,L,NC]',
    ]);
  });

  it('leaves out what a server file cannot say: disabled redirects, nothing and random actions, other match types', () => {
    expect(rules([
      record({ enabled: false }),
      record({ actionType: 'nothing', actionCode: 0 }),
      record({ actionType: 'random', actionCode: 302 }),
      record({ matchType: 'login', actionData: { logged_in: '/a', logged_out: '/b' } }),
      record({ matchType: 'cookie', actionData: { name: 'c', value: 'v', regex: false, url_from: '/a', url_notfrom: '' } }),
    ])).toEqual([]);
  });
});

describe('Apache import', () => {
  const parse = (text: string) => parseImport('.htaccess', text);

  it('reads mod_alias Redirect and RedirectMatch lines, as the plugin', () => {
    const parsed = parse([
      'Redirect 301 /old-page /new-page',
      'Redirect /temp https://elsewhere.test/',
      'Redirect gone /removed',
      'Redirect permanent /caf%C3%A9 /coffee',
      'RedirectMatch 301 ^/blog/(.*)$ /news/$1',
      'redirectmatch /x(.*) /y$1',
    ].join('\n'));
    expect(parsed.skipped).toBe(0);
    expect(parsed.redirects.map((r) => [r.url, r.regex, r.action_type, r.action_code, (r.action_data as { url?: string } | undefined)?.url])).toEqual([
      ['/old-page', false, 'url', 301, '/new-page'],
      ['/temp', false, 'url', 302, 'https://elsewhere.test/'],
      ['/removed', false, 'error', 410, undefined],
      ['/café', false, 'url', 301, '/coffee'],
      ['^/blog/(.*)$', true, 'url', 301, '/news/$1'],
      ['/x(.*)', true, 'url', 302, '/y$1'],
    ]);
  });

  it('reads RewriteRule flags: [L] alone is a pass-through (code 0), F is 404 (the plugin\'s reading), G is 410, NC and QSA are flags', () => {
    const parsed = parse([
      'RewriteRule ^internal$ /index.php?p=1 [L]',
      'RewriteRule ^forbidden$ - [F]',
      'RewriteRule ^gone$ - [G,NC]',
      'RewriteRule ^old$ /new [R=301,L,NC,QSA]',
      'RewriteRule ^plain$ /elsewhere [R,L]',
    ].join('\n'));
    expect(parsed.redirects.map((r) => [r.url, r.action_type, r.action_code, r.match_data])).toEqual([
      ['/internal', 'pass', 0, { source: { flag_regex: false, flag_case: false, flag_trailing: false } }],
      ['/forbidden', 'error', 404, { source: { flag_regex: false, flag_case: false, flag_trailing: false } }],
      ['/gone', 'error', 410, { source: { flag_regex: false, flag_case: true, flag_trailing: false } }],
      ['/old', 'url', 301, { source: { flag_regex: false, flag_case: true, flag_trailing: false, flag_query: 'pass' } }],
      ['/plain', 'url', 302, { source: { flag_regex: false, flag_case: false, flag_trailing: false } }],
    ]);
  });

  it('reads the plugin\'s own regular expressions (slash dropped) back with their slash', () => {
    const parsed = parse('RewriteRule ^old/(.*)$ /new/$1 [R=301,L]\nRewriteRule (.*)\\.php$ /$1 [R=301,L]');
    expect(parsed.redirects.map((r) => [r.url, r.regex])).toEqual([['^/old/(.*)$', true], ['/(.*)\\.php$', true]]);
  });

  it('turns user-agent, referrer and host conditions into match types, joining a negated twin', () => {
    const parsed = parse([
      'RewriteCond %{HTTP_USER_AGENT} ^Googlebot$ [NC]',
      'RewriteRule ^a$ /bots [R=302,L]',
      'RewriteCond %{HTTP_USER_AGENT} !^Googlebot$ [NC]',
      'RewriteRule ^a$ /people [R=302,L]',
      'RewriteCond %{HTTP_REFERER} (google|bing)\\. [NC]',
      'RewriteRule ^b$ /search [R=301,L]',
      'RewriteCond %{HTTP_HOST} ^old\\.example\\.com$ [NC]',
      'RewriteRule ^c$ /d [R=301,L]',
    ].join('\n'));
    expect(parsed.redirects.map((r) => [r.match_type, r.action_data])).toEqual([
      ['agent', { agent: 'Googlebot', regex: false, url_from: '/bots', url_notfrom: '/people' }],
      ['referrer', { referrer: '(google|bing)\\.', regex: true, url_from: '/search', url_notfrom: '' }],
      ['server', { server: 'http://old.example.com', url_from: '/d', url_notfrom: '' }],
    ]);
  });

  it('skips comments and framing silently, and counts every other line it cannot read (a rule that rewrites to "-" changes nothing)', () => {
    const parsed = parse([
      '# BEGIN WordPress', '<IfModule mod_rewrite.c>', 'RewriteEngine On', 'RewriteBase /', '',
      'Options +FollowSymLinks',
      'RewriteCond %{REMOTE_ADDR} ^10\\.',
      'RewriteRule ^admin$ /login [R=302,L]',
      'RewriteCond %{REQUEST_FILENAME} !-f [OR]',
      'RewriteRule . /index.php [L]',
      'RewriteRule ^index\\.php$ - [L]',
      'RewriteRule ^kept$ /yes [R=301,L]',
      'Header set X-Thing 1',
      '</IfModule>', '# END WordPress',
    ].join('\r\n'));
    expect(parsed.redirects.map((r) => r.url)).toEqual(['/kept']);
    expect(parsed.skipped).toBe(7);
  });

  it('applies conditions to the next RewriteRule whatever lies between, and never drops a malformed one', () => {
    const parsed = parse('RewriteCond %{HTTP_USER_AGENT} ^Bot$ [NC]\nOptions -Indexes\nRewriteRule ^a$ /b [R=301,L]\nRewriteCond %{HTTP_REFERER}\nRewriteRule ^c$ /d [R=301,L]');
    expect(parsed.redirects.map((r) => [r.url, r.match_type])).toEqual([['/a', 'agent']]);
    expect(parsed.skipped).toBe(3);
  });

  it('does not count the force-HTTPS block it writes itself', () => {
    const parsed = parse(apache([record({ url: '/x' })], true));
    expect(parsed).toMatchObject({ skipped: 0, redirects: [{ url: '/x' }] });
  });
});

/**
 * The redirects' URL rules (src/domain/redirects/url, matcher/regex.ts, ip.ts), on the plugin's own
 * test cases (Redirection 5.4.2 tests/models/test-url*.php, test-regex.php, test-request.php).
 */
import { matchPathOf, matchUrlOf } from '../../src/domain/redirects/url/match-url';
import { pathMatches, pathOf } from '../../src/domain/redirects/url/url-path';
import { passQuery, SourceQuery } from '../../src/domain/redirects/url/url-query';
import { requestUrlOf } from '../../src/domain/redirects/url/request-url';
import { compileRegex, expandReplacement, regexProblem, replaceAll } from '../../src/domain/redirects/matcher/regex';
import { anonymiseIp, IpSet, loggedIp } from '../../src/domain/redirects/ip';
import type { SourceFlags } from '../../src/domain/redirects/types';

const flags = (over: Partial<SourceFlags> = {}): SourceFlags => ({ flag_query: 'exact', flag_case: false, flag_trailing: false, flag_regex: false, ...over });

/** Red_Url::is_match for a plain source. */
const urlMatches = (source: string, request: string, over: Partial<SourceFlags> = {}): boolean => {
  const f = flags(over);
  return pathMatches(pathOf(source), request, f) && new SourceQuery(source, f).matches(request);
};

describe('match_url (Red_Url_Match::get_url)', () => {
  it.each([
    ['/test', '/test'],
    ['http://test.com/test', '/test'],
    ['http://test.com//test//', '//test/'],
    ['', '/'],
    ['/TEsT', '/test'],
    ['/test/', '/test'],
    ['/', '/'],
    ['/中国:again/thing?other=中国', '/%e4%b8%ad%e5%9b%bd:again/thing'],
    ['/f%C3%BCr/', '/f%c3%bcr'],
    ['/für', '/f%c3%bcr'],
    ['/a b+c', '/a%20b%20c'],
    ['/(x),[y];@z~', '/(x),[y];@z~'],
    ['/100%', '/100%25'],
  ])('%s → %s', (source, expected) => {
    expect(matchPathOf(source)).toBe(expected);
  });

  it('is `regex` for regular expressions and keeps the query, in order, for exactorder', () => {
    expect(matchUrlOf('/cat/(.*)', flags({ flag_regex: true }))).toBe('regex');
    expect(matchUrlOf('/Cat/?b=2&a=1', flags({ flag_query: 'exactorder' }))).toBe('/cat?b=2&a=1');
    expect(matchUrlOf('/Cat/?b=2&a=1', flags())).toBe('/cat');
  });
});

describe('source matching (Red_Url::is_match, Red_Url_Query::is_match)', () => {
  it.each([
    ['/cats', '/bats', {}, false],
    ['/cats', '/cats', {}, true],
    ['/cats?dogs=1', '/cats?dogs=1', {}, true],
    ['/cats?dogs[]=1&dogs[]=2', '/cats?dogs[]=1&dogs[]=2', {}, true],
    ['/cats?dogs[]=1&dogs[]=2', '/cats?dogs[]=3&dogs[]=2', {}, false],
    ['/?order=wc_order_nq123124sdf0', '/?download_file=123&order=wc_order_nq123124sdf0&email=test%40example.com', { flag_query: 'ignore' }, true],
    ['//', '//', {}, true],
    ['http://domain.com/cat/', '/cat/', {}, true],
    ['/cat', '/cat?things', { flag_query: 'ignore' }, true],
    ['/test', '/test?a', {}, false],
    ['/test?a=1', '/test?a=2', {}, false],
    ['/test?a=1', '/test?b=1', {}, false],
    ['/this?a=1&b=2', '/this?b=2&a=1', {}, true],
    ['/this?=2', '/this?=2', {}, true],
    ['/this?=2', '/this?=1', {}, false],
    ['/this?cat=0', '/this?cat=0', {}, true],
    ['/this?cats=2', '/this?CATS=2', { flag_case: true }, true],
    ['/this?a=1', '/this?b=2&a=1', { flag_query: 'pass' }, true],
    ['/?arrs1[]=1&arrs1[]=2&arrs1[]=3', '/?arrs2[]=1&arrs1[]=1&arrs1[]=2&arrs1[]=3', {}, false],
    ['/?hasCase[something]=test', '/?hasCase[something]=test', {}, true],
    ['/?hasCase[something]=test', '/?hascase[something]=test', {}, false],
    ['/?hasCase[something]=test', '/?hascase[something]=test', { flag_case: true }, true],
    ['/?a+1', '/?a+1', {}, true],
    ['/?a+1', '/?a+1&test=3', { flag_query: 'pass' }, true],
    ['/Old', '/old', {}, false],
    ['/Old', '/old', { flag_case: true }, true],
    ['/old', '/old/', {}, false],
    ['/old', '/old/', { flag_trailing: true }, true],
  ] as Array<[string, string, Partial<SourceFlags>, boolean]>)('%s against %s %j: %s', (source, request, over, expected) => {
    expect(urlMatches(source, request, over)).toBe(expected);
  });
});

describe('passing the query (Red_Url_Query::add_to_target)', () => {
  it.each([
    ['/cats', '/target', '/cats'],
    ['/cats', '/target?hey=there', '/cats?hey=there'],
    ['/cats', '/target?1=there', '/cats?1=there'],
    ['/cats', '/target?this=a%20cat', '/cats?this=a+cat'],
    ['/cats', '/target?this=a+cat', '/cats?this=a+cat'],
    ['/cats?cat=a', '/target?thing=cat', '/cats?cat=a&thing=cat'],
    ['/cats?cat=a', '/target?cat=b', '/cats?cat=a'],
    ['/', '/?arrs1[]=1&arrs1[]=2&arrs1[]=3&arrs2[]=1', '/?arrs1[]=1&arrs1[]=2&arrs1[]=3&arrs2[]=1'],
    ['/', '/?this=THAt', '/?this=THAt'],
    ['/', '/?this', '/?this'],
    ['/', '/?this+that', '/?this+that'],
    ['/#fragment', '/?arrs1[]=1&arrs1[]=2&stuff=1', '/?arrs1[]=1&arrs1[]=2&stuff=1#fragment'],
  ])('%s with %s → %s', (target, request, expected) => {
    expect(passQuery(target, request)).toBe(expected);
  });
});

describe('request URLs (Red_Url_Request)', () => {
  it('decodes the path and keeps the query as sent', () => {
    expect(requestUrlOf('/f%C3%BCr?q=a%20b')).toEqual({ decoded: '/für?q=a b', original: '/für?q=a%20b' });
    expect(requestUrlOf('/plain')).toEqual({ decoded: '/plain', original: '/plain' });
  });
});

describe('regular expressions (Red_Regex on RE2)', () => {
  const match = (pattern: string, subject: string, ignoreCase = false): boolean => {
    const regex = compileRegex(pattern, ignoreCase);
    if (regex instanceof Error) throw regex;
    return regex.test(subject);
  };
  const replace = (pattern: string, replacement: string, subject: string): string => {
    const regex = compileRegex(pattern, false, true);
    if (regex instanceof Error) throw regex;
    return replaceAll(regex, replacement, subject);
  };

  it('matches as the plugin does: unanchored, dot-all, case by flag, percent-decoded, `@` literal', () => {
    expect(match('cat.*', 'cat5')).toBe(true);
    expect(match('cat.*', 'dog5')).toBe(false);
    expect(match('cat.*', 'CAT5', true)).toBe(true);
    expect(match('cat.*', 'CAT5')).toBe(false);
    expect(match(encodeURIComponent('für.*'), 'fürcat')).toBe(true);
    expect(match('@cat.*', '@cat5')).toBe(true);
    expect(match('^/hello\\+world', '/hello+world')).toBe(true);
    expect(match('^/old\\Z', '/old')).toBe(true);
  });

  it('replaces every match with its captures, spaces encoded as a URL carries them', () => {
    expect(replace('cat(.*)', 'dog$1', 'cat5')).toBe('dog5');
    expect(replace('cat(.*)', 'dog$1', 'cat5 3')).toBe('dog5%203');
    expect(replace('cat(.*)', 'dog$1', 'cat5?thing 4')).toBe('dog5?thing+4');
    expect(replace('^/old/(\\d+)/(.*)$', '/new/${2}/\\1', '/old/12/x')).toBe('/new/x/12');
    expect(expandReplacement('/a/$3/$1$', ['x', 'y'])).toBe('/a//y$');
  });

  it('refuses what needs backtracking (the rule then never matches), and runs the pathological in linear time', () => {
    expect(regexProblem('/cat[5')).not.toBeNull();
    expect(regexProblem('(a)\\1')).not.toBeNull();
    expect(regexProblem('x(?=y)')).not.toBeNull();
    expect(regexProblem('a++')).not.toBeNull();
    expect(regexProblem('^/old/(.*)$')).toBeNull();
    expect(match('^(a+)+$', `/${'a'.repeat(50_000)}!`)).toBe(false);
  });
});

describe('client addresses', () => {
  it('anonymises IPv4 (last octet) and IPv6 (last 80 bits), or logs nothing', () => {
    expect(anonymiseIp('192.168.1.1')).toBe('192.168.1.0');
    expect(anonymiseIp('2001:db8:85a3:10:10:8a2e:370:7334')).toBe('2001:db8:85a3::');
    expect(anonymiseIp('::ffff:10.1.2.3')).toBe('10.1.2.0');
    expect(loggedIp('192.168.1.1', 0)).toBe('');
    expect(loggedIp('192.168.1.1', 1)).toBe('192.168.1.1');
    expect(loggedIp('not an ip', 1)).toBe('');
  });

  it('matches single addresses and CIDR ranges of both families', () => {
    const set = new IpSet(['192.0.2.0/24', '10.0.0.1', '2001:db8::/32', 'junk', '10.0.0.2/40']);
    expect(set.has('192.0.2.200')).toBe(true);
    expect(set.has('::ffff:192.0.2.7')).toBe(true);
    expect(set.has('10.0.0.1')).toBe(true);
    expect(set.has('10.0.0.2')).toBe(false);
    expect(set.has('2001:db8:1::5')).toBe(true);
    expect(set.has('2001:db9::5')).toBe(false);
  });
});

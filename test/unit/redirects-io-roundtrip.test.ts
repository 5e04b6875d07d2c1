/**
 * Export then import, in every format, with nothing lost that the format can carry. Fields a format
 * cannot carry are named where the comparison leaves them out (see redirects-io-helpers.ts):
 * - CSV: match types other than url, source flags, position, group, last access;
 * - Apache and Nginx: title, hits, position, group, last access, enabled (only enabled redirects are
 *   written), query modes other than "pass", a regular expression's trailing-slash flag, a literal
 *   source's own trailing slashes when the slash is ignored anyway, a server match's scheme; the
 *   `nothing` and `random` actions and the header, cookie, ip, language, login and page matches
 *   (the plugin writes none of them); Apache also the error code 418 (Apache refuses R=418: written
 *   as F, read back as 404); Nginx also an error or a code other than 301/302 behind an
 *   agent, referrer or server condition (an `if` cannot nest);
 * - JSON: `last_access` is written in the site's date format (a day, not an instant).
 */
import fc from 'fast-check';
import { exportRedirects, parseImport, type ExportFormat } from '../../src/domain/redirects/io';
import { redirectJson } from '../../src/domain/redirects/record-json';
import type { RedirectRecord } from '../../src/domain/redirects/types';
import {
  DEFAULTS, NOW, csvCarried, csvRead, csvRedirect, record, serverCarried, serverRead, serverRedirect, serverWrites,
} from './redirects-io-helpers';

const FILE_NAMES: Record<ExportFormat, string> = { csv: 'export.csv', apache: '.htaccess', nginx: 'export.nginx', json: 'export.json' };

function roundTrip(format: ExportFormat, redirects: RedirectRecord[]) {
  const text = exportRedirects(format, { groups: [], redirects, defaults: DEFAULTS, now: NOW });
  return { text, parsed: parseImport(FILE_NAMES[format], text) };
}

function expectServerRoundTrip(format: 'apache' | 'nginx', redirects: RedirectRecord[]): void {
  const { text, parsed } = roundTrip(format, redirects);
  const written = redirects.filter((r) => serverWrites(r, format));
  expect({ format: parsed.format, skipped: parsed.skipped }).toEqual({ format, skipped: 0 });
  const expected = written.map((r) => serverCarried(r, format));
  const actual = parsed.redirects.map(serverRead);
  if (JSON.stringify(actual) !== JSON.stringify(expected)) {
    // Show the file with the difference: far easier to read than the records alone.
    expect({ text, actual }).toEqual({ text, actual: expected });
  }
}

function expectCsvRoundTrip(redirects: RedirectRecord[]): void {
  const { parsed } = roundTrip('csv', redirects);
  expect(parsed.skipped).toBe(0);
  expect(parsed.redirects.map(csvRead)).toEqual(redirects.map(csvCarried));
}

function expectJsonRoundTrip(redirects: RedirectRecord[]): void {
  const { parsed } = roundTrip('json', redirects);
  expect(parsed.skipped).toBe(0);
  expect(parsed.redirects).toEqual(redirects.map((r) => {
    const { id: _id, match_url: _matchUrl, ...rest } = redirectJson(r, DEFAULTS);
    return rest;
  }));
}

/** A varied set: every kind of source, flag, action, code and condition the issue names. */
const VARIED: RedirectRecord[] = [
  record({ url: '/exact', actionData: { url: '/to' } }),
  record({ url: '/exact/with/slash/', matchData: { source: { flag_trailing: false } }, actionCode: 302, actionData: { url: '/to/' } }),
  record({ url: '/trailing-ignored', matchData: { source: { flag_trailing: true, flag_case: false } }, actionData: { url: '/x' } }),
  record({ url: '^/blog/(\\d+)/(.*)$', regex: true, actionData: { url: '/posts/$1/$2' } }),
  record({ url: '/old/(.*)', regex: true, actionCode: 307, actionData: { url: '/new/$1' } }),
  record({ url: '.*\\.php$', regex: true, actionCode: 308, actionData: { url: '/no-php' } }),
  record({ url: '^/about$', regex: true, actionData: { url: '/about-us' } }),
  record({ url: '/Case/Sensitive', matchData: { source: { flag_case: false } }, actionCode: 303, actionData: { url: '/c' } }),
  record({ url: '/query?a=1&b=two words', matchData: { source: { flag_query: 'pass' } }, actionData: { url: '/q?x=1' } }),
  record({ url: '/pass-through', matchData: { source: { flag_query: 'pass' } }, actionCode: 302, actionData: { url: 'https://other.test/path' } }),
  record({ url: '/with space/and%20percent', actionData: { url: '/target with space#frag' } }),
  record({ url: '/café/日本', actionData: { url: '/ünïcode' } }),
  record({ url: '/gone', actionType: 'error', actionCode: 410, actionData: null }),
  record({ url: '/missing', actionType: 'error', actionCode: 404, actionData: null }),
  record({ url: '/forbidden', actionType: 'error', actionCode: 403, actionData: null }),
  record({ url: '/internal', actionType: 'pass', actionCode: 0, actionData: { url: '/index.php?page=internal' } }),
  record({ url: '/bots', matchType: 'agent', actionData: { agent: 'Googlebot', regex: false, url_from: '/for-bots', url_notfrom: '' } }),
  record({ url: '/mobile', matchType: 'agent', actionCode: 302, actionData: { agent: 'iPhone|Android .*Mobile', regex: true, url_from: '/m', url_notfrom: '/desktop' } }),
  record({ url: '/from-google', matchType: 'referrer', actionData: { referrer: 'https://www.google.com/', regex: false, url_from: '', url_notfrom: '/direct' } }),
  record({ url: '/ref-regex', matchType: 'referrer', actionData: { referrer: '^https?://(www\\.)?example\\.(com|org)/', regex: true, url_from: '/ex', url_notfrom: '' } }),
  record({ url: '/host', matchType: 'server', actionData: { server: 'https://old.example.com', url_from: '/on-old-host', url_notfrom: '' } }),
  record({ url: '/agent-gone', matchType: 'agent', actionType: 'error', actionCode: 410, actionData: { agent: 'BadBot', regex: false } }),
];

const TITLED = VARIED.map((r, i) => ({ ...r, title: ['Comma, in title', 'A "quoted" title', 'Ünïcödé 日本語', null, 'line\nbreak'][i % 5] ?? null, hits: i * 7 }));

describe('redirects io: round trip of a varied set', () => {
  it('CSV carries source, target, regex, code, type, hits, title and status', () => {
    expectCsvRoundTrip(TITLED.filter((r) => r.matchType === 'url'));
  });
  it('Apache carries sources, flags, codes and agent, referrer and host conditions', () => {
    expectServerRoundTrip('apache', TITLED);
  });
  it('Nginx carries the same (but conditional errors and codes other than 301/302)', () => {
    expectServerRoundTrip('nginx', TITLED);
  });
  it('JSON carries every field', () => {
    expectJsonRoundTrip(TITLED);
  });
});

describe('redirects io: property-based round trip', () => {
  const unique = (arb: fc.Arbitrary<RedirectRecord>) => fc.uniqueArray(arb, { selector: (r) => r.url, maxLength: 8 });
  it('CSV', () => {
    fc.assert(fc.property(unique(csvRedirect), (redirects) => expectCsvRoundTrip(redirects)), { numRuns: 300 });
  });
  it('Apache', () => {
    fc.assert(fc.property(unique(serverRedirect), (redirects) => expectServerRoundTrip('apache', redirects)), { numRuns: 300 });
  });
  it('Nginx', () => {
    fc.assert(fc.property(unique(serverRedirect), (redirects) => expectServerRoundTrip('nginx', redirects)), { numRuns: 300 });
  });
  it('JSON', () => {
    fc.assert(fc.property(unique(fc.oneof(serverRedirect, csvRedirect)), (redirects) => expectJsonRoundTrip(redirects)), { numRuns: 200 });
  });
});

/**
 * The redirect matcher's own cost (src/domain/redirects/matcher): 10,000 rules (9,000 exact
 * sources, 1,000 regular expressions) compiled into one index, then single lookups timed one by
 * one — exact hits, regular-expression hits (captures substituted) and misses — each including the
 * request URL's decoding and normalisation. Run by `npm run bench` (section `redirect-matcher` of
 * BENCHMARKS.md) or on its own: `npx tsx bench/redirect-matcher.ts`.
 */
import { performance } from 'node:perf_hooks';
import { snapshotOf } from '../src/domain/redirects/matcher/load';
import type { RedirectRequest } from '../src/domain/redirects/matcher/request';
import type { RedirectRow } from '../src/domain/redirects/matcher/rules';
import { defaultRedirectSettings } from '../src/domain/redirects/settings';
import { requestUrlOf } from '../src/domain/redirects/url/request-url';

export const EXACT_RULES = 9_000;
export const REGEX_RULES = 1_000;

/** The benchmark's rules, in the order they take (ids as positions). */
export function benchRuleRows(): RedirectRow[] {
  const rows: RedirectRow[] = [];
  const base = { matchData: null, groupId: 1, matchType: 'url', actionType: 'url', actionCode: 301 };
  for (let i = 0; i < EXACT_RULES; i += 1) {
    rows.push({ ...base, id: rows.length + 1, position: rows.length, url: `/legacy/section-${i % 90}/Page-${i}/`, regex: false, actionData: JSON.stringify({ url: `/new/page-${i}/` }) });
  }
  for (let i = 0; i < REGEX_RULES; i += 1) {
    rows.push({ ...base, id: rows.length + 1, position: rows.length, url: `^/archive-${i}/(\\d{4})/(\\d{2})/([^/]+)/?$`, regex: true, actionData: JSON.stringify({ url: `/${i}/$1-$2/$3/` }) });
  }
  return rows;
}

function requestOf(url: string): RedirectRequest {
  return { url: requestUrlOf(url), host: 'bench.test', referrer: '', agent: 'bench', ip: '127.0.0.1', header: () => undefined, cookie: () => undefined, languages: [], loggedIn: () => false };
}

interface Figures {
  p50: number;
  p99: number;
  p999: number;
  mean: number;
}

function measure(label: string, urls: string[], lookup: (url: string) => unknown, expectHit: boolean): Figures {
  const times = new Float64Array(urls.length);
  for (let i = 0; i < urls.length; i += 1) {
    const start = performance.now();
    const found = lookup(urls[i]);
    times[i] = performance.now() - start;
    if (Boolean(found) !== expectHit) throw new Error(`${label}: ${urls[i]} ${expectHit ? 'missed' : 'matched'}`);
  }
  const sorted = Array.from(times).sort((a, b) => a - b);
  const us = (ms: number) => Math.round(ms * 10_000) / 10;
  const at = (q: number) => us(sorted[Math.floor(sorted.length * q)]);
  return { p50: at(0.5), p99: at(0.99), p999: at(0.999), mean: us(sorted.reduce((a, b) => a + b, 0) / sorted.length) };
}

export function measureRedirectMatcher(lookups = 50_000): string {
  const buildStart = performance.now();
  const snapshot = snapshotOf(benchRuleRows(), defaultRedirectSettings());
  const buildMs = performance.now() - buildStart;
  if (snapshot.refused.length) throw new Error(`rules refused: ${JSON.stringify(snapshot.refused.slice(0, 3))}`);
  const { index } = snapshot;
  const match = (url: string) => index.match(requestOf(url));
  const pick = (n: number) => Math.floor(Math.random() * n);
  // Case and trailing slash vary (the default flags ignore both).
  const exactFound = Array.from({ length: lookups }, () => {
    const i = pick(EXACT_RULES);
    return `/legacy/section-${i % 90}/${i % 3 ? 'page' : 'PAGE'}-${i}${i % 2 ? '/' : ''}`;
  });
  const regex = Array.from({ length: lookups }, () => `/archive-${pick(REGEX_RULES)}/20${10 + pick(15)}/0${1 + pick(9)}/some-title-${pick(1000)}/`);
  const misses = Array.from({ length: lookups }, () => `/blog/2024/05/an-article-${pick(100_000)}/`);
  // Warm-up (JIT, the sets' DFA caches).
  measure('warm-up', exactFound.slice(0, 5_000), match, true);
  measure('warm-up', regex.slice(0, 5_000), match, true);
  measure('warm-up', misses.slice(0, 5_000), match, false);
  const rows: Array<[string, Figures]> = [
    ['exact hit', measure('exact', exactFound, match, true)],
    ['regular-expression hit (captures substituted)', measure('regex', regex, match, true)],
    ['miss', measure('miss', misses, match, false)],
  ];
  return [
    `${EXACT_RULES.toLocaleString('en')} exact rules and ${REGEX_RULES.toLocaleString('en')} regular expressions compiled in ${Math.round(buildMs)} ms; ${lookups.toLocaleString('en')} lookups of each kind timed one by one (the request URL's decoding and normalisation included), Node ${process.version}.`,
    '',
    '| lookup | p50 µs | p99 µs | p99.9 µs | mean µs |',
    '|---|---:|---:|---:|---:|',
    ...rows.map(([label, f]) => `| ${label} | ${f.p50} | ${f.p99} | ${f.p999} | ${f.mean} |`),
  ].join('\n');
}

if (require.main === module) console.log(measureRedirectMatcher());

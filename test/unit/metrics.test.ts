import Fastify from 'fastify';
import supertest from 'supertest';
import { ResponseCache } from '../../src/cache/store';
import { CONTENT_TYPE, MetricsRegistry, createAppMetrics, registerMetrics, sumExpositions, tagKind } from '../../src/http/metrics';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

interface Parsed {
  help: Map<string, string>;
  types: Map<string, string>;
  samples: Sample[];
}

/** A strict reader of the text exposition format 0.0.4 (what a Prometheus server would accept). */
function parseExposition(text: string): Parsed {
  const parsed: Parsed = { help: new Map(), types: new Map(), samples: [] };
  expect(text.endsWith('\n')).toBe(true);
  for (const line of text.slice(0, -1).split('\n')) {
    let match = /^# HELP ([a-zA-Z_:][a-zA-Z0-9_:]*) (.*)$/.exec(line);
    if (match) {
      parsed.help.set(match[1], match[2].replace(/\\(\\|n)/g, (_m, c: string) => (c === 'n' ? '\n' : '\\')));
      continue;
    }
    match = /^# TYPE ([a-zA-Z_:][a-zA-Z0-9_:]*) (counter|gauge|histogram|summary|untyped)$/.exec(line);
    if (match) {
      expect(parsed.types.has(match[1])).toBe(false);
      parsed.types.set(match[1], match[2]);
      continue;
    }
    match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`unparseable line: ${JSON.stringify(line)}`);
    const labels: Record<string, string> = {};
    const pairs = match[2] ?? '';
    const pair = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"(,|$)/y;
    while (pair.lastIndex < pairs.length) {
      const p = pair.exec(pairs);
      if (!p) throw new Error(`bad labels: ${pairs}`);
      labels[p[1]] = p[2].replace(/\\(.)/g, (_m, c: string) => (c === 'n' ? '\n' : c));
    }
    const raw = match[3];
    const value = raw === '+Inf' ? Infinity : raw === '-Inf' ? -Infinity : Number(raw);
    expect(Number.isNaN(value) && raw !== 'NaN').toBe(false);
    parsed.samples.push({ name: match[1], labels, value });
  }
  return parsed;
}

function sample(parsed: Parsed, name: string, labels: Record<string, string> = {}): number | undefined {
  return parsed.samples.find((s) => s.name === name && Object.keys(labels).every((k) => s.labels[k] === labels[k]) && Object.keys(s.labels).length === Object.keys(labels).length)?.value;
}

describe('metrics registry', () => {
  test('counters and gauges with labels, escaped', () => {
    const registry = new MetricsRegistry();
    const counter = registry.counter({ name: 'things_total', help: 'Things.\nWith a "second" line \\ here', labelNames: ['kind'] });
    counter.inc({ kind: 'a' });
    counter.inc({ kind: 'a' }, 2);
    counter.inc({ kind: 'quote " back \\ new\nline' });
    const gauge = registry.gauge({ name: 'level', help: 'A level.' });
    gauge.set(-2.5);
    const parsed = parseExposition(registry.render());
    expect(parsed.types.get('things_total')).toBe('counter');
    expect(parsed.types.get('level')).toBe('gauge');
    expect(parsed.help.get('things_total')).toBe('Things.\nWith a "second" line \\ here');
    expect(sample(parsed, 'things_total', { kind: 'a' })).toBe(3);
    expect(sample(parsed, 'things_total', { kind: 'quote " back \\ new\nline' })).toBe(1);
    expect(sample(parsed, 'level')).toBe(-2.5);
  });

  test('histograms print cumulative buckets, +Inf, sum and count', () => {
    const registry = new MetricsRegistry();
    const histogram = registry.histogram({ name: 'latency_seconds', help: 'Latency.', labelNames: ['route'], buckets: [0.01, 0.1, 1] });
    for (const value of [0.005, 0.01, 0.05, 0.5, 3]) histogram.observe(value, { route: 'x' });
    const parsed = parseExposition(registry.render());
    expect(parsed.types.get('latency_seconds')).toBe('histogram');
    expect(sample(parsed, 'latency_seconds_bucket', { route: 'x', le: '0.01' })).toBe(2);
    expect(sample(parsed, 'latency_seconds_bucket', { route: 'x', le: '0.1' })).toBe(3);
    expect(sample(parsed, 'latency_seconds_bucket', { route: 'x', le: '1' })).toBe(4);
    expect(sample(parsed, 'latency_seconds_bucket', { route: 'x', le: '+Inf' })).toBe(5);
    expect(sample(parsed, 'latency_seconds_count', { route: 'x' })).toBe(5);
    expect(sample(parsed, 'latency_seconds_sum', { route: 'x' })).toBeCloseTo(3.565, 10);
  });

  test('refuses bad names, missing labels, decreasing counters and duplicates', () => {
    const registry = new MetricsRegistry();
    expect(() => registry.counter({ name: 'bad-name', help: '' })).toThrow();
    expect(() => registry.histogram({ name: 'h', help: '', labelNames: ['le'], buckets: [1] })).toThrow();
    expect(() => registry.histogram({ name: 'h2', help: '', buckets: [2, 1] })).toThrow();
    const counter = registry.counter({ name: 'c_total', help: '', labelNames: ['a'] });
    expect(() => counter.inc({})).toThrow();
    expect(() => counter.inc({ a: 'x' }, -1)).toThrow();
    expect(() => registry.counter({ name: 'c_total', help: '' })).toThrow();
  });

  test('the label sets of one metric are bounded', () => {
    const registry = new MetricsRegistry();
    const counter = registry.counter({ name: 'c_total', help: '', labelNames: ['a'] });
    for (let i = 0; i < 2_500; i += 1) counter.inc({ a: String(i) });
    const parsed = parseExposition(registry.render());
    expect(parsed.samples.length).toBe(2_001);
    expect(sample(parsed, 'c_total', { a: '_other' })).toBe(500);
  });
});

describe('application metrics', () => {
  test('every metric the application feeds, with cache size read at scrape time', () => {
    const cache = new ResponseCache({ maxBytes: 1 << 20 });
    const metrics = createAppMetrics({ cache });
    metrics.observeRequest('rest:core/v2', 'GET', 200, 0.0007);
    metrics.observeRequest('rest:core/v2', 'GET', 200, 0.02);
    metrics.observeRequest('graphql', 'POST', 400, 0.003);
    metrics.cacheHit('rest');
    metrics.cacheHit('rest');
    metrics.cacheMiss('graphql');
    metrics.cacheBypassed('rest', 'authenticated');
    metrics.invalidated(['post:1', 'post:2', 'posts', 'term:7']);
    metrics.statements('rest:core/v2', 3);

    let parsed = parseExposition(metrics.registry.render());
    expect(sample(parsed, 'http_request_duration_seconds_count', { family: 'rest:core/v2', method: 'GET', status: '200' })).toBe(2);
    expect(sample(parsed, 'http_request_duration_seconds_bucket', { family: 'rest:core/v2', method: 'GET', status: '200', le: '0.001' })).toBe(1);
    expect(sample(parsed, 'http_request_duration_seconds_count', { family: 'graphql', method: 'POST', status: '400' })).toBe(1);
    expect(sample(parsed, 'cache_hits_total', { face: 'rest' })).toBe(2);
    expect(sample(parsed, 'cache_misses_total', { face: 'graphql' })).toBe(1);
    expect(sample(parsed, 'cache_bypass_total', { face: 'rest', reason: 'authenticated' })).toBe(1);
    expect(sample(parsed, 'cache_invalidations_total', { tag_kind: 'post' })).toBe(2);
    expect(sample(parsed, 'cache_invalidations_total', { tag_kind: 'posts' })).toBe(1);
    expect(sample(parsed, 'cache_invalidations_total', { tag_kind: 'term' })).toBe(1);
    expect(sample(parsed, 'db_statements_per_request_bucket', { family: 'rest:core/v2', le: '2' })).toBe(0);
    expect(sample(parsed, 'db_statements_per_request_bucket', { family: 'rest:core/v2', le: '3' })).toBe(1);
    expect(sample(parsed, 'cache_entries')).toBe(0);
    expect(sample(parsed, 'cache_bytes')).toBe(0);

    cache.set('k', { status: 200, headers: {}, body: Buffer.from('{}'), etag: '"1"', tags: [] }, { tags: ['post:1'], version: 0 });
    parsed = parseExposition(metrics.registry.render());
    expect(sample(parsed, 'cache_entries')).toBe(1);
    expect(sample(parsed, 'cache_bytes')).toBe(cache.stats().bytes);
  });

  test('tag kinds', () => {
    expect(tagKind('post:12')).toBe('post');
    expect(tagKind('events-list:2026-01')).toBe('events-list');
    expect(tagKind('settings')).toBe('settings');
  });

  test('GET /metrics serves the exposition format over HTTP', async () => {
    const fastify = Fastify({ logger: false });
    const metrics = createAppMetrics();
    metrics.cacheHit('graphql');
    registerMetrics(fastify, metrics.registry);
    await fastify.ready();
    try {
      const response = await supertest(fastify.server).get('/metrics').expect(200);
      expect(response.headers['content-type']).toBe(CONTENT_TYPE);
      const parsed = parseExposition(response.text);
      expect(sample(parsed, 'cache_hits_total', { face: 'graphql' })).toBe(1);
      expect(parsed.types.get('http_request_duration_seconds')).toBe('histogram');
    } finally {
      await fastify.close();
    }
  });
});

describe('the sum of several processes', () => {
  function processMetrics(requests: number[], bytes: number): string {
    const registry = new MetricsRegistry();
    const counter = registry.counter({ name: 'requests_total', help: 'Requests.', labelNames: ['route'] });
    const histogram = registry.histogram({ name: 'latency_seconds', help: 'Latency.', buckets: [0.01, 0.1] });
    registry.gauge({ name: 'held_bytes', help: 'Bytes.', collect: () => bytes });
    requests.forEach((seconds, i) => {
      counter.inc({ route: i % 2 ? 'a' : 'b' });
      histogram.observe(seconds);
    });
    return registry.render();
  }

  it('adds up every series, keeps each comment once, and stays valid exposition', () => {
    const one = processMetrics([0.005, 0.05, 0.5], 100);
    const two = processMetrics([0.005], 250);
    const sum = parseExposition(sumExpositions([one, two]));
    const value = (name: string, labels?: Record<string, string>) => sample(sum, name, labels);
    expect(value('requests_total', { route: 'b' })).toBe(3);
    expect(value('requests_total', { route: 'a' })).toBe(1);
    expect(value('latency_seconds_bucket', { le: '0.01' })).toBe(2);
    expect(value('latency_seconds_bucket', { le: '0.1' })).toBe(3);
    expect(value('latency_seconds_bucket', { le: '+Inf' })).toBe(4);
    expect(value('latency_seconds_count')).toBe(4);
    expect(value('latency_seconds_sum')).toBeCloseTo(0.56);
    expect(value('held_bytes')).toBe(350);
    expect(sum.types.get('latency_seconds')).toBe('histogram');
    expect(sumExpositions([one, two]).match(/# TYPE requests_total/g)).toHaveLength(1);
  });

  it('is the exposition itself for one process', () => {
    const one = processMetrics([0.005, 0.05], 7);
    expect(sumExpositions([one])).toBe(one);
  });
});

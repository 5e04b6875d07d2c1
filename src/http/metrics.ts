/**
 * Prometheus metrics without a client library: counters, gauges and fixed-bucket histograms with
 * labels, rendered in the text exposition format 0.0.4, served at `GET /metrics`; and the
 * application's own metrics (request latency per route family, cache hits/misses/bypasses,
 * invalidations by tag kind, cache size, SQL statements per request).
 */
import type { FastifyInstance } from 'fastify';

export type Labels = Record<string, string>;

export const CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

/** Label sets one metric may hold; beyond it, new label sets are folded into one `"_other"` series. */
const MAX_SERIES = 2_000;

function formatValue(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (value === Number.POSITIVE_INFINITY) return '+Inf';
  if (value === Number.NEGATIVE_INFINITY) return '-Inf';
  return String(value);
}

function escapeLabelValue(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');
}

function escapeHelp(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/\n/g, '\\n');
}

function renderLabels(names: readonly string[], values: readonly string[], extra?: [string, string]): string {
  const parts = names.map((name, i) => `${name}="${escapeLabelValue(values[i])}"`);
  if (extra) parts.push(`${extra[0]}="${escapeLabelValue(extra[1])}"`);
  return parts.length ? `{${parts.join(',')}}` : '';
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL = /^[a-zA-Z_][a-zA-Z0-9_]*$/;

interface MetricOptions {
  name: string;
  help: string;
  labelNames?: readonly string[];
}

abstract class Metric<S> {
  readonly name: string;
  readonly help: string;
  readonly labelNames: readonly string[];
  abstract readonly type: 'counter' | 'gauge' | 'histogram';
  protected readonly series = new Map<string, { values: string[]; state: S }>();

  constructor(options: MetricOptions) {
    if (!NAME.test(options.name)) throw new Error(`invalid metric name ${options.name}`);
    for (const label of options.labelNames ?? []) {
      if (!LABEL.test(label) || label.startsWith('__') || label === 'le') throw new Error(`invalid label name ${label}`);
    }
    this.name = options.name;
    this.help = options.help;
    this.labelNames = options.labelNames ?? [];
  }

  protected abstract initial(): S;
  abstract renderSeries(): string[];

  /** Runs for every observation: one key built by a plain loop, one map lookup when the series exists. */
  protected seriesFor(labels: Labels = {}): S {
    const names = this.labelNames;
    let key = '';
    for (let i = 0; i < names.length; i += 1) {
      const value = labels[names[i]];
      if (value === undefined) throw new Error(`metric ${this.name} needs label ${names[i]}`);
      key = i === 0 ? String(value) : `${key}\u0000${value}`;
    }
    const found = this.series.get(key);
    return found ? found.state : this.addSeries(key, labels);
  }

  private addSeries(key: string, labels: Labels): S {
    let values = this.labelNames.map((name) => String(labels[name]));
    if (this.series.size >= MAX_SERIES) {
      values = this.labelNames.map(() => '_other');
      key = values.join('\u0000');
    }
    let found = this.series.get(key);
    if (!found) this.series.set(key, (found = { values, state: this.initial() }));
    return found.state;
  }

  render(): string {
    return [`# HELP ${this.name} ${escapeHelp(this.help)}`, `# TYPE ${this.name} ${this.type}`, ...this.renderSeries()].join('\n');
  }
}

export class Counter extends Metric<{ value: number }> {
  readonly type = 'counter';
  protected initial() {
    return { value: 0 };
  }
  inc(labels?: Labels, by = 1): void {
    if (!(by >= 0)) throw new Error(`counter ${this.name} can only increase`);
    this.seriesFor(labels).value += by;
  }
  get(labels?: Labels): number {
    return this.seriesFor(labels).value;
  }
  renderSeries(): string[] {
    return [...this.series.values()].map(({ values, state }) => `${this.name}${renderLabels(this.labelNames, values)} ${formatValue(state.value)}`);
  }
}

export class Gauge extends Metric<{ value: number }> {
  readonly type = 'gauge';
  private readonly collect?: () => number;
  /** With `collect`, an unlabelled gauge read at scrape time. */
  constructor(options: MetricOptions & { collect?: () => number }) {
    super(options);
    this.collect = options.collect;
    if (this.collect && this.labelNames.length) throw new Error(`gauge ${this.name}: collect() is for unlabelled gauges`);
  }
  protected initial() {
    return { value: 0 };
  }
  set(value: number, labels?: Labels): void {
    this.seriesFor(labels).value = value;
  }
  inc(labels?: Labels, by = 1): void {
    this.seriesFor(labels).value += by;
  }
  renderSeries(): string[] {
    if (this.collect) this.set(this.collect());
    return [...this.series.values()].map(({ values, state }) => `${this.name}${renderLabels(this.labelNames, values)} ${formatValue(state.value)}`);
  }
}

export class Histogram extends Metric<{ counts: number[]; sum: number; count: number }> {
  readonly type = 'histogram';
  readonly buckets: readonly number[];
  constructor(options: MetricOptions & { buckets: readonly number[] }) {
    super(options);
    const buckets = [...options.buckets].filter((b) => b !== Number.POSITIVE_INFINITY);
    for (let i = 1; i < buckets.length; i += 1) if (!(buckets[i] > buckets[i - 1])) throw new Error(`histogram ${this.name}: buckets must increase`);
    this.buckets = buckets;
  }
  protected initial() {
    return { counts: this.buckets.map(() => 0), sum: 0, count: 0 };
  }
  observe(value: number, labels?: Labels): void {
    const state = this.seriesFor(labels);
    // Counts per bucket, not cumulative: the exposition sums them.
    const buckets = this.buckets;
    for (let i = 0; i < buckets.length; i += 1) {
      if (value <= buckets[i]) {
        state.counts[i] += 1;
        break;
      }
    }
    state.sum += value;
    state.count += 1;
  }
  renderSeries(): string[] {
    const lines: string[] = [];
    for (const { values, state } of this.series.values()) {
      let cumulative = 0;
      this.buckets.forEach((bound, i) => {
        cumulative += state.counts[i];
        lines.push(`${this.name}_bucket${renderLabels(this.labelNames, values, ['le', formatValue(bound)])} ${cumulative}`);
      });
      lines.push(`${this.name}_bucket${renderLabels(this.labelNames, values, ['le', '+Inf'])} ${state.count}`);
      lines.push(`${this.name}_sum${renderLabels(this.labelNames, values)} ${formatValue(state.sum)}`);
      lines.push(`${this.name}_count${renderLabels(this.labelNames, values)} ${state.count}`);
    }
    return lines;
  }
}

export class MetricsRegistry {
  private readonly metrics = new Map<string, { render(): string }>();

  counter(options: MetricOptions): Counter {
    return this.add(new Counter(options));
  }
  gauge(options: MetricOptions & { collect?: () => number }): Gauge {
    return this.add(new Gauge(options));
  }
  histogram(options: MetricOptions & { buckets: readonly number[] }): Histogram {
    return this.add(new Histogram(options));
  }

  /** The text exposition format 0.0.4. */
  render(): string {
    const blocks = [...this.metrics.values()].map((metric) => metric.render());
    return blocks.length ? blocks.join('\n') + '\n' : '';
  }

  private add<M extends { name: string; render(): string }>(metric: M): M {
    if (this.metrics.has(metric.name)) throw new Error(`metric ${metric.name} is already registered`);
    this.metrics.set(metric.name, metric);
    return metric;
  }
}

/** Serves the registry at `GET /metrics`. */
/** What /metrics serves, made from this process's own exposition (a cluster worker: every worker's sum, see src/cluster.ts). */
export type MetricsSource = (local: () => string) => () => Promise<string> | string;

export function registerMetrics(fastify: FastifyInstance, registry: MetricsRegistry, source?: MetricsSource): void {
  const local = () => registry.render();
  const answer = source ? source(local) : local;
  fastify.get('/metrics', async (_request, reply) => reply.header('Cache-Control', 'no-store').type(CONTENT_TYPE).send(await answer()));
}

/**
 * Several processes' expositions as one: each series (name and labels) summed, comments kept once.
 * Every metric here adds up across processes (counts, bytes, histogram buckets).
 */
export function sumExpositions(texts: readonly string[]): string {
  const order: string[] = [];
  const sums = new Map<string, number>();
  for (const text of texts) {
    for (const line of text.split('\n')) {
      if (!line) continue;
      if (line.startsWith('#')) {
        if (!sums.has(line)) {
          order.push(line);
          sums.set(line, Number.NaN);
        }
        continue;
      }
      const space = line.lastIndexOf(' ');
      const series = line.slice(0, space);
      const value = Number(line.slice(space + 1).replace('+Inf', 'Infinity'));
      if (!sums.has(series)) {
        order.push(series);
        sums.set(series, 0);
      }
      sums.set(series, (sums.get(series) as number) + value);
    }
  }
  const lines = order.map((key) => (key.startsWith('#') ? key : `${key} ${formatValue(sums.get(key) as number)}`));
  return lines.length ? lines.join('\n') + '\n' : '';
}

/** Seconds: cache hits take well under a millisecond, uncached lists a few milliseconds. */
export const LATENCY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;
export const STATEMENT_BUCKETS = [0, 1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 64, 128] as const;

export type CacheFace = 'rest' | 'graphql' | 'site';

/** The metrics the application feeds. `family` is `rest:<namespace>` (from the matched route, never the raw URL), `graphql` or `other`. */
export interface AppMetrics {
  registry: MetricsRegistry;
  requestDuration: Histogram;
  cacheHits: Counter;
  cacheMisses: Counter;
  cacheBypass: Counter;
  cacheInvalidations: Counter;
  cacheEntries: Gauge;
  cacheBytes: Gauge;
  statementsPerRequest: Histogram;
  observeRequest(family: string, method: string, status: number, seconds: number): void;
  cacheHit(face: CacheFace): void;
  cacheMiss(face: CacheFace): void;
  cacheBypassed(face: CacheFace, reason: string): void;
  /** One count per invalidated tag, by its kind (`c:12` → `c`, `list:Content:post` → `list`): bounded label values. */
  invalidated(tags: readonly string[]): void;
  statements(family: string, count: number): void;
}

/** The kind of a tag: the part before the first ':' (the whole tag when it has none). */
export function tagKind(tag: string): string {
  const colon = tag.indexOf(':');
  return colon < 0 ? tag : tag.slice(0, colon);
}

export function createAppMetrics(options: { cache?: { stats(): { entries: number; bytes: number } }; registry?: MetricsRegistry } = {}): AppMetrics {
  const registry = options.registry ?? new MetricsRegistry();
  const cache = options.cache;
  const requestDuration = registry.histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, by route family, method and status.',
    labelNames: ['family', 'method', 'status'],
    buckets: LATENCY_BUCKETS,
  });
  const cacheHits = registry.counter({ name: 'cache_hits_total', help: 'Reads answered from the response cache.', labelNames: ['face'] });
  const cacheMisses = registry.counter({ name: 'cache_misses_total', help: 'Cacheable reads computed because the cache had no fresh entry.', labelNames: ['face'] });
  const cacheBypass = registry.counter({ name: 'cache_bypass_total', help: 'Reads that could not use the cache, by reason.', labelNames: ['face', 'reason'] });
  const cacheInvalidations = registry.counter({ name: 'cache_invalidations_total', help: 'Invalidated tags applied by this instance, by tag kind.', labelNames: ['tag_kind'] });
  const cacheEntries = registry.gauge({ name: 'cache_entries', help: 'Entries in the response cache.', collect: () => cache?.stats().entries ?? 0 });
  const cacheBytes = registry.gauge({ name: 'cache_bytes', help: 'Approximate bytes held by the response cache.', collect: () => cache?.stats().bytes ?? 0 });
  const statementsPerRequest = registry.histogram({
    name: 'db_statements_per_request',
    help: 'SQL statements one request ran, by route family (observed for requests no other request overlapped).',
    labelNames: ['family'],
    buckets: STATEMENT_BUCKETS,
  });
  return {
    registry,
    requestDuration,
    cacheHits,
    cacheMisses,
    cacheBypass,
    cacheInvalidations,
    cacheEntries,
    cacheBytes,
    statementsPerRequest,
    observeRequest: (family, method, status, seconds) => requestDuration.observe(seconds, { family, method, status: String(status) }),
    cacheHit: (face) => cacheHits.inc({ face }),
    cacheMiss: (face) => cacheMisses.inc({ face }),
    cacheBypassed: (face, reason) => cacheBypass.inc({ face, reason }),
    invalidated: (tags) => {
      for (const tag of tags) cacheInvalidations.inc({ tag_kind: tagKind(tag) });
    },
    statements: (family, count) => statementsPerRequest.observe(count, { family }),
  };
}

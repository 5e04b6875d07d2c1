/**
 * The benchmark scenarios. `bare` is the baseline every other figure is compared with: a Fastify
 * route in the same server that does no work.
 */
export interface Scenario {
  name: string;
  path: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Runs once before the scenario (e.g. to create content through the API). */
  prepare?: (baseUrl: string) => Promise<void>;
}

export const BENCH_ADMIN_APP_PASSWORD = 'bench bench bench bench bench bnch';
const AUTH = 'Basic ' + Buffer.from(`admin:${BENCH_ADMIN_APP_PASSWORD}`).toString('base64');

/** Tops the demo site up to 100 published posts through the batch API (25 per batch). */
async function hundredPosts(baseUrl: string): Promise<void> {
  const res = await fetch(`${baseUrl}/wp-json/core/v2/posts?per_page=1`);
  const existing = Number(res.headers.get('x-wp-total') ?? 0);
  for (let made = existing; made < 100; ) {
    const requests = [];
    for (let i = 0; i < 25 && made < 100; i++, made++) {
      requests.push({ method: 'POST', path: '/core/v2/posts', body: { title: `Benchmark post ${made + 1}`, content: `Body of post ${made + 1}.\n\nSecond paragraph.`, status: 'publish', tags: [], categories: [] } });
    }
    const batch = await fetch(`${baseUrl}/wp-json/batch/v1`, { method: 'POST', headers: { Authorization: AUTH, 'Content-Type': 'application/json' }, body: JSON.stringify({ requests }) });
    if (batch.status !== 207) throw new Error(`seeding posts failed: ${batch.status} ${await batch.text()}`);
  }
}

export const scenarios: Scenario[] = [
  { name: 'bare', path: '/ping' },
  { name: 'index', path: '/wp-json/' },
  { name: 'namespace-root', path: '/wp-json/core/v2' },
  { name: 'posts-list', path: '/wp-json/core/v2/posts?per_page=10', prepare: hundredPosts },
  { name: 'posts-list-embed', path: '/wp-json/core/v2/posts?per_page=10&_embed' },
];

import { createHash } from 'node:crypto';
import { createInvalidationBus } from '../src/cache/invalidation';
import { createDatabase } from '../src/db/client';
import { matchUrlOf } from '../src/domain/redirects/url/match-url';
import { benchRuleRows, EXACT_RULES, REGEX_RULES } from './redirect-matcher';
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
  /** Runs once before the scenario (e.g. to create content through the API, or to check the answer). */
  prepare?: (baseUrl: string, databaseUrl: string) => Promise<void>;
  /** How BENCHMARKS.md shows the request when the path is too long to read (a GraphQL GET). */
  label?: string;
  /** Tells a failed answer that still has a 2xx status (GraphQL errors come with HTTP 200). */
  failed?: (body: string) => boolean;
  /** The scenario serving the same data over the other face: BENCHMARKS.md prints the ratio of the two. */
  sameDataAs?: string;
}

export const BENCH_ADMIN_APP_PASSWORD = 'bench bench bench bench bench bnch';
const AUTH = 'Basic ' + Buffer.from(`admin:${BENCH_ADMIN_APP_PASSWORD}`).toString('base64');

async function termIds(baseUrl: string, taxonomy: 'categories' | 'tags'): Promise<number[]> {
  const res = await fetch(`${baseUrl}/wp-json/core/v2/${taxonomy}?per_page=100&_fields=id`);
  return ((await res.json()) as Array<{ id: number }>).map((t) => t.id);
}

/**
 * Tops the demo site up to 100 published posts through the batch API (25 per batch), each with one
 * of the demo categories and two of its tags, so that lists with terms embed real terms.
 */
async function hundredPosts(baseUrl: string): Promise<void> {
  const res = await fetch(`${baseUrl}/wp-json/core/v2/posts?per_page=1`);
  const existing = Number(res.headers.get('x-wp-total') ?? 0);
  if (existing >= 100) return;
  const [categories, tags] = [await termIds(baseUrl, 'categories'), await termIds(baseUrl, 'tags')];
  for (let made = existing; made < 100; ) {
    const requests = [];
    for (let i = 0; i < 25 && made < 100; i++, made++) {
      const body = {
        title: `Benchmark post ${made + 1}`,
        content: `Body of post ${made + 1}.\n\nSecond paragraph.`,
        status: 'publish',
        categories: [categories[made % categories.length]],
        tags: [tags[made % tags.length], tags[(made + 1) % tags.length]],
      };
      requests.push({ method: 'POST', path: '/core/v2/posts', body });
    }
    const batch = await fetch(`${baseUrl}/wp-json/batch/v1`, { method: 'POST', headers: { Authorization: AUTH, 'Content-Type': 'application/json' }, body: JSON.stringify({ requests }) });
    if (batch.status !== 207) throw new Error(`seeding posts failed: ${batch.status} ${await batch.text()}`);
  }
}

// ---------------------------------------------------------------------------------------------
// The same page of posts over both faces: 10 posts with their author's name and their terms
// ---------------------------------------------------------------------------------------------

/** What a front-end listing asks for: the post, its author's name, its categories and tags. */
const POSTS_WITH_AUTHOR_AND_TERMS = `query LatestPosts {
  posts(first: 10) {
    nodes {
      databaseId title excerpt content date slug link
      author { node { name } }
      categories { nodes { databaseId name slug } }
      tags { nodes { databaseId name slug } }
    }
  }
}`;
const GRAPHQL_POST_BODY = JSON.stringify({ query: POSTS_WITH_AUTHOR_AND_TERMS, operationName: 'LatestPosts' });
const GRAPHQL_GET_PATH = `/graphql?query=${encodeURIComponent(POSTS_WITH_AUTHOR_AND_TERMS)}&operationName=LatestPosts`;
/** Apollo's CSRF prevention runs GET queries only when they cannot be a simple cross-site request. */
const GRAPHQL_GET_HEADERS = { 'apollo-require-preflight': 'true' };
const REST_EMBED_PATH = '/wp-json/core/v2/posts?per_page=10&_embed=author,wp:term';

/** A GraphQL answer carrying top-level `errors` (a string inside the data would be escaped). */
const hasGraphQLErrors = (body: string): boolean => body.includes('"errors":[');

interface GraphQLPostsAnswer {
  data?: { posts?: { nodes: Array<{ author: { node: { name: string } } | null; categories: { nodes: unknown[] } }> } };
  errors?: unknown[];
}

/**
 * A GraphQL error is still HTTP 200, so the load figures would count failures as successes: the
 * answer is checked once before loading (10 posts, each with its author and categories).
 */
function checkGraphQL(init: () => { path: string; init: RequestInit }) {
  return async (baseUrl: string): Promise<void> => {
    await hundredPosts(baseUrl);
    const { path, init: request } = init();
    const res = await fetch(baseUrl + path, request);
    const body = (await res.json()) as GraphQLPostsAnswer;
    const nodes = body.data?.posts?.nodes ?? [];
    if (res.status !== 200 || body.errors || nodes.length !== 10 || nodes.some((n) => !n.author?.node.name || n.categories.nodes.length === 0)) {
      throw new Error(`GraphQL scenario answers ${res.status}: ${JSON.stringify(body).slice(0, 500)}`);
    }
  };
}

/** The REST answer must carry the same data: each post's author and terms embedded. */
async function checkRestEmbed(baseUrl: string): Promise<void> {
  await hundredPosts(baseUrl);
  const res = await fetch(baseUrl + REST_EMBED_PATH);
  const posts = (await res.json()) as Array<{ _embedded?: { author?: Array<{ name?: string }>; 'wp:term'?: unknown[][] } }>;
  if (res.status !== 200 || posts.length !== 10 || posts.some((p) => !p._embedded?.author?.[0]?.name || (p._embedded['wp:term']?.[0]?.length ?? 0) === 0)) {
    throw new Error(`REST embed scenario answers ${res.status}: ${JSON.stringify(posts).slice(0, 500)}`);
  }
}

// ---------------------------------------------------------------------------------------------
// 10,000 events: one month of them by date range, over REST and GraphQL
// ---------------------------------------------------------------------------------------------

const EVENT_COUNT = 10_000;
const day = (offset: number): string => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
/** A month about a third into the 1,000 days the events cover (10 a day from tomorrow). */
const RANGE = { start: day(300), end: day(330) };
const REST_EVENTS_PATH = `/wp-json/events/v1/events?start_date=${RANGE.start}&end_date=${RANGE.end}&per_page=10`;
const EVENTS_IN_RANGE = `query EventsInRange($start: String!, $end: String!) {
  events(first: 10, where: { startDate: $start, endDate: $end }) {
    nodes {
      databaseId title startDate endDate timezone allDay cost uri
      venue { databaseId title address city }
      organizers { nodes { databaseId title email } }
      eventsCategories { nodes { databaseId name slug } }
    }
  }
}`;
const GRAPHQL_EVENTS_BODY = JSON.stringify({ query: EVENTS_IN_RANGE, variables: RANGE, operationName: 'EventsInRange' });

/**
 * Tops the calendar up to 10,000 published events, written straight into the server's database
 * by the domain's bulk insert (an operator's tool), cycling through 20 venues, 20 organizers and
 * 5 categories created over REST.
 */
async function tenThousandEvents(baseUrl: string, databaseUrl: string): Promise<void> {
  const all = await fetch(`${baseUrl}/wp-json/events/v1/events?per_page=1&start_date=2000-01-01&end_date=2100-01-01`);
  if (Number((await all.json() as { total?: number }).total ?? 0) >= EVENT_COUNT) return;
  const post = async (route: string, body: unknown): Promise<number> => {
    const res = await fetch(`${baseUrl}/wp-json/events/v1/${route}`, { method: 'POST', headers: { Authorization: AUTH, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    if (res.status !== 201 && res.status !== 200) throw new Error(`creating ${route}: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { id: number }).id;
  };
  const venueIds: number[] = [];
  const organizerIds: number[] = [];
  const categoryIds: number[] = [];
  for (let i = 0; i < 20; i++) {
    venueIds.push(await post('venues', { venue: `Bench venue ${i}`, address: `${i} Bench Street`, city: 'Springfield' }));
    organizerIds.push(await post('organizers', { organizer: `Bench organizer ${i}`, email: `organizer${i}@example.com` }));
  }
  for (let i = 0; i < 5; i++) categoryIds.push(await post('categories', { name: `Bench category ${i}` }));
  const { createDatabase } = await import('../src/db/client');
  const { insertManyEvents } = await import('../src/domain/events');
  const db = createDatabase(databaseUrl);
  try {
    await insertManyEvents(db, { count: EVENT_COUNT, venueIds, organizerIds, categoryIds });
  } finally {
    await db.close();
  }
}

async function checkEventsRange(baseUrl: string, databaseUrl: string): Promise<void> {
  await tenThousandEvents(baseUrl, databaseUrl);
  const res = await fetch(baseUrl + REST_EVENTS_PATH);
  const body = (await res.json()) as { events?: Array<{ venue?: { id?: number } }>; total?: number };
  if (res.status !== 200 || body.events?.length !== 10 || (body.total ?? 0) < 250 || body.events.some((e) => !e.venue?.id)) {
    throw new Error(`REST events scenario answers ${res.status}: ${JSON.stringify(body).slice(0, 500)}`);
  }
}

async function checkGraphQLEvents(baseUrl: string): Promise<void> {
  const res = await fetch(`${baseUrl}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: GRAPHQL_EVENTS_BODY });
  const body = (await res.json()) as { data?: { events?: { totalCount: number; nodes: Array<{ venue: unknown }> } }; errors?: unknown };
  const events = body.data?.events;
  if (res.status !== 200 || body.errors || events?.nodes.length !== 10 || events.totalCount < 250 || events.nodes.some((e) => !e.venue)) {
    throw new Error(`GraphQL events scenario answers ${res.status}: ${JSON.stringify(body).slice(0, 500)}`);
  }
}

// ---------------------------------------------------------------------------------------------
// Automatic persisted queries: hash-only GETs, the cacheable way front-ends send GraphQL
// ---------------------------------------------------------------------------------------------

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

function persisted(query: string, operationName: string, variables?: Record<string, unknown>) {
  const extensions = { persistedQuery: { version: 1, sha256Hash: sha256(query) } };
  const search = new URLSearchParams({ operationName, extensions: JSON.stringify(extensions), ...(variables ? { variables: JSON.stringify(variables) } : {}) });
  return {
    path: `/graphql?${search.toString()}`,
    /** The first request of a client: the query with its hash, which registers it. */
    register: async (baseUrl: string): Promise<void> => {
      const res = await fetch(`${baseUrl}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query, operationName, variables, extensions }) });
      const body = (await res.json()) as { errors?: unknown };
      if (res.status !== 200 || body.errors) throw new Error(`registering ${operationName}: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Redirects: a site page with and without 10,000 rules to match first (9,000 exact, 1,000 expressions)
// ---------------------------------------------------------------------------------------------

const SITE_PAGE_PATH = '/about/';

async function checkSitePage(baseUrl: string): Promise<void> {
  const res = await fetch(`${baseUrl}${SITE_PAGE_PATH}`);
  if (res.status !== 200) throw new Error(`${SITE_PAGE_PATH}: ${res.status}`);
}

/** Writes the matcher benchmark's 10,000 rules into the server's database and publishes them as a write would. */
async function tenThousandRedirects(baseUrl: string, databaseUrl: string): Promise<void> {
  const db = createDatabase(databaseUrl);
  try {
    const existing = await db.prisma.redirect.count();
    if (existing < EXACT_RULES + REGEX_RULES) {
      const defaults = { flag_query: 'exact' as const, flag_case: true, flag_trailing: true, flag_regex: false };
      const rows = benchRuleRows().map(({ id: _id, ...row }) => ({ ...row, matchUrl: matchUrlOf(row.url, { ...defaults, flag_regex: row.regex }) }));
      for (let i = 0; i < rows.length; i += 1000) await db.prisma.redirect.createMany({ data: rows.slice(i, i + 1000) });
      const bus = await createInvalidationBus(db, null);
      await bus.publish([...db.changes.take(), '*']);
      await bus.close();
    }
  } finally {
    await db.close();
  }
  await checkSitePage(baseUrl);
  const hit = await fetch(`${baseUrl}/legacy/section-5/page-5`, { redirect: 'manual' });
  if (hit.status !== 301 || hit.headers.get('location') !== '/new/page-5/') throw new Error(`the rules do not answer: ${hit.status} ${hit.headers.get('location')}`);
}

const PERSISTED_POSTS = persisted(POSTS_WITH_AUTHOR_AND_TERMS, 'LatestPosts');
const PERSISTED_EVENTS = persisted(EVENTS_IN_RANGE, 'EventsInRange', RANGE);

export const scenarios: Scenario[] = [
  { name: 'bare', path: '/ping' },
  { name: 'index', path: '/wp-json/' },
  { name: 'namespace-root', path: '/wp-json/core/v2' },
  { name: 'posts-list', path: '/wp-json/core/v2/posts?per_page=10', prepare: hundredPosts },
  { name: 'posts-list-embed', path: '/wp-json/core/v2/posts?per_page=10&_embed' },
  { name: 'rest-posts-author-terms', path: REST_EMBED_PATH, prepare: checkRestEmbed },
  {
    name: 'graphql-posts-post',
    path: '/graphql',
    method: 'POST',
    label: 'POST /graphql {"query": <LatestPosts>}',
    headers: { 'content-type': 'application/json' },
    body: GRAPHQL_POST_BODY,
    prepare: checkGraphQL(() => ({ path: '/graphql', init: { method: 'POST', headers: { 'content-type': 'application/json' }, body: GRAPHQL_POST_BODY } })),
    failed: hasGraphQLErrors,
    sameDataAs: 'rest-posts-author-terms',
  },
  {
    name: 'graphql-posts-get',
    path: GRAPHQL_GET_PATH,
    label: 'GET /graphql?query=<LatestPosts>&operationName=LatestPosts',
    headers: GRAPHQL_GET_HEADERS,
    prepare: checkGraphQL(() => ({ path: GRAPHQL_GET_PATH, init: { headers: GRAPHQL_GET_HEADERS } })),
    failed: hasGraphQLErrors,
    sameDataAs: 'rest-posts-author-terms',
  },
  {
    name: 'graphql-posts-persisted',
    path: PERSISTED_POSTS.path,
    label: 'GET /graphql?extensions={persistedQuery:<sha256 of LatestPosts>}',
    headers: GRAPHQL_GET_HEADERS,
    prepare: async (baseUrl) => {
      await hundredPosts(baseUrl);
      await PERSISTED_POSTS.register(baseUrl);
    },
    failed: hasGraphQLErrors,
    sameDataAs: 'rest-posts-author-terms',
  },
  { name: 'site-page', path: SITE_PAGE_PATH, prepare: checkSitePage },
  { name: 'site-page-10k-redirects', path: SITE_PAGE_PATH, label: `GET ${SITE_PAGE_PATH} (10,000 redirect rules to match first: 9,000 exact, 1,000 regular expressions)`, prepare: tenThousandRedirects },
  { name: 'rest-events-range', path: REST_EVENTS_PATH, label: `GET /wp-json/events/v1/events?start_date=<+300 days>&end_date=<+330 days>&per_page=10 (10,000 events)`, prepare: checkEventsRange },
  {
    name: 'graphql-events-range',
    path: '/graphql',
    method: 'POST',
    label: 'POST /graphql {"query": <EventsInRange>} (same range, venue, organizers, categories)',
    headers: { 'content-type': 'application/json' },
    body: GRAPHQL_EVENTS_BODY,
    prepare: checkGraphQLEvents,
    failed: hasGraphQLErrors,
    sameDataAs: 'rest-events-range',
  },
  {
    name: 'graphql-events-persisted',
    path: PERSISTED_EVENTS.path,
    label: 'GET /graphql?extensions={persistedQuery:<sha256 of EventsInRange>}&variables=<range>',
    headers: GRAPHQL_GET_HEADERS,
    prepare: async (baseUrl) => PERSISTED_EVENTS.register(baseUrl),
    failed: hasGraphQLErrors,
    sameDataAs: 'rest-events-range',
  },
];

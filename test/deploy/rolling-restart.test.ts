/**
 * Three compiled instances behind nginx (bench/stack.ts, the shipped deploy/nginx configuration)
 * on one PostgreSQL database, media in an S3-compatible bucket, cache purges to a webhook; a mixed
 * load through nginx (anonymous reads of lists and posts, signed-in creates and updates each read
 * back anonymously, media uploads) while the instances are restarted one by one with the rolling
 * restart. No request may fail, no read-back may be stale, no acknowledged write may be lost, and
 * every write is purged once, by one instance.
 * Needs PostgreSQL (TEST_DATABASE_URL, else the machine's server), nginx (/usr/sbin/nginx) and the
 * compiled server (built here if out of date).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { startStack, type Stack } from '../../bench/stack';
import { contentTag } from '../../src/cache/tags';
import { buildDist } from '../support/build';
import { ADMIN_APP_PASSWORD, ADMIN_LOGIN, basicAuth } from '../support/app';
import { startS3Server, type TestS3 } from '../support/s3-server';
import { createScratchDatabase, type ScratchDatabase } from '../support/scratch-postgres';

const AUTH = basicAuth(ADMIN_LOGIN, ADMIN_APP_PASSWORD);
const READERS = 4;
const WRITERS = 3;
const UPLOADS = 6;
/** Load keeps running this long after the last instance came back, so that each serves again. */
const AFTER_RESTARTS_MS = 2000;

jest.setTimeout(240000);

let database: ScratchDatabase | undefined;
let s3: TestS3;
let stack: Stack | undefined;
let webhook: Server;
const purges: string[][] = [];

beforeAll(async () => {
  // The stack runs dist/.
  buildDist();
  database = await createScratchDatabase('cs_deploy');
  s3 = await startS3Server();
  webhook = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk));
    req.on('end', () => {
      purges.push((JSON.parse(body) as { tags: string[] }).tags);
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => webhook.listen(0, '127.0.0.1', resolve));
  stack = await startStack({
    databaseUrl: database.url,
    instances: 3,
    nginx: true,
    env: {
      ...s3.env,
      ADMIN_USER: ADMIN_LOGIN,
      ADMIN_PASSWORD: 'correct horse battery staple',
      ADMIN_APP_PASSWORD,
      SEED_DEMO: 'true',
      SEO_ANALYSIS_ON_SAVE: 'false',
      CACHE_PURGE_WEBHOOK: `http://127.0.0.1:${(webhook.address() as AddressInfo).port}/purge`,
    },
  });
});

afterAll(async () => {
  await stack?.stop();
  await new Promise((resolve) => webhook?.close(resolve));
  await s3?.close();
  await database?.drop();
});

interface Outcome {
  requests: number;
  failures: string[];
  stale: string[];
  /** Post id -> the title of its last acknowledged write. */
  written: Map<number, string>;
  /** Post id -> acknowledged writes (create and updates). */
  writes: Map<number, number>;
  uploads: string[];
}

async function load(base: string, running: () => boolean): Promise<Outcome> {
  const outcome: Outcome = { requests: 0, failures: [], stale: [], written: new Map(), writes: new Map(), uploads: [] };
  /** One request through nginx; a connection error or an unexpected status is a failure. */
  const call = async (method: string, url: string, expected: number, init: RequestInit = {}): Promise<unknown> => {
    outcome.requests++;
    try {
      const res = await fetch(`${base}${url}`, { ...init, method });
      const text = await res.text();
      if (res.status !== expected) {
        outcome.failures.push(`${method} ${url}: ${res.status} ${text.slice(0, 200)}`);
        return undefined;
      }
      return JSON.parse(text) as unknown;
    } catch (error) {
      // undici's errors come from another realm than Jest's: no instanceof.
      const { message, cause } = error as { message?: string; cause?: { code?: string; message?: string } };
      outcome.failures.push(`${method} ${url}: ${message} (${cause?.code ?? ''} ${cause?.message ?? ''})`);
      return undefined;
    }
  };
  const list = (await call('GET', '/wp-json/core/v2/posts?per_page=20', 200)) as Array<{ id: number }>;
  const ids = list.map((post) => post.id);
  const json = (body: unknown): RequestInit => ({ headers: { authorization: AUTH, 'content-type': 'application/json' }, body: JSON.stringify(body) });

  const reader = async (n: number) => {
    const paths = ['/wp-json/core/v2/posts', '/wp-json/core/v2/posts?per_page=5&page=2', '/wp-json/core/v2/categories', '/wp-json/core/v2/pages'];
    for (let i = n; running(); i++) {
      await call('GET', i % 2 ? paths[(i >> 1) % paths.length] : `/wp-json/core/v2/posts/${ids[i % ids.length]}`, 200);
    }
  };
  /** The anonymous read-back of a post the writer just wrote. */
  const readBack = async (id: number, title: string) => {
    const post = (await call('GET', `/wp-json/core/v2/posts/${id}`, 200)) as { title: { rendered: string } } | undefined;
    if (post && post.title.rendered !== title) outcome.stale.push(`post ${id}: read "${post.title.rendered}" after writing "${title}"`);
  };
  const acknowledged = (id: number, title: string) => {
    outcome.written.set(id, title);
    outcome.writes.set(id, (outcome.writes.get(id) ?? 0) + 1);
  };
  const writer = async (n: number) => {
    for (let i = 0; running(); i++) {
      const title = `Writer ${n} post ${i}`;
      const created = (await call('POST', '/wp-json/core/v2/posts', 201, json({ title, content: `<p>${title}</p>`, status: 'publish' }))) as { id: number } | undefined;
      if (!created) continue;
      acknowledged(created.id, title);
      await readBack(created.id, title);
      for (let edit = 1; edit <= 2 && running(); edit++) {
        const next = `${title} edit ${edit}`;
        if (!(await call('POST', `/wp-json/core/v2/posts/${created.id}`, 200, json({ title: next })))) continue;
        acknowledged(created.id, next);
        await readBack(created.id, next);
      }
    }
  };
  const uploader = async () => {
    for (let i = 0; i < UPLOADS && running(); i++) {
      const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: { r: 40 * i, g: 0, b: 255 } } }).png().toBuffer();
      const name = `rolling-${i}.png`;
      const media = (await call('POST', '/wp-json/core/v2/media', 201, { headers: { authorization: AUTH, 'content-type': 'image/png', 'content-disposition': `attachment; filename="${name}"` }, body: png })) as { media_details: { file: string } } | undefined;
      if (media) outcome.uploads.push(media.media_details.file);
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
  };
  await Promise.all([...Array.from({ length: READERS }, (_, n) => reader(n)), ...Array.from({ length: WRITERS }, (_, n) => writer(n)), uploader()]);
  return outcome;
}

/** REST requests an instance answered since it started (its own /metrics, asked directly; /health probes are not REST). */
async function restRequestsServed(port: number): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  return text
    .split('\n')
    .filter((line) => line.startsWith('http_request_duration_seconds_count{family="rest:'))
    .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);
}

test('a rolling restart of three instances behind nginx under a mixed load: no failed request, no stale read, no lost write', async () => {
  const running = stack!;
  const before = running.instances.map((instance) => instance.pid);
  let loading = true;
  const outcome = load(running.url, () => loading);
  try {
    // Some load on the old instances first, then each one drained, restarted and back in turn.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    for (const instance of running.instances) await instance.restart();
    await new Promise((resolve) => setTimeout(resolve, AFTER_RESTARTS_MS));
  } finally {
    loading = false;
  }
  const result = await outcome;
  const writes = [...result.writes.values()].reduce((sum, n) => sum + n, 0);
  console.log(`rolling restart under load: ${result.requests} requests, ${writes} acknowledged writes on ${result.written.size} posts, ${result.uploads.length} uploads, ${result.failures.length} failed, ${result.stale.length} stale`);

  expect(result.failures).toEqual([]);
  expect(result.stale).toEqual([]);
  expect(result.requests).toBeGreaterThan(100);
  expect(result.written.size).toBeGreaterThan(0);

  // Every instance is a new process, and served requests through nginx since it started.
  const after = running.instances.map((instance) => instance.pid);
  after.forEach((pid, i) => expect(pid).not.toBe(before[i]));
  const served = await Promise.all(running.instances.map((instance) => restRequestsServed(instance.port)));
  console.log(`REST requests each instance served since its restart: ${served.join(", ")}`);
  for (const count of served) expect(count).toBeGreaterThan(0);

  // No lost write: each acknowledged post holds its last acknowledged title.
  const rows = await database!.query((c) => c.query<{ id: number; title: string }>('SELECT id, title FROM "Content" WHERE id = ANY($1)', [[...result.written.keys()]]));
  expect(new Map(rows.rows.map((row) => [row.id, row.title]))).toEqual(result.written);

  // Every upload is in the bucket.
  const keys = await s3.keys();
  expect(result.uploads.length).toBeGreaterThan(0);
  for (const file of result.uploads) expect(keys).toContain(file);

  // Every write was purged, each once (by the instance that made it): as many purges name the post as it had writes.
  const purgesOf = (id: number) => purges.filter((tags) => tags.includes(contentTag(id))).length;
  const deadline = Date.now() + 10000;
  while ([...result.writes].some(([id, count]) => purgesOf(id) < count) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  expect(new Map([...result.writes.keys()].map((id) => [id, purgesOf(id)]))).toEqual(result.writes);
});

/**
 * The fuzz run: a real server (the test app, listening) in this process, one keep-alive client,
 * fast-check driving generated cases with a fixed seed (FUZZ_SEED, or `random`) and FUZZ_RUNS
 * cases. Every answer is checked (shape.ts); a write that fails must leave every table's row count
 * as it was; afterwards the server still answers normal requests and no prototype was polluted.
 */
import { writeFileSync } from 'node:fs';
import fc from 'fast-check';
import { updateSecuritySettings } from '../../src/domain/security/settings-write';
import { startTestApp, type TestApp } from '../support/app';
import { KeepAliveClient, settle, type FuzzAnswer, type FuzzRequest } from './client';
import { check, Findings, type Face } from './shape';

export interface FuzzCase {
  request: FuzzRequest;
  /** Whose error shape applies. */
  face: Face;
  /** May change data (a non-GET method, or a method override): failures must change nothing. */
  writes: boolean;
  /** A normal request that must succeed (200-299). */
  expectSuccess?: boolean;
}

export const FUZZ_SEED = process.env.FUZZ_SEED === 'random' ? Date.now() ^ (Math.random() * 0x100000000) : Number(process.env.FUZZ_SEED ?? 20261125);

export function fuzzRuns(fallback: number): number {
  const runs = Number(process.env.FUZZ_RUNS);
  return Number.isInteger(runs) && runs > 0 ? runs : fallback;
}

/**
 * Tables whose rows a failed write must not change (the cache's log and persisted queries are
 * bookkeeping; the redirect and 404 logs are filled off the request's path by a batched writer, so
 * an earlier request's entries may land at any time).
 */
const TABLES = ['User', 'ApplicationPassword', 'Content', 'MenuItemDetail', 'EventDetail', 'VenueDetail', 'OrganizerDetail', 'EventVenue', 'EventOrganizer', 'ContentMeta', 'Term', 'TermMeta', 'TermRelationship', 'Option', 'EventImport', 'EventImportOrigin', 'Redirect', 'RedirectGroup'];

export async function rowCounts(test: TestApp): Promise<Record<string, number>> {
  const sql = `SELECT ${TABLES.map((t) => `(SELECT COUNT(*) FROM "${t}") AS "${t}"`).join(', ')}`;
  const [row] = await test.db.prisma.$queryRawUnsafe<Array<Record<string, number | bigint>>>(sql);
  return Object.fromEntries(TABLES.map((t) => [t, Number(row[t])]));
}

export interface FuzzServer {
  test: TestApp;
  client: KeepAliveClient;
  origin: URL;
}

/** A seeded server with a small body limit (so oversized bodies are cheap to send), listening on a port. */
export async function startFuzzServer(): Promise<FuzzServer> {
  const test = await startTestApp({ BODY_LIMIT: String(2 * 1024 * 1024) }, { seed: true });
  // One client sends thousands of hostile credentials: the brute-force protection would rightly
  // lock it out (test/security covers that). The fuzz checks answers, so its address is allow-listed.
  await updateSecuritySettings(test.db, { whitelisted: '127.0.0.1' }, { actor: 'fuzz harness' });
  const address = await test.app.fastify.listen({ port: 0, host: '127.0.0.1' });
  const origin = new URL(address);
  return { test, client: new KeepAliveClient(origin), origin };
}

/** Own property names of the built-in prototypes, to compare before and after a run. */
export function prototypeSnapshot(): Record<string, string[]> {
  const of = (o: object) => Reflect.ownKeys(o).map(String).sort();
  return { object: of(Object.prototype), array: of(Array.prototype), function: of(Function.prototype), string: of(String.prototype) };
}

/** Whether an answer reports that nothing was done: an error status, or GraphQL errors with no data. */
function failed(answer: FuzzAnswer, face: Face): boolean {
  if (answer.status >= 400) return true;
  if (face !== 'graphql') return false;
  try {
    const body = JSON.parse(answer.body.toString('utf8')) as { data?: Record<string, unknown> | null; errors?: unknown[] };
    return Array.isArray(body.errors) && (!body.data || Object.values(body.data).every((v) => v === null));
  } catch {
    return false;
  }
}

/** Runs the cases; returns the findings and how many cases ran. */
export async function runFuzz(server: FuzzServer, cases: fc.Arbitrary<FuzzCase>, runs: number): Promise<{ findings: Findings; ran: number }> {
  const findings = new Findings();
  let ran = 0;
  await fc.assert(
    fc.asyncProperty(cases, async (fuzzCase) => {
      ran += 1;
      const { request, face } = fuzzCase;
      const label = `${request.method} ${request.path.length > 160 ? request.path.slice(0, 160) + `… (${request.path.length} chars)` : request.path}${request.body !== undefined ? ` body(${String(request.headers?.['content-type'] ?? 'none')}): ${request.body.toString().slice(0, 120)}` : ''}${request.headers?.authorization ? ' [auth]' : ''}`;
      findings.current = { method: request.method, path: request.path.slice(0, 4000), headers: request.headers, body: request.body?.toString().slice(0, 4000) };
      const before = fuzzCase.writes ? await rowCounts(server.test) : null;
      const outcome = await server.client.request(request);
      const answer = check(findings, label, request.method, outcome, face);
      await settle();
      const silent = server.client.takeSilentClose();
      if (silent) findings.add('drop', label, silent);
      // A site page may be answered by a redirect rule a generated admin write made (its action, not a failure).
      const byRule = answer?.headers['x-redirect-by'] === 'redirection';
      if (answer && fuzzCase.expectSuccess && !byRule && (answer.status < 200 || answer.status > 299)) findings.add('shape', label, `a normal request failed: ${answer.status} ${answer.body.toString().slice(0, 160)}`);
      if (before && answer && failed(answer, face)) {
        const after = await rowCounts(server.test);
        const changed = Object.keys(before).filter((t) => before[t] !== after[t]);
        if (changed.length) findings.add('shape', label, `a failed write (${answer.status}) changed rows of ${changed.map((t) => `${t} ${before[t]}→${after[t]}`).join(', ')}`);
      }
      return true;
    }),
    { seed: FUZZ_SEED, numRuns: runs, endOnFailure: true },
  );
  return { findings, ran };
}

/** FUZZ_REPORT=<file prefix>: every finding of the run as JSON (<prefix>.<face>.json) and a summary on the console. */
export function reportFindings(face: string, ran: number, server: FuzzServer, findings: Findings): void {
  const prefix = process.env.FUZZ_REPORT;
  if (!prefix) return;
  writeFileSync(`${prefix}.${face.toLowerCase()}.json`, JSON.stringify(findings.list, null, 1));
  console.log(`${face} fuzz: ${ran} cases, ${server.client.sockets} sockets\n${findings.summary()}`);
}

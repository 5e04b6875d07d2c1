/**
 * The REST face (and every other HTTP path) under generated hostile input, on one keep-alive
 * connection, anonymous and as the admin: see harness.ts for what each answer must satisfy.
 * FUZZ_RUNS=20000 FUZZ_SEED=random npx jest test/fuzz for a longer run.
 */
import { FUZZ_SEED, fuzzRuns, prototypeSnapshot, reportFindings, runFuzz, startFuzzServer, type FuzzServer } from './harness';
import { restCases } from './rest-cases';

let server: FuzzServer;
const prototypes = prototypeSnapshot();

beforeAll(async () => {
  server = await startFuzzServer();
});

afterAll(async () => {
  server.client.close();
  await server.test.close();
});

test(`every route and method answers hostile input well-formed, without 5xx or a dropped connection (seed ${FUZZ_SEED})`, async () => {
  const routes = server.test.app.rest.deps.registry.all();
  const { findings, ran } = await runFuzz(server, restCases(routes, { admin: server.test.adminAuth }, server.test.config.restPrefix), fuzzRuns(4000));
  expect(ran).toBeGreaterThan(0);
  reportFindings('REST', ran, server, findings);
  expect(findings.summary()).toBe('0 findings (5xx: 0, drop: 0, shape: 0)\n');
}, 600_000);

test('the server still answers normal requests, anonymous and as the admin, and no prototype was polluted', async () => {
  const ping = await server.client.request({ method: 'GET', path: '/ping' });
  expect(ping.ok && ping.answer.status).toBe(200);
  const me = await server.client.request({ method: 'GET', path: `/${server.test.config.restPrefix}/core/v2/users/me`, headers: { authorization: server.test.adminAuth } });
  expect(me.ok && me.answer.status).toBe(200);
  const posts = await server.client.request({ method: 'GET', path: `/${server.test.config.restPrefix}/core/v2/posts` });
  expect(posts.ok && posts.answer.status).toBe(200);
  expect(prototypeSnapshot()).toEqual(prototypes);
  const probe = {} as Record<string, unknown>;
  for (const key of ['x', 'y', 'a', 'id', 'name', 'polluted']) expect(probe[key]).toBeUndefined();
});

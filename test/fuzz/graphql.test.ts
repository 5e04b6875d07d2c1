/**
 * The GraphQL face under generated hostile input derived from the executable schema, on one
 * keep-alive connection, anonymous and as the admin: see harness.ts for what each answer must satisfy.
 */
import { buildSchema } from '../../src/graphql/schema';
import { graphqlCases } from './graphql-cases';
import { FUZZ_SEED, fuzzRuns, prototypeSnapshot, reportFindings, runFuzz, startFuzzServer, type FuzzServer } from './harness';

let server: FuzzServer;
const prototypes = prototypeSnapshot();

beforeAll(async () => {
  server = await startFuzzServer();
});

afterAll(async () => {
  server.client.close();
  await server.test.close();
});

test(`every root field and argument answers hostile input with errors[], never a 5xx or a dropped connection (seed ${FUZZ_SEED})`, async () => {
  const { findings, ran } = await runFuzz(server, graphqlCases(buildSchema(), { admin: server.test.adminAuth }), fuzzRuns(1500));
  expect(ran).toBeGreaterThan(0);
  reportFindings('GraphQL', ran, server, findings);
  expect(findings.summary()).toBe('0 findings (5xx: 0, drop: 0, shape: 0)\n');
}, 600_000);

test('the server still answers, anonymous and as the admin, and no prototype was polluted', async () => {
  const anonymous = await server.client.request({ method: 'POST', path: '/graphql', headers: { 'content-type': 'application/json' }, body: '{"query":"{ posts(first: 1) { nodes { id } } }"}' });
  expect(anonymous.ok && anonymous.answer.status).toBe(200);
  const admin = await server.client.request({ method: 'POST', path: '/graphql', headers: { 'content-type': 'application/json', authorization: server.test.adminAuth }, body: '{"query":"{ viewer { databaseId } }"}' });
  expect(admin.ok && JSON.parse(admin.answer.body.toString()).data.viewer.databaseId).toBe(1);
  expect(prototypeSnapshot()).toEqual(prototypes);
  const probe = {} as Record<string, unknown>;
  for (const key of ['x', 'y', 'a', 'id', 'name', 'polluted']) expect(probe[key]).toBeUndefined();
});

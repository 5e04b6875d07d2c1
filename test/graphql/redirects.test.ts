/**
 * The redirects area of the GraphQL face (graphql/redirects-additions.graphql) through a real HTTP
 * server and a front-end's client (urql): `redirection` as the Add WPGraphQL Redirection plugin
 * answers it, redirects, groups and logs with their filters and Relay paging, every mutation, who
 * may do what — and the same records as redirects/v1 answers them.
 */
import { appendNotFoundLogs, appendRedirectLogs } from '../../src/domain/redirects/logs-write';
import { startTestApp, userAuth, type TestApp } from '../support/app';
import { execute, listen, run, type GraphQLTestServer } from './client';
import { operation } from './compat/operations';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const NS = '/wp-json/redirects/v1';
const gid = (kind: string, id: number) => Buffer.from(`${kind}:${id}`).toString('base64');

const REDIRECT_FIELDS = `id databaseId url matchUrl matchType actionType actionCode target actionData
  sourceFlags { query caseInsensitive ignoreTrailingSlash regex } logExcluded title hits lastAccess enabled regex position groupDatabaseId`;

const REDIRECTION = `{ redirection { redirects { origin target type code groupId groupName matchType } } }`;

describe('GraphQL redirects', () => {
  let t: TestApp;
  let server: GraphQLTestServer;
  const auth: Record<'editor' | 'subscriber', string> = { editor: '', subscriber: '' };

  const admin = <T = Json>(query: string, variables: Json = {}) => run<T>(server.client(t.adminAuth), query, variables);
  const rest = (method: 'get' | 'post', route: string, body: Json = {}) => {
    const req = method === 'get' ? t.request.get(`${NS}${route}`) : t.request.post(`${NS}${route}`).send(body);
    return req.set('Authorization', t.adminAuth);
  };
  /** Creates redirects through REST (as an administrator's screen does) and answers them. */
  const create = async (body: Json) => {
    const res = await rest('post', '/redirect', { group_id: 1, match_type: 'url', action_type: 'url', action_code: 301, action_data: { url: '/to' }, ...body });
    if (res.status !== 200) throw new Error(JSON.stringify(res.body));
    const list = (await rest('get', '/redirect?per_page=200&orderby=id&direction=desc').expect(200)).body.items as Json[];
    return list[0];
  };
  const reset = async () => {
    await t.db.prisma.redirect.deleteMany({});
    await t.db.prisma.redirectGroup.deleteMany({ where: { id: { gt: 2 } } });
    await t.db.prisma.redirectGroup.updateMany({ data: { enabled: true } });
    await t.db.prisma.redirectLog.deleteMany({});
    await t.db.prisma.notFoundLog.deleteMany({});
  };

  beforeAll(async () => {
    t = await startTestApp();
    server = await listen(t);
    for (const role of Object.keys(auth) as Array<keyof typeof auth>) auth[role] = await userAuth(t, role, role);
  });
  afterAll(() => t.close());
  beforeEach(reset);

  describe('redirection (the Add WPGraphQL Redirection plugin)', () => {
    it('is null when there are no redirects, as the plugin answers', async () => {
      expect(await admin(REDIRECTION)).toEqual({ redirection: { redirects: null } });
      expect(await run(server.client(), REDIRECTION)).toEqual({ redirection: { redirects: null } });
    });

    it('lists every redirect to administrators by position, with the raw target column', async () => {
      const apache = (await rest('post', '/group', { name: 'Server', moduleId: 2 }).expect(200)).body.items.find((g: Json) => g.name === 'Server');
      await create({ url: '/old-b', action_data: { url: '/new-b' }, position: 2 });
      await create({ url: '/old-a', action_data: { url: 'https://elsewhere.test/a' }, action_code: 308, position: 1 });
      await create({ url: '^/blog/(\\d+)$', regex: 1, action_data: { url: '/posts/$1' }, position: 3 });
      await create({ url: '/gone', action_type: 'error', action_code: 410, position: 4 });
      await create({ url: '/off', enabled: false, position: 5 });
      await create({ url: '/agent', match_type: 'agent', action_data: { agent: 'Bot', regex: false, url_from: '/bots', url_notfrom: '' }, position: 6 });
      await create({ url: '/apache', group_id: apache.id, position: 7 });
      await create({ url: '/monitored', group_id: 2, position: 8 });

      const { redirection } = await admin(REDIRECTION);
      expect(redirection.redirects).toEqual([
        { origin: '/old-a', target: 'https://elsewhere.test/a', type: 'url', code: 308, groupId: 1, groupName: 'Redirections', matchType: 'url' },
        { origin: '/old-b', target: '/new-b', type: 'url', code: 301, groupId: 1, groupName: 'Redirections', matchType: 'url' },
        { origin: '^/blog/(\\d+)$', target: '/posts/$1', type: 'url', code: 301, groupId: 1, groupName: 'Redirections', matchType: 'url' },
        { origin: '/gone', target: null, type: 'error', code: 410, groupId: 1, groupName: 'Redirections', matchType: 'url' },
        { origin: '/off', target: '/to', type: 'url', code: 301, groupId: 1, groupName: 'Redirections', matchType: 'url' },
        // The plugin's column holds a condition match's data serialised by PHP.
        { origin: '/agent', target: 'a:4:{s:5:"regex";b:0;s:5:"agent";s:3:"Bot";s:8:"url_from";s:5:"/bots";s:11:"url_notfrom";s:0:"";}', type: 'url', code: 301, groupId: 1, groupName: 'Redirections', matchType: 'agent' },
        { origin: '/apache', target: '/to', type: 'url', code: 301, groupId: apache.id, groupName: 'Server', matchType: 'url' },
        { origin: '/monitored', target: '/to', type: 'url', code: 301, groupId: 2, groupName: 'Modified Posts', matchType: 'url' },
      ]);

      // Everybody else: what the site answers any visitor (enabled URL matches in enabled site groups).
      const anonymous = (await run<Json>(server.client(), REDIRECTION)).redirection.redirects.map((r: Json) => r.origin);
      expect(anonymous).toEqual(['/old-a', '/old-b', '^/blog/(\\d+)$', '/gone', '/monitored']);
      const subscriber = (await run<Json>(server.client(auth.subscriber), REDIRECTION)).redirection.redirects.map((r: Json) => r.origin);
      expect(subscriber).toEqual(anonymous);
      await rest('post', '/bulk/group/disable', { items: [2] }).expect(200);
      expect((await run<Json>(server.client(), REDIRECTION)).redirection.redirects.map((r: Json) => r.origin)).toEqual(['/old-a', '/old-b', '^/blog/(\\d+)$', '/gone']);
    });

    it('answers a front-end build (the compat suite\'s BuildRedirects) what the site itself does', async () => {
      await create({ url: '/listed', action_data: { url: '/landing/' }, action_code: 302 });
      const [entry] = (await run<Json>(server.client(), operation('BuildRedirects').document)).redirection.redirects;
      expect(entry).toEqual({ groupId: 1, groupName: 'Redirections', origin: '/listed', target: '/landing/', type: 'url', code: 302, matchType: 'url' });
      const res = await t.request.get(entry.origin);
      expect(res.status).toBe(entry.code);
      expect(res.headers.location).toBe(entry.target);
    });
  });

  describe('redirects', () => {
    it('shows the records redirects/v1 shows', async () => {
      const plain = await create({ url: '/Plain/', title: 'A title', match_data: { source: { flag_query: 'pass', flag_case: false }, options: { log_exclude: true } }, action_code: 307 });
      const regex = await create({ url: '^/r/(.*)$', regex: 1, action_data: { url: '/x/$1' } });
      const login = await create({ url: '/members', match_type: 'login', action_data: { logged_in: '/in', logged_out: '/out' } });
      await t.db.prisma.redirect.update({ where: { id: plain.id }, data: { hits: 3, lastAccess: new Date(Date.UTC(2026, 10, 20, 8, 0, 0)) } });

      const data = await admin(`{ redirects(first: 10) { nodes { ${REDIRECT_FIELDS} group { databaseId name } } } }`);
      const byId = new Map<number, Json>(data.redirects.nodes.map((n: Json) => [n.databaseId, n]));
      const restItems = new Map<number, Json>(((await rest('get', '/redirect?per_page=200').expect(200)).body.items as Json[]).map((r) => [r.id, r]));
      for (const node of byId.values()) {
        const r = restItems.get(node.databaseId) as Json;
        expect(node).toMatchObject({
          id: gid('redirect', r.id), url: r.url, matchUrl: r.match_url, matchType: r.match_type.toUpperCase(), actionType: r.action_type.toUpperCase(),
          actionCode: r.action_code, actionData: r.action_data === null ? null : JSON.stringify(r.action_data), title: r.title === '' ? null : r.title,
          hits: r.hits, enabled: r.enabled, regex: r.regex, position: r.position, groupDatabaseId: r.group_id, group: { databaseId: r.group_id, name: 'Redirections' },
          sourceFlags: {
            query: { exact: 'EXACT', exactorder: 'EXACT_ORDER', ignore: 'IGNORE', pass: 'PASS' }[r.match_data.source.flag_query as string],
            caseInsensitive: r.match_data.source.flag_case, ignoreTrailingSlash: r.match_data.source.flag_trailing, regex: r.match_data.source.flag_regex,
          },
          logExcluded: r.match_data.options?.log_exclude === true,
        });
      }
      expect(byId.get(plain.id)).toMatchObject({ target: '/to', lastAccess: '2026-11-20T08:00:00.000Z', hits: 3, title: 'A title', logExcluded: true, actionCode: 307 });
      expect(byId.get(plain.id)?.sourceFlags).toEqual({ query: 'PASS', caseInsensitive: false, ignoreTrailingSlash: true, regex: false });
      expect(byId.get(regex.id)).toMatchObject({ target: '/x/$1', regex: true, matchUrl: 'regex', lastAccess: null, sourceFlags: { regex: true, query: 'EXACT' } });
      expect(byId.get(login.id)).toMatchObject({ matchType: 'LOGIN', target: null, actionData: JSON.stringify({ logged_in: '/in', logged_out: '/out' }) });
    });

    it('looks one up by global or database id, and through node(id:)', async () => {
      const r = await create({ url: '/one' });
      const q = `query ($id: ID!, $type: RedirectIdType) { redirect(id: $id, idType: $type) { databaseId url } }`;
      expect((await admin(q, { id: gid('redirect', r.id) })).redirect).toEqual({ databaseId: r.id, url: '/one' });
      expect((await admin(q, { id: String(r.id), type: 'DATABASE_ID' })).redirect).toEqual({ databaseId: r.id, url: '/one' });
      expect((await admin(q, { id: '999999', type: 'DATABASE_ID' })).redirect).toBeNull();
      const node = await admin(`query ($id: ID!) { node(id: $id) { __typename id ... on Redirect { url } } }`, { id: gid('redirect', r.id) });
      expect(node.node).toEqual({ __typename: 'Redirect', id: gid('redirect', r.id), url: '/one' });
      const group = await admin(`query ($id: ID!) { node(id: $id) { __typename ... on RedirectGroup { name } } }`, { id: gid('redirect_group', 1) });
      expect(group.node).toEqual({ __typename: 'RedirectGroup', name: 'Redirections' });
    });

    it('pages with Relay cursors through the list redirects/v1 orders, 10 by default', async () => {
      for (let i = 0; i < 23; i++) await rest('post', '/redirect', { url: `/page-${String(i).padStart(2, '0')}`, group_id: 1, action_data: { url: '/to' } }).expect(200);
      const restIds = ((await rest('get', '/redirect?per_page=200').expect(200)).body.items as Json[]).map((r) => r.id);
      const q = `query ($first: Int, $last: Int, $after: String, $before: String, $where: RootQueryToRedirectConnectionWhereArgs) {
        redirects(first: $first, last: $last, after: $after, before: $before, where: $where) {
          edges { cursor node { databaseId } } pageInfo { hasNextPage hasPreviousPage startCursor endCursor } } }`;
      const ids = (d: Json) => d.redirects.edges.map((e: Json) => e.node.databaseId);

      const first = await admin(q);
      expect(ids(first)).toEqual(restIds.slice(0, 10));
      expect(first.redirects.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });

      const seen: number[] = [];
      let after: string | null = null;
      for (;;) {
        const page: Json = await admin(q, { first: 7, after });
        seen.push(...ids(page));
        if (!page.redirects.pageInfo.hasNextPage) break;
        after = page.redirects.pageInfo.endCursor;
        // A redirect made between two pages goes to the top (id descending): the cursor still continues after its item.
        if (seen.length === 7) await rest('post', '/redirect', { url: '/late', group_id: 1, action_data: { url: '/to' } }).expect(200);
      }
      expect(seen).toEqual(restIds);

      const last = await admin(q, { last: 4 });
      expect(ids(last)).toEqual(restIds.slice(-4));
      expect(last.redirects.pageInfo).toMatchObject({ hasPreviousPage: true, hasNextPage: false });
      const before = await admin(q, { last: 3, before: last.redirects.pageInfo.startCursor });
      expect(ids(before)).toEqual(restIds.slice(-7, -4));

      // WPGraphQL's limits: at most 100, first and last not together.
      const big = await admin(q, { first: 500 });
      expect(ids(big)).toHaveLength(restIds.length + 1);
      const both = await execute(server.client(t.adminAuth), q, { first: 1, last: 1 });
      expect(both.error?.graphQLErrors[0].message).toMatch(/first and last cannot be used together/);
    });

    it('filters and orders as redirects/v1 does', async () => {
      const other = (await rest('post', '/group', { name: 'Other', moduleId: 1 }).expect(200)).body.items.find((g: Json) => g.name === 'Other');
      await create({ url: '/alpha', title: 'First one', action_data: { url: '/target-a' } });
      await create({ url: '^/beta/.*', regex: 1, action_code: 302, action_data: { url: '/target-b' } });
      await create({ url: '/gamma', action_type: 'error', action_code: 410, enabled: false });
      await create({ url: '/delta', match_type: 'referrer', action_data: { referrer: 'x', regex: false, url_from: '/d', url_notfrom: '' }, group_id: other.id });
      const hit = await create({ url: '/epsilon' });
      await t.db.prisma.redirect.update({ where: { id: hit.id }, data: { hits: 9, lastAccess: new Date() } });

      const q = `query ($where: RootQueryToRedirectConnectionWhereArgs) { redirects(first: 100, where: $where) { nodes { url } } }`;
      const urls = async (where: Json) => (await admin(q, { where })).redirects.nodes.map((n: Json) => n.url);
      const restUrls = async (query: string) => ((await rest('get', `/redirect?per_page=200&${query}`).expect(200)).body.items as Json[]).map((r) => r.url);

      const cases: Array<[Json, string]> = [
        [{ status: false }, 'filterBy[status]=disabled'],
        [{ status: true }, 'filterBy[status]=enabled'],
        [{ urlMatch: true }, 'filterBy[url-match]=regular'],
        [{ matchType: 'REFERRER' }, 'filterBy[match]=referrer'],
        [{ actionType: 'ERROR' }, 'filterBy[action]=error'],
        [{ httpCode: 302 }, 'filterBy[http]=302'],
        [{ access: 'NEVER' }, 'filterBy[access]=never'],
        [{ url: 'ALP' }, 'filterBy[url]=ALP'],
        [{ target: 'target-b' }, 'filterBy[target]=target-b'],
        [{ title: 'first' }, 'filterBy[title]=first'],
        [{ groupId: gid('redirect_group', other.id) }, `filterBy[group]=${other.id}`],
        [{ groupId: String(other.id) }, `filterBy[group]=${other.id}`],
        [{ orderby: { field: 'SOURCE', order: 'ASC' } }, 'orderby=source&direction=asc'],
        [{ orderby: { field: 'HITS' } }, 'orderby=last_count'],
        [{ orderby: { field: 'LAST_ACCESS', order: 'ASC' } }, 'orderby=last_access&direction=asc'],
        [{ status: true, orderby: { field: 'POSITION', order: 'ASC' } }, 'filterBy[status]=enabled&orderby=position&direction=asc'],
      ];
      for (const [where, query] of cases) expect([where, await urls(where)]).toEqual([where, await restUrls(query)]);
      expect(await urls({ orderby: { field: 'SOURCE', order: 'ASC' } })).toEqual(['/alpha', '/delta', '/epsilon', '/gamma', '^/beta/.*']);

      // Paging by cursor through an ordered, filtered list follows the same order.
      const pq = `query ($after: String) { redirects(first: 2, after: $after, where: { orderby: { field: 'SOURCE', order: ASC } }) { nodes { url } pageInfo { endCursor hasNextPage } } }`.replace(`'SOURCE'`, 'SOURCE');
      const one = await admin(pq);
      const two = await admin(pq, { after: one.redirects.pageInfo.endCursor });
      expect([...one.redirects.nodes, ...two.redirects.nodes].map((n: Json) => n.url)).toEqual(['/alpha', '/delta', '/epsilon', '/gamma']);
    });
  });

  describe('groups', () => {
    it('lists groups as redirects/v1 does, with their redirects', async () => {
      await rest('post', '/group', { name: 'Nginx rules', moduleId: 3 }).expect(200);
      await create({ url: '/in-one' });
      await create({ url: '/in-one-too' });
      const data = await admin(`{ redirectGroups(first: 10, where: { orderby: { field: ID, order: ASC } }) { nodes { id databaseId name moduleId moduleName enabled redirectCount isDefault
        redirects(first: 1) { nodes { url } pageInfo { hasNextPage } } } } }`);
      const restGroups = ((await rest('get', '/group?orderby=id&direction=asc').expect(200)).body.items as Json[]);
      expect(data.redirectGroups.nodes.map((g: Json) => ({ id: g.databaseId, name: g.name, redirects: g.redirectCount, module_id: g.moduleId, moduleName: g.moduleName, enabled: g.enabled, ...(g.isDefault ? { default: true } : {}) })))
        .toEqual(restGroups);
      expect(data.redirectGroups.nodes[0]).toMatchObject({ id: gid('redirect_group', 1), isDefault: true, redirectCount: 2, redirects: { nodes: [{ url: '/in-one-too' }], pageInfo: { hasNextPage: true } } });
      expect(data.redirectGroups.nodes[2]).toMatchObject({ moduleName: 'Nginx', redirectCount: 0, redirects: { nodes: [] } });

      const filtered = await admin(`{ redirectGroups(where: { moduleId: 3 }) { nodes { name } } a: redirectGroups(where: { name: "modif" }) { nodes { name } } }`);
      expect(filtered).toEqual({ redirectGroups: { nodes: [{ name: 'Nginx rules' }] }, a: { nodes: [{ name: 'Modified Posts' }] } });
      const lookup = await admin(`{ redirectGroup(id: "2", idType: DATABASE_ID) { name } missing: redirectGroup(id: "9999", idType: DATABASE_ID) { name } }`);
      expect(lookup).toEqual({ redirectGroup: { name: 'Modified Posts' }, missing: null });
    });
  });

  describe('logs', () => {
    const base = Date.UTC(2026, 10, 22, 3, 20, 0);
    const at = (minutes: number) => new Date(base + minutes * 60_000);

    it('lists the 404 log with its filters and paging, as redirects/v1 does', async () => {
      await appendNotFoundLogs(t.db, [
        { createdAt: at(0), url: '/a', domain: 'http://example.test', ip: '10.0.0.1', agent: 'Mozilla/5.0', referrer: 'http://example.test/', requestMethod: 'GET' },
        { createdAt: at(1), url: '/a', domain: 'http://example.test', ip: '10.0.0.2', agent: 'curl/8.0', requestMethod: 'GET' },
        { createdAt: at(2), url: '/b', domain: 'http://other.test', ip: '10.0.0.1', agent: 'Mozilla/5.0', requestMethod: 'HEAD' },
        { createdAt: at(3), url: '/c', domain: 'http://example.test', ip: '10.0.0.3', agent: 'Mozilla/5.0', requestMethod: 'POST' },
      ]);
      const q = `query ($where: RootQueryToNotFoundLogEntryConnectionWhereArgs, $first: Int, $after: String) {
        notFoundLogEntries(first: $first, after: $after, where: $where) { nodes { id databaseId created url domain sentTo agent referrer ip httpCode requestMethod redirect { id } } pageInfo { hasNextPage endCursor } } }`;
      const all = (await admin(q)).notFoundLogEntries.nodes as Json[];
      const restItems = (await rest('get', '/404').expect(200)).body.items as Json[];
      expect(all.map((e) => e.databaseId)).toEqual(restItems.map((e) => e.id));
      expect((await admin(`query ($id: ID!) { node(id: $id) { ... on NotFoundLogEntry { url ip } } }`, { id: all[0].id })).node).toEqual({ url: '/c', ip: '10.0.0.3' });
      expect(all[3]).toEqual({
        id: gid('not_found_log', restItems[3].id), databaseId: restItems[3].id, created: '2026-11-22T03:20:00.000Z', url: '/a', domain: 'http://example.test', sentTo: null,
        agent: 'Mozilla/5.0', referrer: 'http://example.test/', ip: '10.0.0.1', httpCode: 404, requestMethod: 'GET', redirect: null,
      });
      const urls = async (where: Json) => ((await admin(q, { where })).notFoundLogEntries.nodes as Json[]).map((e) => e.url);
      expect(await urls({ ip: '10.0.0.1' })).toEqual(['/b', '/a']);
      expect(await urls({ url: 'A' })).toEqual(['/a', '/a']);
      expect(await urls({ urlExact: '/c' })).toEqual(['/c']);
      expect(await urls({ agent: 'curl' })).toEqual(['/a']);
      expect(await urls({ domain: 'other' })).toEqual(['/b']);
      expect(await urls({ method: 'head' })).toEqual(['/b']);
      expect(await urls({ httpCode: 404, referrer: 'example' })).toEqual(['/a']);
      expect(await urls({ orderby: { field: 'URL', order: 'ASC' } })).toEqual(['/a', '/a', '/b', '/c']);

      const one = await admin(q, { first: 3, where: { orderby: { field: 'URL', order: 'ASC' } } });
      expect(one.notFoundLogEntries.pageInfo.hasNextPage).toBe(true);
      const two = await admin(q, { first: 3, after: one.notFoundLogEntries.pageInfo.endCursor, where: { orderby: { field: 'URL', order: 'ASC' } } });
      expect(two.notFoundLogEntries.nodes.map((e: Json) => e.url)).toEqual(['/c']);
    });

    it('lists the redirect log with the redirect that answered', async () => {
      const r = await create({ url: '/logged' });
      await appendRedirectLogs(t.db, [
        { createdAt: at(0), url: '/logged', domain: 'http://example.test', ip: '10.0.0.9', sentTo: '/to', redirectId: r.id, httpCode: 301 },
        { createdAt: at(1), url: '/canonical', domain: 'http://example.test', ip: '10.0.0.9', sentTo: '/canonical/', redirectId: 0, redirectBy: 'wordpress', httpCode: 301 },
      ]);
      const data = await admin(`{ redirectLogEntries { nodes { id databaseId url sentTo httpCode redirectBy redirectDatabaseId redirect { databaseId url } } } }`);
      const restItems = (await rest('get', '/log').expect(200)).body.items as Json[];
      expect(data.redirectLogEntries.nodes).toEqual([
        { id: gid('redirect_log', restItems[0].id), databaseId: restItems[0].id, url: '/canonical', sentTo: '/canonical/', httpCode: 301, redirectBy: 'wordpress', redirectDatabaseId: 0, redirect: null },
        { id: gid('redirect_log', restItems[1].id), databaseId: restItems[1].id, url: '/logged', sentTo: '/to', httpCode: 301, redirectBy: 'redirection', redirectDatabaseId: r.id, redirect: { databaseId: r.id, url: '/logged' } },
      ]);
      const node = await admin(`query ($id: ID!) { node(id: $id) { __typename ... on RedirectLogEntry { url redirect { url } } } }`, { id: gid('redirect_log', restItems[1].id) });
      expect(node.node).toEqual({ __typename: 'RedirectLogEntry', url: '/logged', redirect: { url: '/logged' } });
      const anonymousNode = await run<Json>(server.client(), `query ($id: ID!) { node(id: $id) { id } }`, { id: gid('redirect_log', restItems[1].id) });
      expect(anonymousNode.node).toBeNull();
      const filtered = await admin(`{ a: redirectLogEntries(where: { target: "canonical/" }) { nodes { url } } b: redirectLogEntries(where: { redirectBy: "redirection" }) { nodes { url } } }`);
      expect(filtered).toEqual({ a: { nodes: [{ url: '/canonical' }] }, b: { nodes: [{ url: '/logged' }] } });
    });

    it('deletes entries by id and by filter', async () => {
      await appendNotFoundLogs(t.db, ['/x', '/y', '/z', '/zz'].map((url, i) => ({ createdAt: at(i), url, domain: 'http://example.test', ip: '' })));
      await appendRedirectLogs(t.db, [{ url: '/r', domain: 'http://example.test', ip: '', sentTo: '/s' }]);
      const ids = ((await rest('get', '/404').expect(200)).body.items as Json[]).map((e) => e.id);
      const byId = await admin(`mutation ($ids: [ID]) { deleteNotFoundLogEntries(input: { clientMutationId: "d1", ids: $ids }) { clientMutationId remaining } }`, { ids: [String(ids[0]), gid('not_found_log', ids[1])] });
      expect(byId.deleteNotFoundLogEntries).toEqual({ clientMutationId: 'd1', remaining: 2 });
      const byFilter = await admin(`mutation { deleteNotFoundLogEntries(input: { where: { urlExact: "/x" } }) { remaining } }`);
      // What the filters still match (the plugin answers the filtered list after a delete).
      expect(byFilter.deleteNotFoundLogEntries.remaining).toBe(0);
      expect(((await rest('get', '/404').expect(200)).body.items as Json[]).map((e) => e.url)).toEqual(['/y']);
      const everything = await admin(`mutation { deleteRedirectLogEntries(input: {}) { remaining } }`);
      expect(everything.deleteRedirectLogEntries.remaining).toBe(0);
      expect((await rest('get', '/log').expect(200)).body.total).toBe(0);
    });
  });

  describe('settings', () => {
    it('reads and writes the settings redirects/v1 reads and writes', async () => {
      const read = await admin(`{ redirectSettings { monitorPost monitorTypes expireRedirect expire404 ipLogging trackHits flagQuery flagCase flagTrailing flagRegex headers lastGroupId } }`);
      const restSettings = (await rest('get', '/setting').expect(200)).body.settings as Json;
      expect(read.redirectSettings).toEqual({
        monitorPost: restSettings.monitor_post, monitorTypes: restSettings.monitor_types, expireRedirect: restSettings.expire_redirect, expire404: restSettings.expire_404,
        ipLogging: restSettings.ip_logging, trackHits: restSettings.track_hits, flagQuery: 'EXACT', flagCase: restSettings.flag_case, flagTrailing: restSettings.flag_trailing,
        flagRegex: restSettings.flag_regex, headers: JSON.stringify(restSettings.headers), lastGroupId: restSettings.last_group_id,
      });
      const written = await admin(`mutation { updateRedirectSettings(input: { clientMutationId: "s", expire404: 99, ipLogging: 2, flagQuery: IGNORE, monitorTypes: ["post", "nonsense"],
        headers: "[{\\"headerName\\": \\"x-frame-options\\", \\"type\\": \\"custom\\", \\"headerValue\\": \\"DENY\\", \\"location\\": \\"site\\"}]" }) {
        clientMutationId redirectSettings { expire404 ipLogging flagQuery monitorTypes headers } } }`);
      // The plugin's rules, applied by the domain: retention capped at 60 days, unknown post types dropped.
      expect(written.updateRedirectSettings).toEqual({
        clientMutationId: 's',
        redirectSettings: { expire404: 60, ipLogging: 2, flagQuery: 'IGNORE', monitorTypes: ['post'], headers: JSON.stringify([{ type: 'Custom', headerName: 'X-Frame-Options', headerValue: 'DENY', location: 'site', headerSettings: {} }]) },
      });
      const after = (await rest('get', '/setting').expect(200)).body.settings as Json;
      expect(after).toMatchObject({ expire_404: 60, ip_logging: 2, flag_query: 'ignore', monitor_types: ['post'] });
      // Redirects show the site's new default flags.
      await create({ url: '/flags' });
      expect((await admin(`{ redirects { nodes { sourceFlags { query } } } }`)).redirects.nodes).toEqual([{ sourceFlags: { query: 'IGNORE' } }]);
      await rest('post', '/setting', { expire_404: 7, ip_logging: 0, flag_query: 'exact', monitor_types: ['post', 'page', 'tribe_events'], headers: [] }).expect(200);
    });
  });

  describe('mutations', () => {
    const CREATE = `mutation ($input: CreateRedirectInput!) { createRedirect(input: $input) { clientMutationId redirect { ${REDIRECT_FIELDS} group { name } } } }`;

    it('creates, updates and deletes a redirect, as redirects/v1 stores it', async () => {
      const created = await admin(CREATE, {
        input: {
          clientMutationId: 'c1', url: '/from', groupId: gid('redirect_group', 1), title: 'Made here', target: '/dest', actionCode: 302,
          sourceFlags: { query: 'IGNORE', caseInsensitive: false }, logExcluded: true,
        },
      });
      const node = created.createRedirect.redirect;
      expect(created.createRedirect.clientMutationId).toBe('c1');
      expect(node).toMatchObject({ url: '/from', title: 'Made here', target: '/dest', actionCode: 302, actionType: 'URL', matchType: 'URL', enabled: true, logExcluded: true, group: { name: 'Redirections' } });
      expect(node.sourceFlags).toEqual({ query: 'IGNORE', caseInsensitive: false, ignoreTrailingSlash: true, regex: false });
      const [stored] = (await rest('get', '/redirect').expect(200)).body.items as Json[];
      expect(stored).toMatchObject({ id: node.databaseId, url: '/from', title: 'Made here', action_code: 302, action_data: { url: '/dest' }, match_data: { source: { flag_query: 'ignore', flag_case: false, flag_trailing: true }, options: { log_exclude: true } } });
      // The site answers it.
      const hop = await t.request.get('/from');
      expect([hop.status, hop.headers.location]).toEqual([302, '/dest']);

      const updated = await admin(`mutation ($input: UpdateRedirectInput!) { updateRedirect(input: $input) { clientMutationId redirect { databaseId url title target actionCode enabled regex } } }`, {
        input: { clientMutationId: 'u1', id: node.id, url: '^/from/(.*)$', regex: true, target: '/dest/$1', enabled: false },
      });
      // Fields left out keep their values.
      expect(updated.updateRedirect).toEqual({ clientMutationId: 'u1', redirect: { databaseId: node.databaseId, url: '^/from/(.*)$', title: 'Made here', target: '/dest/$1', actionCode: 302, enabled: false, regex: true } });

      const conditional = await admin(CREATE, {
        input: { url: '/who', groupId: '1', matchType: 'LOGIN', actionData: JSON.stringify({ logged_in: '/in', logged_out: '/out' }) },
      });
      expect(conditional.createRedirect.redirect).toMatchObject({ matchType: 'LOGIN', target: null, actionData: JSON.stringify({ logged_in: '/in', logged_out: '/out' }) });

      const deleted = await admin(`mutation ($id: ID!) { deleteRedirect(input: { clientMutationId: "d", id: $id }) { clientMutationId deletedId redirect { databaseId url } } }`, { id: String(node.databaseId) });
      expect(deleted.deleteRedirect).toEqual({ clientMutationId: 'd', deletedId: node.id, redirect: { databaseId: node.databaseId, url: '^/from/(.*)$' } });
      expect(((await rest('get', '/redirect').expect(200)).body.items as Json[]).map((r) => r.url)).toEqual(['/who']);
    });

    it('reports the domain\'s refusals as errors and changes nothing', async () => {
      const bad = await execute(server.client(t.adminAuth), CREATE, { input: { url: '^/(a', regex: true, groupId: '1', target: '/x' } });
      expect(bad.data?.createRedirect).toBeNull();
      expect(bad.error?.graphQLErrors[0].extensions).toMatchObject({ code: 'redirect', status: 400 });
      const noGroup = await execute(server.client(t.adminAuth), CREATE, { input: { url: '/a', groupId: '9999', target: '/x' } });
      expect(noGroup.error?.graphQLErrors[0]).toMatchObject({ message: 'Invalid group when creating redirect', extensions: { code: 'redirect', status: 400 } });
      const badJson = await execute(server.client(t.adminAuth), CREATE, { input: { url: '/a', groupId: '1', actionData: '{nope' } });
      expect(badJson.error?.graphQLErrors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT' });
      const missing = await execute(server.client(t.adminAuth), `mutation { deleteRedirect(input: { id: "424242" }) { deletedId } }`);
      expect(missing.error?.graphQLErrors[0].extensions).toMatchObject({ code: 'redirect_not_found', status: 404 });
      const wrongKind = await execute(server.client(t.adminAuth), `mutation ($id: ID!) { deleteRedirect(input: { id: $id }) { deletedId } }`, { id: gid('post', 1) });
      expect(wrongKind.error?.graphQLErrors[0].message).toMatch(/The ID input is invalid/);
      expect((await rest('get', '/redirect').expect(200)).body.total).toBe(0);
    });

    it('runs bulk actions on ids and on filters', async () => {
      const a = await create({ url: '/bulk-a' });
      const b = await create({ url: '/bulk-b' });
      await create({ url: '/other-c' });
      await t.db.prisma.redirect.updateMany({ data: { hits: 5 } });
      const BULK = `mutation ($input: RedirectBulkActionInput!) { redirectBulkAction(input: $input) { clientMutationId count } }`;
      expect((await admin(BULK, { input: { clientMutationId: 'b', action: 'DISABLE', ids: [gid('redirect', a.id), String(b.id)] } })).redirectBulkAction).toEqual({ clientMutationId: 'b', count: 2 });
      expect(((await rest('get', '/redirect?filterBy[status]=disabled').expect(200)).body.items as Json[]).map((r) => r.url).sort()).toEqual(['/bulk-a', '/bulk-b']);
      expect((await admin(BULK, { input: { action: 'ENABLE', where: { url: 'bulk' } } })).redirectBulkAction.count).toBe(2);
      expect((await admin(BULK, { input: { action: 'RESET', where: { url: 'other' } } })).redirectBulkAction.count).toBe(1);
      expect(((await rest('get', '/redirect?orderby=source&direction=asc').expect(200)).body.items as Json[]).map((r) => [r.url, r.hits, r.enabled])).toEqual([['/bulk-a', 5, true], ['/bulk-b', 5, true], ['/other-c', 0, true]]);
      // An id that names no redirect: nothing changes.
      const failed = await execute(server.client(t.adminAuth), BULK, { input: { action: 'DELETE', ids: [String(a.id), '999999'] } });
      expect(failed.error?.graphQLErrors[0].extensions).toMatchObject({ code: 'redirect_bulk_failed', status: 400 });
      expect((await rest('get', '/redirect').expect(200)).body.total).toBe(3);
      expect((await admin(BULK, { input: { action: 'DELETE', where: {} } })).redirectBulkAction.count).toBe(3);
      expect((await rest('get', '/redirect').expect(200)).body.total).toBe(0);
    });

    it('creates, updates and deletes groups', async () => {
      const created = await admin(`mutation { createRedirectGroup(input: { clientMutationId: "g", name: "Campaigns", moduleId: 1 }) { clientMutationId redirectGroup { id databaseId name moduleId moduleName enabled redirectCount isDefault } } }`);
      const group = created.createRedirectGroup.redirectGroup;
      expect(created.createRedirectGroup.clientMutationId).toBe('g');
      expect(group).toMatchObject({ name: 'Campaigns', moduleId: 1, moduleName: 'WordPress', enabled: true, redirectCount: 0, isDefault: false });
      await create({ url: '/campaign', group_id: group.databaseId });

      const UPDATE = `mutation ($input: UpdateRedirectGroupInput!) { updateRedirectGroup(input: $input) { redirectGroup { name moduleId enabled redirects { nodes { url enabled } } } } }`;
      expect((await admin(UPDATE, { input: { id: group.id, enabled: false } })).updateRedirectGroup.redirectGroup).toEqual({ name: 'Campaigns', moduleId: 1, enabled: false, redirects: { nodes: [{ url: '/campaign', enabled: false }] } });
      expect((await admin(UPDATE, { input: { id: String(group.databaseId), name: 'Renamed', moduleId: 2 } })).updateRedirectGroup.redirectGroup).toMatchObject({ name: 'Renamed', moduleId: 2, enabled: false });
      expect(((await rest('get', '/group?filterBy[name]=Renamed').expect(200)).body.items as Json[])[0]).toMatchObject({ id: group.databaseId, module_id: 2, enabled: false, redirects: 1 });

      const invalid = await execute(server.client(t.adminAuth), `mutation { createRedirectGroup(input: { name: "  ", moduleId: 1 }) { redirectGroup { id } } }`);
      expect(invalid.error?.graphQLErrors[0].extensions).toMatchObject({ code: 'redirect_group_invalid', status: 400 });

      const deleted = await admin(`mutation ($id: ID!) { deleteRedirectGroup(input: { clientMutationId: "x", id: $id }) { clientMutationId deletedId redirectGroup { name redirectCount } } }`, { id: group.id });
      expect(deleted.deleteRedirectGroup).toEqual({ clientMutationId: 'x', deletedId: group.id, redirectGroup: { name: 'Renamed', redirectCount: 1 } });
      expect(await t.db.prisma.redirect.count({ where: { groupId: group.databaseId } })).toBe(0);
      const gone = await execute(server.client(t.adminAuth), `mutation ($id: ID!) { deleteRedirectGroup(input: { id: $id }) { deletedId } }`, { id: group.id });
      expect(gone.error?.graphQLErrors[0].extensions).toMatchObject({ code: 'redirect_group_invalid' });
    });
  });

  describe('who may do what', () => {
    const READ = `{ redirects { nodes { id } } redirectGroups { nodes { id } } redirectLogEntries { nodes { id } } notFoundLogEntries { nodes { url } }
      redirectSettings { expire404 } one: redirect(id: "1", idType: DATABASE_ID) { id } group: redirectGroup(id: "1", idType: DATABASE_ID) { id } node(id: "${gid('redirect_group', 1)}") { id } }`;

    it('shows others nothing but what the site answers anyone', async () => {
      await create({ url: '/private' });
      await appendNotFoundLogs(t.db, [{ url: '/miss', domain: 'http://example.test', ip: '10.1.1.1' }]);
      for (const who of [undefined, auth.subscriber, auth.editor]) {
        const data = await run<Json>(server.client(who), READ);
        expect(data).toEqual({
          redirects: { nodes: [] }, redirectGroups: { nodes: [] }, redirectLogEntries: { nodes: [] }, notFoundLogEntries: { nodes: [] },
          redirectSettings: null, one: null, group: null, node: null,
        });
      }
      const adminView = await admin(READ);
      expect(adminView.redirects.nodes).toHaveLength(1);
      expect(adminView.notFoundLogEntries.nodes.map((e: Json) => e.url)).toEqual(['/miss']);
    });

    it('refuses every mutation to others with WordPress\'s rest_forbidden (401 anonymous, 403 signed in)', async () => {
      const r = await create({ url: '/kept' });
      const mutations = [
        `mutation { createRedirect(input: { url: "/nope", groupId: "1", target: "/x" }) { redirect { id } } }`,
        `mutation { updateRedirect(input: { id: "${r.id}", title: "changed" }) { redirect { id } } }`,
        `mutation { deleteRedirect(input: { id: "${r.id}" }) { deletedId } }`,
        `mutation { redirectBulkAction(input: { action: DELETE, where: {} }) { count } }`,
        `mutation { createRedirectGroup(input: { name: "G", moduleId: 1 }) { redirectGroup { id } } }`,
        `mutation { updateRedirectGroup(input: { id: "1", name: "X" }) { redirectGroup { id } } }`,
        `mutation { deleteRedirectGroup(input: { id: "1" }) { deletedId } }`,
        `mutation { deleteRedirectLogEntries(input: {}) { remaining } }`,
        `mutation { deleteNotFoundLogEntries(input: {}) { remaining } }`,
        `mutation { updateRedirectSettings(input: { expire404: 1 }) { redirectSettings { expire404 } } }`,
      ];
      for (const [who, status] of [[undefined, 401], [auth.subscriber, 403], [auth.editor, 403]] as const) {
        for (const mutation of mutations) {
          const result = await execute(server.client(who), mutation);
          const field = Object.keys(result.data ?? {})[0];
          expect([mutation, field && result.data?.[field]]).toEqual([mutation, null]);
          expect([mutation, result.error?.graphQLErrors[0].extensions]).toEqual([mutation, { code: 'rest_forbidden', status }]);
        }
      }
      const [kept] = (await rest('get', '/redirect').expect(200)).body.items as Json[];
      expect(kept).toMatchObject({ id: r.id, url: '/kept', title: '' });
      expect(((await rest('get', '/group?orderby=id&direction=asc').expect(200)).body.items as Json[]).map((g) => g.name)).toEqual(['Redirections', 'Modified Posts']);
      expect((await rest('get', '/setting').expect(200)).body.settings.expire_404).toBe(7);
    });
  });
});

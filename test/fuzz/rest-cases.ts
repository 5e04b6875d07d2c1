/**
 * Generated REST requests, derived from the route table: every route and every method it serves
 * (plus OPTIONS, HEAD and a foreign one), its path variables hostile or plausible, its declared
 * arguments and WordPress's global parameters (`_fields`, `_embed`, `_envelope`, `_method`,
 * `_jsonp`...) in every query syntax, JSON/form/garbage bodies under right and wrong content
 * types, oversized bodies and very long URLs, under all three URL forms, anonymous or as the admin.
 * Other paths of the server (feeds, the home page, /ping, /health, unknown paths) come along.
 */
import fc from 'fast-check';
import type { CompiledRoute } from '../../src/rest/server/registry';
import type { ArgSchema } from '../../src/schema/types';
import { ACTION_TYPES, MATCH_TYPES, QUERY_FLAGS } from '../../src/domain/redirects/types';
import type { FuzzCase } from './harness';
import { PROTOTYPE_KEYS, hostileText, hostileValue, plausibleValue, toJsonText, toQueryPairs, valueFor, encodeComponent, type FuzzValue } from './values';

const PATH_VALUES = ['1', '2', '3', '5', '8', '12', '20', 'me', 'sample-page', 'hello-world', 'primary'];
const HOSTILE_SEGMENTS = ['0', '-1', '99999999999999999999', '9007199254740993', '1e309', '%FF', '%C3%28', '%00', '%E2%80%AE', '__proto__', 'constructor', 'a%2Fb', '%2e%2e', '..', 'x'.repeat(3000)];

const GLOBAL_PARAMS: Array<[string, fc.Arbitrary<FuzzValue>]> = [
  ['_fields', fc.oneof(fc.constantFrom('id', 'id,title', 'title.rendered', '__proto__,constructor.prototype,__proto__.x', 'constructor.prototype.x', '_links', '_embedded', 'a..b', '.', ',', '').map((v): FuzzValue => ({ t: 'string', v })), hostileValue)],
  ['_embed', fc.oneof(fc.constantFrom('1', 'author', 'wp:term,author', '__proto__', 'constructor', '').map((v): FuzzValue => ({ t: 'string', v })), hostileValue)],
  ['_envelope', fc.oneof(fc.constantFrom('1', '').map((v): FuzzValue => ({ t: 'string', v })), hostileValue)],
  ['_method', fc.oneof(fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'TRACE', 'CONNECT', 'OPTIONS', 'HEAD', 'get', '').map((v): FuzzValue => ({ t: 'string', v })), hostileValue)],
  ['_jsonp', fc.oneof(fc.constantFrom('cb', 'a.b', 'alert(1)', '', '__proto__').map((v): FuzzValue => ({ t: 'string', v })), hostileValue)],
  ['_pretty', hostileValue],
  ['context', fc.oneof(fc.constantFrom('view', 'edit', 'embed', 'nope').map((v): FuzzValue => ({ t: 'string', v })), hostileValue)],
  ['page', fc.oneof(fc.constantFrom('1', '2', '0', '-1', '99999999999999999999', '1e309', '9007199254740993').map((v): FuzzValue => ({ t: 'number', raw: v })), hostileValue)],
  ['per_page', fc.oneof(fc.constantFrom('1', '100', '101', '0', '99999999999999999999').map((v): FuzzValue => ({ t: 'number', raw: v })), hostileValue)],
  ['offset', fc.oneof(fc.constantFrom('1', '-1', '99999999999999999999', '1e309').map((v): FuzzValue => ({ t: 'number', raw: v })), hostileValue)],
  ['rest_route', hostileValue],
];

const CONTENT_TYPES = ['application/json', 'application/json; charset=utf-8', 'application/json, text/html', 'application/json;;', 'application/vnd.api+json', 'text/plain', 'text/html', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'text/calendar', '*/*', 'garbage', ''];

export interface Identities {
  admin: string;
}

/** One query parameter: a declared argument, a global one, a prototype key, or a made-up name. */
function paramArb(args: Record<string, ArgSchema>): fc.Arbitrary<[string, FuzzValue]> {
  const declared = Object.entries(args);
  const options: Array<fc.WeightedArbitrary<[string, FuzzValue]>> = [
    { weight: 3, arbitrary: fc.oneof(...GLOBAL_PARAMS.map(([name, value]) => value.map((v): [string, FuzzValue] => [name, v]))) },
    { weight: 1, arbitrary: fc.tuple(fc.oneof(fc.constantFrom(...PROTOTYPE_KEYS, 'a[__proto__][x]', 'a[constructor][prototype][x]', '_fields[x]', 'x[]'), hostileText), hostileValue) },
  ];
  if (declared.length) options.push({ weight: 6, arbitrary: fc.constantFrom(...declared).chain(([name, schema]) => valueFor(schema).map((v): [string, FuzzValue] => [name, v])) });
  return fc.oneof(...options);
}

function queryString(params: Array<[string, FuzzValue]>, keepPercents: boolean, indexed: boolean, repeatFirst: boolean): string {
  const pairs = params.flatMap(([k, v]) => toQueryPairs(k, v, keepPercents, indexed));
  if (repeatFirst && pairs.length) pairs.push(pairs[0]);
  return pairs.join('&');
}

/** A JSON or form body from declared arguments (and stray keys), or garbage. */
function bodyArb(args: Record<string, ArgSchema>): fc.Arbitrary<{ body: string | Buffer; contentType: string } | null> {
  const entries = fc.array(paramArb(args), { maxLength: 5 });
  return fc.oneof(
    { weight: 2, arbitrary: fc.constant(null) },
    { weight: 5, arbitrary: fc.tuple(entries, fc.constantFrom(...CONTENT_TYPES)).map(([e, contentType]) => ({ body: toJsonText({ t: 'object', entries: e }), contentType })) },
    { weight: 2, arbitrary: fc.tuple(entries, fc.boolean()).map(([e, keep]) => ({ body: queryString(e, keep, false, false), contentType: 'application/x-www-form-urlencoded' })) },
    {
      weight: 2,
      arbitrary: fc
        .constantFrom('{"slug":[1,2]}', '{"a":1} trailing', '{"a":1}{"b":2}', '[1,2]', '"text"', '{', '{"__proto__":{"x":1},"constructor":{"prototype":{"x":1}}}', '{"title":"\\ud800"}', '{"description":"a\\u0000b","name":"n\\u0000"}', 'null', '1e309', '{"a":1e309,"b":-0,"c":99999999999999999999}', '{"meta":{"__proto__":{"x":1}}}', '{"requests":[{"path":"/core/v2/posts","headers":{"__proto__":{"x":"1"}}}]}')
        .map((body) => ({ body, contentType: 'application/json' })),
    },
    { weight: 1, arbitrary: fc.constantFrom(Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]), Buffer.from('name=%FF&description=%C3%28&slug=%00')).chain((body) => fc.constantFrom(...CONTENT_TYPES).map((contentType) => ({ body, contentType }))) },
    { weight: 1, arbitrary: fc.constant({ body: Buffer.alloc(3 * 1024 * 1024, 0x61), contentType: 'application/json' }) },
  );
}

/**
 * Parameters some handlers read without declaring them (redirects/v1 takes a redirect's fields and
 * the settings from the whole request, as the plugin does, whose route tables declare only the list
 * parameters): generated as if declared, so writes that pass — rules with hostile sources, regular
 * expressions RE2 refuses or would backtrack on elsewhere — are among the cases.
 */
const REDIRECT_FIELDS: Record<string, ArgSchema> = {
  url: { type: 'string', enum: ['/fuzz-old', '/fuzz-old?a=1&b=2', '^/fuzz-(\\d+)/(.*)$', '^/(a+)+$', '^/(x)\\1$', 'https://other.example/fuzz', 'fuzz relative', ''] },
  regex: { type: 'boolean' },
  group_id: { type: 'integer', enum: [1, 2, 3, 99] },
  match_type: { type: 'string', enum: MATCH_TYPES },
  action_type: { type: 'string', enum: ACTION_TYPES },
  action_code: { type: 'integer', enum: [301, 302, 307, 308, 404, 410, 0, 999] },
  action_data: { type: 'object' },
  match_data: { type: 'object' },
  title: { type: 'string' },
  position: { type: 'integer' },
  status: { type: 'string', enum: ['enabled', 'disabled'] },
  enabled: { type: 'boolean' },
};
const REDIRECT_SETTINGS: Record<string, ArgSchema> = {
  expire_redirect: { type: 'integer', enum: [-1, 0, 7] },
  expire_404: { type: 'integer', enum: [-1, 0, 7] },
  ip_logging: { type: 'integer', enum: [0, 1, 2] },
  monitor_post: { type: 'integer', enum: [0, 1, 2, 99] },
  monitor_types: { type: 'array', items: { type: 'string', enum: ['post', 'page', 'trash'] } },
  flag_query: { type: 'string', enum: QUERY_FLAGS },
  flag_case: { type: 'boolean' },
  flag_trailing: { type: 'boolean' },
  auto_target: { type: 'string' },
  redirect_cache: { type: 'integer' },
  log_header: { type: 'boolean' },
};
const UNDECLARED: ReadonlyArray<readonly [RegExp, Record<string, ArgSchema>]> = [
  [/^\/redirects\/v1\/redirect(\/\(|$)/, REDIRECT_FIELDS],
  [/^\/redirects\/v1\/setting$/, REDIRECT_SETTINGS],
];

/** A route's declared arguments of every endpoint (or only of its first writing one), with the undeclared ones it reads. */
function argsOf(route: CompiledRoute, writing: boolean): Record<string, ArgSchema> {
  const endpoints = writing ? route.endpoints.filter((e) => e.methods.some((m) => m !== 'GET')).slice(0, 1) : route.endpoints;
  const all: Record<string, ArgSchema> = Object.create(null);
  for (const endpoint of endpoints) Object.assign(all, endpoint.args ?? {});
  for (const [path, extra] of UNDECLARED) if (path.test(route.path)) Object.assign(all, extra);
  return all;
}

function fillPath(path: string, values: string[]): string {
  let i = 0;
  return path.replace(/\(\?P<\w+>[^)]*\)/g, () => values[i++] ?? '1');
}

/**
 * Users routes as the admin only read (a generated write could remove the admin or its credentials);
 * redirects/v1/plugin/delete only anonymously (as the admin it removes every group, and the
 * redirect writes after it would all be refused: test/rest/redirect-plugin.test.ts covers it).
 */
const ADMIN_SAFE = (path: string, method: string, query: string): boolean =>
  (!/\/users\b/.test(path) || (method === 'GET' && !/_method|rest_route/.test(query))) && !/\/redirects\/v1\/plugin\/delete/.test(path);

export function restCases(routes: readonly CompiledRoute[], identities: Identities, prefix: string): fc.Arbitrary<FuzzCase> {
  const routeCase = fc.constantFrom(...routes).chain((route) => {
    const variables = (route.path.match(/\(\?P<\w+>/g) ?? []).length;
    const methods = [...route.methods, 'OPTIONS', 'HEAD', 'GET'];
    return fc
      .record({
        method: fc.oneof({ weight: 9, arbitrary: fc.constantFrom(...methods) }, { weight: 1, arbitrary: fc.constantFrom('TRACE', 'PROPFIND', 'DELETE', 'PUT', 'SEARCH') }),
        values: fc.array(fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...PATH_VALUES) }, { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_SEGMENTS) }), { minLength: variables, maxLength: variables }),
        form: fc.constantFrom('pretty', 'pretty', 'index', 'home'),
        params: fc.array(paramArb(argsOf(route, false)), { maxLength: 4 }),
        keepPercents: fc.boolean(),
        indexed: fc.boolean(),
        repeat: fc.integer({ min: 0, max: 15 }).map((n) => n === 0),
        admin: fc.boolean(),
        body: bodyArb(argsOf(route, true)),
        longUrl: fc.integer({ min: 0, max: 40 }).map((n) => (n === 0 ? 20000 : n === 1 ? 70000 : 0)),
        badAuth: fc.integer({ min: 0, max: 30 }).map((n) => (n === 0 ? 'Basic Zm9vOmJhcg==' : n === 1 ? 'Bearer x' : n === 2 ? 'Basic %%%' : null)),
      })
      .map((c): FuzzCase => {
        const routePath = fillPath(route.path, c.values);
        let query = queryString(c.params, c.keepPercents, c.indexed, c.repeat);
        // Beyond Node's header limit the method may be unknown when the answer is written (it then has a
        // body, which a HEAD client reads as garbage): HEAD goes only as far as the 414 answered in full.
        const longUrl = c.method === 'HEAD' ? Math.min(c.longUrl, 20000) : c.longUrl;
        if (longUrl) query += `${query ? '&' : ''}pad=${'a'.repeat(longUrl)}`;
        let path: string;
        if (c.form === 'pretty') path = `/${prefix}${routePath}${query ? `?${query}` : ''}`;
        else path = `${c.form === 'index' ? '/index.php' : '/'}?rest_route=${encodeComponent(routePath, true).replace(/%2F/gi, '/')}${query ? `&${query}` : ''}`;
        const admin = c.admin && ADMIN_SAFE(routePath, c.method, query);
        const headers: Record<string, string> = {};
        if (admin) headers.authorization = identities.admin;
        if (c.badAuth) headers.authorization = c.badAuth;
        const sendsBody = c.body && c.method !== 'GET' && c.method !== 'HEAD';
        if (sendsBody && c.body) {
          if (c.body.contentType) headers['content-type'] = c.body.contentType;
          headers['content-length'] = String(Buffer.byteLength(c.body.body));
        }
        const writes = !['GET', 'HEAD', 'OPTIONS'].includes(c.method) || /_method/.test(query);
        return { request: { method: c.method, path, headers, body: sendsBody && c.body ? c.body.body : undefined }, face: 'rest', writes };
      });
  });
  return fc.oneof(
    { weight: 12, arbitrary: routeCase },
    { weight: 2, arbitrary: otherPathCases(identities) },
    { weight: 2, arbitrary: normalCases(identities, prefix) },
    { weight: 1, arbitrary: redirectWriteCases(identities, prefix) },
  );
}

/**
 * Whole redirects as the admin sends them (the route cases seldom assemble one that passes): every
 * field plausible, then up to three made hostile, so rules are really created and updated — with
 * pathological or refused expressions among the sources — and the site requests after them meet
 * the rules. The source itself stays one of the plausible ones: a hostile expression could take
 * over the home page the normal cases expect to answer.
 */
function redirectWriteCases(identities: Identities, prefix: string): fc.Arbitrary<FuzzCase> {
  const plausible = (name: string) => plausibleValue(REDIRECT_FIELDS[name]);
  const flags = fc.record({ flag_query: fc.constantFrom(...QUERY_FLAGS), flag_case: fc.boolean(), flag_trailing: fc.boolean(), flag_regex: fc.boolean() });
  const target = fc.constantFrom('/fuzz-target', '/fuzz-$1/$2', 'https://elsewhere.example/x?y=1', '', 'javascript:alert(1)', '//evil.example', '/a\r\nSet-Cookie: x=1');
  const fields = fc.record({
    url: plausible('url'),
    regex: plausible('regex'),
    group_id: plausible('group_id'),
    match_type: plausible('match_type'),
    action_type: plausible('action_type'),
    action_code: plausible('action_code'),
    title: plausible('title'),
    position: plausible('position'),
    status: plausible('status'),
    match_data: flags.map((source): FuzzValue => ({ t: 'object', entries: [['source', { t: 'object', entries: Object.entries(source).map(([k, v]): [string, FuzzValue] => [k, typeof v === 'boolean' ? { t: 'boolean', v } : { t: 'string', v }]) }]] })),
    action_data: target.map((url): FuzzValue => ({ t: 'object', entries: [['url', { t: 'string', v: url }], ['url_from', { t: 'string', v: url }], ['logged_in', { t: 'string', v: url }]] })),
  });
  const hostileField = fc.constantFrom(...Object.keys(REDIRECT_FIELDS).filter((name) => name !== 'url'));
  return fc
    .record({ fields, hostile: fc.array(fc.tuple(hostileField, hostileValue), { maxLength: 3 }), update: fc.integer({ min: 0, max: 3 }) })
    .map(({ fields: plain, hostile, update }): FuzzCase => {
      const entries = new Map<string, FuzzValue>(Object.entries(plain));
      for (const [name, value] of hostile) entries.set(name, value);
      const body = toJsonText({ t: 'object', entries: [...entries] });
      const path = `/${prefix}/redirects/v1/redirect${update === 0 ? `/${1 + (body.length % 5)}` : ''}`;
      return { request: { method: 'POST', path, headers: { authorization: identities.admin, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) }, body }, face: 'rest', writes: true };
    });
}

/** Feeds, the home page, health routes and unknown paths, with hostile segments and parameters. */
function otherPathCases(identities: Identities): fc.Arbitrary<FuzzCase> {
  const segment = fc.oneof(fc.constantFrom(...PATH_VALUES, ...HOSTILE_SEGMENTS), hostileText.map((t) => encodeComponent(t, true)));
  return fc
    .record({
      template: fc.constantFrom('/events/ical', '/events', '/events/category/{}/ical', '/events/category/{}/{}/ical', '/events/category/{}', '/venue/{}/ical', '/organizer/{}/ical', '/venue/{}', '/', '/ping', '/health', '/{}', '/wp-json', '/wp-json{}', '/index.php', '/graphql/{}', '/metrics/{}', '/fuzz-old', '/fuzz-old{}', '/fuzz-{}/{}', `/${'a'.repeat(3000)}`, `/${'a'.repeat(3000)}{}`),
      segments: fc.array(segment, { minLength: 2, maxLength: 2 }),
      params: fc.array(fc.tuple(fc.oneof(fc.constantFrom('ical', 'rest_route', '_method', 'x[__proto__][y]'), hostileText), hostileValue), { maxLength: 3 }),
      method: fc.constantFrom('GET', 'GET', 'HEAD', 'POST', 'DELETE', 'OPTIONS', 'TRACE'),
      admin: fc.boolean(),
      keepPercents: fc.boolean(),
    })
    .map((c): FuzzCase => {
      let i = 0;
      const base = c.template.replace(/\{\}/g, () => c.segments[i++]);
      const query = c.params.flatMap(([k, v]) => toQueryPairs(k, v, c.keepPercents)).join('&');
      const path = `${base}${query ? `?${query}` : ''}`;
      const rest = /rest_route=/.test(query) && (base === '/' || base === '/index.php');
      const admin = c.admin && !rest;
      // GET and HEAD outside the APIs may be a page: its errors are the site's themed 404 (feeds keep REST's JSON).
      const page = (c.method === 'GET' || c.method === 'HEAD') && !rest && !/^\/(wp-json|graphql|metrics|health|ping)/.test(base);
      const face = base === '/graphql' || base === '/graphql/' ? 'graphql' : page ? 'site' : 'rest';
      return { request: { method: c.method, path, headers: admin ? { authorization: identities.admin } : {} }, face, writes: c.method !== 'GET' && c.method !== 'HEAD' };
    });
}

/** Ordinary requests mixed in: each must succeed on the same connection after whatever came before. */
function normalCases(identities: Identities, prefix: string): fc.Arbitrary<FuzzCase> {
  return fc.constantFrom<[string, boolean]>(
    [`/${prefix}/core/v2/posts?per_page=2`, false],
    [`/${prefix}/core/v2/posts?per_page=2&_embed=author`, true],
    [`/${prefix}/core/v2/categories`, false],
    [`/${prefix}/events/v1/events`, false],
    [`/index.php?rest_route=/core/v2/users/me`, true],
    ['/ping', false],
    ['/health', false],
    ['/', false],
    ['/events/ical', false],
  ).map(([path, admin]): FuzzCase => ({ request: { method: 'GET', path, headers: admin ? { authorization: identities.admin } : {} }, face: 'rest', writes: false, expectSuccess: true }));
}

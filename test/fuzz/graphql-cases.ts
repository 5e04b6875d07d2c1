/**
 * Generated GraphQL requests, derived from the executable schema: every root field of Query and
 * Mutation (fields added later are covered by themselves), each argument omitted, plausible or
 * hostile (wrong types, enum misses, lists for scalars and the reverse, unknown input fields,
 * prototype keys, huge numbers, control characters, 1 MiB strings), inline or as variables, sent
 * over GET or POST with right and wrong content types, malformed or batched bodies, very long URLs.
 */
import fc from 'fast-check';
import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
  isUnionType,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLOutputType,
  type GraphQLSchema,
} from 'graphql';
import type { FuzzCase } from './harness';
import type { Identities } from './rest-cases';
import { hostileValue, toGraphQLLiteral, toJsonText, type FuzzValue } from './values';

const str = (v: string): FuzzValue => ({ t: 'string', v });

/** A value the type would accept (ids are global ids of early records), to mix passing requests in. */
function plausible(type: GraphQLInputType, depth = 0): fc.Arbitrary<FuzzValue> {
  if (isNonNullType(type)) return plausible(type.ofType, depth);
  if (isListType(type)) return plausible(type.ofType, depth).map((item): FuzzValue => ({ t: 'list', items: [item] }));
  if (isEnumType(type)) return fc.constantFrom(...type.getValues().map((v) => v.name)).map((v): FuzzValue => ({ t: 'enum', v }));
  if (isInputObjectType(type)) {
    if (depth > 1) return fc.constant<FuzzValue>({ t: 'object', entries: [] });
    const fields = Object.values(type.getFields());
    const required = fields.filter((f) => isNonNullType(f.type));
    const optional = fields.filter((f) => !isNonNullType(f.type));
    return fc
      .tuple(fc.tuple(...required.map((f) => field(f.name, f.type, depth + 1))), fc.subarray(optional, { maxLength: Math.min(3, optional.length) }).chain((chosen) => fc.tuple(...chosen.map((f) => field(f.name, f.type, depth + 1)))))
      .map(([a, b]): FuzzValue => ({ t: 'object', entries: [...a, ...b] }));
  }
  switch (getNamedType(type).name) {
    case 'Int':
    case 'PositiveInt':
    case 'NonNegativeInt':
      return fc.integer({ min: 1, max: 5 }).map((n): FuzzValue => ({ t: 'number', raw: String(n) }));
    case 'Float':
      return fc.constant<FuzzValue>({ t: 'number', raw: '1.5' });
    case 'Boolean':
      return fc.boolean().map((v): FuzzValue => ({ t: 'boolean', v }));
    case 'ID':
      return fc.constantFrom('cG9zdDox', 'cG9zdDoy', 'dGVybTox', 'dXNlcjox', '1', '2', 'hello-world').map(str);
    case 'DateTime':
      return fc.constant(str('2027-03-01T18:00:00Z'));
    case 'URL':
      return fc.constant(str('https://example.com/'));
    case 'EmailAddress':
      return fc.constant(str('fuzz@example.com'));
    default:
      return fc.constantFrom('fuzz', 'hello-world', 'Europe/Paris', '2027-03-01 18:00').map(str);
  }
}

function field(name: string, type: GraphQLInputType, depth: number): fc.Arbitrary<[string, FuzzValue]> {
  return value(type, depth).map((v): [string, FuzzValue] => [name, v]);
}

function value(type: GraphQLInputType, depth = 0): fc.Arbitrary<FuzzValue> {
  return fc.oneof({ weight: 5, arbitrary: plausible(type, depth) }, { weight: 3, arbitrary: hostileValue }, { weight: 1, arbitrary: fc.constant<FuzzValue>({ t: 'object', entries: [['a', { t: 'number', raw: '1' }]] }) }, { weight: 1, arbitrary: fc.constant<FuzzValue>({ t: 'null' }) });
}

/** A selection set for a type: its argument-free leaves (a few) and, for connections and edges, one level more. */
function selection(type: GraphQLOutputType, depth: number): string {
  const named = getNamedType(type);
  if (isLeafType(named)) return '';
  if (isUnionType(named) || depth > 2) return '{ __typename }';
  if (!isObjectType(named) && !isInterfaceType(named)) return '{ __typename }';
  const fields = Object.values(named.getFields()).filter((f) => f.args.every((a) => !isNonNullType(a.type)));
  const leaves = fields.filter((f) => isLeafType(getNamedType(f.type))).slice(0, 4);
  const nested = fields.filter((f) => ['nodes', 'node', 'edges', 'pageInfo', 'author', 'post', 'term', 'user', 'event'].includes(f.name)).slice(0, 2);
  const parts = ['__typename', ...leaves.map((f) => f.name), ...nested.map((f) => `${f.name} ${selection(f.type, depth + 1)}`)];
  return `{ ${parts.join(' ')} }`;
}

interface Operation {
  document: string;
  variables: string;
  mutation: boolean;
  name: string;
}

function operation(kind: 'query' | 'mutation', rootField: GraphQLField<unknown, unknown>): fc.Arbitrary<Operation> {
  const args: readonly GraphQLArgument[] = rootField.args;
  return fc
    .record({
      chosen: fc.tuple(...args.map((a) => fc.tuple(fc.integer({ min: 0, max: 9 }), value(a.type), fc.integer({ min: 0, max: 60 })))),
      asVariables: fc.boolean(),
      alias: fc.boolean(),
    })
    .map(({ chosen, asVariables, alias }) => {
      const written: string[] = [];
      const declarations: string[] = [];
      const variables: string[] = [];
      args.forEach((arg, i) => {
        const [omit, generated, huge] = chosen[i];
        if (omit === 0 && !isNonNullType(arg.type)) return;
        const v = huge === 0 ? str('y'.repeat(1024 * 1024)) : generated;
        if (asVariables) {
          declarations.push(`$v${i}: ${String(arg.type)}`);
          written.push(`${arg.name}: $v${i}`);
          variables.push(`"v${i}":${toJsonText(v)}`);
        } else written.push(`${arg.name}: ${toGraphQLLiteral(v)}`);
      });
      const call = `${alias ? 'a: ' : ''}${rootField.name}${written.length ? `(${written.join(', ')})` : ''} ${selection(rootField.type, 0)}`;
      const document = `${kind} Fuzz${declarations.length ? `(${declarations.join(', ')})` : ''} { ${call} }`;
      return { document, variables: `{${variables.join(',')}}`, mutation: kind === 'mutation', name: rootField.name };
    });
}

const TRANSPORTS = ['post', 'post', 'post', 'post', 'get', 'get', 'text-plain', 'multi-type', 'malformed', 'batch', 'long-get', 'no-type', 'form'] as const;
type Transport = (typeof TRANSPORTS)[number];

function request(op: Operation, transport: Transport, authorization: string | undefined): FuzzCase {
  const headers: Record<string, string> = authorization ? { authorization } : {};
  const json = `{"query":${JSON.stringify(op.document)},"variables":${op.variables},"operationName":"Fuzz"}`;
  const post = (body: string, type: string | null): FuzzCase => {
    if (type) headers['content-type'] = type;
    return { request: { method: 'POST', path: '/graphql', headers, body }, face: 'graphql', writes: true };
  };
  switch (transport) {
    case 'post':
      return post(json, 'application/json');
    case 'text-plain':
      return post(json, 'text/plain');
    case 'multi-type':
      return post(json, 'application/json, text/html');
    case 'no-type':
      return post(json, null);
    case 'form':
      return post(`query=${encodeURIComponent(op.document)}`, 'application/x-www-form-urlencoded');
    case 'malformed':
      return post(`${json} trailing`, 'application/json');
    case 'batch':
      return post(`[${json},{"query":"{ __typename }"},{"query":1},null,{"__proto__":{"x":1}}]`, 'application/json');
    case 'get':
    case 'long-get': {
      const padding = transport === 'long-get' ? `&pad=${'a'.repeat(20000)}` : '';
      const query = `query=${encodeURIComponent(op.document)}&variables=${encodeURIComponent(op.variables)}${padding}`;
      headers['apollo-require-preflight'] = 'true';
      return { request: { method: 'GET', path: `/graphql?${query}`, headers }, face: 'graphql', writes: false };
    }
  }
}

/** User mutations run anonymously: as the admin a generated one could remove the admin or its role. */
const ADMIN_SAFE = (op: Operation) => !(op.mutation && /user/i.test(op.name));

export function graphqlCases(schema: GraphQLSchema, identities: Identities): fc.Arbitrary<FuzzCase> {
  const roots: Array<fc.Arbitrary<Operation>> = [];
  for (const [kind, type] of [['query', schema.getQueryType()], ['mutation', schema.getMutationType()]] as const) {
    for (const rootField of Object.values(type?.getFields() ?? {})) roots.push(operation(kind, rootField));
  }
  const generated = fc.tuple(fc.oneof(...roots), fc.constantFrom(...TRANSPORTS), fc.boolean()).map(([op, transport, admin]) => request(op, transport, admin && ADMIN_SAFE(op) ? identities.admin : undefined));
  const fixed = fc.constantFrom(
    '{ categories(where: {a: 1}) { nodes { id } } }',
    '{ tags(after: null) { nodes { id } } }',
    '{ post(id: "1", idType: NOPE) { id } }',
    '{ posts(first: 99999999999999999999) { nodes { id } } }',
    '{ posts(where: {search: "a\\u0000b"}) { nodes { id } } }',
    `{ post(id: "${'z'.repeat(1024 * 1024)}", idType: SLUG) { id } }`,
    '{ __proto__ }',
    '{ nodeByUri(uri: "/%FF/%C3%28") { id } }',
  ).chain((document) => fc.tuple(fc.constantFrom(...TRANSPORTS), fc.boolean()).map(([transport, admin]) => request({ document, variables: '{}', mutation: false, name: 'fixed' }, transport, admin ? identities.admin : undefined)));
  const normal = fc.constant<FuzzCase>({ request: { method: 'POST', path: '/graphql', headers: { 'content-type': 'application/json' }, body: '{"query":"{ posts(first: 2) { nodes { id title } } }"}' }, face: 'graphql', writes: false, expectSuccess: true });
  return fc.oneof({ weight: 12, arbitrary: generated }, { weight: 2, arbitrary: fixed }, { weight: 1, arbitrary: normal });
}

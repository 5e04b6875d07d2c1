/**
 * Every field of the schema is served by something real: each root field by its area's resolver,
 * each object type by a model (src/graphql/model.ts) that defines every field of the type, and
 * the schema matches WPGraphQL's for everything we serve (test/support/wpgraphql: 0 gaps).
 * Connections, edges, page infos and mutation payloads are plain values built by
 * src/graphql/connection.ts and the mutations; the few value objects below are listed with where
 * they are built.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { buildSchema as parseSdl, isObjectType, type GraphQLObjectType } from 'graphql';
import { AREAS, buildSchema } from '../../src/graphql/schema';
import { diffSchemas } from '../support/wpgraphql/diff';
import { SERVED } from '../support/wpgraphql/served';

/** Object types built as plain values, and where. */
const VALUE_TYPES: Record<string, string> = {
  DefaultTemplate: 'templateOf (areas/content/content-node.ts)',
};
const isPlumbing = (name: string) => /(Connection|Edge|PageInfo|Payload)$/.test(name) || /^Template_/.test(name);

const schema = buildSchema();
const models = new Map<string, { prototype: object }>();
for (const area of AREAS) for (const [name, model] of Object.entries(area.models)) models.set(name, model as unknown as { prototype: object });

function fieldsOf(type: GraphQLObjectType): string[] {
  return Object.keys(type.getFields());
}

describe('the GraphQL schema is served, not stubbed', () => {
  const root = [schema.getQueryType(), schema.getMutationType()].filter((t): t is GraphQLObjectType => Boolean(t));
  it.each(root.flatMap((type) => fieldsOf(type).map((field) => [type.name, field])))('%s.%s has a resolver', (typeName, field) => {
    const type = schema.getType(typeName) as GraphQLObjectType;
    expect(type.getFields()[field].resolve).toBeInstanceOf(Function);
  });

  const objectTypes = Object.values(schema.getTypeMap()).filter(
    (type): type is GraphQLObjectType => isObjectType(type) && !type.name.startsWith('__') && !root.includes(type) && !isPlumbing(type.name) && !(type.name in VALUE_TYPES),
  );
  it.each(objectTypes.map((type) => [type.name]))('%s has a model defining every field', (name) => {
    const model = models.get(name);
    expect(model).toBeDefined();
    const type = schema.getType(name) as GraphQLObjectType;
    const missing = fieldsOf(type).filter((field) => !(field in (model as { prototype: object }).prototype));
    expect(missing).toEqual([]);
  });
});

describe('the schema is WPGraphQL 2.x for what we serve', () => {
  const candidates = [path.resolve(__dirname, '..', '..', '..', 'shared'), '/work/shared'];
  const reference = candidates.map((dir) => path.join(dir, 'reference', 'wpgraphql-schema.graphql')).find((file) => existsSync(file));
  it('has no gaps against shared/reference/wpgraphql-schema.graphql', () => {
    expect(reference).toBeDefined();
    const gaps = diffSchemas(parseSdl(readFileSync(reference as string, 'utf8')), schema, SERVED);
    expect(gaps).toEqual([]);
  });
});

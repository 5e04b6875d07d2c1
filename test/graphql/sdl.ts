/**
 * Our SDL as a plain schema (no resolvers), to validate operations the way a client's tooling
 * (codegen, Apollo's and urql's dev checks) would before ever sending them.
 */
import { buildSchema, parse, validate, type GraphQLSchema } from 'graphql';
import { readTypeDefs } from '../../src/graphql/schema';

let schema: GraphQLSchema | undefined;

export function sdlSchema(): GraphQLSchema {
  schema ??= buildSchema(readTypeDefs().join('\n'));
  return schema;
}

/** The validation errors of a document against our SDL (empty when it is valid). */
export function validationErrors(document: string): string[] {
  return validate(sdlSchema(), parse(document)).map((e) => e.message);
}

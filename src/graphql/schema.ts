/**
 * The executable schema: the SDL files under graphql/ (one per area) with the resolvers of
 * src/graphql/resolvers and graphql-scalars' scalars. Built once per process.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { makeExecutableSchema } from '@graphql-tools/schema';
import type { GraphQLSchema } from 'graphql';
import { DateTimeResolver, EmailAddressResolver, JSONResolver, NonNegativeIntResolver, PositiveIntResolver, URLResolver } from 'graphql-scalars';
import { projectRoot } from '../db/root';
import type { Resolvers } from '../generated/graphql';
import { eventResolvers } from './resolvers/events';
import { menuResolvers } from './resolvers/menus';
import { nodeResolvers } from './resolvers/nodes';
import { postResolvers } from './resolvers/posts';
import { settingsResolvers } from './resolvers/settings';
import { termResolvers } from './resolvers/terms';
import { userResolvers } from './resolvers/users';

export const SCHEMA_DIR = path.join(projectRoot(), 'graphql');

export function readTypeDefs(): string[] {
  return readdirSync(SCHEMA_DIR)
    .filter((name) => name.endsWith('.graphql'))
    .sort()
    .map((name) => readFileSync(path.join(SCHEMA_DIR, name), 'utf8'));
}

const scalars = {
  DateTime: DateTimeResolver,
  URL: URLResolver,
  EmailAddress: EmailAddressResolver,
  JSON: JSONResolver,
  PositiveInt: PositiveIntResolver,
  NonNegativeInt: NonNegativeIntResolver,
};

const areas: Resolvers[] = [nodeResolvers, postResolvers, termResolvers, userResolvers, menuResolvers, settingsResolvers, eventResolvers];

export function buildSchema(): GraphQLSchema {
  return makeExecutableSchema({ typeDefs: readTypeDefs(), resolvers: [scalars, ...areas] as never });
}

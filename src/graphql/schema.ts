/**
 * The executable schema: WPGraphQL 2.x's SDL for what we serve (graphql/*.graphql, one file per
 * area) with each area's root resolvers. Every other field is read off the models
 * (src/graphql/model.ts) by graphql-js's default resolver, and interfaces find their object type
 * by the model's `__typename`; restricted objects answer null outside their allow-list
 * (restricted-fields.ts). Built once per process.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { makeExecutableSchema } from '@graphql-tools/schema';
import type { GraphQLSchema } from 'graphql';
import { projectRoot } from '../db/root';
import type { Area } from './model';
import { installNodeSources } from './nodes';
import { maskRestrictedFields } from './restricted-fields';
import { contentArea } from './areas/content';
import { eventsArea } from './areas/events';
import { mediaArea } from './areas/media';
import { menusArea } from './areas/menus';
import { oembedArea } from './areas/oembed';
import { redirectsArea } from './areas/redirects';
import { securityArea } from './areas/security';
import { securityLogArea } from './areas/security-log';
import { securityScanArea } from './areas/security-scan';
import { seoArea } from './areas/seo';
import { seoOrphanedArea } from './areas/seo-orphaned';
import { settingsArea } from './areas/settings';
import { termsArea } from './areas/terms';
import { usersArea } from './areas/users';

export const SCHEMA_DIR = path.join(projectRoot(), 'graphql');

export function readTypeDefs(): string[] {
  return readdirSync(SCHEMA_DIR)
    .filter((name) => name.endsWith('.graphql'))
    .sort()
    .map((name) => readFileSync(path.join(SCHEMA_DIR, name), 'utf8'));
}

export const AREAS: readonly Area[] = [contentArea, termsArea, usersArea, menusArea, settingsArea, eventsArea, mediaArea, oembedArea, redirectsArea, seoArea, securityLogArea, securityScanArea, securityArea, seoOrphanedArea];

export function buildSchema(): GraphQLSchema {
  installNodeSources(AREAS.flatMap((area) => (area.nodes ? [area.nodes] : [])));
  const schema = makeExecutableSchema({
    typeDefs: readTypeDefs(),
    resolvers: AREAS.map((area) => area.resolvers) as never,
    // Abstract types resolve by the models' __typename (graphql-js's default type resolver).
    resolverValidationOptions: { requireResolversForResolveType: 'ignore' },
  });
  maskRestrictedFields(schema, AREAS);
  return schema;
}

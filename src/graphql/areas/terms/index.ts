/** The terms area of the WPGraphQL schema (graphql/terms.graphql). */
import type { Area } from '../../model';

export const termsArea: Area = { resolvers: {}, models: {} };

/** The content area of the WPGraphQL schema (graphql/content.graphql). */
import type { Area } from '../../model';

export const contentArea: Area = { resolvers: {}, models: {} };

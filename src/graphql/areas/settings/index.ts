/** The settings area of the WPGraphQL schema (graphql/settings.graphql). */
import type { Area } from '../../model';

export const settingsArea: Area = { resolvers: {}, models: {} };

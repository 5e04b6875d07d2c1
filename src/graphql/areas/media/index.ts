/** The media area of the WPGraphQL schema (graphql/media.graphql). */
import type { Area } from '../../model';

export const mediaArea: Area = { resolvers: {}, models: {} };

/** The events area of the WPGraphQL schema (graphql/events.graphql). */
import type { Area } from '../../model';

export const eventsArea: Area = { resolvers: {}, models: {} };

/** The users area of the WPGraphQL schema (graphql/users.graphql). */
import type { Area } from '../../model';

export const usersArea: Area = { resolvers: {}, models: {} };

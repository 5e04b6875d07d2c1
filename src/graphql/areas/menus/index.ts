/** The menus area of the WPGraphQL schema (graphql/menus.graphql). */
import type { Area } from '../../model';

export const menusArea: Area = { resolvers: {}, models: {} };

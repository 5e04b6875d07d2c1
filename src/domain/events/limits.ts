/**
 * The calendar's page-size caps and its empty-categories default. WordPress's two faces differ here
 * and both are kept, declared once: The Events Calendar's REST archives clamp `per_page` to 50
 * (the tribe_rest_*_max_per_page filters) and hide unused categories unless `hide_empty=false`;
 * WPGraphQL, which ql-events builds on, caps every connection at 100
 * (graphql_connection_max_query_amount) and its term connections default `hideEmpty` to false.
 */
export type Face = 'rest' | 'graphql';

export const MAX_PER_PAGE: Readonly<Record<Face, number>> = { rest: 50, graphql: 100 };

export const HIDE_EMPTY_TERMS: Readonly<Record<Face, boolean>> = { rest: true, graphql: false };

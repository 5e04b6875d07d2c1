/**
 * CORS and the response headers WPGraphQL's Router sends on every /graphql answer: any origin may
 * call (without credentials: authority comes only from the Authorization header, never a cookie),
 * with the headers Apollo Client, urql and Relay send, and a preflight answered for 10 minutes.
 * They do not depend on the request, so they are no part of a cache key.
 */
export const GRAPHQL_RESPONSE_HEADERS: Readonly<Record<string, string>> = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': [
    'Authorization',
    'Content-Type',
    'Apollo-Require-Preflight',
    'X-Apollo-Operation-Name',
    'Apollographql-Client-Name',
    'Apollographql-Client-Version',
  ].join(', '),
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-max-age': '600',
  // Scripts may read these of a cross-origin answer (the safelisted ones they always may).
  'access-control-expose-headers': 'ETag, X-Cache',
  'x-robots-tag': 'noindex',
  'x-content-type-options': 'nosniff',
};

/**
 * Builds REST addresses in the deployment's URL form, like WordPress's rest_url(), and maps such
 * addresses back to routes (for `_embed`, which dispatches links internally).
 */
import type { Config } from '../../config';
import { parseQuery } from './query';

export interface RestUrls {
  /** Address of a route, e.g. url('/core/v2/posts/1') or url('/') for the root. */
  url(route: string, query?: string): string;
  /** The REST root with a trailing slash, as in the discovery `Link` header. */
  root(): string;
  /** Route and query of one of our own REST addresses, or null for anything else. */
  parse(href: string): { route: string; query: Record<string, unknown> } | null;
}

export function restUrls(config: Pick<Config, 'siteUrl' | 'restPrefix' | 'permalinks'>): RestUrls {
  const prettyBase = `${config.siteUrl}/${config.restPrefix}`;
  const plainBase = `${config.siteUrl}/index.php?rest_route=`;
  const pretty = config.permalinks === 'pretty';
  return {
    url(route, query) {
      // Routes almost always start with exactly one slash: no need for the regex then.
      const path = route.charCodeAt(0) === 47 && route.charCodeAt(1) !== 47 ? route : '/' + route.replace(/^\/+/, '');
      if (pretty) return prettyBase + path + (query ? '?' + query : '');
      return plainBase + path + (query ? '&' + query : '');
    },
    root() {
      return pretty ? prettyBase + '/' : plainBase + '/';
    },
    parse(href) {
      let rest: string;
      if (href.startsWith(prettyBase + '/') || href === prettyBase) {
        rest = href.slice(prettyBase.length) || '/';
        const q = rest.indexOf('?');
        const route = q === -1 ? rest : rest.slice(0, q);
        return { route: route || '/', query: q === -1 ? {} : parseQuery(rest.slice(q + 1)).values };
      }
      if (href.startsWith(`${config.siteUrl}/index.php?`) || href.startsWith(`${config.siteUrl}/?`)) {
        const query = parseQuery(href.slice(href.indexOf('?') + 1)).values;
        const route = query.rest_route;
        if (typeof route !== 'string') return null;
        delete query.rest_route;
        return { route, query };
      }
      return null;
    },
  };
}

/**
 * The site index `GET /` and the namespace roots `GET /<namespace>`. Both print the route table;
 * the route descriptions are built once per context and reused.
 */
import { DomainError } from '../../domain/errors';
import { hidesUserRoutes, isUserRoute } from '../../domain/security/enumeration';
import { gmtOffsetText, readOptions } from '../../domain/settings/options';
import type { DescribeContext } from '../server/describe';
import { describeRoutes } from '../server/describe';
import type { RouteRegistry } from '../server/registry';
import { JsonFragment } from '../server/json';
import type { HandlerRequest, RouteDef } from '../server/types';
import type { RestUrls } from '../server/urls';

function contextOf(value: unknown): DescribeContext {
  return value === 'help' || value === 'edit' || value === 'embed' ? value : 'view';
}

export function rootRoutes(registry: RouteRegistry, urls: RestUrls, namespaces: readonly string[]): { index: RouteDef; namespaceRoot: (namespace: string) => RouteDef } {
  const described = new Map<string, JsonFragment>();
  /**
   * The route table of a context (and namespace), built and serialised once. With `_fields` the
   * plain object is answered (it is filtered key by key); otherwise the fragment, whose JSON text is
   * spliced into the answer.
   */
  const routesFor = async (request: HandlerRequest, context: DescribeContext, namespace?: string): Promise<unknown> => {
    // The security settings may hide the user routes from anonymous readers (user enumeration).
    const hideUsers = await hidesUserRoutes(request.domain);
    const key = `${context}|${namespace ?? ''}|${hideUsers ? 'no-users' : ''}`;
    let routes = described.get(key);
    if (!routes) {
      const all = namespace === undefined ? registry.all() : registry.inNamespace(namespace);
      routes = new JsonFragment(describeRoutes(hideUsers ? all.filter((route) => !isUserRoute(route.path)) : all, context, urls));
      described.set(key, routes);
    }
    return request.query._fields === undefined ? routes : routes.value;
  };

  const index: RouteDef = {
    namespace: '',
    path: '/',
    endpoints: [
      {
        methods: ['GET'],
        args: { context: { default: 'view' } },
        handler: async (request) => {
          const options = await readOptions(request.domain.db);
          const siteUrl = request.domain.config.siteUrl;
          return {
            name: options.title,
            description: options.description,
            url: siteUrl,
            home: siteUrl,
            gmt_offset: gmtOffsetText(options),
            timezone_string: options.timezone_string,
            page_for_posts: options.page_for_posts,
            page_on_front: options.page_on_front,
            show_on_front: options.show_on_front,
            namespaces: [...namespaces],
            authentication: options.application_passwords_enabled
              ? { 'application-passwords': { endpoints: { authorization: `${siteUrl}/wp-admin/authorize-application.php` } } }
              : [],
            routes: await routesFor(request, contextOf(request.params.context)),
            site_logo: options.site_logo,
            site_icon: options.site_icon,
            site_icon_url: '',
            _links: { help: [{ href: 'https://developer.wordpress.org/rest-api/' }] },
          };
        },
      },
    ],
  };

  const namespaceRoot = (namespace: string): RouteDef => ({
    namespace,
    path: '/' + namespace,
    endpoints: [
      {
        methods: ['GET'],
        args: { namespace: { default: namespace }, context: { default: 'view' } },
        handler: async (request) => {
          const wanted = String(request.params.namespace);
          if (!namespaces.includes(wanted)) throw new DomainError('rest_invalid_namespace', 'The specified namespace could not be found.', 404);
          return { namespace: wanted, routes: await routesFor(request, contextOf(request.params.context), wanted), _links: { up: [{ href: urls.root() }] } };
        },
      },
    ],
  });

  return { index, namespaceRoot };
}

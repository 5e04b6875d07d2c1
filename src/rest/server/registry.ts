/**
 * The route table: compiled once at start-up from the route declarations.
 */
import type { EndpointDef, HttpMethod, RouteDef } from './types';

export interface CompiledRoute extends RouteDef {
  regex: RegExp;
  /** True when the pattern has path variables (no `_links.self` in the index). */
  hasVariables: boolean;
  methods: HttpMethod[];
}

export interface RouteMatch {
  route: CompiledRoute;
  urlParams: Record<string, string>;
}

/** WordPress writes named groups PCRE-style, (?P<name>...); JavaScript wants (?<name>...). */
function compilePattern(path: string): RegExp {
  return new RegExp('^' + path.replace(/\(\?P</g, '(?<') + '$', 'i');
}

/** Paths whose match is remembered (a page of embeds matches the same few paths again and again). */
const MATCH_MEMO_SIZE = 5000;

export class RouteRegistry {
  private readonly routes: CompiledRoute[] = [];
  private readonly byNamespace = new Map<string, CompiledRoute[]>();
  private readonly matches = new Map<string, RouteMatch | null>();

  add(route: RouteDef): void {
    if (this.routes.some((r) => r.path === route.path)) throw new Error(`route ${route.path} declared twice`);
    const methods: HttpMethod[] = [];
    for (const endpoint of route.endpoints) for (const m of endpoint.methods) if (!methods.includes(m)) methods.push(m);
    const compiled: CompiledRoute = { ...route, regex: compilePattern(route.path), hasVariables: /\(\?P?</.test(route.path), methods };
    this.routes.push(compiled);
    const list = this.byNamespace.get(route.namespace) ?? [];
    list.push(compiled);
    this.byNamespace.set(route.namespace, list);
    this.matches.clear();
  }

  all(): readonly CompiledRoute[] {
    return this.routes;
  }

  namespaces(): string[] {
    return [...this.byNamespace.keys()].filter((ns) => ns !== '');
  }

  inNamespace(namespace: string): readonly CompiledRoute[] {
    return this.byNamespace.get(namespace) ?? [];
  }

  /**
   * Finds the route for a path. As in WordPress, when the path starts with a registered namespace
   * only that namespace's routes are tried.
   */
  match(path: string): RouteMatch | null {
    let found = this.matches.get(path);
    if (found === undefined) {
      if (this.matches.size >= MATCH_MEMO_SIZE) this.matches.clear();
      found = this.search(path);
      this.matches.set(path, found);
    }
    // Callers may change the parameters they get.
    return found && { route: found.route, urlParams: { ...found.urlParams } };
  }

  private search(path: string): RouteMatch | null {
    const lower = path.toLowerCase();
    let candidates: readonly CompiledRoute[] = this.routes;
    let best = '';
    for (const ns of this.byNamespace.keys()) {
      if (ns !== '' && (lower === '/' + ns || lower.startsWith('/' + ns + '/')) && ns.length > best.length) best = ns;
    }
    if (best) candidates = this.byNamespace.get(best) ?? [];
    for (const route of candidates) {
      const m = route.regex.exec(path);
      if (m) return { route, urlParams: Object.freeze({ ...(m.groups ?? {}) }) };
    }
    return null;
  }

  /** The endpoint of a route serving a method (HEAD falls back to GET). */
  static endpointFor(route: CompiledRoute, method: string): EndpointDef | undefined {
    const wanted = method === 'HEAD' ? 'GET' : method;
    return route.endpoints.find((e) => (e.methods as string[]).includes(wanted));
  }
}

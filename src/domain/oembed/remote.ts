/**
 * The proxy (WP_oEmbed_Controller::get_proxy_item()): for editors, the oEmbed answer of any
 * address. A cached answer first (the same arguments, whoever asked); then this site's own
 * addresses, answered like the embed route; then a provider — the first trusted one whose pattern
 * matches, else, with `discover`, the endpoint the page announces — asked with `maxwidth`,
 * `maxheight`, `url`, `dnt=1` and `format=json` (XML when the provider answers 501), through the
 * guarded fetch (safe-fetch.ts). The provider's answer comes back with WordPress's `html`; a
 * successful one is cached. Anything that fails is 404 `oembed_invalid_url`.
 */
import { createHash } from 'node:crypto';
import type { Config } from '../../config';
import type { DomainContext } from '../context';
import { DomainError, forbidden } from '../errors';
import type { Viewer } from '../viewer';
import { TtlCache } from './cache';
import type { ProxyQuery } from './contract';
import { discoverEndpoint, DISCOVERY_BYTES } from './discover';
import { localOEmbed } from './local';
import { ProviderRegistry } from './providers';
import { FetchRefused, safeFetch, type SafeFetchOptions } from './safe-fetch';
import { providerHtml } from './sanitize-html';
import { parseOembedXml } from './xml';

export type ProviderAnswer = Record<string, unknown>;

/** wp_embed_defaults() without a theme content width: 500 wide, so 750 high. */
const DEFAULT_EMBED_HEIGHT = Math.min(Math.ceil(500 * 1.5), 1000);

interface Services {
  registry: ProviderRegistry;
  cache: TtlCache<ProviderAnswer>;
}

/** One registry and cache per configuration (per server in this process). */
const servicesByConfig = new WeakMap<Config, Services>();

function servicesOf(config: Config): Services {
  let services = servicesByConfig.get(config);
  if (!services) {
    services = {
      registry: new ProviderRegistry(config.siteUrl, config.oembed.providers),
      cache: new TtlCache(config.oembed.cacheEntries, config.oembed.cacheTtl * 1000),
    };
    servicesByConfig.set(config, services);
  }
  return services;
}

export function invalidUrl(): DomainError {
  return new DomainError('oembed_invalid_url', 'Not Found', 404);
}

/** get_proxy_item_permissions_check(). */
export function canProxy(viewer: Viewer): boolean {
  return viewer.can('edit_posts');
}

export function assertCanProxy(viewer: Viewer): void {
  if (!canProxy(viewer)) throw forbidden('rest_forbidden', 'Sorry, you are not allowed to make proxied oEmbed requests.', viewer);
}

function fetchOptions(config: Config, extra: Partial<SafeFetchOptions> = {}): SafeFetchOptions {
  const o = config.oembed;
  return { timeoutMs: o.timeoutMs, maxBytes: o.maxBytes, maxRedirects: o.maxRedirects, allowHosts: o.allowHosts, ...extra };
}

/** WP_oEmbed::discover(): the first 150 KB of the page, its announced endpoint. */
async function discover(config: Config, url: string): Promise<string | null> {
  const page = await safeFetch(url, fetchOptions(config, { maxBytes: Math.min(DISCOVERY_BYTES, config.oembed.maxBytes), truncate: true, accept: 'text/html,application/xhtml+xml' }));
  if (page.status < 200 || page.status >= 300) return null;
  return discoverEndpoint(page.body.toString('utf8'));
}

function parseAnswer(body: string, format: 'json' | 'xml'): ProviderAnswer | null {
  if (format === 'xml') return parseOembedXml(body);
  try {
    const data: unknown = JSON.parse(body.trim());
    return data !== null && typeof data === 'object' && !Array.isArray(data) && Object.keys(data).length > 0 ? (data as ProviderAnswer) : null;
  } catch {
    return null;
  }
}

/** WP_oEmbed::fetch(): JSON first, XML only when the provider says JSON is not implemented. */
async function fetchFromProvider(config: Config, endpoint: string, url: string, width: number, height: number): Promise<ProviderAnswer | null> {
  let request: URL;
  try {
    request = new URL(endpoint);
  } catch {
    return null;
  }
  request.searchParams.set('maxwidth', String(width));
  request.searchParams.set('maxheight', String(height));
  request.searchParams.set('url', url);
  request.searchParams.set('dnt', '1');
  for (const format of ['json', 'xml'] as const) {
    request.searchParams.set('format', format);
    const answer = await safeFetch(request.toString(), fetchOptions(config, { accept: format === 'json' ? 'application/json' : 'text/xml' }));
    if (answer.status === 501) continue;
    if (answer.status < 200 || answer.status >= 300 || answer.body.length === 0) return null;
    return parseAnswer(answer.body.toString('utf8'), format);
  }
  return null;
}

/** WP_oEmbed::get_data() and the html WordPress sets on it; null when nothing answers. */
async function remoteAnswer(config: Config, query: ProxyQuery): Promise<ProviderAnswer | null> {
  const { registry } = servicesOf(config);
  let endpoint = registry.endpointFor(query.url);
  const trusted = endpoint !== null;
  if (!endpoint && query.discover) endpoint = await discover(config, query.url);
  if (!endpoint) return null;
  const data = await fetchFromProvider(config, endpoint, query.url, query.maxwidth, query.maxheight ?? DEFAULT_EMBED_HEIGHT);
  if (!data) return null;
  return { ...data, html: providerHtml(data, query.url, trusted) };
}

function isSiteAddress(config: Config, url: string): boolean {
  try {
    return new URL(url).origin === new URL(config.siteUrl).origin;
  } catch {
    return false;
  }
}

function cacheKey(query: ProxyQuery): string {
  return createHash('sha256').update(JSON.stringify([query.url, query.format, query.maxwidth, query.maxheight, query.discover])).digest('hex');
}

/** GET /oembed/1.0/proxy. */
export async function proxyOEmbed(ctx: DomainContext, query: ProxyQuery): Promise<ProviderAnswer> {
  assertCanProxy(ctx.viewer);
  const { cache } = servicesOf(ctx.config);
  const key = cacheKey(query);
  const cached = cache.get(key);
  if (cached) return { ...cached };
  const local = await localOEmbed(ctx, query.url, query.maxwidth);
  if (local) return { ...local };
  let data: ProviderAnswer | null;
  try {
    data = await remoteAnswer(ctx.config, query);
  } catch (error) {
    if (error instanceof FetchRefused) throw invalidUrl();
    throw error;
  }
  if (!data) throw invalidUrl();
  cache.set(key, data);
  return { ...data };
}

/** The proxy's cache of this configuration (for operators and tests: its size, emptying it). */
export function proxyCache(config: Config): Pick<TtlCache<ProviderAnswer>, 'size' | 'clear'> {
  return servicesOf(config).cache;
}

/**
 * Any address, as GraphQL's `oembed` asks: this site's own for everybody (as the embed route), any
 * other through the proxy (editors only). Null when nothing embeddable answers.
 */
export async function oembedOf(ctx: DomainContext, query: ProxyQuery): Promise<ProviderAnswer | null> {
  const local = await localOEmbed(ctx, query.url, query.maxwidth);
  if (local) return { ...local };
  // This site's address that names nothing embeddable: nothing to ask a provider about.
  if (isSiteAddress(ctx.config, query.url)) return null;
  try {
    return await proxyOEmbed(ctx, query);
  } catch (error) {
    if (error instanceof DomainError && error.code === 'oembed_invalid_url') return null;
    throw error;
  }
}

/**
 * The oEmbed routes' arguments as WP_oEmbed_Controller registers them, and their reading into
 * domain queries. `maxwidth`/`maxheight` are sanitised with absint() and never validated (a
 * sanitize callback replaces WordPress's type checks), and the embed route's `format` is coerced to
 * json or xml (wp_oembed_ensure_format()); the typed arguments are checked as rest_parse_request_arg()
 * does, in the sanitize phase.
 */
import type { ArgSchema, ArgsView } from '../../schema/types';
import { absint, MAX_WIDTH } from './local';

export const DEFAULT_WIDTH = MAX_WIDTH;

const URL_ARG: ArgSchema = { description: 'The URL of the resource for which to fetch oEmbed data.', required: true, type: 'string', format: 'uri', validateOnSanitize: true };

export const EMBED_ARGS: Record<string, ArgSchema> = {
  url: URL_ARG,
  format: { default: 'json', unchecked: true },
  maxwidth: { default: DEFAULT_WIDTH, unchecked: true },
};

export const PROXY_ARGS: Record<string, ArgSchema> = {
  url: URL_ARG,
  format: { description: 'The oEmbed format to use.', type: 'string', default: 'json', enum: ['json', 'xml'], validateOnSanitize: true },
  maxwidth: { description: 'The maximum width of the embed frame in pixels.', type: 'integer', default: DEFAULT_WIDTH, unchecked: true },
  maxheight: { description: 'The maximum height of the embed frame in pixels.', type: 'integer', unchecked: true },
  discover: { description: 'Whether to perform an oEmbed discovery request for unsanctioned providers.', type: 'boolean', default: true, validateOnSanitize: true },
};

export type OEmbedFormat = 'json' | 'xml';

/** wp_oembed_ensure_format(). */
export function ensureFormat(value: unknown): OEmbedFormat {
  return value === 'xml' ? 'xml' : 'json';
}

export interface EmbedQuery {
  url: string;
  format: OEmbedFormat;
  maxwidth: number;
}

export interface ProxyQuery {
  url: string;
  format: OEmbedFormat;
  maxwidth: number;
  /** Absent: the provider gets WordPress's default embed height. */
  maxheight: number | null;
  discover: boolean;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

export function embedQueryFrom(request: Pick<ArgsView, 'params'>): EmbedQuery {
  const p = request.params;
  return { url: text(p.url), format: ensureFormat(p.format), maxwidth: absint(p.maxwidth) };
}

export function proxyQueryFrom(request: Pick<ArgsView, 'params'>): ProxyQuery {
  const p = request.params;
  return {
    url: text(p.url),
    format: ensureFormat(p.format),
    maxwidth: absint(p.maxwidth),
    maxheight: p.maxheight === undefined || p.maxheight === null ? null : absint(p.maxheight),
    discover: p.discover !== false,
  };
}

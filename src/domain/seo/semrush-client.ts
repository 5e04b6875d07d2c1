/**
 * The keyphrase research service's HTTP side (SEMrush's OAuth API, as Yoast's SEMrush_Client uses
 * it): the code-for-tokens exchange and the refresh at `<service>/oauth2/access_token`, and the
 * related-keyphrases search at `<service>/api/v1/keywords/phrase_fullsearch`. Every call goes
 * through the SSRF-safe fetcher; nothing here stores anything.
 */
import type { SeoConfig } from '../../config';
import { FetchRefused, safeFetch, type FetchedPage } from '../oembed/safe-fetch';

export interface KeyphraseTokens {
  access_token: string;
  refresh_token: string;
  /** Unix seconds after which the access token is no longer used. */
  expires: number;
  created_at: number;
}

/** Why the service gave no usable answer: not set up here, not reachable (or talking nonsense), or it refused. */
export class KeyphraseServiceError extends Error {
  constructor(
    readonly kind: 'not-configured' | 'unreachable' | 'refused',
    message: string,
    /** The service's HTTP status when it refused. */
    readonly status = 0,
  ) {
    super(message);
    this.name = 'KeyphraseServiceError';
  }
}

const MAX_BYTES = 1024 * 1024;
const USER_AGENT = 'content-site SEO keyphrase research';

function serviceOf(config: SeoConfig): string {
  if (!config.keyphraseServiceUrl) throw new KeyphraseServiceError('not-configured', 'The keyphrase research service is not configured on this site (SEO_KEYPHRASE_SERVICE_URL).');
  return config.keyphraseServiceUrl;
}

async function call(config: SeoConfig, url: string, form?: Record<string, string>): Promise<FetchedPage> {
  try {
    return await safeFetch(url, { timeoutMs: config.timeoutMs, maxBytes: MAX_BYTES, maxRedirects: 3, allowHosts: config.allowHosts, accept: 'application/json', userAgent: USER_AGENT, form });
  } catch (error) {
    const reason = error instanceof FetchRefused ? error.message : 'request failed';
    throw new KeyphraseServiceError('unreachable', `The keyphrase research service could not be reached: ${reason}.`);
  }
}

function json(page: FetchedPage): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(page.body.toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** An answer's failure: 4xx is the service refusing (with its message), anything else not a usable answer. */
function failure(page: FetchedPage, body: Record<string, unknown> | null): KeyphraseServiceError {
  if (page.status >= 400 && page.status < 500) {
    const message = [body?.error_description, body?.message, body?.error].find((value) => typeof value === 'string' && value !== '');
    return new KeyphraseServiceError('refused', (message as string | undefined) ?? `HTTP ${page.status}`, page.status);
  }
  return new KeyphraseServiceError('unreachable', `The keyphrase research service gave no usable answer (HTTP ${page.status}).`);
}

async function requestTokens(config: SeoConfig, grant: Record<string, string>, now: number): Promise<KeyphraseTokens> {
  const service = serviceOf(config);
  const page = await call(config, `${service}/oauth2/access_token`, {
    ...grant,
    client_id: config.keyphraseClientId,
    client_secret: config.keyphraseClientSecret,
    redirect_uri: `${service}/oauth2/${config.keyphraseClientId}/success`,
  });
  const body = json(page);
  if (page.status < 200 || page.status >= 300 || !body) throw failure(page, body);
  const { access_token: access, refresh_token: refresh, expires_in: expiresIn } = body;
  if (typeof access !== 'string' || access === '' || typeof refresh !== 'string' || refresh === '') {
    throw new KeyphraseServiceError('refused', 'The answer holds no access and refresh tokens.', 401);
  }
  const seconds = typeof expiresIn === 'number' && Number.isFinite(expiresIn) ? Math.trunc(expiresIn) : 0;
  return { access_token: access, refresh_token: refresh, expires: now + seconds, created_at: now };
}

/** The authorization code exchanged for tokens. */
export function exchangeCode(config: SeoConfig, code: string, now: number): Promise<KeyphraseTokens> {
  return requestTokens(config, { grant_type: 'authorization_code', code }, now);
}

/** New tokens for an expired access token. */
export function refreshTokens(config: SeoConfig, tokens: KeyphraseTokens, now: number): Promise<KeyphraseTokens> {
  return requestTokens(config, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token }, now);
}

/** The service's answer (`{data, status}`) for a keyphrase in a country's database: the ten related phrases by volume. */
export async function fetchRelatedKeyphrases(config: SeoConfig, accessToken: string, keyphrase: string, database: string): Promise<{ data: unknown; status: number }> {
  const params = new URLSearchParams({
    access_token: accessToken,
    phrase: keyphrase,
    database,
    export_columns: 'Ph,Nq,Td',
    display_limit: '10',
    display_offset: '0',
    display_sort: 'nq_desc',
    display_filter: '+|Nq|Lt|1000',
  });
  const page = await call(config, `${serviceOf(config)}/api/v1/keywords/phrase_fullsearch?${params.toString()}`);
  const body = json(page);
  if (page.status < 200 || page.status >= 300 || !body) throw failure(page, body);
  const status = typeof body.status === 'number' && body.status >= 200 && body.status < 300 ? body.status : 200;
  return { data: body.data ?? null, status };
}

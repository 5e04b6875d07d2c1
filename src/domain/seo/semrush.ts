/**
 * Keyphrase research (Yoast's SEMrush integration): connect the site with an authorization code,
 * choose the country database, and look up related keyphrases. Answers keep Yoast's result
 * objects (`{tokens, status}`, `{success, status}`, `{results, status}`, or `{error, status}`),
 * with one change: `tokens` answers only when they expire, never the tokens themselves, which
 * stay on the server. A service that is not configured (no address, or no SEO_SECRET_KEY to seal
 * its tokens) or cannot be reached answers a WordPress error (400 / 502) instead.
 */
import type { SeoConfig } from '../../config';
import type { DomainContext } from '../context';
import { DomainError } from '../errors';
import { writeSeoOption } from './options';
import { requireSeo } from './permissions';
import { exchangeCode, fetchRelatedKeyphrases, KeyphraseServiceError, refreshTokens, type KeyphraseTokens } from './semrush-client';
import { hasExpired, readKeyphraseTokens, storeKeyphraseTokens } from './semrush-tokens';
import { RelatedKeyphraseCache } from './semrush-cache';

export interface SemrushResult {
  status: number;
  [key: string]: unknown;
}

const cache = new RelatedKeyphraseCache();

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The key sealing the tokens; without one (or without an address) the service is not usable. */
function configured(config: SeoConfig): Buffer {
  if (!config.keyphraseServiceUrl) throw toDomainError(new KeyphraseServiceError('not-configured', 'The keyphrase research service is not configured on this site (SEO_KEYPHRASE_SERVICE_URL).'));
  if (!config.secretKey) throw toDomainError(new KeyphraseServiceError('not-configured', 'The keyphrase research service is not configured on this site: SEO_SECRET_KEY is needed to keep its tokens.'));
  return config.secretKey;
}

/** Not configured is 400, as other features a site has turned off answer (no 5xx for what a client sends); unreachable is the gateway's 502. */
function toDomainError(error: KeyphraseServiceError): DomainError {
  return error.kind === 'not-configured'
    ? new DomainError('seo_keyphrase_service_not_configured', error.message, 400)
    : new DomainError('seo_keyphrase_service_unreachable', error.message, 502);
}

export const isCountryCode = (value: unknown): boolean => typeof value === 'string' && /^[a-z]{2}$/.test(value);

/** POST semrush/authenticate. */
export async function authenticate(ctx: DomainContext, code: string): Promise<SemrushResult> {
  requireSeo(ctx.viewer, 'edit_posts', 'edit_pages');
  const key = configured(ctx.config.seo);
  let tokens: KeyphraseTokens;
  try {
    tokens = await exchangeCode(ctx.config.seo, code, nowSeconds());
  } catch (error) {
    if (!(error instanceof KeyphraseServiceError) || error.kind !== 'refused') throw error instanceof KeyphraseServiceError ? toDomainError(error) : error;
    return { tokens: [], error: `Authentication failed: ${error.message}`, status: 401 };
  }
  await ctx.db.prisma.$transaction((tx) => storeKeyphraseTokens(tx, key, tokens));
  cache.clear();
  return { tokens: { expires: tokens.expires, has_expired: hasExpired(tokens, nowSeconds()), created_at: tokens.created_at }, status: 200 };
}

/** POST semrush/country_code. */
export async function setCountryCode(ctx: DomainContext, countryCode: string): Promise<SemrushResult> {
  requireSeo(ctx.viewer, 'edit_posts', 'edit_pages');
  await ctx.db.prisma.$transaction((tx) => writeSeoOption(tx, 'wpseo', { semrush_country_code: countryCode }));
  return { success: true, status: 200 };
}

/** The stored tokens, refreshed (and stored again) when the access token has expired. */
async function usableTokens(ctx: DomainContext, key: Buffer): Promise<KeyphraseTokens | null> {
  const tokens = await readKeyphraseTokens(ctx.db, ctx.config.seo);
  if (!tokens || !hasExpired(tokens, nowSeconds())) return tokens;
  const fresh = await refreshTokens(ctx.config.seo, tokens, nowSeconds());
  // A write inside a GET: the refreshed tokens must outlive this request.
  await ctx.db.untracked('storing refreshed keyphrase-service tokens during a lookup').$transaction((tx) => storeKeyphraseTokens(tx, key, fresh));
  return fresh;
}

/** GET semrush/related_keyphrases: cached a day per keyphrase and country, as Yoast's transient is. */
export async function relatedKeyphrases(ctx: DomainContext, keyphrase: string, countryCode: string): Promise<SemrushResult> {
  requireSeo(ctx.viewer, 'edit_posts', 'edit_pages');
  const key = configured(ctx.config.seo);
  const cacheKey = [ctx.config.seo.keyphraseServiceUrl, keyphrase, countryCode].join('\u0000');
  const cached = cache.get(cacheKey);
  if (cached) return { results: cached.data, status: cached.status };
  try {
    const tokens = await usableTokens(ctx, key);
    if (!tokens) return { error: 'Token usage failed. Token is empty.', status: 400 };
    const answer = await fetchRelatedKeyphrases(ctx.config.seo, tokens.access_token, keyphrase, countryCode);
    cache.set(cacheKey, answer);
    return { results: answer.data, status: answer.status };
  } catch (error) {
    if (!(error instanceof KeyphraseServiceError)) throw error;
    if (error.kind !== 'refused') throw toDomainError(error);
    return { error: `Authentication failed: ${error.message}`, status: error.status === 401 || error.status === 403 ? error.status : 400 };
  }
}

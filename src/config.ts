/**
 * Environment -> typed settings. Every variable is documented in the README's configuration table;
 * keep the two in step.
 */
import os from 'node:os';
import path from 'node:path';

export type Provider = 'sqlite' | 'postgresql';
export type SiteProfile = 'full' | 'core';
export type Permalinks = 'pretty' | 'plain';

export interface Config {
  port: number;
  host: string;
  databaseUrl: string;
  provider: Provider;
  /** PostgreSQL read replicas of DATABASE_URL (DATABASE_REPLICA_URLS): anonymous reads go to them when they are caught up. */
  databaseReplicaUrls: string[];
  /** Milliseconds a replica has to answer a statement before its reads go to the primary (DATABASE_REPLICA_TIMEOUT_MS). */
  databaseReplicaTimeoutMs: number;
  /** Connections of the primary's Prisma pool per process (DATABASE_POOL_SIZE); the fast read pools take min(this, 4). */
  databasePoolSize: number;
  /** REST root path segment, without slashes (WordPress: wp-json). */
  restPrefix: string;
  /** Public address of the site, without a trailing slash. */
  siteUrl: string;
  profile: SiteProfile;
  permalinks: Permalinks;
  logLevel: string;
  /** Largest accepted request body, bytes (media uploads go through it). */
  bodyLimit: number;
  adminUser?: string;
  adminPassword?: string;
  adminEmail?: string;
  adminAppPassword?: string;
  /** Seed the demo site into an empty database. */
  seedDemo: boolean;
  /** Milliseconds a shutdown waits for in-flight requests before closing connections anyway. */
  shutdownGraceMs: number;
  /** Server processes sharing the port (Node's cluster); 1 serves from the starting process itself. */
  workers: number;
  graphql: GraphQLConfig;
  cache: CacheConfig;
  /** The calendar's geolocation component (Events Calendar Pro's): events near a point. */
  geolocation: boolean;
  /** How far from the point a venue may lie, kilometres. */
  geolocationRadiusKm: number;
  /** Reads that leave the tracked fast path unannounced throw instead of being counted (src/db/read-audit.ts). */
  strictReads: boolean;
  /** Analyse a post, page or event for search optimisation after each save (off: only indexing and `seo:reindex` do). */
  seoAnalysisOnSave: boolean;
  media: MediaConfig;
  oembed: OEmbedConfig;
  seo: SeoConfig;
  ical: IcalConfig;
  security: SecurityConfig;
  central: CentralConfig;
  /** Days the security log keeps an entry (SECURITY_LOG_RETENTION_DAYS; 0: forever). */
  securityLogRetentionDays: number;
  securityScan: SecurityScanConfig;
  /**
   * Milliseconds a SIGTERM keeps serving before the instance stops accepting connections
   * (SHUTDOWN_DRAIN_MS, default 0): /health already answers 503 and every answer closes its
   * connection, so that a balancer with active checks stops sending here first.
   */
  shutdownDrainMs: number;
  /**
   * A direct PostgreSQL connection (DATABASE_DIRECT_URL) for what a transaction-pooling PgBouncer
   * cannot carry: the invalidation bus's LISTEN and the migrations' session advisory lock.
   * Unset: DATABASE_URL.
   */
  databaseDirectUrl?: string;
}

/** Where the security configuration keeps its counters (failed logins, lockouts, rate limits). */
export interface SecurityConfig {
  /** A Redis server (REDIS_URL, `redis://[:password@]host:port[/db]`); unset, the counters live in the database. */
  redisUrl?: string;
  /** Prepended to every Redis key (REDIS_KEY_PREFIX, default `security:`), so several sites can share one server. */
  redisKeyPrefix: string;
}

/** Pairing with a central security dashboard (security/v1 authenticate*, premium-connect; src/domain/security). */
export interface CentralConfig {
  /**
   * Key (32 bytes, from SECURITY_SECRET_KEY) sealing the site's secret (nonces, tokens) and its
   * private key at rest; unset, nothing is kept and the site cannot be paired.
   */
  secretKey?: Buffer;
  /**
   * The dashboard's own Ed25519 public key (32 bytes, SECURITY_CENTRAL_PUBLIC_KEY as 64 hex digits):
   * what `authenticate-premium` signatures are verified with (the plugin's built-in key). Unset,
   * premium pairing is off.
   */
  premiumPublicKey?: Buffer;
}

/** The security scanner (src/domain/security/scan). */
export interface SecurityScanConfig {
  /** Hosts links and redirects may not point at (SECURITY_SCAN_BLOCKED_HOSTS), besides the scan's stored list. */
  blockedHosts: string[];
}

/** The search-optimisation plugin's outside services (src/domain/seo/semrush*.ts). */
export interface SeoConfig {
  /**
   * The keyphrase research service (SEMrush's OAuth API: `/oauth2/access_token` and
   * `/api/v1/keywords/phrase_fullsearch` under it); unset, the semrush routes answer that it is not configured.
   */
  keyphraseServiceUrl?: string;
  /** The OAuth client this site is registered as with that service. */
  keyphraseClientId: string;
  keyphraseClientSecret: string;
  /** Key (32 bytes, from SEO_SECRET_KEY) sealing the service's tokens at rest; unset, no token is kept. */
  secretKey?: Buffer;
  /** Milliseconds one call to the service may take. */
  timeoutMs: number;
  /** `host:port` authorities exempt from the private-address guard (a service on loopback in tests). */
  allowHosts: string[];
  /** Worker threads the text analysis runs in (SEO_ANALYSIS_WORKERS, default 1); 0 runs it on the event loop. */
  analysisWorkers: number;
}

/** iCalendar imports: how far recurring series are expanded into events. */
export interface IcalConfig {
  /** A series without end (no COUNT or UNTIL) is expanded this many days ahead (ICAL_EXPANSION_HORIZON_DAYS, default 732: two years). */
  expansionHorizonDays: number;
  /** Most events one series becomes (ICAL_MAX_OCCURRENCES, default 500). */
  maxOccurrences: number;
}

/** Where uploads are kept and how large one may be. */
export interface MediaConfig {
  /** The local directory of the uploads (wp-content/uploads), absolute. */
  dir: string;
  /** Largest uploaded file, bytes (the body is streamed; beyond it: rest_upload_file_too_big). */
  uploadMaxBytes: number;
  /** Milliseconds a sideloaded file (GraphQL createMediaItem's filePath) may take to arrive. */
  sideloadTimeoutMs: number;
  /**
   * `host:port` authorities exempt from the sideload's private-address guard (tests, an intranet
   * file server); empty by default, exact as OEMBED_ALLOW_HOSTS.
   */
  sideloadAllowHosts: string[];
  /** An S3-compatible bucket instead of the local directory (MEDIA_S3_BUCKET set). */
  s3?: S3Config;
}

/** The bucket uploads go to, shared by every instance (src/domain/media/s3-storage.ts). */
export interface S3Config {
  bucket: string;
  region: string;
  /** An S3-compatible server's address (MinIO, R2, a test server); AWS's own when absent. */
  endpoint?: string;
  /** Both set: these keys; else the SDK's default credential chain (AWS_* variables, profiles, roles). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `host/bucket/key` addresses instead of `bucket.host/key` (most S3-compatible servers want it). */
  forcePathStyle: boolean;
  /** Prepended to every object key (`site-a/` keeps several sites in one bucket); '' or ending in `/`. */
  prefix: string;
}

/** The oEmbed proxy's outside requests (src/domain/oembed). */
export interface OEmbedConfig {
  /** Milliseconds one outside request may take, connection to last byte. */
  timeoutMs: number;
  /** Largest provider answer read, bytes (a discovered page is read up to this and cut). */
  maxBytes: number;
  /** Redirects followed per request (each hop is checked again). */
  maxRedirects: number;
  /** Seconds a proxied answer is kept (WordPress: a day). */
  cacheTtl: number;
  /** Proxied answers kept per process (least recently used go first). */
  cacheEntries: number;
  /**
   * `host:port` authorities exempt from the private-address guard (tests, an intranet provider);
   * empty by default. Only the named authority is exempt: a redirect elsewhere is checked as usual.
   */
  allowHosts: string[];
  /** Providers added to WordPress's list: `[URL pattern with *, endpoint]` pairs. */
  providers: Array<[pattern: string, endpoint: string]>;
}

export interface GraphQLConfig {
  introspection: boolean;
  playground: boolean;
  maxDepth: number;
  maxAliases: number;
  maxComplexity: number;
  /** Operations accepted in one batched POST. */
  batchLimit: number;
  /** Persisted queries (APQ) the database keeps; the oldest go beyond it. */
  persistedQueriesMax: number;
}

/** The response cache of anonymous reads and the HTTP caching headers of both faces. */
export interface CacheConfig {
  enabled: boolean;
  /** Bytes the in-process cache may hold. */
  maxBytes: number;
  /** Cache-Control max-age of anonymous GET answers, seconds. */
  maxAge: number;
  /** Cache-Control stale-while-revalidate of anonymous GET answers, seconds. */
  staleWhileRevalidate: number;
  /** Called (POST, JSON {tags}) after every invalidation, e.g. to purge a CDN. */
  purgeWebhook?: string;
  /** How often an idle instance publishes scheduled posts, ms (0: only when requests come). */
  schedulerIntervalMs: number;
  /** PostgreSQL: how long a cache hit may trust this instance's applied invalidations without a query,
   *  renewed every quarter of it (0: every hit asks the database). A crashed instance delays writes by at most this. */
  leaseMs: number;
}

class ConfigError extends Error {}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigError(`${name} must be a non-negative integer, got "${raw}"`);
  return Number(raw);
}

/** Shortest cache lease: renewed every quarter of it, a shorter one would keep the database busy for nothing. */
const MIN_CACHE_LEASE_MS = 100;

function cacheLeaseMs(env: NodeJS.ProcessEnv): number {
  const leaseMs = integer(env, 'CACHE_LEASE_MS', 1000);
  if (leaseMs !== 0 && leaseMs < MIN_CACHE_LEASE_MS) throw new ConfigError(`CACHE_LEASE_MS must be 0 (no lease) or at least ${MIN_CACHE_LEASE_MS}, got "${leaseMs}"`);
  return leaseMs;
}

function oneOf<T extends string>(env: NodeJS.ProcessEnv, name: string, allowed: readonly T[], fallback: T): T {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!(allowed as readonly string[]).includes(raw)) throw new ConfigError(`${name} must be one of ${allowed.join(', ')}, got "${raw}"`);
  return raw as T;
}

function flag(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (/^(1|true|yes|on)$/i.test(raw)) return true;
  if (/^(0|false|no|off)$/i.test(raw)) return false;
  throw new ConfigError(`${name} must be true or false, got "${raw}"`);
}

export /** `OEMBED_PROVIDERS`: whitespace-separated `pattern=endpoint` pairs (the pattern's `*` is a wildcard). */
function oembedProviders(raw: string | undefined): Array<[string, string]> {
  if (!raw || !raw.trim()) return [];
  return raw.trim().split(/\s+/).map((pair) => {
    const at = pair.indexOf('=');
    const endpoint = at > 0 ? pair.slice(at + 1) : '';
    if (!/^https?:\/\//i.test(endpoint)) throw new ConfigError(`OEMBED_PROVIDERS entries must be pattern=http(s)://endpoint, got "${pair}"`);
    return [pair.slice(0, at), endpoint];
  });
}

function hostList(raw: string | undefined): string[] {
  return (raw ?? '').split(/[\s,]+/).filter(Boolean).map((host) => host.toLowerCase());
}

/**
 * SEO_SECRET_KEY, SECURITY_SECRET_KEY: 64 hex digits or base64 of 32 bytes (e.g. `openssl rand -hex 32`); anything else
 * is refused rather than stretched, so a weak passphrase cannot pass for a key.
 */
function secretKey(name: string, raw: string | undefined): Buffer | undefined {
  const text = raw?.trim();
  if (!text) return undefined;
  const key = /^[0-9a-f]{64}$/i.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
  if (key.length !== 32) throw new ConfigError(`${name} must be 32 bytes, as 64 hex digits or base64`);
  return key;
}

/** SECURITY_CENTRAL_PUBLIC_KEY: a raw Ed25519 public key, 64 hex digits (libsodium's and the plugin's form). */
function ed25519PublicKey(name: string, raw: string | undefined): Buffer | undefined {
  const text = raw?.trim();
  if (!text) return undefined;
  if (!/^[0-9a-f]{64}$/i.test(text)) throw new ConfigError(`${name} must be an Ed25519 public key as 64 hex digits`);
  return Buffer.from(text, 'hex');
}

function serviceUrl(name: string, raw: string | undefined): string | undefined {
  const text = raw?.trim().replace(/\/+$/, '');
  if (!text) return undefined;
  if (!/^https?:\/\/[^/]/i.test(text)) throw new ConfigError(`${name} must be an http(s) address, got "${raw}"`);
  return text;
}

/** The MEDIA_S3_* settings, or undefined when no bucket is named (uploads stay in MEDIA_DIR). */
function s3Config(env: NodeJS.ProcessEnv): S3Config | undefined {
  const bucket = env.MEDIA_S3_BUCKET?.trim();
  if (!bucket) return undefined;
  const endpoint = env.MEDIA_S3_ENDPOINT?.trim() || undefined;
  if (endpoint && !/^https?:\/\/[^/]/i.test(endpoint)) throw new ConfigError(`MEDIA_S3_ENDPOINT must be an http(s) address, got "${endpoint}"`);
  const accessKeyId = env.MEDIA_S3_ACCESS_KEY_ID || undefined;
  const secretAccessKey = env.MEDIA_S3_SECRET_ACCESS_KEY || undefined;
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) throw new ConfigError('MEDIA_S3_ACCESS_KEY_ID and MEDIA_S3_SECRET_ACCESS_KEY go together');
  const prefix = (env.MEDIA_S3_PREFIX ?? '').replace(/^\/+|\/+$/g, '');
  if (prefix && !prefix.split('/').every((part) => part !== '' && part !== '.' && part !== '..')) throw new ConfigError(`MEDIA_S3_PREFIX must be a path such as site-a/uploads, got "${env.MEDIA_S3_PREFIX}"`);
  return {
    bucket,
    region: env.MEDIA_S3_REGION || env.AWS_REGION || 'us-east-1',
    endpoint,
    accessKeyId,
    secretAccessKey,
    forcePathStyle: flag(env, 'MEDIA_S3_FORCE_PATH_STYLE', false),
    prefix: prefix ? `${prefix}/` : '',
  };
}

/** DATABASE_DIRECT_URL: PostgreSQL only (it bypasses a connection pooler in front of DATABASE_URL). */
function directUrl(raw: string | undefined): string | undefined {
  const url = raw?.trim();
  if (!url) return undefined;
  if (providerOf(url) !== 'postgresql') throw new ConfigError('DATABASE_DIRECT_URL must be a postgresql:// address');
  return url;
}

function redisUrl(value: string | undefined): string | undefined {
  const url = value?.trim();
  if (!url) return undefined;
  if (!/^rediss?:\/\/[^/]/i.test(url)) throw new ConfigError(`REDIS_URL must be a redis:// address, got "${url}"`);
  return url;
}

export function providerOf(databaseUrl: string): Provider {
  if (/^postgres(ql)?:\/\//i.test(databaseUrl)) return 'postgresql';
  if (/^file:/i.test(databaseUrl)) return 'sqlite';
  throw new ConfigError(`DATABASE_URL must start with file: or postgresql://, got "${databaseUrl}"`);
}

/** DATABASE_REPLICA_URLS: comma-separated PostgreSQL URLs; refused with SQLite, which has no replicas. */
function replicaUrls(raw: string | undefined, provider: Provider): string[] {
  const urls = (raw ?? '').split(',').map((url) => url.trim()).filter(Boolean);
  if (urls.length > 0 && provider !== 'postgresql') throw new ConfigError('DATABASE_REPLICA_URLS needs a PostgreSQL DATABASE_URL (SQLite has no replicas): unset it or point DATABASE_URL at PostgreSQL');
  for (const url of urls) {
    if (!/^postgres(ql)?:\/\//i.test(url)) throw new ConfigError(`DATABASE_REPLICA_URLS must list postgresql:// addresses, got "${url}"`);
  }
  return urls;
}

/** One worker per core, at most four (each holds its own connections and response cache). */
function defaultWorkers(): number {
  return Math.min(4, os.availableParallelism());
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = integer(env, 'PORT', 8080);
  const databaseUrl = env.DATABASE_URL || `file:${path.resolve('data', 'site.db')}`;
  const siteUrl = (env.SITE_URL || `http://localhost:${port}`).replace(/\/+$/, '');
  const restPrefix = (env.REST_ROOT || 'wp-json').replace(/^\/+|\/+$/g, '');
  if (!/^[\w.-]+(\/[\w.-]+)*$/.test(restPrefix)) throw new ConfigError(`REST_ROOT must be a path such as wp-json, got "${env.REST_ROOT}"`);
  const provider = providerOf(databaseUrl);
  return {
    port,
    host: env.HOST || '0.0.0.0',
    databaseUrl,
    provider,
    databaseReplicaUrls: replicaUrls(env.DATABASE_REPLICA_URLS, provider),
    databaseReplicaTimeoutMs: Math.max(1, integer(env, 'DATABASE_REPLICA_TIMEOUT_MS', 5000)),
    databasePoolSize: Math.max(1, integer(env, 'DATABASE_POOL_SIZE', 10)),
    restPrefix,
    siteUrl,
    profile: oneOf(env, 'SITE_PROFILE', ['full', 'core'] as const, 'full'),
    permalinks: oneOf(env, 'PERMALINKS', ['pretty', 'plain'] as const, 'pretty'),
    logLevel: env.LOG_LEVEL || 'info',
    bodyLimit: integer(env, 'BODY_LIMIT', 64 * 1024 * 1024),
    adminUser: env.ADMIN_USER || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    adminEmail: env.ADMIN_EMAIL || undefined,
    adminAppPassword: env.ADMIN_APP_PASSWORD || undefined,
    seedDemo: flag(env, 'SEED_DEMO', true),
    shutdownGraceMs: integer(env, 'SHUTDOWN_GRACE_MS', 10000),
    workers: Math.max(1, integer(env, 'WEB_CONCURRENCY', defaultWorkers())),
    strictReads: flag(env, 'STRICT_READS', false),
    seoAnalysisOnSave: flag(env, 'SEO_ANALYSIS_ON_SAVE', true),
    graphql: {
      introspection: flag(env, 'GRAPHQL_INTROSPECTION', true),
      playground: flag(env, 'GRAPHQL_PLAYGROUND', true),
      maxDepth: integer(env, 'GRAPHQL_MAX_DEPTH', 15),
      maxAliases: integer(env, 'GRAPHQL_MAX_ALIASES', 30),
      maxComplexity: integer(env, 'GRAPHQL_MAX_COMPLEXITY', 20000),
      batchLimit: integer(env, 'GRAPHQL_BATCH_LIMIT', 10),
      persistedQueriesMax: integer(env, 'GRAPHQL_PERSISTED_QUERIES_MAX', 10000),
    },
    cache: {
      enabled: flag(env, 'CACHE_ENABLED', true),
      maxBytes: integer(env, 'CACHE_MAX_BYTES', 64 * 1024 * 1024),
      maxAge: integer(env, 'CACHE_MAX_AGE', 0),
      staleWhileRevalidate: integer(env, 'CACHE_STALE_WHILE_REVALIDATE', 0),
      purgeWebhook: env.CACHE_PURGE_WEBHOOK || undefined,
      schedulerIntervalMs: integer(env, 'SCHEDULER_INTERVAL_MS', 30000),
      leaseMs: cacheLeaseMs(env),
    },
    geolocation: flag(env, 'GEOLOCATION', false),
    geolocationRadiusKm: integer(env, 'GEOLOCATION_RADIUS_KM', 40),
    media: {
      dir: path.resolve(env.MEDIA_DIR || path.join('data', 'uploads')),
      uploadMaxBytes: integer(env, 'UPLOAD_MAX_BYTES', 64 * 1024 * 1024),
      sideloadTimeoutMs: integer(env, 'MEDIA_SIDELOAD_TIMEOUT_MS', 60000),
      sideloadAllowHosts: hostList(env.MEDIA_SIDELOAD_ALLOW_HOSTS),
      s3: s3Config(env),
    },
    oembed: {
      timeoutMs: integer(env, 'OEMBED_TIMEOUT_MS', 5000),
      maxBytes: integer(env, 'OEMBED_MAX_BYTES', 1024 * 1024),
      maxRedirects: integer(env, 'OEMBED_MAX_REDIRECTS', 5),
      cacheTtl: integer(env, 'OEMBED_CACHE_TTL', 86400),
      cacheEntries: integer(env, 'OEMBED_CACHE_ENTRIES', 1000),
      allowHosts: hostList(env.OEMBED_ALLOW_HOSTS),
      providers: oembedProviders(env.OEMBED_PROVIDERS),
    },
    seo: {
      keyphraseServiceUrl: serviceUrl('SEO_KEYPHRASE_SERVICE_URL', env.SEO_KEYPHRASE_SERVICE_URL),
      keyphraseClientId: env.SEO_KEYPHRASE_CLIENT_ID || 'yoast',
      keyphraseClientSecret: env.SEO_KEYPHRASE_CLIENT_SECRET || '',
      secretKey: secretKey('SEO_SECRET_KEY', env.SEO_SECRET_KEY),
      timeoutMs: integer(env, 'SEO_KEYPHRASE_TIMEOUT_MS', 10000),
      allowHosts: hostList(env.SEO_KEYPHRASE_ALLOW_HOSTS),
      analysisWorkers: Math.min(16, integer(env, 'SEO_ANALYSIS_WORKERS', 1)),
    },
    ical: {
      expansionHorizonDays: Math.max(1, integer(env, 'ICAL_EXPANSION_HORIZON_DAYS', 732)),
      maxOccurrences: Math.max(1, integer(env, 'ICAL_MAX_OCCURRENCES', 500)),
    },
    security: {
      redisUrl: redisUrl(env.REDIS_URL),
      redisKeyPrefix: env.REDIS_KEY_PREFIX ?? 'security:',
    },
    central: {
      secretKey: secretKey('SECURITY_SECRET_KEY', env.SECURITY_SECRET_KEY),
      premiumPublicKey: ed25519PublicKey('SECURITY_CENTRAL_PUBLIC_KEY', env.SECURITY_CENTRAL_PUBLIC_KEY),
    },
    securityLogRetentionDays: Math.max(0, integer(env, 'SECURITY_LOG_RETENTION_DAYS', 90)),
    securityScan: {
      blockedHosts: hostList(env.SECURITY_SCAN_BLOCKED_HOSTS).map((host) => host.replace(/\.$/, '')),
    },
    shutdownDrainMs: integer(env, 'SHUTDOWN_DRAIN_MS', 0),
    databaseDirectUrl: directUrl(env.DATABASE_DIRECT_URL),
  };
}

export { ConfigError };

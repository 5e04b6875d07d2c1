/**
 * GET (or POST a form to) an outside address without letting it reach inside (wp_safe_remote_get(), made stricter).
 * Every hop — the first request and each redirect — is checked before anything is sent: http or
 * https only, no credentials in the URL, WordPress's ports (80, 443, 8080), and every address the
 * host name resolves to must be public (address-guard.ts). The connection is then pinned to the
 * checked address (the socket's lookup answers with it), so a DNS answer that changes between the
 * check and the connection (rebinding) cannot send it elsewhere. One deadline covers the whole
 * fetch, redirects included; the body is read up to a byte cap (cut there, or refused).
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { Writable } from 'node:stream';
import ipaddr from 'ipaddr.js';
import { ALLOWED_PORTS, bareHost, isAllowListed, isPublicAddress, portOf } from './address-guard';

export type RefusalReason = 'url' | 'port' | 'address' | 'dns' | 'redirects' | 'timeout' | 'too-large' | 'network';

/** Where a refusal happened: the hop's address and, for 'address', the non-public IP refused. */
export interface RefusalDetail {
  url?: string;
  address?: string;
}

/** Why an outside request was not made or did not complete. */
export class FetchRefused extends Error {
  constructor(
    readonly reason: RefusalReason,
    message: string,
    readonly detail: RefusalDetail = {},
  ) {
    super(message);
    this.name = 'FetchRefused';
  }
}

export interface SafeFetchOptions {
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
  /** Authorities exempt from the address and port checks (see OEmbedConfig.allowHosts). */
  allowHosts: readonly string[];
  /** Cut the body at maxBytes instead of refusing it (WordPress's limit_response_size). */
  truncate?: boolean;
  accept?: string;
  /**
   * Where the body goes as it arrives (a file being written, with backpressure), instead of being
   * kept in memory: the answer's `body` is then empty. The sink is ended when the body is whole;
   * on failure the caller discards what it holds.
   */
  sink?: Writable;
  /** The User-Agent sent (the oEmbed one by default). */
  userAgent?: string;
  /**
   * A form body to POST instead of a GET (an OAuth token request). A POST follows no redirect: the
   * redirect's answer is returned as it is, so the body is never sent anywhere unchecked.
   */
  form?: Readonly<Record<string, string>>;
}

export interface FetchedPage {
  status: number;
  contentType: string;
  body: Buffer;
  /** The address answered last (after redirects). */
  url: string;
  truncated: boolean;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const USER_AGENT = 'content-site oEmbed (+https://oembed.com/)';

/** The checked address the connection must use. */
interface Pinned {
  address: string;
  family: 4 | 6;
}

function resolveAll(host: string): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) => {
    dnsLookup(host, { all: true, verbatim: true }, (error, addresses) => (error ? reject(error) : resolve(addresses)));
  });
}

/** Checks one hop and answers the address to connect to. */
async function checkHop(url: URL, options: SafeFetchOptions): Promise<Pinned> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FetchRefused('url', `unsupported scheme ${url.protocol}`);
  if (url.username || url.password) throw new FetchRefused('url', 'credentials in the URL');
  const host = bareHost(url);
  if (!host) throw new FetchRefused('url', 'no host');
  const exempt = isAllowListed(url, options.allowHosts);
  if (!exempt && !ALLOWED_PORTS.has(portOf(url))) throw new FetchRefused('port', `port ${portOf(url)} is not allowed`);
  let addresses: Array<{ address: string; family: number }>;
  if (ipaddr.isValid(host)) {
    addresses = [{ address: host, family: host.includes(':') ? 6 : 4 }];
  } else {
    try {
      addresses = await resolveAll(host);
    } catch {
      throw new FetchRefused('dns', `${host} does not resolve`);
    }
  }
  if (addresses.length === 0) throw new FetchRefused('dns', `${host} does not resolve`);
  // Every answer must be public: a name that also resolves inside is refused whichever would be used.
  const blocked = exempt ? undefined : addresses.find((a) => !isPublicAddress(a.address));
  if (blocked) throw new FetchRefused('address', `${host} resolves to a non-public address`, { url: url.href, address: blocked.address });
  const first = addresses[0];
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}

/** A socket lookup that answers only the pinned address (Node asks with `all` when it races families). */
function pinnedLookup(pinned: Pinned): LookupFunction {
  return ((_host: string, opts: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (opts?.all) callback(null, [{ address: pinned.address, family: pinned.family }]);
    else callback(null, pinned.address, pinned.family);
  }) as unknown as LookupFunction;
}

interface HopAnswer {
  response: IncomingMessage;
  destroy: () => void;
}

function requestHop(url: URL, pinned: Pinned, options: SafeFetchOptions, signal: AbortSignal): Promise<HopAnswer> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const body = options.form ? Buffer.from(new URLSearchParams(options.form).toString()) : null;
    const headers: Record<string, string | number> = { Host: url.host, 'User-Agent': options.userAgent ?? USER_AGENT, Accept: options.accept ?? '*/*', 'Accept-Encoding': 'identity' };
    if (body) Object.assign(headers, { 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': body.length });
    const request = client.request(
      {
        protocol: url.protocol,
        hostname: bareHost(url),
        port: portOf(url),
        path: `${url.pathname}${url.search}`,
        method: body ? 'POST' : 'GET',
        headers,
        lookup: pinnedLookup(pinned),
        // No pooled sockets: a kept-alive connection could outlive the address check.
        agent: false,
        signal,
      },
      (response) => resolve({ response, destroy: () => request.destroy() }),
    );
    request.on('error', (error) => reject(signal.aborted ? new FetchRefused('timeout', 'timed out') : new FetchRefused('network', error.message)));
    request.end(body ?? undefined);
  });
}

function readBody(answer: HopAnswer, options: SafeFetchOptions, signal: AbortSignal): Promise<{ body: Buffer; truncated: boolean }> {
  const { response } = answer;
  return new Promise((resolve, reject) => {
    const declared = Number(response.headers['content-length']);
    if (!options.truncate && Number.isFinite(declared) && declared > options.maxBytes) {
      answer.destroy();
      reject(new FetchRefused('too-large', `answer of ${declared} bytes`));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const { sink } = options;
    sink?.on('error', (error) => {
      if (done) return;
      done = true;
      answer.destroy();
      reject(new FetchRefused('network', error.message));
    });
    const finish = (truncated: boolean) => {
      if (done) return;
      done = true;
      if (!sink) {
        resolve({ body: Buffer.concat(chunks, Math.min(size, options.maxBytes)), truncated });
        return;
      }
      sink.once('error', (error) => reject(new FetchRefused('network', error.message)));
      sink.end(() => resolve({ body: Buffer.alloc(0), truncated }));
    };
    response.on('data', (chunk: Buffer) => {
      if (done) return;
      size += chunk.length;
      if (sink) {
        // Only what fits under the cap is written; the rest is refused or cut below.
        const room = options.maxBytes - (size - chunk.length);
        // Backpressure: the answer waits while the sink catches up.
        if (room > 0 && !sink.write(room >= chunk.length ? chunk : chunk.subarray(0, room))) {
          response.pause();
          sink.once('drain', () => response.resume());
        }
      } else chunks.push(chunk);
      if (size > options.maxBytes) {
        answer.destroy();
        if (options.truncate) finish(true);
        else {
          done = true;
          reject(new FetchRefused('too-large', `answer over ${options.maxBytes} bytes`));
        }
      }
    });
    response.on('end', () => finish(false));
    response.on('error', (error) => {
      if (done) return;
      done = true;
      reject(signal.aborted ? new FetchRefused('timeout', 'timed out') : new FetchRefused('network', error.message));
    });
    response.on('aborted', () => {
      if (done) return;
      done = true;
      reject(signal.aborted ? new FetchRefused('timeout', 'timed out') : new FetchRefused('network', 'connection closed'));
    });
  });
}

export async function safeFetch(address: string, options: SafeFetchOptions): Promise<FetchedPage> {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new FetchRefused('url', 'not a URL');
  }
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs);
  const deadline = new Promise<never>((_, reject) => controller.signal.addEventListener('abort', () => reject(new FetchRefused('timeout', 'timed out'))));
  // The deadline also bounds the DNS look-ups, which no socket timeout covers.
  deadline.catch(() => undefined);
  try {
    for (let hop = 0; ; hop++) {
      const hopUrl = url;
      const pinned = await Promise.race([
        checkHop(hopUrl, options).catch((error: unknown) => {
          // Say which hop was refused (a redirect target, maybe), unless the check already did.
          if (error instanceof FetchRefused && !error.detail.url) throw new FetchRefused(error.reason, error.message, { url: hopUrl.href });
          throw error;
        }),
        deadline,
      ]);
      const answer = await Promise.race([requestHop(url, pinned, options, controller.signal), deadline]);
      const status = answer.response.statusCode ?? 0;
      const location = answer.response.headers.location;
      if (REDIRECTS.has(status) && location && !options.form) {
        answer.destroy();
        if (hop >= options.maxRedirects) throw new FetchRefused('redirects', `more than ${options.maxRedirects} redirects`);
        try {
          url = new URL(location, url);
        } catch {
          throw new FetchRefused('url', 'bad redirect');
        }
        continue;
      }
      const { body, truncated } = await Promise.race([readBody(answer, options, controller.signal), deadline]);
      return { status, contentType: String(answer.response.headers['content-type'] ?? ''), body, url: url.toString(), truncated };
    }
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
}

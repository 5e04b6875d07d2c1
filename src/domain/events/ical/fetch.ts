/**
 * Fetching an outside .ics URL without becoming a proxy into our own network (SSRF): http(s) only,
 * every address the host resolves to must be public, the connection goes to the vetted address (no
 * second DNS lookup an attacker could answer differently), at most 3 redirects each vetted again,
 * and the size and total time are capped.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import type { IncomingMessage } from 'node:http';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import { DomainError } from '../../errors';
import { blockedAddressReason } from './address';

export interface FetchIcsOptions {
  /** Largest body accepted, in bytes (default 5 MB). */
  maxBytes?: number;
  /** Time allowed for the whole fetch, redirects included, in ms (default 10 s). */
  timeoutMs?: number;
  /** Redirects followed (default 3). */
  maxRedirects?: number;
  /**
   * IP addresses allowed although they are not public (e.g. `['127.0.0.1']` for a test server).
   * Empty by default: only public addresses are reachable.
   */
  allowAddresses?: string[];
  userAgent?: string;
}

export interface FetchedIcs {
  /** The URL the document finally came from (after redirects). */
  url: string;
  body: string;
  contentType?: string;
  bytes: number;
}

interface Address {
  address: string;
  family: number;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

const fetchError = (code: string, message: string, data: Record<string, unknown> = {}) => new DomainError(code, message, 400, data);

/** Reads the URL, accepting webcal:// (the subscription scheme calendar links use) as https. */
function parseUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text.trim().replace(/^webcals?:\/\//i, 'https://'));
  } catch {
    throw fetchError('ical_url_invalid', 'The calendar address is not a valid URL.', { url: text });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw fetchError('ical_url_invalid', `Only http and https calendar addresses can be fetched, not ${url.protocol}`, { url: text });
  return url;
}

const normalise = (address: string) => address.replace(/^\[|\]$/g, '').toLowerCase();

/** Resolves the host and checks every address it has; returns them all (each one may be connected to). */
async function vet(url: URL, allow: Set<string>): Promise<Address[]> {
  const host = normalise(url.hostname);
  let addresses: Address[];
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await dnsLookup(host, { all: true, verbatim: true });
    } catch {
      throw fetchError('ical_fetch_failed', `The calendar host ${host} could not be resolved.`, { url: url.href });
    }
  }
  if (!addresses.length) throw fetchError('ical_fetch_failed', `The calendar host ${host} has no address.`, { url: url.href });
  for (const { address } of addresses) {
    if (allow.has(normalise(address))) continue;
    const reason = blockedAddressReason(address);
    // One bad address is enough to refuse: the client could be steered to any of them.
    if (reason) throw fetchError('ical_url_forbidden', `The calendar address ${host} points to a non-public network address (${reason}).`, { url: url.href, address });
  }
  return addresses;
}

/** A lookup that answers with the vetted addresses only, so the socket cannot go anywhere else. */
function pinnedLookup(vetted: Address[]): LookupFunction {
  return ((_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, vetted);
    else callback(null, vetted[0].address, vetted[0].family);
  }) as unknown as LookupFunction;
}

type Outcome = { redirect: string } | { body: Buffer; contentType?: string };

function requestOnce(url: URL, vetted: Address[], deadline: number, maxBytes: number, userAgent: string): Promise<Outcome> {
  return new Promise<Outcome>((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const remaining = deadline - Date.now();
    if (remaining <= 0) return reject(fetchError('ical_fetch_timeout', 'Fetching the calendar took too long.', { url: url.href }));
    const request = client.request(url, {
      method: 'GET',
      agent: false,
      lookup: pinnedLookup(vetted),
      headers: { 'User-Agent': userAgent, Accept: 'text/calendar, text/plain;q=0.9, */*;q=0.5', 'Accept-Encoding': 'identity' },
    });
    let settled = false;
    const fail = (error: DomainError) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      reject(error);
    };
    const timer = setTimeout(() => fail(fetchError('ical_fetch_timeout', 'Fetching the calendar took too long.', { url: url.href })), remaining);
    request.on('error', (error) => fail(fetchError('ical_fetch_failed', `The calendar could not be fetched: ${error.message}`, { url: url.href })));
    request.on('response', (response: IncomingMessage) => {
      const status = response.statusCode ?? 0;
      if (REDIRECTS.has(status) && response.headers.location) {
        settled = true;
        clearTimeout(timer);
        response.resume();
        request.destroy();
        return resolve({ redirect: response.headers.location });
      }
      if (status < 200 || status > 299) return fail(fetchError('ical_fetch_failed', `The calendar server answered HTTP ${status}.`, { url: url.href, status }));
      const declared = Number(response.headers['content-length']);
      const tooLarge = () => fetchError('ical_fetch_too_large', `The calendar is larger than ${maxBytes} bytes.`, { url: url.href, max_bytes: maxBytes });
      if (Number.isFinite(declared) && declared > maxBytes) return fail(tooLarge());
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes) return fail(tooLarge());
        chunks.push(chunk);
      });
      response.on('error', (error) => fail(fetchError('ical_fetch_failed', `The calendar could not be fetched: ${error.message}`, { url: url.href })));
      response.on('end', () => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve({ body: Buffer.concat(chunks), contentType: response.headers['content-type'] });
      });
    });
    request.end();
  });
}

/** DNS lookups cannot be cancelled, but we need not wait for them past the deadline. */
function beforeDeadline<T>(promise: Promise<T>, deadline: number, url: URL): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(fetchError('ical_fetch_timeout', 'Fetching the calendar took too long.', { url: url.href })), Math.max(0, deadline - Date.now()));
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Fetches an outside iCalendar document safely; DomainErrors (status 400) explain any refusal. */
export async function fetchIcs(address: string, options: FetchIcsOptions = {}): Promise<FetchedIcs> {
  const maxBytes = options.maxBytes ?? 5 * 1024 * 1024;
  const maxRedirects = options.maxRedirects ?? 3;
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  const allow = new Set((options.allowAddresses ?? []).map(normalise));
  const userAgent = options.userAgent ?? 'ContentSite-ICal/1.0';
  let url = parseUrl(address);
  for (let redirects = 0; ; redirects++) {
    const vetted = await beforeDeadline(vet(url, allow), deadline, url);
    const outcome = await requestOnce(url, vetted, deadline, maxBytes, userAgent);
    if ('body' in outcome) {
      const body = outcome.body.toString('utf8').replace(/^\uFEFF/, '');
      return { url: url.href, body, contentType: outcome.contentType, bytes: outcome.body.length };
    }
    if (redirects >= maxRedirects) throw fetchError('ical_too_many_redirects', `The calendar address redirected more than ${maxRedirects} times.`, { url: url.href });
    url = parseUrl(new URL(outcome.redirect, url).href);
  }
}

/**
 * What the matcher reads of a site request (the plugin's Redirection_Request), independent of the
 * HTTP framework: the URL as decoded and as sent, the headers the match types look at, the client
 * address, and — only when a `login` rule is reached — whether the request is signed in.
 */
import type { RequestUrl } from '../url/request-url';

export interface RedirectRequest {
  url: RequestUrl;
  /** Host name without port (the `server` match type). */
  host: string;
  referrer: string;
  agent: string;
  /** The client address (the `ip` match type). */
  ip: string;
  /** A request header's value by name (any case), undefined when absent. */
  header(name: string): string | undefined;
  /** A cookie's value by name, undefined when absent. */
  cookie(name: string): string | undefined;
  /** Accept-Language's language tags, in the order sent. */
  languages: readonly string[];
  /** Whether the request carries valid credentials (asked only when a `login` rule's source matched). */
  loggedIn(): boolean | Promise<boolean>;
}

/** Accept-Language as a list of tags (`en-US,en;q=0.9` → ['en-US', 'en']). */
export function acceptLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part) => part.replace(/;.*$/, '').replace(/\s+/g, ''))
    .filter((tag) => tag !== '');
}

/** A Cookie header's value for `name` (the first one), undefined when absent. */
export function cookieFrom(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    const value = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return undefined;
}

/**
 * The host block list: a link or redirect whose host is a listed host, or a subdomain of one, is
 * reported. Hosts are compared lower-cased, without a trailing dot; URLs are read with WHATWG's
 * parser (so `HTTP://Evil.Example.:80/` is `evil.example`).
 */

/** A block-list entry as stored: a host name or an IP address. */
export function normaliseHost(entry: string): string | null {
  const host = entry.trim().toLowerCase().replace(/\.$/, '');
  if (!host || host.length > 253) return null;
  if (!/^[a-z0-9.-]+$|^\[?[0-9a-f:.]+\]?$/.test(host)) return null;
  return host.replace(/^\[|\]$/g, '');
}

/** The host of an absolute (or protocol-relative) http(s) URL, or null for relative links and other schemes. */
export function hostOf(url: string): string | null {
  const text = url.trim();
  if (!/^(?:https?:)?\/\//i.test(text)) return null;
  try {
    const parsed = new URL(text.startsWith('//') ? `http:${text}` : text);
    return parsed.hostname.toLowerCase().replace(/\.$/, '').replace(/^\[|\]$/g, '');
  } catch {
    return null;
  }
}

/** The listed host `url` points at, or null. */
export function blockedHostOf(url: string, blocked: readonly string[]): string | null {
  const host = hostOf(url);
  if (!host) return null;
  for (const entry of blocked) if (host === entry || host.endsWith(`.${entry}`)) return entry;
  return null;
}

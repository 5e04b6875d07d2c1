/**
 * Validators for GET answers: a weak ETag from the body, and the If-None-Match check that turns a
 * repeated request into a 304 without a body.
 */
import { createHash } from 'node:crypto';

/** The last text body and its tag: large answers that do not change (the index) are often sent again. */
let lastText: { body: string; etag: string } | null = null;

export function etagOf(body: string | Buffer): string {
  if (typeof body === 'string' && lastText !== null && lastText.body === body) return lastText.etag;
  const etag = `W/"${createHash('sha1').update(body).digest('base64url')}"`;
  if (typeof body === 'string') lastText = { body, etag };
  return etag;
}

/** RFC 9110 If-None-Match with weak comparison: `*` or any listed tag equal to ours. */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((candidate) => bare(candidate) === bare(etag));
}

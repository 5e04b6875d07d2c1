/**
 * Validators for GET answers: a weak ETag from the body, and the If-None-Match check that turns a
 * repeated request into a 304 without a body.
 */
import { createHash } from 'node:crypto';

export function etagOf(body: string | Buffer): string {
  return `W/"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** RFC 9110 If-None-Match with weak comparison: `*` or any listed tag equal to ours. */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((candidate) => bare(candidate) === bare(etag));
}

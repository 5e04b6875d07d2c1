/**
 * The uploads as files at `{siteUrl}/wp-content/uploads/<key>` (what a web server does for a
 * WordPress site): read from the media storage with their type, an ETag, Last-Modified and
 * Cache-Control, conditional GETs (304) and single byte ranges (206, 416 when unsatisfiable).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { UPLOADS_PATH } from '../domain/media/files';
import { mimeTypeOfName } from '../domain/media/file-types';
import { mediaStorage } from '../domain/media/storage-config';
import { isSafeKey, type ByteRange } from '../domain/media/storage';
import { matchesIfNoneMatch } from './etag';

/** How long browsers and CDNs may keep a file (names are unique; an edit makes a new file). */
const MAX_AGE = 86400;

type RangeAnswer = ByteRange | 'unsatisfiable' | null;

/** One `bytes=` range (first-last, first-, -suffix); several ranges are answered whole. */
export function parseRange(header: string | undefined, size: number): RangeAnswer {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return header.trim().startsWith('bytes=') && !header.includes(',') ? 'unsatisfiable' : null;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

function notFound(reply: FastifyReply): FastifyReply {
  return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
}

export function registerUploads(fastify: FastifyInstance, config: Config): void {
  const storage = mediaStorage(config);
  const serve = async (request: FastifyRequest, reply: FastifyReply) => {
    const rawPath = (request.raw.url ?? '').split('?')[0].slice(UPLOADS_PATH.length + 1);
    let key: string;
    try {
      key = decodeURIComponent(rawPath);
    } catch {
      return notFound(reply);
    }
    if (!isSafeKey(key)) return notFound(reply);
    const object = await storage.head(key);
    if (!object) return notFound(reply);
    reply.headers({
      'Content-Type': mimeTypeOfName(key) ?? 'application/octet-stream',
      ETag: object.etag,
      'Last-Modified': object.modified.toUTCString(),
      'Cache-Control': `public, max-age=${MAX_AGE}`,
      'Accept-Ranges': 'bytes',
      'X-Content-Type-Options': 'nosniff',
    });
    if (matchesIfNoneMatch(request.headers['if-none-match'], object.etag)) return reply.code(304).send();
    // If-Range: a range only applies to the version the client has.
    const ifRange = request.headers['if-range'];
    const range = ifRange && ifRange !== object.etag ? null : parseRange(request.headers.range, object.size);
    if (range === 'unsatisfiable') {
      return reply.code(416).header('Content-Range', `bytes */${object.size}`).type('text/plain; charset=utf-8').send('Range Not Satisfiable');
    }
    if (range) {
      reply.code(206).header('Content-Range', `bytes ${range.start}-${range.end}/${object.size}`).header('Content-Length', String(range.end - range.start + 1));
      return request.method === 'HEAD' ? reply.send() : reply.send(await storage.get(key, range));
    }
    reply.code(200).header('Content-Length', String(object.size));
    return request.method === 'HEAD' ? reply.send() : reply.send(await storage.get(key));
  };
  fastify.get(`${UPLOADS_PATH}/*`, serve);
}

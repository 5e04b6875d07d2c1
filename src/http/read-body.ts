/**
 * A request body read whole into memory (every route but the media upload), with Fastify's own
 * errors for a body over BODY_LIMIT or shorter than its Content-Length.
 */
import { errorCodes } from 'fastify';
import type { Readable } from 'node:stream';

export function readBody(payload: Readable, contentLength: string | undefined, limit: number): Promise<Buffer> {
  const declared = contentLength === undefined ? NaN : Number(contentLength);
  if (Number.isFinite(declared) && declared > limit) {
    payload.resume();
    return Promise.reject(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    let failed = false;
    payload.on('data', (chunk: Buffer) => {
      if (failed) return;
      received += chunk.length;
      if (received > limit) {
        failed = true;
        reject(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
        return;
      }
      chunks.push(chunk);
    });
    payload.on('end', () => {
      if (failed) return;
      if (Number.isFinite(declared) && declared !== received) reject(new errorCodes.FST_ERR_CTP_INVALID_CONTENT_LENGTH());
      else resolve(Buffer.concat(chunks, received));
    });
    payload.on('error', (error) => {
      if (!failed) reject(error);
      failed = true;
    });
  });
}

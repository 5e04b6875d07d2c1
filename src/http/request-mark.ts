/**
 * Each request's mark on the invalidation log (`InvalidationBus.mark()`), taken when it arrives,
 * before any hook reads the log: a later check in the same request (the read cache's hit path) can
 * then trust a read of the log that an earlier hook (the security guard's) started after the mark,
 * instead of asking the database again.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { IncomingMessage } from 'node:http';
import type { InvalidationBus } from '../cache/invalidation';

const marks = new WeakMap<IncomingMessage, number>();

/** Registers the hook that marks each request; register it before any hook that syncs the bus. */
export function registerRequestMarks(app: FastifyInstance, bus: Pick<InvalidationBus, 'mark'>): void {
  app.addHook('onRequest', (request, _reply, done) => {
    marks.set(request.raw, bus.mark());
    done();
  });
}

/** The request's mark (undefined for a request that arrived without one: it syncs as before). */
export function requestMark(request: FastifyRequest): number | undefined {
  return marks.get(request.raw);
}

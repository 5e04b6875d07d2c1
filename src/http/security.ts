/**
 * The security settings at the door: before any face (REST, GraphQL, the site, uploads, feeds)
 * serves a request, the guard (src/domain/security/guard.ts) decides whether its address is
 * blocked (403) or over its rate limit (429 with Retry-After), and which address the request is
 * judged by; that address is kept for the login checks later in the request (`clientIp`), so a
 * forwarding header counts only where the settings trust it.
 */
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingMessage } from 'node:http';
import type { InvalidationBus } from '../cache/invalidation';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { normaliseIp } from '../domain/redirects/ip';
import { DatabaseCounterStore } from '../domain/security/counters/database-store';
import { RedisCounterStore } from '../domain/security/counters/redis-store';
import type { CounterStore } from '../domain/security/counters/store';
import { SecurityGuard, type Refusal } from '../domain/security/guard';
import { LiveSecurityRules } from '../domain/security/live-settings';
import { faceOf } from './framework-errors';

const OPERATIONAL = new Set(['/ping', '/health', '/metrics']);

/** The address each request is judged by (set by the hook). */
const addresses = new WeakMap<IncomingMessage, string>();

/** The client's address as the security settings see it (the connection's, unless a trusted proxy's header says otherwise). */
export function clientIp(request: FastifyRequest): string {
  return addresses.get(request.raw) ?? normaliseIp(request.raw.socket?.remoteAddress);
}

function counterStore(config: Config, db: Database): CounterStore {
  return config.security.redisUrl ? new RedisCounterStore(config.security.redisUrl, config.security.redisKeyPrefix) : new DatabaseCounterStore(db);
}

function refuse(request: FastifyRequest, reply: FastifyReply, refusal: Refusal): FastifyReply {
  const face = faceOf(request.raw.url ?? '/');
  const body =
    face === 'graphql'
      ? JSON.stringify({ errors: [{ message: refusal.message, extensions: { code: refusal.code, status: refusal.status } }] })
      : JSON.stringify({ code: refusal.code, message: refusal.message, data: { status: refusal.status } });
  reply.code(refusal.status).headers({ 'Content-Type': 'application/json; charset=UTF-8', 'Cache-Control': 'no-store', ...refusal.headers });
  return request.method === 'HEAD' ? reply.header('Content-Length', String(Buffer.byteLength(body))).send() : reply.send(body);
}

/** Installs the guard for `db` and its hook; the guard's counters close with the server. */
export function registerSecurity(app: FastifyInstance, config: Config, db: Database, bus: InvalidationBus, log: FastifyBaseLogger): SecurityGuard {
  const guard = new SecurityGuard(db, new LiveSecurityRules(db, bus), counterStore(config, db), log);
  app.addHook('onClose', async () => guard.close());
  app.addHook('onRequest', async (request, reply) => {
    const path = (request.raw.url ?? '/').split('?', 1)[0];
    let admission;
    try {
      admission = await guard.admit({
        socketAddress: request.raw.socket?.remoteAddress,
        headers: request.headers,
        credentials: /^Basic\s/i.test(request.headers.authorization ?? ''),
        operational: OPERATIONAL.has(path),
      });
    } catch (error) {
      // Counters out of reach (Redis down): serve rather than fail every request, and say so.
      log.error({ err: error }, 'security checks failed; request served unchecked');
      return;
    }
    addresses.set(request.raw, admission.ip);
    if (admission.refusal) return refuse(request, reply, admission.refusal);
  });
  return guard;
}


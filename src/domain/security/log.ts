/**
 * The security log: every security event (lockout, block, rate-limit hit, pairing, disconnect,
 * refused token, configuration change, scan start/stop/finding) is written once here, as a
 * structured log line and as a stored row that administrators read through GraphQL and the CLI
 * (security-log-read.ts). Recording never fails its caller: a row that cannot be written is itself
 * logged, and the request that caused the event goes on.
 */
import type { Database } from '../../db/client';

export type SecurityEventType =
  | 'login-failure'
  | 'lockout'
  | 'ip-blocked'
  | 'rate-limited'
  | 'user-enumeration-blocked'
  | 'pairing'
  | 'disconnect'
  | 'token-refused'
  | 'config-changed'
  | 'scan-start'
  | 'scan-stop'
  | 'scan-complete'
  | 'scan-finding';

export const SECURITY_EVENT_TYPES: readonly SecurityEventType[] = [
  'login-failure',
  'lockout',
  'ip-blocked',
  'rate-limited',
  'user-enumeration-blocked',
  'pairing',
  'disconnect',
  'token-refused',
  'config-changed',
  'scan-start',
  'scan-stop',
  'scan-complete',
  'scan-finding',
];

export interface SecurityEvent {
  type: SecurityEventType;
  /** One sentence for people. */
  message: string;
  /** The client's address, when a request caused it. */
  ip?: string | null;
  /** The user name or id concerned, when there is one. */
  user?: string | null;
  /** Anything else worth keeping (JSON-serialisable). */
  details?: Record<string, unknown>;
}

/** Structured logger shape (pino's, which Fastify uses). */
export interface SecurityLogger {
  warn(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
}

/** Where events go when the caller has no logger at hand (the server sets its own at start). */
let defaultLogger: SecurityLogger | undefined;

export function useSecurityLogger(log: SecurityLogger | undefined): void {
  defaultLogger = log;
}

/** Events that are refusals or attacks go out as warnings; the others (pairing, scans...) as information. */
const WARNINGS: ReadonlySet<SecurityEventType> = new Set(['login-failure', 'lockout', 'ip-blocked', 'rate-limited', 'user-enumeration-blocked', 'token-refused', 'scan-finding']);

const MAX_TEXT = 1000;
const MAX_DETAILS = 10_000;

export async function recordSecurityEvent(db: Database, event: SecurityEvent, log: SecurityLogger | undefined = defaultLogger): Promise<void> {
  const line = { security: { type: event.type, ip: event.ip ?? undefined, user: event.user ?? undefined, details: event.details } };
  try {
    if (WARNINGS.has(event.type)) log?.warn(line, event.message);
    else log?.info(line, event.message);
  } catch {
    // A logger that throws must not fail the request either.
  }
  try {
    // Any request may cause an event, a read (a refused token on a GET) too.
    await db.untracked('the security log is written by reads too').securityLogEntry.create({
      data: {
        type: event.type,
        message: event.message.slice(0, MAX_TEXT),
        ip: (event.ip ?? '').slice(0, 100),
        user: (event.user ?? '').slice(0, 200),
        details: encodeDetails(event.details),
      },
    });
  } catch (error) {
    try {
      log?.warn({ err: error, security: line.security }, 'security log: the event could not be stored');
    } catch {
      // Nothing left to tell.
    }
  }
}

function encodeDetails(details: Record<string, unknown> | undefined): string {
  if (!details) return '{}';
  try {
    const text = JSON.stringify(details);
    return text.length <= MAX_DETAILS ? text : JSON.stringify({ truncated: true });
  } catch {
    return JSON.stringify({ unserialisable: true });
  }
}

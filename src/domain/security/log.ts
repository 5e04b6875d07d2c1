/**
 * The security log: every security event (lockout, block, rate-limit hit, pairing, disconnect,
 * scan start/stop/finding) is written once here, as a structured log line and as a stored row that
 * administrators read through GraphQL and the CLI. (Stub: the issue-18 pairing work fills it in.)
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

export async function recordSecurityEvent(_db: Database, _event: SecurityEvent, _log?: SecurityLogger): Promise<void> {
  // Stub until the security log lands.
}

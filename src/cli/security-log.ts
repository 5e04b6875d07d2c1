/**
 * `security:log [--limit N] [--type TYPE]`: the newest security events (src/domain/security/log-read.ts),
 * one line each, oldest of them first: date, type, address, user, message and details.
 */
import type { Database } from '../db/client';
import { SECURITY_EVENT_TYPES, type SecurityEventType } from '../domain/security/log';
import { isSecurityEventType, readSecurityLog } from '../domain/security/log-read';

const USAGE = `usage: security:log [--limit N] [--type ${SECURITY_EVENT_TYPES.join('|')}]`;

export async function securityLogCommand(db: Database, args: string[]): Promise<number> {
  let limit = 50;
  let type: SecurityEventType | null = null;
  for (let i = 0; i < args.length; i += 2) {
    const value = args[i + 1];
    if (args[i] === '--limit' && value !== undefined && /^\d+$/.test(value) && Number(value) > 0) limit = Math.min(Number(value), 10000);
    else if (args[i] === '--type' && isSecurityEventType(value)) type = value;
    else {
      console.error(USAGE);
      return 2;
    }
  }
  const entries = await readSecurityLog(db, { type }, 0, limit);
  if (!entries.length) {
    console.log('the security log is empty');
    return 0;
  }
  for (const entry of entries.reverse()) {
    const details = entry.details === '{}' ? '' : ` ${entry.details}`;
    console.log(`${entry.createdAt.toISOString()} ${entry.type} ${entry.ip || '-'} ${entry.user || '-'} ${entry.message}${details}`);
  }
  return 0;
}

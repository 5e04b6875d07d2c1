/**
 * Enforcement of the security settings, one per process: which requests are refused (blocked
 * addresses, rate limits) and which logins (lockouts after failed attempts, counted per address
 * and per user name). The rules come from live-settings.ts (current on every instance), the counts
 * from a shared CounterStore (the database or Redis). Allow-listed addresses pass everything.
 *
 * The HTTP layer asks `admit` before any face serves a request; the login paths (application
 * passwords, the authorisation page's account password) ask `assertLoginAllowed` and report
 * `loginFailed`. The guard is found from the Database it guards (`securityGuardFor`), so the
 * domain's login functions need no extra parameter.
 */
import type { Database } from '../../db/client';
import { DomainError } from '../errors';
import { clientAddress, type RequestHeaders } from './client-address';
import type { CounterStore } from './counters/store';
import type { LiveSecurityRules } from './live-settings';
import { recordSecurityEvent, type SecurityEvent, type SecurityLogger } from './log';
import type { SecurityRules } from './rules';
import type { RateLimit, RateLimitAction } from './settings';

const RATE_WINDOW_MS = 60_000;
/** The same event for the same address is logged at most this often (a flood must not flood the log). */
const EVENT_REPEAT_MS = 60_000;
const MAX_REMEMBERED_EVENTS = 10_000;

export interface RequestFacts {
  socketAddress: string | undefined;
  headers: RequestHeaders;
  /** The request carries credentials (HTTP Basic): the authenticated rate limit applies. */
  credentials: boolean;
  /** Operational routes (`/ping`, `/health`, `/metrics`) are blocked but never rate-limited. */
  operational?: boolean;
}

export interface Refusal {
  status: number;
  code: string;
  message: string;
  headers: Record<string, string>;
}

export interface Admission {
  /** The client's address as the rules see it. */
  ip: string;
  refusal: Refusal | null;
}

const guards = new WeakMap<Database, SecurityGuard>();

/** The guard enforcing the security settings for `db` in this process, if the server installed one. */
export function securityGuardFor(db: Database): SecurityGuard | undefined {
  return guards.get(db);
}

const loginKey = (login: string): string => login.trim().toLowerCase();

export class SecurityGuard {
  private readonly recent = new Map<string, number>();

  constructor(
    private readonly db: Database,
    readonly live: LiveSecurityRules,
    readonly store: CounterStore,
    private readonly log?: SecurityLogger,
  ) {
    guards.set(db, this);
  }

  rules(): SecurityRules | Promise<SecurityRules> {
    return this.live.current();
  }

  /** Whether the request may be served, and the address it is judged by. */
  async admit(facts: RequestFacts, now = Date.now()): Promise<Admission> {
    const rules = await this.live.current();
    const ip = clientAddress(facts.socketAddress, facts.headers, rules);
    if (rules.allow.has(ip)) return { ip, refusal: null };
    if (rules.block.has(ip)) {
      this.event({ type: 'ip-blocked', message: `Request from blocked address ${ip} refused.`, ip }, now);
      return { ip, refusal: { status: 403, code: 'security_ip_blocked', message: 'Your access to this site has been limited by the site owner.', headers: {} } };
    }
    if (facts.operational) return { ip, refusal: null };
    const { settings } = rules;
    const [limit, action, kind] = facts.credentials
      ? [settings.maxRequestsAuthenticated, settings.maxRequestsAuthenticated_action, 'auth']
      : [settings.maxGlobalRequests, settings.maxGlobalRequests_action, 'anon'];
    const refusal = await this.rateLimit(ip, kind, limit, action, settings.blockedTime, now);
    return { ip, refusal };
  }

  private async rateLimit(ip: string, kind: string, limit: RateLimit, action: RateLimitAction, blockedTime: number, now: number): Promise<Refusal | null> {
    if (limit === 'DISABLED') return null;
    if (action === 'block') {
      const blocked = (await this.store.read([`block:${ip}`], now)).get(`block:${ip}`);
      if (blocked) return tooMany(blocked.resetAt - now);
    }
    const state = await this.store.hit(`rate:${kind}:${ip}`, RATE_WINDOW_MS, now);
    if (state.count <= limit) return null;
    let waitMs = state.resetAt - now;
    if (action === 'block') {
      waitMs = blockedTime * 1000;
      await this.store.put(`block:${ip}`, 1, waitMs, now);
    }
    this.event({ type: 'rate-limited', message: `Address ${ip} exceeded ${limit} requests per minute (${kind === 'auth' ? 'authenticated' : 'anonymous'}).`, ip, details: { limit, action } }, now);
    return tooMany(waitMs);
  }

  /**
   * Refuses a login from a locked-out address, or for a locked-out account (`account`: the user
   * name the credentials name, when such a user exists).
   */
  async assertLoginAllowed(ip: string | undefined, account: string | null, now = Date.now()): Promise<void> {
    const rules = await this.live.known();
    if (!rules.settings.loginSecurityEnabled || rules.allow.has(ip)) return;
    const keys = [`lock:ip:${ip ?? ''}`];
    if (account !== null) keys.push(`lock:user:${loginKey(account)}`);
    const locks = await this.unlessUnreachable(() => this.store.read(keys, now), new Map<string, never>());
    const lock = [...locks.values()].sort((a, b) => b.resetAt - a.resetAt)[0];
    if (lock) throw lockedOut(lock.resetAt - now);
  }

  /** Counts a failed login (per address, and per account when the user exists); locks out at the limit. */
  async loginFailed(ip: string | undefined, login: string, account: string | null, now = Date.now()): Promise<void> {
    const rules = await this.live.known();
    const { settings } = rules;
    if (!settings.loginSecurityEnabled || rules.allow.has(ip)) return;
    const address = ip ?? '';
    await recordSecurityEvent(this.db, { type: 'login-failure', message: `Failed login for "${login}" from ${address}.`, ip: address, user: login }, this.log);
    const subjects: Array<[kind: 'ip' | 'user', subject: string]> = [['ip', address]];
    if (account !== null) subjects.push(['user', loginKey(account)]);
    await this.unlessUnreachable(() => this.countFailure(subjects, address, login, account, rules, now), undefined);
  }

  private async countFailure(subjects: ReadonlyArray<[kind: 'ip' | 'user', subject: string]>, address: string, login: string, account: string | null, rules: SecurityRules, now: number): Promise<void> {
    const { settings } = rules;
    const windowMs = settings.loginSec_countFailMins * 60_000;
    const lockMs = settings.loginSec_lockoutMins * 60_000;
    for (const [kind, subject] of subjects) {
      const immediate = kind === 'ip' && account === null && settings.loginSec_lockInvalidUsers;
      const state = immediate ? null : await this.store.hit(`fail:${kind}:${subject}`, windowMs, now);
      if (state && state.count < settings.loginSec_maxFailures) continue;
      await this.store.put(`lock:${kind}:${subject}`, 1, lockMs, now);
      await this.store.remove([`fail:${kind}:${subject}`]);
      const reason = immediate ? `an unknown user name ("${login}")` : `${settings.loginSec_maxFailures} failed logins`;
      await recordSecurityEvent(
        this.db,
        { type: 'lockout', message: `${kind === 'ip' ? `Address ${subject}` : `User ${subject}`} locked out for ${settings.loginSec_lockoutMins} minutes after ${reason}.`, ip: address, user: kind === 'user' ? subject : login, details: { subject: kind, minutes: settings.loginSec_lockoutMins } },
        this.log,
      );
    }
  }

  close(): Promise<void> {
    return this.store.close();
  }

  /**
   * A login check whose counters cannot be reached (Redis down) lets the login through and says
   * so in the log, rather than failing every signed-in request; the request door does the same.
   */
  private async unlessUnreachable<T>(work: () => Promise<T>, fallback: T): Promise<T> {
    try {
      return await work();
    } catch (error) {
      this.log?.warn({ err: error }, 'security counters out of reach: login checked without them');
      return fallback;
    }
  }

  /** Records an event of a request refused, at most once a minute per kind and address. */
  private event(event: SecurityEvent, now: number): void {
    const key = `${event.type}|${event.ip ?? ''}`;
    const last = this.recent.get(key);
    if (last !== undefined && now - last < EVENT_REPEAT_MS) return;
    if (this.recent.size >= MAX_REMEMBERED_EVENTS) this.recent.clear();
    this.recent.set(key, now);
    recordSecurityEvent(this.db, event, this.log).catch(() => undefined);
  }
}

function seconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}

function tooMany(waitMs: number): Refusal {
  const wait = seconds(waitMs);
  return { status: 429, code: 'security_rate_limited', message: `Too many requests from your address. Please try again in ${wait} seconds.`, headers: { 'Retry-After': String(wait) } };
}

/** The `Retry-After` a refusal asks for (a lockout), in seconds as text; undefined for other errors. */
export function retryAfterOf(error: DomainError): Record<string, string> {
  const wait = error.data.retry_after;
  return typeof wait === 'number' ? { 'Retry-After': String(wait) } : {};
}

function lockedOut(waitMs: number): DomainError {
  const wait = seconds(waitMs);
  return new DomainError('security_login_locked_out', `You have been locked out due to too many failed login attempts. Please try again in ${Math.ceil(wait / 60)} minutes.`, 429, { retry_after: wait });
}

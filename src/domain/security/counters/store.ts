/**
 * The counters behind brute-force protection and rate limits, shared by every instance: in the
 * database (database-store.ts) or in Redis when REDIS_URL is set (redis-store.ts). A counter
 * lives in a fixed window: the first hit opens it, later hits add to it, and once it has ended the
 * counter reads as absent and the next hit opens a new one.
 */

export interface CounterState {
  count: number;
  /** Epoch milliseconds at which the window ends. */
  resetAt: number;
}

export interface CounterStore {
  /** Adds one to `key` (opening a window of `windowMs` when none is open) and answers the state after it. */
  hit(key: string, windowMs: number, now?: number): Promise<CounterState>;
  /** Sets `key` to `count` for a window of `windowMs` from now, whatever it held (a lockout, a block). */
  put(key: string, count: number, windowMs: number, now?: number): Promise<void>;
  /** The open windows among `keys` (absent keys are left out). */
  read(keys: readonly string[], now?: number): Promise<Map<string, CounterState>>;
  /** Forgets `keys`. */
  remove(keys: readonly string[]): Promise<void>;
  close(): Promise<void>;
}

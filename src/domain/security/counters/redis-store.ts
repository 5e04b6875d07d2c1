/**
 * Counters in Redis (REDIS_URL): a key per counter whose expiry is its window's end. A hit is one
 * script (INCR, then PEXPIRE when it opened the window), so concurrent hits from every instance
 * count once each and a window always ends.
 */
import type { CounterState, CounterStore } from './store';
import { RedisClient, type RedisReply } from './redis-client';

/** KEYS[1] the counter, ARGV[1] the window in ms: answers {count, milliseconds left}. */
const HIT = `local c = redis.call('INCR', KEYS[1])
local t = redis.call('PTTL', KEYS[1])
if c == 1 or t < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) t = tonumber(ARGV[1]) end
return {c, t}`;

/** Every key: {count or false, milliseconds left}. */
const READ = `local out = {}
for i, k in ipairs(KEYS) do
  out[#out + 1] = redis.call('GET', k) or ''
  out[#out + 1] = redis.call('PTTL', k)
end
return out`;

const numberOf = (reply: RedisReply): number => (typeof reply === 'number' ? reply : Number(reply));

export class RedisCounterStore implements CounterStore {
  private readonly client: RedisClient;

  constructor(url: string, private readonly prefix: string) {
    this.client = new RedisClient(url);
  }

  async hit(key: string, windowMs: number, now = Date.now()): Promise<CounterState> {
    const reply = await this.client.command('EVAL', HIT, 1, this.prefix + key, Math.max(1, Math.ceil(windowMs)));
    const [count, left] = Array.isArray(reply) ? reply : [1, windowMs];
    return { count: numberOf(count), resetAt: now + numberOf(left) };
  }

  async put(key: string, count: number, windowMs: number): Promise<void> {
    await this.client.command('SET', this.prefix + key, count, 'PX', Math.max(1, Math.ceil(windowMs)));
  }

  async read(keys: readonly string[], now = Date.now()): Promise<Map<string, CounterState>> {
    const out = new Map<string, CounterState>();
    if (keys.length === 0) return out;
    const reply = await this.client.command('EVAL', READ, keys.length, ...keys.map((key) => this.prefix + key));
    if (!Array.isArray(reply)) return out;
    keys.forEach((key, i) => {
      const value = reply[2 * i];
      const left = numberOf(reply[2 * i + 1]);
      if (value !== '' && value !== null && left > 0) out.set(key, { count: numberOf(value), resetAt: now + left });
    });
    return out;
  }

  async remove(keys: readonly string[]): Promise<void> {
    if (keys.length > 0) await this.client.command('DEL', ...keys.map((key) => this.prefix + key));
  }

  close(): Promise<void> {
    return this.client.close();
  }
}

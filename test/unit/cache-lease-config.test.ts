/** CACHE_LEASE_MS: 0 turns the lease off; a lease too short to be worth its renewals is refused at start. */
import { ConfigError, loadConfig } from '../../src/config';

const load = (env: Record<string, string>) => loadConfig({ DATABASE_URL: 'file:/tmp/unused.db', ...env });

test('the default, off, and a chosen length', () => {
  expect(load({}).cache.leaseMs).toBe(1000);
  expect(load({ CACHE_LEASE_MS: '0' }).cache.leaseMs).toBe(0);
  expect(load({ CACHE_LEASE_MS: '100' }).cache.leaseMs).toBe(100);
  expect(load({ CACHE_LEASE_MS: '5000' }).cache.leaseMs).toBe(5000);
});

test('a lease shorter than 100 ms, or not a number, is refused', () => {
  expect(() => load({ CACHE_LEASE_MS: '1' })).toThrow(ConfigError);
  expect(() => load({ CACHE_LEASE_MS: '99' })).toThrow(/at least 100/);
  expect(() => load({ CACHE_LEASE_MS: '-5' })).toThrow(ConfigError);
});

/**
 * The scale-out section's arithmetic (bench/scale-report.ts) on figures worked out by hand: one
 * instance 3,000 req/s cached and 100 uncached, three behind nginx 1,000 and 60, at 90 % hits.
 */
import { scaleSection, type Measured, type Topology } from '../../bench/scale-report';

const ONE: Topology = { label: 'one instance, direct', instances: 1, nginx: false };
const THREE: Topology = { label: 'three instances behind nginx', instances: 3, nginx: true };
const SECONDS = 5;

function run(topology: Topology, cached: boolean, requestsPerSecond: number, statementsPerRequest: number): Measured {
  const requests = requestsPerSecond * SECONDS;
  return {
    topology,
    cached,
    idleTransactionsPerSecond: 0,
    dbTransactions: statementsPerRequest * requests,
    serverStatements: 0,
    cacheHits: cached ? requests : 0,
    result: { scenario: { name: 'posts-list', path: '/wp-json/core/v2/posts?per_page=10' }, requests, requestsPerSecond, p50: 1, p99: 2, errors: 0, non2xx: 0 },
  };
}

const section = scaleSection([run(ONE, true, 3000, 0.18), run(ONE, false, 100, 9.8), run(THREE, true, 1000, 0.5), run(THREE, false, 60, 10.5)], {
  connections: 16,
  duration: SECONDS,
  hitRatio: 0.9,
  loadAtStart: 0,
  postgresVersion: '15',
});

describe('bench/scale-report: past one machine', () => {
  it('gives statements per cached hit for each stack', () => {
    expect(section).toContain('one instance, direct: 0.1800 (2,700 transactions for 15,000 hits');
    expect(section).toContain('three instances behind nginx: 0.5000 (2,500 transactions for 5,000 hits');
  });

  it('blends the cached and uncached rates at the assumed hit ratio', () => {
    // 1 / (0.9 / 3000 + 0.1 / 100) = 769; three instances: 1 / (0.9 / 1000 + 0.1 / 60) = 390.
    expect(section).toContain('so 769 req/s at 90 % hits');
    expect(section).toContain('at 90 % hits, 390 req/s');
  });

  it('derives instances, primary and replica load at 1×, 10× and 100×', () => {
    // 10×: 3,896 req/s over 769 each = 6 instances; primary 3,896 × 0.9 × 0.5 = 1,753, of which 6 × 4 lease
    // renewals = 24; replicas 3,896 × 0.1 × 10.5 = 4,091 over the busiest run's 980 statements/s = 5.
    expect(section).toContain('| 1× | 390 | 1 | 175 | 4 | 409 | 1 |');
    expect(section).toContain('| 10× | 3,896 | 6 | 1,753 | 24 | 4,091 | 5 |');
    expect(section).toContain('| 100× | 38,961 | 51 | 17,532 | 204 | 40,909 | 42 |');
  });
});

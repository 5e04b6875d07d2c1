/** The replica router reports a replica going down once per outage, and its return (for the log). */
import type { ReadEngine } from '../../src/db/fast/engine';
import { ReplicaRouter, type ReplicaChange } from '../../src/db/replica-router';
import { withReplicaReads } from '../../src/db/replica-scope';

/** A replica whose version check answers 0 (nothing to wait for). */
const engine = { all: async () => [{ v: 0 }] } as unknown as ReadEngine;

describe('replica state changes', () => {
  it('reports down once, however many reads fail, and up when it answers again', async () => {
    const router = new ReplicaRouter([engine], { retryMs: 20, timeoutMs: 1000 });
    const changes: ReplicaChange[] = [];
    router.watch((change) => changes.push(change));
    let replicaUp = false;
    const read = () =>
      withReplicaReads({ requiredVersion: () => 0 }, () =>
        router.run(
          async () => {
            if (!replicaUp) throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5433'), { code: 'ECONNREFUSED' });
            return 'replica';
          },
          () => 'primary',
        ),
      );
    expect(await read()).toBe('primary');
    await new Promise((r) => setTimeout(r, 30));
    expect(await read()).toBe('primary');
    expect(changes).toEqual([{ replica: 0, state: 'down', reason: 'connect ECONNREFUSED 127.0.0.1:5433' }]);
    replicaUp = true;
    await new Promise((r) => setTimeout(r, 30));
    expect(await read()).toBe('replica');
    expect(await read()).toBe('replica');
    expect(changes.map((c) => c.state)).toEqual(['down', 'up']);
  });

  it('does not report a statement error as an outage', async () => {
    const router = new ReplicaRouter([engine], { retryMs: 20, timeoutMs: 1000 });
    const changes: ReplicaChange[] = [];
    router.watch((change) => changes.push(change));
    const failing = () =>
      withReplicaReads({ requiredVersion: () => 0 }, () =>
        router.run(async () => Promise.reject(Object.assign(new Error('column does not exist'), { code: '42703' })), () => 'primary'),
      );
    expect(await failing()).toBe('primary');
    expect(changes).toEqual([]);
  });
});

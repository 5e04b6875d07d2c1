/**
 * What a publisher has heard on the acknowledgement channel: each instance's newest applied
 * version, and instances that left. `waitFor` resolves once every given lease is acknowledged at
 * the version, or left, or has run out (a lease that ran out no longer lets its instance trust
 * its version, so its next hit asks the database).
 */
import type { PeerLease } from './log-store';

export const ACK_CHANNEL = 'cache_ack';
const GONE = 'gone';

/** An acknowledgement's payload: `<instance>:<version>`, or `<instance>:gone` when it closes. */
export function ackPayload(instance: string, version: number | 'gone'): string {
  return `${instance}:${version}`;
}

interface Waiter {
  version: number;
  pending: Set<string>;
  done: () => void;
}

export class AckBoard {
  private readonly acked = new Map<string, number>();
  private readonly gone = new Set<string>();
  private readonly waiters = new Set<Waiter>();

  /** Records one acknowledgement (a malformed payload is ignored). */
  heard(payload: string): void {
    const at = payload.lastIndexOf(':');
    if (at <= 0) return;
    const instance = payload.slice(0, at);
    const value = payload.slice(at + 1);
    if (value === GONE) {
      this.gone.add(instance);
      this.acked.delete(instance);
    } else {
      const version = Number(value);
      if (!Number.isFinite(version)) return;
      this.gone.delete(instance);
      this.acked.set(instance, Math.max(version, this.acked.get(instance) ?? 0));
    }
    for (const waiter of this.waiters) this.settle(waiter, instance);
  }

  /** Resolves when each lease has acknowledged `version`, left, or run out. */
  waitFor(version: number, leases: readonly PeerLease[]): Promise<void> {
    return new Promise((resolve) => {
      const timers: NodeJS.Timeout[] = [];
      const waiter: Waiter = {
        version,
        pending: new Set(leases.map((lease) => lease.id)),
        done: () => {
          this.waiters.delete(waiter);
          for (const timer of timers) clearTimeout(timer);
          resolve();
        },
      };
      this.waiters.add(waiter);
      for (const lease of leases) {
        this.settle(waiter, lease.id);
        if (!waiter.pending.has(lease.id)) continue;
        timers.push(
          setTimeout(() => {
            waiter.pending.delete(lease.id);
            if (waiter.pending.size === 0) waiter.done();
          }, Math.max(0, lease.leftMs)),
        );
      }
      if (waiter.pending.size === 0) waiter.done();
    });
  }

  /** Stops every wait (the bus is closing: its publishes no longer promise anything). */
  release(): void {
    for (const waiter of [...this.waiters]) waiter.done();
  }

  private settle(waiter: Waiter, instance: string): void {
    if (!waiter.pending.has(instance)) return;
    if (!this.gone.has(instance) && (this.acked.get(instance) ?? 0) < waiter.version) return;
    waiter.pending.delete(instance);
    if (waiter.pending.size === 0) waiter.done();
  }
}

/**
 * Restarting the instances behind nginx one by one without a failed request. For each instance:
 *   1. mark it `down` in the upstream list and reload nginx, waiting until the old nginx workers
 *      are gone: from then on no request is sent to it, and none is in flight through nginx;
 *   2. replace it: SIGTERM (it finishes what it still has, answers /health 503, exits), start again;
 *   3. wait until its /health answers 200 (database reachable, invalidation bus started);
 *   4. mark it up and reload.
 * Stopping first through nginx matters: nginx never retries a POST it has sent, and an instance
 * that closes a kept-alive connection just as nginx sends a POST on it would fail that request.
 * Used by deploy/rolling-restart.sh (systemd units, an installed nginx) and by bench/stack.ts
 * (processes and an nginx it started itself).
 */
import { markDown } from './upstream-file';
import { waitReady } from './readiness';

export interface RestartTarget {
  /** `host:port` as the upstream list names it. */
  address: string;
  /** Stops the instance (SIGTERM, waiting for it to exit) and starts it again. */
  replace(): Promise<void>;
  /** Its readiness URL (GET /health). */
  healthUrl: string;
  /** Says why the instance cannot become ready (it exited), if it cannot. */
  failed?: () => string | undefined;
}

export interface Balancer {
  /** The upstream list nginx includes. */
  upstreamFile: string;
  /** Reloads nginx and resolves once the old workers are gone (src/deploy/nginx-reload.ts). */
  reload(): Promise<void>;
}

export async function restartBehindNginx(balancer: Balancer, target: RestartTarget, readyTimeoutMs = 60000): Promise<void> {
  markDown(balancer.upstreamFile, target.address, true);
  await balancer.reload();
  await target.replace();
  // An instance that does not become ready stays down (nginx keeps serving from the others).
  await waitReady(target.healthUrl, readyTimeoutMs, target.failed);
  markDown(balancer.upstreamFile, target.address, false);
  await balancer.reload();
}

/**
 * The young generation the serving processes run with. A request allocates a few hundred
 * kilobytes of short-lived objects (rows, records, the answer's text); with V8's default 16 MiB
 * semi-spaces the scavenger runs every few dozen requests and took about a tenth of the CPU of an
 * uncached list, and 64 MiB semi-spaces gave about a fifth more requests a second (BENCHMARKS.md).
 * The cost is memory: up to 128 MiB more per process, reserved as the load needs it.
 *
 * V8 reads the flag only at start, so it goes on the command line: cluster workers get it from
 * here; a single serving process from its own command line (`npm start`, the systemd unit).
 */
export const YOUNG_GENERATION_FLAG = '--max-semi-space-size=64';

/** Node options for a worker: the parent's, plus ours unless the operator chose a size. */
export function workerExecArgv(execArgv: readonly string[], nodeOptions = process.env.NODE_OPTIONS ?? ''): string[] {
  const chosen = [...execArgv, nodeOptions].some((option) => option.includes('--max-semi-space-size'));
  return chosen ? [...execArgv] : [...execArgv, YOUNG_GENERATION_FLAG];
}

/**
 * The SEO and readability analysis off the event loop: tens of milliseconds of CPU per text (a
 * second on long ones) run in a small pool of worker threads (SEO_ANALYSIS_WORKERS, default 1), so
 * requests keep being answered meanwhile. The workers run the same pure function (analysis.ts), so
 * a result is the same in a thread or in-process (size 0, which the pool then does). Workers start
 * on first use, are unreferenced (an idle pool keeps no process alive), and a worker that crashes
 * or overruns ANALYSIS_TIMEOUT_MS is replaced, its text failing alone.
 *
 * The worker's entry is analysis-worker.ts: compiled to JavaScript beside this file under dist for
 * `npm start`; from the TypeScript sources (tsx, jest) it is loaded through tsx's require hook.
 */
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { AnalysisInput, AnalysisOutput } from './analysis';
import type { AnalysisReply } from './analysis-worker';

/** How long one text may take before its worker is replaced (a pathological text must not stall the queue). */
export const ANALYSIS_TIMEOUT_MS = 60_000;

interface Task {
  id: number;
  input: AnalysisInput;
  resolve(output: AnalysisOutput): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker;
  task: Task | null;
  timer: NodeJS.Timeout | null;
}

/** A new worker thread running analysis-worker (its compiled JavaScript, or its TypeScript through tsx). */
function startWorker(): Worker {
  const compiled = path.join(__dirname, 'analysis-worker.js');
  if (__filename.endsWith('.js')) return new Worker(compiled);
  const source = path.join(__dirname, 'analysis-worker.ts');
  const tsx = require.resolve('tsx/cjs/api');
  return new Worker(`require(${JSON.stringify(tsx)}).register(); require(${JSON.stringify(source)});`, { eval: true });
}

export class AnalysisPool {
  private readonly slots: Slot[] = [];
  private readonly waiting: Task[] = [];
  private nextId = 1;
  private closed = false;

  constructor(readonly size: number) {}

  /** The analysis of one text, in a worker thread (or in-process for a pool of size 0). */
  analyse(input: AnalysisInput): Promise<AnalysisOutput> {
    // yoastseo is loaded on first use: a server whose analysis runs in workers never loads it here,
    // and a start does not wait for it.
    if (this.size === 0) return import('./analysis').then((analysis) => analysis.analyse(input));
    if (this.closed) return Promise.reject(new Error('the SEO analysis pool is closed'));
    return new Promise((resolve, reject) => {
      this.waiting.push({ id: this.nextId++, input, resolve, reject });
      this.dispatch();
    });
  }

  /** Stops every worker; what waits or runs fails (the callers' indexing brings it up to date later). */
  async close(): Promise<void> {
    this.closed = true;
    for (const task of this.waiting.splice(0)) task.reject(new Error('the SEO analysis pool is closed'));
    await Promise.all(this.slots.splice(0).map((slot) => this.retire(slot, new Error('the SEO analysis pool is closed'))));
  }

  private dispatch(): void {
    while (this.waiting.length) {
      let slot = this.slots.find((s) => s.task === null);
      if (!slot && this.slots.length < this.size) slot = this.spawn();
      if (!slot) return;
      const task = this.waiting.shift() as Task;
      slot.task = task;
      slot.timer = setTimeout(() => void this.replace(slot as Slot, new Error(`the SEO analysis took longer than ${ANALYSIS_TIMEOUT_MS} ms`)), ANALYSIS_TIMEOUT_MS);
      slot.timer.unref();
      slot.worker.postMessage({ id: task.id, input: task.input });
    }
  }

  private spawn(): Slot {
    const slot: Slot = { worker: startWorker(), task: null, timer: null };
    slot.worker.unref();
    slot.worker.on('message', (reply: AnalysisReply) => {
      const task = slot.task;
      if (!task || task.id !== reply.id) return;
      this.settle(slot);
      if ('error' in reply) task.reject(new Error(reply.error));
      else task.resolve(reply.output);
      this.dispatch();
    });
    slot.worker.on('error', (error) => void this.replace(slot, error));
    slot.worker.on('exit', (code) => {
      if (this.slots.includes(slot)) void this.replace(slot, new Error(`the SEO analysis worker stopped (exit code ${code})`));
    });
    this.slots.push(slot);
    return slot;
  }

  private settle(slot: Slot): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.task = null;
  }

  /** Fails the slot's task and stops its worker. */
  private async retire(slot: Slot, error: Error): Promise<void> {
    const task = slot.task;
    this.settle(slot);
    task?.reject(error);
    await slot.worker.terminate();
  }

  /** A worker that failed or overran: it goes (its text fails), the next text starts a new one. */
  private async replace(slot: Slot, error: Error): Promise<void> {
    const at = this.slots.indexOf(slot);
    if (at < 0) return;
    this.slots.splice(at, 1);
    await this.retire(slot, error);
    if (!this.closed) this.dispatch();
  }
}

const pools = new WeakMap<object, AnalysisPool>();

/** The pool of the process's client behind `db` (one per database, like the analysis queue), of the configured size. */
export function analysisPoolOf(db: Pick<Database, 'untracked'>, config: Pick<Config, 'seo'>): AnalysisPool {
  const key = db.untracked('the SEO analysis pool is kept per process client');
  let pool = pools.get(key);
  if (!pool || pool.size !== config.seo.analysisWorkers) {
    if (pool) void pool.close();
    pool = new AnalysisPool(config.seo.analysisWorkers);
    pools.set(key, pool);
  }
  return pool;
}

/** Called when the server closes (after the analysis queue): the workers stop. */
export async function closeAnalysisPool(db: Pick<Database, 'untracked'>): Promise<void> {
  const key = db.untracked('closing the SEO analysis pool');
  const pool = pools.get(key);
  pools.delete(key);
  await pool?.close();
}

/**
 * Cold start: the time from spawning the server to its first 200 on `/ping` and on a real route
 * (`/wp-json/core/v2/posts`), for `npm start` (which checks the build first) and for the compiled
 * server alone, with the default worker processes and with one process. "Restart" runs on a
 * database a previous start already migrated and seeded (a restart of an installed checkout);
 * "new database" includes the migrations and the demo seed. Each figure is the median of several runs.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port';

const ROOT = path.join(__dirname, '..');
const POSTS = '/wp-json/core/v2/posts';

interface Variant {
  label: string;
  command: [string, ...string[]];
  env: Record<string, string>;
}

const VARIANTS: Variant[] = [
  { label: '`npm start` (default workers)', command: ['npm', 'start', '--silent'], env: {} },
  { label: '`node dist/src/main.js` (default workers)', command: [process.execPath, 'dist/src/main.js'], env: {} },
  { label: '`npm start`, `WEB_CONCURRENCY=1`', command: ['npm', 'start', '--silent'], env: { WEB_CONCURRENCY: '1' } },
  { label: '`node dist/src/main.js`, `WEB_CONCURRENCY=1`', command: [process.execPath, 'dist/src/main.js'], env: { WEB_CONCURRENCY: '1' } },
];

interface Timing {
  ping: number;
  posts: number;
}

/** Milliseconds from `start` until `path` answers 200 (polled every 10 ms). */
async function firstOk(port: number, urlPath: string, start: number, deadline: number): Promise<number> {
  while (performance.now() < deadline) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}${urlPath}`);
      await res.arrayBuffer();
      if (res.status === 200) return performance.now() - start;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`no 200 from ${urlPath} within the deadline`);
}

async function startOnce(variant: Variant, databaseUrl: string): Promise<Timing> {
  const port = await freePort();
  const start = performance.now();
  // Its own process group: npm's shell and the server's workers stop with it.
  const child = spawn(variant.command[0], variant.command.slice(1), {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn', ...variant.env },
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  try {
    const deadline = start + 60000;
    const ping = await firstOk(port, '/ping', start, deadline);
    const posts = await firstOk(port, POSTS, start, deadline);
    return { ping, posts };
  } finally {
    process.kill(-child.pid!, 'SIGTERM');
    await exited;
  }
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

interface Row {
  label: string;
  database: 'restart' | 'new database';
  timings: Timing[];
}

/** Runs every variant `runs` times on a restart and on a new database; returns the Markdown section. */
export async function measureColdStart(runs: number): Promise<string> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'content-site-cold-'));
  const rows: Row[] = [];
  try {
    const installed = `file:${path.join(dir, 'installed.db')}`;
    await startOnce(VARIANTS[1], installed); // migrates and seeds it: later starts are restarts
    for (const variant of VARIANTS) {
      const restart: Row = { label: variant.label, database: 'restart', timings: [] };
      const fresh: Row = { label: variant.label, database: 'new database', timings: [] };
      for (let run = 0; run < runs; run++) {
        restart.timings.push(await startOnce(variant, installed));
        fresh.timings.push(await startOnce(variant, `file:${path.join(dir, `new-${rows.length}-${run}.db`)}`));
      }
      rows.push(restart, fresh);
      const ms = (row: Row) => `${Math.round(median(row.timings.map((t) => t.ping)))} / ${Math.round(median(row.timings.map((t) => t.posts)))} ms`;
      console.log(`cold start ${variant.label.padEnd(48)} restart ${ms(restart)}, new database ${ms(fresh)}`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const cell = (values: number[]) => `${Math.round(median(values))} (${Math.round(Math.min(...values))}–${Math.round(Math.max(...values))})`;
  return [
    `### Cold start (median of ${runs} runs, min–max in brackets; ms from spawning the command to the first 200)`,
    '',
    '| command | database | `GET /ping` | `GET ' + POSTS + '` |',
    '|---|---|---:|---:|',
    ...rows.map((row) => `| ${row.label} | ${row.database} | ${cell(row.timings.map((t) => t.ping))} | ${cell(row.timings.map((t) => t.posts))} |`),
  ].join('\n');
}

/**
 * The real server as a child process (`node --import tsx src/main.ts`, one process per server
 * without the tsx wrapper's grandchild), on a free loopback port; or any other command that starts
 * it (`npm start`, the compiled build) in any checkout.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

export const ROOT = path.join(__dirname, '..', '..');
export const NODE_TS = ['--import', 'tsx'];

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export interface Running {
  child: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<number | null>;
}

export interface StartOptions {
  /** The command and its arguments (default: this checkout's sources under tsx). */
  command?: [string, ...string[]];
  /** The checkout to start in (default: this one). */
  cwd?: string;
  /** Its own process group, so that `stop` reaches whatever it spawned (npm's children). */
  detached?: boolean;
}

export async function startServer(env: Record<string, string>, options: StartOptions = {}): Promise<Running> {
  const port = await freePort();
  const [command, ...args] = options.command ?? [process.execPath, ...NODE_TS, 'src/main.ts'];
  const child = spawn(command, args, { cwd: options.cwd ?? ROOT, detached: options.detached, env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout?.on('data', (d) => (out += d));
  child.stderr?.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, port, output: () => out, exited };
}

export async function waitHealthy(server: Running, timeoutMs = 40000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`http://127.0.0.1:${server.port}/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (server.child.exitCode !== null) throw new Error('server exited: ' + server.output());
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not become healthy: ' + server.output());
}

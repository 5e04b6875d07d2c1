/**
 * A scale-out stack on this machine: `instances` compiled servers (`node dist/src/main.js`, one
 * process each: WEB_CONCURRENCY=1) on one database, behind an nginx started here with the shipped
 * configuration (deploy/nginx/content-site.conf, rendered for their ports into a temporary prefix),
 * or without nginx. `restart()` takes deploy/rolling-restart.sh's steps for one instance: SIGTERM,
 * wait for the exit (the instance drains itself: src/http/shutdown.ts), start again, wait for
 * /health to answer 200, then (behind nginx) wait nginx's fail_timeout so that it serves again.
 * Needs `npm run build` (dist/) and, with nginx, /usr/sbin/nginx (Debian's package).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port';
import { waitReady } from './readiness';
import { YOUNG_GENERATION_FLAG } from '../src/young-generation';

const ROOT = path.join(__dirname, '..');
const NGINX = process.env.NGINX_BIN || '/usr/sbin/nginx';
const STOP_TIMEOUT_MS = 20000;
const OUTPUT_KEPT = 20000;
/** nginx's fail_timeout in the upstream list (deploy/nginx/content-site-upstream.conf). */
const FAIL_TIMEOUT_S = 5;

export interface StackInstance {
  port: number;
  /** The current process (a new one after each restart). */
  pid: number;
  /** The rolling-restart step for this instance: SIGTERM, exit, start, ready (and nginx's fail_timeout). */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

export interface Stack {
  /** nginx, or the (first) instance when nginx is off. */
  url: string;
  instances: StackInstance[];
  stop(): Promise<void>;
}

export interface StackOptions {
  databaseUrl: string;
  instances: number;
  nginx: boolean;
  /** Extra environment of every instance (SITE_URL defaults to the stack's url). */
  env?: Record<string, string>;
}

interface Process {
  child: ChildProcess;
  exited: Promise<void>;
  output(): string;
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Process {
  const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-OUTPUT_KEPT));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return { child, exited, output: () => output };
}

/** SIGTERM, then SIGKILL if the process is still there after the timeout. */
async function terminate(process: Process, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (process.child.exitCode !== null || process.child.signalCode !== null) return;
  process.child.kill(signal);
  const timer = setTimeout(() => process.child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await process.exited;
  clearTimeout(timer);
}

const exitReason = (process: Process) => (process.child.exitCode !== null || process.child.signalCode !== null ? `exited (${process.child.signalCode ?? `code ${process.child.exitCode}`}): ${process.output()}` : undefined);

class Instance implements StackInstance {
  private process!: Process;

  constructor(
    readonly port: number,
    private readonly env: NodeJS.ProcessEnv,
    /** Waited after the instance is ready again (nginx's fail_timeout; 0 without nginx). */
    private readonly settleMs: number,
  ) {}

  get pid(): number {
    return this.process.child.pid ?? -1;
  }

  get healthUrl(): string {
    return `http://127.0.0.1:${this.port}/health`;
  }

  /** Starts the process and waits until /health answers 200. */
  async start(): Promise<void> {
    this.process = run(process.execPath, [YOUNG_GENERATION_FLAG, 'dist/src/main.js'], { ...this.env, PORT: String(this.port) });
    await waitReady(this.healthUrl, 60000, () => exitReason(this.process));
  }

  async restart(): Promise<void> {
    await terminate(this.process);
    await this.start();
    // nginx may have marked it failed while it was down (refused connections): it tries it again after fail_timeout.
    await new Promise((resolve) => setTimeout(resolve, this.settleMs));
  }

  stop(): Promise<void> {
    return terminate(this.process);
  }
}

/** deploy/nginx/content-site.conf for this stack: listening on `port`, including `upstreamFile`. */
export function renderSiteConfig(port: number, upstreamFile: string): string {
  const shipped = readFileSync(path.join(ROOT, 'deploy', 'nginx', 'content-site.conf'), 'utf8');
  const listen = /^(\s*)listen 80;$/m;
  const include = /include \/etc\/nginx\/content-site-upstream\.conf;/;
  if (!listen.test(shipped) || !include.test(shipped)) throw new Error('deploy/nginx/content-site.conf: no "listen 80;" or upstream include to render');
  return shipped.replace(listen, `$1listen 127.0.0.1:${port};`).replace(include, `include ${upstreamFile};`);
}

/** A whole nginx.conf around the site's configuration, everything nginx writes kept under `prefix`. */
function nginxConfig(prefix: string, site: string): string {
  return [
    // As root, the workers would otherwise run as nobody, unable to use the temporary paths.
    process.getuid?.() === 0 ? 'user root;' : '',
    'worker_processes auto;',
    `pid ${prefix}/nginx.pid;`,
    `error_log ${prefix}/error.log warn;`,
    'events { worker_connections 4096; }',
    'http {',
    '  access_log off;',
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `  ${kind}_temp_path ${prefix}/${kind}_temp;`),
    site,
    '}',
    '',
  ].join('\n');
}

export async function startStack(options: StackOptions): Promise<Stack> {
  if (options.instances < 1) throw new Error('a stack needs at least one instance');
  const ports = await Promise.all(Array.from({ length: options.instances }, () => freePort()));
  const nginxPort = options.nginx ? await freePort() : undefined;
  const url = `http://127.0.0.1:${nginxPort ?? ports[0]}`;
  const prefix = mkdtempSync(path.join(os.tmpdir(), 'content-site-stack-'));
  chmodSync(prefix, 0o755);
  const upstreamFile = path.join(prefix, 'upstream.conf');
  let nginx: Process | undefined;
  const env: NodeJS.ProcessEnv = { ...process.env, HOST: '127.0.0.1', DATABASE_URL: options.databaseUrl, WEB_CONCURRENCY: '1', LOG_LEVEL: 'warn', SITE_URL: url, ...options.env };
  const instances = ports.map((port) => new Instance(port, env, options.nginx ? FAIL_TIMEOUT_S * 1000 : 0));

  const stop = async () => {
    // nginx first: the instances then have no idle connection to wait for (src/http/shutdown.ts).
    if (nginx) await terminate(nginx, 'SIGQUIT');
    await Promise.all(instances.map((instance) => instance.stop().catch(() => undefined)));
    rmSync(prefix, { recursive: true, force: true });
  };

  try {
    // The first start migrates and seeds an empty database; the others then find it ready.
    await instances[0].start();
    await Promise.all(instances.slice(1).map((instance) => instance.start()));
    if (nginxPort) {
      writeFileSync(upstreamFile, ports.map((port) => `server 127.0.0.1:${port} max_fails=3 fail_timeout=${FAIL_TIMEOUT_S}s;\n`).join(''));
      const config = path.join(prefix, 'nginx.conf');
      writeFileSync(config, nginxConfig(prefix, renderSiteConfig(nginxPort, upstreamFile)));
      nginx = run(NGINX, ['-p', prefix, '-e', `${prefix}/error.log`, '-c', config, '-g', 'daemon off;'], process.env);
      await waitReady(`${url}/ping`, 10000, () => {
        const reason = exitReason(nginx!);
        return reason && `nginx ${reason} ${readFileSync(`${prefix}/error.log`, 'utf8')}`;
      });
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, instances, stop };
}

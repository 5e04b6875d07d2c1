/**
 * deploy/rolling-restart.sh: restarts every instance of the nginx upstream list one by one
 * (src/deploy/rolling-restart.ts), each through a command (a systemd unit by default).
 *
 *   node dist/src/deploy/rolling-restart-cli.js [--upstream FILE] [--nginx-pid FILE]
 *        [--restart COMMAND] [--health-path PATH] [--ready-timeout SECONDS]
 *
 *   --upstream       the upstream list nginx includes (default /etc/nginx/content-site-upstream.conf)
 *   --nginx-pid      nginx's pid file (default /run/nginx.pid)
 *   --restart        run by /bin/sh for each instance, {host} {port} {address} replaced; it must stop
 *                    the instance (SIGTERM, waiting for its exit) and start it again
 *                    (default: systemctl restart content-site@{port})
 *   --health-path    readiness path on each instance (default /health)
 *   --ready-timeout  seconds an instance may take to become ready (default 60)
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { reloadNginx } from './nginx-reload';
import { restartBehindNginx } from './rolling-restart';
import { upstreamAddresses } from './upstream-file';

interface Options {
  upstream: string;
  nginxPid: string;
  restart: string;
  healthPath: string;
  readyTimeout: number;
}

const DEFAULTS: Options = {
  upstream: '/etc/nginx/content-site-upstream.conf',
  nginxPid: '/run/nginx.pid',
  restart: 'systemctl restart content-site@{port}',
  healthPath: '/health',
  readyTimeout: 60,
};

function parse(argv: string[]): Options {
  const options = { ...DEFAULTS };
  const names: Record<string, keyof Options> = { '--upstream': 'upstream', '--nginx-pid': 'nginxPid', '--restart': 'restart', '--health-path': 'healthPath', '--ready-timeout': 'readyTimeout' };
  for (let i = 0; i < argv.length; i += 2) {
    const key = names[argv[i]];
    const value = argv[i + 1];
    if (!key || value === undefined) throw new Error(`unknown or incomplete option ${argv[i]} (see the comment at the top of src/deploy/rolling-restart-cli.ts)`);
    if (key === 'readyTimeout') options.readyTimeout = Number(value);
    else options[key] = value;
  }
  return options;
}

function shell(command: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('/bin/sh', ['-c', command], { stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code, signal) => (code === 0 ? resolve() : reject(new Error(`"${command}" failed (${signal ?? `code ${code}`})`))));
  });
}

async function main(): Promise<void> {
  const options = parse(process.argv.slice(2));
  const addresses = upstreamAddresses(options.upstream);
  // With one instance, taking it out leaves nginx nothing to send requests to.
  if (addresses.length < 2) throw new Error(`${options.upstream} lists ${addresses.length} instance(s): a restart without failed requests needs at least two`);
  const masterPid = Number(readFileSync(options.nginxPid, 'utf8').trim());
  const balancer = { upstreamFile: options.upstream, reload: () => reloadNginx(masterPid) };
  for (const address of addresses) {
    const port = address.slice(address.lastIndexOf(':') + 1);
    const host = address.slice(0, address.lastIndexOf(':'));
    const command = options.restart.replaceAll('{port}', port).replaceAll('{host}', host).replaceAll('{address}', address);
    process.stdout.write(`${address}: draining, restarting (${command})\n`);
    await restartBehindNginx(balancer, { address, healthUrl: `http://${address}${options.healthPath}`, replace: () => shell(command) }, options.readyTimeout * 1000);
    process.stdout.write(`${address}: ready, back in rotation\n`);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`rolling restart stopped: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});

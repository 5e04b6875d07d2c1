/**
 * Reloading nginx and knowing when the new configuration is the only one in force: SIGHUP makes
 * the master start new workers and ask the old ones to finish their requests and exit. Until the
 * old workers are gone, one of them may still send a request to an instance just marked down, so
 * the rolling restart waits for them (Linux: the master's children, read from /proc).
 */
import { readdirSync, readFileSync } from 'node:fs';

/** The processes whose parent is `pid`. */
export function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    // "pid (command) state ppid ...": the command may hold spaces and parentheses, the fields after it do not.
    const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (parent === pid) children.push(Number(entry));
  }
  return children;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Reloads the nginx whose master is `masterPid` and resolves once every worker that ran before
 * the reload has exited (old workers finish their in-flight requests first). Rejects when that
 * takes longer than `timeoutMs`, e.g. because the new configuration was refused (the old
 * workers then keep serving: see nginx's error log).
 */
export async function reloadNginx(masterPid: number, timeoutMs = 30000): Promise<void> {
  const before = new Set(childrenOf(masterPid));
  process.kill(masterPid, 'SIGHUP');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const now = childrenOf(masterPid);
    if (now.length > 0 && !now.some((pid) => before.has(pid))) return;
    if (Date.now() > deadline) throw new Error(`nginx (pid ${masterPid}) did not finish reloading within ${timeoutMs} ms: is the new configuration valid?`);
    await sleep(50);
  }
}

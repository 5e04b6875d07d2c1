/**
 * A PostgreSQL primary and a streaming replica of its own, started from Debian's binaries for one
 * test file: the machine's server does not accept replication connections. Both run as the
 * `postgres` OS user (PostgreSQL refuses root) in a temporary directory, on free loopback ports,
 * without fsync; `close` stops them at once and removes everything, also after a failure.
 */
import { execFile } from 'node:child_process';
import { appendFileSync, chownSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';

const run = promisify(execFile);
const BIN = process.env.PG_BIN_DIR ?? '/usr/lib/postgresql/15/bin';

export interface ReplicatedPostgres {
  /** A database URL on the primary. */
  primaryUrl(database: string): string;
  /** The same database on the replica. */
  replicaUrl(database: string): string;
  /** Runs one statement on the replica (its `postgres` database) and returns the rows. */
  onReplica<T extends Record<string, unknown>>(sql: string): Promise<T[]>;
  /** Waits until the replica has replayed everything the primary has written so far. */
  caughtUp(): Promise<void>;
  /** Runs `action` with the replica's replay paused (it lags behind every write meanwhile), then lets it catch up. */
  whileReplayPaused<T>(action: () => Promise<T>): Promise<T>;
  stopReplica(): Promise<void>;
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** A PostgreSQL binary run as the postgres user (directly when the tests already run as someone else). */
async function pg(dir: string, binary: string, args: string[]): Promise<void> {
  const command = path.join(BIN, binary);
  const asRoot = process.getuid?.() === 0;
  await run(asRoot ? 'runuser' : command, asRoot ? ['-u', 'postgres', '--', command, ...args] : args, { cwd: dir });
}

async function query<T extends Record<string, unknown>>(url: string, sql: string): Promise<T[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

const settings = (dir: string, port: number) => `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${dir} -c fsync=off -c full_page_writes=off`;

export async function startReplicatedPostgres(): Promise<ReplicatedPostgres> {
  const dir = mkdtempSync(path.join(tmpdir(), 'content-site-pg-'));
  const primaryDir = path.join(dir, 'primary');
  const replicaDir = path.join(dir, 'replica');
  const started: string[] = [];
  const stop = async (data: string) => pg(dir, 'pg_ctl', ['stop', '-D', data, '-m', 'immediate']).catch(() => undefined);
  const close = async () => {
    for (const data of started.splice(0).reverse()) await stop(data);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    if (process.getuid?.() === 0) {
      const uid = Number((await run('id', ['-u', 'postgres'])).stdout.trim());
      const gid = Number((await run('id', ['-g', 'postgres'])).stdout.trim());
      chownSync(dir, uid, gid);
    }
    const [primaryPort, replicaPort] = [await freePort(), await freePort()];
    await pg(dir, 'initdb', ['-D', primaryDir, '--no-sync', '-A', 'trust', '-U', 'postgres', '--no-instructions']);
    // initdb's trust lines already allow local replication; said here, as the test depends on it.
    appendFileSync(path.join(primaryDir, 'pg_hba.conf'), 'host replication all 127.0.0.1/32 trust\n');
    await pg(dir, 'pg_ctl', ['start', '-w', '-D', primaryDir, '-l', path.join(dir, 'primary.log'), '-o', `${settings(dir, primaryPort)} -c wal_level=replica -c max_wal_senders=4`]);
    started.push(primaryDir);
    await pg(dir, 'pg_basebackup', ['-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'postgres', '-D', replicaDir, '-R', '-X', 'stream', '-c', 'fast', '--no-sync']);
    await pg(dir, 'pg_ctl', ['start', '-w', '-D', replicaDir, '-l', path.join(dir, 'replica.log'), '-o', settings(dir, replicaPort)]);
    started.push(replicaDir);
    const url = (port: number, database: string) => `postgresql://postgres@127.0.0.1:${port}/${database}`;
    const replicaAdmin = url(replicaPort, 'postgres');
    const caughtUp = async () => {
      const [{ lsn }] = await query<{ lsn: string }>(url(primaryPort, 'postgres'), 'SELECT pg_current_wal_insert_lsn()::text AS lsn');
      // Polls a condition (replay reaching the primary's position), bounded; nothing is timed.
      for (let attempt = 0; attempt < 600; attempt++) {
        const [{ behind }] = await query<{ behind: boolean }>(replicaAdmin, `SELECT pg_last_wal_replay_lsn() < '${lsn}'::pg_lsn AS behind`);
        if (!behind) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error('the replica did not catch up with the primary');
    };
    return {
      primaryUrl: (database) => url(primaryPort, database),
      replicaUrl: (database) => url(replicaPort, database),
      onReplica: (sql) => query(replicaAdmin, sql),
      caughtUp,
      whileReplayPaused: async (action) => {
        await query(replicaAdmin, 'SELECT pg_wal_replay_pause()');
        try {
          return await action();
        } finally {
          await query(replicaAdmin, 'SELECT pg_wal_replay_resume()');
          await caughtUp();
        }
      },
      stopReplica: async () => {
        await stop(replicaDir);
        started.splice(started.indexOf(replicaDir), 1);
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

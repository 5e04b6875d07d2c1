/**
 * The few Redis commands the counters need, over one connection speaking RESP2: commands are
 * pipelined and answered in order. No client library is a dependency of the project and the
 * counters need a dozen lines of the protocol; `redis://[user:password@]host:port[/db]` and
 * `rediss://` (TLS) are understood. A broken connection fails the commands in flight and is opened
 * again by the next command.
 */
import net from 'node:net';
import tls from 'node:tls';

const CONNECT_TIMEOUT_MS = 2_000;

export type RedisReply = string | number | null | RedisReply[];

export class RedisError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RedisError';
  }
}

interface Pending {
  resolve(value: RedisReply): void;
  reject(error: Error): void;
}

/** One parsed reply and where it ends, or null when the buffer does not hold it whole yet. */
function parseReply(buffer: Buffer, start: number): { value: RedisReply | RedisError; end: number } | null {
  const lineEnd = buffer.indexOf('\r\n', start);
  if (lineEnd === -1) return null;
  const type = String.fromCharCode(buffer[start]);
  const line = buffer.toString('utf8', start + 1, lineEnd);
  const next = lineEnd + 2;
  switch (type) {
    case '+':
      return { value: line, end: next };
    case '-':
      return { value: new RedisError(line), end: next };
    case ':':
      return { value: Number(line), end: next };
    case '$': {
      const length = Number(line);
      if (length < 0) return { value: null, end: next };
      if (buffer.length < next + length + 2) return null;
      return { value: buffer.toString('utf8', next, next + length), end: next + length + 2 };
    }
    case '*': {
      const count = Number(line);
      if (count < 0) return { value: null, end: next };
      const items: RedisReply[] = [];
      let at = next;
      for (let i = 0; i < count; i++) {
        const item = parseReply(buffer, at);
        if (!item) return null;
        if (item.value instanceof RedisError) return { value: item.value, end: item.end };
        items.push(item.value);
        at = item.end;
      }
      return { value: items, end: at };
    }
    default:
      throw new RedisError(`unexpected Redis reply type ${JSON.stringify(type)}`);
  }
}

function encode(args: ReadonlyArray<string | number>): Buffer {
  const parts: Buffer[] = [Buffer.from(`*${args.length}\r\n`)];
  for (const arg of args) {
    const bytes = Buffer.from(String(arg), 'utf8');
    parts.push(Buffer.from(`$${bytes.length}\r\n`), bytes, Buffer.from('\r\n'));
  }
  return Buffer.concat(parts);
}

export class RedisClient {
  private socket: net.Socket | null = null;
  private ready: Promise<void> | null = null;
  private buffer: Buffer = Buffer.alloc(0);
  private readonly pending: Pending[] = [];
  private closed = false;

  constructor(private readonly url: string) {}

  /** Sends one command; resolves with its reply (a Redis error rejects). */
  async command(...args: Array<string | number>): Promise<RedisReply> {
    if (this.closed) throw new RedisError('the Redis client is closed');
    await this.connect();
    return this.send(args);
  }

  async close(): Promise<void> {
    this.closed = true;
    const socket = this.socket;
    this.socket = null;
    this.ready = null;
    if (socket) await new Promise<void>((resolve) => socket.end(resolve));
  }

  private send(args: ReadonlyArray<string | number>): Promise<RedisReply> {
    return new Promise<RedisReply>((resolve, reject) => {
      const socket = this.socket;
      if (!socket) return reject(new RedisError('no Redis connection'));
      this.pending.push({ resolve, reject });
      socket.write(encode(args));
    });
  }

  private connect(): Promise<void> {
    this.ready ??= this.open().catch((error: unknown) => {
      this.ready = null;
      throw error;
    });
    return this.ready;
  }

  private async open(): Promise<void> {
    const url = new URL(this.url);
    const port = Number(url.port || 6379);
    const host = url.hostname.replace(/^\[|\]$/g, '') || '127.0.0.1';
    const socket = await new Promise<net.Socket>((resolve, reject) => {
      const s = url.protocol === 'rediss:' ? tls.connect({ host, port, servername: host }) : net.connect({ host, port });
      // An address that never answers must not hold requests for the system's minutes-long timeout.
      const timer = setTimeout(() => {
        s.destroy();
        reject(new RedisError(`no answer from Redis at ${host}:${port} within ${CONNECT_TIMEOUT_MS} ms`));
      }, CONNECT_TIMEOUT_MS);
      s.once(url.protocol === 'rediss:' ? 'secureConnect' : 'connect', () => {
        clearTimeout(timer);
        s.off('error', reject);
        resolve(s);
      });
      s.once('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
    });
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.receive(chunk));
    socket.on('error', (error) => this.fail(socket, error));
    socket.on('close', () => this.fail(socket, new RedisError('the Redis connection closed')));
    this.socket = socket;
    const password = decodeURIComponent(url.password);
    const user = decodeURIComponent(url.username);
    if (password) await this.send(user ? ['AUTH', user, password] : ['AUTH', password]);
    const db = url.pathname.replace(/^\//, '');
    if (db && db !== '0') await this.send(['SELECT', db]);
  }

  private receive(chunk: Buffer): void {
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    let at = 0;
    for (;;) {
      const parsed = at < this.buffer.length ? parseReply(this.buffer, at) : null;
      if (!parsed) break;
      at = parsed.end;
      const waiter = this.pending.shift();
      if (!waiter) continue;
      if (parsed.value instanceof RedisError) waiter.reject(parsed.value);
      else waiter.resolve(parsed.value);
    }
    this.buffer = this.buffer.subarray(at);
  }

  /** The connection is gone: what waited on it fails, the next command connects again. */
  private fail(socket: net.Socket, error: Error): void {
    if (this.socket !== socket) return;
    this.socket = null;
    this.ready = null;
    this.buffer = Buffer.alloc(0);
    for (const waiter of this.pending.splice(0)) waiter.reject(error);
    socket.destroy();
  }
}

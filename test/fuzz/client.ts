/**
 * One keep-alive connection for a whole fuzz run (node:http Agent, keepAlive, maxSockets 1): every
 * request, hostile or normal, goes over the same socket for as long as the server keeps it. A
 * request that gets no answer (ECONNRESET, "socket hang up") is a dropped connection; a server that
 * closes the socket after an answer that did not say `Connection: close` is one too, because a
 * keep-alive client would send its next request into a dead socket.
 */
import http from 'node:http';
import type { Socket } from 'node:net';

export interface FuzzRequest {
  method: string;
  /** Path and query, sent as is (percent-encoding left to the generator). */
  path: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
}

export interface FuzzAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export type Outcome = { ok: true; answer: FuzzAnswer } | { ok: false; error: string };

export class KeepAliveClient {
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  private readonly watched = new WeakSet<Socket>();
  /** Set when the server closed a socket whose last answer promised to keep it open. */
  private silentClose: string | null = null;
  private lastAnswer: { socket: Socket; keepAlive: boolean; label: string } | null = null;
  private closing = false;
  /** Sockets the run used (a healthy run uses one, plus one per answer that said `Connection: close`). */
  sockets = 0;

  constructor(private readonly origin: URL) {}

  request(request: FuzzRequest): Promise<Outcome> {
    const label = `${request.method} ${request.path.length > 200 ? request.path.slice(0, 200) + `… (${request.path.length} chars)` : request.path}`;
    return new Promise((resolve) => {
      const req = http.request(
        { host: this.origin.hostname, port: this.origin.port, agent: this.agent, method: request.method, path: request.path, headers: request.headers, setHost: true },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('error', (error) => resolve({ ok: false, error: `${error.message} (reading the answer)` }));
          res.on('end', () => {
            const socket = res.socket;
            const keepAlive = !/\bclose\b/i.test(String(res.headers.connection ?? ''));
            if (socket) this.lastAnswer = { socket, keepAlive, label };
            resolve({ ok: true, answer: { status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) } });
          });
        },
      );
      req.on('socket', (socket: Socket) => {
        if (this.watched.has(socket)) return;
        this.watched.add(socket);
        this.sockets += 1;
        socket.on('close', () => {
          const last = this.lastAnswer;
          if (!this.closing && last && last.socket === socket && last.keepAlive) this.silentClose ??= `the server closed the connection after "${last.label}" without Connection: close`;
        });
      });
      req.on('error', (error: NodeJS.ErrnoException) => resolve({ ok: false, error: `${error.code ?? ''} ${error.message}`.trim() }));
      if (request.body !== undefined) req.end(request.body);
      else req.end();
    });
  }

  /** The silent close seen since the last call, if any (a keep-alive client's next request would have been lost). */
  takeSilentClose(): string | null {
    const found = this.silentClose;
    this.silentClose = null;
    return found;
  }

  close(): void {
    this.closing = true;
    this.agent.destroy();
  }
}

/** Lets socket events that are already due (a close right after an answer) run before we look. */
export const settle = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * Real HTTP servers on loopback for the oEmbed tests: a provider (pages with discovery links, an
 * oEmbed endpoint echoing what it was asked, redirects, a page that never answers, an oversized
 * answer) and an "inside" server that must never be reached. Each counts the requests it got.
 */
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface LoopbackServer {
  port: number;
  origin: string;
  /** Requests received, by path (query excluded). */
  hits: Map<string, number>;
  /** The query of the last request to each path. */
  lastQuery: Map<string, URLSearchParams>;
  hitCount(path: string): number;
  close(): Promise<void>;
}

type Route = (req: http.IncomingMessage, res: http.ServerResponse, server: LoopbackServer) => void;

export async function startLoopbackServer(routes: Record<string, Route>, host = '127.0.0.1'): Promise<LoopbackServer> {
  const sockets = new Set<Socket>();
  const state: LoopbackServer = {
    port: 0,
    origin: '',
    hits: new Map(),
    lastQuery: new Map(),
    hitCount: (path) => state.hits.get(path) ?? 0,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://loopback');
    state.hits.set(url.pathname, state.hitCount(url.pathname) + 1);
    state.lastQuery.set(url.pathname, url.searchParams);
    const route = routes[url.pathname];
    if (!route) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
      return;
    }
    route(req, res, state);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  state.port = (server.address() as AddressInfo).port;
  state.origin = `http://${host.includes(':') ? `[${host}]` : host}:${state.port}`;
  return state;
}

export const html = (body: string | ((server: LoopbackServer) => string)): Route => (_req, res, server) => {
  res.writeHead(200, { 'Content-Type': 'text/html; charset=UTF-8' }).end(typeof body === 'string' ? body : body(server));
};

export const redirect = (to: (server: LoopbackServer) => string, status = 302): Route => (_req, res, server) => {
  res.writeHead(status, { Location: to(server) }).end();
};

export const json = (make: (query: URLSearchParams, server: LoopbackServer) => unknown): Route => (req, res, server) => {
  const query = new URL(req.url ?? '/', 'http://loopback').searchParams;
  res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(make(query, server)));
};

/** Accepts the request and never answers. */
export const hang: Route = () => undefined;

/** Streams `bytes` of JSON-ish padding without a Content-Length. */
export const oversized = (bytes: number): Route => (_req, res) => {
  res.writeHead(200, { 'Content-Type': 'application/json' });
  const chunk = Buffer.alloc(16 * 1024, 0x20);
  let sent = 0;
  const pump = () => {
    while (sent < bytes) {
      sent += chunk.length;
      if (!res.write(chunk)) {
        res.once('drain', pump);
        return;
      }
    }
    res.end();
  };
  res.on('error', () => undefined);
  pump();
};

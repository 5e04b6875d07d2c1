/**
 * The nginx upstream list of the instances (deploy/nginx/content-site-upstream.conf): one
 * `server host:port [parameters];` line each. The rolling restart takes an instance out of
 * rotation by adding the `down` parameter to its line, and back by removing it; every other
 * line and parameter is kept as the operator wrote it.
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';

const SERVER_LINE = /^(\s*server\s+)(\S+)([^;]*);(.*)$/;

/** The addresses (`host:port`) the file lists, in order. */
export function upstreamAddresses(file: string): string[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .map((line) => SERVER_LINE.exec(line)?.[2])
    .filter((address): address is string => !!address);
}

/** The file's text with `address` marked down (or up). */
export function withDown(text: string, address: string, down: boolean): string {
  let found = false;
  const lines = text.split('\n').map((line) => {
    const match = SERVER_LINE.exec(line);
    if (!match || match[2] !== address) return line;
    found = true;
    const parameters = match[3].split(/\s+/).filter((p) => p && p !== 'down');
    if (down) parameters.push('down');
    return `${match[1]}${address}${parameters.map((p) => ` ${p}`).join('')};${match[4]}`;
  });
  if (!found) throw new Error(`no "server ${address}" line in the upstream list`);
  return lines.join('\n');
}

/** Marks `address` down (or up) in the file, replacing it at once (nginx never reads half a file). */
export function markDown(file: string, address: string, down: boolean): void {
  const next = withDown(readFileSync(file, 'utf8'), address, down);
  writeFileSync(`${file}.next`, next);
  renameSync(`${file}.next`, file);
}

/** The upstream list for instances on loopback `ports` (what deploy/nginx/content-site-upstream.conf ships with). */
export function upstreamList(ports: number[]): string {
  return ports.map((port) => `server 127.0.0.1:${port} max_fails=3 fail_timeout=10s;\n`).join('');
}

/**
 * The build that `npm install` and `npm start` run (scripts/build.mjs), in a copy of this checkout
 * without generated code or dist/ (as a fresh clone is): it builds everything once, then only what
 * changed — nothing on an up-to-date checkout, the compile alone after a source edit, the generators
 * after a schema edit — and a failed or interrupted build is redone by the next start. Finally
 * `npm start` in that copy skips the build and serves.
 */
import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { ROOT, startServer, waitHealthy, type Running } from '../support/server-process';

const CHECKOUT_ENTRIES = ['src', 'graphql', 'prisma', 'scripts', 'codegen.ts', 'package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.build.json'];

let checkout = '';
const at = (...parts: string[]) => path.join(checkout, ...parts);

function build(): { status: number | null; output: string } {
  const result = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: checkout, encoding: 'utf8' });
  return { status: result.status, output: result.stdout + result.stderr };
}

/** The line the build ends with: what each step did. */
const summary = (output: string): string => /^build: .*$/m.exec(output)?.[0] ?? `no summary in: ${output}`;

/** Every built file with its modification time. */
function builtFiles(): Map<string, number> {
  const times = new Map<string, number>();
  for (const dir of ['dist', path.join('src', 'generated')]) {
    for (const entry of readdirSync(at(dir), { recursive: true, encoding: 'utf8' })) {
      const stat = statSync(at(dir, entry));
      if (stat.isFile()) times.set(path.join(dir, entry), stat.mtimeMs);
    }
  }
  return times;
}

describe('the build before a start', () => {
  let database: TestDatabase;
  let server: Running | undefined;

  beforeAll(async () => {
    checkout = mkdtempSync(path.join(tmpdir(), 'content-site-build-'));
    for (const entry of CHECKOUT_ENTRIES) {
      cpSync(path.join(ROOT, entry), at(entry), { recursive: true, verbatimSymlinks: true, filter: (source) => !source.startsWith(path.join(ROOT, 'src', 'generated')) });
    }
    symlinkSync(path.join(ROOT, 'node_modules'), at('node_modules'));
    database = await createTestDatabase();
  });
  afterAll(async () => {
    if (server && server.child.exitCode === null) process.kill(-server.child.pid!, 'SIGTERM');
    await server?.exited;
    await database.drop();
    rmSync(checkout, { recursive: true, force: true });
  });

  it('builds a fresh checkout: generated code and the compiled server', () => {
    expect(existsSync(at('dist'))).toBe(false);
    const result = build();
    expect(result.status).toBe(0);
    expect(summary(result.output)).toBe('build: generate rebuilt, compile rebuilt');
    expect(existsSync(at('src', 'generated', 'prisma-sqlite', 'client.ts'))).toBe(true);
    expect(existsSync(at('dist', 'src', 'main.js'))).toBe(true);
  }, 180000);

  it('does nothing on an up-to-date checkout', () => {
    const before = builtFiles();
    const result = build();
    expect(result.status).toBe(0);
    expect(summary(result.output)).toBe('build: generate up to date, compile up to date');
    expect(builtFiles()).toEqual(before);
  }, 60000);

  it('compiles again after a source changes, without generating', () => {
    writeFileSync(at('src', 'build-probe.ts'), "export const probe = 'first version';\n");
    const result = build();
    expect(result.status).toBe(0);
    expect(summary(result.output)).toBe('build: generate up to date, compile rebuilt');
    expect(readFileSync(at('dist', 'src', 'build-probe.js'), 'utf8')).toContain('first version');
  }, 180000);

  it('generates again after a schema changes, and compiles only if the generated code changed', () => {
    // A comment changes the input, not what is generated from it.
    appendFileSync(at('graphql', 'root.graphql'), '\n# build probe\n');
    const result = build();
    expect(result.status).toBe(0);
    expect(summary(result.output)).toBe('build: generate rebuilt, compile up to date');
  }, 120000);

  it('starts over after an interrupted build, even when the sources are back as they were', async () => {
    // Killed, with the compiler it runs, once the compile of a changed source has begun...
    writeFileSync(at('src', 'build-probe.ts'), "export const probe = 'interrupted';\n");
    const child = spawn(process.execPath, ['scripts/build.mjs'], { cwd: checkout, detached: true, stdio: 'ignore' });
    const exited = new Promise((resolve) => child.on('exit', resolve));
    const stamp = at('dist', '.build-stamp.json');
    while (!(existsSync(stamp) && readFileSync(stamp, 'utf8').includes('building'))) await new Promise((r) => setTimeout(r, 20));
    process.kill(-child.pid!, 'SIGKILL');
    await exited;

    // ...then the change undone: the sources are those of the last complete build, dist/ may not be.
    writeFileSync(at('src', 'build-probe.ts'), "export const probe = 'first version';\n");
    const result = build();
    expect(result.status).toBe(0);
    expect(summary(result.output)).toBe('build: generate up to date, compile rebuilt');
    expect(readFileSync(at('dist', 'src', 'build-probe.js'), 'utf8')).toContain('first version');
  }, 180000);

  it('keeps no stamp after a failed build, so the next start builds (and fails) again', () => {
    writeFileSync(at('src', 'build-probe.ts'), "export const probe: number = 'not a number';\n");
    for (let attempt = 0; attempt < 2; attempt++) {
      const result = build();
      expect(result.status).toBe(1);
      expect(result.output).toContain('build-probe.ts');
      expect(summary(result.output)).toBe('build: generate up to date, compile failed');
    }
  }, 180000);

  it('drops the output of a removed source', () => {
    rmSync(at('src', 'build-probe.ts'));
    const result = build();
    expect(result.status).toBe(0);
    expect(summary(result.output)).toBe('build: generate up to date, compile rebuilt');
    expect(existsSync(at('dist', 'src', 'build-probe.js'))).toBe(false);
    expect(existsSync(at('dist', 'src', 'main.js'))).toBe(true);
  }, 180000);

  it('npm start on the built checkout skips the build and serves', async () => {
    const before = builtFiles();
    server = await startServer({ DATABASE_URL: database.url, WEB_CONCURRENCY: '2', SITE_URL: 'http://example.test' }, { command: ['npm', 'start'], cwd: checkout, detached: true });
    await waitHealthy(server, 60000);
    const res = await fetch(`http://127.0.0.1:${server.port}/wp-json/core/v2/posts`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as unknown[]).length).toBeGreaterThan(0);
    expect(summary(server.output())).toBe('build: generate up to date, compile up to date');
    expect(builtFiles()).toEqual(before);

    process.kill(-server.child.pid!, 'SIGTERM');
    await server.exited;
  }, 90000);
});

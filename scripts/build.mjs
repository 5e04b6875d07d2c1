#!/usr/bin/env node
// The build, done only when its inputs changed: `npm install` runs it once, `npm start` runs it
// before every start (and it does nothing on an up-to-date checkout), `npm run build` on demand.
//
// Two steps, each skipped when a stamp written after its last success holds the hash of its
// current inputs (contents and paths, so edits, deletions, renames and checkouts all count):
//   generate  prisma/ (but not its migrations, read at run time), graphql/*.graphql, codegen.ts
//             -> src/generated/ (both Prisma clients, the GraphQL types)
//   compile   src/**/*.ts (the generated code included), tsconfig*.json -> dist/ (tsc, incremental)
// package.json, package-lock.json and this script are inputs of both (tool versions, build rules).
// A failed step removes its stamp; a step interrupted midway leaves a "building" stamp, and the
// next run starts that step from scratch. Builds of one checkout run one at a time (several
// `npm start` at once: the later ones wait, then find the build done). Prints one line saying what it did.
//
// Usage: node scripts/build.mjs [generate] [compile] [--force] [--install]
//   steps      only these (default: both, in order)
//   --force    run the steps even if up to date
//   --install  for postinstall: a failing compile (a type error) is reported but does not fail the
//              install; `npm start` will build again and stop on it
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SELF = fileURLToPath(import.meta.url);
const ROOT = path.resolve(path.dirname(SELF), '..');
const require = createRequire(import.meta.url);
const SHARED_INPUTS = ['package.json', 'package-lock.json', path.relative(ROOT, SELF)];

/** Files under `dir` (relative to the root), following symbolic links, that `keep` accepts. */
function filesUnder(dir, keep) {
  const found = [];
  const walk = (relative) => {
    for (const name of readdirSync(path.join(ROOT, relative))) {
      const child = path.join(relative, name);
      const stat = statSync(path.join(ROOT, child), { throwIfNoEntry: false });
      if (stat?.isDirectory()) walk(child);
      else if (stat && keep(child)) found.push(child);
    }
  };
  if (existsSync(path.join(ROOT, dir))) walk(dir);
  return found;
}

function hashOf(files) {
  const hash = createHash('sha256');
  for (const file of [...new Set(files)].sort()) {
    const full = path.join(ROOT, file);
    hash.update(file + '\0');
    hash.update(existsSync(full) ? readFileSync(full) : '\0missing');
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** The JavaScript file behind a package's command (the package's `exports` hide it from resolve). */
function binOf(pkg, command) {
  const manifest = require.resolve(`${pkg}/package.json`);
  return path.join(path.dirname(manifest), JSON.parse(readFileSync(manifest, 'utf8')).bin[command]);
}

function run(command, args) {
  const result = spawnSync(process.execPath, [command, ...args], { cwd: ROOT, stdio: 'inherit' });
  return result.status === 0;
}

const steps = {
  generate: {
    stamp: 'src/generated/.build-stamp.json',
    inputs: () => [
      ...filesUnder('prisma', (file) => !file.startsWith(path.join('prisma', 'migrations'))),
      ...filesUnder('graphql', (file) => file.endsWith('.graphql')),
      'codegen.ts',
      'scripts/prisma.mjs',
    ],
    outputs: ['src/generated/prisma-sqlite/client.ts', 'src/generated/prisma-postgresql/client.ts', 'src/generated/graphql.ts'],
    clean: () => undefined, // each generator rewrites its whole output
    run: () =>
      run('scripts/prisma.mjs', ['generate', '--schema', 'prisma/sqlite']) &&
      run('scripts/prisma.mjs', ['generate', '--schema', 'prisma/postgresql']) &&
      run(binOf('@graphql-codegen/cli', 'graphql-codegen'), ['--config', 'codegen.ts']),
  },
  compile: {
    stamp: 'dist/.build-stamp.json',
    inputs: () => [...filesUnder('src', (file) => file.endsWith('.ts')), 'tsconfig.json', 'tsconfig.build.json'],
    outputs: ['dist/src/main.js'],
    // The incremental state lives in dist/, so removing dist/ forgets it too.
    clean: () => rmSync(path.join(ROOT, 'dist'), { recursive: true, force: true }),
    run: () => run(require.resolve('typescript/bin/tsc'), ['-p', 'tsconfig.build.json', '--incremental', '--tsBuildInfoFile', 'dist/.tsbuildinfo']) && pruneStaleOutputs(),
  },
};

/** Compiled files whose source is gone (tsc never deletes them). */
function pruneStaleOutputs() {
  for (const file of filesUnder(path.join('dist', 'src'), (f) => /\.js(\.map)?$/.test(f))) {
    const source = path.relative('dist', file).replace(/\.js(\.map)?$/, '.ts');
    if (!existsSync(path.join(ROOT, source))) rmSync(path.join(ROOT, file));
  }
  return true;
}

function readStamp(step) {
  try {
    return JSON.parse(readFileSync(path.join(ROOT, step.stamp), 'utf8'));
  } catch {
    return null;
  }
}

function writeStamp(step, stamp) {
  const file = path.join(ROOT, step.stamp);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file + '.tmp', JSON.stringify(stamp) + '\n');
  renameSync(file + '.tmp', file);
}

/** Runs `name` unless up to date; returns what happened ('up to date' | 'rebuilt' | 'failed'). */
function buildStep(name, force) {
  const step = steps[name];
  const hash = hashOf([...SHARED_INPUTS, ...step.inputs()]);
  const stamp = readStamp(step);
  const outputsPresent = step.outputs.every((file) => existsSync(path.join(ROOT, file)));
  if (!force && stamp?.state === 'built' && stamp.hash === hash && outputsPresent) return 'up to date';
  if (force || stamp?.state === 'building') step.clean();
  writeStamp(step, { state: 'building' });
  let succeeded = false;
  try {
    succeeded = step.run();
  } catch (error) {
    console.error(error);
  }
  if (!succeeded) {
    rmSync(path.join(ROOT, step.stamp), { force: true });
    return 'failed';
  }
  writeStamp(step, { state: 'built', hash, at: new Date().toISOString() });
  return 'rebuilt';
}

const isAlive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
};
const sleep = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** Runs `work` holding this checkout's build lock (a file naming its holder; a dead holder's is taken over). */
function withLock(work) {
  const lock = path.join(tmpdir(), `content-site-build-${createHash('sha256').update(ROOT).digest('hex').slice(0, 16)}.lock`);
  let told = false;
  for (;;) {
    try {
      writeFileSync(lock, String(process.pid), { flag: 'wx' });
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
    }
    let holder = 0;
    let age = 0;
    try {
      holder = Number(readFileSync(lock, 'utf8'));
      age = Date.now() - statSync(lock).mtimeMs;
    } catch {
      continue; // released meanwhile
    }
    // An empty file is a holder between creating and writing it, unless that was long ago.
    if (holder ? !isAlive(holder) : age > 5000) {
      rmSync(lock, { force: true });
      continue;
    }
    if (!told) console.log(`build: waiting for the build running in process ${holder || '?'}`);
    told = true;
    sleep(100);
  }
  try {
    return work();
  } finally {
    rmSync(lock, { force: true });
  }
}

function main() {
  const args = process.argv.slice(2);
  const isStep = (arg) => Object.hasOwn(steps, arg);
  const unknown = args.filter((a) => !isStep(a) && a !== '--force' && a !== '--install');
  if (unknown.length) {
    console.error(`build: unknown argument ${unknown.join(' ')}; usage: build.mjs [generate] [compile] [--force] [--install]`);
    return 2;
  }
  const force = args.includes('--force');
  const install = args.includes('--install');
  const named = args.filter(isStep);
  const wanted = Object.keys(steps).filter((name) => named.length === 0 || named.includes(name));
  return withLock(() => {
    const done = [];
    for (const name of wanted) {
      const outcome = buildStep(name, force);
      done.push(`${name} ${outcome}`);
      if (outcome === 'failed') {
        const allowed = install && name === 'compile';
        console.error(`build: ${done.join(', ')}` + (allowed ? ' (the install goes on; `npm start` will build again)' : ''));
        return allowed ? 0 : 1;
      }
    }
    console.log(`build: ${done.join(', ')}`);
    return 0;
  });
}

process.exitCode = main();

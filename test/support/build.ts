import { execFileSync } from 'node:child_process';
import { ROOT } from './server-process';

/** Compiles dist/ for tests that run the compiled server (a no-op when the build is up to date). */
export function buildDist(): void {
  execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: ROOT, stdio: 'pipe' });
}

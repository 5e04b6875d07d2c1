import { existsSync } from 'node:fs';
import path from 'node:path';

/** The project folder (holding package.json and prisma/), whether we run from src/ or dist/. */
export function projectRoot(): string {
  let dir = __dirname;
  while (!existsSync(path.join(dir, 'package.json')) || !existsSync(path.join(dir, 'prisma'))) {
    const up = path.dirname(dir);
    if (up === dir) throw new Error('project root not found above ' + __dirname);
    dir = up;
  }
  return dir;
}

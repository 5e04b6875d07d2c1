/** Cluster workers start with the larger young generation unless the operator chose a size. */
import { spawnSync } from 'node:child_process';
import { workerExecArgv, YOUNG_GENERATION_FLAG } from '../../src/young-generation';

describe('the young generation of the serving processes', () => {
  it('adds the flag to the parent options, keeping them', () => {
    expect(workerExecArgv(['--enable-source-maps'], '')).toEqual(['--enable-source-maps', YOUNG_GENERATION_FLAG]);
  });

  it('leaves a size the operator chose, on the command line or in NODE_OPTIONS', () => {
    expect(workerExecArgv(['--max-semi-space-size=16'], '')).toEqual(['--max-semi-space-size=16']);
    expect(workerExecArgv([], '--max-old-space-size=2048 --max-semi-space-size=8')).toEqual([]);
  });

  it('is a flag this Node.js accepts and that enlarges the new space', () => {
    // New space grows with the allocation rate, up to the limit: allocate, then read its size.
    const script = "let keep = []; for (let i = 0; i < 3e6; i++) { keep.push({ i }); if (keep.length > 2e5) keep = []; } console.log(require('v8').getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size)";
    const newSpace = (args: string[]) => Number(spawnSync(process.execPath, [...args, '-e', script], { encoding: 'utf8' }).stdout.trim());
    const bigger = newSpace([YOUNG_GENERATION_FLAG]);
    expect(bigger).toBeGreaterThan(0);
    expect(bigger).toBeGreaterThan(newSpace([]));
  });
});

/**
 * `seo:reindex [--restart]`: analyses every post, page and event again and indexes every object's
 * SEO data and links (src/domain/seo/reindex.ts), with a progress bar. Interrupted (Ctrl-C stops
 * after the current item), it is resumed by running it again; `--restart` starts over.
 */
import type { Config } from '../config';
import type { Database } from '../db/client';
import { reindexAll } from '../domain/seo/reindex';
import { ProgressBar } from './progress-bar';

export async function seoReindexCommand(config: Config, db: Database, args: string[]): Promise<number> {
  const unknown = args.filter((arg) => arg !== '--restart');
  if (unknown.length) {
    console.error('usage: seo:reindex [--restart]');
    return 2;
  }
  let stopping = false;
  const stop = () => {
    stopping = true;
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  const bar = new ProgressBar();
  try {
    const result = await reindexAll(db, config, {
      restart: args.includes('--restart'),
      onProgress: (progress) => bar.update(progress.done, progress.total, progress.phase),
      shouldStop: () => stopping,
    });
    bar.finish();
    const summary = `${result.indexed} indexed, ${result.skipped} already done, ${result.total} in all`;
    if (!result.completed) {
      console.log(`stopped: ${summary}; run seo:reindex again to resume`);
      return 130;
    }
    console.log(`${result.resumed ? 'resumed and finished' : 'finished'}: ${summary}`);
    return 0;
  } finally {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
  }
}

/** One step of a scan: a check that reads part of the site and says what it found. */
import type { Config } from '../../../config';
import type { PrismaClient } from '../../../db/client';
import type { MediaStorage } from '../../media/storage';
import type { ScanOptions } from './options';
import type { FindingDraft } from './types';

export interface ScanInput {
  /** The scan's database access (background work: outside any request's read accounting). */
  prisma: PrismaClient;
  config: Config;
  storage: MediaStorage;
  options: ScanOptions;
  /** The hosts links and redirects may not point at: the stored list and SECURITY_SCAN_BLOCKED_HOSTS. */
  blockedHosts: readonly string[];
  now: Date;
}

export interface ScanStep {
  name: string;
  run(input: ScanInput): Promise<FindingDraft[]>;
}

/** Rows read per batch by the checks that walk a whole table. */
export const BATCH = 200;

/**
 * Where uploads wait between arriving and being stored: one directory under the system's
 * temporary directory, a fresh random name per upload. Whoever makes a temporary file removes it.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, unlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

const TMP = path.join(os.tmpdir(), 'content-site-uploads');

export async function temporaryPath(): Promise<string> {
  await mkdir(TMP, { recursive: true });
  return path.join(TMP, `${Date.now()}-${randomBytes(8).toString('hex')}`);
}

/** Removes a temporary file; one already gone is not an error. */
export const removeFile = (file: string): Promise<void> => unlink(file).catch(() => undefined);

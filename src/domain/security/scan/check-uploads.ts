/**
 * Uploaded files, read through the media storage (local directory or bucket): bytes that are not
 * what the name and the declared type say (decided as uploads decide it, file-types.ts), and PHP
 * or HTML code inside a file (a polyglot image: a web server or a browser that sniffs runs it).
 */
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { checkFile } from '../../media/file-types';
import { ATTACHED_FILE_KEY } from '../../media/metadata';
import { isSafeKey, type MediaStorage } from '../../media/storage';
import { BATCH, type ScanStep } from './step';
import { SEVERITY, type FindingDraft } from './types';

/** Code a file of any type must not carry. */
const PHP = /<\?php/i;
/** Markup a browser would run, in files that are not text (images, audio, video, documents). */
const HTML = /<(?:script|html|iframe|!doctype\s+html|body|svg[^>]*\bon[a-z]+\s*=)/i;
const TAIL = 64;

/** The first code marker in the file's bytes (streamed, a small overlap kept between chunks), or null. */
async function codeIn(file: string, lookForHtml: boolean): Promise<string | null> {
  const stream = createReadStream(file);
  let carry = '';
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      const text = carry + chunk.toString('latin1');
      if (PHP.test(text)) return 'PHP code';
      if (lookForHtml && HTML.test(text)) return 'HTML or script markup';
      carry = text.slice(-TAIL);
    }
  } finally {
    stream.destroy();
  }
  return null;
}

/** What the bytes are when they disagree with the stored name and type, or null when they agree. */
async function mismatch(file: string, key: string, declared: string): Promise<string | null> {
  const name = path.posix.basename(key);
  const checked = await checkFile(file, name);
  if (!checked) return `bytes that do not match a ${declared} file named ${name}`;
  if (checked.name !== name || checked.mimeType !== declared) return `the bytes of a ${checked.mimeType} file`;
  return null;
}

/** Both readings of one upload, from one local copy (the file itself on local storage, one download from a bucket). */
async function inspect(storage: MediaStorage, key: string, declared: string): Promise<{ wrong: string | null; code: string | null }> {
  const copy = await storage.localPath(key);
  try {
    return { wrong: await mismatch(copy.path, key, declared), code: await codeIn(copy.path, !declared.startsWith('text/')) };
  } finally {
    await copy.release();
  }
}

export const uploadCheck: ScanStep = {
  name: 'uploads',
  async run({ prisma, storage }) {
    const out: FindingDraft[] = [];
    for (let after = 0; ; ) {
      const rows = await prisma.content.findMany({
        where: { id: { gt: after }, type: 'attachment' },
        orderBy: { id: 'asc' },
        take: BATCH,
        select: { id: true, title: true, mimeType: true, meta: { where: { key: ATTACHED_FILE_KEY }, select: { value: true } } },
      });
      if (rows.length === 0) return out;
      after = rows[rows.length - 1]!.id;
      for (const row of rows) {
        const key = row.meta[0]?.value;
        if (!key || !isSafeKey(key)) continue;
        const stored = await storage.head(key);
        if (!stored) continue;
        const record = { kind: 'attachment' as const, id: String(row.id) };
        const label = `the upload ${key} (attachment #${row.id})`;
        const version = `${stored.size}:${stored.etag}`;
        const declared = row.mimeType || 'application/octet-stream';
        const { wrong, code } = await inspect(storage, key, declared);
        if (wrong) {
          out.push({
            type: 'uploadTypeMismatch',
            severity: SEVERITY.high,
            shortMsg: `${label[0]!.toUpperCase()}${label.slice(1)} is not the ${declared} file it claims to be`,
            longMsg: `${label[0]!.toUpperCase()}${label.slice(1)} is declared as ${declared} but holds ${wrong}. Files are checked when uploaded, so this one arrived another way or was replaced afterwards: look at it before anybody downloads it.`,
            record,
            key: 'type-mismatch',
            value: version,
            data: { file: key, declaredType: declared },
          });
        }
        if (code) {
          out.push({
            type: 'uploadExecutableCode',
            severity: SEVERITY.critical,
            shortMsg: `${label[0]!.toUpperCase()}${label.slice(1)} contains ${code}`,
            longMsg: `${label[0]!.toUpperCase()}${label.slice(1)} (declared as ${declared}) contains ${code}. A file that carries code under an innocent name is a classic way to plant a backdoor: a server or browser that looks at its bytes rather than its name runs it. Delete it unless you know why it is there.`,
            record,
            key: 'executable-code',
            value: version,
            data: { file: key, declaredType: declared, code },
          });
        }
      }
    }
  },
};

/**
 * Which files may be uploaded and what they are: get_allowed_mime_types() by extension, and
 * wp_check_filetype_and_ext() with the type decided from the bytes (file-type's signatures) —
 * an image whose name says another image type is renamed to its real extension, as WordPress
 * does; any other disagreement between name and bytes is refused.
 */
import { fromFile } from 'file-type';

/** Extensions (a `|` list, as WordPress writes them) → MIME type: wp_get_mime_types() minus what uploads refuse. */
const MIME_TYPES: ReadonlyArray<[string, string]> = [
  ['jpg|jpeg|jpe', 'image/jpeg'], ['gif', 'image/gif'], ['png', 'image/png'], ['bmp', 'image/bmp'], ['tiff|tif', 'image/tiff'],
  ['webp', 'image/webp'], ['avif', 'image/avif'], ['ico', 'image/x-icon'], ['heic', 'image/heic'], ['heif', 'image/heif'],
  ['asf|asx', 'video/x-ms-asf'], ['wmv', 'video/x-ms-wmv'], ['avi', 'video/avi'], ['mov|qt', 'video/quicktime'], ['mpeg|mpg|mpe', 'video/mpeg'],
  ['mp4|m4v', 'video/mp4'], ['ogv', 'video/ogg'], ['webm', 'video/webm'], ['mkv', 'video/x-matroska'], ['3gp|3gpp', 'video/3gpp'],
  ['txt|asc|c|cc|h|srt', 'text/plain'], ['csv', 'text/csv'], ['tsv', 'text/tab-separated-values'], ['ics', 'text/calendar'], ['rtx', 'text/richtext'],
  ['vtt', 'text/vtt'], ['mp3|m4a|m4b', 'audio/mpeg'], ['aac', 'audio/aac'], ['wav', 'audio/wav'], ['ogg|oga', 'audio/ogg'], ['flac', 'audio/flac'],
  ['mid|midi', 'audio/midi'], ['wma', 'audio/x-ms-wma'], ['mka', 'audio/x-matroska'], ['rtf', 'application/rtf'], ['pdf', 'application/pdf'],
  ['tar', 'application/x-tar'], ['zip', 'application/zip'], ['gz|gzip', 'application/x-gzip'], ['7z', 'application/x-7z-compressed'],
  ['doc', 'application/msword'], ['pot|pps|ppt', 'application/vnd.ms-powerpoint'], ['xla|xls|xlt|xlw', 'application/vnd.ms-excel'],
  ['docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  ['xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  ['pptx', 'application/vnd.openxmlformats-officedocument.presentationml.presentation'],
  ['odt', 'application/vnd.oasis.opendocument.text'], ['ods', 'application/vnd.oasis.opendocument.spreadsheet'],
  ['odp', 'application/vnd.oasis.opendocument.presentation'], ['epub', 'application/epub+zip'],
];

/** The upload's allowed MIME types, for the collection's `media_type` / `mime_type` filters. */
export const ALLOWED_MIME_TYPES: readonly string[] = [...new Set(MIME_TYPES.map(([, type]) => type))];

/** get_media_types()'s keys: the first parts of the allowed types. */
export const MEDIA_TYPES: readonly string[] = [...new Set(ALLOWED_MIME_TYPES.map((type) => type.split('/')[0]))];

/** The image types whose extension WordPress corrects to match the bytes ($mime_to_ext). */
const IMAGE_EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg', 'image/png': 'png', 'image/gif': 'gif', 'image/bmp': 'bmp', 'image/tiff': 'tif',
  'image/webp': 'webp', 'image/avif': 'avif', 'image/heic': 'heic', 'image/heif': 'heif',
};

/** Containers a detector sees under the documents built on them. */
const CONTAINERS: Record<string, readonly string[]> = {
  'application/zip': ['docx', 'xlsx', 'pptx', 'odt', 'ods', 'odp', 'epub', 'zip'],
  'application/x-cfb': ['doc', 'xls', 'xla', 'xlt', 'xlw', 'ppt', 'pot', 'pps'],
  'audio/mp4': ['m4a', 'm4b', 'mp4', 'm4v'],
  'video/mp4': ['m4a', 'm4b', 'mp4', 'm4v'],
  'audio/mpeg': ['mp3'],
  'audio/x-m4a': ['m4a', 'm4b'],
  'audio/vnd.wave': ['wav'],
  'audio/wav': ['wav'],
  'audio/x-flac': ['flac'],
  'audio/ogg': ['ogg', 'oga'],
  'video/ogg': ['ogv', 'ogg'],
  'video/x-msvideo': ['avi'],
  'video/vnd.avi': ['avi'],
  'video/x-ms-asf': ['asf', 'asx', 'wmv', 'wma'],
  'video/x-matroska': ['mkv', 'mka', 'webm'],
  'video/webm': ['webm'],
  'video/3gpp': ['3gp', '3gpp'],
  'video/mpeg': ['mpeg', 'mpg', 'mpe'],
  'video/quicktime': ['mov', 'qt'],
  'audio/midi': ['mid', 'midi'],
  'application/gzip': ['gz', 'gzip'],
  'application/x-tar': ['tar'],
  'application/x-7z-compressed': ['7z'],
  'application/rtf': ['rtf'],
  'application/pdf': ['pdf'],
  'image/x-icon': ['ico'],
  'image/vnd.microsoft.icon': ['ico'],
  'image/heic': ['heic'],
  'image/heif': ['heif', 'heic'],
  'image/bmp': ['bmp'],
  'image/tiff': ['tif', 'tiff'],
};

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** wp_check_filetype(): the allowed type of a file name's extension, or null. */
export function mimeTypeOfName(name: string): string | null {
  const ext = extensionOf(name);
  if (!ext) return null;
  for (const [exts, type] of MIME_TYPES) if (exts.split('|').includes(ext)) return type;
  return null;
}

export interface CheckedFile {
  /** The file name to store (the extension corrected for a mislabelled image). */
  name: string;
  mimeType: string;
}

/** The refusal wp_handle_upload() and wp_handle_sideload() report. */
export const NOT_ALLOWED = 'Sorry, you are not allowed to upload this file type.';

/** wp_check_filetype_and_ext() on a stored file: its type and name, or null when refused. */
export async function checkFile(path: string, name: string): Promise<CheckedFile | null> {
  const named = mimeTypeOfName(name);
  if (!named) return null;
  const detected = await fromFile(path);
  const ext = extensionOf(name);
  if (named.startsWith('image/') && named !== 'image/x-icon') {
    const real = detected?.mime;
    if (!real || !real.startsWith('image/')) return null;
    if (real === named || (named === 'image/heif' && real === 'image/heic')) return { name, mimeType: named };
    const fixed = IMAGE_EXTENSIONS[real];
    if (!fixed) return null;
    return { name: `${name.slice(0, name.length - ext.length)}${fixed}`, mimeType: real };
  }
  // Plain text has no signature: text types are taken when the bytes are no known binary format.
  if (named.startsWith('text/')) return detected ? null : { name, mimeType: named };
  if (!detected) return null;
  if (detected.mime === named || detected.ext === ext || CONTAINERS[detected.mime]?.includes(ext)) return { name, mimeType: named };
  return null;
}

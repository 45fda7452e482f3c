import type { Readable } from 'node:stream';
import { fileTypeFromStream } from 'file-type';

/** The types a document may have, as detected from its bytes (never as declared by the client). */
export const ALLOWED_MIME_TYPES = new Set([
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/tiff',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
  'text/plain',
  'text/csv',
]);

/** Text has no magic number: the name decides which text type, the bytes whether it is text. */
const TEXT_TYPES: Record<string, string> = { txt: 'text/plain', csv: 'text/csv' };

/** Browsers may show these in place; everything else is offered as a download. */
export const isInline = (mimeType: string): boolean => mimeType === 'application/pdf' || mimeType.startsWith('image/');

/** The header value: text is always served as UTF-8, which is what the detection accepted. */
export const contentTypeHeader = (mimeType: string): string => (mimeType.startsWith('text/') ? `${mimeType}; charset=utf-8` : mimeType);

/**
 * The allowed type of a content, or null. `open` is called at most twice: once for the magic
 * numbers (which, for zip-based office files, walks the archive's entries), once for the text check.
 */
export async function detectMimeType(open: () => Readable, fileName: string): Promise<string | null> {
  const stream = open();
  let detected;
  try {
    detected = await fileTypeFromStream(stream);
  } finally {
    stream.destroy();
  }
  if (detected) return ALLOWED_MIME_TYPES.has(detected.mime) ? detected.mime : null;
  const extension = /\.([^.]+)$/.exec(fileName)?.[1]?.toLowerCase();
  const textType = extension ? TEXT_TYPES[extension] : undefined;
  if (textType && (await isUtf8Text(open()))) return textType;
  return null;
}

/** Valid UTF-8 throughout and no NUL byte (UTF-16 and binary files fail). */
export async function isUtf8Text(stream: Readable): Promise<boolean> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      if (chunk.includes(0)) return false;
      decoder.decode(chunk, { stream: true });
    }
    decoder.decode();
    return true;
  } catch (error) {
    if (error instanceof TypeError) return false;
    throw error;
  } finally {
    stream.destroy();
  }
}

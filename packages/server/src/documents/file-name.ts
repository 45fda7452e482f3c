export const MAX_FILE_NAME_LENGTH = 255;
const MAX_KEPT_EXTENSION = 16;
const FALLBACK_NAME = 'document';

/**
 * A client's file name made harmless: the last path part only, no control or bidirectional
 * override characters (U+202E can make "x\u202Efdp.exe" look like "xexe.pdf"), at most 255 characters with the
 * extension kept when the name has to be cut.
 */
export function sanitizeFileName(raw: string | undefined | null): string {
  const base = (raw ?? '').normalize('NFC').split(/[/\\]/).pop() ?? '';
  const name = base.replace(/[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu, '').trim();
  if (name === '' || /^\.+$/.test(name)) return FALLBACK_NAME;
  const chars = Array.from(name);
  if (chars.length <= MAX_FILE_NAME_LENGTH) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 ? Array.from(name.slice(dot)) : [];
  if (extension.length === 0 || extension.length > MAX_KEPT_EXTENSION) return chars.slice(0, MAX_FILE_NAME_LENGTH).join('');
  return Array.from(name.slice(0, dot)).slice(0, MAX_FILE_NAME_LENGTH - extension.length).join('') + extension.join('');
}

/** Printable ASCII that needs neither quoting tricks nor percent-decoding by the browser. */
const PLAIN = /^[\x20-\x7e]*$/;
const NEEDS_EXTENDED = /["\\%]/;

/**
 * RFC 6266: `filename` alone for plain ASCII names; otherwise an ASCII fallback plus
 * `filename*=UTF-8''…` (RFC 8187), which every current browser prefers.
 */
export function contentDisposition(disposition: 'inline' | 'attachment', fileName: string): string {
  if (PLAIN.test(fileName) && !NEEDS_EXTENDED.test(fileName)) return `${disposition}; filename="${fileName}"`;
  const fallback = fileName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${encodeRfc8187(fileName)}`;
}

const encodeRfc8187 = (value: string): string =>
  encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

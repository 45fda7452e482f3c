import { describe, expect, it } from 'vitest';
import { contentDisposition, sanitizeFileName } from '../../src/documents/file-name.js';

describe('sanitizeFileName', () => {
  it('keeps the last path part only', () => {
    expect(sanitizeFileName('../../etc/passwd')).toBe('passwd');
    expect(sanitizeFileName('C:\\Users\\me\\fattura.pdf')).toBe('fattura.pdf');
  });

  it('removes control and bidirectional override characters', () => {
    expect(sanitizeFileName('a\u0000b\nc\u007f.txt')).toBe('abc.txt');
    expect(sanitizeFileName('x\u202efdp.exe')).toBe('xfdp.exe');
  });

  it('gives nameless or dot-only names a neutral name', () => {
    expect(sanitizeFileName(undefined)).toBe('document');
    expect(sanitizeFileName('  ')).toBe('document');
    expect(sanitizeFileName('..')).toBe('document');
  });

  it('cuts long names to 255 characters and keeps the extension', () => {
    const name = sanitizeFileName(`${'à'.repeat(300)}.csv`);
    expect(Array.from(name)).toHaveLength(255);
    expect(name.endsWith('.csv')).toBe(true);
    expect(Array.from(sanitizeFileName('😀'.repeat(300)))).toHaveLength(255);
  });
});

describe('contentDisposition', () => {
  it('uses a plain filename for plain ASCII names', () => {
    expect(contentDisposition('attachment', 'report 2026.csv')).toBe('attachment; filename="report 2026.csv"');
  });

  it('adds filename* with an ASCII fallback for other names', () => {
    expect(contentDisposition('inline', 'perché.pdf')).toBe(`inline; filename="perche.pdf"; filename*=UTF-8''perch%C3%A9.pdf`);
    expect(contentDisposition('attachment', 'a "b" 100%.txt')).toBe(`attachment; filename="a _b_ 100_.txt"; filename*=UTF-8''a%20%22b%22%20100%25.txt`);
    expect(contentDisposition('attachment', "l'(x)*.txt")).toBe(`attachment; filename="l'(x)*.txt"`);
    expect(contentDisposition('attachment', "l'è.txt")).toBe(`attachment; filename="l'e.txt"; filename*=UTF-8''l%27%C3%A8.txt`);
  });
});

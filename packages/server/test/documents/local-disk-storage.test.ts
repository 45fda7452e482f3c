import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalDiskStorage } from '../../src/documents/local-disk-storage.js';
import { ContentTooLargeError } from '../../src/documents/storage.js';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const filesUnder = (dir: string) =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();

describe('LocalDiskStorage', () => {
  let root: string;
  let storage: LocalDiskStorage;
  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'circula-storage-test-'));
    storage = new LocalDiskStorage(root);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('keeps content under its sha256 and reads it back', async () => {
    const stored = await storage.put(Readable.from([Buffer.from('hello '), Buffer.from('world')]));
    expect(stored).toEqual({ sha256: sha256('hello world'), size: 11 });
    expect(await storage.exists(stored.sha256)).toBe(true);
    expect(await text(await storage.get(stored.sha256))).toBe('hello world');
    expect(filesUnder(root)).toEqual([path.join(stored.sha256.slice(0, 2), stored.sha256)]);
  });

  it('writes identical content once', async () => {
    await storage.put(Readable.from([Buffer.from('same')]));
    await storage.put(Readable.from([Buffer.from('same')]));
    expect(filesUnder(root)).toHaveLength(1);
  });

  it('keeps nothing of discarded or too large content', async () => {
    const staged = await storage.stage(Readable.from([Buffer.from('maybe')]));
    expect(await text(staged.read())).toBe('maybe');
    await staged.discard();
    await expect(storage.put(Readable.from([Buffer.alloc(10), Buffer.alloc(10)]), { maxBytes: 15 })).rejects.toBeInstanceOf(ContentTooLargeError);
    expect(filesUnder(root)).toEqual([]);
  });

  it('keeps nothing when the source fails half-way', async () => {
    const failing = new Readable({ read() {} });
    failing.push(Buffer.from('half'));
    setImmediate(() => failing.destroy(new Error('connection reset')));
    await expect(storage.put(failing)).rejects.toThrow('connection reset');
    expect(filesUnder(root)).toEqual([]);
  });

  it('accepts only hashes as keys', async () => {
    await expect(storage.get('../../etc/passwd')).rejects.toThrow('not a content key');
    await expect(storage.exists('A'.repeat(64))).rejects.toThrow('not a content key');
    expect(await storage.exists(sha256('never stored'))).toBe(false);
    await expect(storage.get(sha256('never stored'))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('never shows a partial file under a content name while writing', async () => {
    const source = new Readable({ read() {} });
    const pending = storage.put(source);
    source.push(Buffer.from('first half, '));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(filesUnder(root).every((f) => f.startsWith(`tmp${path.sep}`) && f.endsWith('.part'))).toBe(true);
    source.push(Buffer.from('second half'));
    source.push(null);
    const stored = await pending;
    expect(readFileSync(path.join(root, stored.sha256.slice(0, 2), stored.sha256), 'utf8')).toBe('first half, second half');
  });
});

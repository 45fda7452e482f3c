import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, mkdirSync } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertContentKey, ContentTooLargeError, type DocumentStorage, type StagedContent, type StageOptions, type StoredContent } from './storage.js';

/**
 * Files under `<root>/<first two hex digits>/<sha256>`. Content is written to `<root>/tmp/*.part`,
 * flushed to disk, then renamed under its hash: a crash leaves at worst a stray `.part` file,
 * never a half-written file under a real name.
 */
export class LocalDiskStorage implements DocumentStorage {
  private readonly staging: string;

  constructor(private readonly root: string) {
    this.staging = path.join(root, 'tmp');
  }

  async stage(source: Readable, options: StageOptions = {}): Promise<StagedContent> {
    // synchronous on purpose: no await may come before the pipeline listens to the source's errors
    mkdirSync(this.staging, { recursive: true });
    const temp = path.join(this.staging, `${randomUUID()}.part`);
    const hash = createHash('sha256');
    let size = 0;
    const meter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        size += chunk.length;
        if (options.maxBytes !== undefined && size > options.maxBytes) return callback(new ContentTooLargeError(options.maxBytes));
        hash.update(chunk);
        callback(null, chunk);
      },
    });
    try {
      await pipeline(source, meter, createWriteStream(temp, { flags: 'wx', flush: true }));
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
    return this.staged(temp, hash.digest('hex'), size);
  }

  async put(source: Readable, options?: StageOptions): Promise<StoredContent> {
    const staged = await this.stage(source, options);
    await staged.commit();
    return { sha256: staged.sha256, size: staged.size };
  }

  async get(sha256: string): Promise<Readable> {
    // opened before the caller answers, so a missing file is an error here and not a cut response
    const handle = await open(this.pathOf(sha256), 'r');
    return handle.createReadStream();
  }

  async exists(sha256: string): Promise<boolean> {
    try {
      return (await stat(this.pathOf(sha256))).isFile();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw error;
    }
  }

  private pathOf(sha256: string): string {
    assertContentKey(sha256);
    return path.join(this.root, sha256.slice(0, 2), sha256);
  }

  private staged(temp: string, sha256: string, size: number): StagedContent {
    let settled = false;
    const discard = async () => {
      settled = true;
      await rm(temp, { force: true });
    };
    return {
      sha256,
      size,
      read: () => createReadStream(temp),
      discard,
      commit: async () => {
        if (settled) throw new Error('staged content already committed or discarded');
        if (await this.exists(sha256)) return discard();
        const target = this.pathOf(sha256);
        await mkdir(path.dirname(target), { recursive: true });
        await rename(temp, target);
        settled = true;
        await syncDirectory(path.dirname(target));
      },
    };
  }
}

/** Makes the rename itself durable (POSIX); platforms that cannot open a directory skip it. */
async function syncDirectory(dir: string): Promise<void> {
  let handle;
  try {
    handle = await open(dir, 'r');
    await handle.sync();
  } catch {
    // best effort: the file's own bytes are already flushed
  } finally {
    await handle?.close();
  }
}

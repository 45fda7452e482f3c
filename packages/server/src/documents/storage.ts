import type { Readable } from 'node:stream';

/** What the storage knows of a content: its key is the sha256 of its bytes. */
export interface StoredContent {
  /** Lower-case hex SHA-256 of the bytes; also the storage key. */
  sha256: string;
  size: number;
}

/**
 * Content received but not yet kept: it can be read back and inspected (type detection needs the
 * whole file for zip-based office formats), then committed under its hash or discarded.
 */
export interface StagedContent extends StoredContent {
  read(): Readable;
  /** Keeps the content under its sha256; identical content already kept is not written twice. */
  commit(): Promise<void>;
  /** Forgets the content; harmless after commit or a second time. */
  discard(): Promise<void>;
}

export interface StageOptions {
  /** More bytes than this fail the staging with ContentTooLargeError and keep nothing. */
  maxBytes?: number;
}

/**
 * Content-addressed document storage: files are kept under their sha256, so identical content is
 * stored once and a stored file never changes. The only implementation is the local disk
 * (`LocalDiskStorage`); an S3-compatible implementation (ARCHITECTURE.md, "Embedded by default,
 * real at scale") is not written yet and would stage to a temporary key or local file the same way.
 */
export interface DocumentStorage {
  /** Receives a stream completely, without keeping it yet. */
  stage(source: Readable, options?: StageOptions): Promise<StagedContent>;
  /** stage + commit. */
  put(source: Readable, options?: StageOptions): Promise<StoredContent>;
  /** The bytes kept under a key; fails when there are none. */
  get(sha256: string): Promise<Readable>;
  exists(sha256: string): Promise<boolean>;
}

export class ContentTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`content larger than ${maxBytes} bytes`);
  }
}

const SHA256 = /^[0-9a-f]{64}$/;

export function assertContentKey(key: string): void {
  // keys become file names: nothing but a hash may get that far
  if (!SHA256.test(key)) throw new Error(`not a content key: ${JSON.stringify(key)}`);
}

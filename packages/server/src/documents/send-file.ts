import type { FastifyReply } from 'fastify';
import { AppError } from '../http/errors.js';
import { contentTypeHeader, isInline } from './content-type.js';
import { contentDisposition } from './file-name.js';
import type { DocumentStorage } from './storage.js';

/** One stored version of a document, as a download needs it. */
export interface StoredFile {
  sha256: string;
  size: number;
  mimeType: string;
  fileName: string;
}

/** spec §8: the file of a document row is gone (or there is none) — 404 DOCUMENTS.NO_FILE_PRESENT. */
export const noFilePresent = () => new AppError(404, 'NOT_FOUND', 'DOCUMENTS.NO_FILE_PRESENT');

/**
 * Answers a stored file, not cached by shared caches, with its type and file name (inline for what
 * a browser shows safely, else as an attachment). A row whose content is missing from the storage
 * answers as if there were no file at all.
 */
export async function sendStoredFile(reply: FastifyReply, storage: DocumentStorage, file: StoredFile): Promise<FastifyReply> {
  let body;
  try {
    body = await storage.get(file.sha256);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw noFilePresent();
    throw error;
  }
  return reply
    .header('cache-control', 'private, no-cache')
    .header('x-content-type-options', 'nosniff')
    .header('content-type', contentTypeHeader(file.mimeType))
    .header('content-length', file.size)
    .header('content-disposition', contentDisposition(isInline(file.mimeType) ? 'inline' : 'attachment', file.fileName))
    .send(body);
}

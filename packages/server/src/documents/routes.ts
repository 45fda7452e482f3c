import fastifyMultipart from '@fastify/multipart';
import type { Catalogue } from '@circula/model';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePrincipal } from '../auth/request-auth.js';
import type { Config } from '../config.js';
import type { Db } from '../db/connect.js';
import { assertAttachableOwner } from '../domain/attachments/index.js';
import { constraintViolation, forbidden } from '../http/errors.js';
import { idParams, recordId } from '../http/ids.js';
import { fileTooLarge, multipartError } from '../http/multipart.js';
import { contentTypeHeader, detectMimeType, isInline } from './content-type.js';
import { contentDisposition, sanitizeFileName } from './file-name.js';
import { LocalDiskStorage } from './local-disk-storage.js';
import { assertMayAccessOwner, DocumentService, isAuthorityPrefix, mayUpload, uploadOwner, type DocumentOwner, type NewContent } from './service.js';
import { ContentTooLargeError, type DocumentStorage, type StagedContent } from './storage.js';

export interface DocumentRoutesOptions {
  db: Db;
  config: Config;
  catalogue: Catalogue;
  /** The local disk under `config.documentsDir` unless given. */
  storage?: DocumentStorage;
}

const MAX_FIELD_BYTES = 200;

const downloadQuery = z.object({
  version: recordId.optional(),
  // anti-cache parameter of the web client: accepted and ignored
  t: z.string().optional(),
});

/** The multipart part of an upload: the staged file (if any) and the text fields. */
interface Upload {
  file: StagedContent | null;
  fileName: string;
  fields: Record<string, string>;
}

/**
 * `/api/resources/document`: upload, new version, download and version list. Registered as a
 * plugin of its own so the multipart parser serves these routes only.
 */
export async function documentRoutes(app: FastifyInstance, options: DocumentRoutesOptions): Promise<void> {
  const { config, catalogue, db } = options;
  const storage = options.storage ?? new LocalDiskStorage(config.documentsDir);
  const documents = new DocumentService(db, config.uploadQuotaBytes);
  await app.register(fastifyMultipart, {
    limits: { fileSize: config.maxUploadBytes, files: 1, fields: 10, fieldSize: MAX_FIELD_BYTES, parts: 20 },
  });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['documents'];

  /**
   * Detects the type: what both upload calls share once permissions are settled. The content is
   * kept (`commit`) by the write, once the uploader's quota allows it.
   */
  const inspect = async (upload: Upload): Promise<{ content: NewContent; commit: () => Promise<void> }> => {
    if (!upload.file) throw constraintViolation([{ field: 'file', message: 'REQUIRED' }]);
    const staged = upload.file;
    const mimeType = await detectMimeType(() => staged.read(), upload.fileName);
    if (!mimeType) throw constraintViolation([{ field: 'file', message: 'UNSUPPORTED_TYPE' }]);
    return { content: { fileName: upload.fileName, mimeType, sha256: staged.sha256, size: staged.size }, commit: () => staged.commit() };
  };

  /**
   * A file belongs to a record the uploader may attach files to (it exists, they read it, they hold
   * its kind's documents authority) or, unowned, waits for such a record to claim it.
   */
  r.post('/api/resources/document', { schema: { tags, consumes: ['multipart/form-data'] } }, async (request, reply) => {
    const principal = requirePrincipal(request);
    // decided before a byte of the upload is read: a user who may attach no file anywhere, or is at the quota
    if (!mayUpload(principal, catalogue)) throw forbidden(undefined, 'CANT_UPLOAD');
    await documents.assertQuotaLeft(principal);
    const upload = await readUpload(request, storage, config.maxUploadBytes);
    try {
      const owner = ownerOf(upload.fields);
      if (owner) {
        const { entity, authority } = uploadOwner(owner.entity)!;
        await assertAttachableOwner(db, catalogue, principal, { entity, id: owner.id, kind: { authority } });
      }
      const { content, commit } = await inspect(upload);
      return reply.status(201).send({ data: await documents.create(principal, owner, content, commit) });
    } finally {
      await upload.file?.discard();
    }
  });

  r.post('/api/resources/document/:id', { schema: { tags, consumes: ['multipart/form-data'], params: idParams } }, async (request, reply) => {
    const principal = requirePrincipal(request);
    // decided before a byte of the upload is read
    await assertMayAccessOwner(db, catalogue, principal, await documents.find(request.params.id), 'W');
    await documents.assertQuotaLeft(principal);
    const upload = await readUpload(request, storage, config.maxUploadBytes);
    try {
      const { content, commit } = await inspect(upload);
      return reply.status(201).send({ data: await documents.addVersion(principal, request.params.id, content, commit) });
    } finally {
      await upload.file?.discard();
    }
  });

  r.get('/api/resources/document/:id', { schema: { tags, params: idParams, querystring: downloadQuery } }, async (request, reply) => {
    const principal = requirePrincipal(request);
    const document = await documents.find(request.params.id);
    await assertMayAccessOwner(db, catalogue, principal, document, 'R');
    const version = await documents.version(document.id, request.query.version ?? document.current_version);
    const etag = `"${version.sha256}"`;
    reply.header('etag', etag).header('cache-control', 'private').header('x-content-type-options', 'nosniff');
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    const body = await storage.get(version.sha256);
    return reply
      .header('content-type', contentTypeHeader(version.mime_type))
      .header('content-length', version.size)
      .header('content-disposition', contentDisposition(isInline(version.mime_type) ? 'inline' : 'attachment', version.file_name))
      .send(body);
  });

  r.get('/api/resources/document/:id/versions', { schema: { tags, params: idParams } }, async (request) => {
    const principal = requirePrincipal(request);
    const document = await documents.find(request.params.id);
    await assertMayAccessOwner(db, catalogue, principal, document, 'R');
    return { data: { items: await documents.versions(document.id) } };
  });
}

/**
 * Reads the whole multipart body: the `file` part is staged (not yet kept) while it arrives, so
 * the fields may come before or after it. On any refusal the staged file is discarded.
 */
async function readUpload(request: FastifyRequest, storage: DocumentStorage, maxBytes: number): Promise<Upload> {
  if (!request.isMultipart()) throw constraintViolation([{ field: 'file', message: 'REQUIRED' }]);
  const upload: Upload = { file: null, fileName: '', fields: {} };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.valueTruncated) throw constraintViolation([{ field: part.fieldname, message: 'TOO_LONG' }]);
        upload.fields[part.fieldname] = String(part.value);
        continue;
      }
      if (part.fieldname !== 'file') throw constraintViolation([{ field: part.fieldname, message: 'UNKNOWN_FIELD' }]);
      upload.fileName = sanitizeFileName(part.filename);
      upload.file = await storage.stage(part.file, { maxBytes });
      // busboy stops at the limit and ends the stream normally: the part was cut, not complete
      if (part.file.truncated) throw fileTooLarge();
      if (upload.file.size === 0) throw constraintViolation([{ field: 'file', message: 'REQUIRED' }]);
    }
    return upload;
  } catch (error) {
    await upload.file?.discard();
    throw translateMultipartError(error, request);
  }
}


function translateMultipartError(error: unknown, request: FastifyRequest): unknown {
  return error instanceof ContentTooLargeError ? fileTooLarge() : multipartError(error, request);
}

function ownerOf(fields: Record<string, string>): DocumentOwner | null {
  const entity = fields.ownerEntity?.trim() || null;
  const rawId = fields.ownerId?.trim() || null;
  if (entity === null && rawId === null) return null;
  if (entity === null) throw constraintViolation([{ field: 'ownerEntity', message: 'REQUIRED' }]);
  if (!isAuthorityPrefix(entity)) throw constraintViolation([{ field: 'ownerEntity', message: 'INVALID_VALUE' }]);
  if (rawId === null) throw constraintViolation([{ field: 'ownerId', message: 'REQUIRED' }]);
  const id = Number(rawId);
  if (!/^\d+$/.test(rawId) || !Number.isSafeInteger(id) || id <= 0) throw constraintViolation([{ field: 'ownerId', message: 'INVALID_FORMAT' }]);
  // an owner is a record files are uploaded for (DOC_SUBJECT, DOC_WAREHOUSE, VEHICLE, DOC_BU and an
  // id); the others (a privacy definition, a CMS resource) claim an unowned upload when they name it
  if (!uploadOwner(entity)) throw constraintViolation([{ field: 'ownerEntity', message: 'NOT_ATTACHABLE' }]);
  return { entity, id };
}

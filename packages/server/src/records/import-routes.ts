import fastifyMultipart from '@fastify/multipart';
import type { Catalogue, Target } from '@circula/model';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../auth/request-auth.js';
import type { Config } from '../config.js';
import type { Db } from '../db/connect.js';
import { badRequest, constraintViolation } from '../http/errors.js';
import { fileTooLarge, multipartError } from '../http/multipart.js';
import { readHeaders, RecordImporter } from './import.js';
import { assertCan } from './policy.js';
import type { RecordService } from './service.js';

export interface ImportRoutesOptions {
  config: Config;
  db: Db;
  catalogue: Catalogue;
  records: RecordService;
}

const MAX_FIELD_BYTES = 64 * 1024;

/**
 * `POST {endpoint}/import` (multipart: `file`, `mapping`, `dryRun`) and
 * `POST {endpoint}/import/headers` (multipart: `file`) for every target of the catalogue.
 * A plugin of its own so the multipart parser serves these routes only.
 */
export async function importRoutes(app: FastifyInstance, { config, db, catalogue, records }: ImportRoutesOptions): Promise<void> {
  await app.register(fastifyMultipart, {
    limits: { fileSize: config.maxUploadBytes, files: 1, fields: 5, fieldSize: MAX_FIELD_BYTES, parts: 10 },
  });
  const importer = new RecordImporter(db, catalogue, records);
  for (const target of catalogue.targets) registerTarget(app, target, importer, config.maxUploadBytes);
}

function registerTarget(app: FastifyInstance, target: Target, importer: RecordImporter, maxBytes: number): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const E = target.endpoint;
  const tags = [target.name];

  r.post(`${E}/import/headers`, { schema: { tags, consumes: ['multipart/form-data'] } }, async (request) => {
    assertCan(requirePrincipal(request), target, 'W');
    const upload = await readUpload(request, maxBytes);
    return { data: { headers: await readHeaders(upload.file) } };
  });

  r.post(`${E}/import`, { schema: { tags, consumes: ['multipart/form-data'] } }, async (request, reply) => {
    const principal = requirePrincipal(request);
    // decided before a byte of the upload is read
    assertCan(principal, target, 'W');
    const upload = await readUpload(request, maxBytes);
    const dryRun = upload.fields.dryRun ?? 'false';
    if (dryRun !== 'true' && dryRun !== 'false') throw badRequest('IMPORT_INVALID_DRY_RUN');
    let mapping: unknown;
    try {
      mapping = JSON.parse(upload.fields.mapping ?? '');
    } catch {
      throw badRequest('IMPORT_INVALID_MAPPING');
    }
    if (typeof mapping !== 'object' || mapping === null || Array.isArray(mapping)) throw badRequest('IMPORT_INVALID_MAPPING');
    const report = await importer.run(principal, target, upload.file, { mapping: mapping as Record<string, string | null>, dryRun: dryRun === 'true' });
    if (dryRun === 'true') return { data: { dryRun: true, ...report } };
    if (report.errors.length > 0) {
      return reply.status(400).send({ errorCode: 'CONSTRAINT_VIOLATION', errorMessage: 'CONSTRAINT_VIOLATION', errors: report.errors, rows: report.rows, valid: report.valid });
    }
    return reply.status(201).send({ data: { dryRun: false, rows: report.rows, imported: report.valid } });
  });
}

/** The `file` part as bytes (at most `maxBytes`) and the text fields, in any order. */
async function readUpload(request: FastifyRequest, maxBytes: number): Promise<{ file: Buffer; fields: Record<string, string> }> {
  if (!request.isMultipart()) throw constraintViolation([{ field: 'file', message: 'REQUIRED' }]);
  let file: Buffer | null = null;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.valueTruncated) throw constraintViolation([{ field: part.fieldname, message: 'TOO_LONG' }]);
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (part.fieldname !== 'file') throw constraintViolation([{ field: part.fieldname, message: 'UNKNOWN_FIELD' }]);
      file = await part.toBuffer();
      if (part.file.truncated || file.length > maxBytes) throw fileTooLarge();
    }
  } catch (error) {
    throw multipartError(error, request);
  }
  if (!file || file.length === 0) throw constraintViolation([{ field: 'file', message: 'REQUIRED' }]);
  return { file, fields };
}


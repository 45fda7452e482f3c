import fastifyMultipart from '@fastify/multipart';
import { todayInItaly, type Catalogue, type Target } from '@circula/model';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePrincipal } from '../auth/request-auth.js';
import type { Config } from '../config.js';
import type { Db } from '../db/connect.js';
import { AppError, badRequest, constraintViolation } from '../http/errors.js';
import { fileTooLarge, multipartError } from '../http/multipart.js';
import { exportStream } from './export.js';
import { readHeaders, RecordImporter, type ImportReport } from './import.js';
import { JobCancelled, JobStore, type JobKind } from './jobs.js';
import { assertCan } from './policy.js';
import { searchQuery } from './routes.js';
import type { RecordService } from './service.js';

export interface ImportRoutesOptions {
  config: Config;
  db: Db;
  catalogue: Catalogue;
  records: RecordService;
}

const MAX_FIELD_BYTES = 64 * 1024;
const jobParams = z.object({ jobId: z.uuid() });
const trueOrFalse = (value: string | undefined, message: string) => {
  if (value !== undefined && value !== 'true' && value !== 'false') throw badRequest(message);
  return value === 'true';
};

/**
 * The file routes of every target of the catalogue, and their jobs (jobs.ts):
 * - `POST {endpoint}/import/headers` (multipart: `file`) → the header row and the row limit;
 * - `POST {endpoint}/import` (multipart: `file`, `mapping`, `dryRun`, `async`) → the report, or
 *   with `async=true` 202 and the job, whose progress `GET {endpoint}/import/jobs/{jobId}` reads
 *   and `PUT {endpoint}/import/jobs/{jobId}/cancel` stops;
 * - `GET {endpoint}/export` → the streamed file, its job in `x-job-id` and its rows in
 *   `x-total-count`; `GET`/`PUT …/export/jobs/{jobId}[/cancel]` as for the import.
 * A plugin of its own so the multipart parser serves these routes only.
 */
export async function importRoutes(app: FastifyInstance, { config, db, catalogue, records }: ImportRoutesOptions): Promise<void> {
  await app.register(fastifyMultipart, {
    limits: { fileSize: config.maxUploadBytes, files: 1, fields: 5, fieldSize: MAX_FIELD_BYTES, parts: 10 },
  });
  const atomic = config.databaseUrl !== null;
  const jobs = new JobStore(db, catalogue);
  // the embedded database is this process's alone: what a process that died left unfinished is
  // undone — once the app is ready, since start-up builds the app before it migrates the database
  if (!atomic) app.addHook('onReady', async () => jobs.recoverInterrupted());
  app.addHook('onClose', async () => jobs.close());
  const importer = new RecordImporter(db, catalogue, records, jobs, { maxRows: config.importMaxRows, atomic });
  const routes = { app, importer, jobs, records, config };
  for (const target of catalogue.targets) {
    registerImport(routes, target);
    registerExport(routes, target);
    registerJobRoutes(routes, target, 'IMPORT');
    registerJobRoutes(routes, target, 'EXPORT');
  }
}

interface Routes {
  app: FastifyInstance;
  importer: RecordImporter;
  jobs: JobStore;
  records: RecordService;
  config: Config;
}

function registerImport({ app, importer, jobs, config }: Routes, target: Target): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const E = target.endpoint;
  const tags = [target.name];

  r.post(`${E}/import/headers`, { schema: { tags, consumes: ['multipart/form-data'] } }, async (request) => {
    assertCan(requirePrincipal(request), target, 'W');
    const upload = await readUpload(request, config.maxUploadBytes);
    return { data: { headers: await readHeaders(upload.file), maxRows: config.importMaxRows } };
  });

  r.post(`${E}/import`, { schema: { tags, consumes: ['multipart/form-data'] } }, async (request, reply) => {
    const principal = requirePrincipal(request);
    // decided before a byte of the upload is read
    assertCan(principal, target, 'W');
    const upload = await readUpload(request, config.maxUploadBytes);
    const dryRun = trueOrFalse(upload.fields.dryRun ?? 'false', 'IMPORT_INVALID_DRY_RUN');
    const background = trueOrFalse(upload.fields.async, 'IMPORT_INVALID_ASYNC');
    let mapping: unknown;
    try {
      mapping = JSON.parse(upload.fields.mapping ?? '');
    } catch {
      throw badRequest('IMPORT_INVALID_MAPPING');
    }
    if (typeof mapping !== 'object' || mapping === null || Array.isArray(mapping)) throw badRequest('IMPORT_INVALID_MAPPING');
    const prepared = await importer.prepare(principal, target, upload.file, { mapping: mapping as Record<string, string | null>, dryRun });
    const job = await jobs.create(principal, 'IMPORT', target, { phase: dryRun ? 'CHECKING' : 'WRITING', total: prepared.total, dryRun });
    const work = jobs.run(job.id, async () => {
      const report = await importer.run(principal, target, prepared, job);
      return dryRun || report.errors.length > 0 ? report : { ...report, imported: report.valid };
    });
    if (background) {
      work.catch((error: unknown) => {
        if (!(error instanceof AppError) && !(error instanceof JobCancelled)) request.log.error({ err: error }, 'import failed');
      });
      return reply.status(202).send({ data: await jobs.view(principal, 'IMPORT', target, job.id) });
    }
    let report: ImportReport;
    try {
      report = await work;
    } catch (error) {
      if (error instanceof JobCancelled) throw new AppError(409, 'CONFLICT', 'JOB_CANCELLED');
      throw error;
    }
    if (dryRun) return { data: { dryRun: true, ...report } };
    if (report.errors.length > 0) {
      return reply.status(400).send({ errorCode: 'CONSTRAINT_VIOLATION', errorMessage: 'CONSTRAINT_VIOLATION', errors: report.errors, rows: report.rows, valid: report.valid });
    }
    return reply.status(201).send({ data: { dryRun: false, rows: report.rows, imported: report.valid } });
  });
}

function registerExport({ app, jobs, records }: Routes, target: Target): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const E = target.endpoint;
  r.get(
    `${E}/export`,
    { schema: { tags: [target.name], querystring: searchQuery.extend({ format: z.enum(['csv', 'xlsx']).default('csv') }) } },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const q = request.query;
      const { total, batches } = await records.exportBatches(principal, target, {
        ...(q.q !== undefined ? { q: q.q } : {}),
        ...(q.sort !== undefined ? { sort: q.sort } : {}),
        showDeleted: q.showDeleted ?? false,
        showArchived: q.showArchived ?? false,
      });
      const job = await jobs.create(principal, 'EXPORT', target, { phase: 'EXPORTING', total });
      const lang = principal.lang === 'en' ? 'en' : 'it';
      const day = todayInItaly();
      const { stream, done } = exportStream(target.entity, batches, q.format, lang, {
        signal: job.signal,
        progress: (rows) => jobs.progress(job.id, 'EXPORTING', rows),
      });
      jobs
        .run(job.id, async () => ({ rows: await done }))
        .catch((error: unknown) => {
          if (!(error instanceof JobCancelled)) request.log.error({ err: error }, 'export failed');
        });
      reply
        .header('content-type', q.format === 'csv' ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="${target.route}-${day}.${q.format}"`)
        .header('cache-control', 'no-store')
        .header('x-job-id', job.id)
        .header('x-total-count', String(total))
        .header('access-control-expose-headers', 'x-job-id, x-total-count');
      return reply.send(stream);
    },
  );
}

/** `GET {endpoint}/{import|export}/jobs/{jobId}` and `PUT …/cancel`: the user's own jobs only. */
function registerJobRoutes({ app, jobs }: Routes, target: Target, kind: JobKind): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = `${target.endpoint}/${kind === 'IMPORT' ? 'import' : 'export'}/jobs/:jobId`;
  const action = kind === 'IMPORT' ? 'W' : 'R';
  const schema = { tags: [target.name], params: jobParams };
  r.get(base, { schema }, async (request) => {
    const principal = requirePrincipal(request);
    assertCan(principal, target, action);
    return { data: await jobs.view(principal, kind, target, request.params.jobId) };
  });
  r.put(`${base}/cancel`, { schema }, async (request) => {
    const principal = requirePrincipal(request);
    assertCan(principal, target, action);
    return { data: await jobs.cancel(principal, kind, target, request.params.jobId) };
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

import { z } from 'zod';

/**
 * The shapes of API.md "Generic records" that are the same for every entity: the common part of a
 * record, a history entry, the import report, a stored document's version.
 */

const id = z.number().int();
const nullableText = z.string().nullable();

/**
 * The fields every record carries besides its entity's own (API.md "Record shape"). The entity's
 * fields come on top: `RecordOf<typeof vehicle>` (define/record.ts) types both.
 */
export const recordShapeSchema = z.object({
  id,
  code: nullableText,
  status: nullableText,
  version: id,
  rootId: id.nullable(),
  parentId: id.nullable(),
  authorId: id.nullable(),
  authRead: nullableText,
  authReadMap: z.array(z.string()),
  authWrite: nullableText,
  authWriteMap: z.array(z.string()),
  createdAt: nullableText,
  createdBy: nullableText,
  updatedAt: nullableText,
  updatedBy: nullableText,
  delete: z.object({ deleted: z.boolean(), deletedAt: nullableText, deletedBy: nullableText }),
  archived: z.boolean(),
  extraFields: z.object({ current_envers_version: id }),
  /** The signed-in user may write the record now (policy, status and deletion considered). */
  canWrite: z.boolean(),
  /** The statuses the user may move it to now. */
  allowedStatuses: z.array(z.string()),
});

/** The common fields of a record; `S` narrows its status to the codes of its entity's workflow. */
export type RecordShape<S extends string = string> = Omit<z.infer<typeof recordShapeSchema>, 'status' | 'allowedStatuses'> & {
  status: S | null;
  allowedStatuses: S[];
};

/** `GET E/{id}/history` (and `GET /api/conf/sysregistry/{key}/history`): one change, `changes` = field → [old, new]. */
export const historyEntrySchema = z.object({
  version: id,
  at: z.string(),
  by: nullableText,
  /** CREATE, UPDATE, TRANSITION, DELETE, RESTORE. */
  action: z.string(),
  changes: z.record(z.string(), z.tuple([z.unknown(), z.unknown()])),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

/**
 * One version of a record whose every save is a version (templates), rebuilt from its history:
 * who saved it when and the values of the fields versioned. INITIAL: what a record seeded without
 * a history entry held first (its `at` is its creation, or unknown).
 */
export const recordVersionSchema = z.object({
  version: z.number().int().min(0),
  at: z.string().nullable(),
  by: nullableText,
  action: z.string(),
  values: z.record(z.string(), z.unknown()),
});
export type RecordVersion = z.infer<typeof recordVersionSchema>;
/** `GET {endpoint}/{id}/versions`: newest first, with the version the record is at. */
export const recordVersionsSchema = z.object({ items: z.array(recordVersionSchema), currentVersion: z.number().int() });
export type RecordVersions = z.infer<typeof recordVersionsSchema>;

/** One refused cell of an import, on the row number the file shows. */
export const importRowErrorSchema = z.object({
  row: id,
  /** The file's column the field comes from, when there is one. */
  column: z.string().optional(),
  field: z.string(),
  message: z.string(),
});
export type ImportRowError = z.infer<typeof importRowErrorSchema>;

/** `POST E/import` (dry run, or a refused commit with its errors). */
export const importReportSchema = z.object({
  /** Data rows read (blank rows are skipped). */
  rows: id,
  valid: id,
  errors: z.array(importRowErrorSchema),
});
export type ImportReport = z.infer<typeof importReportSchema>;

/** A stored document at one version: the answer of an upload (`POST /api/resources/document`) or of a new version. */
export const documentVersionSchema = z.object({
  id,
  fileName: z.string(),
  mimeType: z.string(),
  size: z.number(),
  sha256: z.string(),
  version: id,
});
export type DocumentVersion = z.infer<typeof documentVersionSchema>;

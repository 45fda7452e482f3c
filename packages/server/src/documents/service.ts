import { ATTACHMENT_OWNERS, AUTHORITY_PREFIXES, businessUnit, isAdmin, tableName, type AuthorityPrefix, type Catalogue, type DocumentVersion } from '@circula/model';
import { sql, type Selectable, type Transaction } from 'kysely';
import type { Principal } from '../auth/users.js';
import type { Db } from '../db/connect.js';
import type { Database, DocumentsTable } from '../db/schema.js';
import { constraintViolation, forbidden, notFound } from '../http/errors.js';
import { can, recordInScope, recordReadable } from '../records/policy.js';

export type DocumentRow = Selectable<DocumentsTable>;

/** The record a document belongs to: an authority prefix (DOC_SUBJECT, DOC_PROCESS…) and an id. */
export interface DocumentOwner {
  entity: AuthorityPrefix;
  id: number;
}

export interface NewContent {
  fileName: string;
  mimeType: string;
  sha256: string;
  size: number;
}

/** What an upload or a new version answers: a shape the web shares (`@circula/model` api/records.ts). */
type DocumentVersionView = DocumentVersion;

export const isAuthorityPrefix = (value: string): value is AuthorityPrefix => Object.hasOwn(AUTHORITY_PREFIXES, value);

/** A record files are uploaded for: its entity, and the authority that owns its files. */
export interface UploadOwner {
  entity: string;
  authority: AuthorityPrefix;
}

/**
 * The owners an upload may name: the kinds of record notes and documents attach to (DOC_SUBJECT
 * and a subject's id…), and business units, whose documents are DOC_BU and the unit's id.
 */
const UPLOAD_OWNERS: ReadonlyMap<string, UploadOwner> = new Map([
  ...Object.entries(ATTACHMENT_OWNERS).map(([entity, kind]) => [kind.authority, { entity, authority: kind.authority }] as const),
  [businessUnit.authority, { entity: businessUnit.name, authority: businessUnit.authority }],
]);

/** The kind of record an owner authority names (DOC_SUBJECT: subjects…), or null when it names none files are uploaded for. */
export const uploadOwner = (authority: string): UploadOwner | null => UPLOAD_OWNERS.get(authority) ?? null;

/**
 * A document with an owner record follows the owner's authorities (`<prefix>_R` to read,
 * `<prefix>_W` to add a version); one without an owner belongs to its uploader and ROLE_ADMIN.
 */
export function mayAccess(principal: Principal, document: Pick<DocumentRow, 'owner_entity' | 'author_id'>, action: 'R' | 'W'): boolean {
  if (document.owner_entity !== null) {
    return isAuthorityPrefix(document.owner_entity) && can(principal, { authority: document.owner_entity }, action);
  }
  return isAdmin(principal) || document.author_id === principal.userId;
}

export const assertMayAccess = (principal: Principal, document: Pick<DocumentRow, 'owner_entity' | 'author_id'>, action: 'R' | 'W') => {
  if (!mayAccess(principal, document, action)) throw forbidden(undefined, action === 'R' ? 'CANT_READ' : 'CANT_UPDATE');
};

/**
 * `assertMayAccess`, and the owner record within the caller's row rules (an external user reads the
 * files of their company's records only, row-rules.ts). Owners that name no kind of record (a
 * privacy definition's PRIVACY, a CMS resource's TABLE) follow their authority alone.
 */
export async function assertMayAccessOwner(db: Db, catalogue: Catalogue, principal: Principal, document: DocumentRow, action: 'R' | 'W'): Promise<void> {
  assertMayAccess(principal, document, action);
  const owner = document.owner_entity === null ? null : uploadOwner(document.owner_entity);
  const entity = owner ? catalogue.entity(owner.entity) : undefined;
  if (!entity || document.owner_id === null) return;
  const rule = action === 'R' ? recordReadable(principal, entity, catalogue) : recordInScope(principal, entity, catalogue);
  if (rule === null) return;
  const { rows } = await sql`select 1 from ${sql.table(tableName(entity))} where id = ${document.owner_id} and ${rule}`.execute(db);
  if (rows.length === 0) throw forbidden(undefined, action === 'R' ? 'CANT_READ' : 'CANT_UPDATE');
}

/**
 * Uploading at all needs the right to attach files to some kind of record, or to write some record
 * that takes a file: a file that belongs to no record yet waits for such a record to claim it (a
 * document link, a privacy definition, a CMS resource).
 */
export function mayUpload(principal: Principal, catalogue: Catalogue): boolean {
  const takesFile = catalogue.targets.some(
    (t) => !t.readOnly && Object.values(t.entity.fields).some((f) => f.type === 'document') && can(principal, t, 'W'),
  );
  return takesFile || [...UPLOAD_OWNERS.values()].some((owner) => can(principal, { authority: owner.authority }, 'W'));
}

/** Namespace of the advisory locks that serialise the uploads of one user (the quota). */
const QUOTA_LOCK_SPACE = 0x5550; // "UP"
const QUOTA_WINDOW = sql`interval '1 day'`;

export const quotaExceeded = () => constraintViolation([{ field: 'file', message: 'UPLOAD_QUOTA_EXCEEDED' }]);

/** Bytes the user uploaded in the last 24 hours (every version counts, identical content too). */
async function uploadedToday(executor: Db | Transaction<Database>, username: string): Promise<number> {
  const { rows } = await sql<{ bytes: string | number | null }>`
    select coalesce(sum(size), 0) as bytes from document_versions
    where created_by = ${username} and created_at > now() - ${QUOTA_WINDOW}`.execute(executor);
  return Number(rows[0]?.bytes ?? 0);
}

/**
 * Document rows. Each write is one transaction that keeps the staged content (`store`) once the
 * quota allows it and then writes the rows: a transaction that fails after that leaves at worst a
 * content file no row refers to (harmless, and identical content uploaded later reuses it).
 */
export class DocumentService {
  /** `quotaBytes`: most bytes one user uploads in 24 hours (0: no quota). */
  constructor(
    private readonly db: Db,
    private readonly quotaBytes = 0,
  ) {}

  /** Refuses at once a user already at the quota: nothing of the upload is read. */
  async assertQuotaLeft(principal: Principal): Promise<void> {
    if (this.quotaBytes > 0 && (await uploadedToday(this.db, principal.username)) >= this.quotaBytes) throw quotaExceeded();
  }

  /**
   * Inside the write's transaction, under a lock of the user's uploads: the new content fits the
   * quota, then it is kept (`store`). Parallel uploads of one user are counted one after the other,
   * and a refused one keeps nothing.
   */
  private async withinQuota(trx: Transaction<Database>, principal: Principal, size: number, store: () => Promise<void>): Promise<void> {
    if (this.quotaBytes > 0) {
      await sql`select pg_advisory_xact_lock(${QUOTA_LOCK_SPACE}, hashtext(${principal.username}))`.execute(trx);
      if ((await uploadedToday(trx, principal.username)) + size > this.quotaBytes) throw quotaExceeded();
    }
    await store();
  }

  /** A document that is not deleted, or 404. */
  async find(id: number): Promise<DocumentRow> {
    const row = await this.db.selectFrom('documents').selectAll().where('id', '=', id).where('deleted', '=', false).executeTakeFirst();
    if (!row) throw notFound();
    return row;
  }

  /** `store` keeps the content once the quota allows it (still in the transaction). */
  async create(principal: Principal, owner: DocumentOwner | null, content: NewContent, store: () => Promise<void> = async () => undefined): Promise<DocumentVersionView> {
    return this.db.transaction().execute(async (trx) => {
      await this.withinQuota(trx, principal, content.size, store);
      const { id } = await trx
        .insertInto('documents')
        .values({
          file_name: content.fileName,
          current_version: 1,
          owner_entity: owner?.entity ?? null,
          owner_id: owner?.id ?? null,
          author_id: principal.userId,
          created_by: principal.username,
          updated_by: principal.username,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx.insertInto('document_versions').values(versionRow(principal, id, 1, content)).execute();
      return view(id, 1, content);
    });
  }

  async addVersion(principal: Principal, id: number, content: NewContent, store: () => Promise<void> = async () => undefined): Promise<DocumentVersionView> {
    return this.db.transaction().execute(async (trx) => {
      await this.withinQuota(trx, principal, content.size, store);
      // the row lock of this update orders concurrent new versions of one document
      const updated = await trx
        .updateTable('documents')
        .set((eb) => ({
          current_version: eb('current_version', '+', 1),
          file_name: content.fileName,
          updated_at: new Date(),
          updated_by: principal.username,
        }))
        .where('id', '=', id)
        .where('deleted', '=', false)
        .returning('current_version')
        .executeTakeFirst();
      if (!updated) throw notFound();
      const version = updated.current_version;
      await trx.insertInto('document_versions').values(versionRow(principal, id, version, content)).execute();
      return view(id, version, content);
    });
  }

  async version(documentId: number, version: number) {
    const row = await this.db
      .selectFrom('document_versions')
      .selectAll()
      .where('document_id', '=', documentId)
      .where('version', '=', version)
      .executeTakeFirst();
    if (!row) throw notFound();
    return row;
  }

  async versions(documentId: number) {
    const rows = await this.db
      .selectFrom('document_versions')
      .select(['version', 'file_name', 'mime_type', 'size', 'sha256', 'created_at', 'created_by'])
      .where('document_id', '=', documentId)
      .orderBy('version', 'asc')
      .execute();
    return rows.map((r) => ({
      version: r.version,
      fileName: r.file_name,
      mimeType: r.mime_type,
      size: r.size,
      sha256: r.sha256,
      createdAt: new Date(r.created_at).toISOString(),
      createdBy: r.created_by,
    }));
  }
}

const versionRow = (principal: Principal, documentId: number, version: number, content: NewContent) => ({
  document_id: documentId,
  version,
  sha256: content.sha256,
  size: content.size,
  mime_type: content.mimeType,
  file_name: content.fileName,
  created_by: principal.username,
});

const view = (id: number, version: number, content: NewContent): DocumentVersionView => ({
  id,
  fileName: content.fileName,
  mimeType: content.mimeType,
  size: content.size,
  sha256: content.sha256,
  version,
});

import { AUTHORITY_PREFIXES, isAdmin, type AuthorityPrefix } from '@circula/model';
import type { Principal } from '../auth/users.js';
import type { Db } from '../db/connect.js';
import type { DocumentsTable } from '../db/schema.js';
import { forbidden, notFound } from '../http/errors.js';
import { can } from '../records/policy.js';
import type { Selectable } from 'kysely';

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

export interface DocumentVersionView {
  id: number;
  fileName: string;
  mimeType: string;
  size: number;
  sha256: string;
  version: number;
}

export const isAuthorityPrefix = (value: string): value is AuthorityPrefix => Object.hasOwn(AUTHORITY_PREFIXES, value);

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

export const assertMayCreate = (principal: Principal, owner: DocumentOwner | null) => {
  if (owner && !can(principal, { authority: owner.entity }, 'W')) throw forbidden(undefined, 'CANT_UPDATE');
};

/**
 * Document rows. The content is already in the storage when these run: each write is one
 * transaction, and a transaction that fails leaves at worst a content file no row refers to
 * (harmless, and identical content uploaded later reuses it).
 */
export class DocumentService {
  constructor(private readonly db: Db) {}

  /** A document that is not deleted, or 404. */
  async find(id: number): Promise<DocumentRow> {
    const row = await this.db.selectFrom('documents').selectAll().where('id', '=', id).where('deleted', '=', false).executeTakeFirst();
    if (!row) throw notFound();
    return row;
  }

  async create(principal: Principal, owner: DocumentOwner | null, content: NewContent): Promise<DocumentVersionView> {
    return this.db.transaction().execute(async (trx) => {
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

  async addVersion(principal: Principal, id: number, content: NewContent): Promise<DocumentVersionView> {
    return this.db.transaction().execute(async (trx) => {
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

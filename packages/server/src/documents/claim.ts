import { constraintViolation } from '../http/errors.js';
import type { HookContext } from '../records/hooks.js';

/** Who a document belongs to: an authority prefix and a record id (null: the record is being created). */
export interface DocumentOwner {
  authority: string;
  id: number | null;
}

export interface ClaimableDocument {
  fileName: string;
  mimeType: string;
  /** The current version, the one a record pins when it names the document. */
  version: number;
  /** An upload of the caller that belongs to no record yet: `giveDocument` hands it over. */
  unowned: boolean;
}

/**
 * The document a record names in a field: it exists, is not deleted, and is either already the
 * record's (its owner authority and id) or an upload of the caller that belongs to no record yet —
 * so a record never takes another record's file, nor someone else's upload. Locked until the
 * transaction ends. NOT_FOUND or DOCUMENT_OF_ANOTHER_RECORD on `field` otherwise.
 */
export async function checkDocument(ctx: HookContext, documentId: number, owner: DocumentOwner, field = 'document'): Promise<ClaimableDocument> {
  const row = await ctx.trx
    .selectFrom('documents as d')
    .innerJoin('document_versions as v', (join) => join.onRef('v.document_id', '=', 'd.id').onRef('v.version', '=', 'd.current_version'))
    .select(['d.owner_entity', 'd.owner_id', 'd.author_id', 'd.current_version', 'v.file_name', 'v.mime_type'])
    .where('d.id', '=', documentId)
    .where('d.deleted', '=', false)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw constraintViolation([{ field, message: 'NOT_FOUND' }]);
  const ours = owner.id !== null && row.owner_entity === owner.authority && Number(row.owner_id) === owner.id;
  const unowned = row.owner_entity === null && row.author_id !== null && Number(row.author_id) === ctx.principal.userId;
  if (!ours && !unowned) throw constraintViolation([{ field, message: 'DOCUMENT_OF_ANOTHER_RECORD' }]);
  return { fileName: row.file_name, mimeType: row.mime_type, version: row.current_version, unowned };
}

/** The caller's unowned upload now belongs to the record: its download follows the record's authority. */
export async function giveDocument(ctx: HookContext, documentId: unknown, owner: { authority: string; id: number }): Promise<void> {
  if (typeof documentId !== 'number') return;
  await ctx.trx.updateTable('documents').set({ owner_entity: owner.authority, owner_id: owner.id }).where('id', '=', documentId).where('owner_entity', 'is', null).execute();
}

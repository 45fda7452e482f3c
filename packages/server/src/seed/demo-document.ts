import { Readable } from 'node:stream';
import type { Transaction } from 'kysely';
import type { Principal } from '../auth/users.js';
import type { Database } from '../db/schema.js';
import { LocalDiskStorage } from '../documents/local-disk-storage.js';

/** A PDF of the demo data kept in the documents directory (stored once per content). */
export const storeDemoPdf = (documentsDir: string, pdf: Buffer) => new LocalDiskStorage(documentsDir).put(Readable.from([pdf]));

/**
 * The document row (version 1) of a stored demo PDF, written by the seed's principal: owned by a
 * record (authority and id) or by nobody yet, for a record to claim in the same transaction.
 */
export async function insertDemoPdf(
  trx: Transaction<Database>,
  by: Principal,
  stored: { sha256: string; size: number },
  fileName: string,
  owner: { authority: string; id: number } | null,
): Promise<number> {
  const { id } = await trx
    .insertInto('documents')
    .values({ file_name: fileName, current_version: 1, owner_entity: owner?.authority ?? null, owner_id: owner?.id ?? null, author_id: by.userId, created_by: by.username, updated_by: by.username })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('document_versions')
    .values({ document_id: id, version: 1, sha256: stored.sha256, size: stored.size, mime_type: 'application/pdf', file_name: fileName, created_by: by.username })
    .execute();
  return id;
}

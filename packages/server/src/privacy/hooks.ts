import { constraintViolation } from '../http/errors.js';
import type { HookContext, HookRegistry, RecordData } from '../records/hooks.js';

/** Base entity names (packages/model/src/entities/configuration/privacy.ts). */
export const PRIVACY_DEFINITION = 'privacy-definition';
export const SERVICE_AGREEMENT = 'service-agreement';

/** Documents of privacy definitions and service agreements belong to the PRIVACY authority. */
export const PRIVACY_OWNER = 'PRIVACY';

/**
 * The document of a definition or an agreement: it exists, is not deleted, and is either already
 * this record's (owner PRIVACY and this id) or an upload of the caller that belongs to no record
 * yet. Returns its current version. The record takes the document in `giveDocument`, once its id
 * is known.
 */
async function checkDocument(ctx: HookContext, documentId: number, recordId: number | null): Promise<number> {
  const row = await ctx.trx
    .selectFrom('documents')
    .select(['id', 'owner_entity', 'owner_id', 'author_id', 'current_version'])
    .where('id', '=', documentId)
    .where('deleted', '=', false)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw constraintViolation([{ field: 'document', message: 'NOT_FOUND' }]);
  const ours = recordId !== null && row.owner_entity === PRIVACY_OWNER && Number(row.owner_id) === recordId;
  const ownUnowned = row.owner_entity === null && row.author_id !== null && Number(row.author_id) === ctx.principal.userId;
  if (!ours && !ownUnowned) throw constraintViolation([{ field: 'document', message: 'DOCUMENT_OF_ANOTHER_RECORD' }]);
  return row.current_version;
}

/** The document now belongs to the record: its download follows the PRIVACY authority. */
async function giveDocument(ctx: HookContext, documentId: unknown, recordId: number): Promise<void> {
  if (typeof documentId !== 'number') return;
  await ctx.trx
    .updateTable('documents')
    .set({ owner_entity: PRIVACY_OWNER, owner_id: recordId })
    .where('id', '=', documentId)
    .where('owner_entity', 'is', null)
    .execute();
}

const changed = (current: RecordData, values: RecordData, field: string) => values[field] !== undefined && values[field] !== current[field];

/**
 * Revisions of a privacy definition. A new document raises the revision by one (unless the
 * editor raised it already); raising it by hand re-publishes the current version of the same
 * document. A revision never goes down: lowering it would make old acceptances count again.
 * `documentVersion` is the version of the document each revision is published with.
 */
async function reviseDefinition(ctx: HookContext, current: RecordData, values: RecordData): Promise<RecordData> {
  const currentRevision = current.revision as number;
  const requested = typeof values.revision === 'number' ? values.revision : currentRevision;
  if (requested < currentRevision) throw constraintViolation([{ field: 'revision', message: 'REVISION_CANNOT_DECREASE' }]);
  const id = current.id as number;
  if (changed(current, values, 'document')) {
    const document = values.document as number | null;
    const documentVersion = document === null ? null : await checkDocument(ctx, document, id);
    if (document !== null) await giveDocument(ctx, document, id);
    return { ...values, revision: requested > currentRevision ? requested : currentRevision + 1, documentVersion };
  }
  if (requested > currentRevision) {
    const document = current.document as number | null;
    const documentVersion = document === null ? null : await checkDocument(ctx, document, id);
    return { ...values, revision: requested, documentVersion };
  }
  return values;
}

export function registerPrivacyHooks(registry: HookRegistry): HookRegistry {
  registry.register(PRIVACY_DEFINITION, {
    async beforeCreate(ctx, values) {
      const document = typeof values.document === 'number' ? values.document : null;
      return { ...values, documentVersion: document === null ? null : await checkDocument(ctx, document, null) };
    },
    async afterCreate(ctx, record) {
      await giveDocument(ctx, record.document, record.id as number);
    },
    beforeUpdate: reviseDefinition,
  });
  registry.register(SERVICE_AGREEMENT, {
    async beforeCreate(ctx, values) {
      if (typeof values.document === 'number') await checkDocument(ctx, values.document, null);
    },
    async afterCreate(ctx, record) {
      await giveDocument(ctx, record.document, record.id as number);
    },
    async beforeUpdate(ctx, current, values) {
      if (changed(current, values, 'document') && typeof values.document === 'number') {
        await checkDocument(ctx, values.document, current.id as number);
        await giveDocument(ctx, values.document, current.id as number);
      }
    },
  });
  return registry;
}

import { privacyDefinition, serviceAgreement } from '@circula/model';
import { sql } from 'kysely';
import { checkDocument, giveDocument } from '../../documents/claim.js';
import { constraintViolation } from '../../http/errors.js';
import type { HookContext, HookRegistry, RecordData } from '../../records/hooks.js';

/** Documents of privacy definitions and service agreements belong to the PRIVACY authority. */
export const PRIVACY_OWNER = 'PRIVACY';

const changed = (current: RecordData, values: RecordData, field: string) => values[field] !== undefined && values[field] !== current[field];

/**
 * A new revision is to be announced to the definition's audience (PRIVACY_CHANGED): the notice is
 * queued in the revision's own transaction and mailed once it is committed (see notices.ts), so a
 * write that fails announces nothing and a committed one is announced even across a restart.
 */
async function queueNotice(ctx: HookContext, privacyId: number, revision: number): Promise<void> {
  await sql`
    insert into privacy_notice (privacy_id, revision, requested_by) values (${privacyId}, ${revision}, ${ctx.principal.username})
    on conflict (privacy_id, revision) do nothing`.execute(ctx.trx);
}

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
    const documentVersion = document === null ? null : (await checkDocument(ctx, document, { authority: PRIVACY_OWNER, id })).version;
    if (document !== null) await giveDocument(ctx, document, { authority: PRIVACY_OWNER, id });
    const revision = requested > currentRevision ? requested : currentRevision + 1;
    await queueNotice(ctx, id, revision);
    return { ...values, revision, documentVersion };
  }
  if (requested > currentRevision) {
    const document = current.document as number | null;
    const documentVersion = document === null ? null : (await checkDocument(ctx, document, { authority: PRIVACY_OWNER, id })).version;
    await queueNotice(ctx, id, requested);
    return { ...values, revision: requested, documentVersion };
  }
  return values;
}

export function registerPrivacyHooks(registry: HookRegistry): HookRegistry {
  registry.register(privacyDefinition, {
    async beforeCreate(ctx, values) {
      const document = typeof values.document === 'number' ? values.document : null;
      return { ...values, documentVersion: document === null ? null : (await checkDocument(ctx, document, { authority: PRIVACY_OWNER, id: null })).version };
    },
    async afterCreate(ctx, record) {
      await giveDocument(ctx, record.document, { authority: PRIVACY_OWNER, id: record.id as number });
    },
    beforeUpdate: reviseDefinition,
  });
  registry.register(serviceAgreement, {
    async beforeCreate(ctx, values) {
      if (typeof values.document === 'number') await checkDocument(ctx, values.document, { authority: PRIVACY_OWNER, id: null });
    },
    async afterCreate(ctx, record) {
      await giveDocument(ctx, record.document, { authority: PRIVACY_OWNER, id: record.id as number });
    },
    async beforeUpdate(ctx, current, values) {
      if (changed(current, values, 'document') && typeof values.document === 'number') {
        await checkDocument(ctx, values.document, { authority: PRIVACY_OWNER, id: current.id as number });
        await giveDocument(ctx, values.document, { authority: PRIVACY_OWNER, id: current.id as number });
      }
    },
  });
  return registry;
}

import type { DomainModule } from '../module.js';
import { attachment, attachmentOwner, note, tableName, type AttachmentOwnerKind, type Catalogue } from '@circula/model';
import { sql, type SqlBool, type Transaction } from 'kysely';
import { checkDocument, giveDocument } from '../../documents/claim.js';
import type { Principal } from '../../auth/users.js';
import type { Db } from '../../db/connect.js';
import type { Database } from '../../db/schema.js';
import { constraintViolation, forbidden } from '../../http/errors.js';
import type { HookContext, HookRegistry, RecordData } from '../../records/hooks.js';
import { can, recordReadable } from '../../records/policy.js';
import { compileFilter } from '../../records/search.js';


interface Owner {
  entity: string;
  id: number;
  kind: AttachmentOwnerKind;
}

/** The owner named by a note or a document link, or null for a note on no record. */
function ownerOf(values: RecordData, required: boolean): Owner | null {
  const entity = values.ownerEntity ?? null;
  const id = values.ownerId ?? null;
  if (entity === null && id === null && !required) return null;
  const errors: { field: string; message: string }[] = [];
  if (entity === null) errors.push({ field: 'ownerEntity', message: 'REQUIRED' });
  if (id === null) errors.push({ field: 'ownerId', message: 'REQUIRED' });
  const kind = typeof entity === 'string' ? attachmentOwner(entity) : null;
  if (entity !== null && !kind) errors.push({ field: 'ownerEntity', message: 'NOT_ATTACHABLE' });
  if (errors.length) throw constraintViolation(errors);
  return { entity: entity as string, id: id as number, kind: kind! };
}

/**
 * The owner record must exist (not deleted) and be readable by the caller through one of the
 * routes of its entity the caller may read (the base entity, or a view whose filter it passes:
 * a user who reads customers only may attach to customers only), within the caller's row rules
 * (an external user's company). Attaching — a note, a document link or an uploaded file — needs
 * the write authority of that kind of record's notes and documents.
 */
export async function assertAttachableOwner(
  executor: Db | Transaction<Database>,
  catalogue: Catalogue,
  principal: Principal,
  owner: { entity: string; id: number; kind: Pick<AttachmentOwnerKind, 'authority'> },
): Promise<void> {
  if (!can(principal, { authority: owner.kind.authority }, 'W')) throw forbidden(undefined, 'CANT_UPDATE');
  const entity = catalogue.entity(owner.entity);
  if (!entity) throw constraintViolation([{ field: 'ownerEntity', message: 'NOT_ATTACHABLE' }]);
  const readable = catalogue.targets.filter((t) => t.entity.name === owner.entity && can(principal, t, 'R'));
  if (readable.length === 0) throw forbidden(undefined, 'CANT_READ');
  const through = readable.map((t) => (t.filters.length ? sql.join(t.filters.map((f) => compileFilter(entity, f)), sql` and `) : sql<SqlBool>`true`));
  const rule = recordReadable(principal, entity, catalogue) ?? sql<SqlBool>`true`;
  const { rows } = await sql<{ id: number }>`
    select id from ${sql.table(tableName(entity))}
    where id = ${owner.id} and not deleted and ((${sql.join(through, sql`) or (`)})) and ${rule}`.execute(executor);
  if (!rows[0]) throw constraintViolation([{ field: 'ownerId', message: 'NOT_FOUND' }]);
}

const checkOwner = (ctx: HookContext, catalogue: Catalogue, owner: Owner) => assertAttachableOwner(ctx.trx, catalogue, ctx.principal, owner);

/** The owner and the document of a link never change: a note or a file for another record is a new one. */
function keepFixed(current: RecordData, values: RecordData, fields: string[]): void {
  const errors = fields.filter((f) => values[f] !== undefined && values[f] !== current[f]).map((field) => ({ field, message: 'NOT_CHANGEABLE' }));
  if (errors.length) throw constraintViolation(errors);
}

/** Editing or deleting a note or a link needs the authority of its owner's kind (also through the archive routes). */
function assertOwnerAuthority(ctx: HookContext, current: RecordData, action: 'W' | 'D'): void {
  const kind = typeof current.ownerEntity === 'string' ? attachmentOwner(current.ownerEntity) : null;
  if (kind && !can(ctx.principal, { authority: kind.authority }, action)) throw forbidden(undefined, action === 'W' ? 'CANT_UPDATE' : 'CANT_DELETE');
}

/**
 * The document of a link: the record's own file or an unowned upload of the caller, which the link
 * then gives to the record (so its download follows the record's authority).
 */
async function claimDocument(ctx: HookContext, owner: Owner, documentId: number): Promise<{ fileName: string; mimeType: string }> {
  const document = await checkDocument(ctx, documentId, { authority: owner.kind.authority, id: owner.id });
  if (document.unowned) await giveDocument(ctx, documentId, { authority: owner.kind.authority, id: owner.id });
  return document;
}

export function registerAttachmentHooks(registry: HookRegistry, catalogue: Catalogue): HookRegistry {
  registry.register(note, {
    async beforeCreate(ctx, values) {
      const owner = ownerOf(values, false);
      if (owner) await checkOwner(ctx, catalogue, owner);
    },
    async beforeUpdate(ctx, current, values) {
      keepFixed(current, values, ['ownerEntity', 'ownerId']);
      assertOwnerAuthority(ctx, current, 'W');
    },
    async beforeDelete(ctx, current) {
      assertOwnerAuthority(ctx, current, 'D');
    },
  });
  registry.register(attachment, {
    async beforeCreate(ctx, values) {
      const owner = ownerOf(values, true)!;
      await checkOwner(ctx, catalogue, owner);
      const file = await claimDocument(ctx, owner, values.document as number);
      const title = typeof values.title === 'string' && values.title.trim() !== '' ? values.title : file.fileName.slice(0, 200);
      return { ...values, title, fileName: file.fileName, mimeType: file.mimeType };
    },
    async beforeUpdate(ctx, current, values) {
      keepFixed(current, values, ['ownerEntity', 'ownerId', 'document']);
      assertOwnerAuthority(ctx, current, 'W');
    },
    async beforeDelete(ctx, current) {
      assertOwnerAuthority(ctx, current, 'D');
    },
  });
  return registry;
}

export const attachmentsModule: DomainModule = { name: 'attachments', hooks: registerAttachmentHooks };

import { isAdmin, isRole, type AcceptedPrivacy, type AgreementItem } from '@circula/model';
import { sql } from 'kysely';
import { loadAuthorities, type Principal } from '../../auth/users.js';
import type { Db } from '../../db/connect.js';
import { noFilePresent, type StoredFile } from '../../documents/send-file.js';
import { constraintViolation, forbidden, notFound } from '../../http/errors.js';
import { can } from '../../records/policy.js';
import { withPrivacyTables, type PrivacyDb } from './tables.js';

/** spec §8: a privacy or agreement document without a file. */

type Translations = Record<string, string> | null;

/** A text in the language asked, else Italian, else any. */
export function localised(value: Translations, lang: string | null | undefined, fallback = ''): string {
  if (!value) return fallback;
  return value[lang ?? 'it'] || value.it || Object.values(value).find((v) => v) || fallback;
}

/** The file to send: its stored content and how to name it. */
export type DocumentFile = StoredFile;

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * Privacy definitions a user must accept, the acceptances, service agreements and their answers
 * (spec §1, §3, §5, §7). A definition is "changed" for a user while it is active, mandatory, in
 * force, meant for one of the user's roles, and the user has not accepted its current revision.
 */
export class PrivacyService {
  private readonly db: PrivacyDb;

  constructor(private readonly base: Db) {
    this.db = withPrivacyTables(base);
  }

  /** Own data only, unless the caller is an administrator (and `othersForAdmin`); the user must exist. */
  private async assertUser(principal: Principal, userId: number, othersForAdmin: boolean): Promise<void> {
    if (userId !== principal.userId && !(othersForAdmin && isAdmin(principal))) throw forbidden(undefined, 'CANT_READ');
    const user = await this.db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
    if (!user) throw notFound();
  }

  private async rolesOf(principal: Principal, userId: number): Promise<string[]> {
    const authorities = userId === principal.userId ? principal.authorities : await loadAuthorities(this.base, userId);
    return authorities.filter(isRole);
  }

  /** The WHERE clause of "changed for this user" over `privacy_definition d`. */
  private changedFilter(userId: number, roles: string[]) {
    return sql<boolean>`not d.deleted and d.active and d.mandatory
      and (d.valid_from is null or d.valid_from <= current_date)
      and (coalesce(cardinality(d.audience), 0) = 0 or d.audience && ${roles}::text[])
      and not exists (
        select 1 from privacy_acceptance a where a.user_id = ${userId} and a.privacy_id = d.id and a.revision = d.revision
      )`;
  }

  /** `GET /api/subjects/subjects/changed-privacies/{userId}`: `id;label` of each changed definition. */
  async changed(principal: Principal, userId: number): Promise<string[]> {
    await this.assertUser(principal, userId, true);
    const roles = await this.rolesOf(principal, userId);
    const { rows } = await sql<{ id: number; code: string | null; label: Translations }>`
      select d.id, d.code, d.label from privacy_definition d
      where ${this.changedFilter(userId, roles)}
      order by d.code, d.id`.execute(this.db);
    return rows.map((r) => `${r.id};${localised(r.label, principal.lang, r.code ?? String(r.id))}`);
  }

  /**
   * `PUT /api/subjects/subjects/accept-privacies/{userId}`: accepts every definition changed for
   * the user, at its current revision, in one statement (a revision published meanwhile is either
   * accepted whole or still asked). Returns the ids accepted.
   */
  async accept(principal: Principal, userId: number): Promise<number[]> {
    await this.assertUser(principal, userId, false);
    const roles = await this.rolesOf(principal, userId);
    const { rows } = await sql<{ privacy_id: number }>`
      insert into privacy_acceptance (user_id, privacy_id, revision, document_version)
      select ${userId}, d.id, d.revision, d.document_version from privacy_definition d
      where ${this.changedFilter(userId, roles)}
      on conflict (user_id, privacy_id, revision) do nothing
      returning privacy_id`.execute(this.db);
    return rows.map((r) => r.privacy_id).sort((a, b) => a - b);
  }

  /** `GET /api/privacy/accepted/{userId}`: the latest accepted revision of every definition the user accepted. */
  async accepted(principal: Principal, userId: number): Promise<AcceptedPrivacy[]> {
    await this.assertUser(principal, userId, true);
    const { rows } = await sql<{
      id: number;
      code: string | null;
      label: Translations;
      revision: number;
      accepted_at: Date;
      current_revision: number;
      active: boolean;
      document: number | null;
    }>`
      select distinct on (d.id) d.id, d.code, d.label, a.revision, a.accepted_at, d.revision as current_revision, d.active, d.document
      from privacy_acceptance a join privacy_definition d on d.id = a.privacy_id
      where a.user_id = ${userId} and not d.deleted
      order by d.id, a.revision desc`.execute(this.db);
    return rows
      .map((r) => ({
        id: r.id,
        code: r.code,
        label: localised(r.label, principal.lang, r.code ?? String(r.id)),
        revision: r.revision,
        acceptedAt: iso(r.accepted_at),
        currentRevision: r.current_revision,
        active: r.active,
        hasDocument: r.document !== null,
      }))
      .sort((a, b) => b.acceptedAt.localeCompare(a.acceptedAt) || a.id - b.id);
  }

  /**
   * The file of a definition, at the document version its revision was published with. Anyone
   * signed in may read an active definition (it is asked of them) or one they accepted; other
   * definitions need the PRIVACY read authority.
   */
  async definitionFile(principal: Principal, id: number): Promise<DocumentFile> {
    const { rows } = await sql<{ active: boolean; document: number | null; document_version: number | null; accepted: boolean }>`
      select d.active, d.document, d.document_version,
        exists (select 1 from privacy_acceptance a where a.privacy_id = d.id and a.user_id = ${principal.userId}) as accepted
      from privacy_definition d where d.id = ${id} and not d.deleted`.execute(this.db);
    const row = rows[0];
    if (!row) throw notFound();
    if (!row.active && !row.accepted && !can(principal, { authority: 'PRIVACY' }, 'R')) throw forbidden(undefined, 'CANT_READ');
    if (row.document === null) throw noFilePresent();
    return this.file(row.document, row.document_version);
  }

  /** The file of an active agreement (anyone signed in), or of any agreement for PRIVACY readers. */
  async agreementFile(principal: Principal, id: number): Promise<DocumentFile> {
    const { rows } = await sql<{ active: boolean; document: number | null }>`
      select active, document from service_agreement where id = ${id} and not deleted`.execute(this.db);
    const row = rows[0];
    if (!row) throw notFound();
    if (!row.active && !can(principal, { authority: 'PRIVACY' }, 'R')) throw forbidden(undefined, 'CANT_READ');
    if (row.document === null) throw noFilePresent();
    return this.file(row.document, null);
  }

  private async file(documentId: number, version: number | null): Promise<DocumentFile> {
    const row = await this.db
      .selectFrom('documents as d')
      .innerJoin('document_versions as v', 'v.document_id', 'd.id')
      .select(['v.sha256', 'v.size', 'v.mime_type', 'v.file_name'])
      .where('d.id', '=', documentId)
      .where('d.deleted', '=', false)
      .where((eb) => (version === null ? eb('v.version', '=', eb.ref('d.current_version')) : eb('v.version', '=', version)))
      .executeTakeFirst();
    if (!row) throw noFilePresent();
    return { sha256: row.sha256, size: Number(row.size), mimeType: row.mime_type, fileName: row.file_name };
  }

  /** The active service agreements (spec §7 "data list of {agreement:{…}}") with the caller's latest answers. */
  async agreements(principal: Principal): Promise<AgreementItem[]> {
    const { rows } = await sql<{
      id: number;
      name: string;
      description: string | null;
      mandatory: boolean;
      document: number | null;
      title: Record<string, string>;
      body: Record<string, string>;
      file_name: string | null;
      agreed: boolean | null;
      answered_at: Date | null;
    }>`
      select s.id, s.name, s.description, s.mandatory, s.document, s.title, s.body, f.file_name, ans.agreed, ans.answered_at
      from service_agreement s
      left join documents f on f.id = s.document and not f.deleted
      left join lateral (
        select agreed, answered_at from service_agreement_answer a
        where a.user_id = ${principal.userId} and a.agreement_id = s.id order by a.id desc limit 1
      ) ans on true
      where not s.deleted and s.active
      order by s.mandatory desc, s.name, s.id`.execute(this.db);
    return rows.map((r) => ({
      agreement: {
        id: r.id,
        name: r.name,
        description: r.description,
        mandatory: r.mandatory,
        documentId: r.document,
        title: r.title,
        body: r.body,
        attachments: r.document !== null && r.file_name !== null ? [{ documentId: r.document, fileName: r.file_name }] : [],
      },
      answer: r.agreed === null ? null : { agreed: r.agreed, answeredAt: iso(r.answered_at!) },
    }));
  }

  /**
   * `PUT /api/privacy/agreements/answers/{userId}`: the user's answers to every active agreement
   * (spec §5: each one answered, a mandatory one agreed). All or nothing.
   */
  async answer(principal: Principal, userId: number, answers: { id: number; agreed: boolean }[]): Promise<AgreementItem[]> {
    await this.assertUser(principal, userId, false);
    await this.db.transaction().execute(async (trx) => {
      const { rows: active } = await sql<{ id: number; mandatory: boolean }>`
        select id, mandatory from service_agreement where not deleted and active for share`.execute(trx);
      const given = new Map<number, boolean>();
      const errors: { field: string; message: string }[] = [];
      for (const a of answers) {
        if (given.has(a.id)) errors.push({ field: `answers.${a.id}`, message: 'DUPLICATE' });
        given.set(a.id, a.agreed);
      }
      const known = new Set(active.map((a) => a.id));
      for (const id of given.keys()) if (!known.has(id)) errors.push({ field: `answers.${id}`, message: 'NOT_FOUND' });
      for (const agreement of active) {
        const agreed = given.get(agreement.id);
        if (agreed === undefined) errors.push({ field: `answers.${agreement.id}`, message: 'REQUIRED' });
        else if (agreement.mandatory && !agreed) errors.push({ field: `answers.${agreement.id}`, message: 'AGREEMENT_MANDATORY' });
      }
      if (errors.length) throw constraintViolation(errors);
      if (active.length === 0) return;
      await trx
        .insertInto('service_agreement_answer')
        .values(active.map((a) => ({ user_id: userId, agreement_id: a.id, agreed: given.get(a.id)! })))
        .execute();
    });
    return this.agreements(principal);
  }
}

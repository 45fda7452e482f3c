import { ATTACHMENT_OWNERS, businessUnit, columnName, isAdmin, isExternal, subjectRelation, tableName, type Catalogue, type EntityDefinition, type HasAuthorities } from '@circula/model';
import { CompiledQuery, sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { prepareStatement } from '../db/prepared.js';
import type { Database } from '../db/schema.js';

/**
 * Row-level rules: which rows of an entity a user sees and may write beyond what the entity
 * authorities say, as SQL over the entity table's own columns (unqualified). Two rules exist:
 *
 * - External users (customers, owners, suppliers… — see `isExternal`) see only their company:
 *   the subject their account is linked to (`users.subject_id`) and the subjects tied to it by a
 *   corporate relation (SUBJECT_TO_SUBJECT with alpha3 CORPORATE, in force today, either
 *   direction: its group, branches, signatories). Every record that names subjects (a warehouse's
 *   owner, a vehicle's owner, an enrolment's holder, a relation's two sides…) is theirs when one of
 *   those subjects is; notes and documents follow the record they are attached to. They also read
 *   (never write) the subjects of the business units, the company they deal with. Records that
 *   name no subject (the EER catalogue, load units) are not restricted. An external user linked
 *   to no subject sees no such record.
 * - A note on no record is its author's, unless `shared`: then every user who reads notes reads it,
 *   and still only its author changes it.
 *
 * ROLE_ADMIN passes every rule.
 */

export interface RulePrincipal extends HasAuthorities {
  userId: number;
  /**
   * The subjects of an external user's company, read once for the request (request-auth): bound as
   * one array parameter, the planner sees the values and uses the indexes of the subject columns
   * (with the subquery it could not, and counted an owner's 400 000 requests by a sequential scan).
   * Without it (seeds, tests calling the engine directly) the rules read them in the query.
   */
  companySubjects?: readonly number[];
}

export { EXTERNAL_ROLES, isExternal } from '@circula/model';

/** The ids of the subjects of the user's company, as a subquery. */
function companySubjects(userId: number): RawBuilder<unknown> {
  const relations = sql.table(tableName(subjectRelation));
  return sql`select c.id from (
      select u.subject_id as id from users u where u.id = ${userId}
      union
      select case when r.subject = u.subject_id then r.related else r.subject end
      from users u
      join ${relations} r on (r.subject = u.subject_id or r.related = u.subject_id) and not r.deleted
        and (r.valid_from is null or r.valid_from <= current_date) and (r.valid_to is null or r.valid_to >= current_date)
      join table_value v on v.table_code = 'SUBJECT_TO_SUBJECT' and v.code = r.relation_type and not v.deleted and v.alpha3 = 'CORPORATE'
      where u.id = ${userId}
    ) c where c.id is not null`;
}

/**
 * companySubjects' text, compiled once: every request of an external user runs it (request-auth),
 * so on PostgreSQL it is a prepared statement (db/prepared.ts) — parsing and planning it was three
 * quarters of its cost (0.7 ms of 0.73 ms on the requests benchmark's database).
 */
let companySubjectsText: string | null = null;

/** The ids of the subjects of the user's company (see companySubjects), read now. */
export async function companySubjectIds(executor: Kysely<Database>, userId: number): Promise<number[]> {
  if (companySubjectsText === null) {
    const compiled = sql`${companySubjects(0)}`.compile(executor);
    // the user's id is the only value the text binds, in its two places
    if (compiled.parameters.length !== 2) throw new Error('companySubjectIds: unexpected parameters');
    companySubjectsText = compiled.sql;
    prepareStatement(companySubjectsText);
  }
  const { rows } = await executor.executeQuery<{ id: number }>(CompiledQuery.raw(companySubjectsText, [userId, userId]));
  return rows.map((r) => Number(r.id));
}

/** The subjects of the business units: the company (or companies) the installation works for. */
const businessUnitSubjects = (): RawBuilder<unknown> => sql`select b.subject from ${sql.table(tableName(businessUnit))} b where not b.deleted`;

/** The fields of an entity that name subjects: whoever those subjects belong to owns the record. */
export function subjectFields(entity: EntityDefinition): string[] {
  return Object.entries(entity.fields)
    .filter(([, field]) => field.type === 'reference' && field.entity === 'subject')
    .map(([name]) => name);
}

const isAttachment = (entity: EntityDefinition) => Object.hasOwn(entity.fields, 'ownerEntity') && Object.hasOwn(entity.fields, 'ownerId');

/**
 * The external user's company rule of an entity, or null when its records name no subject.
 * `depth` bounds the owners of attachments (an attachment's owner is never itself an attachment).
 */
/** The company's subjects as an array expression: the bound ids when the request read them, else the subquery. */
const companyArray = (principal: RulePrincipal): RawBuilder<unknown> =>
  principal.companySubjects ? sql`${[...principal.companySubjects]}::bigint[]` : sql`array(${companySubjects(principal.userId)})::bigint[]`;

function companyRule(catalogue: Catalogue, entity: EntityDefinition, principal: RulePrincipal, depth = 0): RawBuilder<SqlBool> | null {
  if (entity.name === 'subject') return sql<SqlBool>`id = any(${companyArray(principal)})`;
  if (isAttachment(entity) && depth === 0) {
    const owners = Object.keys(ATTACHMENT_OWNERS).flatMap((name) => {
      const owner = catalogue.entity(name);
      if (!owner) return [];
      const rule = companyRule(catalogue, owner, principal, depth + 1);
      return [
        rule === null
          ? sql<SqlBool>`owner_entity = ${name}`
          : sql<SqlBool>`(owner_entity = ${name} and owner_id in (select id from ${sql.table(tableName(owner))} where ${rule}))`,
      ];
    });
    // a note on no record is not a company's: the note rule decides
    return sql<SqlBool>`(owner_entity is null or ${owners.length ? sql.join(owners, sql` or `) : sql<SqlBool>`false`})`;
  }
  const fields = subjectFields(entity);
  if (fields.length === 0) return null;
  const mine = fields.map((name) => {
    const field = entity.fields[name]!;
    const column = sql.ref(columnName(name));
    return field.type === 'reference' && field.multiple
      ? sql<SqlBool>`${column} && ${companyArray(principal)}`
      : // an array (bound, or built once per query): `in (subquery)` ORed over several fields was
        // re-run for every row, ten times slower on an owner's list of 400 000 requests
        sql<SqlBool>`${column} = any(${companyArray(principal)})`;
  });
  return sql<SqlBool>`(${sql.join(mine, sql` or `)})`;
}

/** Notes on no record: the author's, or shared with every reader of notes (`write`: the author's only). */
function noteRule(entity: EntityDefinition, userId: number, write: boolean): RawBuilder<SqlBool> | null {
  if (!isAttachment(entity) || !Object.hasOwn(entity.fields, 'shared')) return null;
  return write
    ? sql<SqlBool>`(owner_entity is not null or author_id = ${userId})`
    : sql<SqlBool>`(owner_entity is not null or author_id = ${userId} or shared is true)`;
}

const both = (rules: (RawBuilder<SqlBool> | null)[]): RawBuilder<SqlBool> | null => {
  const present = rules.filter((r): r is RawBuilder<SqlBool> => r !== null);
  return present.length === 0 ? null : present.length === 1 ? present[0]! : sql<SqlBool>`(${sql.join(present, sql` and `)})`;
};

/** The rows of `entity` the user may read beyond its authorities, or null: every row. */
export function readRule(principal: RulePrincipal, entity: EntityDefinition, catalogue: Catalogue): RawBuilder<SqlBool> | null {
  if (isAdmin(principal)) return null;
  let company = isExternal(principal) ? companyRule(catalogue, entity, principal) : null;
  // the business units' subjects are readable too: the company an external user deals with
  if (company !== null && entity.name === 'subject') company = sql<SqlBool>`(${company} or id in (${businessUnitSubjects()}))`;
  return both([company, noteRule(entity, principal.userId, false)]);
}

/** The rows of `entity` the user may write (create, change, delete) beyond its authorities, or null: every row. */
export function writeRule(principal: RulePrincipal, entity: EntityDefinition, catalogue: Catalogue): RawBuilder<SqlBool> | null {
  if (isAdmin(principal)) return null;
  return both([isExternal(principal) ? companyRule(catalogue, entity, principal) : null, noteRule(entity, principal.userId, true)]);
}

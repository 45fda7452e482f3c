import { sql, type Kysely } from 'kysely';
import { BUILT_IN_TEMPLATES, TEMPLATE_CONTRACTS } from '../../mail/templates.js';
import { createRecordTableV2 } from '../record-table.js';

/**
 * Email templates (editable texts of the messages the application sends) and communications (the
 * messages sent to subjects). The Italian and English templates of every message are seeded from
 * the built-in texts of the mail module as they are when the migration runs. The list of messages
 * is fixed here: a message added later comes with a migration of its own.
 */
const SEEDED = ['REGISTRATION_LINK', 'RECOVER_PASSWORD_LINK', 'TEMPORARY_PASSWORD', 'PRIVACY_CHANGED'] as const;
const LANGS = ['it', 'en'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await createRecordTableV2(db, 'email_template', {
    columns: [sql`template text not null`, sql`lang text not null`, sql`subject text not null`, sql`body text not null`, sql`description text`],
    search: ['template', 'subject', 'description'],
  });
  // one template of a message per language; the mail service reads it by both
  await sql`create unique index email_template_template on email_template (template, lang) where not deleted`.execute(db);

  await createRecordTableV2(db, 'communication', {
    columns: [
      sql`subject bigint not null`,
      sql`to_address text not null`,
      sql`subject_line text not null`,
      sql`template text not null`,
      sql`lang text not null`,
      sql`error text`,
      sql`sent_at timestamptz`,
      sql`outbox_id bigint`,
    ],
    search: ['to_address', 'subject_line', 'template'],
  });
  // a subject's messages, newest first
  await sql`create index communication_subject on communication (subject, id desc)`.execute(db);

  for (const template of SEEDED) {
    for (const lang of LANGS) {
      const source = BUILT_IN_TEMPLATES[template][lang];
      const { rows } = await sql<{ id: number }>`
        insert into email_template (template, lang, subject, body, description, created_by, updated_by)
        values (${template}, ${lang}, ${source.subject}, ${source.body}, ${TEMPLATE_CONTRACTS[template].description[lang]}, 'system', 'system')
        returning id`.execute(db);
      const id = rows[0]!.id;
      await sql`update email_template set code = ${`EMT-${String(id).padStart(6, '0')}`} where id = ${id}`.execute(db);
    }
  }
}

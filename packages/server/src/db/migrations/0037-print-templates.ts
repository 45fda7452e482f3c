import { sql, type Kysely } from 'kysely';
import { createRecordTableV3 } from '../record-table.js';

/**
 * Issue 20: print templates. Several per document and language, one of them active (the PDFs read
 * it by both); their versions are the records' history, so no table of their own.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createRecordTableV3(db, 'print_template', {
    columns: [
      sql`document text not null`,
      sql`lang text not null`,
      sql`name text not null`,
      sql`active boolean not null default true`,
      sql`header text`,
      sql`footer text`,
      sql`closing text`,
      sql`description text`,
    ],
    search: ['name', 'description'],
  });
  // one active template per document and language (a second is refused on its `active` field)
  await sql`create unique index print_template_active on print_template (document, lang) where active and not deleted`.execute(db);
  // the default sort
  await sql`create index print_template_document on print_template (document, lang, id)`.execute(db);
}

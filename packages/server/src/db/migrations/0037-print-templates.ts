import { sql, type Kysely } from 'kysely';
import { createRecordTableV3 } from '../record-table.js';

/**
 * Issue 20: print templates. One template per document and language (the PDFs read it by both);
 * its versions are the record's history, so no table of their own.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createRecordTableV3(db, 'print_template', {
    columns: [
      sql`document text not null`,
      sql`lang text not null`,
      sql`name text not null`,
      sql`header text`,
      sql`footer text`,
      sql`closing text`,
      sql`description text`,
    ],
    search: ['name', 'description'],
  });
  // also the default sort (document, lang)
  await sql`create unique index print_template_document on print_template (document, lang) where not deleted`.execute(db);
}

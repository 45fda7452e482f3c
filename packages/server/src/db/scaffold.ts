import { columnName, isStored, tableName, type EntityDefinition, type FieldDefinition } from '@circula/model';

/**
 * Migration scaffolds from the catalogue: what a new entity's table, or a changed entity's new
 * columns, look like as SQL, printed to be reviewed and committed as an append-only migration
 * (`npm run migration:scaffold -- <entity>`). Nothing here runs at start: a released migration
 * spells its columns out and never follows the catalogue again.
 */

/** The PostgreSQL type that holds a field (the types the migrations so far have used for each); null: no column (lines). */
export function columnType(field: FieldDefinition): string | null {
  switch (field.type) {
    case 'lines':
      return null;
    case 'text':
    case 'longText':
    case 'time':
      return 'text';
    case 'integer':
      return 'integer';
    case 'decimal':
      return `numeric(18,${field.scale})`;
    case 'money':
      return 'numeric(18,2)';
    case 'boolean':
      return 'boolean';
    case 'date':
      return 'date';
    case 'datetime':
      return 'timestamptz';
    case 'lookup':
      return field.multiple ? 'text[]' : 'text';
    case 'reference':
      return field.multiple ? 'bigint[]' : 'bigint';
    case 'tags':
      return 'bigint[]';
    case 'document':
      return 'bigint';
    case 'measure':
    case 'group':
    case 'translations':
    case 'json':
      return 'jsonb';
  }
}

/** One column definition: `plate text not null`. */
export function columnSql(name: string, field: FieldDefinition): string {
  const type = columnType(field);
  if (type === null) throw new Error(`${name}: a ${field.type} field has no column`);
  return `${columnName(name)} ${type}${field.required ? ' not null' : ''}`;
}

/** The fields free text searches (they make up `search_text`): the searchable text-like ones. */
const searchColumns = (entity: EntityDefinition) =>
  Object.entries(entity.fields)
    .filter(([, f]) => f.search === true && (f.type === 'text' || f.type === 'longText' || f.type === 'lookup'))
    .map(([name]) => columnName(name));

/** The migration file of a new entity's table. */
export function newTableMigration(entity: EntityDefinition): string {
  const columns = Object.entries(entity.fields)
    .filter(([, field]) => isStored(field))
    .map(([name, field]) => `      sql\`${columnSql(name, field)}\`,`);
  const indexes = Object.entries(entity.fields)
    .filter(([, f]) => f.type === 'reference' && !f.multiple)
    .map(([name]) => `  await sql\`create index ${tableName(entity)}_${columnName(name)} on ${tableName(entity)} (${columnName(name)})\`.execute(db);`);
  return [
    "import { sql, type Kysely } from 'kysely';",
    "import { createRecordTableV3 } from '../record-table.js';",
    '',
    `/** ${entity.label.en}: the table of the \`${entity.name}\` entity (scaffolded from its declaration; review before committing). */`,
    'export async function up(db: Kysely<unknown>): Promise<void> {',
    `  await createRecordTableV3(db, '${tableName(entity)}', {`,
    '    columns: [',
    ...columns,
    '    ],',
    `    search: [${searchColumns(entity).map((c) => `'${c}'`).join(', ')}],`,
    '  });',
    ...(indexes.length ? ['  // the records a reference points to are looked up by it', ...indexes] : []),
    '}',
    '',
  ].join('\n');
}

/** The migration file that adds a changed entity's new fields to its existing table (`existing`: its current column names). */
export function addedColumnsMigration(entity: EntityDefinition, existing: ReadonlySet<string>): string | null {
  const added = Object.entries(entity.fields).filter(([name, field]) => isStored(field) && !existing.has(columnName(name)));
  if (added.length === 0) return null;
  // a required column added to a table with rows needs a default or a backfill first: left for the reviewer
  const lines = added.map(([name, field]) => `  await sql\`alter table ${tableName(entity)} add column ${columnSql(name, { ...field, required: false })}\`.execute(db);`);
  const required = added.filter(([, f]) => f.required).map(([name]) => columnName(name));
  return [
    "import { sql, type Kysely } from 'kysely';",
    '',
    `/** New fields of \`${entity.name}\`: ${added.map(([name]) => name).join(', ')} (scaffolded from its declaration; review before committing). */`,
    'export async function up(db: Kysely<unknown>): Promise<void> {',
    ...lines,
    ...required.map((c) => `  // REVIEW: fill ${c} in the existing rows, then: alter table ${tableName(entity)} alter column ${c} set not null`),
    '}',
    '',
  ].join('\n');
}

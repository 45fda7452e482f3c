import { CATALOGUE, columnName, isStored, LINE_ENTITIES, tableName, type EntityDefinition } from '@circula/model';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addedColumnsMigration, columnType, newTableMigration } from '../../src/db/scaffold.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/** information_schema's spelling of a column type, as the scaffold writes it. */
const spelled = (r: { udt_name: string; numeric_precision: number | null; numeric_scale: number | null }) => {
  const base = r.udt_name.replace(/^_/, '');
  const name = { int4: 'integer', int8: 'bigint', bool: 'boolean', text: 'text', jsonb: 'jsonb', date: 'date', timestamptz: 'timestamptz' }[base] ?? base;
  const typed = base === 'numeric' ? `numeric(${r.numeric_precision},${r.numeric_scale})` : name;
  return r.udt_name.startsWith('_') ? `${typed}[]` : typed;
};

describe('migration scaffolds from the catalogue', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ demoData: false });
  });
  afterAll(() => t.close());

  const columnsOf = async (entity: EntityDefinition) =>
    (
      await sql<{ column_name: string; udt_name: string; numeric_precision: number | null; numeric_scale: number | null }>`
        select column_name, udt_name, numeric_precision, numeric_scale from information_schema.columns
        where table_name = ${tableName(entity)} and table_schema = current_schema()`.execute(t.db)
    ).rows;

  it('give every field of every entity the column type its migration gave it', async () => {
    const mismatches: string[] = [];
    for (const entity of [...CATALOGUE.entities, ...LINE_ENTITIES]) {
      const actual = new Map((await columnsOf(entity)).map((r) => [r.column_name, spelled(r)]));
      for (const [name, field] of Object.entries(entity.fields)) {
        if (!isStored(field)) continue;
        const column = actual.get(columnName(name));
        // ids counted in integers may be stored wider: bigint holds whatever integer holds
        if (column !== columnType(field) && !(columnType(field) === 'integer' && column === 'bigint')) mismatches.push(`${entity.name}.${name}: ${column} ≠ ${columnType(field)}`);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('print a new table with every field, and nothing to add for a table that has them all', async () => {
    const vehicle = CATALOGUE.entity('vehicle')!;
    const source = newTableMigration(vehicle);
    expect(source).toContain("await createRecordTableV3(db, 'vehicle', {");
    expect(source).toContain('sql`plate text not null`');
    expect(source).toContain('sql`capacity_kg numeric(18,0)`');
    expect(source).toContain('sql`tags bigint[]`');
    expect(source).toContain("search: ['plate', 'make', 'model', 'albo_number']");
    expect(addedColumnsMigration(vehicle, new Set((await columnsOf(vehicle)).map((r) => r.column_name)))).toBeNull();
  });

  it('print the columns a changed entity lacks, nullable first with a note for the required ones', () => {
    const vehicle = CATALOGUE.entity('vehicle')!;
    const source = addedColumnsMigration(vehicle, new Set(['plate', 'make']))!;
    expect(source).toContain('alter table vehicle add column vehicle_type text`');
    expect(source).toContain('alter table vehicle alter column vehicle_type set not null');
    expect(source).not.toMatch(/add column (plate|make) /);
  });
});

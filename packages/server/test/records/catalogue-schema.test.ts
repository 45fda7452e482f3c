import { CATALOGUE, columnName, isStored, LINE_ENTITIES, tableName } from '@circula/model';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMON_COLUMNS, INTERNAL_COLUMNS } from '../../src/records/codec.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/** The migrations and the catalogue describe the same tables: every field has its column and every column its field. */
describe('catalogue and database schema', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  // the header entities and the child entities of their lines
  for (const entity of [...CATALOGUE.entities, ...LINE_ENTITIES]) {
    it(`${entity.name}: columns match the declaration`, async () => {
      const { rows } = await sql<{ column_name: string; is_nullable: string }>`
        select column_name, is_nullable from information_schema.columns
        where table_name = ${tableName(entity)} and table_schema = current_schema()`.execute(t.db);
      expect(rows.length, `table ${tableName(entity)} exists`).toBeGreaterThan(0);
      const actual = new Set(rows.map((r) => r.column_name));
      const expected = new Set([...COMMON_COLUMNS, ...INTERNAL_COLUMNS, ...Object.entries(entity.fields).filter(([, f]) => isStored(f)).map(([n]) => columnName(n))]);
      expect([...actual].filter((c) => !expected.has(c)), 'columns without a field').toEqual([]);
      expect([...expected].filter((c) => !actual.has(c)), 'fields without a column').toEqual([]);
      const notNull = new Set(rows.filter((r) => r.is_nullable === 'NO').map((r) => r.column_name));
      for (const [name, field] of Object.entries(entity.fields)) {
        if (!isStored(field)) continue;
        expect(notNull.has(columnName(name)), `${name}: NOT NULL exactly when required`).toBe(field.required === true);
      }
    });
  }
});

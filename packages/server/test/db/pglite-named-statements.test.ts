import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type DbHandle } from '../../src/db/connect.js';

/**
 * Statements on the embedded database go out as named statements (db/pglite-dialect.ts): the
 * values must be what an unnamed statement gives, a statement must survive its table changing
 * shape, more texts than the backend keeps must still run, and writes report the rows they changed.
 */
describe('named statements on PGlite', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await connect({ databaseUrl: null, dataDir: null });
    await sql`create table probe (id bigserial primary key, n numeric, d date, at timestamptz, doc jsonb, tags bigint[], ok boolean, label text)`.execute(handle.db);
    await sql`insert into probe (n, d, at, doc, tags, ok, label) values (12.5, '2026-11-28', '2026-11-28T10:00:00Z', '{"a":[1,2]}', '{3,4}', true, 'uno'), (null, null, null, null, null, null, null)`.execute(handle.db);
  });
  afterAll(() => handle.close());

  const read = (text: string, parameters: unknown[] = []) => handle.db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(text, parameters));

  it('gives the values an unnamed statement gives, parameters bound by their types', async () => {
    const text = 'select id, n, d, at, doc, tags, ok, label from probe where id >= $1 and coalesce(label, $2) <> $3 order by id';
    const named = (await read(text, [1, 'x', 'nessuno'])).rows;
    // the same statement through PGlite's query (a text with a semicolon goes unnamed)
    const unnamed = (await read(`${text};`, [1, 'x', 'nessuno'])).rows;
    expect(named).toEqual(unnamed);
    expect(named[0]).toEqual({ id: 1, n: 12.5, d: '2026-11-28', at: new Date('2026-11-28T10:00:00Z'), doc: { a: [1, 2] }, tags: [3, 4], ok: true, label: 'uno' });
    expect(named[1]).toEqual({ id: 2, n: null, d: null, at: null, doc: null, tags: null, ok: null, label: null });
    // bound again, other values
    expect((await read(text, [2, 'x', 'nessuno'])).rows.map((row) => row.id)).toEqual([2]);
  });

  it('prepares a statement again when its table changed shape', async () => {
    const text = 'select * from probe where id = $1';
    expect(Object.keys((await read(text, [1])).rows[0]!)).not.toContain('extra');
    await sql`alter table probe add column extra text default 'nuovo'`.execute(handle.db);
    expect((await read(text, [1])).rows[0]).toMatchObject({ id: 1, extra: 'nuovo' });
  });

  it('runs more texts than the backend keeps, each still right', async () => {
    for (let i = 0; i < 300; i++) {
      const { rows } = await read(`select $1::int + ${i} as v`, [1]);
      expect(rows).toEqual([{ v: i + 1 }]);
    }
    // an early one, closed since, comes back prepared anew
    expect((await read('select $1::int + 0 as v', [5])).rows).toEqual([{ v: 5 }]);
  });

  it('prepares again only once: a read that keeps failing that way fails', async () => {
    // a function raising feature_not_supported (0A000) when run, as a changed table's plan does
    await sql`create function probe_unsupported(n int) returns int language plpgsql as $$ begin if n > 0 then raise exception 'non supportato' using errcode = '0A000'; end if; return n; end $$`.execute(handle.db);
    await expect(read('select probe_unsupported($1) as v', [1])).rejects.toMatchObject({ code: '0A000' });
    expect((await read('select probe_unsupported($1) as v', [0])).rows).toEqual([{ v: 0 }]);
  });

  it('reports a failed read with its code and keeps working', async () => {
    await expect(read('select 1 / $1::int as v', [0])).rejects.toMatchObject({ code: '22012' });
    expect((await read('select 1 / $1::int as v', [1])).rows).toEqual([{ v: 1 }]);
    await expect(read('select no_such_column from probe')).rejects.toMatchObject({ code: '42703' });
    expect((await read('select count(*)::int as c from probe')).rows).toEqual([{ c: 2 }]);
  });

  it('reads an answer of many writes of the backend whole, multi-byte text and all', async () => {
    // about 6 MB: rows cut across the chunks PGlite hands over, each a view of its memory
    const { rows } = await read("select g as n, repeat('àèìòù€😀', 1000 + g % 7) as t from generate_series(1, $1::int) g", [1200]);
    expect(rows).toHaveLength(1200);
    for (const row of rows) expect(row.t).toBe('àèìòù€😀'.repeat(1000 + ((row.n as number) % 7)));
  });

  it('fails a read whose error comes after some of its rows, and the next read is whole', async () => {
    await expect(read('select 10 / (5 - g) as v from generate_series(1, $1::int) g', [9])).rejects.toMatchObject({ code: '22012' });
    expect((await read('select g as v from generate_series(1, $1::int) g', [3])).rows).toEqual([{ v: 1 }, { v: 2 }, { v: 3 }]);
  });

  it('writes as named statements, with the rows they changed, inside and outside a transaction', async () => {
    const db = handle.db;
    await sql`create table probe_w (id bigserial primary key, label text not null)`.execute(db);
    const inserted = await db.executeQuery(CompiledQuery.raw('insert into probe_w (label) select $1 || g from generate_series(1, $2::int) g returning id', ['riga ', 3]));
    expect(inserted.rows).toHaveLength(3);
    expect(inserted.numAffectedRows).toBe(3n);
    const updated = await db.executeQuery(CompiledQuery.raw('update probe_w set label = upper(label) where id > $1', [1]));
    expect(updated.numAffectedRows).toBe(2n);
    const cte = await db.executeQuery(CompiledQuery.raw('with gone as (delete from probe_w where id = $1 returning id) select count(*)::int as n from gone', [1]));
    expect(cte.rows).toEqual([{ n: 1 }]);
    // a transaction that fails is undone whole; one that commits keeps its rows
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.executeQuery(CompiledQuery.raw('insert into probe_w (label) values ($1)', ['annullata']));
        await trx.executeQuery(CompiledQuery.raw('insert into probe_w (label) values ($1)', [null]));
      }),
    ).rejects.toMatchObject({ code: '23502' });
    await db.transaction().execute((trx) => trx.executeQuery(CompiledQuery.raw('insert into probe_w (label) values ($1)', ['tenuta'])));
    expect((await read('select label from probe_w order by id')).rows.map((row) => row.label)).toEqual(['RIGA 2', 'RIGA 3', 'tenuta']);
  });

  it('runs a bulk statement of many values once, without keeping it prepared', async () => {
    const values = Array.from({ length: 600 }, (_, i) => `riga ${i}`);
    const text = `insert into probe_w (label) values ${values.map((_, i) => `($${i + 1})`).join(', ')}`;
    const inserted = await handle.db.executeQuery(CompiledQuery.raw(text, values));
    expect(inserted.numAffectedRows).toBe(600n);
    const kept = (statement: string) => read('select count(*)::int as n from pg_prepared_statements where statement = $1', [statement]);
    expect((await kept(text)).rows).toEqual([{ n: 0 }]);
    // a statement of a few values is kept, as every other
    const few = 'insert into probe_w (label) values ($1), ($2)';
    await handle.db.executeQuery(CompiledQuery.raw(few, ['a', 'b']));
    expect((await kept(few)).rows).toEqual([{ n: 1 }]);
  });
});

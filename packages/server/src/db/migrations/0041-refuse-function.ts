import { sql, type Kysely } from 'kysely';

/**
 * `circula_refuse(reason)`: fails the statement it is called in with SQLSTATE CIR01 and the reason
 * as its message. A create's single INSERT … RETURNING statement (records/service.ts insertQuery)
 * calls it when the record it just wrote may not be kept (outside the view it was created through,
 * or in a view the user may not write): the whole statement is undone, and the engine turns the
 * reason into the HTTP answer. PL/pgSQL's RAISE with a custom five-character SQLSTATE:
 * https://www.postgresql.org/docs/15/plpgsql-errors-and-messages.html
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function circula_refuse(reason text) returns integer language plpgsql volatile as $$
    begin
      raise exception using errcode = 'CIR01', message = reason;
    end
    $$`.execute(db);
}

import pg from 'pg';

/**
 * Named (server-side prepared) statements for the hottest queries on PostgreSQL.
 *
 * A statement sent unnamed is parsed, analysed and planned by the server at every call: for
 * get-by-id that is two thirds of the database's work (pgbench on the same query: 29 000/s
 * unnamed, 86 000/s prepared, two cores). The engine marks the few statements it sends
 * constantly with `prepareStatement(text)` — their SQL text is fixed, the values are bound —
 * and every pooled connection then prepares each once and afterwards only binds and runs it.
 *
 * Statement texts are kept in this process for its lifetime, so only a bounded set may be
 * registered (one per target, principal shape and lock for get-by-id); past MAX_STATEMENTS
 * further texts simply run unnamed. This concerns the pg driver only: on PGlite every read goes
 * out as a named statement (db/pglite-dialect.ts, NamedStatements).
 */
const MAX_STATEMENTS = 2000;
const names = new Map<string, string>();

/** Marks an SQL text as one to run as a named prepared statement (idempotent). */
export function prepareStatement(text: string): void {
  if (names.has(text) || names.size >= MAX_STATEMENTS) return;
  names.set(text, `circula_${names.size + 1}`);
}

/** The statement name of a registered text. */
export function statementName(text: string): string | undefined {
  return names.get(text);
}

/**
 * The pool's client: a query whose text was registered goes out under its statement name.
 * Anything else — other texts, query objects, cursors, callbacks — passes through untouched.
 */
export class PreparingClient extends pg.Client {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- pg's query has a dozen overloads; this forwards them all
  override query(...args: any[]): any {
    const [text, values] = args as [unknown, unknown];
    if (typeof text === 'string' && args.length <= 2 && (values === undefined || Array.isArray(values))) {
      const name = names.get(text);
      if (name) return super.query({ name, text, values });
    }
    return (super.query as (...a: unknown[]) => unknown)(...args);
  }
}

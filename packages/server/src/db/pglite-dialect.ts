import { types, type PGlite } from '@electric-sql/pglite';
import { serialize, type DatabaseError } from 'pg-protocol';
import type { CommandCompleteMessage, DataRowMessage } from 'pg-protocol/dist/messages.js';
import { Parser } from 'pg-protocol/dist/parser.js';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import { Mutex } from './mutex.js';

/**
 * Kysely dialect over PGlite. PGlite is a single PostgreSQL backend: every query shares one
 * session, so two interleaved transactions would silently merge. This driver hands out that one
 * connection to a single holder at a time (FIFO mutex): a transaction owns the backend from BEGIN
 * to COMMIT/ROLLBACK and concurrent requests queue behind it.
 */
export class PGliteDialect implements Dialect {
  constructor(private readonly pglite: PGlite) {}

  createAdapter(): DialectAdapter {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PGliteDriver(this.pglite);
  }
  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }
  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler();
  }
}

class PGliteDriver implements Driver {
  readonly #mutex = new Mutex();
  readonly #connection: PGliteConnection;
  readonly #releases = new WeakMap<DatabaseConnection, () => void>();

  constructor(private readonly pglite: PGlite) {
    this.#connection = new PGliteConnection(pglite);
  }

  async init(): Promise<void> {
    await this.pglite.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const release = await this.#mutex.acquire();
    // One physical connection, so a per-acquisition wrapper lets us pair acquire and release.
    const lease = Object.create(this.#connection) as PGliteConnection;
    this.#releases.set(lease, release);
    return lease;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    let statement = 'begin';
    if (settings.isolationLevel) statement += ` isolation level ${settings.isolationLevel}`;
    if (settings.accessMode) statement += ` ${settings.accessMode}`;
    await connection.executeQuery(CompiledQuery.raw(statement));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const release = this.#releases.get(connection);
    this.#releases.delete(connection);
    release?.();
  }

  async destroy(): Promise<void> {
    const release = await this.#mutex.acquire();
    try {
      if (!this.pglite.closed) await this.pglite.close();
    } finally {
      release();
    }
  }
}

const ROW_COUNT_COMMANDS = /^\s*(insert|update|delete|merge)\b/i;
const WITH = /^\s*with\b/i;
const SELECT = /^\s*select\b/i;
/**
 * What goes out as a named statement: one SELECT, INSERT, UPDATE, DELETE, MERGE or WITH. A text
 * with a semicolon may hold several commands, which PostgreSQL refuses to prepare (and the refusal
 * would abort a transaction), so it goes through PGlite's `query`, as do BEGIN, COMMIT and DDL.
 */
const isNamed = (text: string, parameters: number) =>
  parameters <= MAX_NAMED_PARAMETERS && text.length <= MAX_NAMED_TEXT && (SELECT.test(text) || ROW_COUNT_COMMANDS.test(text) || WITH.test(text)) && !text.includes(';');
/**
 * A statement kept prepared holds its parse tree (and maybe a plan) in the backend's memory until
 * it is closed: a bulk insert of thousands of values, whose text changes with each batch's size,
 * runs once through `query` instead of being kept among the named statements.
 */
const MAX_NAMED_PARAMETERS = 512;
const MAX_NAMED_TEXT = 32_768;

/** The rows a command tag says were changed ("INSERT 0 5", "UPDATE 3"), as PGlite's own parser counts them. */
function affectedBy(tag: string): number {
  const command = tag.slice(0, tag.indexOf(' '));
  if (!['INSERT', 'UPDATE', 'DELETE', 'MERGE', 'COPY'].includes(command)) return 0;
  return Number.parseInt(tag.slice(tag.lastIndexOf(' ') + 1), 10) || 0;
}
/** Named statements kept in the backend at most (the least recently used is closed). */
const MAX_NAMED = 256;
/** A named statement whose tables changed shape since it was prepared (PostgreSQL's "cached plan must not change result type"). */
const FEATURE_NOT_SUPPORTED = '0A000';

const frame = (...parts: Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};

/** How one column of a statement's rows is read: its name and its text parser (null: kept as text). */
interface Column {
  name: string;
  parse: ((value: string, typeId: number) => unknown) | null;
  typeId: number;
}

interface Named {
  name: string;
  paramTypes: number[];
  /** The statement's row, as described when it was prepared (the backend refuses to run it if that changes). */
  columns: Column[];
}

/**
 * Statements as named statements on the one backend (reads since 28/11/2026, writes too since the
 * night of 28/11: INSERT, UPDATE, DELETE and WITH, their rows changed counted from the command
 * tag as PGlite counts them; a create on 200 000 rows, A/B in the same hour: see the README).
 * PGlite's `query` sends a statement unnamed in
 * five calls into the backend (parse, describe, bind, describe, execute), and the backend parses
 * and plans it every time. A named statement is parsed and described once; afterwards bind,
 * execute and sync go in one call into the backend, and PostgreSQL's plan cache may keep its plan
 * (generic after five custom plans when those cost no less). A page of 20 from 200 000 rows:
 * 0.86 ms through `query`, 0.55 ms as a named statement through `execProtocol` (28/11/2026).
 *
 * The answer is read with pg-protocol's parser (the one `pg` uses, strings cut with Buffer's
 * UTF-8 decoder) rather than through `execProtocol`, whose parser decoded every field with a
 * TextDecoder and was a sixth of the server's CPU on a list: a page of 20 rows of 20 columns,
 * 0.9–1.1 ms → 0.33–0.38 ms (3 000 pages, three rounds, 28/11/2026). Rows come back in text
 * format and are parsed with PGlite's own parsers, so values are what `query` gives. The bytes
 * PGlite hands over are a view of its memory, valid during the callback only: they are copied.
 */
class NamedStatements {
  readonly #statements = new Map<string, Named>();
  #next = 0;

  constructor(private readonly pglite: PGlite) {}

  async query<R>(text: string, parameters: readonly unknown[], retried = false): Promise<{ rows: R[]; affectedRows: number }> {
    const statement = this.#statements.get(text) ?? (await this.#prepare(text));
    // most recently used last: the first is the one to close
    this.#statements.delete(text);
    this.#statements.set(text, statement);
    const values = parameters.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = this.pglite.serializers[statement.paramTypes[i]!];
      return serializer ? serializer(value) : String(value);
    });
    const { columns } = statement;
    const rows: R[] = [];
    let affectedRows = 0;
    let failure: (Error & { code?: string }) | undefined;
    const parser = new Parser();
    await this.pglite.execProtocolRawStream(frame(serialize.bind({ statement: statement.name, values }), serialize.execute({}), serialize.sync()), {
      onRawData: (bytes) =>
        parser.parse(Buffer.from(bytes), (message) => {
          if (message.name === 'dataRow') {
            const cells = (message as DataRowMessage).fields;
            const row: Record<string, unknown> = {};
            for (let i = 0; i < columns.length; i++) {
              const column = columns[i]!;
              const cell = cells[i] ?? null;
              row[column.name] = cell === null || column.parse === null ? cell : column.parse(cell, column.typeId);
            }
            rows.push(row as R);
          } else if (message.name === 'commandComplete') {
            affectedRows += affectedBy((message as CommandCompleteMessage).text);
          } else if (message.name === 'error' && !failure) {
            failure = message as DatabaseError;
          }
        }),
    });
    if (failure) {
      if (!retried && failure.code === FEATURE_NOT_SUPPORTED) {
        // the statement's tables changed shape: prepare (and describe) it again, once
        await this.#close(text);
        return this.query(text, parameters, true);
      }
      throw failure;
    }
    return { rows, affectedRows };
  }

  async #prepare(text: string): Promise<Named> {
    if (this.#statements.size >= MAX_NAMED) await this.#close(this.#statements.keys().next().value!);
    const name = `circula_statement_${++this.#next}`;
    const { messages } = await this.pglite.execProtocol(frame(serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()));
    const parameters = messages.find((message) => message.name === 'parameterDescription') as unknown as { dataTypeIDs: number[] } | undefined;
    const row = messages.find((message) => message.name === 'rowDescription') as unknown as { fields: { name: string; dataTypeID: number }[] } | undefined;
    const columns = (row?.fields ?? []).map(({ name: column, dataTypeID }) => ({
      name: column,
      typeId: dataTypeID,
      parse: (this.pglite.parsers[dataTypeID] ?? types.parsers[dataTypeID] ?? null) as Column['parse'],
    }));
    return { name, paramTypes: parameters?.dataTypeIDs ?? [], columns };
  }

  async #close(text: string): Promise<void> {
    const statement = this.#statements.get(text);
    if (!statement) return;
    this.#statements.delete(text);
    await this.pglite.execProtocol(frame(serialize.close({ type: 'S', name: statement.name }), serialize.sync()));
  }
}

class PGliteConnection implements DatabaseConnection {
  // (leases are Object.create(connection): state lives in plain properties, reached through the prototype)
  private readonly named: NamedStatements;

  constructor(private readonly pglite: PGlite) {
    this.named = new NamedStatements(pglite);
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const counted = ROW_COUNT_COMMANDS.test(compiledQuery.sql) || WITH.test(compiledQuery.sql);
    if (isNamed(compiledQuery.sql, compiledQuery.parameters.length)) {
      const { rows, affectedRows } = await this.named.query<R>(compiledQuery.sql, compiledQuery.parameters);
      return { rows, ...(counted ? { numAffectedRows: BigInt(affectedRows) } : {}) };
    }
    const result = await this.pglite.query<R>(compiledQuery.sql, [...compiledQuery.parameters], { rowMode: 'object' });
    return {
      rows: result.rows ?? [],
      ...(counted && result.affectedRows !== undefined ? { numAffectedRows: BigInt(result.affectedRows) } : {}),
    };
  }

  /** PGlite has no server-side cursors; rows are read in one go and handed out in chunks. */
  async *streamQuery<R>(compiledQuery: CompiledQuery, chunkSize = 1000): AsyncIterableIterator<QueryResult<R>> {
    const { rows } = await this.executeQuery<R>(compiledQuery);
    for (let i = 0; i < rows.length; i += chunkSize) {
      yield { rows: rows.slice(i, i + chunkSize) };
    }
  }
}

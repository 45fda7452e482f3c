import { CompiledQuery, type Transaction } from 'kysely';
import type { Principal } from '../auth/users.js';
import type { Db } from '../db/connect.js';
import { prepareStatement } from '../db/prepared.js';
import type { Database } from '../db/schema.js';

export type HistoryChanges = Record<string, [unknown, unknown]>;

export interface HistoryEntry {
  entity: string;
  recordId: number;
  version: number;
  action: string;
  changes: HistoryChanges;
}

/**
 * One history row as every single write sends it: a fixed text, run on PostgreSQL as a prepared
 * statement (db/prepared.ts), with no query to build and compile at each write.
 */
const INSERT_ONE = 'insert into record_history (entity, record_id, version, action, by_user, by_user_id, changes) values ($1, $2, $3, $4, $5, $6, $7)';
prepareStatement(INSERT_ONE);

/** One row of a record's history: who, what action, which version, which field changes. */
export async function writeHistory(executor: Db | Transaction<Database>, principal: Principal, entry: HistoryEntry): Promise<void> {
  const { entity, recordId, version, action, changes } = entry;
  await executor.executeQuery(CompiledQuery.raw(INSERT_ONE, [entity, recordId, version, action, principal.username, principal.userId, JSON.stringify(changes)]));
}

/** Rows of several records' histories by the same user, a few thousand per statement. */
export async function writeHistoryMany(executor: Db | Transaction<Database>, principal: Principal, entries: readonly HistoryEntry[]): Promise<void> {
  const PER_STATEMENT = 5000;
  for (let from = 0; from < entries.length; from += PER_STATEMENT) {
    await executor
      .insertInto('record_history')
      .values(
        entries.slice(from, from + PER_STATEMENT).map((entry) => ({
          entity: entry.entity,
          record_id: entry.recordId,
          version: entry.version,
          action: entry.action,
          by_user: principal.username,
          by_user_id: principal.userId,
          changes: JSON.stringify(entry.changes),
        })),
      )
      .execute();
  }
}

// NUL, and UTF-16 surrogates without their pair: what jsonb does not store as JSON text gives them
// eslint-disable-next-line no-control-regex -- NUL is exactly what this looks for
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const ESCAPES: Readonly<Record<string, string>> = { '"': '\\"', '\\': '\\\\', '\b': '\\b', '\f': '\\f', '\n': '\\n', '\r': '\\r', '\t': '\\t' };
const utf8 = (text: string) => Buffer.from(text, 'utf8');

/** A number as PostgreSQL writes the numeric JavaScript's text reads as: its digits written out, never an exponent (1e+21, 1.5e-7). */
function numericText(value: number): string {
  const text = String(value);
  const parts = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!parts) return text;
  const [, sign, first, rest = '', exponent] = parts;
  const digits = first! + rest;
  const point = 1 + Number(exponent);
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return `${sign}${digits}${'0'.repeat(point - digits.length)}`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

/**
 * The text PostgreSQL gives back for a JSON value stored as jsonb (`value::text`, its output
 * function): object keys shortest first, then by their UTF-8 bytes; ", " and ": " between items;
 * strings escaped as PostgreSQL escapes them; numbers written out. `value` is one JSON.parse
 * gives. Null when it cannot be told here (a string jsonb would refuse). Two values with the same
 * text are the same jsonb.
 */
export function jsonbText(value: unknown): string | null {
  if (value === null || typeof value === 'boolean') return String(value);
  if (typeof value === 'number') return Number.isFinite(value) ? numericText(value) : null;
  if (typeof value === 'string') {
    if (UNSTORABLE.test(value)) return null;
    // eslint-disable-next-line no-control-regex -- the control characters are what PostgreSQL escapes
    return `"${value.replace(/["\\\u0000-\u001f]/g, (c) => ESCAPES[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)}"`;
  }
  if (Array.isArray(value)) {
    const items = value.map(jsonbText);
    return items.includes(null) ? null : `[${items.join(', ')}]`;
  }
  if (typeof value !== 'object') return null;
  const keys = Object.keys(value).sort((a, b) => {
    const x = utf8(a);
    const y = utf8(b);
    return x.length - y.length || Buffer.compare(x, y);
  });
  const items: string[] = [];
  for (const key of keys) {
    const k = jsonbText(key);
    const v = jsonbText((value as Record<string, unknown>)[key]);
    if (k === null || v === null) return null;
    items.push(`${k}: ${v}`);
  }
  return `{${items.join(', ')}}`;
}

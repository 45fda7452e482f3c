import type { z } from 'zod';
import type { RecordShape } from '../api/records.js';
import type { GROUP_SCHEMAS } from '../validation/schemas.js';
import type { EntityDefinition, Fields } from './entity.js';
import type { FieldDefinition, GroupKind } from './fields.js';

/**
 * Record types from the catalogue (Payload's `RecordOf<typeof collection>`): what the API answers
 * for a record of an entity, and what the engine's hooks receive, read from the entity's declaration.
 *
 *   type Vehicle = RecordOf<typeof vehicle>;   // { id, code, status, version, …, plate: string, adr: boolean | null, … }
 */

/** The value of a group of a kind (contact, address, payment, birth place), as its zod schema reads it. */
export type GroupValue<K extends GroupKind> = z.output<(typeof GROUP_SCHEMAS)[K]>;

/** A measure: a quantity and its unit (kg, m³, km…). */
export interface MeasureValue {
  value: number | null;
  unit: string | null;
}

/** The value a field of this declaration holds when it holds one. */
export type FieldValue<F extends FieldDefinition> = F extends { type: 'text' | 'longText' | 'date' | 'datetime' | 'time' }
  ? string
  : F extends { type: 'integer' | 'decimal' | 'money' }
    ? number
    : F extends { type: 'boolean' }
      ? boolean
      : F extends { type: 'lookup' }
        ? F extends { multiple: true }
          ? string[]
          : string
        : F extends { type: 'reference' }
          ? F extends { multiple: true }
            ? number[]
            : number
          : F extends { type: 'tags' }
            ? number[]
            : F extends { type: 'document' }
              ? number
              : F extends { type: 'measure' }
                ? MeasureValue
                : F extends { type: 'translations' }
                  ? Record<string, string>
                  : F extends { type: 'json' }
                    ? Record<string, unknown>
                    : F extends { type: 'group'; group: infer K extends GroupKind }
                      ? F extends { array: true }
                        ? GroupValue<K>[]
                        : GroupValue<K>
                      : F extends { type: 'lines'; entity: infer C extends EntityDefinition<Fields, string> }
                        ? LineOf<C>[]
                        : never;

/**
 * A line of a header record (LinesField): its id and position once stored (a new line has
 * neither) and the child entity's fields.
 */
export type LineOf<C extends EntityDefinition<Fields, string>> = { id?: number; lineNo?: number } & {
  [K in keyof FieldsOf<C>]?: FieldValue<FieldsOf<C>[K]> | null;
};

/** Fields kept as a PostgreSQL array (and lines): a record always has a list there, empty rather than null. */
type ArrayColumn<F> = F extends { type: 'tags' | 'lines' } ? true : F extends { type: 'lookup' | 'reference'; multiple: true } ? true : false;

/** A stored field: required ones always hold a value, array columns a list, the others may be null. */
type StoredValue<F extends FieldDefinition> = F extends { required: true } ? FieldValue<F> : ArrayColumn<F> extends true ? FieldValue<F> : FieldValue<F> | null;

/** The fields of an entity's declaration. */
export type FieldsOf<E> = E extends EntityDefinition<infer F, string> ? F : never;

/** The status codes of an entity's workflow (`never` for an entity without one). */
export type StatusOf<E> = E extends EntityDefinition<Fields, infer S> ? S : never;

/** A record of the entity as the API answers it: the common fields (API.md "Record shape") and its own. */
export type RecordOf<E extends EntityDefinition<Fields, string>> = RecordShape<StatusOf<E>> & {
  [K in keyof FieldsOf<E>]: StoredValue<FieldsOf<E>[K]>;
};

/**
 * The values of a write as the engine's hooks see them (validated, before they are stored): any
 * field may be left out (an update keeps it) or emptied (null). Clients never send read-only
 * fields; a hook may add them (a file name copied from the document).
 */
export type ValuesOf<E extends EntityDefinition<Fields, string>> = {
  [K in keyof FieldsOf<E>]?: FieldValue<FieldsOf<E>[K]> | null;
};

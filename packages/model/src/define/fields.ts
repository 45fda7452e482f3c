import type { CheckName } from '../validation/checks.js';
import type { EntityDefinition } from './entity.js';

/**
 * Field builders of the catalogue. A field declares its type once; the database column, the
 * zod validation, the API shape, the list column and the form input all follow from it.
 */

export type Label = { it: string; en: string };

interface FieldBase {
  label?: Label;
  required?: boolean;
  /** Included in the free-text search (text fields only). */
  search?: boolean;
  /** Shown as a list column by default. */
  list?: boolean;
  /** Never written by clients (computed by the server or a domain hook). */
  readOnly?: boolean;
  /** Sortable and filterable in search (scalar columns default to true). */
  filterable?: boolean;
  /** Default for new records. */
  default?: unknown;
  /**
   * Set only by the company's staff (a request's planned day, its refusal reason): an external
   * user's write that changes it is refused (STAFF_ONLY), and their form shows it read-only.
   */
  staffOnly?: boolean;
}

export interface TextField extends FieldBase {
  type: 'text';
  max?: number;
  min?: number;
  pattern?: string;
  /** A check of validation/checks.ts CHECKS (e.g. italianVatNumber): an unknown name does not compile. */
  check?: CheckName;
  /** Stored upper-case (plates, fiscal codes). */
  upper?: boolean;
  /** A form input other than a plain text box: 'cron' is the cron helper (spec §9) of a quartz expression. */
  widget?: 'cron';
}
export interface LongTextField extends FieldBase {
  type: 'longText';
  max?: number;
}
export interface IntegerField extends FieldBase {
  type: 'integer';
  min?: number;
  max?: number;
  /** `false`: shown without thousands separators (a year, a register number: "2026", not "2.026"). */
  grouping?: false;
}
export interface DecimalField extends FieldBase {
  type: 'decimal';
  /** Fraction digits, 0–20. */
  scale: number;
  min?: number;
  max?: number;
}
export interface MoneyField extends FieldBase {
  type: 'money';
  min?: number;
}
export interface BooleanField extends FieldBase {
  type: 'boolean';
}
export interface DateField extends FieldBase {
  type: 'date';
  /** A deadline (an authorisation's expiry): lists and records flag it when past or within `warnDays`. */
  deadline?: { warnDays: number };
}

/** Where a deadline stands on a day: past, within its warning days, or fine (dates are 'YYYY-MM-DD'). */
export function deadlineState(value: unknown, warnDays: number, today: string): 'expired' | 'expiring' | 'valid' | null {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  if (value < today) return 'expired';
  const limit = new Date(`${today}T00:00:00Z`);
  limit.setUTCDate(limit.getUTCDate() + warnDays);
  return value <= limit.toISOString().slice(0, 10) ? 'expiring' : 'valid';
}
export interface DateTimeField extends FieldBase {
  type: 'datetime';
}
export interface TimeField extends FieldBase {
  type: 'time';
}
export interface LookupFilters {
  alpha1?: string;
  alpha2?: string;
  alpha3?: string;
  code?: string;
  tagIds?: number[];
}
export interface LookupField extends FieldBase {
  type: 'lookup';
  /** Lookup table code (e.g. SBJ_LEGAL_FORM). */
  table: string;
  multiple?: boolean;
  filters?: LookupFilters;
  /**
   * Offered only when creating a record: values with these flags (movement causals: flag1 marks the
   * ones a user may post by hand, spec §3). Editing shows every value, so a stored one keeps its label.
   */
  createFilter?: { flag1?: boolean; flag2?: boolean; flag3?: boolean };
  /**
   * Offered once the form's `field` has a value: values whose `column` equals it or is empty
   * (subject-to-subject by relationType, spec §3/§5). While `field` is empty, every value (see `keepOnEmpty`).
   */
  dependsOn?: LookupDependency;
}
export interface LookupDependency {
  /** The form field whose value the options follow. */
  field: string;
  /** The table value's column compared with it. */
  column: 'alpha1' | 'alpha2' | 'alpha3';
  /**
   * The options follow `field` only when it changes to a non-empty value: when it is emptied, the
   * last non-empty value keeps filtering and the chosen value stays (spec §4: transmission doc
   * type, receiver type and penalty reload only when alpha1 changes to a non-empty value). Until
   * `field` first has a value, every value is offered.
   */
  keepOnEmpty?: boolean;
}
export interface ReferenceField extends FieldBase {
  type: 'reference';
  /** Base entity name of the target. */
  entity: string;
  multiple?: boolean;
  /**
   * How a form edits a single reference: an autocomplete (default), or 'embedded' (spec §3
   * embedded-crud: the record's label and a button opening the target's form in a modal).
   */
  widget?: 'autocomplete' | 'embedded';
  /**
   * The route view pickers search through (a request's pickup point among pickup points,
   * `warehouses-pdp`), when the reader may read it; otherwise the entity's base route, or the
   * first of its views the reader may read.
   */
  view?: string;
}
export interface TagsField extends FieldBase {
  type: 'tags';
  /** Tag tree name the tags come from. */
  tree?: string;
}
export interface DocumentField extends FieldBase {
  type: 'document';
  accept?: string[];
}
export interface MeasureField extends FieldBase {
  type: 'measure';
  /** Measure unit category: DISTANCE, MASS, VOLUME, WEIGHT. */
  category: 'DISTANCE' | 'MASS' | 'VOLUME' | 'WEIGHT';
  scale?: number;
  /**
   * The MEASURE_UNIT codes offered, when not every unit of the category is (a request line's
   * estimate in kg, t, l or m³ spans two categories): the server refuses any other unit.
   */
  units?: readonly string[];
}
export type GroupKind = 'contact' | 'payment' | 'address' | 'birthPlace';
export interface GroupField extends FieldBase {
  type: 'group';
  group: GroupKind;
  /** An array of groups (several addresses, several contacts). */
  array?: boolean;
  /**
   * spec §4 fieldset reset: a clear icon restores the values the form opened with (`true`) or
   * these configured ones; an array goes back to one row holding them.
   */
  reset?: true | Record<string, unknown>;
}

/** Text per language: `{ it: '…', en: '…' }` (labels of lookup values, tags, templates). */
export interface TranslationsField extends FieldBase {
  type: 'translations';
  max?: number;
}
/**
 * The lines of a header record (a request's EER lines): the records of a child entity whose
 * `parent` is this one, edited in the header's form as a form array (spec §4) and written in the
 * header's transaction. The header's API record carries them as `[{ id, lineNo, …fields }]` on
 * get, create and update (never in lists); a write that sends `lines` sends the whole list: lines
 * with an `id` are kept and changed, lines without one are added, lines left out are deleted.
 * No column of the header's table holds them.
 */
export interface LinesField extends FieldBase {
  type: 'lines';
  /** The child entity (its declaration, so that records and values are typed from it). */
  entity: EntityDefinition;
  /** At least this many lines (a request has one at least). */
  min?: number;
  /** At most this many lines (default 200). */
  max?: number;
  /**
   * A line's reference offered among the ids a record the header names lists (a request line's EER
   * code among those its destination is authorised for): `{ waste: { by: 'destination', through:
   * 'authorisedWaste' } }`. Only while that record lists some; the server checks the same rule.
   */
  restrict?: Readonly<Record<string, { by: string; through: string }>>;
}

/** Free JSON object for configuration (extraFields of table values, column notes). */
export interface JsonField extends FieldBase {
  type: 'json';
}

export type FieldDefinition =
  | TranslationsField
  | JsonField
  | TextField
  | LongTextField
  | IntegerField
  | DecimalField
  | MoneyField
  | BooleanField
  | DateField
  | DateTimeField
  | TimeField
  | LookupField
  | ReferenceField
  | TagsField
  | DocumentField
  | MeasureField
  | GroupField
  | LinesField;

export type FieldType = FieldDefinition['type'];

type Options<F extends FieldDefinition> = Omit<F, 'type'>;
/** What a builder called without options adds to its field type: nothing. */
type NoOptions = Record<never, never>;
/** A field type with the options as written; without options, the field type itself. */
type Built<F extends FieldDefinition, O> = [keyof O] extends [never] ? F : F & O;

/*
 * Each builder returns its field type intersected with the options as written (`required: true`,
 * `multiple: true`, `group: 'address'`…), so that `RecordOf<typeof entity>` (define/record.ts) can
 * tell a required text from an optional one and a list of lookups from a single one.
 */
export const text = <const O extends Options<TextField> = NoOptions>(o?: O): Built<TextField, O> => ({ type: 'text', ...o }) as Built<TextField, O>;
export const longText = <const O extends Options<LongTextField> = NoOptions>(o?: O): Built<LongTextField, O> => ({ type: 'longText', ...o }) as Built<LongTextField, O>;
export const integer = <const O extends Options<IntegerField> = NoOptions>(o?: O): Built<IntegerField, O> => ({ type: 'integer', ...o }) as Built<IntegerField, O>;
export const decimal = <const O extends Omit<Options<DecimalField>, 'scale'> = NoOptions>(scale: number, o?: O): Built<DecimalField, O> => {
  if (!Number.isInteger(scale) || scale < 0 || scale > 20) throw new Error(`decimal scale must be 0–20, got ${scale}`);
  return { type: 'decimal', scale, ...o } as Built<DecimalField, O>;
};
export const money = <const O extends Options<MoneyField> = NoOptions>(o?: O): Built<MoneyField, O> => ({ type: 'money', ...o }) as Built<MoneyField, O>;
export const boolean = <const O extends Options<BooleanField> = NoOptions>(o?: O): Built<BooleanField, O> => ({ type: 'boolean', ...o }) as Built<BooleanField, O>;
export const date = <const O extends Options<DateField> = NoOptions>(o?: O): Built<DateField, O> => ({ type: 'date', ...o }) as Built<DateField, O>;
export const datetime = <const O extends Options<DateTimeField> = NoOptions>(o?: O): Built<DateTimeField, O> => ({ type: 'datetime', ...o }) as Built<DateTimeField, O>;
export const time = <const O extends Options<TimeField> = NoOptions>(o?: O): Built<TimeField, O> => ({ type: 'time', ...o }) as Built<TimeField, O>;
export const lookup = <const O extends Omit<Options<LookupField>, 'table'> = NoOptions>(table: string, o?: O): Built<LookupField, O> =>
  ({ type: 'lookup', table, ...o }) as Built<LookupField, O>;
export const reference = <const O extends Omit<Options<ReferenceField>, 'entity'> = NoOptions>(entity: string, o?: O): Built<ReferenceField, O> =>
  ({ type: 'reference', entity, ...o }) as Built<ReferenceField, O>;
export const tags = <const O extends Options<TagsField> = NoOptions>(o?: O): Built<TagsField, O> => ({ type: 'tags', ...o }) as Built<TagsField, O>;
export const document = <const O extends Options<DocumentField> = NoOptions>(o?: O): Built<DocumentField, O> => ({ type: 'document', ...o }) as Built<DocumentField, O>;
export const measure = <const O extends Omit<Options<MeasureField>, 'category'> = NoOptions>(category: MeasureField['category'], o?: O): Built<MeasureField, O> =>
  ({ type: 'measure', category, ...o }) as Built<MeasureField, O>;
export const translations = <const O extends Options<TranslationsField> = NoOptions>(o?: O): Built<TranslationsField, O> =>
  ({ type: 'translations', ...o }) as Built<TranslationsField, O>;
export const json = <const O extends Options<JsonField> = NoOptions>(o?: O): Built<JsonField, O> => ({ type: 'json', ...o }) as Built<JsonField, O>;
export const group = <K extends GroupKind, const O extends Omit<Options<GroupField>, 'group' | 'array'> = NoOptions>(kind: K, o?: O): Built<GroupField & { group: K }, O> =>
  ({ type: 'group', group: kind, ...o }) as Built<GroupField & { group: K }, O>;
export const groupArray = <K extends GroupKind, const O extends Omit<Options<GroupField>, 'group' | 'array'> = NoOptions>(
  kind: K,
  o?: O,
): Built<GroupField & { group: K; array: true }, O> => ({ type: 'group', group: kind, array: true, ...o }) as Built<GroupField & { group: K; array: true }, O>;

export const lines = <E extends EntityDefinition, const O extends Omit<Options<LinesField>, 'entity'> = NoOptions>(
  entity: E,
  o?: O,
): Built<LinesField & { entity: E }, O> => ({ type: 'lines', entity, ...o }) as Built<LinesField & { entity: E }, O>;

/** Whether a field is a column of its entity's table (lines live in their child entity's table). */
export const isStored = (field: FieldDefinition): boolean => field.type !== 'lines';

/** Fields stored in one scalar column that search can filter and sort on. */
export function isScalar(field: FieldDefinition): boolean {
  switch (field.type) {
    case 'lines':
    case 'group':
    case 'measure':
    case 'tags':
    case 'translations':
    case 'json':
      return false;
    case 'lookup':
    case 'reference':
      return !field.multiple;
    default:
      return true;
  }
}

/** Fields stored as a PostgreSQL array (filters: contains, in). */
export function isArrayColumn(field: FieldDefinition): boolean {
  return field.type === 'tags' || ((field.type === 'lookup' || field.type === 'reference') && field.multiple === true);
}

/** snake_case column name of a camelCase field name. */
export const columnName = (field: string): string => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

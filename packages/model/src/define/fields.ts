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
}

export interface TextField extends FieldBase {
  type: 'text';
  max?: number;
  min?: number;
  pattern?: string;
  /** Name of a checker in the validation registry (e.g. italianVatNumber). */
  check?: string;
  /** Stored upper-case (plates, fiscal codes). */
  upper?: boolean;
}
export interface LongTextField extends FieldBase {
  type: 'longText';
  max?: number;
}
export interface IntegerField extends FieldBase {
  type: 'integer';
  min?: number;
  max?: number;
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
  | GroupField;

export type FieldType = FieldDefinition['type'];

type Options<F extends FieldDefinition> = Omit<F, 'type'>;

export const text = (o: Options<TextField> = {}): TextField => ({ type: 'text', ...o });
export const longText = (o: Options<LongTextField> = {}): LongTextField => ({ type: 'longText', ...o });
export const integer = (o: Options<IntegerField> = {}): IntegerField => ({ type: 'integer', ...o });
export const decimal = (scale: number, o: Omit<Options<DecimalField>, 'scale'> = {}): DecimalField => {
  if (!Number.isInteger(scale) || scale < 0 || scale > 20) throw new Error(`decimal scale must be 0–20, got ${scale}`);
  return { type: 'decimal', scale, ...o };
};
export const money = (o: Options<MoneyField> = {}): MoneyField => ({ type: 'money', ...o });
export const boolean = (o: Options<BooleanField> = {}): BooleanField => ({ type: 'boolean', ...o });
export const date = (o: Options<DateField> = {}): DateField => ({ type: 'date', ...o });
export const datetime = (o: Options<DateTimeField> = {}): DateTimeField => ({ type: 'datetime', ...o });
export const time = (o: Options<TimeField> = {}): TimeField => ({ type: 'time', ...o });
export const lookup = (table: string, o: Omit<Options<LookupField>, 'table'> = {}): LookupField => ({ type: 'lookup', table, ...o });
export const reference = (entity: string, o: Omit<Options<ReferenceField>, 'entity'> = {}): ReferenceField => ({ type: 'reference', entity, ...o });
export const tags = (o: Options<TagsField> = {}): TagsField => ({ type: 'tags', ...o });
export const document = (o: Options<DocumentField> = {}): DocumentField => ({ type: 'document', ...o });
export const measure = (category: MeasureField['category'], o: Omit<Options<MeasureField>, 'category'> = {}): MeasureField => ({ type: 'measure', category, ...o });
export const translations = (o: Options<TranslationsField> = {}): TranslationsField => ({ type: 'translations', ...o });
export const json = (o: Options<JsonField> = {}): JsonField => ({ type: 'json', ...o });
export const group = (kind: GroupKind, o: Omit<Options<GroupField>, 'group' | 'array'> = {}): GroupField => ({ type: 'group', group: kind, ...o });
export const groupArray = (kind: GroupKind, o: Omit<Options<GroupField>, 'group' | 'array'> = {}): GroupField => ({ type: 'group', group: kind, array: true, ...o });

/** Fields stored in one scalar column that search can filter and sort on. */
export function isScalar(field: FieldDefinition): boolean {
  switch (field.type) {
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

/**
 * Seed shape of a lookup table (spec §3 "Table value", API.md `tablevalue`). Values are inserted
 * when missing (by table code + value code) and never overwritten: administrators edit them.
 */
export interface TableValueSeed {
  /** Stable key within the table (upper snake case, or the official code: 'ITA', 'BO', 'R13'). */
  code: string;
  /** Short value when it differs from the code (e.g. VAT rate '22'); defaults to the code. */
  val?: string;
  /** Plain name (language-neutral, e.g. an acronym); defaults to the Italian label. */
  name?: string;
  /** Translations: Italian required, English required. */
  it: string;
  en: string;
  alpha1?: string;
  alpha2?: string;
  alpha3?: string;
  flag1?: boolean;
  flag2?: boolean;
  flag3?: boolean;
  extraValue?: string;
  extraFields?: Record<string, unknown>;
}

export interface LookupTableSeed {
  /** Table code, upper snake case (e.g. SBJ_LEGAL_FORM). */
  code: string;
  name: { it: string; en: string };
  description?: string;
  /**
   * spec §3: which column of a value the lookup fields of this table store and its options carry
   * as their value: the value's `code` (the default), its short `val`, or its record `id`.
   */
  valueFrom?: 'id' | 'val' | 'code';
  /** What alpha1/alpha2/alpha3/flag1… mean in this table, for administrators. */
  columns?: Partial<Record<'alpha1' | 'alpha2' | 'alpha3' | 'flag1' | 'flag2' | 'flag3' | 'extraValue', string>>;
  values: TableValueSeed[];
}

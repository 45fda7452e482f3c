import { lookupTable, type LookupFilters, type LookupTableSeed, type TableValue } from '@circula/model';
import { useQuery } from '@tanstack/react-query';
import { http } from '../api/client';
import { textIn } from './labels';

/** A table value as `GET /api/conf/tables/tablevalue` answers it (`@circula/model` api/conf.ts). */
export type { TableValue };

/** Extra filters of a lookup (spec §7) plus the optional order. */
export interface LookupQuery extends LookupFilters {
  sort?: 'code,asc' | 'code,desc' | 'sortOrder,asc';
  /** The entity (route) the options are for: the server leaves out values meant for other entities. */
  entity?: string;
}

export const LOOKUP_URL = '/api/conf/tables/tablevalue';

export function lookupParams(table: string, filters: LookupQuery = {}): Record<string, string> {
  const params: Record<string, string> = { tableCodes: table, unpaged: 'true' };
  for (const key of ['alpha1', 'alpha2', 'alpha3', 'code', 'sort', 'entity'] as const) {
    const value = filters[key];
    if (value !== undefined && value !== '') params[key] = value;
  }
  if (filters.tagIds?.length) params.tagIds = filters.tagIds.join(',');
  return params;
}

export async function fetchLookupValues(table: string, filters: LookupQuery = {}): Promise<TableValue[]> {
  const data = await http.data<{ items: TableValue[] }>(LOOKUP_URL, { query: lookupParams(table, filters) });
  return data.items;
}

export const lookupQueryKey = (table: string, filters: LookupQuery = {}) => ['lookup', table, lookupParams(table, filters)] as const;

/**
 * The values of a lookup table (with its extra filters), cached by TanStack Query: every select of
 * the same table and filters shares one request. `table` null disables the query.
 */
export function useLookupValues(table: string | null, filters: LookupQuery = {}) {
  return useQuery({
    queryKey: lookupQueryKey(table ?? '', filters),
    queryFn: () => fetchLookupValues(table!, filters),
    enabled: !!table,
    staleTime: 10 * 60_000,
  });
}

/** A value's label in the UI language (spec §3: translated formattedOutput, else the plain name). */
export function tableValueLabel(value: TableValue, language: string): string {
  return textIn(value.formattedOutput, language) || value.name || value.code;
}

export type LookupValueFrom = NonNullable<LookupTableSeed['valueFrom']>;

/** The column of a table's values that its lookups store, as the table declares it (spec §3). */
export const valueFromOf = (table: string): LookupValueFrom => lookupTable(table)?.valueFrom ?? 'code';

/** What a lookup field stores for a table value: its code, its val or its id, as the table declares. */
export function lookupValue(v: TableValue, from: LookupValueFrom = valueFromOf(v.tableCode)): string | number {
  return from === 'id' ? v.id : from === 'val' ? v.val : v.code;
}

export interface LookupOption {
  /** What lookup fields store: the value's code, val or id, as its table declares. */
  value: string | number;
  label: string;
  /** What the table's option carries beside value and label (spec §3 option shapes). */
  extra: unknown;
}

/**
 * The option of a table value, with the shapes of spec §3: the label is the translated text
 * except for warehouse types ("CDR - Centro di raccolta") and R/D operations ("R3 - Riciclo…"), payment types (the plain name), agent
 * and dealer campaigns (alpha1) and transport causals (always Italian); the extra is the payment
 * type's {val, useBuOwner (flag1), required (flag3)}, the subject-warehouse's {code, relationType
 * (alpha1), flag1–3}, the mechanics' extraFields, the SMTP's extraValue, and the raw record
 * otherwise (urgency, transport causal…).
 */
export function lookupOption(v: TableValue, language: string, from: LookupValueFrom = valueFromOf(v.tableCode)): LookupOption {
  const text = tableValueLabel(v, language);
  const value = lookupValue(v, from);
  switch (v.tableCode) {
    case 'WAREHOUSE_TYPE':
      return { value, label: `${v.val} - ${text}`, extra: v };
    // the R/D operations are known by their legal code (D.Lgs 152/2006 Allegati B and C): "R3 - Riciclo…"
    case 'RD_OPERATION':
      return { value, label: `${v.code} - ${text}`, extra: v };
    case 'PAYMENT_TYPE':
      return { value, label: v.name || text, extra: { val: v.val, useBuOwner: v.flag1, required: v.flag3 } };
    case 'SUBJECT_WAREHOUSE':
      return { value, label: text, extra: { code: v.code, relationType: v.alpha1, flag1: v.flag1, flag2: v.flag2, flag3: v.flag3 } };
    case 'MECHANICS':
      return { value, label: text, extra: v.extraFields };
    case 'AGENT_CAMPAIGN':
    case 'DEALER_CAMPAIGN':
      return { value, label: v.alpha1 || text, extra: v };
    case 'SMTP':
      return { value, label: text, extra: v.extraValue };
    case 'TRANSPORT_CAUSAL':
      return { value, label: tableValueLabel(v, 'it'), extra: v };
    default:
      return { value, label: text, extra: v };
  }
}

/** The options a lookup select shows. */
export function lookupOptions(values: readonly TableValue[] | undefined, language: string): LookupOption[] {
  return (values ?? []).map((v) => lookupOption(v, language));
}

import type { LookupField } from '@circula/model';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { tableValueLabel, useLookupValues, type LookupQuery, type TableValue } from '../lookup-values';
import type { FieldInputProps } from '../types';

export interface LookupSelectProps {
  table: string;
  filters?: LookupQuery;
  multiple?: boolean;
  value: unknown;
  onChange: (value: string | string[] | null) => void;
  disabled?: boolean;
  id?: string;
  placeholder?: string;
  /** Label of an option (default: the translated text). */
  optionLabel?: (value: TableValue, label: string) => string;
  'aria-label'?: string;
}

/** A select over a lookup table's values (value = code, label in the UI language). */
export function LookupSelect({ table, filters, multiple, value, onChange, disabled, id, placeholder, optionLabel, ...rest }: LookupSelectProps) {
  const { i18n } = useTranslation();
  const { data, isLoading } = useLookupValues(table, filters);
  const options = (data ?? []).map((v) => {
    const label = tableValueLabel(v, i18n.language);
    return { value: v.code, label: optionLabel ? optionLabel(v, label) : label };
  });
  const current = multiple ? (Array.isArray(value) ? value : []) : typeof value === 'string' && value !== '' ? value : undefined;
  return (
    <Select
      id={id}
      aria-label={rest['aria-label']}
      mode={multiple ? 'multiple' : undefined}
      value={current}
      options={options}
      loading={isLoading}
      disabled={disabled}
      placeholder={placeholder}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      style={{ width: '100%' }}
      onChange={(next: string | string[] | undefined) => {
        if (Array.isArray(next)) onChange(next.length ? next : null);
        else onChange(next ?? null);
      }}
    />
  );
}

/** Lookup field: its table, its extra filters (spec §3/§7: alpha1, alpha2, alpha3, code, tagIds). */
export function LookupInput({ field, value, onChange, disabled, id }: FieldInputProps) {
  const lookup = field as LookupField;
  return (
    <LookupSelect
      id={id}
      table={lookup.table}
      filters={lookup.filters}
      multiple={lookup.multiple}
      value={value}
      disabled={disabled}
      onChange={(v) => onChange?.(v)}
    />
  );
}

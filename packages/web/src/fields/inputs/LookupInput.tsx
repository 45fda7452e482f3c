import type { LookupDependency, LookupField } from '@circula/model';
import { Form, Select } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lookupOption, lookupValue, useLookupValues, type LookupQuery, type TableValue } from '../lookup-values';
import type { FieldInputProps } from '../types';

/** A stored lookup value: a code or val, or an id for a table whose values are stored by id. */
type LookupSelectValue = string | number;

export interface LookupSelectProps {
  table: string;
  filters?: LookupQuery;
  multiple?: boolean;
  value: unknown;
  onChange: (value: LookupSelectValue | LookupSelectValue[] | null) => void;
  disabled?: boolean;
  id?: string;
  placeholder?: string;
  /** Label of an option (default: the translated text). */
  optionLabel?: (value: TableValue, label: string) => string;
  /** Only the values it accepts are offered (declaration rules of spec §3). */
  offered?: (value: TableValue) => boolean;
  'aria-label'?: string;
}

/** A select over a lookup table's values (value = what the table stores, label in the UI language). */
export function LookupSelect({ table, filters, multiple, value, onChange, disabled, id, placeholder, optionLabel, offered, ...rest }: LookupSelectProps) {
  const { i18n } = useTranslation();
  const { data, isLoading } = useLookupValues(table, filters);
  const options = (data ?? []).filter((v) => !offered || offered(v)).map((v) => {
    const option = lookupOption(v, i18n.language);
    return { ...option, label: optionLabel ? optionLabel(v, option.label) : option.label };
  });
  const current = multiple ? (Array.isArray(value) ? value : []) : (typeof value === 'string' && value !== '') || typeof value === 'number' ? value : undefined;
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
      onChange={(next: LookupSelectValue | LookupSelectValue[] | undefined) => {
        if (Array.isArray(next)) onChange(next.length ? next : null);
        else onChange(next ?? null);
      }}
    />
  );
}

type Flags = NonNullable<LookupField['createFilter']>;

/** The values a create form offers: those with every flag the declaration asks for. */
export const hasFlags = (flags: Flags) => (v: TableValue) => (Object.keys(flags) as (keyof Flags)[]).every((flag) => v[flag] === flags[flag]);

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

/** The values offered once the form's `dependsOn.field` holds `watched`: the matching column, or an empty one. */
export const matchesDependency = (column: LookupDependency['column'], watched: unknown) => (v: TableValue) =>
  isEmpty(watched) || v[column] === null || v[column] === '' || v[column] === watched;

/**
 * The value the options follow: the watched one, or with `keepOnEmpty` the last non-empty one while
 * the watched field is empty (spec §4: options reload only when alpha1 changes to a non-empty value).
 */
function useDependencyValue(dependsOn: LookupDependency, watched: unknown): unknown {
  const [lastFilled, setLastFilled] = useState<unknown>(undefined);
  // adjusting state while rendering (not in an effect): the options never show the unfiltered list in between
  if (dependsOn.keepOnEmpty && !isEmpty(watched) && watched !== lastFilled) setLastFilled(watched);
  return dependsOn.keepOnEmpty && isEmpty(watched) ? lastFilled : watched;
}

function both(a?: (v: TableValue) => boolean, b?: (v: TableValue) => boolean): ((v: TableValue) => boolean) | undefined {
  if (!a || !b) return a ?? b;
  return (v) => a(v) && b(v);
}

interface LookupRulesProps extends FieldInputProps<LookupField> {
  createOffered?: (v: TableValue) => boolean;
}

/**
 * A lookup whose values follow another field of the form (spec §3: subject-to-subject by
 * relationType; spec §4: transmission doc type, receiver type and penalty by alpha1, kept while it is emptied).
 */
function DependentLookup({ field: lookup, value, onChange, disabled, id, createOffered, form }: LookupRulesProps & { form: ReturnType<typeof Form.useFormInstance> }) {
  const dependsOn = lookup.dependsOn!;
  const watched = useDependencyValue(dependsOn, Form.useWatch(dependsOn.field, form));
  const offered = useMemo(() => both(createOffered, matchesDependency(dependsOn.column, watched)), [createOffered, dependsOn.column, watched]);
  const { data } = useLookupValues(lookup.table, lookup.filters);
  // a chosen value the new dependency no longer offers is cleared
  useEffect(() => {
    if (disabled || !data || !offered || value === null || value === undefined) return;
    const stored = new Set(data.filter(offered).map((v) => lookupValue(v)));
    if (Array.isArray(value)) {
      const kept = value.filter((c: unknown) => stored.has(c as LookupSelectValue));
      if (kept.length !== value.length) onChange?.(kept.length ? kept : null);
    } else if ((typeof value === 'string' || typeof value === 'number') && !stored.has(value)) onChange?.(null);
  }, [data, offered, value, disabled, onChange]);
  return (
    <LookupSelect
      id={id}
      table={lookup.table}
      filters={lookup.filters}
      multiple={lookup.multiple}
      value={value}
      disabled={disabled}
      offered={offered}
      onChange={(v) => onChange?.(v)}
    />
  );
}

/**
 * Lookup field: its table, its extra filters (spec §3/§7: alpha1, alpha2, alpha3, code, tagIds) and
 * the declaration's rules: `createFilter` (only flagged values when creating: movement causals by
 * flag1) and `dependsOn` (values following another field of the form, optionally only its non-empty values).
 */
export function LookupInput(props: FieldInputProps<LookupField>) {
  const { field: lookup, value, onChange, disabled, id, mode } = props;
  const form = Form.useFormInstance();
  const createOffered = useMemo(() => (mode === 'create' && lookup.createFilter ? hasFlags(lookup.createFilter) : undefined), [mode, lookup.createFilter]);
  if (lookup.dependsOn && form) return <DependentLookup {...props} form={form} createOffered={createOffered} />;
  return (
    <LookupSelect
      id={id}
      table={lookup.table}
      filters={lookup.filters}
      multiple={lookup.multiple}
      value={value}
      disabled={disabled}
      offered={createOffered}
      onChange={(v) => onChange?.(v)}
    />
  );
}

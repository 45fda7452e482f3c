import type { MeasureField } from '@circula/model';
import { Flex } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldInputProps } from '../types';
import { LookupSelect } from './LookupInput';
import { NumberTextInput } from './NumberInput';

export interface MeasureValue {
  value: number | null;
  unit: string | null;
}

const asMeasure = (v: unknown): { value: unknown; unit: string | null } => {
  if (v && typeof v === 'object') {
    const m = v as { value?: unknown; unit?: unknown };
    return { value: m.value ?? null, unit: typeof m.unit === 'string' ? m.unit : null };
  }
  return { value: null, unit: null };
};

/**
 * A quantity with its unit among the MEASURE_UNIT values of the field's category (or the units the
 * field names, e.g. kg, t, l and m³ for a request line's estimate). Pairing (spec §4):
 * clearing the number restores the last chosen unit; clearing the unit empties the number.
 */
export function MeasureInput({ field: measure, value, onChange, disabled, id }: FieldInputProps<MeasureField>) {
  const { t } = useTranslation();
  const current = asMeasure(value);
  const [lastUnit, setLastUnit] = useState<string | null>(current.unit);
  const emit = (next: { value: unknown; unit: string | null }) =>
    onChange?.(next.value === null && next.unit === null ? null : (next as MeasureValue));

  return (
    <Flex gap={8} align="flex-start" style={{ width: '100%' }}>
      <div style={{ flex: 2 }}>
        <NumberTextInput
          id={id}
          aria-label={t('FIELDS.MEASURE.VALUE')}
          value={current.value}
          scale={measure.scale ?? 20}
          disabled={disabled}
          onChange={(v) => emit(v === null ? { value: null, unit: lastUnit } : { value: v, unit: current.unit })}
        />
      </div>
      <div style={{ flex: 1, minWidth: 90 }}>
        <LookupSelect
          aria-label={t('FIELDS.MEASURE.UNIT')}
          table="MEASURE_UNIT"
          filters={measure.units ? undefined : { alpha1: measure.category }}
          offered={measure.units ? (v) => measure.units!.includes(v.code) : undefined}
          value={current.unit}
          disabled={disabled}
          optionLabel={(v, label) => v.alpha2 || label}
          onChange={(unit) => {
            if (typeof unit !== 'string') {
              emit({ value: null, unit: null });
              return;
            }
            setLastUnit(unit);
            emit({ value: current.value, unit });
          }}
        />
      </div>
    </Flex>
  );
}

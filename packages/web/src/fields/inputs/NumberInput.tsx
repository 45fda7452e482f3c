import type { DecimalField, IntegerField, MeasureField, MoneyField } from '@circula/model';
import { Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { editableNumber, formatScaled, parseItalianNumber } from '../numbers';
import type { FieldInputProps } from '../types';

/** Fraction digits a numeric field accepts. */
export function scaleOf(field: IntegerField | DecimalField | MoneyField | MeasureField): number {
  switch (field.type) {
    case 'integer':
      return 0;
    case 'money':
      return 2;
    default:
      return field.scale ?? 20;
  }
}

export interface NumberTextInputProps {
  value: unknown;
  onChange: (value: number | string | null) => void;
  scale: number;
  disabled?: boolean;
  id?: string;
  suffix?: string;
  min?: number;
  max?: number;
  'aria-label'?: string;
  /** Without thousands separators (a year). */
  ungrouped?: boolean;
}

function matches(text: string, value: unknown, scale: number): boolean {
  const parsed = parseItalianNumber(text, scale);
  return parsed.ok ? parsed.value === (typeof value === 'number' ? value : null) : text === value;
}

/** The message key of a number's text, or null when it is a valid value. */
export function numberError(value: unknown, scale: number, min?: number, max?: number): string | null {
  if (typeof value === 'string') {
    const parsed = parseItalianNumber(value, scale);
    if (parsed.ok) return null;
    return parsed.error === 'TOO_MANY_DECIMALS' && scale === 0 ? 'FIELDS.ERRORS.INTEGER_ONLY' : `FIELDS.ERRORS.${parsed.error}`;
  }
  if (typeof value === 'number') {
    if (min !== undefined && value < min) return 'FIELDS.ERRORS.TOO_SMALL';
    if (max !== undefined && value > max) return 'FIELDS.ERRORS.TOO_BIG';
  }
  return null;
}

/**
 * A number typed the Italian way (1.234,56), right-aligned. While focused it shows the number as
 * typed; otherwise formatted with the field's fraction digits. Text that is not a number stays in
 * the box and goes to the form as text, which the field's schema rejects.
 */
export function NumberTextInput({ value, onChange, scale, disabled, id, suffix, min, max, ungrouped, ...rest }: NumberTextInputProps) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<string | null>(null);
  const error = numberError(value, scale, min, max);
  // the text being typed, unless the value was changed from outside meanwhile (a paired unit cleared it)
  const typed = editing !== null && matches(editing, value, scale) ? editing : null;
  const shown = typed ?? (typeof value === 'string' ? value : typeof value === 'number' ? (ungrouped ? editableNumber(value) : formatScaled(value, scale)) : '');

  return (
    <div style={{ width: '100%' }}>
      <Input
        id={id}
        aria-label={rest['aria-label']}
        value={shown}
        disabled={disabled}
        inputMode="decimal"
        suffix={suffix}
        status={error ? 'error' : undefined}
        aria-invalid={error ? true : undefined}
        styles={{ input: { textAlign: 'right' } }}
        style={{ textAlign: 'right' }}
        onFocus={() => setEditing(typeof value === 'number' ? editableNumber(value) : typeof value === 'string' ? value : '')}
        onBlur={() => setEditing(null)}
        onChange={(e) => {
          const text = e.target.value;
          setEditing(text);
          const parsed = parseItalianNumber(text, scale);
          onChange(parsed.ok ? parsed.value : text);
        }}
      />
      {error && (
        <div className="ant-form-item-explain-error" role="alert" style={{ fontSize: 12 }}>
          {t(error, { scale })}
        </div>
      )}
    </div>
  );
}

/** integer, decimal and money fields. */
export function NumberInput({ field, value, onChange, disabled, id }: FieldInputProps<IntegerField | DecimalField | MoneyField>) {
  const scale = scaleOf(field);
  return (
    <NumberTextInput
      id={id}
      value={value}
      disabled={disabled}
      scale={scale}
      suffix={field.type === 'money' ? '€' : undefined}
      min={field.min}
      max={'max' in field ? field.max : undefined}
      ungrouped={field.type === 'integer' && field.grouping === false}
      onChange={(v) => onChange?.(v)}
    />
  );
}

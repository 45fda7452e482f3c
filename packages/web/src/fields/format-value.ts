import type { FieldDefinition, MeasureField } from '@circula/model';
import dayjs from 'dayjs';
import { formatDateTime, formatMoney } from '../app/format';
import { formatScaled } from './numbers';

/** 'YYYY-MM-DD' → dd/mm/yyyy (read as a calendar day, never shifted by the time zone). */
export function formatApiDate(value: unknown): string {
  if (typeof value !== 'string' || !value) return '';
  const d = dayjs(value.slice(0, 10), 'YYYY-MM-DD');
  return d.isValid() ? d.format('DD/MM/YYYY') : '';
}

/**
 * The text of a scalar value in Italian formats, or null when the field needs a lookup to be shown
 * (lookups, references, tags, documents, measures, groups).
 */
export function formatScalar(field: FieldDefinition, value: unknown, yesNo: (v: boolean) => string): string | null {
  if (value === null || value === undefined || value === '') return '';
  switch (field.type) {
    case 'text':
    case 'longText':
    case 'time':
      return String(value);
    case 'integer':
      return typeof value === 'number' && field.grouping !== false ? formatScaled(value, 0) : String(value);
    case 'decimal':
      return typeof value === 'number' ? formatScaled(value, field.scale) : String(value);
    case 'money':
      return typeof value === 'number' ? formatMoney(value) : String(value);
    case 'boolean':
      return typeof value === 'boolean' ? yesNo(value) : '';
    case 'date':
      return formatApiDate(value);
    case 'datetime':
      return formatDateTime(String(value));
    case 'translations':
    case 'json':
      return null;
    default:
      return null;
  }
}

export const measureNumber = (field: MeasureField, value: unknown): string =>
  typeof value === 'number' ? formatScaled(value, field.scale ?? 20) : '';

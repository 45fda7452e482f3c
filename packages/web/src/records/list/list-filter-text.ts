import type { FilterSpec, Target } from '@circula/model';
import { formatDateTime } from '../../app/format';

/** The columns every record has, labelled by the list's own words (RECORD_LIST.COLUMN). */
const COMMON_LABELS: Readonly<Record<string, string>> = {
  code: 'RECORD_LIST.COLUMN.CODE',
  status: 'RECORD_LIST.COLUMN.STATUS',
  createdAt: 'RECORD_LIST.COLUMN.CREATED_AT',
  updatedAt: 'RECORD_LIST.COLUMN.UPDATED_AT',
};
const COMMON_DATETIMES = new Set(['createdAt', 'updatedAt']);
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * One filter of a list as its tag reads (`Stato = Eseguita`, `Dal giorno compreso tra 01/12/2025,
 * 25/11/2026`): the field's label, the operator, the value as the user reads it — days dd/mm/yyyy,
 * instants dd/mm/yyyy hh:mm, statuses by their label.
 */
export function filterText(filter: FilterSpec, target: Target, language: string, t: (key: string) => string): string {
  const lang = language === 'en' ? 'en' : 'it';
  const field = Object.hasOwn(target.entity.fields, filter.field) ? target.entity.fields[filter.field] : undefined;
  const label = field?.label?.[lang] ?? (COMMON_LABELS[filter.field] ? t(COMMON_LABELS[filter.field]!) : filter.field);
  const one = (value: unknown): string => {
    const text = String(value);
    if (filter.field === 'status') return target.entity.statuses?.list.find((s) => s.code === text)?.label[lang] ?? text;
    if (field?.type === 'date') return text.replace(DAY, '$3/$2/$1');
    if (field?.type === 'datetime' || COMMON_DATETIMES.has(filter.field)) return formatDateTime(text) || text;
    return text;
  };
  const value = filter.value === undefined ? '' : Array.isArray(filter.value) ? filter.value.map(one).join(', ') : one(filter.value);
  return `${label} ${t(`RECORD_LIST.OPS.${filter.op}`)} ${value}`.trim();
}

/**
 * Italian display formats (spec §9): dates dd/mm/yyyy, numbers 1.234,56, money 1.234,56 €.
 * Grouping is forced because the Italian CLDR rules leave four-digit numbers ungrouped.
 */
export const DATE_FORMAT = 'DD/MM/YYYY';
export const DATE_TIME_FORMAT = 'DD/MM/YYYY HH:mm';
const LOCALE = 'it-IT';

type DateInput = Date | string | number | null | undefined;

function toDate(value: DateInput): Date | null {
  if (value == null || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const dateFormat = new Intl.DateTimeFormat(LOCALE, { day: '2-digit', month: '2-digit', year: 'numeric' });
const timeFormat = new Intl.DateTimeFormat(LOCALE, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** 05/03/2026; empty string for a missing or invalid date. */
export function formatDate(value: DateInput): string {
  const date = toDate(value);
  return date ? dateFormat.format(date) : '';
}

/** 05/03/2026 14:30 */
export function formatDateTime(value: DateInput): string {
  const date = toDate(value);
  return date ? `${dateFormat.format(date)} ${timeFormat.format(date)}` : '';
}

/** 1.234,56 — `digits` fixes the fraction digits, otherwise up to 20 are kept (spec §5). */
export function formatNumber(value: number | null | undefined, digits?: number): string {
  if (value == null || Number.isNaN(value)) return '';
  return new Intl.NumberFormat(LOCALE, {
    useGrouping: 'always',
    minimumFractionDigits: digits ?? 0,
    maximumFractionDigits: digits ?? 20,
  }).format(value);
}

/** A rough count, as an estimate is said: 1,2 M; 240.000 (two significant digits). */
export function formatCompact(value: number): string {
  if (value >= 1_000_000) return `${formatNumber(Math.round(value / 100_000) / 10)} M`;
  const magnitude = 10 ** Math.max(0, Math.floor(Math.log10(Math.max(value, 1))) - 1);
  return formatNumber(Math.round(value / magnitude) * magnitude);
}

/** 1.234,56 € (the space before the symbol is a no-break space). */
export function formatMoney(value: number | null | undefined, currency = 'EUR'): string {
  if (value == null || Number.isNaN(value)) return '';
  return new Intl.NumberFormat(LOCALE, { style: 'currency', currency, useGrouping: 'always' }).format(value);
}

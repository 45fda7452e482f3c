/**
 * Italian numbers in inputs (spec §5, §9): comma for decimals, dot for thousands, 0–20 fraction
 * digits. Parsing is strict: text that is not a number is reported, never guessed.
 */
const LOCALE = 'it-IT';

export type ParsedNumber = { ok: true; value: number | null } | { ok: false; error: 'INVALID_NUMBER' | 'TOO_MANY_DECIMALS' };

/** `1.234,56` → 1234.56; `''` → null. Dots are thousands separators only when they group by three. */
export function parseItalianNumber(text: string, scale = 20): ParsedNumber {
  const trimmed = text.replace(/\s/g, '');
  if (trimmed === '') return { ok: true, value: null };
  const m = /^([+-]?)(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d+))?$/.exec(trimmed);
  if (!m) return { ok: false, error: 'INVALID_NUMBER' };
  const [, sign, whole, fraction = ''] = m;
  if (fraction.length > scale) return { ok: false, error: 'TOO_MANY_DECIMALS' };
  const value = Number(`${sign}${whole!.replaceAll('.', '')}${fraction ? `.${fraction}` : ''}`);
  if (!Number.isFinite(value)) return { ok: false, error: 'INVALID_NUMBER' };
  return { ok: true, value: Object.is(value, -0) ? 0 : value };
}

/** Fraction digits shown for a decimal of this scale: at least two (so 12,000 never reads as twelve thousand), at most the scale. */
export function fractionDigits(scale: number): { min: number; max: number } {
  return { min: Math.min(scale, 2), max: scale };
}

/** 1234.5 → `1.234,50` (scale 2). */
export function formatScaled(value: number | null | undefined, scale = 20): string {
  if (value == null || Number.isNaN(value)) return '';
  const { min, max } = fractionDigits(scale);
  return new Intl.NumberFormat(LOCALE, { useGrouping: 'always', minimumFractionDigits: min, maximumFractionDigits: max }).format(value);
}

/** The text to edit: no grouping, comma decimals, every digit kept. */
export function editableNumber(value: number | null | undefined): string {
  if (value == null || Number.isNaN(value)) return '';
  return new Intl.NumberFormat(LOCALE, { useGrouping: false, maximumFractionDigits: 20 }).format(value);
}

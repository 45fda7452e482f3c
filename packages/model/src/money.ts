import { Decimal } from 'decimal.js';

/**
 * Exact money (issue 19): amounts travel as numbers in the API and as numeric(18,2) in the
 * database, but every sum, product and rounding goes through decimal.js — never through binary
 * floating point. An amount leaves this module as a string with two decimals ("1234.50").
 *
 * Rounding follows the checks the Sistema di Interscambio runs on a FatturaPA file (Specifiche
 * tecniche, errors 00421–00423): a line's PrezzoTotale is PrezzoUnitario × Quantita rounded to the
 * cent; a summary's ImponibileImporto is the exact sum of its lines' PrezzoTotale; its Imposta is
 * ImponibileImporto × AliquotaIVA / 100 rounded half-up to the cent, once per rate (never the sum
 * of per-line VAT).
 */
export const Money = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
export type MoneyValue = InstanceType<typeof Money>;

/** A number, a decimal string or nothing (0) as an exact decimal. */
export function dec(value: number | string | MoneyValue | null | undefined): MoneyValue {
  if (value === null || value === undefined || value === '') return new Money(0);
  // String(n) is the shortest text that reads back as n: 0.1 → "0.1", exact for numeric(18,x) values
  return value instanceof Money ? value : new Money(typeof value === 'number' ? String(value) : value);
}

/** Rounded half-up to the cent, as "1234.50". */
export const toCents = (value: number | string | MoneyValue | null | undefined): string =>
  dec(value).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);

/** The sum of amounts, exact. */
export const sumOf = (values: readonly (number | string | MoneyValue | null | undefined)[]): MoneyValue =>
  values.reduce<MoneyValue>((sum, v) => sum.plus(dec(v)), new Money(0));

/**
 * A line's amount: quantity × unit price rounded to the cent (the unit price alone without a
 * quantity); a positive minimum charge replaces a smaller positive result.
 */
export function lineAmount(quantity: number | string | null | undefined, unitPrice: number | string, minimumCharge?: number | string | null): string {
  const raw = quantity === null || quantity === undefined || quantity === '' ? dec(unitPrice) : dec(quantity).times(dec(unitPrice));
  const amount = dec(toCents(raw));
  const minimum = dec(minimumCharge);
  return toCents(amount.gte(0) && minimum.gt(amount) ? minimum : amount);
}

/** The VAT of a summary row: taxable × rate / 100, rounded half-up to the cent. */
export const vatOf = (taxable: number | string | MoneyValue, ratePct: number | string): string => toCents(dec(taxable).times(dec(ratePct)).div(100));

/** A price or quantity with at least `min` and at most `max` decimals, for FatturaPA's 2–8 decimal fields: "0.1250" → "0.125". */
export function withDecimals(value: number | string | MoneyValue, min = 2, max = 8): string {
  const d = dec(value).toDecimalPlaces(max, Decimal.ROUND_HALF_UP);
  const places = Math.max(min, d.decimalPlaces());
  return d.toFixed(places);
}

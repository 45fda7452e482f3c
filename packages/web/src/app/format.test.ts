import { describe, expect, it } from 'vitest';
import { formatCompact, formatDate, formatDateTime, formatMoney, formatNumber } from './format';

describe('Italian formatters', () => {
  it('formats dates as dd/mm/yyyy', () => {
    expect(formatDate(new Date(2026, 2, 5))).toBe('05/03/2026');
    expect(formatDate('2025-12-31T10:00:00')).toBe('31/12/2025');
  });

  it('formats date and time with a 24-hour clock', () => {
    expect(formatDateTime(new Date(2026, 2, 5, 14, 30))).toBe('05/03/2026 14:30');
  });

  it('returns an empty string for missing or invalid dates', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });

  it('groups thousands with dots and uses a decimal comma', () => {
    expect(formatNumber(1234.56)).toBe('1.234,56');
    expect(formatNumber(1234)).toBe('1.234');
    expect(formatNumber(1234567.891, 2)).toBe('1.234.567,89');
    expect(formatNumber(0.5, 2)).toBe('0,50');
  });

  it('formats euro amounts as 1.234,56 €', () => {
    expect(formatMoney(1234.56)).toBe('1.234,56\u00a0€');
    expect(formatMoney(-7)).toBe('-7,00\u00a0€');
    expect(formatMoney(null)).toBe('');
  });
});

describe('rough counts', () => {
  it('say an estimate as people read it: 1,2 M, 240.000', () => {
    expect(formatCompact(1_234_567)).toBe('1,2 M');
    expect(formatCompact(243_871)).toBe('240.000');
    expect(formatCompact(10_523)).toBe('11.000');
  });
});

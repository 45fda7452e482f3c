import { describe, expect, it } from 'vitest';
import { isValidIban, normalizeIban } from './iban';
import { editableNumber, formatScaled, parseItalianNumber } from './numbers';

describe('Italian numbers', () => {
  it('parses comma decimals and dot thousands', () => {
    expect(parseItalianNumber('1.234,56')).toEqual({ ok: true, value: 1234.56 });
    expect(parseItalianNumber('1234,5')).toEqual({ ok: true, value: 1234.5 });
    expect(parseItalianNumber('-0,75')).toEqual({ ok: true, value: -0.75 });
    expect(parseItalianNumber(' 12 ')).toEqual({ ok: true, value: 12 });
    expect(parseItalianNumber('')).toEqual({ ok: true, value: null });
  });

  it('rejects what is not an Italian number instead of guessing', () => {
    expect(parseItalianNumber('1.5')).toEqual({ ok: false, error: 'INVALID_NUMBER' });
    expect(parseItalianNumber('12,3,4')).toEqual({ ok: false, error: 'INVALID_NUMBER' });
    expect(parseItalianNumber('abc')).toEqual({ ok: false, error: 'INVALID_NUMBER' });
    expect(parseItalianNumber('1,234', 2)).toEqual({ ok: false, error: 'TOO_MANY_DECIMALS' });
    expect(parseItalianNumber('7,5', 0)).toEqual({ ok: false, error: 'TOO_MANY_DECIMALS' });
  });

  it('formats with grouping and the scale of the field', () => {
    expect(formatScaled(1234.5, 2)).toBe('1.234,50');
    expect(formatScaled(1234, 0)).toBe('1.234');
    expect(formatScaled(12, 3)).toBe('12,00');
    expect(formatScaled(0.12345, 4)).toBe('0,1235');
    expect(formatScaled(1e-7, 20)).toBe('0,0000001');
    expect(editableNumber(1234.5)).toBe('1234,5');
  });
});

describe('IBAN', () => {
  it('accepts IBANs whose mod-97 is 1, with spaces and lower case', () => {
    expect(isValidIban('IT60X0542811101000000123456')).toBe(true);
    expect(isValidIban('it60 x054 2811 1010 0000 0123 456')).toBe(true);
    expect(isValidIban('DE89370400440532013000')).toBe(true);
    expect(isValidIban('GB82WEST12345698765432')).toBe(true);
    expect(normalizeIban('it60 x054')).toBe('IT60X054');
  });

  it('rejects wrong check digits, wrong lengths and unknown countries', () => {
    expect(isValidIban('IT61X0542811101000000123456')).toBe(false);
    expect(isValidIban('IT60X054281110100000012345')).toBe(false);
    expect(isValidIban('ZZ60X0542811101000000123456')).toBe(false);
    expect(isValidIban('')).toBe(false);
  });
});

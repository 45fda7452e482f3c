import { describe, expect, it } from 'vitest';
import { dec, lineAmount, sumOf, toCents, vatOf, withDecimals } from './money.js';

describe('money', () => {
  it('multiplies and rounds a line to the cent, half up, without binary floating point', () => {
    // 1.005 × 1 in floating point is 1.00499999…: exact decimals round it up
    expect(lineAmount(1, '1.005')).toBe('1.01');
    expect(lineAmount('1250.5', '0.1235')).toBe('154.44'); // 154.43675
    expect(lineAmount(3, 0.1)).toBe('0.30'); // 0.30000000000000004 in floating point
    expect(lineAmount('0.005', 1)).toBe('0.01');
    expect(lineAmount(null, '85')).toBe('85.00');
    expect(lineAmount(2, '-12.345')).toBe('-24.69');
    expect(lineAmount('-0.125', 1)).toBe('-0.13'); // half away from zero
  });

  it('applies a positive minimum charge to a smaller positive amount only', () => {
    expect(lineAmount(100, '0.12', '50')).toBe('50.00');
    expect(lineAmount(1000, '0.12', '50')).toBe('120.00');
    expect(lineAmount(100, '-0.12', '50')).toBe('-12.00'); // a premium is never raised to a minimum
  });

  it('computes VAT once per rate on the exact sum of the lines (FatturaPA Imposta rule)', () => {
    const lines = ['0.33', '0.33', '0.33'];
    const taxable = sumOf(lines);
    expect(taxable.toFixed(2)).toBe('0.99');
    // per-line VAT rounded then summed would give 0.07 × 3 = 0.21; the rule gives 0.22
    expect(vatOf(taxable, 22)).toBe('0.22');
    expect(vatOf('100.05', '22')).toBe('22.01'); // 22.011
    expect(vatOf('0.45', '10')).toBe('0.05'); // 0.045 half up
    expect(vatOf('1234.56', '0')).toBe('0.00');
  });

  it('reads numbers by their shortest text and keeps decimals exact', () => {
    expect(dec(0.1).plus(dec(0.2)).toString()).toBe('0.3');
    expect(toCents(null)).toBe('0.00');
    expect(sumOf([0.1, 0.2, '0.3', null]).toFixed(2)).toBe('0.60');
  });

  it('writes prices with two to eight decimals', () => {
    expect(withDecimals('0.125')).toBe('0.125');
    expect(withDecimals(12)).toBe('12.00');
    expect(withDecimals('0.123456789')).toBe('0.12345679');
    expect(withDecimals('1250', 2)).toBe('1250.00');
  });
});

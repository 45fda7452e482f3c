import { describe, expect, it } from 'vitest';
import { GROUP_SCHEMAS } from './schemas.js';
import { isValidIban, normalizeIban } from './iban.js';

describe('IBAN', () => {
  it('accepts valid IBANs, with or without spaces and in lower case', () => {
    for (const iban of ['IT60X0542811101000000123456', 'IT60 X054 2811 1010 0000 0123 456', 'it60x0542811101000000123456', 'DE89370400440532013000', 'GB82WEST12345698765432']) {
      expect(isValidIban(iban), iban).toBe(true);
    }
    expect(normalizeIban('it60 x054 2811 1010 0000 0123 456')).toBe('IT60X0542811101000000123456');
  });

  it('refuses wrong check digits, wrong lengths and unknown countries', () => {
    for (const iban of ['IT60X0542811101000000123457', 'IT61X0542811101000000123456', 'IT60X054281110100000012345', 'XX60X0542811101000000123456', '']) {
      expect(isValidIban(iban), iban).toBe(false);
    }
  });

  it('is what the payment group checks, on the server and in the forms', () => {
    expect(GROUP_SCHEMAS.payment.safeParse({ iban: 'IT60X0542811101000000123456' }).success).toBe(true);
    expect(GROUP_SCHEMAS.payment.safeParse({ iban: 'IT60X0542811101000000123457' }).success).toBe(false);
  });
});

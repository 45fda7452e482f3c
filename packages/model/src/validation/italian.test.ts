import { describe, expect, it } from 'vitest';
import { CHECKS } from './checks.js';
import { fiscalCodeCheckLetter, isItalianFiscalCode, isItalianVatNumber } from './italian.js';

describe('partita IVA', () => {
  it('accepts real numbers of Italian companies', () => {
    // Ferrari, Eni, Enel, Telecom Italia: published on their invoices and websites
    for (const vat of ['00159560366', '00905811006', '00811720580', '00488410010']) expect(isItalianVatNumber(vat), vat).toBe(true);
  });

  it('refuses a wrong check digit, wrong lengths, letters and all zeros', () => {
    for (const vat of ['00159560367', '0015956036', '001595603660', '0015956036A', '00000000000', '']) expect(isItalianVatNumber(vat), vat).toBe(false);
  });
});

describe('codice fiscale', () => {
  it('accepts persons (men and women) and companies', () => {
    expect(isItalianFiscalCode('RSSMRA85T10A562S')).toBe(true);
    expect(isItalianFiscalCode('MRTMTT25D09F205Z')).toBe(true);
    // a woman: day of birth + 40
    const woman = 'BNCGLI80A41H501';
    expect(isItalianFiscalCode(woman + fiscalCodeCheckLetter(woman))).toBe(true);
    expect(isItalianFiscalCode('rssmra85t10a562s')).toBe(true);
    expect(isItalianFiscalCode('00159560366')).toBe(true);
  });

  it('accepts omocodia (digits replaced by letters) with its own check letter', () => {
    // the last digit of the municipality code 2 → N
    const omocode = 'RSSMRA85T10A56N';
    expect(isItalianFiscalCode(omocode + fiscalCodeCheckLetter(omocode))).toBe(true);
  });

  it('refuses a wrong check letter, an impossible month or day and wrong shapes', () => {
    expect(isItalianFiscalCode('RSSMRA85T10A562T')).toBe(false);
    const badMonth = 'RSSMRA85Z10A562';
    expect(isItalianFiscalCode(badMonth + fiscalCodeCheckLetter(badMonth))).toBe(false);
    const badDay = 'RSSMRA85T35A562';
    expect(isItalianFiscalCode(badDay + fiscalCodeCheckLetter(badDay))).toBe(false);
    for (const cf of ['RSSMRA85T10A562', 'RSSMRA85T10A562SX', '1SSMRA85T10A562S', '00159560367', '']) expect(isItalianFiscalCode(cf), cf).toBe(false);
  });

  it('is registered as text field checks', () => {
    expect(CHECKS.italianVatNumber!('00159560366')).toBe(true);
    expect(CHECKS.italianFiscalCode!('RSSMRA85T10A562S')).toBe(true);
  });
});

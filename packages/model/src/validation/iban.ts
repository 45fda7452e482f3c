import { electronicFormatIBAN, isValidIBAN } from 'ibantools';

/** Spaces removed, upper case: the electronic form an IBAN is stored in. */
export const normalizeIban = (text: string): string => electronicFormatIBAN(text) ?? text.replace(/\s+/g, '').toUpperCase();

/** An IBAN of a known country, of that country's length, with valid check digits (ibantools). */
export const isValidIban = (text: string): boolean => isValidIBAN(normalizeIban(text));

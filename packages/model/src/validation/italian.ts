/**
 * Italian registry checks (domain rules, hence hand-written): the partita IVA check digit and
 * the codice fiscale of persons (check letter, omocodia) and of companies (11 digits, the
 * partita IVA rule).
 */

/** The check digit of a partita IVA from its first ten digits (Luhn-style). */
export function italianVatCheckDigit(ten: string): number {
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    const digit = Number(ten[i]);
    if (i % 2 === 0) sum += digit;
    else sum += digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
  }
  return (10 - (sum % 10)) % 10;
}

/** Partita IVA: 11 digits, the last one the check digit of the first ten. */
export function isItalianVatNumber(value: string): boolean {
  const v = value.trim();
  if (!/^\d{11}$/.test(v) || /^0{11}$/.test(v)) return false;
  return italianVatCheckDigit(v) === Number(v[10]);
}

/** Values of the characters in odd positions (1st, 3rd… counting from 1) of a codice fiscale. */
const ODD: Record<string, number> = {
  '0': 1, '1': 0, '2': 5, '3': 7, '4': 9, '5': 13, '6': 15, '7': 17, '8': 19, '9': 21,
  A: 1, B: 0, C: 5, D: 7, E: 9, F: 13, G: 15, H: 17, I: 19, J: 21, K: 2, L: 4, M: 18,
  N: 20, O: 11, P: 3, Q: 6, R: 8, S: 12, T: 14, U: 16, V: 10, W: 22, X: 25, Y: 24, Z: 23,
};
const evenValue = (c: string) => (/\d/.test(c) ? Number(c) : c.charCodeAt(0) - 65);

/** Omocodia replaces digits with these letters (0 → L … 9 → V), in the positions that hold digits. */
const OMOCODE = 'LMNPQRSTUV';
const PERSON = new RegExp(
  `^[A-Z]{6}[\\d${OMOCODE}]{2}[ABCDEHLMPRST][\\d${OMOCODE}]{2}[A-Z][\\d${OMOCODE}]{3}[A-Z]$`,
);

/** The check letter of the first 15 characters of a person's codice fiscale. */
export function fiscalCodeCheckLetter(first15: string): string {
  let sum = 0;
  for (let i = 0; i < 15; i++) {
    const c = first15[i]!;
    sum += i % 2 === 0 ? ODD[c]! : evenValue(c);
  }
  return String.fromCharCode(65 + (sum % 26));
}

/** A person's codice fiscale (16 characters, omocodia allowed) or a company's (11 digits). */
export function isItalianFiscalCode(value: string): boolean {
  const v = value.trim().toUpperCase();
  if (/^\d{11}$/.test(v)) return isItalianVatNumber(v);
  if (!PERSON.test(v)) return false;
  // day of birth 1–31, or 41–71 for women
  const day = Number([...v.slice(9, 11)].map((c) => (/\d/.test(c) ? c : String(OMOCODE.indexOf(c)))).join(''));
  if (!((day >= 1 && day <= 31) || (day >= 41 && day <= 71))) return false;
  return fiscalCodeCheckLetter(v.slice(0, 15)) === v[15];
}

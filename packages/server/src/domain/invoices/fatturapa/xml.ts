import { create } from 'xmlbuilder2';
import type { InvoiceAddress, InvoiceDocument, InvoiceParty, InvoiceSeller } from '../document.js';

/*
 * The invoice as a FatturaPA file, format FPR12 (fattura verso privati), schema "Schema VFPA12
 * versione 1.2.3" of the Agenzia delle Entrate (`Schema_VFPA12_V1.2.3.xsd` beside this file; where
 * it comes from: SOURCE.md). The test validates every fixture against that schema with libxml2.
 *
 * Elements are written in the schema's sequence order; only the ones listed here are written:
 *
 * p:FatturaElettronica versione="FPR12"
 *   FatturaElettronicaHeader
 *     DatiTrasmissione
 *       IdTrasmittente/IdPaese, IdCodice     the seller (fatturaPaTransmitter)
 *       ProgressivoInvio                     doc.transmission.progressive
 *       FormatoTrasmissione                  FPR12
 *       CodiceDestinatario                   buyer.sdiCode, else "0000000" ("XXXXXXX" abroad)
 *       PECDestinatario                      buyer.pec, only without sdiCode
 *     CedentePrestatore
 *       DatiAnagrafici/IdFiscaleIVA, CodiceFiscale?, Anagrafica, RegimeFiscale
 *       Sede
 *     CessionarioCommittente
 *       DatiAnagrafici/IdFiscaleIVA | CodiceFiscale, Anagrafica
 *       Sede
 *   FatturaElettronicaBody
 *     DatiGenerali
 *       DatiGeneraliDocumento/TipoDocumento, Divisa, Data, Numero, DatiBollo?,
 *                             ImportoTotaleDocumento, Causale*
 *       DatiFattureCollegate/IdDocumento, Data          credit note only
 *     DatiBeniServizi
 *       DettaglioLinee*  NumeroLinea, Descrizione, Quantita?, UnitaMisura?, PrezzoUnitario,
 *                        PrezzoTotale, AliquotaIVA, Natura?
 *                        (a line whose amount is not Quantita × PrezzoUnitario — a minimum charge —
 *                        is written as a flat amount: no Quantita, PrezzoUnitario = PrezzoTotale,
 *                        the quantity at the end of Descrizione; see totalMatches)
 *       DatiRiepilogo*   AliquotaIVA, Natura?, ImponibileImporto, Imposta, EsigibilitaIVA?,
 *                        RiferimentoNormativo?
 *     DatiPagamento?
 *       CondizioniPagamento                  TP02 (pagamento completo)
 *       DettaglioPagamento/ModalitaPagamento, DataScadenzaPagamento?, ImportoPagamento,
 *                          IstitutoFinanziario?, IBAN?
 *
 * Free texts go through `latin1Text` (the schema's String…LatinType patterns admit Basic Latin and
 * Latin-1 Supplement only) and are cut to the schema's lengths. Identifiers (Numero, IdDocumento,
 * ProgressivoInvio, codes) are written as they are: a wrong one must fail validation, not change.
 * Amounts, prices, quantities and rates are written as given, only padded to the schema's minimum
 * of decimals ("12" → "12.00"); they are never rounded: a third decimal reaches the validator.
 */

type XMLBuilder = ReturnType<typeof create>;

export const FATTURAPA_NAMESPACE = 'http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2';
const DS_NAMESPACE = 'http://www.w3.org/2000/09/xmldsig#';
const XSI_NAMESPACE = 'http://www.w3.org/2001/XMLSchema-instance';
const XMLNS_NAMESPACE = 'http://www.w3.org/2000/xmlns/';
/** As in the Agenzia delle Entrate's own example files. */
const SCHEMA_LOCATION = `${FATTURAPA_NAMESPACE} http://www.fatturapa.gov.it/export/fatturazione/sdi/fatturapa/v1.2/Schema_del_file_xml_FatturaPA_versione_1.2.xsd`;

/* ---------------------------------------------------------------------------------------------- */
/* Latin-1 text                                                                                   */
/* ---------------------------------------------------------------------------------------------- */

/** Close equivalents for characters outside Latin-1 that NFKD does not reduce. */
const LATIN1_EQUIVALENTS: Record<string, string> = {
  '\u2018': "'", '\u2019': "'", '\u201A': "'", '\u201B': "'", '\u2032': "'", '\u2039': "'", '\u203A': "'",
  '\u201C': '"', '\u201D': '"', '\u201E': '"', '\u201F': '"', '\u2033': '"',
  '\u2010': '-', '\u2011': '-', '\u2012': '-', '\u2013': '-', '\u2014': '-', '\u2015': '-', '\u2212': '-',
  '\u2022': '-', '\u2026': '...', '\u20AC': 'EUR', '\u2122': 'TM', '\u2248': '~',
  '\u2264': '<=', '\u2265': '>=', '\u2260': '!=', '\u2192': '->', '\u2190': '<-',
  '\u0152': 'OE', '\u0153': 'oe', '\u0141': 'L', '\u0142': 'l', '\u0110': 'D', '\u0111': 'd',
  '\u0131': 'i', '\u0192': 'f', '\u0126': 'H', '\u0127': 'h', '\u0166': 'T', '\u0167': 't',
};

/** In Basic Latin only: equivalents for the Latin-1 letters and signs NFKD does not reduce. */
const BASIC_LATIN_EQUIVALENTS: Record<string, string> = {
  '\u00DF': 'ss', '\u00C6': 'AE', '\u00E6': 'ae', '\u00D8': 'O', '\u00F8': 'o', '\u00D0': 'D',
  '\u00F0': 'd', '\u00DE': 'Th', '\u00FE': 'th', '\u00AB': '"', '\u00BB': '"', '\u00B4': "'",
  '\u00B7': '-', '\u00D7': 'x', '\u00F7': '/', '\u00B0': 'o', '\u00A9': '(C)', '\u00AE': '(R)',
};

/** Whitespace other than the plain space: written as one space. */
const SPACE = /[\t\n\r\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]/;
/** Invisible characters, dropped: zero-width spaces and joiners, the BOM, the soft hyphen. */
const INVISIBLE = /[\u200B-\u200D\u2060\uFEFF\u00AD]/;

/**
 * `value` in the characters the FatturaPA schema admits in a text: Basic Latin and Latin-1
 * Supplement (U+0020–U+007E, U+00A0–U+00FF) for the String…LatinType fields, Basic Latin only
 * (U+0020–U+007E) when `basicLatinOnly` (String…Type fields such as UnitaMisura, NumeroCivico).
 * Every other character becomes a close equivalent ("’" → "'", "€" → "EUR", "ő" → "o", "Ł" → "L")
 * or is dropped (emoji, CJK, control characters); whitespace runs become one space; the result is
 * trimmed (it may be empty).
 */
export function latin1Text(value: string, basicLatinOnly = false): string {
  const allowed = (ch: string) => {
    const cp = ch.codePointAt(0)!;
    return (cp >= 0x20 && cp <= 0x7e) || (!basicLatinOnly && cp >= 0xa0 && cp <= 0xff);
  };
  let out = '';
  for (const ch of value.normalize('NFC')) {
    if (SPACE.test(ch) || ch === '\u00A0') out += ' ';
    else if (INVISIBLE.test(ch)) continue;
    else if (allowed(ch)) out += ch;
    else if (LATIN1_EQUIVALENTS[ch] !== undefined) out += LATIN1_EQUIVALENTS[ch];
    else if (basicLatinOnly && BASIC_LATIN_EQUIVALENTS[ch] !== undefined) out += BASIC_LATIN_EQUIVALENTS[ch];
    else {
      // a letter with diacritics ("ő", "ș", "è" in Basic Latin): its base letter; else nothing
      const base = ch.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
      if (base !== '' && [...base].every(allowed)) out += base;
    }
  }
  return out.replace(/ {2,}/g, ' ').trim();
}

/** A text field: Latin-1 (or Basic Latin), cut to the schema's maximum length. */
const text = (value: string, max: number, basicLatinOnly = false) =>
  latin1Text(value, basicLatinOnly).slice(0, max).trimEnd();

/** Causale is String200LatinType, repeatable: a longer note is cut into parts, at a space when one is near. */
export function causaleParts(note: string): string[] {
  const parts: string[] = [];
  let rest = latin1Text(note);
  while (rest.length > 200) {
    const space = rest.lastIndexOf(' ', 200);
    const cut = space >= 150 ? space : 200;
    parts.push(rest.slice(0, cut).trimEnd());
    rest = rest.slice(cut).trimStart();
  }
  if (rest !== '') parts.push(rest);
  return parts;
}

/* ---------------------------------------------------------------------------------------------- */
/* Numbers                                                                                        */
/* ---------------------------------------------------------------------------------------------- */

/** A decimal string with at least `min` decimals ("12" → "12.00", "0.5" → "0.50"); more are kept as they are. */
const decimals = (value: string, min = 2) => {
  const v = value.trim();
  const match = /^(-?\d+)(?:\.(\d*))?$/.exec(v);
  if (!match) return v;
  const fraction = match[2] ?? '';
  return fraction.length >= min ? `${match[1]}.${fraction}` : `${match[1]}.${fraction.padEnd(min, '0')}`;
};

/** A decimal string as an integer and its scale ("1.250" → [1250n, 3]), null when it is not one. */
const scaled = (value: string): [bigint, number] | null => {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!match) return null;
  const fraction = match[3] ?? '';
  return [BigInt(`${match[1]}${match[2]}${fraction}`), fraction.length];
};

/**
 * Whether `amount` is `quantity` × `unitPrice` within the cent SdI tolerates: the check
 * "PrezzoTotale non calcolato secondo le specifiche tecniche" (scarto 00423) recomputes the line
 * total from Quantita and PrezzoUnitario and admits a difference below one cent. Exact (BigInt);
 * malformed numbers count as matching, for the schema to reject them.
 */
export function totalMatches(quantity: string, unitPrice: string, amount: string): boolean {
  const q = scaled(quantity);
  const p = scaled(unitPrice);
  const a = scaled(amount);
  if (!q || !p || !a) return true;
  const scale = Math.max(q[1] + p[1], a[1]);
  const product = q[0] * p[0] * 10n ** BigInt(scale - q[1] - p[1]);
  const total = a[0] * 10n ** BigInt(scale - a[1]);
  const difference = product > total ? product - total : total - product;
  return difference * 100n < 10n ** BigInt(scale);
}

/* ---------------------------------------------------------------------------------------------- */
/* File name                                                                                      */
/* ---------------------------------------------------------------------------------------------- */

const PROGRESSIVE_LIMIT = 36 ** 5; // 5 characters from A–Z and 0–9

/**
 * The SdI file name: country code + transmitter identifier + "_" + progressive + ".xml".
 *
 * Rule: FatturaPA, "Predisporre la FatturaPA" (www.fatturapa.gov.it/export/fatturazione/it/c-11.htm;
 * the Agenzia delle Entrate's "Specifiche tecniche", § 1.2.2 "Nomenclatura dei file da
 * trasmettere"): `<Codice Paese><Identificativo univoco del Trasmittente>_<Progressivo univoco del
 * file>`, where the country code is ISO 3166-1 alpha-2, the transmitter identifier is its fiscal
 * identifier (the codice fiscale for a transmitter resident in Italy), 11 to 16 characters with
 * country IT and 2 to 28 otherwise, the progressive is "una stringa alfanumerica di lunghezza
 * massima di 5 caratteri e con valori ammessi da 'A' a 'Z' e da '0' a '9'", the separator is the
 * underscore and the extension ".xml" (unsigned or XAdES) — e.g. "IT99999999999_00002.xml".
 *
 * Here the progressive is `progressive` in base 36, upper case, zero-padded to 5 characters
 * (1 → "00001", 36 → "00010"): 60 466 175 files per transmitter.
 */
export function fatturaPaFileName(countryCode: string, transmitterId: string, progressive: number): string {
  const country = countryCode.trim().toUpperCase();
  const id = transmitterId.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}$/.test(country)) throw new RangeError(`FatturaPA file name: country code "${countryCode}" is not ISO 3166-1 alpha-2`);
  const [minLength, maxLength] = country === 'IT' ? [11, 16] : [2, 28];
  if (!/^[A-Z0-9]+$/.test(id) || id.length < minLength || id.length > maxLength)
    throw new RangeError(`FatturaPA file name: transmitter id "${transmitterId}" must be ${minLength}–${maxLength} letters and digits`);
  if (!Number.isSafeInteger(progressive) || progressive < 0 || progressive >= PROGRESSIVE_LIMIT)
    throw new RangeError(`FatturaPA file name: progressive ${progressive} does not fit 5 base-36 characters`);
  return `${country}${id}_${progressive.toString(36).toUpperCase().padStart(5, '0')}.xml`;
}

/**
 * The transmitter (IdTrasmittente, and the file name's identifier): the seller, by its codice
 * fiscale when it has one (the file-name rule above identifies a transmitter resident in Italy by
 * its codice fiscale), else by its VAT number; the country is the VAT number's.
 */
export function fatturaPaTransmitter(seller: InvoiceSeller): { country: string; id: string } {
  const id = (seller.fiscalCode ?? seller.vatNumber ?? '').replace(/\s+/g, '').toUpperCase();
  if (id === '') throw new Error('FatturaPA: the seller has neither a fiscal code nor a VAT number');
  return { country: seller.vatCountry.toUpperCase(), id };
}

/* ---------------------------------------------------------------------------------------------- */
/* The XML                                                                                        */
/* ---------------------------------------------------------------------------------------------- */

/** The invoice as FatturaPA XML, format FPR12 (UTF-8, indented). */
export function fatturaPaXml(doc: InvoiceDocument): string {
  const { seller, buyer } = doc;
  if (!seller.vatNumber) throw new Error('FatturaPA: the seller has no VAT number (CedentePrestatore/IdFiscaleIVA is required)');
  if (!buyer.vatNumber && !buyer.fiscalCode)
    throw new Error('FatturaPA: the buyer needs a VAT number or a fiscal code (CessionarioCommittente/IdFiscaleIVA or CodiceFiscale)');

  // characters XML 1.0 cannot carry are dropped (latin1Text already drops them from free texts)
  const root = create({ version: '1.0', encoding: 'UTF-8', invalidCharReplacement: '' })
    .ele(FATTURAPA_NAMESPACE, 'p:FatturaElettronica', { versione: 'FPR12' })
    .att(XMLNS_NAMESPACE, 'xmlns:ds', DS_NAMESPACE)
    .att(XMLNS_NAMESPACE, 'xmlns:xsi', XSI_NAMESPACE)
    .att(XSI_NAMESPACE, 'xsi:schemaLocation', SCHEMA_LOCATION);

  /** A child element with text (unqualified, as the schema's local elements). */
  const leaf = (parent: XMLBuilder, name: string, value: string | number) => parent.ele(name).txt(String(value));
  /** The same, unless the value is absent or empty. */
  const optional = (parent: XMLBuilder, name: string, value: string | null | undefined) => {
    if (value !== null && value !== undefined && value !== '') leaf(parent, name, value);
  };

  const fiscalId = (parent: XMLBuilder, name: string, country: string, code: string) => {
    const el = parent.ele(name);
    leaf(el, 'IdPaese', country.toUpperCase());
    leaf(el, 'IdCodice', code.replace(/\s+/g, '').toUpperCase());
  };
  const registry = (parent: XMLBuilder, party: InvoiceParty) => {
    const el = parent.ele('Anagrafica');
    if (party.lastName) {
      leaf(el, 'Nome', text(party.name, 60));
      leaf(el, 'Cognome', text(party.lastName, 60));
    } else leaf(el, 'Denominazione', text(party.name, 80));
  };
  const seat = (parent: XMLBuilder, address: InvoiceAddress) => {
    const el = parent.ele('Sede');
    const country = address.country.toUpperCase();
    const houseNumber = address.houseNumber ? latin1Text(address.houseNumber, true) : '';
    // NumeroCivico is at most 8 Basic Latin characters: a longer one stays in the street line
    const street = houseNumber.length > 8 ? `${address.street} ${houseNumber}` : address.street;
    leaf(el, 'Indirizzo', text(street, 60));
    if (houseNumber !== '' && houseNumber.length <= 8) leaf(el, 'NumeroCivico', houseNumber);
    // CAP is five digits; abroad, where the postcode has another form, "00000" (common SdI practice)
    const zip = address.zip.replace(/\s+/g, '');
    leaf(el, 'CAP', country !== 'IT' && !/^\d{5}$/.test(zip) ? '00000' : zip);
    leaf(el, 'Comune', text(address.city, 60));
    const province = address.province?.trim().toUpperCase();
    if (province && /^[A-Z]{2}$/.test(province)) leaf(el, 'Provincia', province);
    leaf(el, 'Nazione', country);
  };

  /* Header */
  const header = root.ele('FatturaElettronicaHeader');

  const transmission = header.ele('DatiTrasmissione');
  const transmitter = fatturaPaTransmitter(seller);
  fiscalId(transmission, 'IdTrasmittente', transmitter.country, transmitter.id);
  leaf(transmission, 'ProgressivoInvio', doc.transmission.progressive);
  leaf(transmission, 'FormatoTrasmissione', 'FPR12');
  // without a recipient code: "0000000" (delivery by PEC or in the buyer's reserved area), and
  // "XXXXXXX" for a buyer abroad (common SdI practice for foreign recipients)
  const abroad = buyer.address.country.toUpperCase() !== 'IT';
  leaf(transmission, 'CodiceDestinatario', buyer.sdiCode?.trim().toUpperCase() || (abroad ? 'XXXXXXX' : '0000000'));
  if (!buyer.sdiCode) optional(transmission, 'PECDestinatario', buyer.pec?.trim());

  const supplier = header.ele('CedentePrestatore');
  const supplierData = supplier.ele('DatiAnagrafici');
  fiscalId(supplierData, 'IdFiscaleIVA', seller.vatCountry, seller.vatNumber);
  optional(supplierData, 'CodiceFiscale', seller.fiscalCode?.replace(/\s+/g, '').toUpperCase());
  registry(supplierData, seller);
  leaf(supplierData, 'RegimeFiscale', seller.taxRegime);
  seat(supplier, seller.address);

  const customer = header.ele('CessionarioCommittente');
  const customerData = customer.ele('DatiAnagrafici');
  if (buyer.vatNumber) fiscalId(customerData, 'IdFiscaleIVA', buyer.vatCountry, buyer.vatNumber);
  else leaf(customerData, 'CodiceFiscale', buyer.fiscalCode!.replace(/\s+/g, '').toUpperCase());
  registry(customerData, buyer);
  seat(customer, buyer.address);

  /* Body */
  const body = root.ele('FatturaElettronicaBody');

  const general = body.ele('DatiGenerali');
  const document = general.ele('DatiGeneraliDocumento');
  leaf(document, 'TipoDocumento', doc.documentType);
  leaf(document, 'Divisa', doc.currency.toUpperCase());
  leaf(document, 'Data', doc.issueDate);
  leaf(document, 'Numero', doc.number);
  if (doc.stampDuty) {
    const stamp = document.ele('DatiBollo');
    leaf(stamp, 'BolloVirtuale', 'SI');
    leaf(stamp, 'ImportoBollo', decimals(doc.stampDuty));
  }
  leaf(document, 'ImportoTotaleDocumento', decimals(doc.total));
  for (const note of doc.notes) for (const part of causaleParts(note)) leaf(document, 'Causale', part);
  if (doc.related) {
    const related = general.ele('DatiFattureCollegate');
    leaf(related, 'IdDocumento', doc.related.number);
    leaf(related, 'Data', doc.related.issueDate);
  }

  const goods = body.ele('DatiBeniServizi');
  for (const line of doc.lines) {
    const el = goods.ele('DettaglioLinee');
    leaf(el, 'NumeroLinea', line.lineNo);
    // SdI recomputes PrezzoTotale as Quantita × PrezzoUnitario (check 00423): a line whose amount
    // is not that product (a minimum charge) is written as a flat amount, its quantity in the text
    const flat = line.quantity !== null && !totalMatches(line.quantity, line.unitPrice, line.amount);
    const quantityText = flat ? ` (${line.quantity!.replace('.', ',')}${line.unit ? ` ${line.unit}` : ''})` : '';
    leaf(el, 'Descrizione', text(`${text(line.description, 1000 - quantityText.length)}${quantityText}`, 1000));
    if (line.quantity !== null && !flat) {
      leaf(el, 'Quantita', decimals(line.quantity));
      if (line.unit) optional(el, 'UnitaMisura', text(line.unit, 10, true));
    }
    leaf(el, 'PrezzoUnitario', decimals(flat ? line.amount : line.unitPrice));
    leaf(el, 'PrezzoTotale', decimals(line.amount));
    leaf(el, 'AliquotaIVA', decimals(line.vatRate));
    optional(el, 'Natura', line.nature);
  }
  for (const row of doc.summary) {
    const el = goods.ele('DatiRiepilogo');
    leaf(el, 'AliquotaIVA', decimals(row.vatRate));
    optional(el, 'Natura', row.nature);
    leaf(el, 'ImponibileImporto', decimals(row.taxable));
    leaf(el, 'Imposta', decimals(row.vat));
    optional(el, 'EsigibilitaIVA', row.vatDue);
    if (row.legalReference) optional(el, 'RiferimentoNormativo', text(row.legalReference, 100));
  }

  if (doc.payment) {
    const payment = body.ele('DatiPagamento');
    leaf(payment, 'CondizioniPagamento', 'TP02');
    const detail = payment.ele('DettaglioPagamento');
    leaf(detail, 'ModalitaPagamento', doc.payment.method);
    optional(detail, 'DataScadenzaPagamento', doc.payment.dueDate);
    leaf(detail, 'ImportoPagamento', decimals(doc.payment.amount));
    const iban = doc.payment.iban?.replace(/\s+/g, '').toUpperCase();
    // the bank's name, when the IBAN written is the seller's own (its bank is known)
    if (iban && seller.bank && iban === seller.iban?.replace(/\s+/g, '').toUpperCase())
      optional(detail, 'IstitutoFinanziario', text(seller.bank, 80));
    optional(detail, 'IBAN', iban);
  }

  return root.end({ prettyPrint: true });
}

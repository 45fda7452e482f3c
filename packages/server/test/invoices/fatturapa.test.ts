import { fileURLToPath } from 'node:url';
import { XmlDocument, type XmlElement } from 'libxml2-wasm';
import { describe, expect, it } from 'vitest';
import type { InvoiceBuyer, InvoiceDocument, InvoiceSeller } from '../../src/domain/invoices/document.js';
import {
  FATTURAPA_NAMESPACE,
  causaleParts,
  fatturaPaFileName,
  fatturaPaXml,
  latin1Text,
  totalMatches,
} from '../../src/domain/invoices/fatturapa/xml.js';
import { useXsdWithImports } from '../support/xsd-imports.js';

const dir = (file: string) => fileURLToPath(new URL(`../../src/domain/invoices/fatturapa/${file}`, import.meta.url));
const DSIG_NAMESPACE = 'http://www.w3.org/2000/09/xmldsig#';

// the official schema, its xmldsig import read from the W3C copy beside it
const schemaErrors = useXsdWithImports(dir('Schema_VFPA12_V1.2.3.xsd'), { [DSIG_NAMESPACE]: dir('xmldsig-core-schema.xsd') });

// ---- the invoices -----------------------------------------------------------------------------

const seller = (): InvoiceSeller => ({
  name: 'Circula Ambiente S.r.l.',
  lastName: null,
  vatNumber: '09876543210',
  vatCountry: 'IT',
  fiscalCode: '09876543210',
  address: { street: 'Via dell’Industria', houseNumber: '5', zip: '20099', city: 'Sesto San Giovanni', province: 'MI', country: 'IT' },
  email: 'amministrazione@circula.example',
  phone: '+39 02 1234567',
  taxRegime: 'RF01',
  iban: 'IT60 X054 2811 1010 0000 0123 456',
  bank: 'Banca Popolare di Sondrio',
});

const company = (): InvoiceBuyer => ({
  name: 'Officine Brambilla S.p.A.',
  lastName: null,
  vatNumber: '01234567890',
  vatCountry: 'IT',
  fiscalCode: '01234567890',
  address: { street: 'Via Roma', houseNumber: '12', zip: '20900', city: 'Monza', province: 'MB', country: 'IT' },
  email: null,
  phone: null,
  sdiCode: 'M5UXCR1',
  pec: null,
});

const base = (): Omit<InvoiceDocument, 'lines' | 'summary' | 'taxable' | 'vat' | 'total' | 'payable'> => ({
  id: 1,
  documentType: 'TD01',
  number: '12/A',
  issueDate: '2026-03-31',
  currency: 'EUR',
  seller: seller(),
  buyer: company(),
  transmission: { progressive: '0000C' },
  stampDuty: null,
  payment: null,
  related: null,
  notes: [],
  fileName: 'IT09876543210_0000C.xml',
});

const LONG_NOTE =
  'Conferimenti di marzo 2026 presso l’impianto di Sesto San Giovanni secondo il contratto quadro n. 7/2025 “servizi ambientali”; ' +
  'prezzi a tonnellata come da listino 2026 (€/t), pesi rilevati alla pesa dell’impianto e riportati sui formulari; ' +
  'minimo fatturabile per conferimento secondo l’art. 4 del contratto.';

/** 22%: lines in kg priced per kg, trips, and a minimum charge (120.5 kg × 0.20 = 24.10, charged 50.00). */
function standardInvoice(): InvoiceDocument {
  return {
    ...base(),
    lines: [
      { lineNo: 1, description: 'Conferimento rifiuti urbani non differenziati – EER 20 03 01', quantity: '1250.000', unit: 'kg', unitPrice: '0.1250', amount: '156.25', vatRate: '22.00', nature: null, workDate: '2026-03-03', reference: 'FIR/2026/000123' },
      { lineNo: 2, description: 'Trasporto con cassone scarrabile', quantity: '3', unit: 'viaggio', unitPrice: '85.00', amount: '255.00', vatRate: '22.00', nature: null, workDate: null, reference: null },
      { lineNo: 3, description: 'Conferimento imballaggi in materiali misti – EER 15 01 06 (minimo fatturabile)', quantity: '120.500', unit: 'kg', unitPrice: '0.2000', amount: '50.00', vatRate: '22.00', nature: null, workDate: '2026-03-10', reference: 'FIR/2026/000131' },
    ],
    summary: [{ vatRate: '22.00', nature: null, taxable: '461.25', vat: '101.48', vatDue: 'I', legalReference: null }],
    taxable: '461.25',
    vat: '101.48',
    total: '562.73',
    payable: '562.73',
    payment: { method: 'MP05', methodLabel: 'Bonifico', dueDate: '2026-04-30', amount: '562.73', iban: 'IT60 X054 2811 1010 0000 0123 456' },
    notes: [LONG_NOTE],
  };
}

/** A 22% line, scrap sold under reverse charge (N6.1), a service under a declaration of intent (N3.5), stamp duty. */
function mixedInvoice(): InvoiceDocument {
  return {
    ...base(),
    number: '13/A',
    transmission: { progressive: '0000D' },
    buyer: { ...company(), name: 'Metalli Riuniti S.r.l.', vatNumber: '03456789012', fiscalCode: '03456789012', sdiCode: null, pec: null },
    lines: [
      { lineNo: 1, description: 'Noleggio cassone scarrabile 30 m³', quantity: '1.00', unit: 'mese', unitPrice: '120.00', amount: '120.00', vatRate: '22.00', nature: null, workDate: null, reference: null },
      { lineNo: 2, description: 'Cessione rottami ferrosi – EER 17 04 05', quantity: '2450.000', unit: 'kg', unitPrice: '0.3100', amount: '759.50', vatRate: '0.00', nature: 'N6.1', workDate: null, reference: null },
      { lineNo: 3, description: 'Servizio di trattamento rifiuti', quantity: null, unit: null, unitPrice: '400.00', amount: '400.00', vatRate: '0.00', nature: 'N3.5', workDate: null, reference: null },
    ],
    summary: [
      { vatRate: '22.00', nature: null, taxable: '120.00', vat: '26.40', vatDue: 'I', legalReference: null },
      { vatRate: '0.00', nature: 'N6.1', taxable: '759.50', vat: '0.00', vatDue: null, legalReference: 'Inversione contabile – art. 74, commi 7 e 8, DPR 633/72' },
      { vatRate: '0.00', nature: 'N3.5', taxable: '400.00', vat: '0.00', vatDue: null, legalReference: 'Non imponibile art. 8, c. 1, lett. c), DPR 633/72 – dichiarazione d’intento n. 12345678901-000001' },
    ],
    taxable: '1279.50',
    vat: '26.40',
    stampDuty: '2.00',
    total: '1307.90',
    payable: '1307.90',
    payment: { method: 'MP05', methodLabel: 'Bonifico', dueDate: null, amount: '1307.90', iban: null },
  };
}

/** Split payment (EsigibilitaIVA S) to a buyer reached by PEC only; its house number does not fit NumeroCivico. */
function splitPaymentInvoice(): InvoiceDocument {
  return {
    ...base(),
    number: '14/A',
    transmission: { progressive: '0000E' },
    buyer: {
      ...company(),
      name: 'Azienda Servizi Municipalizzati S.p.A.',
      vatNumber: '04567890123',
      fiscalCode: '04567890123',
      address: { street: 'Strada Provinciale 35', houseNumber: 'km 12+300 lato nord', zip: '24047', city: 'Treviglio', province: 'bg', country: 'IT' },
      sdiCode: null,
      pec: 'fatture@pec.asm-esempio.it',
    },
    lines: [
      { lineNo: 1, description: 'Smaltimento fanghi – EER 19 08 05', quantity: '18.240', unit: 't', unitPrice: '95.00', amount: '1732.80', vatRate: '22.00', nature: null, workDate: null, reference: null },
      { lineNo: 2, description: 'Analisi di caratterizzazione', quantity: null, unit: null, unitPrice: '180.00', amount: '180.00', vatRate: '22.00', nature: null, workDate: null, reference: null },
    ],
    summary: [{ vatRate: '22.00', nature: null, taxable: '1912.80', vat: '420.82', vatDue: 'S', legalReference: 'Scissione dei pagamenti – art. 17-ter DPR 633/72' }],
    taxable: '1912.80',
    vat: '420.82',
    total: '2333.62',
    payable: '1912.80',
    payment: { method: 'MP05', methodLabel: 'Bonifico', dueDate: '2026-05-31', amount: '1912.80', iban: 'IT60X0542811101000000123456' },
    notes: ['Operazione soggetta a scissione dei pagamenti'],
  };
}

/** TD04 reversing part of invoice 12/A. */
function creditNote(): InvoiceDocument {
  return {
    ...base(),
    documentType: 'TD04',
    number: '3/NC',
    issueDate: '2026-04-08',
    transmission: { progressive: '0000F' },
    lines: [
      { lineNo: 1, description: 'Storno parziale: errata pesatura del conferimento del 03/03/2026', quantity: '200.000', unit: 'kg', unitPrice: '0.1250', amount: '25.00', vatRate: '22.00', nature: null, workDate: '2026-03-03', reference: 'FIR/2026/000123' },
    ],
    summary: [{ vatRate: '22.00', nature: null, taxable: '25.00', vat: '5.50', vatDue: 'I', legalReference: null }],
    taxable: '25.00',
    vat: '5.50',
    total: '30.50',
    payable: '30.50',
    related: { number: '12/A', issueDate: '2026-03-31' },
    notes: ['Nota di credito a storno parziale della fattura n. 12/A del 31/03/2026'],
  };
}

/** A private person: fiscal code only, first and last name, text with an emoji. */
function privateInvoice(): InvoiceDocument {
  return {
    ...base(),
    number: '15/A',
    transmission: { progressive: '0000G' },
    buyer: {
      name: 'Giuseppe',
      lastName: 'Verdi',
      vatNumber: null,
      vatCountry: 'IT',
      fiscalCode: 'vrdgpp80a01f205x',
      address: { street: 'Via Alessandro Manzoni', houseNumber: '7/B', zip: '20121', city: 'Milano', province: 'MI', country: 'IT' },
      email: 'giuseppe.verdi@example.com',
      phone: null,
      sdiCode: null,
      pec: null,
    },
    lines: [
      { lineNo: 1, description: 'Ritiro ingombranti a domicilio 🛋️ — divano e poltrona', quantity: null, unit: null, unitPrice: '60.00', amount: '60.00', vatRate: '22.00', nature: null, workDate: '2026-03-20', reference: null },
    ],
    summary: [{ vatRate: '22.00', nature: null, taxable: '60.00', vat: '13.20', vatDue: 'I', legalReference: null }],
    taxable: '60.00',
    vat: '13.20',
    total: '73.20',
    payable: '73.20',
    payment: { method: 'MP08', methodLabel: 'Carta di pagamento', dueDate: null, amount: '73.20', iban: null },
  };
}

/** A business abroad: service not subject to Italian VAT (N2.1), postcode not of five digits. */
function foreignInvoice(): InvoiceDocument {
  return {
    ...base(),
    number: '16/A',
    transmission: { progressive: '0000H' },
    buyer: {
      name: 'Süd Entsorgung GmbH',
      lastName: null,
      vatNumber: '123456789',
      vatCountry: 'DE',
      fiscalCode: null,
      address: { street: 'Industriestraße', houseNumber: '44', zip: 'D-80331', city: 'München', province: null, country: 'DE' },
      email: null,
      phone: null,
      sdiCode: null,
      pec: null,
    },
    lines: [
      { lineNo: 1, description: 'Consulenza tecnica per trasporto transfrontaliero di rifiuti', quantity: '6', unit: 'h', unitPrice: '75.00', amount: '450.00', vatRate: '0.00', nature: 'N2.1', workDate: null, reference: null },
    ],
    summary: [{ vatRate: '0.00', nature: 'N2.1', taxable: '450.00', vat: '0.00', vatDue: null, legalReference: 'Non soggetta – art. 7-ter DPR 633/72' }],
    taxable: '450.00',
    vat: '0.00',
    total: '450.00',
    payable: '450.00',
  };
}

// ---- reading the XML back ---------------------------------------------------------------------

const NS = { p: FATTURAPA_NAMESPACE };

function read<T>(xml: string, use: (doc: XmlDocument) => T): T {
  const doc = XmlDocument.fromString(xml);
  try {
    return use(doc);
  } finally {
    doc.dispose();
  }
}

/** `xpath` from the root element, unless it starts with "//". */
const path = (xpath: string) => (xpath.startsWith('//') ? xpath : `/p:FatturaElettronica/${xpath}`);
/** The text of the first node at `xpath`, null when there is none. */
const value = (xml: string, xpath: string) => read(xml, (doc) => doc.get(path(xpath), NS)?.content ?? null);
/** The texts of every node at `xpath`. */
const values = (xml: string, xpath: string) => read(xml, (doc) => doc.find(path(xpath), NS).map((n) => n.content));
/** The names of the child elements of the node at `xpath`, in document order. */
const children = (xml: string, xpath: string) =>
  read(xml, (doc) => (doc.get(path(xpath), NS) as XmlElement).find('*').map((n) => (n as XmlElement).name));

// ---- tests ------------------------------------------------------------------------------------

describe('FatturaPA XML (FPR12)', () => {
  const all = {
    standard: standardInvoice(),
    mixed: mixedInvoice(),
    'split payment': splitPaymentInvoice(),
    'credit note': creditNote(),
    private: privateInvoice(),
    foreign: foreignInvoice(),
  };

  it.each(Object.entries(all))('the %s invoice validates against Schema_VFPA12_V1.2.3.xsd', (_name, doc) => {
    const xml = fatturaPaXml(doc);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(schemaErrors(xml)).toEqual([]);
  });

  it('reports errors for XML the schema forbids (the validator does fail)', () => {
    // three decimals where Amount2DecimalType wants two
    const threeDecimals = schemaErrors(fatturaPaXml({ ...standardInvoice(), total: '562.730' }));
    expect(threeDecimals.length).toBeGreaterThan(0);
    expect(threeDecimals.join('\n')).toMatch(/ImportoTotaleDocumento/);
    // elements out of the schema's order
    const xml = fatturaPaXml(standardInvoice());
    const swapped = xml.replace(/(<Divisa>EUR<\/Divisa>)(\s*)(<Data>2026-03-31<\/Data>)/, '$3$2$1');
    expect(swapped).not.toBe(xml);
    expect(schemaErrors(swapped).join('\n')).toMatch(/Data|Divisa/);
    // a character outside Latin-1 in a String…LatinType field
    expect(schemaErrors(xml.replace('<Comune>Monza</Comune>', '<Comune>Monza ✓</Comune>')).length).toBeGreaterThan(0);
    // an unknown VAT nature
    expect(schemaErrors(fatturaPaXml({ ...mixedInvoice(), lines: mixedInvoice().lines.map((l) => (l.nature === 'N6.1' ? { ...l, nature: 'N9' } : l)) })).length).toBeGreaterThan(0);
  });

  it('refuses a buyer without VAT number and fiscal code, and a seller without VAT number', () => {
    // the schema has both identifiers optional: the writer is where the rule "one of the two" lives
    const anonymous = privateInvoice();
    anonymous.buyer.fiscalCode = null;
    expect(() => fatturaPaXml(anonymous)).toThrow(/VAT number or a fiscal code/);
    const noVat = standardInvoice();
    noVat.seller.vatNumber = null;
    expect(() => fatturaPaXml(noVat)).toThrow(/seller has no VAT number/);
  });

  it('writes the root and the transmission data as the official examples', () => {
    const xml = fatturaPaXml(all.standard);
    expect(xml).toMatch(/<p:FatturaElettronica [^>]*versione="FPR12"/);
    expect(xml).toContain(`xmlns:p="${FATTURAPA_NAMESPACE}"`);
    expect(xml).toContain(`xmlns:ds="${DSIG_NAMESPACE}"`);
    expect(xml).toContain('xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"');
    // the schema's local elements are unqualified
    expect(xml).toContain('<FatturaElettronicaHeader>');
    expect(children(xml, '.')).toEqual(['FatturaElettronicaHeader', 'FatturaElettronicaBody']);
    expect(children(xml, 'FatturaElettronicaHeader/DatiTrasmissione')).toEqual(['IdTrasmittente', 'ProgressivoInvio', 'FormatoTrasmissione', 'CodiceDestinatario']);
    expect(value(xml, '//DatiTrasmissione/IdTrasmittente/IdPaese')).toBe('IT');
    expect(value(xml, '//DatiTrasmissione/IdTrasmittente/IdCodice')).toBe('09876543210');
    expect(value(xml, '//DatiTrasmissione/ProgressivoInvio')).toBe('0000C');
    expect(value(xml, '//DatiTrasmissione/CodiceDestinatario')).toBe('M5UXCR1');
    // no recipient code: seven zeros, and the PEC when there is one
    const split = fatturaPaXml(all['split payment']);
    expect(children(split, 'FatturaElettronicaHeader/DatiTrasmissione').slice(-2)).toEqual(['CodiceDestinatario', 'PECDestinatario']);
    expect(value(split, '//CodiceDestinatario')).toBe('0000000');
    expect(value(split, '//PECDestinatario')).toBe('fatture@pec.asm-esempio.it');
    expect(value(fatturaPaXml(all.mixed), '//PECDestinatario')).toBeNull();
    expect(value(fatturaPaXml(all.mixed), '//CodiceDestinatario')).toBe('0000000');
    expect(value(fatturaPaXml(all.foreign), '//CodiceDestinatario')).toBe('XXXXXXX');
  });

  it('writes the parties in the schema order', () => {
    const xml = fatturaPaXml(all.standard);
    expect(children(xml, '//CedentePrestatore/DatiAnagrafici')).toEqual(['IdFiscaleIVA', 'CodiceFiscale', 'Anagrafica', 'RegimeFiscale']);
    expect(children(xml, '//CedentePrestatore/Sede')).toEqual(['Indirizzo', 'NumeroCivico', 'CAP', 'Comune', 'Provincia', 'Nazione']);
    expect(value(xml, '//CedentePrestatore//Denominazione')).toBe('Circula Ambiente S.r.l.');
    // the typographic apostrophe is not Latin-1
    expect(value(xml, '//CedentePrestatore/Sede/Indirizzo')).toBe("Via dell'Industria");
    expect(value(xml, '//CedentePrestatore//RegimeFiscale')).toBe('RF01');
    // a company buyer: its VAT number only
    expect(children(xml, '//CessionarioCommittente/DatiAnagrafici')).toEqual(['IdFiscaleIVA', 'Anagrafica']);
    // a person: fiscal code (upper case), first and last name
    const person = fatturaPaXml(all.private);
    expect(children(person, '//CessionarioCommittente/DatiAnagrafici')).toEqual(['CodiceFiscale', 'Anagrafica']);
    expect(value(person, '//CessionarioCommittente//CodiceFiscale')).toBe('VRDGPP80A01F205X');
    expect(children(person, '//CessionarioCommittente//Anagrafica')).toEqual(['Nome', 'Cognome']);
    expect(value(person, '//CessionarioCommittente//Cognome')).toBe('Verdi');
    // a house number longer than NumeroCivico's 8 characters stays in the street line; province upper case
    const split = fatturaPaXml(all['split payment']);
    expect(children(split, '//CessionarioCommittente/Sede')).toEqual(['Indirizzo', 'CAP', 'Comune', 'Provincia', 'Nazione']);
    expect(value(split, '//CessionarioCommittente/Sede/Indirizzo')).toBe('Strada Provinciale 35 km 12+300 lato nord');
    expect(value(split, '//CessionarioCommittente/Sede/Provincia')).toBe('BG');
    // abroad: foreign VAT number, "00000" for a postcode of another form, no province
    const foreign = fatturaPaXml(all.foreign);
    expect(value(foreign, '//CessionarioCommittente//IdFiscaleIVA/IdPaese')).toBe('DE');
    expect(value(foreign, '//CessionarioCommittente/Sede/CAP')).toBe('00000');
    expect(value(foreign, '//CessionarioCommittente/Sede/Comune')).toBe('München');
    expect(children(foreign, '//CessionarioCommittente/Sede')).toEqual(['Indirizzo', 'NumeroCivico', 'CAP', 'Comune', 'Nazione']);
  });

  it('writes the general data: totals, stamp duty, notes cut at 200 characters, the related invoice', () => {
    const xml = fatturaPaXml(all.standard);
    expect(children(xml, '//DatiGeneraliDocumento')).toEqual(['TipoDocumento', 'Divisa', 'Data', 'Numero', 'ImportoTotaleDocumento', 'Causale', 'Causale']);
    expect(value(xml, '//DatiGeneraliDocumento/Numero')).toBe('12/A');
    expect(value(xml, '//ImportoTotaleDocumento')).toBe('562.73');
    const causali = values(xml, '//Causale');
    expect(causali.every((c) => c.length > 0 && c.length <= 200)).toBe(true);
    expect(causali.join(' ')).toBe(latin1Text(LONG_NOTE));
    expect(causali[0]).toContain('"servizi ambientali"');
    expect(causali.join(' ')).toContain('(EUR/t)');

    const mixed = fatturaPaXml(all.mixed);
    expect(children(mixed, '//DatiGeneraliDocumento')).toEqual(['TipoDocumento', 'Divisa', 'Data', 'Numero', 'DatiBollo', 'ImportoTotaleDocumento']);
    expect(children(mixed, '//DatiBollo')).toEqual(['BolloVirtuale', 'ImportoBollo']);
    expect(value(mixed, '//DatiBollo/BolloVirtuale')).toBe('SI');
    expect(value(mixed, '//DatiBollo/ImportoBollo')).toBe('2.00');

    const credit = fatturaPaXml(all['credit note']);
    expect(value(credit, '//TipoDocumento')).toBe('TD04');
    expect(children(credit, '//DatiGenerali')).toEqual(['DatiGeneraliDocumento', 'DatiFattureCollegate']);
    expect(children(credit, '//DatiFattureCollegate')).toEqual(['IdDocumento', 'Data']);
    expect(value(credit, '//DatiFattureCollegate/IdDocumento')).toBe('12/A');
    expect(value(credit, '//DatiFattureCollegate/Data')).toBe('2026-03-31');
    expect(value(xml, '//DatiFattureCollegate')).toBeNull();
  });

  it('writes the lines: quantities with 2–8 decimals, a minimum charge as a flat amount', () => {
    const xml = fatturaPaXml(all.standard);
    expect(children(xml, '//DettaglioLinee[1]')).toEqual(['NumeroLinea', 'Descrizione', 'Quantita', 'UnitaMisura', 'PrezzoUnitario', 'PrezzoTotale', 'AliquotaIVA']);
    expect(value(xml, '//DettaglioLinee[1]/Descrizione')).toBe('Conferimento rifiuti urbani non differenziati - EER 20 03 01');
    expect(value(xml, '//DettaglioLinee[1]/Quantita')).toBe('1250.000');
    expect(value(xml, '//DettaglioLinee[1]/UnitaMisura')).toBe('kg');
    expect(value(xml, '//DettaglioLinee[1]/PrezzoUnitario')).toBe('0.1250');
    expect(value(xml, '//DettaglioLinee[1]/PrezzoTotale')).toBe('156.25');
    // "3" is padded to QuantitaType's two decimals
    expect(value(xml, '//DettaglioLinee[2]/Quantita')).toBe('3.00');
    expect(value(xml, '//DettaglioLinee[2]/UnitaMisura')).toBe('viaggio');
    // 120.500 kg × 0.2000 = 24.10, charged 50.00: SdI would recompute 24.10 (scarto 00423)
    expect(children(xml, '//DettaglioLinee[3]')).toEqual(['NumeroLinea', 'Descrizione', 'PrezzoUnitario', 'PrezzoTotale', 'AliquotaIVA']);
    expect(value(xml, '//DettaglioLinee[3]/Descrizione')).toBe('Conferimento imballaggi in materiali misti - EER 15 01 06 (minimo fatturabile) (120,500 kg)');
    expect(value(xml, '//DettaglioLinee[3]/PrezzoUnitario')).toBe('50.00');
    expect(value(xml, '//DettaglioLinee[3]/PrezzoTotale')).toBe('50.00');

    const mixed = fatturaPaXml(all.mixed);
    expect(children(mixed, '//DettaglioLinee[2]').slice(-2)).toEqual(['AliquotaIVA', 'Natura']);
    expect(value(mixed, '//DettaglioLinee[2]/AliquotaIVA')).toBe('0.00');
    expect(value(mixed, '//DettaglioLinee[2]/Natura')).toBe('N6.1');
    expect(values(mixed, '//DettaglioLinee/Natura')).toEqual(['N6.1', 'N3.5']);
    // m³ is not Basic Latin… but Descrizione is Latin-1: "³" stays
    expect(value(mixed, '//DettaglioLinee[1]/Descrizione')).toBe('Noleggio cassone scarrabile 30 m³');
    // a flat line has no quantity
    expect(children(mixed, '//DettaglioLinee[3]')).toEqual(['NumeroLinea', 'Descrizione', 'PrezzoUnitario', 'PrezzoTotale', 'AliquotaIVA', 'Natura']);

    // the emoji is dropped, the dash becomes "-"
    expect(value(fatturaPaXml(all.private), '//DettaglioLinee/Descrizione')).toBe('Ritiro ingombranti a domicilio - divano e poltrona');
  });

  it('writes the VAT summary and the payment', () => {
    const mixed = fatturaPaXml(all.mixed);
    expect(children(mixed, '//DatiBeniServizi')).toEqual(['DettaglioLinee', 'DettaglioLinee', 'DettaglioLinee', 'DatiRiepilogo', 'DatiRiepilogo', 'DatiRiepilogo']);
    expect(children(mixed, '//DatiRiepilogo[1]')).toEqual(['AliquotaIVA', 'ImponibileImporto', 'Imposta', 'EsigibilitaIVA']);
    expect(children(mixed, '//DatiRiepilogo[2]')).toEqual(['AliquotaIVA', 'Natura', 'ImponibileImporto', 'Imposta', 'RiferimentoNormativo']);
    expect(value(mixed, '//DatiRiepilogo[3]/RiferimentoNormativo')).toBe("Non imponibile art. 8, c. 1, lett. c), DPR 633/72 - dichiarazione d'intento n. 12345678901-000001");
    expect(children(mixed, '//DettaglioPagamento')).toEqual(['ModalitaPagamento', 'ImportoPagamento']);

    const split = fatturaPaXml(all['split payment']);
    expect(value(split, '//DatiRiepilogo/EsigibilitaIVA')).toBe('S');
    expect(value(split, '//DatiRiepilogo/Imposta')).toBe('420.82');
    expect(children(split, '//DatiPagamento')).toEqual(['CondizioniPagamento', 'DettaglioPagamento']);
    expect(value(split, '//CondizioniPagamento')).toBe('TP02');
    expect(children(split, '//DettaglioPagamento')).toEqual(['ModalitaPagamento', 'DataScadenzaPagamento', 'ImportoPagamento', 'IstitutoFinanziario', 'IBAN']);
    // under split payment the customer pays the taxable amount only
    expect(value(split, '//DettaglioPagamento/ImportoPagamento')).toBe('1912.80');
    expect(value(split, '//DettaglioPagamento/IBAN')).toBe('IT60X0542811101000000123456');
    expect(value(split, '//DettaglioPagamento/IstitutoFinanziario')).toBe('Banca Popolare di Sondrio');
    // no payment, no DatiPagamento
    expect(value(fatturaPaXml(all['credit note']), '//DatiPagamento')).toBeNull();
  });

  it('escapes markup characters (xmlbuilder2) and keeps the texts valid', () => {
    const doc = standardInvoice();
    doc.buyer = { ...doc.buyer, name: 'Rossi & Bianchi <Ambiente> S.n.c.' };
    const xml = fatturaPaXml(doc);
    expect(xml).toContain('<Denominazione>Rossi &amp; Bianchi &lt;Ambiente&gt; S.n.c.</Denominazione>');
    expect(value(xml, '//CessionarioCommittente//Denominazione')).toBe('Rossi & Bianchi <Ambiente> S.n.c.');
    expect(schemaErrors(xml)).toEqual([]);
  });
});

describe('latin1Text', () => {
  it('keeps Basic Latin and Latin-1 Supplement', () => {
    expect(latin1Text('Società Cooperativa «Più Verde» – Forlì')).toBe('Società Cooperativa «Più Verde» - Forlì');
    expect(latin1Text('Über Straße 5, 2° piano, 1½ t, 10 × 20')).toBe('Über Straße 5, 2° piano, 1½ t, 10 × 20');
  });

  it('maps the others to a close Latin-1 equivalent or drops them', () => {
    expect(latin1Text('L’impianto “Nord” — 100 €… ™')).toBe('L\'impianto "Nord" - 100 EUR... TM');
    expect(latin1Text('Łódź, Dvořák, Şişli, Ősz, Œuvre, ﬁne')).toBe('Lódz, Dvorák, Sisli, Osz, OEuvre, fine');
    expect(latin1Text('divano 🛋️ e 中文 ok')).toBe('divano e ok');
    // decomposed accents are composed first
    expect(latin1Text('e\u0301 a\u0300')).toBe('é à');
  });

  it('makes whitespace one space and drops control and invisible characters', () => {
    expect(latin1Text('  riga\tuno\r\nriga\u00A0due\u2009tre \u200Bquattro\u00AD \u0007cinque\u0085  ')).toBe('riga uno riga due tre quattro cinque');
  });

  it('in Basic Latin only, reduces Latin-1 letters too', () => {
    expect(latin1Text('m³', true)).toBe('m3');
    expect(latin1Text('n° 7/bis – Straße Ærø', true)).toBe('no 7/bis - Strasse AEro');
    expect(latin1Text('Forlì', true)).toBe('Forli');
  });

  it('every result matches the schema pattern', () => {
    const latin = /^[\u0020-\u007E\u00A0-\u00FF]*$/;
    for (const sample of ['L’impianto “Nord” — 100 €', '🛋️中文\u0000\u001F\u0085', 'Ωμέγα ДОМ']) expect(latin1Text(sample)).toMatch(latin);
  });
});

describe('causaleParts', () => {
  it('cuts a long note into parts of at most 200 characters, at spaces', () => {
    const note = `${'parola '.repeat(60)}fine`;
    const parts = causaleParts(note);
    expect(parts.length).toBe(3);
    expect(parts.every((p) => p.length <= 200 && !p.startsWith(' ') && !p.endsWith(' '))).toBe(true);
    expect(parts.join(' ')).toBe(note);
    expect(causaleParts('x'.repeat(450)).map((p) => p.length)).toEqual([200, 200, 50]);
    expect(causaleParts('  ')).toEqual([]);
  });
});

describe('totalMatches', () => {
  it('accepts Quantita × PrezzoUnitario within one cent, exactly', () => {
    expect(totalMatches('1250.000', '0.1250', '156.25')).toBe(true);
    expect(totalMatches('18.240', '95.00', '1732.80')).toBe(true);
    expect(totalMatches('3', '0.33333333', '1.00')).toBe(true); // 0.99999999
    expect(totalMatches('120.500', '0.2000', '50.00')).toBe(false);
    expect(totalMatches('1', '10.00', '10.01')).toBe(false);
  });
});

describe('fatturaPaFileName', () => {
  it('is country + transmitter + "_" + 5 base-36 characters + ".xml"', () => {
    expect(fatturaPaFileName('IT', '09876543210', 1)).toBe('IT09876543210_00001.xml');
    expect(fatturaPaFileName('it', 'rssmra80a01h501u', 36)).toBe('ITRSSMRA80A01H501U_00010.xml');
    expect(fatturaPaFileName('IT', '09876543210', 12)).toBe('IT09876543210_0000C.xml');
    expect(fatturaPaFileName('FR', '12345678910', 36 ** 5 - 1)).toBe('FR12345678910_ZZZZZ.xml');
    expect(fatturaPaFileName('IT', '09876543210', 12)).toMatch(/^[A-Z]{2}[A-Z0-9]{2,28}_[A-Z0-9]{5}\.xml$/);
  });

  it('refuses what the rule does not allow', () => {
    expect(() => fatturaPaFileName('IT', '09876543210', 36 ** 5)).toThrow(RangeError);
    expect(() => fatturaPaFileName('IT', '09876543210', -1)).toThrow(RangeError);
    expect(() => fatturaPaFileName('IT', '09876543210', 1.5)).toThrow(RangeError);
    expect(() => fatturaPaFileName('IT', '1234567890', 1)).toThrow(RangeError); // 10 characters, IT wants 11–16
    expect(() => fatturaPaFileName('ITA', '09876543210', 1)).toThrow(RangeError);
    expect(() => fatturaPaFileName('IT', '0987654321-0', 1)).toThrow(RangeError);
  });
});

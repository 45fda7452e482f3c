import type { LookupTableSeed } from '../types.js';
import { v } from './value.js';

/** Tables of price lists, invoicing and payments. */

export const CURRENCY_TYPE: LookupTableSeed = {
  code: 'CURRENCY_TYPE',
  name: { it: 'Valuta', en: 'Currency' },
  description: 'ISO 4217 currencies; EUR is the default.',
  columns: { alpha1: 'Simbolo' },
  values: [
    v('EUR', 'Euro', 'Euro', { alpha1: '€' }),
    v('USD', 'Dollaro statunitense', 'US dollar', { alpha1: '$' }),
    v('GBP', 'Sterlina britannica', 'Pound sterling', { alpha1: '£' }),
    v('CHF', 'Franco svizzero', 'Swiss franc', { alpha1: 'CHF' }),
    v('SEK', 'Corona svedese', 'Swedish krona', { alpha1: 'kr' }),
    v('NOK', 'Corona norvegese', 'Norwegian krone', { alpha1: 'kr' }),
    v('DKK', 'Corona danese', 'Danish krone', { alpha1: 'kr.' }),
    v('PLN', 'Złoty polacco', 'Polish złoty', { alpha1: 'zł' }),
    v('CZK', 'Corona ceca', 'Czech koruna', { alpha1: 'Kč' }),
    v('HUF', 'Fiorino ungherese', 'Hungarian forint', { alpha1: 'Ft' }),
    v('RON', 'Leu romeno', 'Romanian leu', { alpha1: 'lei' }),
    v('RSD', 'Dinaro serbo', 'Serbian dinar', { alpha1: 'din.' }),
    v('ALL', 'Lek albanese', 'Albanian lek', { alpha1: 'L' }),
    v('TRY', 'Lira turca', 'Turkish lira', { alpha1: '₺' }),
    v('JPY', 'Yen giapponese', 'Japanese yen', { alpha1: '¥' }),
    v('CNY', 'Renminbi cinese', 'Chinese renminbi', { alpha1: '¥' }),
    v('CAD', 'Dollaro canadese', 'Canadian dollar', { alpha1: '$' }),
    v('AUD', 'Dollaro australiano', 'Australian dollar', { alpha1: '$' }),
  ],
};

export const PAYMENT_TYPE: LookupTableSeed = {
  code: 'PAYMENT_TYPE',
  name: { it: 'Modalità di pagamento', en: 'Payment method' },
  description:
    'Payment methods. val and extraValue hold the FatturaPA ModalitaPagamento code (MP01–MP23) where one exists; the picker passes val as its extra (spec §3).',
  columns: {
    extraValue: 'Codice ModalitaPagamento FatturaPA',
    flag1: "Usa la banca dell'azienda titolare (business unit): l'IBAN stampato è quello aziendale",
    flag3: "IBAN del soggetto obbligatorio nelle condizioni di pagamento",
  },
  values: [
    v('BONIFICO', 'Bonifico bancario', 'Bank transfer', { val: 'MP05', extraValue: 'MP05', flag1: true, flag3: false }),
    v('RIBA', 'Ricevuta bancaria (RiBa)', 'Bank receipt (RiBa)', { val: 'MP12', extraValue: 'MP12', flag1: false, flag3: true }),
    v('SDD_CORE', 'Addebito diretto SEPA (SDD Core)', 'SEPA Direct Debit Core', { val: 'MP20', extraValue: 'MP20', flag1: false, flag3: true }),
    v('SDD_B2B', 'Addebito diretto SEPA (SDD B2B)', 'SEPA Direct Debit B2B', { val: 'MP21', extraValue: 'MP21', flag1: false, flag3: true }),
    v('SDD', 'Addebito diretto SEPA (SDD)', 'SEPA Direct Debit', { val: 'MP19', extraValue: 'MP19', flag1: false, flag3: true }),
    v('RID', 'RID – addebito diretto', 'RID direct debit', { val: 'MP09', extraValue: 'MP09', flag1: false, flag3: true }),
    v('DOMICILIAZIONE_BANCARIA', 'Domiciliazione bancaria', 'Bank domiciliation', { val: 'MP16', extraValue: 'MP16', flag1: false, flag3: true }),
    v('CONTANTI', 'Contanti', 'Cash', { val: 'MP01', extraValue: 'MP01', flag1: false, flag3: false }),
    v('ASSEGNO', 'Assegno bancario', 'Cheque', { val: 'MP02', extraValue: 'MP02', flag1: false, flag3: false }),
    v('ASSEGNO_CIRCOLARE', 'Assegno circolare', "Banker's draft", { val: 'MP03', extraValue: 'MP03', flag1: false, flag3: false }),
    v('VAGLIA_CAMBIARIO', 'Vaglia cambiario', 'Bank of Italy draft (vaglia cambiario)', { val: 'MP06', extraValue: 'MP06', flag1: false, flag3: false }),
    v('BOLLETTINO_BANCARIO', 'Bollettino bancario', 'Bank payment slip', { val: 'MP07', extraValue: 'MP07', flag1: true, flag3: false }),
    v('CARTA', 'Carta di pagamento', 'Payment card', { val: 'MP08', extraValue: 'MP08', flag1: false, flag3: false }),
    v('MAV', 'MAV – pagamento mediante avviso', 'MAV payment notice', { val: 'MP13', extraValue: 'MP13', flag1: true, flag3: false }),
    v('BOLLETTINO_POSTALE', 'Bollettino di conto corrente postale', 'Postal current account slip', { val: 'MP18', extraValue: 'MP18', flag1: true, flag3: false }),
    v('PAGOPA', 'PagoPA', 'PagoPA', { val: 'MP23', extraValue: 'MP23', flag1: false, flag3: false }),
    v('TRATTENUTA', 'Trattenuta su somme già riscosse', 'Deduction from sums already collected', { val: 'MP22', extraValue: 'MP22', flag1: false, flag3: false }),
    v('COMPENSAZIONE', 'Compensazione', 'Offsetting', { flag1: false, flag3: false }),
  ],
};

export const PAYMENT_STATUS: LookupTableSeed = {
  code: 'PAYMENT_STATUS',
  name: { it: 'Stato del pagamento', en: 'Payment status' },
  columns: { alpha1: 'Colore del badge' },
  values: [
    v('TO_PAY', 'Da pagare', 'To be paid', { alpha1: 'blue' }),
    v('PARTIALLY_PAID', 'Pagato parzialmente', 'Partially paid', { alpha1: 'gold' }),
    v('PAID', 'Pagato', 'Paid', { alpha1: 'green' }),
    v('OVERDUE', 'Scaduto', 'Overdue', { alpha1: 'orange' }),
    v('UNPAID', 'Insoluto', 'Unpaid (returned)', { alpha1: 'red' }),
    v('DISPUTED', 'In contestazione', 'Disputed', { alpha1: 'purple' }),
    v('WRITTEN_OFF', 'Stralciato', 'Written off', { alpha1: 'default' }),
    // an unpaid invoice cancelled by credit notes, and those notes: nothing is owed either way
    v('OFFSET', 'Compensata con nota di credito', 'Offset by a credit note', { alpha1: 'default' }),
  ],
};

const NATURE = 'Natura FatturaPA (solo per le operazioni senza imposta)';

export const VAT_CODES: LookupTableSeed = {
  code: 'VAT_CODES',
  name: { it: 'Codici IVA', en: 'VAT codes' },
  description:
    'Italian VAT rates and the FatturaPA nature codes of operations without VAT (rate 0). Since 2021 N2, N3 and N6 are only valid with their sub-codes.',
  columns: {
    alpha1: NATURE,
    // DPR 642/1972 Tariffa all. A art. 13 c. 1 and art. 6 DM 17/06/2014: documents of operations
    // outside VAT, excluded, exempt or non-taxable (not exports, art. 15 Tabella all. B, nor intra-EU
    // supplies, art. 66 c. 1 D.L. 331/1993) pay 2 euro when they pass 77,47 euro.
    flag1: 'Soggetta a imposta di bollo (oltre la soglia del registro STAMP_DUTY_THRESHOLD)',
  },
  values: [
    v('IVA22', 'IVA 22% (aliquota ordinaria)', 'VAT 22% (standard rate)', { val: '22', flag1: false }),
    v('IVA10', 'IVA 10% (aliquota ridotta)', 'VAT 10% (reduced rate)', { val: '10', flag1: false }),
    v('IVA5', 'IVA 5% (aliquota ridotta)', 'VAT 5% (reduced rate)', { val: '5', flag1: false }),
    v('IVA4', 'IVA 4% (aliquota minima)', 'VAT 4% (super-reduced rate)', { val: '4', flag1: false }),
    v('N1', 'N1 – Escluse ex art. 15 DPR 633/72', 'N1 – Excluded under art. 15 DPR 633/72', { val: '0', alpha1: 'N1', flag1: true }),
    v('N2.1', 'N2.1 – Non soggette ad IVA ai sensi degli artt. da 7 a 7-septies DPR 633/72', 'N2.1 – Outside the scope of VAT under arts. 7 to 7-septies DPR 633/72', { val: '0', alpha1: 'N2.1', flag1: true }),
    v('N2.2', 'N2.2 – Non soggette: altri casi', 'N2.2 – Outside the scope of VAT: other cases', { val: '0', alpha1: 'N2.2', flag1: true }),
    v('N3.1', 'N3.1 – Non imponibili: esportazioni', 'N3.1 – Zero-rated: exports', { val: '0', alpha1: 'N3.1', flag1: false }),
    v('N3.2', 'N3.2 – Non imponibili: cessioni intracomunitarie', 'N3.2 – Zero-rated: intra-EU supplies', { val: '0', alpha1: 'N3.2', flag1: false }),
    v('N3.3', 'N3.3 – Non imponibili: cessioni verso San Marino', 'N3.3 – Zero-rated: supplies to San Marino', { val: '0', alpha1: 'N3.3', flag1: false }),
    v('N3.4', "N3.4 – Non imponibili: operazioni assimilate alle cessioni all'esportazione", 'N3.4 – Zero-rated: operations treated as exports', { val: '0', alpha1: 'N3.4', flag1: true }),
    v('N3.5', "N3.5 – Non imponibili: a seguito di dichiarazioni d'intento", 'N3.5 – Zero-rated: under a declaration of intent', { val: '0', alpha1: 'N3.5', flag1: true }),
    v('N3.6', 'N3.6 – Non imponibili: altre operazioni che non concorrono alla formazione del plafond', 'N3.6 – Zero-rated: other operations not counted in the export ceiling', { val: '0', alpha1: 'N3.6', flag1: true }),
    v('N4', 'N4 – Esenti', 'N4 – Exempt', { val: '0', alpha1: 'N4', flag1: true }),
    v('N5', 'N5 – Regime del margine / IVA non esposta in fattura', 'N5 – Margin scheme / VAT not shown on the invoice', { val: '0', alpha1: 'N5', flag1: false }),
    v('N6.1', 'N6.1 – Inversione contabile: cessione di rottami e altri materiali di recupero', 'N6.1 – Reverse charge: scrap and other recovered materials', { val: '0', alpha1: 'N6.1', flag1: false }),
    v('N6.2', 'N6.2 – Inversione contabile: cessione di oro e argento', 'N6.2 – Reverse charge: gold and silver', { val: '0', alpha1: 'N6.2', flag1: false }),
    v('N6.3', 'N6.3 – Inversione contabile: subappalto nel settore edile', 'N6.3 – Reverse charge: subcontracting in construction', { val: '0', alpha1: 'N6.3', flag1: false }),
    v('N6.4', 'N6.4 – Inversione contabile: cessione di fabbricati', 'N6.4 – Reverse charge: sale of buildings', { val: '0', alpha1: 'N6.4', flag1: false }),
    v('N6.5', 'N6.5 – Inversione contabile: cessione di telefoni cellulari', 'N6.5 – Reverse charge: mobile phones', { val: '0', alpha1: 'N6.5', flag1: false }),
    v('N6.6', 'N6.6 – Inversione contabile: cessione di prodotti elettronici', 'N6.6 – Reverse charge: electronic products', { val: '0', alpha1: 'N6.6', flag1: false }),
    v('N6.7', 'N6.7 – Inversione contabile: prestazioni comparto edile e settori connessi', 'N6.7 – Reverse charge: construction and related services', { val: '0', alpha1: 'N6.7', flag1: false }),
    v('N6.8', 'N6.8 – Inversione contabile: operazioni settore energetico', 'N6.8 – Reverse charge: energy sector', { val: '0', alpha1: 'N6.8', flag1: false }),
    v('N6.9', 'N6.9 – Inversione contabile: altri casi', 'N6.9 – Reverse charge: other cases', { val: '0', alpha1: 'N6.9', flag1: false }),
    v('N7', 'N7 – IVA assolta in altro Stato UE', 'N7 – VAT paid in another EU member state', { val: '0', alpha1: 'N7', flag1: false }),
  ],
};

export const VAT_EXEMPTION: LookupTableSeed = {
  code: 'VAT_EXEMPTION',
  name: { it: 'Titolo di non imponibilità o esenzione IVA', en: 'VAT exemption reference' },
  description: 'Legal references printed on invoices without VAT; alpha1 is the FatturaPA nature code they require.',
  columns: { alpha1: 'Natura FatturaPA' },
  values: [
    v('ART15', 'Escluso art. 15 DPR 633/72', 'Excluded under art. 15 DPR 633/72', { alpha1: 'N1' }),
    v('ART7_BIS', 'Non soggetto art. 7-bis DPR 633/72 (beni non situati in Italia)', 'Outside the scope, art. 7-bis DPR 633/72 (goods not located in Italy)', { alpha1: 'N2.1' }),
    v('ART7_TER', 'Non soggetto art. 7-ter DPR 633/72 (servizi a committente non stabilito in Italia)', 'Outside the scope, art. 7-ter DPR 633/72 (services to a customer not established in Italy)', { alpha1: 'N2.1' }),
    v('FORFETTARIO', 'Operazione senza IVA, regime forfetario art. 1 c. 54-89 L. 190/2014', 'No VAT charged, flat-rate scheme art. 1(54-89) Law 190/2014', { alpha1: 'N2.2' }),
    v('ART8_C1_A', 'Non imponibile art. 8 c. 1 lett. a DPR 633/72 (esportazione diretta)', 'Zero-rated, art. 8(1)(a) DPR 633/72 (direct export)', { alpha1: 'N3.1' }),
    v('ART8_C1_B', 'Non imponibile art. 8 c. 1 lett. b DPR 633/72 (esportazione a cura del cessionario non residente)', 'Zero-rated, art. 8(1)(b) DPR 633/72 (export by the non-resident buyer)', { alpha1: 'N3.1' }),
    v('ART41_DL331', 'Non imponibile art. 41 D.L. 331/93 (cessione intracomunitaria)', 'Zero-rated, art. 41 Decree-Law 331/93 (intra-EU supply)', { alpha1: 'N3.2' }),
    v('ART71', 'Non imponibile art. 71 DPR 633/72 (cessione verso San Marino o Città del Vaticano)', 'Zero-rated, art. 71 DPR 633/72 (supply to San Marino or Vatican City)', { alpha1: 'N3.3' }),
    v('ART8_BIS', "Non imponibile art. 8-bis DPR 633/72 (operazioni assimilate alle cessioni all'esportazione)", 'Zero-rated, art. 8-bis DPR 633/72 (operations treated as exports)', { alpha1: 'N3.4' }),
    v('ART9', 'Non imponibile art. 9 DPR 633/72 (servizi internazionali)', 'Zero-rated, art. 9 DPR 633/72 (international services)', { alpha1: 'N3.4' }),
    v('ART8_C1_C', "Non imponibile art. 8 c. 1 lett. c DPR 633/72 (dichiarazione d'intento dell'esportatore abituale)", "Zero-rated, art. 8(1)(c) DPR 633/72 (regular exporter's declaration of intent)", { alpha1: 'N3.5' }),
    v('ART10', 'Esente art. 10 DPR 633/72', 'Exempt, art. 10 DPR 633/72', { alpha1: 'N4' }),
    v('ART36_DL41', 'Regime del margine art. 36 D.L. 41/1995', 'Margin scheme, art. 36 Decree-Law 41/1995', { alpha1: 'N5' }),
    v('ART74_C7_C8', 'Inversione contabile art. 74 c. 7 e 8 DPR 633/72 (rottami, cascami e materiali di recupero)', 'Reverse charge, art. 74(7) and (8) DPR 633/72 (scrap, waste and recovered materials)', { alpha1: 'N6.1' }),
    v('ART17_C6_A', 'Inversione contabile art. 17 c. 6 lett. a DPR 633/72 (subappalto nel settore edile)', 'Reverse charge, art. 17(6)(a) DPR 633/72 (subcontracting in construction)', { alpha1: 'N6.3' }),
    v('ART17_C6_A_TER', 'Inversione contabile art. 17 c. 6 lett. a-ter DPR 633/72 (pulizia, demolizione, installazione di impianti e completamento di edifici)', 'Reverse charge, art. 17(6)(a-ter) DPR 633/72 (cleaning, demolition, installation and completion of buildings)', { alpha1: 'N6.7' }),
  ],
};

export const DIRECTION: LookupTableSeed = {
  code: 'DIRECTION',
  name: { it: 'Ciclo', en: 'Direction' },
  description: 'Active cycle = sales and documents the company issues; passive cycle = purchases and documents it receives.',
  values: [
    v('ACTIVE', 'Attivo (vendite, documenti emessi)', 'Active (sales, issued documents)'),
    v('PASSIVE', 'Passivo (acquisti, documenti ricevuti)', 'Passive (purchases, received documents)'),
  ],
};

export const PRICELIST_TYPE: LookupTableSeed = {
  code: 'PRICELIST_TYPE',
  name: { it: 'Tipo di listino', en: 'Price list type' },
  columns: {
    alpha1: 'Ciclo (DIRECTION): ACTIVE = vendita, PASSIVE = acquisto',
    flag1: 'Listino predefinito, usato quando la controparte non ne ha uno proprio',
    flag2: 'Listino riservato a un cliente o fornitore',
  },
  values: [
    v('SALE', 'Listino di vendita', 'Sale price list', { alpha1: 'ACTIVE', flag1: false, flag2: false }),
    v('SALE_DEFAULT', 'Listino di vendita base', 'Default sale price list', { alpha1: 'ACTIVE', flag1: true, flag2: false }),
    v('SALE_CUSTOMER', 'Listino di vendita del cliente', 'Customer sale price list', { alpha1: 'ACTIVE', flag1: false, flag2: true }),
    v('PURCHASE', 'Listino di acquisto', 'Purchase price list', { alpha1: 'PASSIVE', flag1: false, flag2: false }),
    v('PURCHASE_DEFAULT', 'Listino di acquisto base', 'Default purchase price list', { alpha1: 'PASSIVE', flag1: true, flag2: false }),
    v('PURCHASE_SUPPLIER', 'Listino di acquisto del fornitore', 'Supplier purchase price list', { alpha1: 'PASSIVE', flag1: false, flag2: true }),
  ],
};

export const COST_CENTER: LookupTableSeed = {
  code: 'COST_CENTER',
  name: { it: 'Centro di costo', en: 'Cost centre' },
  values: [
    v('COLLECTION', 'Raccolta', 'Collection'),
    v('TRANSPORT', 'Trasporto', 'Transport'),
    v('PLANT', 'Impianto di trattamento', 'Treatment plant'),
    v('CDR', 'Centri di raccolta', 'Collection centres'),
    v('WORKSHOP', 'Officina e manutenzione mezzi', 'Workshop and fleet maintenance'),
    v('SALES', 'Commerciale', 'Sales'),
    v('ADMINISTRATION', 'Amministrazione', 'Administration'),
    v('HSE', 'Qualità, sicurezza e ambiente', 'Quality, health, safety and environment'),
  ],
};

export const SERVICE_KIND: LookupTableSeed = {
  code: 'SERVICE_KIND',
  name: { it: 'Tipo di servizio', en: 'Service kind' },
  description: 'Kinds of sellable service (biz-services).',
  values: [
    v('COLLECTION_TRANSPORT', 'Raccolta e trasporto', 'Collection and transport'),
    v('CONTAINER_RENTAL', 'Noleggio contenitori', 'Container rental'),
    v('CONTAINER_HANDLING', 'Posizionamento e sostituzione contenitori', 'Container placement and exchange'),
    v('TREATMENT', 'Trattamento e smaltimento', 'Treatment and disposal'),
    v('WEIGHING', 'Pesatura', 'Weighing'),
    v('ANALYSIS', 'Analisi e caratterizzazione', 'Analysis and characterisation'),
    v('INTERMEDIATION', 'Intermediazione', 'Brokerage'),
    v('CONSULTING', 'Consulenza ambientale (registri, MUD, ADR)', 'Environmental consulting (registers, MUD, ADR)'),
    v('SITE_CLEARANCE', 'Sgombero e pulizia aree', 'Site clearance and cleaning'),
  ],
};

export const PRODUCT_KIND: LookupTableSeed = {
  code: 'PRODUCT_KIND',
  name: { it: 'Tipo di prodotto', en: 'Product kind' },
  description: 'Kinds of goods the company sells: recovered materials and supplies.',
  values: [
    v('END_OF_WASTE', 'Materiale che ha cessato la qualifica di rifiuto (End of Waste)', 'End-of-waste material'),
    v('METAL_SCRAP', 'Rottami metallici', 'Metal scrap'),
    v('RECYCLED_AGGREGATE', 'Aggregato riciclato', 'Recycled aggregate'),
    v('COMPOST', 'Ammendante compostato', 'Compost'),
    v('SOLID_RECOVERED_FUEL', 'Combustibile solido secondario (CSS)', 'Solid recovered fuel (SRF)'),
    v('CONTAINERS', 'Contenitori e attrezzature', 'Containers and equipment'),
    v('CONSUMABLES', 'Materiali di consumo', 'Consumables'),
  ],
};

export const PRICE_UNIT: LookupTableSeed = {
  code: 'PRICE_UNIT',
  name: { it: 'Unità di prezzo', en: 'Price unit' },
  description: 'What a price list row is per; alpha1 is the unit printed on invoices (FatturaPA UnitaMisura, at most 10 characters).',
  columns: { alpha1: 'Unità di misura in fattura' },
  values: [
    v('KG', 'Al chilogrammo', 'Per kilogram', { alpha1: 'kg' }),
    v('T', 'Alla tonnellata', 'Per tonne', { alpha1: 't' }),
    v('LOAD_UNIT', 'Per unità di carico', 'Per load unit', { alpha1: 'n.' }),
    v('TRIP', 'A viaggio', 'Per trip', { alpha1: 'viaggio' }),
    v('HOUR', "All'ora", 'Per hour', { alpha1: 'ore' }),
    v('FLAT', 'A corpo', 'Flat rate', { alpha1: 'corpo' }),
  ],
};

export const INVOICE_DOCUMENT_TYPE: LookupTableSeed = {
  code: 'INVOICE_DOCUMENT_TYPE',
  name: { it: 'Tipo di documento di vendita', en: 'Sales document type' },
  description: 'FatturaPA TipoDocumento of the documents the company issues.',
  values: [
    v('TD01', 'Fattura', 'Invoice'),
    v('TD04', 'Nota di credito', 'Credit note'),
  ],
};

export const INVOICE_CHECK: LookupTableSeed = {
  code: 'INVOICE_CHECK',
  name: { it: 'Esito del controllo fattura fornitore', en: 'Supplier invoice check' },
  columns: { alpha1: 'Colore del badge' },
  values: [
    v('OK', 'Conforme a listino e registrazioni', 'Matches price list and records', { alpha1: 'green' }),
    v('DIFFERENCES', 'Differenze da verificare', 'Differences to review', { alpha1: 'orange' }),
    v('NOT_CHECKED', 'Non verificabile (nessun listino)', 'Not checkable (no price list)', { alpha1: 'default' }),
  ],
};

export const FINANCIAL_ACCOUNT: LookupTableSeed = {
  code: 'FINANCIAL_ACCOUNT',
  name: { it: 'Conti', en: 'Accounts' },
  description: 'The accounts money comes into and goes out of (cash, bank accounts): collections and payments are grouped by them.',
  columns: { alpha1: 'IBAN del conto' },
  values: [
    v('CASH', 'Cassa', 'Cash'),
    v('BANK_MAIN', 'Conto corrente principale', 'Main bank account'),
    v('BANK_SECOND', 'Conto corrente secondario', 'Second bank account'),
    v('POSTAL', 'Conto BancoPosta', 'Postal account'),
    v('OFFSET', 'Compensazioni', 'Offsetting'),
  ],
};

export const COMMERCIAL_TABLES: LookupTableSeed[] = [
  CURRENCY_TYPE,
  PAYMENT_TYPE,
  PAYMENT_STATUS,
  VAT_CODES,
  VAT_EXEMPTION,
  DIRECTION,
  PRICELIST_TYPE,
  COST_CENTER,
  SERVICE_KIND,
  PRODUCT_KIND,
  PRICE_UNIT,
  INVOICE_DOCUMENT_TYPE,
  INVOICE_CHECK,
  FINANCIAL_ACCOUNT,
];

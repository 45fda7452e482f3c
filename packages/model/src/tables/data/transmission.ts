import type { LookupTableSeed } from '../types.js';
import { v } from './value.js';

/**
 * Electronic transmissions: e-invoices through the Sistema di Interscambio (SdI) and waste
 * traceability data to RENTRI and the MUD. The spec names these tables only; the doc types are
 * the FatturaPA TipoDocumento codes. Doc types, receiver types and penalties are filtered by
 * alpha1 = the TRANSMISSION_TYPE they belong to (spec §4, §7).
 */

const SDI = 'SDI_INVOICE';
const BELONGS_TO = 'Tipo di trasmissione a cui appartiene (TRANSMISSION_TYPE)';

export const TRANSMISSION_TYPE: LookupTableSeed = {
  code: 'TRANSMISSION_TYPE',
  name: { it: 'Tipo di trasmissione', en: 'Transmission type' },
  values: [
    v(SDI, 'Fattura elettronica (Sistema di Interscambio)', 'E-invoice (Exchange System, SdI)'),
    v('RENTRI_FIR', 'Formulario di identificazione dei rifiuti (RENTRI)', 'Waste identification form (RENTRI)'),
    v('RENTRI_REGISTER', 'Registro cronologico di carico e scarico (RENTRI)', 'Chronological load and unload register (RENTRI)'),
    v('MUD', 'MUD – Modello unico di dichiarazione ambientale', 'MUD – Annual environmental declaration'),
  ],
};

export const TRANSMISSION_KIND: LookupTableSeed = {
  code: 'TRANSMISSION_KIND',
  name: { it: 'Formato di trasmissione', en: 'Transmission format' },
  description: 'Assumed meaning (the spec gives only the name): the FormatoTrasmissione of the e-invoice file.',
  columns: { alpha1: BELONGS_TO },
  values: [
    v('FPA12', 'FatturaPA verso Pubbliche Amministrazioni (FPA12)', 'E-invoice to public administrations (FPA12)', { alpha1: SDI }),
    v('FPR12', 'Fattura elettronica verso privati (FPR12)', 'E-invoice to private parties (FPR12)', { alpha1: SDI }),
    v('FSM10', 'Fattura elettronica semplificata (FSM10)', 'Simplified e-invoice (FSM10)', { alpha1: SDI }),
  ],
};

export const TRANSMISSION_IMPORT_TYPE: LookupTableSeed = {
  code: 'TRANSMISSION_IMPORT_TYPE',
  name: { it: 'Modalità di importazione', en: 'Import method' },
  description: 'How received documents (supplier e-invoices, FIRs issued by others) enter the system.',
  columns: { alpha1: BELONGS_TO },
  values: [
    v('SDI_CHANNEL', 'Ricezione dal Sistema di Interscambio (canale accreditato o intermediario)', 'Received from the SdI (accredited channel or intermediary)', { alpha1: SDI }),
    v('XML_UPLOAD', 'Caricamento di un file XML', 'XML file upload', { alpha1: SDI }),
    v('P7M_UPLOAD', 'Caricamento di un file firmato (XML.P7M)', 'Signed file upload (XML.P7M)', { alpha1: SDI }),
    v('ZIP_UPLOAD', 'Caricamento di un archivio ZIP di fatture', 'ZIP archive of invoices', { alpha1: SDI }),
    v('PEC', 'Ricezione tramite PEC', 'Received by certified email (PEC)', { alpha1: SDI }),
    v('RENTRI_SYNC', 'Sincronizzazione dei formulari dal RENTRI', 'Form synchronisation from RENTRI', { alpha1: 'RENTRI_FIR' }),
  ],
};

export const TRANSMISSION_REASON: LookupTableSeed = {
  code: 'TRANSMISSION_REASON',
  name: { it: 'Motivo della trasmissione', en: 'Transmission reason' },
  description: 'Assumed meaning (the spec gives only the name): why a document is (re)sent.',
  values: [
    v('FIRST_SENDING', 'Prima trasmissione', 'First sending'),
    v('RESEND_AFTER_REJECTION', 'Nuovo invio dopo scarto (stesso numero e data, entro 5 giorni)', 'Re-sending after rejection (same number and date, within 5 days)'),
    v('CORRECTION', 'Rettifica', 'Correction'),
    v('ANNOTATION', 'Annotazione o integrazione di dati', 'Annotation or data completion'),
    v('CANCELLATION', 'Annullamento', 'Cancellation'),
  ],
};

const active = { alpha1: SDI, alpha3: 'ACTIVE' };
const passive = { alpha1: SDI, alpha3: 'PASSIVE' };

export const TRANSMISSION_DOC_TYPE: LookupTableSeed = {
  code: 'TRANSMISSION_DOC_TYPE',
  name: { it: 'Tipo di documento', en: 'Document type' },
  description: 'FatturaPA TipoDocumento codes (TD10–TD15 are not FatturaPA codes; TD29 exists since specification 1.9, April 2025).',
  columns: {
    alpha1: BELONGS_TO,
    alpha3: 'Ciclo (DIRECTION): ACTIVE = emesso verso il cliente, PASSIVE = integrazione o autofattura sugli acquisti',
  },
  values: [
    v('TD01', 'Fattura', 'Invoice', active),
    v('TD02', 'Acconto/anticipo su fattura', 'Advance payment on invoice', active),
    v('TD03', 'Acconto/anticipo su parcella', 'Advance payment on professional fee', active),
    v('TD04', 'Nota di credito', 'Credit note', active),
    v('TD05', 'Nota di debito', 'Debit note', active),
    v('TD06', 'Parcella', 'Professional fee invoice', active),
    v('TD07', 'Fattura semplificata', 'Simplified invoice', active),
    v('TD08', 'Nota di credito semplificata', 'Simplified credit note', active),
    v('TD09', 'Nota di debito semplificata', 'Simplified debit note', active),
    v('TD16', 'Integrazione fattura reverse charge interno', 'Domestic reverse-charge integration', passive),
    v('TD17', "Integrazione/autofattura per acquisto servizi dall'estero", 'Integration/self-invoice for services bought abroad', passive),
    v('TD18', 'Integrazione per acquisto di beni intracomunitari', 'Integration for intra-EU purchase of goods', passive),
    v('TD19', 'Integrazione/autofattura per acquisto di beni ex art. 17 c. 2 DPR 633/72', 'Integration/self-invoice for goods under art. 17(2) DPR 633/72', passive),
    v('TD20', 'Autofattura per regolarizzazione e integrazione delle fatture (art. 6 c. 9-bis D.Lgs. 471/97 o art. 46 c. 5 D.L. 331/93)', 'Self-invoice to regularise or complete invoices (art. 6(9-bis) Legislative Decree 471/97 or art. 46(5) Decree-Law 331/93)', passive),
    v('TD21', 'Autofattura per splafonamento', 'Self-invoice for exceeding the export ceiling', passive),
    v('TD22', 'Estrazione beni da Deposito IVA', 'Goods withdrawn from a VAT warehouse', passive),
    v('TD23', "Estrazione beni da Deposito IVA con versamento dell'IVA", 'Goods withdrawn from a VAT warehouse with VAT payment', passive),
    v('TD24', 'Fattura differita di cui all\'art. 21, comma 4, terzo periodo, lett. a) DPR 633/72', 'Deferred invoice under art. 21(4), third sentence, (a) DPR 633/72', active),
    v('TD25', 'Fattura differita di cui all\'art. 21, comma 4, terzo periodo, lett. b) DPR 633/72', 'Deferred invoice under art. 21(4), third sentence, (b) DPR 633/72', active),
    v('TD26', 'Cessione di beni ammortizzabili e per passaggi interni (ex art. 36 DPR 633/72)', 'Sale of depreciable assets and internal transfers (art. 36 DPR 633/72)', active),
    v('TD27', 'Fattura per autoconsumo o per cessioni gratuite senza rivalsa', 'Invoice for self-consumption or free supplies without recharge', active),
    v('TD28', 'Acquisti da San Marino con IVA (fattura cartacea)', 'Purchases from San Marino with VAT (paper invoice)', passive),
    v('TD29', 'Comunicazione per omessa o irregolare fatturazione (art. 6 c. 8 D.Lgs. 471/97)', 'Notice of missing or irregular invoicing (art. 6(8) Legislative Decree 471/97)', passive),
  ],
};

export const TRANSMISSION_RECEIVER_TYPE: LookupTableSeed = {
  code: 'TRANSMISSION_RECEIVER_TYPE',
  name: { it: 'Tipo di destinatario', en: 'Receiver type' },
  description: 'How the recipient of an e-invoice is addressed (CodiceDestinatario / PECDestinatario).',
  columns: { alpha1: BELONGS_TO, extraValue: 'Formato o valore del CodiceDestinatario' },
  values: [
    v('PUBLIC_ADMINISTRATION', "Pubblica Amministrazione (codice univoco ufficio IPA)", 'Public administration (IPA office code)', { alpha1: SDI, extraValue: '6 caratteri' }),
    v('RECIPIENT_CODE', 'Soggetto con codice destinatario', 'Party with a recipient code', { alpha1: SDI, extraValue: '7 caratteri' }),
    v('PEC', 'Soggetto con indirizzo PEC', 'Party with a certified email (PEC) address', { alpha1: SDI, extraValue: '0000000' }),
    v('CONSUMER', 'Consumatore finale o soggetto senza canale registrato', 'Consumer or party without a registered channel', { alpha1: SDI, extraValue: '0000000' }),
    v('FOREIGN', 'Soggetto non residente', 'Non-resident party', { alpha1: SDI, extraValue: 'XXXXXXX' }),
  ],
};

export const PENALTY: LookupTableSeed = {
  code: 'PENALTY',
  name: { it: 'Sanzione', en: 'Penalty' },
  description: 'Administrative penalties tied to late, missing or wrong transmissions, with their legal reference.',
  columns: { alpha1: BELONGS_TO, alpha2: 'Riferimento normativo' },
  values: [
    v('LATE_INVOICE', 'Fattura emessa o trasmessa in ritardo', 'Invoice issued or sent late', { alpha1: SDI, alpha2: 'art. 6 D.Lgs. 471/1997' }),
    v('OMITTED_INVOICE', 'Omessa fatturazione', 'Failure to invoice', { alpha1: SDI, alpha2: 'art. 6 D.Lgs. 471/1997' }),
    v('WRONG_REVERSE_CHARGE', "Irregolare applicazione dell'inversione contabile", 'Incorrect application of the reverse charge', { alpha1: SDI, alpha2: 'art. 6 c. 9-bis D.Lgs. 471/1997' }),
    v('FIR_MISSING_OR_WRONG', 'Trasporto senza formulario o con dati incompleti o inesatti', 'Transport without a form or with incomplete or inaccurate data', { alpha1: 'RENTRI_FIR', alpha2: 'art. 258 D.Lgs. 152/2006' }),
    v('REGISTER_NOT_KEPT', 'Omessa o incompleta tenuta del registro di carico e scarico', 'Load and unload register not kept or incomplete', { alpha1: 'RENTRI_REGISTER', alpha2: 'art. 258 D.Lgs. 152/2006' }),
    v('MUD_LATE_OR_MISSING', 'MUD omesso, incompleto o presentato in ritardo', 'MUD missing, incomplete or filed late', { alpha1: 'MUD', alpha2: 'art. 258 D.Lgs. 152/2006' }),
  ],
};

export const TRANSMISSION_TABLES: LookupTableSeed[] = [
  TRANSMISSION_TYPE,
  TRANSMISSION_KIND,
  TRANSMISSION_IMPORT_TYPE,
  TRANSMISSION_REASON,
  TRANSMISSION_DOC_TYPE,
  TRANSMISSION_RECEIVER_TYPE,
  PENALTY,
];

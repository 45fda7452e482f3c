/**
 * One issued invoice or credit note as its exports read it (issue 19): the FatturaPA XML
 * (`fatturapa/xml.ts`) and the printable PDF (`pdf.ts`) are written from this shape only, built by
 * `data.ts` from the records. Every amount is a string with two decimals ("1234.50", "-12.00"),
 * every unit price a string with two to eight ("0.1250"): exact, never a floating-point number.
 */
export interface InvoiceAddress {
  /** Street and house number as one line (FatturaPA Indirizzo + NumeroCivico are both written). */
  street: string;
  houseNumber: string | null;
  /** Five digits for Italy. */
  zip: string;
  city: string;
  /** Two-letter province code (Italy only), else null. */
  province: string | null;
  /** ISO 3166-1 alpha-2. */
  country: string;
}

export interface InvoiceParty {
  /** Company name (Denominazione); for a natural person the first name (Nome). */
  name: string;
  /** Set only for a natural person without a company name: the last name (Cognome). */
  lastName: string | null;
  /** VAT number without the country prefix (11 digits for Italy), or null for a private person. */
  vatNumber: string | null;
  /** ISO 3166-1 alpha-2 of the VAT number (IdPaese). */
  vatCountry: string;
  fiscalCode: string | null;
  address: InvoiceAddress;
  email: string | null;
  phone: string | null;
}

export interface InvoiceSeller extends InvoiceParty {
  /** FatturaPA RegimeFiscale (RF01 = ordinario). */
  taxRegime: string;
  /** The bank the customer pays into, printed and written in DettaglioPagamento. */
  iban: string | null;
  bank: string | null;
}

export interface InvoiceBuyer extends InvoiceParty {
  /** SdI recipient code (CodiceDestinatario, 7 characters), null when none (then "0000000"). */
  sdiCode: string | null;
  pec: string | null;
}

export interface InvoiceDocumentLine {
  lineNo: number;
  description: string;
  /** Quantity with up to 8 decimals ("1250.000"), null for a flat amount. */
  quantity: string | null;
  /** Unit of measure as printed (≤ 10 characters: "kg", "t", "viaggio"), null with no quantity. */
  unit: string | null;
  unitPrice: string;
  /** quantity × unitPrice rounded to the cent (or unitPrice without quantity); the minimum charge when it applied. */
  amount: string;
  /** VAT rate as "22.00"; "0.00" with a nature. */
  vatRate: string;
  /** FatturaPA Natura (N1…N7 with sub-codes) when the rate is 0, else null. */
  nature: string | null;
  /** When the work was done (yyyy-mm-dd), for the printed detail; null for none. */
  workDate: string | null;
  /** The record the line prices (a FIR number, a conferral code), printed; null for none. */
  reference: string | null;
}

export interface InvoiceVatSummary {
  vatRate: string;
  nature: string | null;
  /** Sum of the lines' amounts at this rate/nature. */
  taxable: string;
  /** taxable × rate / 100, rounded half-up to the cent. */
  vat: string;
  /** EsigibilitaIVA: I immediate, D deferred, S split payment. Null for a nature. */
  vatDue: 'I' | 'D' | 'S' | null;
  /** RiferimentoNormativo, required by FatturaPA with a nature. */
  legalReference: string | null;
}

export interface InvoiceDocument {
  id: number;
  /** FatturaPA TipoDocumento: TD01 invoice, TD04 credit note. */
  documentType: 'TD01' | 'TD04';
  /** The number as issued, e.g. "12/A" (≤ 20 characters, with a digit). */
  number: string;
  /** yyyy-mm-dd. */
  issueDate: string;
  /** ISO 4217, "EUR". */
  currency: string;
  seller: InvoiceSeller;
  buyer: InvoiceBuyer;
  /** DatiTrasmissione: the transmitter is the seller; ProgressivoInvio ≤ 10 alphanumerics. */
  transmission: { progressive: string };
  lines: InvoiceDocumentLine[];
  summary: InvoiceVatSummary[];
  /** Sum of the lines. */
  taxable: string;
  /** Sum of the summary's VAT. */
  vat: string;
  /** taxable + vat (+ stamp duty when charged to the customer). */
  total: string;
  /** What the customer pays: the total, less the VAT under split payment. */
  payable: string;
  /** Stamp duty (bollo virtuale) when the invoice carries it, e.g. "2.00", else null. */
  stampDuty: string | null;
  payment: {
    /** ModalitaPagamento MP01…MP23. */
    method: string;
    methodLabel: string;
    /** yyyy-mm-dd, null when none. */
    dueDate: string | null;
    amount: string;
    iban: string | null;
  } | null;
  /** For a credit note: the invoice it reverses (DatiFattureCollegate). */
  related: { number: string; issueDate: string } | null;
  /** Free notes (Causale, each ≤ 200 characters). */
  notes: string[];
  /** SdI file name: IT + transmitter id + "_" + 5 alphanumerics + ".xml". */
  fileName: string;
}

/**
 * The invoicing calls of API.md "Operations", as server and web both read them: the invoice run
 * (`POST /api/invoices/run`) and issuing drafts at once (`POST /api/invoices/issue`). Amounts are
 * decimal strings with two decimals ("1234.50"): exact.
 */

export interface InvoiceRunRequest {
  /** yyyy-mm-dd, both included. */
  from: string;
  to: string;
  customerIds?: number[];
  dryRun: boolean;
}

/** What a line of an invoice run prices: a FIR's accepted weight, a conferral line, a trip. */
export type InvoiceRunSource = 'FIR' | 'CONFERRAL_LINE' | 'TRIP';

/** One line of a proposed invoice: a piece of completed work, priced. */
export interface InvoiceRunLine {
  description: string;
  waste: number | null;
  material: number | null;
  service: number | null;
  /** yyyy-mm-dd. */
  workDate: string;
  reference: string | null;
  /** In `unit`; null for a flat price. */
  quantity: number | null;
  /** PRICE_UNIT code. */
  unit: string;
  unitPrice: number;
  minimumCharge: number | null;
  vatCode: string;
  amount: string;
  sourceKind: InvoiceRunSource;
  sourceId: number;
  /** The price list the price came from (its code). */
  pricelist: string;
}

/**
 * A customer's invoice the run proposes (a dry run) or created as a draft (`invoiceId`): one per
 * customer, and one more per signed contract whose price list priced some of the work.
 */
export interface InvoiceRunInvoice {
  customerId: number;
  customerName: string;
  /** The signed contract (an attachment) whose list priced these lines; null for the rest. */
  contractId: number | null;
  lines: InvoiceRunLine[];
  taxable: string;
  vat: string;
  total: string;
  invoiceId?: number;
}

export type InvoiceRunSkipReason = 'NO_PRICE' | 'CUSTOMER_BLOCKED' | 'CUSTOMER_FISCAL_DATA';

/** A customer the run leaves out, and why (`detail`: what no list prices). */
export interface InvoiceRunSkip {
  customerId: number;
  customerName: string;
  reason: InvoiceRunSkipReason;
  detail: string | null;
}

export interface InvoiceRunResult {
  invoices: InvoiceRunInvoice[];
  skipped: InvoiceRunSkip[];
}

/** `POST /api/invoices/issue`'s answer: each draft's new number. */
export interface IssuedInvoice {
  id: number;
  documentNumber: string;
}

import { daysBetween, type FilterSpec } from '@circula/model';

/** The sales invoices' route and the collections' (issue 19). */
export const INVOICES_ROUTE = 'invoices';
export const ACCOUNT_MOVEMENTS_ROUTE = 'account-movements';

/** The payment statuses of an invoice that still waits for money. */
export const OPEN_PAYMENT = ['TO_PAY', 'PARTIALLY_PAID'] as const;
/** The statuses of an invoice a credit note may reverse (the server's INVOICE_NOT_CREDITABLE otherwise). */
const CREDITABLE = ['ISSUED', 'SENT', 'PAID'];
/** The statuses of an invoice collections are recorded against and that may be overdue (not drafts, not cancelled). */
const OPEN = ['ISSUED', 'SENT'] as const;

/** What the rules read of an invoice: its record as the API answers it. */
export interface InvoiceState {
  status?: unknown;
  documentType?: unknown;
  paymentStatus?: unknown;
  dueDate?: unknown;
}

const isOpenPayment = (paymentStatus: unknown) => (OPEN_PAYMENT as readonly unknown[]).includes(paymentStatus);

/** Issued (or later): a draft has no number, no FatturaPA file, no print. */
export const isIssued = (invoice: InvoiceState) => invoice.status != null && invoice.status !== 'DRAFT';

/** A credit note may reverse a sales invoice (TD01) that is issued, sent or paid. */
export const creditable = (invoice: InvoiceState) => invoice.documentType === 'TD01' && CREDITABLE.includes(String(invoice.status));

/**
 * A collection may be recorded on an issued or sent invoice with something still to collect (a
 * credit note's refund is money paid out: recorded from the movements' page, never "collected").
 */
export const collectable = (invoice: InvoiceState) =>
  invoice.documentType !== 'TD04' && (OPEN as readonly unknown[]).includes(invoice.status) && isOpenPayment(invoice.paymentStatus);

/**
 * Days an invoice is overdue on `today`: the due date is past and money is still expected from an
 * issued or sent invoice; null otherwise (a draft, a paid or cancelled invoice, no due date, not
 * yet due).
 */
export function overdueDays(invoice: InvoiceState, today: string): number | null {
  if (!collectable(invoice)) return null;
  if (typeof invoice.dueDate !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(invoice.dueDate)) return null;
  const days = daysBetween(invoice.dueDate.slice(0, 10), today);
  return days > 0 ? days : null;
}

/** The list filters (API.md search `q.filters`) of the invoices overdue on `today`: the server's view of `overdueDays`. */
export const overdueFilters = (today: string): FilterSpec[] => [
  { field: 'dueDate', op: 'lt', value: today },
  { field: 'paymentStatus', op: 'in', value: [...OPEN_PAYMENT] },
  { field: 'status', op: 'in', value: [...OPEN] },
  { field: 'documentType', op: 'eq', value: 'TD01' },
];

const OVERDUE_FIELDS = new Set(overdueFilters('').map((f) => f.field));

/** Whether a filter is one of the overdue view's (replaced, or removed, when the view is toggled). */
export const isOverdueFilter = (filter: FilterSpec) => OVERDUE_FIELDS.has(filter.field);

/** Whether the list's filters are the overdue view (whatever day it was asked on). */
export function showsOverdue(filters: readonly FilterSpec[]): boolean {
  const expected = overdueFilters('');
  return expected.every((e) =>
    filters.some((f) => f.field === e.field && f.op === e.op && (e.op === 'lt' ? typeof f.value === 'string' : JSON.stringify(f.value) === JSON.stringify(e.value))),
  );
}

/** The query parameter of `account-movements/new` naming the invoice a collection is for. */
export const COLLECT_PARAM = 'invoice';

/** The create form of a collection for invoice `id`. */
export const collectionPath = (id: number) => `/${ACCOUNT_MOVEMENTS_ROUTE}/new?${COLLECT_PARAM}=${id}`;

/** The invoice a `?invoice=` parameter names, or null. */
export function collectedInvoiceId(param: string | null): number | null {
  if (!param || !/^\d+$/.test(param)) return null;
  const id = Number(param);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

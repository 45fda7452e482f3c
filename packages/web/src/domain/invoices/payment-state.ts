import { dec, toCents } from '@circula/model';
import { isIssued, overdueDays, type InvoiceState } from './invoice-rules';

/** What the payment section reads of an invoice. */
export interface PaymentFigures extends InvoiceState {
  id?: unknown;
  payable?: unknown;
  paidAmount?: unknown;
  paymentType?: unknown;
}

/** The tag of an invoice's payment: overdue by some days, or paid; none while money is due in time. */
export type PaymentTag = { kind: 'OVERDUE'; days: number } | { kind: 'PAID' } | null;

export interface PaymentState {
  /** Amounts as "1234.50" (exact: the server's numeric values, subtracted as decimals). */
  payable: string;
  collected: string;
  remaining: string;
  tag: PaymentTag;
}

const amount = (value: unknown) => dec(typeof value === 'number' || typeof value === 'string' ? value : null);

/**
 * The payment state of an invoice on `today` ('YYYY-MM-DD', the Italian calendar day): the amount
 * due, what was collected, what remains, and its tag — overdue when the due date is past and money
 * is still expected, paid when the collections cover it. Null for a draft (nothing is due yet).
 */
export function paymentState(invoice: PaymentFigures, today: string): PaymentState | null {
  if (!isIssued(invoice)) return null;
  const payable = amount(invoice.payable);
  const collected = amount(invoice.paidAmount);
  const remaining = payable.minus(collected);
  const days = overdueDays(invoice, today);
  const tag: PaymentTag = days !== null ? { kind: 'OVERDUE', days } : invoice.paymentStatus === 'PAID' ? { kind: 'PAID' } : null;
  return { payable: toCents(payable), collected: toCents(collected), remaining: toCents(remaining.gt(0) ? remaining : 0), tag };
}

/**
 * What a collection's create form starts with, opened by "Registra incasso" on invoice `invoice`:
 * the invoice, what remains to collect (the amount due less the collections, exact to the cent),
 * the invoice's payment method, the value date today.
 */
export function collectionValues(invoice: PaymentFigures & { id: number }, today: string): Record<string, unknown> {
  const remaining = amount(invoice.payable).minus(amount(invoice.paidAmount));
  return {
    invoice: invoice.id,
    amount: remaining.gt(0) ? Number(toCents(remaining)) : null,
    movementDate: today,
    ...(typeof invoice.paymentType === 'string' && invoice.paymentType ? { paymentType: invoice.paymentType } : {}),
  };
}

import { accountMovement, dec, invoice, pricelist, supplierInvoice, toCents, type RecordOf, type ValuesOf } from '@circula/model';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError, constraintViolation } from '../../http/errors.js';
import { changesFields, type HookContext, type HookRegistry } from '../../records/hooks.js';
import { computeInvoice, linesVatCodes, loadStampDuty, type PricedLine } from './compute.js';
import { cancelCredited, issueContext, issueDraft } from './issue.js';
import { checkSupplierInvoice } from './supplier-check.js';

type Invoice = RecordOf<typeof invoice>;
type InvoiceValues = ValuesOf<typeof invoice>;
type Trx = Transaction<Database>;
type LineValues = PricedLine & Record<string, unknown>;

/** The figures of an invoice as the write leaves them: line amounts and rates, totals, stamp duty. */
async function priced<V extends { lines?: unknown; splitPayment?: boolean | null }>(trx: Trx, current: { lines?: unknown; splitPayment?: boolean | null } | null, values: V): Promise<V> {
  const merged = { ...(current ?? {}), ...values };
  const lines = ((merged.lines ?? []) as LineValues[]).map((l) => ({ ...l }));
  const codes = await linesVatCodes(trx, lines);
  const totals = computeInvoice(lines, codes, merged.splitPayment === true, await loadStampDuty(trx));
  totals.lines.forEach((t, i) => Object.assign(lines[i]!, { amount: Number(t.amount), vatRate: Number(t.vatRate) }));
  return {
    ...values,
    lines,
    taxable: Number(totals.taxable),
    vat: Number(totals.vat),
    total: Number(totals.total),
    payable: Number(totals.payable),
    stampDuty: totals.stampDuty === null ? null : Number(totals.stampDuty),
  };
}

/**
 * Issuing through the record page (a transition), as issueDrafts does for many: issueDraft's number
 * and dates. A draft's figures are the server's since its last write; lines or split payment sent
 * with the transition are priced first.
 */
async function issue(ctx: HookContext, current: Invoice, values: InvoiceValues): Promise<InvoiceValues> {
  const merged = { ...current, ...values } as Invoice;
  const withTotals = values.lines === undefined && values.splitPayment === undefined ? values : await priced(ctx.trx, current, values);
  const fields = await issueDraft(ctx.trx, await issueContext(ctx.trx), {
    id: Number(current.id),
    section: String(merged.section ?? 'A'),
    customer: Number(merged.customer),
    issueDate: merged.issueDate ? String(merged.issueDate) : null,
    paymentTermsDays: merged.paymentTermsDays ?? null,
    dueDate: merged.dueDate ? String(merged.dueDate) : null,
    payable: withTotals.payable ?? current.payable ?? 0,
    creditedInvoice: merged.documentType === 'TD04' && merged.creditedInvoice != null ? Number(merged.creditedInvoice) : null,
  });
  return { ...withTotals, ...fields } as InvoiceValues;
}

/**
 * An invoice's collections: the paid amount and payment status, and PAID when they cover the
 * amount due (back to ISSUED when a collection is removed). `change` is the write being made:
 * the movement left out (`exclude`) and the amount it brings (`plus`). Answers the invoice's
 * customer (supplier) and whether it is a credit note, whose settlement is a refund.
 */
async function settle(trx: Trx, principal: HookContext['principal'], kind: 'invoice' | 'supplier_invoice', id: number, change: { exclude?: number; plus?: string | number }): Promise<{ counterpart: number; refund: boolean }> {
  const table = sql.table(kind);
  const column = sql.ref(kind === 'invoice' ? 'invoice' : 'supplier_invoice');
  const due = kind === 'invoice' ? sql`payable` : sql`total`;
  const { rows } = await sql<{ status: string; payment_status: string | null; due: string | null; paid: string; counterpart: string; refund: boolean }>`
    select status, payment_status, ${due}::text as due, ${sql.ref(kind === 'invoice' ? 'customer' : 'supplier')} as counterpart,
      ${kind === 'invoice' ? sql`document_type = 'TD04'` : sql`false`} as refund,
      (select coalesce(sum(m.amount), 0)::text from account_movement m where ${column} = ${id} and not m.deleted and m.id <> ${change.exclude ?? 0}) as paid
    from ${table} where id = ${id} and not deleted for update`.execute(trx);
  const row = rows[0];
  if (!row) throw constraintViolation([{ field: kind === 'invoice' ? 'invoice' : 'supplierInvoice', message: 'NOT_FOUND' }]);
  const open = kind === 'invoice' ? ['ISSUED', 'SENT', 'PAID'] : ['REGISTERED', 'APPROVED', 'DISPUTED', 'PAID'];
  if (!open.includes(row.status)) throw new AppError(409, 'INVOICE_NOT_PAYABLE');
  // an invoice offset by credit notes, or such a note: nothing to collect nor to refund
  if (row.payment_status === 'OFFSET') throw new AppError(409, 'INVOICE_OFFSET');
  const paid = dec(row.paid).plus(dec(change.plus ?? 0));
  const dueAmount = dec(row.due);
  if (paid.gt(dueAmount)) {
    throw constraintViolation([{ field: 'amount', message: 'PAYMENT_EXCEEDS_DUE', params: { due: Number(toCents(dueAmount)), paid: Number(toCents(dec(row.paid))) } }]);
  }
  const paymentStatus = paid.gte(dueAmount) ? 'PAID' : paid.gt(0) ? 'PARTIALLY_PAID' : 'TO_PAY';
  const status = paymentStatus === 'PAID' ? (kind === 'invoice' || row.status === 'APPROVED' ? 'PAID' : row.status) : row.status === 'PAID' ? (kind === 'invoice' ? 'ISSUED' : 'APPROVED') : row.status;
  await sql`update ${table} set paid_amount = ${toCents(paid)}, payment_status = ${paymentStatus}, status = ${status},
      version = version + 1, updated_at = now(), updated_by = ${principal.username} where id = ${id}`.execute(trx);
  return { counterpart: Number(row.counterpart), refund: row.refund };
}

/**
 * The rules of invoicing (issue 19): a draft's figures are the server's; issuing numbers it;
 * an issued invoice is never changed (409 INVOICE_ISSUED) nor deleted — a credit note corrects
 * it, and one for its whole total cancels it; PAID follows the collections.
 */
export function registerInvoiceHooks(registry: HookRegistry): void {
  // a price is for one thing: an EER code, a material or a service
  const checkRows = (values: ValuesOf<typeof pricelist>) => {
    const rows = (values.rows ?? []) as { waste?: number | null; material?: number | null; service?: number | null }[];
    const errors = rows.flatMap((r, i) => ([r.waste, r.material, r.service].filter((v) => v != null).length === 1 ? [] : [{ field: `rows.${i}.waste`, message: 'PRICELIST_ROW_ITEM' }]));
    if (errors.length) throw constraintViolation(errors);
    return values;
  };
  registry.register(pricelist, {
    async beforeCreate(_ctx, values) {
      return checkRows(values);
    },
    async beforeUpdate(_ctx, _current, values) {
      return values.rows === undefined ? values : checkRows(values);
    },
  });

  registry.register(invoice, {
    async beforeCreate(ctx, values) {
      return priced(ctx.trx, null, { ...values, paymentStatus: null });
    },
    async beforeUpdate(ctx, current, values) {
      if (current.status !== 'DRAFT') {
        // the business job an invoice counts for is bookkeeping, not part of the fiscal document: it may still change
        const { job: _job, ...document } = values;
        if (changesFields(current, document)) throw new AppError(409, 'INVOICE_ISSUED');
        return values;
      }
      return priced(ctx.trx, current, values);
    },
    async beforeTransition(ctx, current, to, values) {
      if (to === 'ISSUED') return issue(ctx, current, values);
      if (to === 'CANCELLED') throw new AppError(409, 'INVOICE_CREDIT_NOTE_REQUIRED');
      if (to === 'PAID' && current.paymentStatus !== 'PAID') throw new AppError(409, 'INVOICE_NOT_PAID');
      return current.status === 'DRAFT' ? values : {};
    },
    async afterTransition(ctx, record, from) {
      if (record.status === 'ISSUED' && from === 'DRAFT') await cancelCredited(ctx.trx, ctx.principal, record);
    },
    async beforeDelete(_ctx, current) {
      if (current.status !== 'DRAFT') throw new AppError(409, 'INVOICE_ISSUED');
    },
  });

  registry.register(supplierInvoice, {
    async beforeCreate(ctx, values) {
      return checkSupplierInvoice(ctx.trx, null, { ...values, paymentStatus: 'TO_PAY', paidAmount: 0 });
    },
    async beforeUpdate(ctx, current, values) {
      if (current.status === 'PAID' || current.status === 'CANCELLED') {
        if (changesFields(current, values)) throw new AppError(409, 'INVOICE_ISSUED');
        return values;
      }
      return checkSupplierInvoice(ctx.trx, current, values);
    },
    async beforeDelete(_ctx, current) {
      if (Number(current.paidAmount ?? 0) > 0) throw new AppError(409, 'INVOICE_HAS_PAYMENTS');
    },
  });

  registry.register(accountMovement, {
    async beforeCreate(ctx, values) {
      if ((values.invoice == null) === (values.supplierInvoice == null)) throw constraintViolation([{ field: 'invoice', message: 'ACCOUNT_MOVEMENT_TARGET' }]);
      const kind = values.invoice != null ? 'invoice' : 'supplier_invoice';
      const id = Number(values.invoice ?? values.supplierInvoice);
      const { counterpart, refund } = await settle(ctx.trx, ctx.principal, kind, id, { plus: values.amount ?? 0 });
      // money in for a sales invoice; out for a supplier's, and for the refund of a credit note
      return { ...values, direction: kind === 'invoice' && !refund ? 'ACTIVE' : 'PASSIVE', counterpart };
    },
    async beforeUpdate(ctx, current, values) {
      const moved = (values.invoice !== undefined && values.invoice !== current.invoice) || (values.supplierInvoice !== undefined && values.supplierInvoice !== current.supplierInvoice);
      if (moved) throw constraintViolation([{ field: 'invoice', message: 'ACCOUNT_MOVEMENT_TARGET_FIXED' }]);
      const kind = current.invoice != null ? 'invoice' : 'supplier_invoice';
      await settle(ctx.trx, ctx.principal, kind, Number(current.invoice ?? current.supplierInvoice), { exclude: Number(current.id), plus: values.amount ?? current.amount ?? 0 });
      return values;
    },
    async beforeDelete(ctx, current) {
      const kind = current.invoice != null ? 'invoice' : 'supplier_invoice';
      await settle(ctx.trx, ctx.principal, kind, Number(current.invoice ?? current.supplierInvoice), { exclude: Number(current.id) });
    },
  });
}

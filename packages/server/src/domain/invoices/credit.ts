import type { invoice, RecordOf, Target } from '@circula/model';
import { sql } from 'kysely';
import type { Principal } from '../../auth/users.js';
import type { Db } from '../../db/connect.js';
import { AppError } from '../../http/errors.js';
import type { RecordService } from '../../records/service.js';

type Invoice = RecordOf<typeof invoice>;

/**
 * A draft credit note (TD04) reversing an issued invoice: its customer, terms and lines, to be
 * adjusted for a partial credit and issued. Issuing one for the whole total cancels the invoice.
 */
export async function createCreditNote(db: Db, records: RecordService, principal: Principal, target: Target, original: Invoice): Promise<number> {
  if (original.documentType !== 'TD01' || !['ISSUED', 'SENT', 'PAID'].includes(String(original.status))) throw new AppError(409, 'INVOICE_NOT_CREDITABLE');
  return db.transaction().execute(async (trx) => {
    const note = await records.create(principal, target, {
      documentType: 'TD04',
      section: original.section,
      customer: original.customer,
      periodFrom: original.periodFrom,
      periodTo: original.periodTo,
      paymentType: original.paymentType,
      splitPayment: original.splitPayment,
      notes: `Storno della fattura n. ${original.documentNumber} del ${String(original.issueDate).split('-').reverse().join('/')}`,
      lines: ((original.lines ?? []) as Record<string, unknown>[]).map((l) => ({
        description: l.description, waste: l.waste, material: l.material, service: l.service, workDate: l.workDate, reference: l.reference,
        quantity: l.quantity, unit: l.unit, unitPrice: l.unitPrice, minimumCharge: l.minimumCharge, vatCode: l.vatCode,
      })),
    }, trx);
    await sql`update invoice set credited_invoice = ${Number(original.id)} where id = ${Number(note.id)}`.execute(trx);
    return Number(note.id);
  });
}

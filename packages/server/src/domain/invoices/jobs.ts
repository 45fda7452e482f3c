import { invoice, tableName, todayInItaly } from '@circula/model';
import { sql } from 'kysely';
import { z } from 'zod';
import { defineJob } from '../../scheduler/jobs.js';
import type { MailLang } from '../mail/templates.js';
import { ddmmyyyy, notifyOnce, readersOf } from '../notices/notify.js';

export const OVERDUE_INVOICE = 'OVERDUE_INVOICE';

const euro = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR' });

interface OverdueRow {
  id: number;
  number: string | null;
  code: string | null;
  due: string;
  customer: string | null;
  open: string;
}

/** The notice of one overdue invoice. */
export function overdueInvoiceText(row: OverdueRow, lang: MailLang): { title: string; body: string } {
  const it = lang === 'it';
  const name = row.number ?? row.code ?? String(row.id);
  return {
    title: it ? `Fattura ${name} scaduta il ${ddmmyyyy(row.due)}` : `Invoice ${name} overdue since ${ddmmyyyy(row.due)}`,
    body: `${row.customer ?? ''} · ${it ? 'Da incassare' : 'Still to collect'}: ${euro.format(Number(row.open))}`,
  };
}

/**
 * OVERDUE_INVOICES: the sales invoices issued or sent (not credit notes, not paid, not
 * cancelled) whose due date is more than `graceDays` days past and whose collections do not cover
 * the amount due → a notice per invoice to the staff who read invoices, once per due date.
 */
export const overdueInvoicesJob = defineJob({
  code: 'OVERDUE_INVOICES',
  parameters: z.object({ graceDays: z.number().int().min(0).max(365).default(0) }).strict(),
  async run(ctx, params, log) {
    const today = todayInItaly(ctx.now);
    const { rows } = await sql<OverdueRow>`
      select i.id, i.document_number as number, i.code, to_char(i.due_date, 'YYYY-MM-DD') as due,
        trim(concat_ws(' ', s.name, s.last_name)) as customer,
        (coalesce(i.payable, i.total, 0) - coalesce(i.paid_amount, 0))::text as open
      from ${sql.table(tableName(invoice))} i
      left join subject s on s.id = i.customer
      where not i.deleted and i.status in ('ISSUED', 'SENT') and i.document_type <> 'TD04'
        and i.due_date is not null and i.due_date < ${today}::date - ${params.graceDays}::integer
        and coalesce(i.paid_amount, 0) < coalesce(i.payable, i.total, 0)
      order by i.due_date, i.id`.execute(ctx.db);
    const readers = rows.length ? await readersOf(ctx.db, invoice.authority!) : [];
    let written = 0;
    for (const row of rows) {
      written += await notifyOnce(ctx.db, readers, {
        kind: OVERDUE_INVOICE,
        entity: invoice.name,
        recordId: Number(row.id),
        route: invoice.route,
        dedupeKey: `${OVERDUE_INVOICE}:${row.id}:${row.due}`,
        text: (lang) => overdueInvoiceText(row, lang),
        data: { due: row.due, open: Number(row.open) },
      });
    }
    log.info(`${rows.length} overdue invoice(s)`);
    return `${rows.length} overdue invoice(s), ${written} new notice(s)`;
  },
});

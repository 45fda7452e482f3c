import { invoice, type Catalogue, type Target } from '@circula/model';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePrincipal } from '../../auth/request-auth.js';
import type { Db } from '../../db/connect.js';
import { AppError, constraintViolation } from '../../http/errors.js';
import { assertCan } from '../../records/policy.js';
import type { RecordService } from '../../records/service.js';
import type { RecordOf } from '@circula/model';
import { createCreditNote } from './credit.js';
import { invoiceDocument } from './data.js';
import { fatturaPaXml } from './fatturapa/xml.js';
import { printFrame } from '../print-templates/context.js';
import { invoicePdf } from './pdf.js';
import { issueDrafts } from './issue.js';
import { invoiceRun } from './run.js';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const params = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
/** The statuses of an invoice that has a number: its FatturaPA file and PDF exist. */
export const ISSUED = new Set(['ISSUED', 'SENT', 'PAID', 'CANCELLED']);

/**
 * The invoicing calls of API.md "Operations": the invoice run, an issued invoice's FatturaPA XML
 * and PDF, and a credit note for an issued invoice. The invoice is read through the `invoices`
 * target first (its authority and row rules).
 */
export function invoiceRoutes(app: FastifyInstance, db: Db, catalogue: Catalogue, records: RecordService): void {
  const invoices = catalogue.target(invoice.route) as Target | undefined;
  if (!invoices) return;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/invoices/run',
    {
      schema: {
        tags: ['invoices'],
        body: z.object({
          from: day,
          to: day,
          customerIds: z.array(z.number().int().positive()).max(5000).optional(),
          dryRun: z.boolean(),
        }),
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      assertCan(principal, invoices, 'W');
      const { from, to } = request.body;
      if (from > to) throw constraintViolation([{ field: 'to', message: 'INVOICE_RUN_DATES' }]);
      if (Date.parse(to) - Date.parse(from) > 366 * 86_400_000) throw constraintViolation([{ field: 'to', message: 'INVOICE_RUN_PERIOD' }]);
      return { data: await invoiceRun(db, records, principal, request.body) };
    },
  );

  // issues the selected drafts at once (a month's run): all or none, numbers in id order
  api.post(
    '/api/invoices/issue',
    {
      schema: {
        tags: ['invoices'],
        body: z.object({ ids: z.array(z.number().int().positive()).min(1).max(1000), issueDate: day.optional() }),
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      assertCan(principal, invoices, 'W');
      // each through the user's rights (row rules), as the record page would read it
      for (const id of new Set(request.body.ids)) await records.get(principal, invoices, id);
      return { data: { issued: await issueDrafts(db, principal, request.body.ids, request.body.issueDate) } };
    },
  );

  const readIssued = async (principal: ReturnType<typeof requirePrincipal>, id: number) => {
    const record = (await records.get(principal, invoices, id)) as RecordOf<typeof invoice>;
    if (!ISSUED.has(String(record.status))) throw new AppError(409, 'INVOICE_NOT_ISSUED');
    return record;
  };

  api.get(`${invoices.endpoint}/:id/fatturapa`, { schema: { tags: ['invoices'], params } }, async (request, reply) => {
    const record = await readIssued(requirePrincipal(request), request.params.id);
    const document = await invoiceDocument(db, record);
    return reply
      .header('content-type', 'application/xml; charset=utf-8')
      .header('content-disposition', `attachment; filename="${document.fileName}"`)
      .header('cache-control', 'no-store')
      .send(fatturaPaXml(document));
  });

  api.get(`${invoices.endpoint}/:id/pdf`, { schema: { tags: ['invoices'], params } }, async (request, reply) => {
    const principal = requirePrincipal(request);
    const record = await readIssued(principal, request.params.id);
    const data = await invoiceDocument(db, record);
    const pdf = await invoicePdf(data, { frame: await printFrame(db, principal, { document: 'INVOICE', data }, 'it') });
    const file = `${record.documentType === 'TD04' ? 'Nota-di-credito' : 'Fattura'}-${String(record.documentNumber).replaceAll('/', '-')}.pdf`;
    return reply.header('content-type', 'application/pdf').header('content-disposition', `inline; filename="${file}"`).header('cache-control', 'no-store').send(pdf);
  });

  // a draft credit note reversing an issued invoice: its lines, to be adjusted (a partial credit) and issued
  api.post(`${invoices.endpoint}/:id/credit-note`, { schema: { tags: ['invoices'], params } }, async (request) => {
    const principal = requirePrincipal(request);
    const original = await readIssued(principal, request.params.id);
    const id = await createCreditNote(db, records, principal, invoices, original);
    return { data: await records.get(principal, invoices, id) };
  });
}

import { dataOf, recordVersionsSchema, fir, invoice, PRINT_DOCUMENT_CODES, printTemplate, warehouseMovement, type PrintDocumentCode, type RecordOf } from '@circula/model';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Principal } from '../../auth/users.js';
import { requirePrincipal } from '../../auth/request-auth.js';
import { AppError, constraintViolation, notFound } from '../../http/errors.js';
import { assertCan } from '../../records/policy.js';
import { recordVersions } from '../../records/versions.js';
import type { AppContext } from '../module.js';
import { receiptData, receiptPdf } from '../activities/receipt.js';
import { invoiceDocument } from '../invoices/data.js';
import { invoicePdf } from '../invoices/pdf.js';
import { ISSUED } from '../invoices/routes.js';
import { firDocument } from '../transports/fir/data.js';
import { firPdf } from '../transports/fir/pdf.js';
import { readRegister, registerSite } from '../warehouses/ledger/read.js';
import { registerPdf } from '../warehouses/register/pdf.js';
import { printContext, type PrintSource } from './context.js';
import { checkPrintTemplate, renderPrintFrame, type PrintFrame } from './templates.js';

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const part = z.string().max(3000).nullable().optional();

/** The body of a preview: the template being edited (saved or not) and the record to print it on. */
export const previewBody = z.object({
  document: z.enum(PRINT_DOCUMENT_CODES as [PrintDocumentCode, ...PrintDocumentCode[]]),
  lang: z.enum(['it', 'en']).default('it'),
  header: part,
  footer: part,
  closing: part,
  /** The invoice, FIR, warehouse (its register) or conferral to print. */
  recordId: id,
  /** For a register: the year (default: this year). */
  year: z.number().int().min(2000).max(2100).optional(),
});

/** The fields a version of a template holds. */
const VERSIONED = ['document', 'lang', 'name', 'header', 'footer', 'closing', 'description'] as const;

/**
 * Print templates beyond the generic record calls (issue 20):
 *  - `POST /api/templates/print-templates/preview`: the PDF of a real record the caller may read,
 *    printed with the template being edited (checked as a save would check it; nothing is stored)
 *  - `GET /api/templates/print-templates/{id}/versions`: every version of a template, newest first,
 *    rebuilt from the record's history (each save is a version).
 */
export function printTemplateRoutes(app: FastifyInstance, { db, catalogue, records }: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const templates = catalogue.target(printTemplate.route);
  if (!templates) return;

  /** The data the document's PDF is drawn from, read through the caller's rights on that record. */
  const sourceOf = async (principal: Principal, body: z.infer<typeof previewBody>): Promise<PrintSource> => {
    const target = (route: string) => {
      const t = catalogue.target(route);
      if (!t) throw notFound();
      return t;
    };
    switch (body.document) {
      case 'INVOICE': {
        const record = (await records.get(principal, target(invoice.route), body.recordId)) as RecordOf<typeof invoice>;
        if (!ISSUED.has(String(record.status))) throw new AppError(409, 'INVOICE_NOT_ISSUED');
        return { document: 'INVOICE', data: await invoiceDocument(db, record) };
      }
      case 'FIR':
        return { document: 'FIR', data: await firDocument(db, await records.get(principal, target(fir.route), body.recordId)) };
      case 'CONFERRAL_RECEIPT':
        return { document: 'CONFERRAL_RECEIPT', data: await receiptData(db, await records.get(principal, target('conferral'), body.recordId)) };
      case 'REGISTER': {
        // the register is the ledger's: its read authority, as GET /api/warehouses/register/{wh}
        assertCan(principal, warehouseMovement, 'R');
        const site = await registerSite(db, body.recordId, body.lang);
        if (!site) throw notFound();
        const year = body.year ?? new Date().getFullYear();
        const { items } = await readRegister(db, body.recordId, { year, lang: body.lang });
        return { document: 'REGISTER', data: { site, year, lang: body.lang, rows: items, printedAt: new Date().toISOString() } };
      }
    }
  };

  const pdfOf = (source: PrintSource, frame: PrintFrame): Promise<Buffer> => {
    switch (source.document) {
      case 'INVOICE':
        return invoicePdf(source.data, { frame });
      case 'FIR':
        return firPdf(source.data, { frame });
      case 'REGISTER':
        return registerPdf(source.data, { frame });
      case 'CONFERRAL_RECEIPT':
        return receiptPdf(source.data, { frame });
    }
  };

  api.post(`${templates.endpoint}/preview`, { schema: { tags: ['templates'], body: previewBody } }, async (request, reply) => {
    const principal = requirePrincipal(request);
    assertCan(principal, templates, 'R');
    const body = request.body;
    const template = { header: body.header ?? null, footer: body.footer ?? null, closing: body.closing ?? null };
    const errors = checkPrintTemplate(body.document, body.lang, template);
    if (errors.length) throw constraintViolation(errors);
    const source = await sourceOf(principal, body);
    const frame = renderPrintFrame(body.document, { ...template, code: 'Anteprima', version: null }, await printContext(db, principal, source));
    const pdf = await pdfOf(source, frame);
    return reply.header('content-type', 'application/pdf').header('content-disposition', 'inline; filename="anteprima.pdf"').header('cache-control', 'no-store').send(pdf);
  });

  api.get(`${templates.endpoint}/:id/versions`, { schema: { tags: ['templates'], params: z.object({ id }), response: { 200: dataOf(recordVersionsSchema) } } }, async (request) => ({
    data: await recordVersions(records, requirePrincipal(request), templates, request.params.id, VERSIONED),
  }));
}

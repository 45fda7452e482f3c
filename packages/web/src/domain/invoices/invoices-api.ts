import type { InvoiceRunInvoice, InvoiceRunLine, InvoiceRunRequest, InvoiceRunResult, InvoiceRunSkip, InvoiceRunSkipReason, IssuedInvoice } from '@circula/model';
import { http } from '../../api/client';
import type { RecordData } from '../../records/form/record-api';
import { downloadFile } from '../../records/list/list-api';

/** The sales invoices' endpoint (the `invoices` target) and the invoice run's (API.md "Operations"). */
export const INVOICE_ENDPOINT = '/api/invoices/invoices';
export const RUN_ENDPOINT = '/api/invoices/run';

export type RunLine = InvoiceRunLine;
export type RunInvoice = InvoiceRunInvoice;
export type SkipReason = InvoiceRunSkipReason;
export type RunSkip = InvoiceRunSkip;
export type RunResult = InvoiceRunResult;
export type RunRequest = InvoiceRunRequest;

/** `POST /api/invoices/run`: the period's invoices, proposed (dry run) or created as drafts. The caller reports failures. */
export const runInvoices = (body: RunRequest) => http.data<RunResult>(RUN_ENDPOINT, { method: 'POST', json: body, silent: true });

/** The issued invoice's FatturaPA XML, saved under the SdI file name the server gives (its `fileName` otherwise); downloadFile reports a failure. */
export const downloadInvoiceXml = (invoice: { id: number; fileName?: unknown }) =>
  downloadFile(`${INVOICE_ENDPOINT}/${invoice.id}/fatturapa`, {}, typeof invoice.fileName === 'string' && invoice.fileName ? invoice.fileName : `fattura-${invoice.id}.xml`);

export const invoicePdfUrl = (id: number) => `${INVOICE_ENDPOINT}/${id}/pdf`;

/** `POST {invoice}/credit-note`: a new draft credit note (TD04) reversing the invoice. The caller reports failures. */
export const createCreditNote = (id: number) => http.data<RecordData>(`${INVOICE_ENDPOINT}/${id}/credit-note`, { method: 'POST', silent: true });

/** `POST /api/invoices/issue`: the drafts issued at once (all or none), each with its number. The caller reports failures. */
export const issueInvoices = async (ids: readonly number[], issueDate?: string) =>
  (await http.data<{ issued: IssuedInvoice[] }>('/api/invoices/issue', { method: 'POST', json: { ids, ...(issueDate ? { issueDate } : {}) }, silent: true })).issued;

import { http } from '../../api/client';

export const PRINT_TEMPLATES_ROUTE = 'print-templates';
const ENDPOINT = '/api/templates/print-templates';

/** What a preview prints: the parts being edited, on one record (an invoice, a FIR, a warehouse's register, a conferral). */
export interface PreviewRequest {
  document: string;
  lang: string;
  header: string | null;
  footer: string | null;
  closing: string | null;
  recordId: number;
  year?: number;
}

export const printTemplatesApi = {
  /** The PDF; errors (400 with the template's field errors, 404, 409) are the caller's to show. */
  preview: (body: PreviewRequest) => http.blob(`${ENDPOINT}/preview`, { method: 'POST', json: body, silent: true }),
};

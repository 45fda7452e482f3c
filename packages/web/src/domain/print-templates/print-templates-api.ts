import { http } from '../../api/client';

export const PRINT_TEMPLATES_ROUTE = 'print-templates';
const ENDPOINT = '/api/templates/print-templates';

/** The text parts a version holds and a restore puts back (not its document and language). */
export const RESTORED_FIELDS = ['name', 'header', 'footer', 'closing', 'description'] as const;

/** One version of a template, as `GET …/print-templates/{id}/versions` answers it (newest first). */
export interface PrintTemplateVersion {
  version: number;
  at: string;
  by: string | null;
  action: string;
  values: Record<'document' | 'lang' | (typeof RESTORED_FIELDS)[number], string | null>;
}

export interface PrintTemplateVersions {
  items: PrintTemplateVersion[];
  currentVersion: number;
}

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

/** Keyed by the record's version too: a save shows its new version at once. */
export const versionsKey = (id: number, version: number) => ['print-template-versions', id, version] as const;

export const printTemplatesApi = {
  versions: (id: number, signal?: AbortSignal) => http.data<PrintTemplateVersions>(`${ENDPOINT}/${id}/versions`, { silent: true, ...(signal ? { signal } : {}) }),
  /** The PDF; errors (400 with the template's field errors, 404, 409) are the caller's to show. */
  preview: (body: PreviewRequest) => http.blob(`${ENDPOINT}/preview`, { method: 'POST', json: body, silent: true }),
};

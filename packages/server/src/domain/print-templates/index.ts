import type { DomainModule } from '../module.js';
import { seedDemoPrintTemplates } from './demo.js';
import { registerPrintTemplateHooks } from './hooks.js';
import { printTemplateRoutes } from './routes.js';

/**
 * Print templates (issue 20): the header, footer and closing text the PDFs of invoices, FIRs,
 * registers and conferral receipts print with; their check, preview and versions; a demo letterhead.
 */
export const printTemplatesModule: DomainModule = {
  name: 'print-templates',
  hooks: registerPrintTemplateHooks,
  routes: printTemplateRoutes,
  demo: seedDemoPrintTemplates,
};

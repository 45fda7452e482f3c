import type { DomainModule } from '../module.js';
import { seedDemoInvoicing } from './demo.js';
import { registerInvoiceHooks } from './hooks.js';
import { overdueInvoicesJob } from './jobs.js';
import { invoiceRoutes } from './routes.js';

/**
 * Invoicing (issue 19): price lists and which price applies, the invoice run over completed work,
 * numbering at issue, credit notes, FatturaPA XML and the printed invoice, supplier invoices
 * checked against purchase lists and our records, collections and payments; the notices of
 * overdue invoices (jobs.ts).
 */
export const invoicesModule: DomainModule = {
  name: 'invoices',
  hooks: (registry) => registerInvoiceHooks(registry),
  routes: (app, { db, catalogue, records }) => invoiceRoutes(app, db, catalogue, records),
  demo: seedDemoInvoicing,
  jobs: [overdueInvoicesJob],
};

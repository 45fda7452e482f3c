import type { DomainModule } from '../module.js';
import { seedDemoLedger } from './demo.js';
import { registerWarehouseHooks } from './hooks.js';
import { storageAgeAlertsJob } from './jobs.js';
import { registerLedgerHooks } from './ledger/hooks.js';
import { warehouseRoutes } from './routes.js';

/**
 * Warehouses (issue 18): the stock ledger and its registers (numbered rows, stock that never goes
 * below zero, capacity), the postings of transports, conferrals and treatments, the register's
 * exports and the stock at a date; the alerts of stock held beyond its storage limit (jobs.ts).
 */
export const warehousesModule: DomainModule = {
  name: 'warehouses',
  hooks: (registry) => {
    registerLedgerHooks(registry);
    registerWarehouseHooks(registry);
  },
  routes: (app, { db }) => warehouseRoutes(app, db),
  demo: seedDemoLedger,
  jobs: [storageAgeAlertsJob],
};

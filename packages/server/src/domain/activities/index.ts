import type { DomainModule } from '../module.js';
import { seedDemoActivities } from './demo.js';
import { registerActivityHooks } from './hooks.js';
import { receiptRoutes } from './receipt.js';

/** Conferrals at collection centres, MSA field activities and samplings: their rules, the conferral receipt and demo data. */
export const activitiesModule: DomainModule = {
  name: 'activities',
  hooks: registerActivityHooks,
  routes: (app, { db, catalogue, records }) => receiptRoutes(app, db, catalogue, records),
  demo: seedDemoActivities,
};

import type { DomainModule } from '../module.js';
import { registerBusinessHooks } from './hooks.js';
import { businessUnitRoutes } from './routes.js';
import { seedDemoBusinessUnit } from './seed.js';

/** Business units (the company entry), CMS structures and resources; the demo company's unit. */
export const businessUnitsModule: DomainModule = {
  name: 'business-units',
  hooks: registerBusinessHooks,
  routes(app, { db, config, catalogue }) {
    businessUnitRoutes(app, db, config, catalogue);
  },
  demo: seedDemoBusinessUnit,
};

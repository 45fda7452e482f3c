import type { DomainModule } from '../module.js';
import { registerPrivacyHooks } from './hooks.js';
import { privacyRoutes } from './routes.js';
import { seedDemoPrivacy } from './seed.js';

/** Privacy definitions and service agreements: their revisions, acceptance, notices by mail and the demo notice. */
export const privacyModule: DomainModule = {
  name: 'privacy',
  hooks: registerPrivacyHooks,
  routes(app, { db, config, mail }) {
    privacyRoutes(app, db, config, mail);
  },
  demo: seedDemoPrivacy,
};

import type { DomainModule } from '../module.js';
import { seedDemoTransports } from './demo.js';
import { registerFirHooks } from './fir/hooks.js';
import { firRoutes } from './fir/routes.js';
import { registerTransportHooks } from './hooks.js';

/** Transports (issue 16): their checks, the requests they plan and complete, their FIRs (issue, signatures, PDF, XML, the verifier's anomalies) and demo trips. */
export const transportsModule: DomainModule = {
  name: 'transports',
  hooks: (registry) => {
    registerTransportHooks(registry);
    registerFirHooks(registry);
  },
  routes: (app, { db, catalogue, records }) => firRoutes(app, db, catalogue, records),
  demo: seedDemoTransports,
};

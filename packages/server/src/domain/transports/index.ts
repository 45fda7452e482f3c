import type { DomainModule } from '../module.js';
import { seedDemoTransports } from './demo.js';
import { registerTransportHooks } from './hooks.js';

/** Transports (issue 16, the trip part): their checks, the requests they plan and complete, and demo trips. */
export const transportsModule: DomainModule = {
  name: 'transports',
  hooks: registerTransportHooks,
  demo: seedDemoTransports,
};

import type { DomainModule } from '../module.js';
import { seedDemoRequests } from './demo.js';
import { registerRequestHooks } from './hooks.js';

/** Movement requests (RDR, RDT, PPC, R3T, UR): their rules, notices and demo data. */
export const requestsModule: DomainModule = {
  name: 'requests',
  hooks: registerRequestHooks,
  demo: seedDemoRequests,
};

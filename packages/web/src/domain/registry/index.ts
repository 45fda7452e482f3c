import type { WebDomainModule } from '../slots';
import { SYSREGISTRY_ROUTE } from './registry-api';

/** The system registry (spec §2 `sysregistry`, administrators): a page of its own over the registry calls. */
export const registry: WebDomainModule = {
  name: 'registry',
  routes: { [SYSREGISTRY_ROUTE]: { page: { load: async () => (await import('./SysRegistryPage')).SysRegistryPage } } },
};

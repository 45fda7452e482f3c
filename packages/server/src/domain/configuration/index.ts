import type { DomainModule } from '../module.js';
import { entityConf, icon, schedulerEntry, type Catalogue } from '@circula/model';
import type { HookRegistry } from '../../records/hooks.js';
import { entityConfHooks } from './entity-conf.js';
import { iconHooks } from './icon.js';
import { dataRetentionJob } from './jobs.js';
import { seedSchedulerEntries } from './seed.js';
import { schedulerHooks } from './scheduler.js';

/** Adds the hooks of the configuration entities to a registry. */
export function registerConfigurationHooks(registry: HookRegistry, catalogue: Catalogue): HookRegistry {
  registry.register(schedulerEntry, schedulerHooks());
  registry.register(icon, iconHooks);
  registry.register(entityConf, entityConfHooks(catalogue));
  return registry;
}

/** Configuration entities' rules, the default scheduler entries and the data retention job. */
export const configurationModule: DomainModule = {
  name: 'configuration',
  hooks: registerConfigurationHooks,
  seed: seedSchedulerEntries,
  jobs: [dataRetentionJob],
};

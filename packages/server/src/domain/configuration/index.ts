import type { DomainModule } from '../module.js';
import { entityConf, icon, schedulerEntry, type Catalogue } from '@circula/model';
import type { HookRegistry } from '../../records/hooks.js';
import { entityConfHooks } from './entity-conf.js';
import { iconHooks } from './icon.js';
import { schedulerHooks } from './scheduler.js';

/** Adds the hooks of the configuration entities to a registry. */
export function registerConfigurationHooks(registry: HookRegistry, catalogue: Catalogue): HookRegistry {
  registry.register(schedulerEntry, schedulerHooks());
  registry.register(icon, iconHooks);
  registry.register(entityConf, entityConfHooks(catalogue));
  return registry;
}

export const configurationModule: DomainModule = { name: 'configuration', hooks: registerConfigurationHooks };

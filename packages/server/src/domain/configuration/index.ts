import type { Catalogue } from '@circula/model';
import type { HookRegistry } from '../../records/hooks.js';
import { ENTITY_CONF, entityConfHooks } from './entity-conf.js';
import { iconHooks } from './icon.js';
import { schedulerHooks } from './scheduler.js';

/** Adds the hooks of the configuration entities to a registry. */
export function registerConfigurationHooks(registry: HookRegistry, catalogue: Catalogue): HookRegistry {
  registry.register('scheduler', schedulerHooks());
  registry.register('icon', iconHooks);
  registry.register(ENTITY_CONF, entityConfHooks(catalogue));
  return registry;
}

import type { Catalogue } from '@circula/model';
import type { HookRegistry } from '../records/hooks.js';
import { registerMailHooks } from '../mail/hooks.js';
import { registerAreaHooks } from './areas/index.js';
import { registerAttachmentHooks } from './attachments/index.js';
import { registerConfigurationHooks } from './configuration/index.js';
import { registerAlboHooks } from './subjects/albo.js';
import { registerSubjectHooks } from './subjects/index.js';
import { registerVehicleHooks } from './vehicles/index.js';
import { registerWasteHooks } from './waste/index.js';
import { registerPrivacyHooks } from '../privacy/hooks.js';
import { registerBusinessHooks } from '../business-units/hooks.js';

/** Every domain module's hooks, in one registry. */
export function registerDomainHooks(registry: HookRegistry, catalogue: Catalogue): HookRegistry {
  registerConfigurationHooks(registry, catalogue);
  registerSubjectHooks(registry);
  registerAlboHooks(registry);
  registerWasteHooks(registry);
  registerVehicleHooks(registry);
  registerAreaHooks(registry);
  registerAttachmentHooks(registry, catalogue);
  registerMailHooks(registry);
  registerPrivacyHooks(registry);
  registerBusinessHooks(registry);
  return registry;
}

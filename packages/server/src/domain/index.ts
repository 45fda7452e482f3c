import { CATALOGUE, type Catalogue } from '@circula/model';
import type { Config } from '../config.js';
import type { Db } from '../db/connect.js';
import { HookRegistry } from '../records/hooks.js';
import { RecordService } from '../records/service.js';
import { JobRegistry, registerSchedulerJobHooks } from '../scheduler/jobs.js';
import { areasModule } from './areas/index.js';
import { attachmentsModule } from './attachments/index.js';
import { businessUnitsModule } from './business-units/index.js';
import { configurationModule } from './configuration/index.js';
import { mailModule } from './mail/index.js';
import { masterDataModule } from './master-data/index.js';
import type { DomainModule, SeedContext } from './module.js';
import { privacyModule } from './privacy/index.js';
import { requestsModule } from './requests/index.js';
import { activitiesModule } from './activities/index.js';
import { calendarModule } from './calendar/index.js';
import { dashboardModule } from './dashboard/index.js';
import { noticesModule } from './notices/index.js';
import { subjectsModule } from './subjects/index.js';
import { transportsModule } from './transports/index.js';
import { vehiclesModule } from './vehicles/index.js';
import { warehousesModule } from './warehouses/index.js';
import { invoicesModule } from './invoices/index.js';
import { jobsModule } from './jobs/index.js';
import { printTemplatesModule } from './print-templates/index.js';
import { wasteModule } from './waste/index.js';

/**
 * Every domain module, in the order their data is seeded (a module's demo may build on an earlier
 * one's: the business unit is the demo company of the master data). A new area adds its module here.
 */
export const DOMAIN_MODULES: readonly DomainModule[] = [
  configurationModule,
  wasteModule,
  subjectsModule,
  vehiclesModule,
  areasModule,
  attachmentsModule,
  mailModule,
  masterDataModule,
  privacyModule,
  businessUnitsModule,
  requestsModule,
  transportsModule,
  activitiesModule,
  warehousesModule,
  invoicesModule,
  jobsModule,
  printTemplatesModule,
  noticesModule,
  calendarModule,
  dashboardModule,
];

/** Every module's scheduled jobs: what a scheduler entry may name and the runner runs. */
export const JOB_REGISTRY = new JobRegistry(DOMAIN_MODULES.flatMap((module) => module.jobs ?? []));

/** Every module's hooks, in one registry, and the scheduler's check of the job entries name. */
export function domainHooks(catalogue: Catalogue, registry = new HookRegistry()): HookRegistry {
  for (const module of DOMAIN_MODULES) module.hooks?.(registry, catalogue);
  registerSchedulerJobHooks(registry, JOB_REGISTRY);
  return registry;
}

/** What every seed gets, with the one record service seeds write through (the application's catalogue and hooks). */
export function seedContext(db: Db, config: Config, log: SeedContext['log'], catalogue: Catalogue = CATALOGUE): SeedContext {
  return { db, config, log, records: new RecordService(db, catalogue, domainHooks(catalogue)) };
}

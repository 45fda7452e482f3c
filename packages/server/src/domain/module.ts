import type { Catalogue } from '@circula/model';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AuthService } from '../auth/auth-service.js';
import type { Principal } from '../auth/users.js';
import type { Config } from '../config.js';
import type { Db } from '../db/connect.js';
import type { HookRegistry } from '../records/hooks.js';
import type { RecordService } from '../records/service.js';
import type { ScheduledJob } from '../scheduler/jobs.js';
import type { MailService } from './mail/service.js';

/** The services of one running application, built once before any route is registered. */
export interface AppContext {
  config: Config;
  db: Db;
  catalogue: Catalogue;
  auth: AuthService;
  mail: MailService;
  records: RecordService;
}

/** What seeding gets: the database, the configuration, a log and a record service acting as the system. */
export interface SeedContext {
  db: Db;
  config: Config;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  /** The record engine with every module's hooks: seeded records pass the same rules as typed ones. */
  records: RecordService;
}

/**
 * One domain area (subjects, waste, mail, privacy…): everything it adds to the engine, in one
 * object. `app.ts`, start-up and seeding loop over DOMAIN_MODULES (domain/index.ts); nothing
 * else needs to know the area exists. A module's scheduled jobs are declared here too (`jobs`):
 * the scheduler (src/scheduler) runs them for the entries that name them.
 */
export interface DomainModule {
  name: string;
  /** Its entity hooks, registered by entity object (`registry.register(vehicle, {…})`). */
  hooks?(registry: HookRegistry, catalogue: Catalogue): void;
  /** Its routes beyond the generic record calls. */
  routes?(app: FastifyInstance, ctx: AppContext): void | Promise<void>;
  /** Base data every database needs (idempotent, at every start). */
  seed?(ctx: SeedContext): Promise<unknown>;
  /** Demo data (only with DEMO_DATA, only once), after every module's base data, in module order. */
  demo?(ctx: SeedContext): Promise<unknown>;
  /** The jobs scheduler entries may run (codes of the SCHEDULER_JOB table). */
  jobs?: readonly ScheduledJob[];
}

/** The principal seeds write as: an administrator that is no user (id 0), named after its task in the history. */
export const systemPrincipal = (task: string): Principal => ({ userId: 0, username: 'system', sessionId: task, authorities: ['ROLE_ADMIN'], lang: 'it' });

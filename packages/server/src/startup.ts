import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Db } from './db/connect.js';
import { migrateToLatest } from './db/migrate.js';
import { LOOKUP_TABLES } from '@circula/model';
import { DOMAIN_MODULES, seedContext } from './domain/index.js';
import { seedBase } from './seed/base.js';
import { seedLookupTables } from './seed/lookups.js';
import { seedUsers } from './seed/demo.js';

/**
 * Migrations, then base data (the core's, then every domain module's), then the users (demo users
 * or the bootstrap administrator), then every module's demo data in module order.
 */
export async function prepareDatabase(
  db: Db,
  config: Config,
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
  options: { schema?: string } = {},
): Promise<void> {
  const applied = await migrateToLatest(db, options.schema);
  if (applied.length > 0) log.info(`Migrations applied: ${applied.join(', ')}`);
  await seedBase(db);
  await seedLookupTables(db, LOOKUP_TABLES);
  const ctx = seedContext(db, config, log);
  for (const module of DOMAIN_MODULES) await module.seed?.(ctx);
  await seedUsers(db, config, log);
  for (const module of DOMAIN_MODULES) await module.demo?.(ctx);
}

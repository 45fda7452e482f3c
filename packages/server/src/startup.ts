import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Db } from './db/connect.js';
import { migrateToLatest } from './db/migrate.js';
import { LOOKUP_TABLES } from '@circula/model';
import { seedBase } from './seed/base.js';
import { seedLookupTables } from './seed/lookups.js';
import { seedUsers } from './seed/demo.js';
import { seedDemoMasterData } from './seed/demo-master-data.js';
import { seedWasteCatalogue } from './seed/waste-catalogue.js';
import { seedDemoPrivacy } from './privacy/seed.js';
import { seedDemoBusinessUnit } from './business-units/seed.js';

/** Migrations, then base data, then (on an empty database) demo data or the bootstrap administrator. */
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
  await seedWasteCatalogue(db);
  await seedUsers(db, config, log);
  await seedDemoMasterData(db, config, log);
  await seedDemoPrivacy(db, config, log);
  await seedDemoBusinessUnit(db, config, log);
}

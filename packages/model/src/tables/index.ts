import type { LookupTableSeed } from './types.js';
import { ACTIVITY_TABLES } from './data/activities.js';
import { ASSIGNMENT_TABLES } from './data/assignments.js';
import { CAMPAIGN_TABLES } from './data/campaigns.js';
import { COMMERCIAL_TABLES } from './data/commercial.js';
import { COUNTRIES } from './data/countries.js';
import { LOGISTICS_TABLES } from './data/logistics.js';
import { PROVINCES } from './data/provinces.js';
import { RD_OPERATION } from './data/rd-operations.js';
import { SUBJECT_TABLES } from './data/subjects.js';
import { ALBO_TABLES } from './data/albo.js';
import { SYSTEM_TABLES } from './data/system.js';
import { TRANSMISSION_TABLES } from './data/transmission.js';
import { VEHICLE_TABLES } from './data/vehicles.js';
import { WASTE_TABLES } from './data/waste.js';

export type { LookupTableSeed, TableValueSeed } from './types.js';

/** Seed data of every lookup table (spec §3 "Table value"), grouped by theme in a stable order. */
export const LOOKUP_TABLES: LookupTableSeed[] = [
  ...SYSTEM_TABLES,
  ...SUBJECT_TABLES,
  ...ALBO_TABLES,
  ...COMMERCIAL_TABLES,
  ...TRANSMISSION_TABLES,
  ...WASTE_TABLES,
  RD_OPERATION,
  ...LOGISTICS_TABLES,
  ...VEHICLE_TABLES,
  ...ACTIVITY_TABLES,
  ...ASSIGNMENT_TABLES,
  ...CAMPAIGN_TABLES,
  COUNTRIES,
  PROVINCES,
];

const byCode = new Map(LOOKUP_TABLES.map((table) => [table.code, table]));

/** The seed of one lookup table by its code (e.g. 'SBJ_LEGAL_FORM'), or undefined. */
export function lookupTable(code: string): LookupTableSeed | undefined {
  return byCode.get(code);
}

import { todayInItaly } from '@circula/model';
import { sql } from 'kysely';
import type { Db } from '../../src/db/connect.js';

/**
 * The day in Italy the demo data of a test database was written: the demo's "today". The run's
 * prepared database is seeded once at its start, so a run that passes midnight in Italy tests
 * demo data whose today is the day before the test's. Read from the demo's Albo enrolments, which
 * the seed writes through the record engine (created now, unlike the requests it backdates).
 */
export async function demoDay(db: Db): Promise<string> {
  const { rows } = await sql<{ at: Date | null }>`select min(created_at) as at from albo_authorisation where created_by = 'system'`.execute(db);
  const at = rows[0]?.at;
  if (!at) throw new Error('no demo Albo enrolment: the database holds no demo data');
  return todayInItaly(new Date(at));
}

import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/connect.js';
import { createUser, type UserSeed } from './users.js';

export const DEMO_PASSWORD = 'Circula!2026';

const YEARS_AGO_2 = () => new Date(Date.now() - 2 * 365 * 24 * 60 * 60 * 1000);

export const DEMO_USERS: UserSeed[] = [
  { username: 'admin', firstName: 'Amministratore', lastName: 'di sistema', email: 'admin@circula.example', groups: ['ADMINISTRATORS'], password: DEMO_PASSWORD },
  { username: 'manager', firstName: 'Maria', lastName: 'Rossi', email: 'manager@circula.example', groups: ['MANAGERS'], password: DEMO_PASSWORD },
  { username: 'operator', firstName: 'Luca', lastName: 'Bianchi', email: 'operator@circula.example', groups: ['OPERATORS'], password: DEMO_PASSWORD },
  { username: 'owner', firstName: 'Giulia', lastName: 'Verdi', email: 'owner@circula.example', groups: ['OWNERS'], password: DEMO_PASSWORD },
  { username: 'verifier', firstName: 'Paolo', lastName: 'Neri', email: 'verifier@circula.example', groups: ['FIR_VERIFIERS'], password: DEMO_PASSWORD },
  { username: 'logistic', firstName: 'Sara', lastName: 'Gallo', email: 'logistic@circula.example', groups: ['LOGISTICS'], password: DEMO_PASSWORD },
  { username: 'customer', firstName: 'Marco', lastName: 'Ferrari', email: 'customer@circula.example', groups: ['CUSTOMERS'], password: DEMO_PASSWORD },
  { username: 'onboard', firstName: 'Elena', lastName: 'Costa', email: 'onboard@circula.example', groups: ['ONBOARDING'], password: DEMO_PASSWORD },
  // password last changed two years ago: older than the registry's maximum age, so it has expired
  { username: 'expired', firstName: 'Franco', lastName: 'Esposito', email: 'expired@circula.example', groups: ['BACKOFFICE'], password: DEMO_PASSWORD, passwordChangedAt: YEARS_AGO_2() },
];

/**
 * Demo data goes only into an empty database (no users yet). With DEMO_DATA=false an empty
 * database gets a single administrator instead: ADMIN_PASSWORD, or a generated password that
 * must be changed at the first sign-in.
 */
export async function seedUsers(db: Db, config: Config, log: Pick<FastifyBaseLogger, 'info' | 'warn'>): Promise<void> {
  const existing = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (existing) return;
  if (config.demoData) {
    for (const user of DEMO_USERS) await createUser(db, user);
    log.info(`Demo users created (password ${DEMO_PASSWORD}): ${DEMO_USERS.map((u) => u.username).join(', ')}`);
    return;
  }
  const generated = !config.adminPassword;
  const password = config.adminPassword ?? `${randomBytes(9).toString('base64url')}aA1!`;
  await createUser(db, {
    username: 'admin',
    firstName: 'Amministratore',
    lastName: 'di sistema',
    email: 'admin@localhost',
    groups: ['ADMINISTRATORS'],
    password,
    mustInitialize: generated,
  });
  if (generated) log.warn(`Administrator "admin" created with the one-time password ${password}: change it at the first sign-in.`);
  else log.info('Administrator "admin" created with ADMIN_PASSWORD.');
}

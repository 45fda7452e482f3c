import type { SecurityEventType } from '@circula/model';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { processMetrics } from './metrics.js';
import type { MonitorTables } from './tables.js';

export interface SecurityEventInput {
  type: SecurityEventType;
  /** The user concerned (who failed, was refused, was denied, or who changed someone's rights). */
  userId?: number | null;
  /** The username attempted (sign-ins) or the user's. */
  username?: string | null;
  address?: string | null;
  /** What happened, briefly (the route denied, the groups changed…); never a secret. */
  detail?: string | null;
}

const SIGN_IN_REASONS: Partial<Record<SecurityEventType, string>> = {
  SIGN_IN_FAILED: 'bad_credentials',
  SIGN_IN_THROTTLED: 'throttled',
  LOCKOUT: 'lockout',
  SIGN_IN_REFUSED: 'refused',
};

/**
 * Records one security event (the monitor's security page) and counts it for `/metrics`. Called
 * where the event happens; inside a transaction it commits with what it records.
 */
export async function securityEvent(executor: Kysely<Database>, event: SecurityEventInput): Promise<void> {
  await executor
    .withTables<MonitorTables>()
    .insertInto('monitor_security_event')
    .values({
      type: event.type,
      user_id: event.userId ?? null,
      username: event.username?.slice(0, 200) ?? null,
      address: event.address ?? null,
      detail: event.detail?.slice(0, 1000) ?? null,
    })
    .execute();
  const metrics = processMetrics();
  metrics.securityEvents.inc({ type: event.type });
  const reason = SIGN_IN_REASONS[event.type];
  if (reason) metrics.signInFailures.inc({ reason });
}

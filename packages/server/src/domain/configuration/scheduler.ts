import { parseQuartzCron } from '@circula/model';
import { constraintViolation } from '../../http/errors.js';
import type { EntityHooks, RecordData } from '../../records/hooks.js';
import { nextQuartzOccurrence } from './cron.js';

export const CRON_NEVER_FIRES = 'CRON_NEVER_FIRES';

/**
 * Validates the expression (naming its wrong part) and computes `nextRunAt` from the entry as it
 * will be saved: the next occurrence after now, or null while the entry is disabled.
 */
function withNextRun(entry: RecordData, values: RecordData, now: () => Date): RecordData {
  const parsed = parseQuartzCron(String(entry.cron ?? ''));
  if (parsed.error !== undefined) throw constraintViolation([{ field: 'cron', message: parsed.error }]);
  const timezone = typeof entry.timezone === 'string' ? entry.timezone : 'Europe/Rome';
  const next = nextQuartzOccurrence(parsed.schedule, timezone, now());
  if (!next) throw constraintViolation([{ field: 'cron', message: CRON_NEVER_FIRES }]);
  return {
    ...values,
    ...(values.cron !== undefined ? { cron: parsed.schedule.expression } : {}),
    nextRunAt: entry.enabled === false ? null : next.toISOString(),
  };
}

/** Scheduler entries: quartz validation and `nextRunAt` (the runner of src/scheduler moves it on as it runs them). */
export function schedulerHooks(now: () => Date = () => new Date()): EntityHooks {
  return {
    async beforeCreate(_ctx, values) {
      return withNextRun(values, values, now);
    },
    async beforeUpdate(_ctx, current, values) {
      return withNextRun({ ...current, ...values }, values, now);
    },
  };
}

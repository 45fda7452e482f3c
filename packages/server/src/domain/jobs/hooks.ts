import { job, type RecordOf, type ValuesOf } from '@circula/model';
import { constraintViolation } from '../../http/errors.js';
import type { HookRegistry } from '../../records/hooks.js';

type Job = RecordOf<typeof job>;

/** A job ends on or after its start (BEFORE_START on `endDate`). */
function check(current: Partial<Job> | null, values: Partial<ValuesOf<typeof job>>): void {
  const merged = { ...current, ...values };
  if (merged.startDate && merged.endDate && merged.endDate < merged.startDate) throw constraintViolation([{ field: 'endDate', message: 'BEFORE_START' }]);
}

export function registerJobHooks(registry: HookRegistry): HookRegistry {
  registry.register(job, {
    async beforeCreate(_ctx, values) {
      check(null, values);
    },
    async beforeUpdate(_ctx, current, values) {
      check(current, values);
    },
  });
  return registry;
}

import { constraintViolation } from '../../http/errors.js';
import type { HookRegistry, RecordData } from '../../records/hooks.js';

export const ALBO_AUTHORISATION = 'albo-authorisation';

/** An enrolment starts before it ends. */
function check(record: RecordData): void {
  if (typeof record.validFrom === 'string' && typeof record.expiry === 'string' && record.validFrom > record.expiry) {
    throw constraintViolation([{ field: 'expiry', message: 'EXPIRY_BEFORE_START' }]);
  }
}

export function registerAlboHooks(registry: HookRegistry): HookRegistry {
  registry.register(ALBO_AUTHORISATION, {
    async beforeCreate(_ctx, values) {
      check(values);
    },
    async beforeUpdate(_ctx, current, values) {
      check({ ...current, ...values });
    },
  });
  return registry;
}

import { alboAuthorisation, type ValuesOf } from '@circula/model';
import { constraintViolation } from '../../http/errors.js';
import type { HookRegistry } from '../../records/hooks.js';

/** An enrolment starts before it ends. */
function check(record: ValuesOf<typeof alboAuthorisation>): void {
  if (record.validFrom && record.expiry && record.validFrom > record.expiry) {
    throw constraintViolation([{ field: 'expiry', message: 'EXPIRY_BEFORE_START' }]);
  }
}

export function registerAlboHooks(registry: HookRegistry): HookRegistry {
  registry.register(alboAuthorisation, {
    async beforeCreate(_ctx, values) {
      check(values);
    },
    async beforeUpdate(_ctx, current, values) {
      check({ ...current, ...values });
    },
  });
  return registry;
}

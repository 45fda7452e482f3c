import { alboAuthorisation } from '@circula/model';
import { constraintViolation } from '../../http/errors.js';
import type { HookRegistry, RecordData } from '../../records/hooks.js';


/** An enrolment starts before it ends. */
function check(record: RecordData): void {
  if (typeof record.validFrom === 'string' && typeof record.expiry === 'string' && record.validFrom > record.expiry) {
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

import { subjectRelation, type ValuesOf } from '@circula/model';
import { constraintViolation } from '../../http/errors.js';
import type { HookRegistry } from '../../records/hooks.js';

/** A relation joins two different subjects: a subject is not the branch, signatory or contact of itself. */
function check(relation: ValuesOf<typeof subjectRelation>): void {
  if (relation.subject != null && relation.subject === relation.related) throw constraintViolation([{ field: 'related', message: 'SELF_RELATION' }]);
  if (relation.validFrom && relation.validTo && relation.validFrom > relation.validTo) {
    throw constraintViolation([{ field: 'validTo', message: 'EXPIRY_BEFORE_START' }]);
  }
}

export function registerSubjectRelationHooks(registry: HookRegistry): HookRegistry {
  registry.register(subjectRelation, {
    async beforeCreate(_ctx, values) {
      check(values);
    },
    async beforeUpdate(_ctx, current, values) {
      check({ ...current, ...values });
    },
  });
  return registry;
}

import { attachment, SIGNED_CONTRACT_TYPE, type ValuesOf } from '@circula/model';
import { constraintViolation } from '../../http/errors.js';
import type { HookRegistry } from '../../records/hooks.js';

/**
 * The dates of an attached document: a contract is dated (the day it was signed, route
 * signed-contracts), and no document expires before its date.
 */
function check(document: ValuesOf<typeof attachment>): void {
  const errors: { field: string; message: string }[] = [];
  if (document.documentType === SIGNED_CONTRACT_TYPE && !document.documentDate) errors.push({ field: 'documentDate', message: 'REQUIRED' });
  if (document.documentDate && document.expiry && document.expiry < document.documentDate) {
    errors.push({ field: 'expiry', message: 'EXPIRY_BEFORE_START' });
  }
  if (errors.length) throw constraintViolation(errors);
}

/** Rules of a subject's signed contracts (documents of type CONTRACT), on top of the attachment rules. */
export function registerSignedContractHooks(registry: HookRegistry): HookRegistry {
  registry.register(attachment, {
    async beforeCreate(_ctx, values) {
      check(values);
    },
    async beforeUpdate(_ctx, current, values) {
      check({ ...current, ...values });
    },
  });
  return registry;
}

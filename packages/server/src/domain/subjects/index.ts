import { subject, type ValuesOf } from '@circula/model';
import { constraintViolation } from '../../http/errors.js';
import type { HookRegistry } from '../../records/hooks.js';
import type { DomainModule } from '../module.js';
import { registerAlboHooks } from './albo.js';
import { registerSignedContractHooks } from './contracts.js';
import { registerSubjectRelationHooks } from './relations.js';
import { subjectRoutes } from './vcard.js';

/**
 * Rules across the fields of a subject (each field's own format — partita IVA check digit,
 * codice fiscale check letter, PEC address — is in the catalogue): a person has a last name and
 * a personal codice fiscale (16 characters); the 11-digit form belongs to companies.
 */
export function checkSubject(values: ValuesOf<typeof subject>): void {
  const errors: { field: string; message: string }[] = [];
  if (values.subjectType === 'PERSON') {
    if (!values.lastName?.trim()) errors.push({ field: 'lastName', message: 'REQUIRED' });
    if (values.fiscalCode && /^\d{11}$/.test(values.fiscalCode.trim())) {
      errors.push({ field: 'fiscalCode', message: 'PERSON_FISCAL_CODE' });
    }
  }
  if (errors.length) throw constraintViolation(errors);
}

export function registerSubjectHooks(registry: HookRegistry): HookRegistry {
  registry.register(subject, {
    async beforeCreate(_ctx, values) {
      checkSubject(values);
    },
    async beforeUpdate(_ctx, current, values) {
      checkSubject({ ...current, ...values });
    },
  });
  registerSubjectRelationHooks(registry);
  registerSignedContractHooks(registry);
  return registry;
}

/** Subjects with their relations, signed contracts and Albo enrolments; the vCard export. */
export const subjectsModule: DomainModule = {
  name: 'subjects',
  hooks(registry) {
    registerSubjectHooks(registry);
    registerAlboHooks(registry);
  },
  routes: (app, { catalogue, records }) => subjectRoutes(app, catalogue, records),
};

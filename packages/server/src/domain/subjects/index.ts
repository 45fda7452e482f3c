import type { DomainModule } from '../module.js';
import { registerAlboHooks } from './albo.js';
import { subjectRoutes } from './vcard.js';
import { subject } from '@circula/model';
import type { HookRegistry, RecordData } from '../../records/hooks.js';
import { constraintViolation } from '../../http/errors.js';
import { registerSignedContractHooks } from './contracts.js';
import { registerSubjectRelationHooks } from './relations.js';

/**
 * Rules across the fields of a subject (each field's own format — partita IVA check digit,
 * codice fiscale check letter, PEC address — is in the catalogue): a person has a last name and
 * a personal codice fiscale (16 characters); the 11-digit form belongs to companies.
 */
export function checkSubject(subject: RecordData): void {
  const errors: { field: string; message: string }[] = [];
  if (subject.subjectType === 'PERSON') {
    if (typeof subject.lastName !== 'string' || subject.lastName.trim() === '') errors.push({ field: 'lastName', message: 'REQUIRED' });
    if (typeof subject.fiscalCode === 'string' && /^\d{11}$/.test(subject.fiscalCode.trim())) {
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

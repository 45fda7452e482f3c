import type { RegistrationAnswer, RegistrationPayload, RegistrationRecord } from '@circula/model';
import { SKIP_AUTH_HEADER } from '../../api/http';
import { http } from '../../api/client';

/** Spec §9: registration type COLLABORATOR, subject type PERSON. */
export const REGISTRATION_TYPE = 'COLLABORATOR';
export const SUBJECT_TYPE = 'PERSON';

/** The invitation and the registration are the server's shapes (`@circula/model` api/accounts.ts). */
export type { RegistrationPayload, RegistrationRecord };

const publicCall = { headers: { [SKIP_AUTH_HEADER]: 'true' }, silent: true } as const;

/** The webaccess calls of spec §7 (API.md "Configuration services"). Callers show their own messages. */
export const accountsApi = {
  /** `OK`, or `USER_ALREADY_EXIST` when a user already has that email. */
  sendRegistrationLink: (email: string, lang: string) =>
    http.data<string>('/api/webaccess/registration-link', { method: 'POST', json: { email, step: 1, lang, type: REGISTRATION_TYPE }, silent: true }),
  readRegistration: (uuid: string) => http.data<RegistrationRecord>('/api/webaccess/registration', { query: { u: uuid }, ...publicCall }),
  register: (payload: RegistrationPayload) =>
    http.data<RegistrationAnswer>('/api/webaccess/registration', { method: 'POST', json: payload, ...publicCall }),
  requestRecoveryLink: (username: string, lang: string) =>
    http.data<string>('/api/webaccess/recover-password-link', { method: 'POST', json: { username, lang }, ...publicCall }),
  recoverPassword: (uuid: string) => http.data<string>('/api/webaccess/recover-password', { query: { u: uuid }, ...publicCall }),
};

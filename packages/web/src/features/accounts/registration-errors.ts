import type { ApiErrorBody } from '@circula/model';

export type RegistrationFailure =
  | { kind: 'invalid-link' }
  | { kind: 'message'; key: string }
  | { kind: 'password-rule' }
  | { kind: 'constraint'; keys: string[] };

/**
 * Spec §8 "Registration": INVALID_UUUID shows the invalid page; already_exists the
 * username-already-exists message; INVALID_PASSWORD the registry's password rule; a constraint
 * violation its messages; anything else REGISTRATION.STATUS.ERROR.{message} or UNDEFINED.
 */
export function registrationFailure(body: ApiErrorBody | null | undefined): RegistrationFailure {
  const message = body?.errorMessage ?? body?.errorCode;
  if (message === 'INVALID_UUUID') return { kind: 'invalid-link' };
  if (message === 'already_exists') return { kind: 'message', key: 'ACCOUNTS.REGISTRATION.USERNAME_ALREADY_EXISTS' };
  if (message === 'INVALID_PASSWORD') return { kind: 'password-rule' };
  if (body?.errorCode === 'CONSTRAINT_VIOLATION') return { kind: 'constraint', keys: (body.errors ?? []).map((e) => `ERRORS.${e.message}`) };
  return { kind: 'message', key: message ? `REGISTRATION.STATUS.ERROR.${message}` : 'REGISTRATION.STATUS.ERROR.UNDEFINED' };
}

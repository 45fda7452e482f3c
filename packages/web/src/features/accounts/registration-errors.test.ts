import { describe, expect, it } from 'vitest';
import { registrationFailure } from './registration-errors';

describe('registration failures (spec §8)', () => {
  it('maps each error code to its message', () => {
    expect(registrationFailure({ errorCode: 'INVALID_UUUID', errorMessage: 'INVALID_UUUID' })).toEqual({ kind: 'invalid-link' });
    expect(registrationFailure({ errorCode: 'already_exists', errorMessage: 'already_exists' })).toEqual({
      kind: 'message',
      key: 'ACCOUNTS.REGISTRATION.USERNAME_ALREADY_EXISTS',
    });
    expect(registrationFailure({ errorCode: 'INVALID_PASSWORD', errorMessage: 'INVALID_PASSWORD' })).toEqual({ kind: 'password-rule' });
    expect(
      registrationFailure({ errorCode: 'CONSTRAINT_VIOLATION', errorMessage: 'CONSTRAINT_VIOLATION', errors: [{ field: 'name', message: 'REQUIRED' }] }),
    ).toEqual({ kind: 'constraint', keys: ['ERRORS.REQUIRED'] });
    expect(registrationFailure({ errorCode: 'TOO_MANY_REQUESTS', errorMessage: 'TOO_MANY_REQUESTS' })).toEqual({
      kind: 'message',
      key: 'REGISTRATION.STATUS.ERROR.TOO_MANY_REQUESTS',
    });
    expect(registrationFailure(null)).toEqual({ kind: 'message', key: 'REGISTRATION.STATUS.ERROR.UNDEFINED' });
  });
});

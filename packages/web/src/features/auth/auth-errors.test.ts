import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/errors';
import { changePasswordErrorKey, loginErrorKey } from './auth-errors';

const failure = (status: number, errorCode?: string, reason?: string) =>
  new ApiError(status, errorCode ? { errorCode, errorMessage: errorCode, ...(reason ? { reason } : {}) } : null);

describe('loginErrorKey', () => {
  it('explains each login failure of the contract', () => {
    expect(loginErrorKey(failure(401, 'BAD_CREDENTIALS'))).toBe('AUTH.ERRORS.BAD_CREDENTIALS');
    expect(loginErrorKey(failure(429, 'TOO_MANY_REQUESTS'))).toBe('AUTH.ERRORS.TOO_MANY_REQUESTS');
    expect(loginErrorKey(failure(403, 'FORBIDDEN', 'UserDisabledException'))).toBe('AUTH.ERRORS.USER_DISABLED');
    expect(loginErrorKey(failure(0))).toBe('AUTH.ERRORS.NETWORK');
    expect(loginErrorKey(failure(500, 'INTERNAL_ERROR'))).toBe('ERRORS.INTERNAL_ERROR');
  });

  it('hands expired and to-be-initialised passwords over to the change-password page', () => {
    expect(loginErrorKey(failure(403, 'FORBIDDEN', 'JPPasswordExpiredException'))).toBeNull();
    expect(loginErrorKey(failure(403, 'FORBIDDEN', 'JPUserInitializedException'))).toBeNull();
  });
});

describe('changePasswordErrorKey', () => {
  it('has specific messages for wrong, equal and invalid passwords', () => {
    expect(changePasswordErrorKey(failure(401, 'BAD_CREDENTIALS'))).toBe('CHANGE_PASSWORD.ERRORS.BAD_CREDENTIALS');
    expect(changePasswordErrorKey(failure(400, 'PASSWORDS_ARE_EQUALS'))).toBe('CHANGE_PASSWORD.ERRORS.PASSWORDS_ARE_EQUALS');
    expect(changePasswordErrorKey(failure(400, 'INVALID_PASSWORD'))).toBe('CHANGE_PASSWORD.ERRORS.INVALID_PASSWORD');
  });

  it('keys any other error code under AUTH.ERRORS', () => {
    expect(changePasswordErrorKey(failure(429, 'TOO_MANY_REQUESTS'))).toBe('AUTH.ERRORS.TOO_MANY_REQUESTS');
    expect(changePasswordErrorKey(failure(500))).toBe('NOTIFICATIONS.ERROR.DESCRIPTION');
  });
});

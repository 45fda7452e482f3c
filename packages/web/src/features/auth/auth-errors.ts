import { FORBIDDEN_REASONS } from '@circula/model';
import { ApiError } from '../../api/errors';

const PASSWORD_REASONS: readonly string[] = [FORBIDDEN_REASONS.passwordExpired, FORBIDDEN_REASONS.userInitialized];

/**
 * The i18n key explaining a failed login (spec §8), or null when the password expired or must be
 * initialised: then the login page sends the user to the change-password page instead.
 */
export function loginErrorKey(error: unknown): string | null {
  if (!(error instanceof ApiError)) return 'NOTIFICATIONS.ERROR.DESCRIPTION';
  if (error.status === 0) return 'AUTH.ERRORS.NETWORK';
  if (error.status === 401) return 'AUTH.ERRORS.BAD_CREDENTIALS';
  if (error.status === 429) return 'AUTH.ERRORS.TOO_MANY_REQUESTS';
  if (error.status === 403) {
    if (error.reason && PASSWORD_REASONS.includes(error.reason)) return null;
    if (error.reason === FORBIDDEN_REASONS.userDisabled) return 'AUTH.ERRORS.USER_DISABLED';
    return 'AUTH.ERRORS.FORBIDDEN';
  }
  return `ERRORS.${error.body?.errorMessage ?? 'INTERNAL_ERROR'}`;
}

const SPECIFIC = new Set(['BAD_CREDENTIALS', 'PASSWORDS_ARE_EQUALS', 'INVALID_PASSWORD']);

/**
 * The message key of a failed password change on the page (spec §8): the three specific codes,
 * otherwise AUTH.ERRORS.{errorCode}. INVALID_PASSWORD is shown with the registry's rule text.
 */
export function changePasswordErrorKey(error: unknown): string {
  if (!(error instanceof ApiError)) return 'NOTIFICATIONS.ERROR.DESCRIPTION';
  if (error.status === 0) return 'AUTH.ERRORS.NETWORK';
  const code = error.body?.errorCode;
  if (!code) return 'NOTIFICATIONS.ERROR.DESCRIPTION';
  return SPECIFIC.has(code) ? `CHANGE_PASSWORD.ERRORS.${code}` : `AUTH.ERRORS.${code}`;
}

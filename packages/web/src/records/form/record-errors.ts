import { ApiError } from '../../api/errors';
import { notifyError, notifySessionExpired } from '../../app/notifications';

/** A stale `version`: someone saved the record since it was loaded (API.md 409 CONFLICT). */
export const isStaleVersion = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 409 && error.code === 'CONFLICT' && error.body?.errorMessage === 'CONFLICT';

export const isNotFound = (error: unknown): boolean => error instanceof ApiError && error.status === 404;

/**
 * The failure of a call made with `silent` that the page does not handle itself: the generic
 * danger notification of spec §8 (the http client already ended the session on a 401).
 */
export function reportError(error: unknown): void {
  if (!(error instanceof ApiError)) {
    notifyError(null);
    return;
  }
  if (error.status === 401) notifySessionExpired();
  else notifyError(error);
}

import type { ApiErrorBody } from '@circula/model';

/** The subset of i18next's `t` the mapping needs, so it stays a pure function. */
export type Translate = (key: string, options?: { defaultValue?: string }) => string;

export const GENERIC_ERROR_TITLE_KEY = 'NOTIFICATIONS.ERROR.TITLE';
export const GENERIC_ERROR_DESCRIPTION_KEY = 'NOTIFICATIONS.ERROR.DESCRIPTION';

/** A failed call: HTTP status (0 when the server could not be reached) and the error body, if any. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody | null,
  ) {
    super(body?.errorMessage ?? (status === 0 ? 'NETWORK_ERROR' : `HTTP ${status}`));
    this.name = 'ApiError';
  }

  get code(): string | undefined {
    return this.body?.errorCode;
  }

  get reason(): string | undefined {
    return this.body?.reason;
  }
}

export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  return typeof value === 'object' && value !== null && typeof (value as ApiErrorBody).errorCode === 'string';
}

/**
 * The text of the generic danger notification (spec §8): a constraint violation lists each
 * field message as ERRORS.{message}, one per line; any other error shows ERRORS.{errorMessage};
 * no body shows the generic description. A key without a translation falls back to the generic
 * description, so the user never sees a bare key.
 */
export function errorBodyToMessage(body: ApiErrorBody | null | undefined, t: Translate): string {
  const generic = t(GENERIC_ERROR_DESCRIPTION_KEY);
  if (!body) return generic;
  if (body.errorCode === 'CONSTRAINT_VIOLATION' && body.errors && body.errors.length > 0) {
    return body.errors.map((e) => t(`ERRORS.${e.message}`, { defaultValue: e.message })).join('\n');
  }
  if (!body.errorMessage) return generic;
  return t(`ERRORS.${body.errorMessage}`, { defaultValue: generic });
}

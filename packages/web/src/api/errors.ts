import type { ApiErrorBody } from '@circula/model';

/** The subset of i18next's `t` the mapping needs, so it stays a pure function: the default text and the values to interpolate. */
export type Translate = (key: string, options?: { defaultValue?: string } & Record<string, unknown>) => string;

/** The figures a field error quotes (`params` of ApiErrorBody's field errors). */
export type ErrorParams = Record<string, string | number>;

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

/** The locale numbers are written in for a UI language: 1.234,5 in Italian (grouping from the thousands), 1,234.5 in English. */
export const numberLocale = (language: string | undefined): string => (language?.startsWith('en') ? 'en-GB' : 'it-IT');

/** The UI language, as the app marks the page (`<html lang>`); Italian when unknown. */
const pageLanguage = (): string | undefined => (typeof document === 'undefined' ? undefined : document.documentElement.lang || undefined);

/**
 * The params of a field error ready to interpolate: numbers written in the user's locale
 * (`1000.001` → "1.000,001"), text as it came. Up to three decimals: the server's quantities are kg
 * to the gram, its percentages to the hundredth.
 */
export function formatErrorParams(params: ErrorParams | undefined, language: string | undefined = pageLanguage()): Record<string, string> {
  if (!params) return {};
  const format = new Intl.NumberFormat(numberLocale(language), { useGrouping: 'always', maximumFractionDigits: 3 });
  return Object.fromEntries(Object.entries(params).map(([name, value]) => [name, typeof value === 'number' ? format.format(value) : String(value)]));
}

/**
 * One server message as the user reads it: ERRORS.{message} with its params interpolated; an
 * untranslated key is shown as it is. The params cannot override the default text.
 */
export function errorMessageText(t: Translate, message: string, params?: ErrorParams, language?: string): string {
  return t(`ERRORS.${message}`, { ...formatErrorParams(params, language), defaultValue: message });
}

/**
 * The text of the generic danger notification (spec §8): a constraint violation lists each
 * field message as ERRORS.{message}, one per line; any other error shows ERRORS.{errorMessage};
 * no body shows the generic description. A key without a translation falls back to the generic
 * description, so the user never sees a bare key. A field message's params (the figures of a
 * refusal: stock available, a balance's window) are interpolated, numbers in the user's locale.
 */
export function errorBodyToMessage(body: ApiErrorBody | null | undefined, t: Translate, language?: string): string {
  const generic = t(GENERIC_ERROR_DESCRIPTION_KEY);
  if (!body) return generic;
  if (body.errorCode === 'CONSTRAINT_VIOLATION' && body.errors && body.errors.length > 0) {
    return body.errors.map((e) => errorMessageText(t, e.message, e.params, language)).join('\n');
  }
  if (!body.errorMessage) return generic;
  return t(`ERRORS.${body.errorMessage}`, { defaultValue: generic });
}

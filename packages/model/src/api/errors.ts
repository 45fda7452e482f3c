/** The error codes and bodies of API.md, shared by the server and the web app (no zod here). */
export const ERROR_CODES = [
  'BAD_REQUEST',
  'CONSTRAINT_VIOLATION',
  'UNAUTHORIZED',
  'BAD_CREDENTIALS',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'INVALID_STATUS_TRANSITION',
  'TOO_MANY_REQUESTS',
  'INTERNAL_ERROR',
  'PASSWORDS_ARE_EQUALS',
  'INVALID_PASSWORD',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const FORBIDDEN_REASONS = {
  passwordExpired: 'JPPasswordExpiredException',
  userInitialized: 'JPUserInitializedException',
  userDisabled: 'UserDisabledException',
} as const;

export interface ApiErrorBody {
  errorCode: ErrorCode | string;
  errorMessage: string;
  /**
   * Field errors: `message` is a key the web translates as ERRORS.{message}; `params`, when set,
   * are the figures the translation interpolates (`{{available}}`): a refusal that says how much
   * stock there is, or how far a balance is off.
   */
  errors?: { field: string; message: string; params?: Record<string, string | number> }[];
  reason?: string;
}

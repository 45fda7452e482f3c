import { ApiError } from '../api/errors';

/** The field messages of a CONSTRAINT_VIOLATION, by field name (nested paths belong to their top field). */
export function constraintErrors(error: unknown): Record<string, string[]> {
  if (!(error instanceof ApiError) || error.code !== 'CONSTRAINT_VIOLATION') return {};
  const out: Record<string, string[]> = {};
  for (const { field, message } of error.body?.errors ?? []) {
    const name = field.split('.')[0] ?? field;
    (out[name] ??= []).push(message);
  }
  return out;
}

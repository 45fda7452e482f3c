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

/** A CONSTRAINT_VIOLATION entry on one line of a lines field (`lines.1.hpProperties`): the field, the line's index, the line's field. */
export interface LineError {
  name: string;
  index: number;
  child: string;
  message: string;
}

/** The entries of a CONSTRAINT_VIOLATION that name a line of a lines field. */
export function lineErrors(error: unknown): LineError[] {
  if (!(error instanceof ApiError) || error.code !== 'CONSTRAINT_VIOLATION') return [];
  return (error.body?.errors ?? []).flatMap(({ field, message }) => {
    const [name, index, child] = field.split('.');
    return name && index !== undefined && /^\d+$/.test(index) && child ? [{ name, index: Number(index), child, message }] : [];
  });
}

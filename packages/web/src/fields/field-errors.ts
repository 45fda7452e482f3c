import type { FieldDefinition } from '@circula/model';
import { ApiError, type ErrorParams } from '../api/errors';
import { textIn } from './labels';

/** One field message of a CONSTRAINT_VIOLATION: the key (ERRORS.{message}) and the figures it quotes, if any. */
export interface FieldMessage {
  message: string;
  params?: ErrorParams;
}

const violations = (error: unknown) => (error instanceof ApiError && error.code === 'CONSTRAINT_VIOLATION' ? (error.body?.errors ?? []) : []);

/** The field messages of a CONSTRAINT_VIOLATION with their params, by field name (nested paths belong to their top field). */
export function constraintErrorDetails(error: unknown): Record<string, FieldMessage[]> {
  const out: Record<string, FieldMessage[]> = {};
  for (const { field, message, params } of violations(error)) {
    const name = field.split('.')[0] ?? field;
    (out[name] ??= []).push(params ? { message, params } : { message });
  }
  return out;
}

/** The field messages of a CONSTRAINT_VIOLATION, by field name (nested paths belong to their top field). */
export function constraintErrors(error: unknown): Record<string, string[]> {
  return Object.fromEntries(Object.entries(constraintErrorDetails(error)).map(([name, messages]) => [name, messages.map((m) => m.message)]));
}

/** A CONSTRAINT_VIOLATION entry on one line of a lines field (`lines.1.hpProperties`): the field, the line's index, the line's field. */
export interface LineError extends FieldMessage {
  name: string;
  index: number;
  child: string;
}

/** The entries of a CONSTRAINT_VIOLATION that name a line of a lines field. */
export function lineErrors(error: unknown): LineError[] {
  return violations(error).flatMap(({ field, message, params }) => {
    const [name, index, child] = field.split('.');
    return name && index !== undefined && /^\d+$/.test(index) && child ? [{ name, index: Number(index), child, message, ...(params ? { params } : {}) }] : [];
  });
}

/**
 * The field messages of a CONSTRAINT_VIOLATION as sentences, "Label: message", for a panel that is
 * not the form (a preview): each field's label from `fields`, each message translated with its params.
 */
export function constraintSentences(
  error: unknown,
  fields: Readonly<Record<string, FieldDefinition>>,
  t: (key: string, options?: Record<string, unknown>) => string,
  language: string,
): string[] {
  return Object.entries(constraintErrorDetails(error)).flatMap(([field, messages]) => {
    const label = textIn(fields[field]?.label, language) || field;
    return messages.map((m) => `${label}: ${t(`ERRORS.${m.message}`, { ...m.params, defaultValue: m.message })}`);
  });
}

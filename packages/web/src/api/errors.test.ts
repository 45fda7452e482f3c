import { describe, expect, it } from 'vitest';
import { errorBodyToMessage, type Translate } from './errors';

const dictionary: Record<string, string> = {
  'NOTIFICATIONS.ERROR.DESCRIPTION': 'Si è verificato un errore',
  'ERRORS.REQUIRED': 'Campo obbligatorio',
  'ERRORS.TOO_LONG': 'Valore troppo lungo',
  'ERRORS.CONFLICT': 'Il record è stato modificato da un altro utente',
};
const t: Translate = (key, options) => dictionary[key] ?? options?.defaultValue ?? key;

describe('errorBodyToMessage', () => {
  it('translates each constraint violation and joins them with line breaks', () => {
    const message = errorBodyToMessage(
      {
        errorCode: 'CONSTRAINT_VIOLATION',
        errorMessage: 'CONSTRAINT_VIOLATION',
        errors: [
          { field: 'name', message: 'REQUIRED' },
          { field: 'code', message: 'TOO_LONG' },
        ],
      },
      t,
    );
    expect(message).toBe('Campo obbligatorio\nValore troppo lungo');
  });

  it('keeps an untranslated constraint message as it is', () => {
    const message = errorBodyToMessage(
      { errorCode: 'CONSTRAINT_VIOLATION', errorMessage: 'CONSTRAINT_VIOLATION', errors: [{ field: 'x', message: 'ODD_RULE' }] },
      t,
    );
    expect(message).toBe('ODD_RULE');
  });

  it('translates errorMessage under ERRORS for other errors', () => {
    expect(errorBodyToMessage({ errorCode: 'CONFLICT', errorMessage: 'CONFLICT' }, t)).toBe(
      'Il record è stato modificato da un altro utente',
    );
  });

  it('uses errorMessage rather than errorCode', () => {
    expect(errorBodyToMessage({ errorCode: 'BAD_REQUEST', errorMessage: 'REQUIRED' }, t)).toBe('Campo obbligatorio');
  });

  it('shows the generic description when there is no body or no translation', () => {
    expect(errorBodyToMessage(null, t)).toBe('Si è verificato un errore');
    expect(errorBodyToMessage({ errorCode: 'X', errorMessage: 'UNKNOWN_KEY' }, t)).toBe('Si è verificato un errore');
  });

  it('falls back to errorMessage when a constraint violation has no field list', () => {
    expect(errorBodyToMessage({ errorCode: 'CONSTRAINT_VIOLATION', errorMessage: 'REQUIRED', errors: [] }, t)).toBe(
      'Campo obbligatorio',
    );
  });
});

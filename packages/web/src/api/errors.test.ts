import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { constraintErrorDetails, constraintErrors, lineErrors } from '../fields/field-errors';
import { dictionary as appDictionary } from '../i18n/dictionaries';
import { ApiError, errorBodyToMessage, errorMessageText, formatErrorParams, type Translate } from './errors';

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

/** i18next as the app sets it up, on the app's own dictionary in `language`. */
async function realTranslate(language: 'it' | 'en'): Promise<Translate> {
  const instance = i18next.createInstance();
  await instance.init({ lng: language, resources: { [language]: { translation: appDictionary(language) } }, nsSeparator: false, interpolation: { escapeValue: false }, showSupportNotice: false });
  return (key, options) => instance.t(key, options ?? {});
}

const stockRefusal = {
  errorCode: 'CONSTRAINT_VIOLATION',
  errorMessage: 'CONSTRAINT_VIOLATION',
  errors: [{ field: 'inputs.0.quantityKg', message: 'STOCK_INSUFFICIENT', params: { item: '15 01 06', availableKg: 1000, requestedKg: 1000.001 } }],
};

describe('field errors with figures', () => {
  it('interpolates the params, numbers in Italian format', async () => {
    expect(errorBodyToMessage(stockRefusal, await realTranslate('it'), 'it')).toBe('Giacenza insufficiente di 15 01 06: disponibili 1.000 kg, richiesti 1.000,001 kg.');
  });

  it('writes the numbers in the English format for an English user', async () => {
    expect(errorBodyToMessage(stockRefusal, await realTranslate('en'), 'en')).toBe('Not enough stock of 15 01 06: 1,000 kg available, 1,000.001 kg requested.');
  });

  it('formats the numbers of the page language when none is given (Italian by default)', async () => {
    document.documentElement.lang = '';
    expect(errorBodyToMessage(stockRefusal, await realTranslate('it'))).toContain('disponibili 1.000 kg');
  });

  it('says every figure of a treatment out of balance', async () => {
    const t = await realTranslate('it');
    const text = errorMessageText(t, 'TREATMENT_BALANCE', { inputKg: 1234.5, outputKg: 1100, minKg: 1172.775, maxKg: 1234.5, lossPct: 5 }, 'it');
    expect(text).toBe(
      "Bilancio di massa non rispettato: in ingresso 1.234,5 kg, in uscita 1.100 kg. Con un calo dichiarato del 5 % l'uscita deve stare tra 1.172,775 e 1.234,5 kg.",
    );
  });

  it('keeps text params as they are and never lets a param replace the default text', () => {
    expect(formatErrorParams({ warehouse: 'CDR 1.000', capacityKg: 50000 }, 'it')).toEqual({ warehouse: 'CDR 1.000', capacityKg: '50.000' });
    const seen: unknown[] = [];
    const t: Translate = (key, options) => {
      seen.push(options);
      return options?.defaultValue ?? key;
    };
    expect(errorMessageText(t, 'ODD_RULE', { defaultValue: 'x' }, 'it')).toBe('ODD_RULE');
    expect(seen).toEqual([{ defaultValue: 'ODD_RULE' }]);
  });

  it('hands the params of field and line errors to the record form, and the bare messages to the old callers', () => {
    const error = new ApiError(400, stockRefusal);
    expect(constraintErrors(error)).toEqual({ inputs: ['STOCK_INSUFFICIENT'] });
    expect(constraintErrorDetails(error)).toEqual({ inputs: [{ message: 'STOCK_INSUFFICIENT', params: stockRefusal.errors[0]!.params }] });
    expect(lineErrors(error)).toEqual([{ name: 'inputs', index: 0, child: 'quantityKg', message: 'STOCK_INSUFFICIENT', params: stockRefusal.errors[0]!.params }]);
  });
});

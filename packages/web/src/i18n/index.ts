import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Dictionary } from './merge';

export const FALLBACK_LANGUAGE = 'it';
const LANGUAGES = ['it', 'en'] as const;
type Language = (typeof LANGUAGES)[number];

/** Each language's dictionary is a chunk of its own, downloaded when first shown (issue 14). */
const DICTIONARIES: Record<Language, () => Promise<{ default: Dictionary }>> = {
  it: () => import('./dictionary-it'),
  en: () => import('./dictionary-en'),
};

const isLanguage = (language: string): language is Language => (LANGUAGES as readonly string[]).includes(language);

/**
 * i18next asks for a language's dictionary before it shows it (at start, and on changeLanguage):
 * the sign-in page downloads Italian only, English comes with the switch.
 */
const dictionaries: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, _namespace, callback) {
    if (!isLanguage(language)) return callback(null, {});
    DICTIONARIES[language]().then(
      (dictionary) => callback(null, dictionary.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

/** Every visible string goes through these dictionaries; Italian is the default. */
export async function initI18n(language: string): Promise<typeof i18n> {
  if (!i18n.isInitialized) {
    await i18n
      .use(dictionaries)
      .use(initReactI18next)
      .init({
        lng: language,
        fallbackLng: FALLBACK_LANGUAGE,
        supportedLngs: [...LANGUAGES],
        // keys are dotted paths; texts passed as keys (a reason from a URL) may contain colons
        nsSeparator: false,
        interpolation: { escapeValue: false },
        returnNull: false,
        showSupportNotice: false,
      });
  } else if (i18n.language !== language) {
    await i18n.changeLanguage(language);
  }
  return i18n;
}

export { i18n };

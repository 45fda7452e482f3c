import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './en.json';
import it from './it.json';

export const resources = { it: { translation: it }, en: { translation: en } } as const;
export const FALLBACK_LANGUAGE = 'it';

/** Every visible string goes through these dictionaries; Italian is the default. */
export async function initI18n(language: string): Promise<typeof i18n> {
  if (!i18n.isInitialized) {
    await i18n.use(initReactI18next).init({
      resources,
      lng: language,
      fallbackLng: FALLBACK_LANGUAGE,
      supportedLngs: Object.keys(resources),
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

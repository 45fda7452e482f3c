import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './en.json';
import it from './it.json';

type Dictionary = { [key: string]: string | Dictionary };

/** The main dictionaries plus the parts of each feature (`parts/{feature}.{lang}.json`). */
const parts = import.meta.glob<Dictionary>('./parts/*.json', { eager: true, import: 'default' });

function merge(target: Dictionary, source: Dictionary, path = ''): Dictionary {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key];
    if (typeof value === 'object' && typeof existing === 'object') merge(existing, value, `${path}${key}.`);
    else if (existing !== undefined) throw new Error(`i18n: ${path}${key} is translated twice`);
    else target[key] = typeof value === 'object' ? merge({}, value, `${path}${key}.`) : value;
  }
  return target;
}

/** A language's whole dictionary: the main file and every part of that language. */
export function dictionary(language: 'it' | 'en'): Dictionary {
  const main = structuredClone(language === 'it' ? it : en) as Dictionary;
  for (const [file, part] of Object.entries(parts)) if (file.endsWith(`.${language}.json`)) merge(main, part);
  return main;
}

export const resources = { it: { translation: dictionary('it') }, en: { translation: dictionary('en') } } as const;
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

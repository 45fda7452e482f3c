import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { mergeDictionary, type Dictionary } from './merge';

export const FALLBACK_LANGUAGE = 'it';
const LANGUAGES = ['it', 'en'] as const;
type Language = (typeof LANGUAGES)[number];

type Chunk = () => Promise<{ default: Dictionary }>;
/**
 * Each language's dictionary comes in two chunks, each downloaded when first needed (issue 14): the
 * texts of the sign-in page and the public pages, and the rest (the shell, the areas) after sign-in.
 */
const SIGN_IN_TEXTS: Record<Language, Chunk> = {
  it: () => import('./dictionary-it'),
  en: () => import('./dictionary-en'),
};
const REST: Record<Language, Chunk> = {
  it: () => import('./dictionary-it-rest'),
  en: () => import('./dictionary-en-rest'),
};

const isLanguage = (language: string): language is Language => (LANGUAGES as readonly string[]).includes(language);

/** Once the app goes past the sign-in page, every language it loads comes whole. */
let wholeWanted = false;
/** The languages whose rest is in i18next's store (or on its way, with the language's own loading). */
const whole = new Set<Language>();

/**
 * i18next asks for a language's dictionary before it shows it (at start, and on changeLanguage):
 * the sign-in page downloads the Italian sign-in texts only, English comes with the switch.
 */
const dictionaries: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, _namespace, callback) {
    if (!isLanguage(language)) return callback(null, {});
    const load = async (): Promise<Dictionary> => {
      const texts = (await SIGN_IN_TEXTS[language]()).default;
      // asked now, not when the read began: a sign-in may have happened while it was on its way
      if (!wholeWanted) return texts;
      whole.add(language);
      return mergeDictionary(texts, { rest: (await REST[language]()).default });
    };
    load().then(
      (dictionary) => callback(null, dictionary),
      (error: unknown) => {
        whole.delete(language);
        callback(error instanceof Error ? error : new Error(String(error)), false);
      },
    );
  },
};

/**
 * Adds the rest of the dictionary (the shell's and the areas' texts) to the languages loaded so far,
 * and makes the languages loaded later come whole. The routes past the sign-in page wait for it.
 */
export async function loadWholeDictionary(): Promise<void> {
  wholeWanted = true;
  const missing = LANGUAGES.filter((language) => !whole.has(language) && i18n.hasResourceBundle(language, 'translation'));
  for (const language of missing) whole.add(language);
  await Promise.all(
    missing.map(async (language) => {
      try {
        i18n.addResourceBundle(language, 'translation', (await REST[language]()).default, true, false);
      } catch (error) {
        whole.delete(language);
        throw error;
      }
    }),
  );
}

/**
 * Every visible string goes through these dictionaries; Italian is the default. `texts`: 'sign-in'
 * for the first page (main.tsx), 'whole' (the default) for a page that shows everything at once.
 */
export async function initI18n(language: string, texts: 'sign-in' | 'whole' = 'whole'): Promise<typeof i18n> {
  if (texts === 'whole') wholeWanted = true;
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
  if (texts === 'whole') await loadWholeDictionary();
  return i18n;
}

export { i18n };

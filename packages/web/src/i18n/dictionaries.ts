import en from './dictionary-en';
import enRest from './dictionary-en-rest';
import it from './dictionary-it';
import itRest from './dictionary-it-rest';
import { mergeDictionary, type Dictionary } from './merge';

/**
 * A language's whole dictionary at once, its sign-in texts and the rest merged (a key in both
 * throws), for the checks that compare them (the app loads them in two steps: see index.ts).
 */
export function dictionary(language: 'it' | 'en'): Dictionary {
  return language === 'it' ? mergeDictionary(it, { rest: itRest }) : mergeDictionary(en, { rest: enRest });
}

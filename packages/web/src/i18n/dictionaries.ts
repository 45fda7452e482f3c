import en from './dictionary-en';
import it from './dictionary-it';
import type { Dictionary } from './merge';

/** Both dictionaries at once, for the checks that compare them (the app loads one language at a time). */
export function dictionary(language: 'it' | 'en'): Dictionary {
  return language === 'it' ? it : en;
}

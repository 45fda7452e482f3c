import dayjs from 'dayjs';
import 'dayjs/locale/en-gb';
import 'dayjs/locale/it';
import { i18n } from '../i18n';
import { getEnvironment } from './environment';

/** An explicit choice made with the language switch; it wins over the user's own language. */
export const LANGUAGE_STORAGE_KEY = 'circula.lang';

export function supportedLanguages(): string[] {
  const configured = getEnvironment().languages.filter((l) => l === 'it' || l === 'en');
  return configured.length > 0 ? configured : ['it'];
}

function isSupported(lang: string | null | undefined): lang is string {
  return !!lang && supportedLanguages().includes(lang);
}

export function explicitLanguage(): string | null {
  const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
  return isSupported(stored) ? stored : null;
}

/** The language to start with: the explicit choice, else the configured default. */
export function initialLanguage(): string {
  const fallback = getEnvironment().defaultLanguage;
  return explicitLanguage() ?? (isSupported(fallback) ? fallback : 'it');
}

/** dayjs follows the UI language; both locales start the week on Monday and write dates dd/mm/yyyy. */
function applyDayjsLocale(lang: string): void {
  dayjs.locale(lang === 'en' ? 'en-gb' : 'it');
  document.documentElement.lang = lang;
}

i18n.on('languageChanged', applyDayjsLocale);

export async function setLanguage(lang: string): Promise<void> {
  applyDayjsLocale(lang);
  if (i18n.language !== lang) await i18n.changeLanguage(lang);
}

/** The language switch: remembered in this browser. */
export async function chooseLanguage(lang: string): Promise<void> {
  if (!isSupported(lang)) return;
  window.localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  await setLanguage(lang);
}

/** After login: the user's language applies unless a UI language was chosen explicitly. */
export async function applyUserLanguage(user: { lang: string | null }): Promise<void> {
  if (explicitLanguage() === null && isSupported(user.lang)) await setLanguage(user.lang);
}

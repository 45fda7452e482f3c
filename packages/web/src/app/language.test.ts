import dayjs from 'dayjs';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../i18n';
import { applyUserLanguage, chooseLanguage, initialLanguage, LANGUAGE_STORAGE_KEY, setLanguage } from './language';

describe('UI language', () => {
  beforeAll(async () => {
    await initI18n('it');
  });

  beforeEach(async () => {
    window.localStorage.clear();
    await setLanguage('it');
  });

  it('starts in Italian when nothing was chosen', () => {
    expect(initialLanguage()).toBe('it');
    expect(i18n.t('LOGIN.SUBMIT')).toBe('Accedi');
  });

  it("applies the user's language after login when none was chosen explicitly", async () => {
    await applyUserLanguage({ lang: 'en' });
    expect(i18n.language).toBe('en');
  });

  it('keeps an explicit choice over the user language and remembers it', async () => {
    await chooseLanguage('it');
    await applyUserLanguage({ lang: 'en' });
    expect(i18n.language).toBe('it');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('it');
    expect(initialLanguage()).toBe('it');
  });

  it('ignores languages the app does not offer', async () => {
    await applyUserLanguage({ lang: 'de' });
    expect(i18n.language).toBe('it');
  });

  it('starts weeks on Monday in both languages', async () => {
    const wednesday = '2026-03-04';
    expect(dayjs(wednesday).startOf('week').format('DD/MM/YYYY')).toBe('02/03/2026');
    await chooseLanguage('en');
    expect(dayjs(wednesday).startOf('week').format('DD/MM/YYYY')).toBe('02/03/2026');
  });
});

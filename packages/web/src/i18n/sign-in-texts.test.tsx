import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppProviders } from '../app/AppProviders';
import { appRoutes } from '../app/router';
import { i18n, initI18n, loadWholeDictionary } from '.';

/**
 * The sign-in page downloads only its own texts (issue 14): every text it shows must be among them.
 * A key i18next does not find is reported here (saveMissing), so a text moved to the rest of the
 * dictionary, or a new one added there, fails this test instead of showing its key on the page.
 */
describe('the sign-in texts', () => {
  const missing: string[] = [];

  beforeAll(async () => {
    await initI18n('it', 'sign-in');
    i18n.options.saveMissing = true;
    i18n.options.missingKeyHandler = (_languages, _namespace, key) => void missing.push(key);
  });

  it('hold every text of the sign-in page and its forgotten-password dialog, in both languages', async () => {
    const router = createMemoryRouter(appRoutes(), { initialEntries: ['/login'] });
    render(
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    expect(await screen.findByTestId('login-submit')).toBeTruthy();
    // an empty submit shows the required-field messages
    fireEvent.click(screen.getByTestId('login-submit'));
    expect((await screen.findAllByText('Campo obbligatorio')).length).toBeGreaterThan(0);
    fireEvent.click(screen.getByTestId('forgot-password'));
    expect(await screen.findByRole('dialog')).toBeTruthy();
    await i18n.changeLanguage('en');
    expect(await screen.findByText('Sign in', { selector: 'button span' })).toBeTruthy();
    expect(missing).toEqual([]);
  });

  it('leave the shell and the areas to the rest, which comes whole after sign-in', async () => {
    expect(i18n.exists('DASHBOARD.FIGURES.TITLE', { lng: 'it' })).toBe(false);
    expect(i18n.exists('WAREHOUSES.REGISTER.YEAR', { lng: 'en' })).toBe(false);
    await loadWholeDictionary();
    expect(i18n.exists('DASHBOARD.FIGURES.TITLE', { lng: 'it' })).toBe(true);
    expect(i18n.exists('WAREHOUSES.REGISTER.YEAR', { lng: 'en' })).toBe(true);
    // the sign-in texts are still there
    expect(i18n.t('LOGIN.SUBMIT', { lng: 'it' })).not.toBe('LOGIN.SUBMIT');
  });
});

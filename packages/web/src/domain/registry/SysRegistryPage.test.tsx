import type { SysRegistryEntry } from '@circula/model';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/AppProviders';
import { queryClient } from '../../app/query-client';
import { signedInAsAdmin, stubServer } from '../../test/harness';
import { SysRegistryPage } from './SysRegistryPage';

const RULE_IT = 'Almeno 8 caratteri, con una maiuscola, una minuscola, una cifra e un simbolo.';
const entries = (): SysRegistryEntry[] => [
  { key: 'FIR_SERIES', theValue: 'FIR', translation: {}, version: 1 },
  { key: 'PASSWORD_MAX_AGE_DAYS', theValue: '180', translation: {}, version: 2 },
  { key: 'PASSWORD_RULE', theValue: '^.{8,64}$', translation: { it: RULE_IT, en: 'At least 8 characters.' }, version: 1 },
];

/** A stand-in registry: PUT refuses a value that is not a whole number for the password age (as the server does), keeps a history per key. */
function serveRegistry() {
  const items = entries();
  const history: Record<string, { version: number; at: string; by: string; action: string; changes: Record<string, [unknown, unknown]> }[]> = {
    PASSWORD_MAX_AGE_DAYS: [{ version: 2, at: '2026-03-05T13:30:00.000Z', by: 'admin', action: 'UPDATE', changes: { theValue: ['90', '180'] } }],
  };
  return stubServer((call) => {
    if (call.method === 'GET' && call.path === '/api/conf/sysregistry') return { body: { data: { items, total: items.length, page: 0, size: items.length } } };
    const edit = /^\/api\/conf\/sysregistry\/([A-Z_0-9]+)$/.exec(call.path);
    if (edit && call.method === 'PUT') {
      const entry = items.find((e) => e.key === edit[1])!;
      const value = String(call.body?.theValue);
      if (entry.key === 'PASSWORD_MAX_AGE_DAYS' && !/^\d{1,6}$/.test(value)) {
        return { status: 400, body: { errorCode: 'CONSTRAINT_VIOLATION', errorMessage: 'CONSTRAINT_VIOLATION', errors: [{ field: 'theValue', message: 'INVALID_NON_NEGATIVE_INTEGER' }] } };
      }
      history[entry.key] = [...(history[entry.key] ?? []), { version: entry.version + 1, at: '2026-03-06T10:00:00.000Z', by: 'admin', action: 'UPDATE', changes: { theValue: [entry.theValue, value] } }];
      Object.assign(entry, { theValue: value, version: entry.version + 1 });
      return { body: { data: entry } };
    }
    const hist = /^\/api\/conf\/sysregistry\/([A-Z_0-9]+)\/history$/.exec(call.path);
    if (hist) return { body: { data: { items: history[hist[1]!] ?? [] } } };
    return undefined;
  });
}

const rights = { canRead: true, canCreate: true, canWrite: true, canDelete: true };
const renderPage = () =>
  render(
    <AppProviders>
      <MemoryRouter>
        <SysRegistryPage route="sysregistry" mode="list" rights={rights} />
      </MemoryRouter>
    </AppProviders>,
  );

describe('system registry page', { timeout: 30_000 }, () => {
  signedInAsAdmin();
  afterEach(() => {
    queryClient.clear();
    vi.unstubAllGlobals();
  });

  it('lists the keys with value and description, and the password rule with its translated message', async () => {
    serveRegistry();
    renderPage();
    expect((await screen.findByTestId('sysregistry-value-FIR_SERIES')).textContent).toBe('FIR');
    expect(screen.getByText(/^Serie dei numeri dei FIR/)).toBeTruthy();
    expect(within(screen.getByTestId('sysregistry-password-rule')).getByTestId('sysregistry-password-message').textContent).toBe(RULE_IT);
    expect(within(screen.getByTestId('sysregistry-password-rule')).getByText('^.{8,64}$')).toBeTruthy();
  });

  it("shows the server's translated error under the value, changes nothing, then saves a valid value", async () => {
    const calls = serveRegistry();
    renderPage();
    fireEvent.click(await screen.findByTestId('sysregistry-edit-PASSWORD_MAX_AGE_DAYS'));
    const value = await screen.findByTestId('sysregistry-value');
    fireEvent.change(value, { target: { value: 'novanta' } });
    fireEvent.click(screen.getByTestId('sysregistry-save'));
    expect(await screen.findByText('Inserisci un numero intero non negativo.')).toBeTruthy();
    expect(screen.getByTestId('sysregistry-value-PASSWORD_MAX_AGE_DAYS').textContent).toBe('180');
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ version: 2, theValue: 'novanta' }]);

    fireEvent.change(screen.getByTestId('sysregistry-value'), { target: { value: '90' } });
    fireEvent.click(screen.getByTestId('sysregistry-save'));
    await waitFor(() => expect(screen.getByTestId('sysregistry-value-PASSWORD_MAX_AGE_DAYS').textContent).toBe('90'));
    expect(calls.filter((c) => c.method === 'PUT').at(-1)?.body).toEqual({ version: 2, theValue: '90' });
  });

  it("shows a key's history: who changed what, when", async () => {
    serveRegistry();
    renderPage();
    fireEvent.click(await screen.findByTestId('sysregistry-history-PASSWORD_MAX_AGE_DAYS'));
    const change = await screen.findByTestId('sysregistry-change-2-theValue');
    expect(change.textContent).toBe('Valore: 90 → 180');
    const drawer = screen.getByTestId('sysregistry-history');
    expect(within(drawer).getByText(/^05\/03\/2026 \d{2}:30$/)).toBeTruthy();
    expect(within(drawer).getByText('admin')).toBeTruthy();
  });
});

import type { SecurityProfile } from '@circula/model';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/AppProviders';
import { queryClient } from '../../app/query-client';
import { signedInAsAdmin } from '../../test/harness';
import { ProfilesPage } from './ProfilesPage';

const profiles: SecurityProfile[] = [
  {
    userId: 1,
    username: 'admin',
    firstName: 'Ada',
    lastName: 'Admin',
    enabled: true,
    groups: [{ code: 'ADMINISTRATORS', name: 'Amministratori' }],
    roles: ['ACCESS_BACKOFFICE', 'ROLE_ADMIN'],
    admin: true,
    rights: [{ prefix: 'RDR', description: 'Pickup requests (RDR)', read: true, write: true, delete: true }],
  },
  {
    userId: 7,
    username: 'doppio',
    firstName: 'Doppio',
    lastName: 'Gruppo',
    enabled: true,
    groups: [
      { code: 'PA', name: 'Gruppo A' },
      { code: 'PB', name: 'Gruppo B' },
    ],
    roles: ['ACCESS_BACKOFFICE', 'ROLE_USER'],
    admin: false,
    rights: [
      { prefix: 'RDR', description: 'Pickup requests (RDR)', read: true, write: true, delete: false },
      { prefix: 'INVOICE', description: 'Invoices and account movements', read: true, write: false, delete: false },
    ],
  },
];

function serve() {
  const queries: URLSearchParams[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      queries.push(url.searchParams);
      const q = url.searchParams.get('q');
      const text = q ? (JSON.parse(q) as { query?: string }).query ?? '' : '';
      const items = profiles.filter((p) => p.username.includes(text));
      return new Response(JSON.stringify({ data: { items, total: items.length, page: Number(url.searchParams.get('page')), size: Number(url.searchParams.get('size')) } }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return queries;
}

describe('profiles page', { timeout: 30_000 }, () => {
  signedInAsAdmin();
  afterEach(() => {
    queryClient.clear();
    vi.unstubAllGlobals();
  });

  it("lists users with groups and rights, pages on the server, and opens a user's rights", async () => {
    const queries = serve();
    render(
      <AppProviders>
        <MemoryRouter>
          <ProfilesPage />
        </MemoryRouter>
      </AppProviders>,
    );
    expect(await screen.findByTestId('profile-row-doppio')).toBeTruthy();
    expect(screen.getByTestId('admin-title').textContent).toBe('Profili');
    expect(queries[0]!.get('page')).toBe('0');
    expect(queries[0]!.get('size')).toBe('20');
    const table = screen.getByTestId('profiles-table');
    expect(within(table).getByText('PA, PB')).toBeTruthy();
    expect(within(table).getByText('2 funzioni: RDR RW, INVOICE R')).toBeTruthy();
    expect(within(table).getByText('Amministratore: tutti i diritti')).toBeTruthy();

    fireEvent.click(screen.getByTestId('profile-row-doppio'));
    const details = await screen.findByTestId('profile-details');
    expect(within(details).getByText('Gruppo A')).toBeTruthy();
    expect(within(details).getByText('ROLE_USER')).toBeTruthy();
    expect(within(details).getByTestId('profile-right-RDR-W').getAttribute('data-on')).toBe('true');
    expect(within(details).getByTestId('profile-right-RDR-D').getAttribute('data-on')).toBe('false');
    expect(within(details).getByTestId('profile-right-INVOICE-R').getAttribute('data-on')).toBe('true');
    expect(within(details).getByTestId('profile-right-INVOICE-W').getAttribute('data-on')).toBe('false');
    expect(within(details).queryByTestId('profile-admin')).toBeNull();
  });

  it('searches on the server', async () => {
    const queries = serve();
    render(
      <AppProviders>
        <MemoryRouter>
          <ProfilesPage />
        </MemoryRouter>
      </AppProviders>,
    );
    await screen.findByTestId('profile-row-admin');
    const search = within(screen.getByTestId('admin-search')).getByRole('searchbox');
    fireEvent.change(search, { target: { value: 'dopp' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(screen.queryByTestId('profile-row-admin')).toBeNull());
    expect(screen.getByTestId('profile-row-doppio')).toBeTruthy();
    expect(JSON.parse(queries.at(-1)!.get('q')!)).toEqual({ query: 'dopp' });
  });
});

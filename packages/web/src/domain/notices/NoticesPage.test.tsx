import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/AppProviders';
import { queryClient } from '../../app/query-client';
import { signedInAsAdmin } from '../../test/harness';
import { NoticesPage } from './NoticesPage';
import type { Notice } from './notices-api';

const notice = (id: number, title: string, readAt: string | null): Notice => ({
  id,
  kind: 'REQUEST_STATUS_CHANGED',
  title,
  body: null,
  route: 'rdr',
  recordId: 100 + id,
  createdAt: '2026-03-05T13:30:00.000Z',
  readAt,
});

/** A stand-in server keeping the notices: GET lists them (`unread`/`read` filter, `page`, `size`), PUT marks them read. */
function serveNotices(initial: Notice[]) {
  const notices = initial.map((n) => ({ ...n }));
  const calls: { method: string; path: string; query: Record<string, string> }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      calls.push({ method, path: url.pathname, query: Object.fromEntries(url.searchParams) });
      const reply = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
      if (method === 'GET' && url.pathname === '/api/notices') {
        const unreadOnly = url.searchParams.get('unread') === 'true';
        const readOnly = url.searchParams.get('read') === 'true';
        const chosen = notices.filter((n) => (unreadOnly ? n.readAt === null : readOnly ? n.readAt !== null : true));
        const size = Number(url.searchParams.get('size') ?? 20);
        const page = Number(url.searchParams.get('page') ?? 0);
        return reply({ data: { items: chosen.slice(page * size, page * size + size), total: chosen.length, page, size, unread: notices.filter((n) => n.readAt === null).length } });
      }
      if (method === 'PUT' && url.pathname === '/api/notices/read-all') {
        const marked = notices.filter((n) => n.readAt === null);
        marked.forEach((n) => (n.readAt = '2026-03-05T14:00:00.000Z'));
        return reply({ data: { marked: marked.length, unread: 0 } });
      }
      const one = /^\/api\/notices\/(\d+)\/read$/.exec(url.pathname);
      const found = one && method === 'PUT' ? notices.find((n) => n.id === Number(one[1])) : undefined;
      if (found) {
        found.readAt ??= '2026-03-05T14:00:00.000Z';
        return reply({ data: found });
      }
      return reply({ errorCode: 'NOT_FOUND', errorMessage: 'NOT_FOUND' }, 404);
    }),
  );
  return calls;
}

function renderPage() {
  const router = createMemoryRouter(
    [
      { path: '/notices', element: <NoticesPage /> },
      { path: '/rdr/:id', element: <div data-testid="record-page" /> },
    ],
    { initialEntries: ['/notices'] },
  );
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

const row = (id: number) => screen.getByTestId(`notices-row-${id}`);

describe('notices page', { timeout: 30_000 }, () => {
  signedInAsAdmin();
  afterEach(() => {
    queryClient.clear();
    vi.unstubAllGlobals();
  });

  it('lists every notice with its state, and marks one read', async () => {
    const calls = serveNotices([notice(3, 'Richiesta RIC-000103 pianificata', null), notice(2, 'Richiesta RIC-000102 rifiutata', null), notice(1, 'Richiesta RIC-000101 accettata', '2026-03-05T13:40:00.000Z')]);
    renderPage();
    await screen.findByText('Richiesta RIC-000103 pianificata');
    expect(screen.getByTestId('notices-unread').textContent).toBe('2 da leggere');
    expect(row(3).getAttribute('data-unread')).toBe('true');
    expect(row(1).getAttribute('data-unread')).toBe('false');
    expect(within(row(1)).getByText(/^Letta il 05\/03\/2026 \d{2}:40$/)).toBeTruthy();
    expect(within(row(1)).queryByTestId('notices-read-1')).toBeNull();

    fireEvent.click(screen.getByTestId('notices-read-3'));
    await waitFor(() => expect(row(3).getAttribute('data-unread')).toBe('false'));
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.path)).toEqual(['/api/notices/3/read']);
    await waitFor(() => expect(screen.getByTestId('notices-unread').textContent).toBe('1 da leggere'));
    expect(row(2).getAttribute('data-unread')).toBe('true');
  });

  it('filters unread and read notices on the server, and marks them all read', async () => {
    const calls = serveNotices([notice(2, 'Richiesta RIC-000102 rifiutata', null), notice(1, 'Richiesta RIC-000101 accettata', '2026-03-05T13:40:00.000Z')]);
    renderPage();
    await screen.findByText('Richiesta RIC-000102 rifiutata');
    fireEvent.click(within(screen.getByTestId('notices-filter')).getByText('Da leggere'));
    await waitFor(() => expect(screen.queryByText('Richiesta RIC-000101 accettata')).toBeNull());
    expect(calls.some((c) => c.method === 'GET' && c.query.unread === 'true')).toBe(true);
    fireEvent.click(within(screen.getByTestId('notices-filter')).getByText('Lette'));
    await screen.findByText('Richiesta RIC-000101 accettata');
    expect(screen.queryByText('Richiesta RIC-000102 rifiutata')).toBeNull();
    expect(calls.some((c) => c.method === 'GET' && c.query.read === 'true')).toBe(true);

    fireEvent.click(within(screen.getByTestId('notices-filter')).getByText('Tutte'));
    await screen.findByText('Richiesta RIC-000102 rifiutata');
    fireEvent.click(screen.getByTestId('notices-mark-all'));
    await waitFor(() => expect(row(2).getAttribute('data-unread')).toBe('false'));
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.path)).toEqual(['/api/notices/read-all']);
    expect((screen.getByTestId('notices-mark-all') as HTMLButtonElement).disabled).toBe(true);
  });

  it('opens the record a notice is about, marking it read', async () => {
    const calls = serveNotices([notice(4, 'Richiesta RIC-000104 accettata', null)]);
    const router = renderPage();
    fireEvent.click(await screen.findByTestId('notices-open-4'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/rdr/104'));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT' && c.path === '/api/notices/4/read')).toBe(true));
  });
});

import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/AppProviders';
import { queryClient } from '../../app/query-client';
import { signedInAsAdmin, stubServer, type StubCall } from '../../test/harness';
import { NoticeBell } from './NoticeBell';
import { NOTICE_POLL_MS, type Notice } from './notices-api';

const notice = (id: number, title: string, readAt: string | null, extra: Partial<Notice> = {}): Notice => ({
  id,
  kind: 'REQUEST_STATUS_CHANGED',
  title,
  body: 'Richiesta di ritiro · Punto di prelievo: Stabilimento di Verona · Data richiesta: 02/03/2030',
  route: 'rdr',
  recordId: 100 + id,
  createdAt: '2026-03-05T13:30:00.000Z',
  readAt,
  ...extra,
});

/** A stand-in server keeping the notices: GET lists them, PUT marks them read. */
function serveNotices(initial: Notice[]): StubCall[] {
  const notices = initial.map((n) => ({ ...n }));
  const page = () => ({ items: notices.slice(0, 10), total: notices.length, page: 0, size: 10, unread: notices.filter((n) => n.readAt === null).length });
  return stubServer((call) => {
    if (call.method === 'GET' && call.path === '/api/notices') return { body: { data: page() } };
    if (call.method === 'PUT' && call.path === '/api/notices/read-all') {
      const marked = notices.filter((n) => n.readAt === null);
      marked.forEach((n) => (n.readAt = '2026-03-05T14:00:00.000Z'));
      return { body: { data: { marked: marked.length, unread: 0 } } };
    }
    const one = /^\/api\/notices\/(\d+)\/read$/.exec(call.path);
    const found = one && call.method === 'PUT' ? notices.find((n) => n.id === Number(one[1])) : undefined;
    if (found) {
      found.readAt ??= '2026-03-05T14:00:00.000Z';
      return { body: { data: found } };
    }
    return undefined;
  });
}

function renderBell() {
  const router = createMemoryRouter(
    [
      { path: '/dashboard', element: <NoticeBell /> },
      { path: '/rdr/:id', element: <div data-testid="record-page" /> },
    ],
    { initialEntries: ['/dashboard'] },
  );
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

const gets = (calls: StubCall[]) => calls.filter((c) => c.method === 'GET' && c.path === '/api/notices').length;
const count = () => screen.getByTestId('notice-bell').querySelector('.ant-badge-count')?.textContent ?? null;

describe('notice bell', { timeout: 30_000 }, () => {
  signedInAsAdmin();
  afterEach(() => {
    vi.useRealTimers();
    queryClient.clear();
  });

  it('shows the unread count and lists the latest notices, unread in bold, with their date', async () => {
    serveNotices([notice(2, 'Richiesta RIC-000102 rifiutata', null), notice(1, 'Richiesta RIC-000101 accettata', '2026-03-05T13:40:00.000Z')]);
    renderBell();
    await waitFor(() => expect(count()).toBe('1'));
    expect(screen.getByTestId('notice-bell').getAttribute('aria-label')).toBe('Notifiche: 1 da leggere');

    fireEvent.click(screen.getByTestId('notice-bell'));
    const list = await screen.findByTestId('notice-list');
    const unread = within(list).getByTestId('notice-2');
    expect(within(unread).getByText('Richiesta RIC-000102 rifiutata').closest('strong')).not.toBeNull();
    expect(within(list).getByText('Richiesta RIC-000101 accettata').closest('strong')).toBeNull();
    // dd/mm/yyyy hh:mm in the Italian time of the browser
    expect(within(unread).getByText(/^05\/03\/2026 \d{2}:30$/)).toBeTruthy();
    expect(screen.getByText('Segna tutte come lette')).toBeTruthy();
  });

  it('marks a notice read and opens its record on a click', async () => {
    const calls = serveNotices([notice(2, 'Richiesta RIC-000102 rifiutata', null), notice(3, 'Richiesta RIC-000103 pianificata', null)]);
    const router = renderBell();
    await waitFor(() => expect(count()).toBe('2'));
    fireEvent.click(screen.getByTestId('notice-bell'));
    fireEvent.click(await screen.findByTestId('notice-3'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/rdr/103'));
    expect(screen.getByTestId('record-page')).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT' && c.path === '/api/notices/3/read')).toBe(true));
  });

  it('marks every notice read', async () => {
    const calls = serveNotices([notice(2, 'Richiesta RIC-000102 rifiutata', null), notice(3, 'Richiesta RIC-000103 pianificata', null)]);
    renderBell();
    await waitFor(() => expect(count()).toBe('2'));
    fireEvent.click(screen.getByTestId('notice-bell'));
    fireEvent.click(await screen.findByTestId('notice-mark-all'));
    await waitFor(() => expect(count()).toBeNull());
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.path)).toEqual(['/api/notices/read-all']);
    expect(screen.getByTestId('notice-2').getAttribute('data-unread')).toBe('false');
  });

  it('asks again every minute and when the window gets the focus back', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    const calls = serveNotices([notice(2, 'Richiesta RIC-000102 rifiutata', null)]);
    renderBell();
    await waitFor(() => expect(count()).toBe('1'));
    const first = gets(calls);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(NOTICE_POLL_MS);
    });
    await waitFor(() => expect(gets(calls)).toBe(first + 1));
    await act(async () => {
      window.dispatchEvent(new Event('visibilitychange'));
      window.dispatchEvent(new Event('focus'));
    });
    await waitFor(() => expect(gets(calls)).toBe(first + 2));
  });
});

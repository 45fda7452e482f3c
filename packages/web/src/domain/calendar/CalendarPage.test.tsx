import type { EntityConf } from '@circula/model';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/AppProviders';
import { page, signedInAsAdmin, stubServer, type StubCall } from '../../test/harness';
import { localDay, type CalendarEvent } from './calendar-logic';
import { CalendarPage } from './CalendarPage';

const conf = (route: string) => ({ route, canRead: true, canCreate: true, canWrite: true, canDelete: true, menu: { label: '' } }) as unknown as EntityConf;

const today = localDay(new Date());
const events: CalendarEvent[] = [
  { id: 'rdr-7', type: 'rdr', title: 'RIC-000007 · Rossi S.r.l.', start: today, end: today, color: 'yellow', route: 'rdr', recordId: 7, status: 'ACCEPTED' },
  { id: 'msa-3', type: 'msa', title: 'MSA-000003 · Bianchi', start: `${today}T09:00`, end: `${today}T10:00`, color: 'red', route: 'msa', recordId: 3, status: 'PLANNED' },
];

/** The page in the weekly list (a narrow screen: jsdom lays nothing out, the list view needs no layout). */
describe('calendar page', () => {
  signedInAsAdmin();
  const width = window.innerWidth;
  beforeEach(() => Object.defineProperty(window, 'innerWidth', { configurable: true, value: 500 }));
  afterEach(() => Object.defineProperty(window, 'innerWidth', { configurable: true, value: width }));

  function serve(): StubCall[] {
    return stubServer((call) => {
      if (call.path === '/api/entityconf/visible') return { body: { data: ['rdr', 'rdt', 'msa', 'area'].map(conf) } };
      if (call.path === '/api/calendar/events') return { body: { data: { items: events } } };
      if (call.path === '/api/areas/area') return { body: { data: page([{ id: 4, name: 'Bergamo' }]) } };
      return undefined;
    });
  }

  it('asks for the visible week with the filters of the URL, lists the events and opens one on click', async () => {
    const calls = serve();
    const urls: URL[] = [];
    const original = window.fetch;
    window.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
      urls.push(new URL(String(input), 'http://localhost'));
      return original(input, init);
    }) as typeof fetch;
    const router = createMemoryRouter(
      [
        { path: '/calendar', element: <CalendarPage /> },
        { path: '/rdr/:id', element: <p data-testid="record">record</p> },
      ],
      { initialEntries: ['/calendar?types=rdr,msa&statuses=ACCEPTED'] },
    );
    render(
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    expect(await screen.findByText('RIC-000007 · Rossi S.r.l.', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText('MSA-000003 · Bianchi')).toBeTruthy();
    const asked = urls.find((u) => u.pathname === '/api/calendar/events')!;
    expect(asked.searchParams.get('types')).toBe('rdr,msa');
    expect(asked.searchParams.get('statuses')).toBe('ACCEPTED');
    const from = asked.searchParams.get('from')!;
    const to = asked.searchParams.get('to')!;
    expect(from <= today && today < to).toBe(true);
    expect(new Date(`${from}T00:00:00`).getDay()).toBe(1); // weeks start on Monday
    expect(calls.some((c) => c.path === '/api/areas/area')).toBe(true);
    expect(screen.getByTestId('calendar-legend').textContent).toContain('In ritardo');

    fireEvent.click(screen.getByText('RIC-000007 · Rossi S.r.l.'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/rdr/7'));
  });
});

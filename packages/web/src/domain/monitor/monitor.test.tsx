import type { MonitorErrorsAnswer, MonitorPerformanceAnswer, MonitorSecurityAnswer, MonitorUsabilityAnswer } from '@circula/model';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/AppProviders';
import { userStore } from '../../app/auth/user-store';
import { queryClient } from '../../app/query-client';
import { initI18n } from '../../i18n';
import { stubApi } from '../../test/harness';
import MonitorPage from './MonitorPage';
import { periodQuery } from './monitor-api';
import { throughputOption } from './ThroughputChart';

// the chart needs a canvas: a stand-in that shows how many points it got
vi.mock('./ThroughputChart', async (original) => ({
  ...(await original<object>()),
  default: ({ points }: { points: unknown[] }) => <div data-testid="monitor-throughput-chart">{points.length}</div>,
}));

const period = { from: '2026-11-24T12:00:00.000Z', to: '2026-11-25T12:00:00.000Z' };

const PERFORMANCE: MonitorPerformanceAnswer = {
  period,
  stepSeconds: 600,
  throughput: [
    { at: '2026-11-25T10:00:00.000Z', count: 1200, serverErrors: 2 },
    { at: '2026-11-25T10:10:00.000Z', count: 800, serverErrors: 0 },
  ],
  totals: { count: 2000, serverErrors: 2, p50Ms: 4.2, p95Ms: 38, p99Ms: 120.5 },
  routes: [
    { method: 'GET', route: '/api/security/users/:id', count: 1500, clientErrors: 3, serverErrors: 2, errorRate: 2 / 1500, meanMs: 6.1, p50Ms: 4.2, p95Ms: 30, p99Ms: 110, maxMs: 480 },
    { method: 'POST', route: '/api/auth/login', count: 500, clientErrors: 12, serverErrors: 0, errorRate: 0, meanMs: 90, p50Ms: 85, p95Ms: 140, p99Ms: 1250, maxMs: 2300 },
  ],
  slowQueries: [{ sql: 'select * from "transaction" where "status" = $1', count: 3, maxMs: 812, meanMs: 450, lastAt: '2026-11-25T11:00:00.000Z' }],
};

const ERRORS: MonitorErrorsAnswer = {
  period,
  items: [
    { id: 7, at: '2026-11-25T11:30:00.000Z', source: 'SERVER', requestId: '3f1e-req', method: 'POST', route: '/api/monitor/usability', status: 500, message: 'relation "x" does not exist', stack: 'Error: relation\n    at run (db.js:1:1)', url: null, userAgent: null, userId: 1 },
    { id: 6, at: '2026-11-25T11:00:00.000Z', source: 'CLIENT', requestId: null, method: null, route: null, status: null, message: 'TypeError: x is undefined', url: 'http://localhost/users', userAgent: 'Firefox', userId: 3 },
  ],
  total: 120,
  page: 0,
  size: 50,
  groups: [{ source: 'SERVER', route: '/api/monitor/usability', message: 'relation "x" does not exist', count: 4, lastAt: '2026-11-25T11:30:00.000Z' }],
};

const SECURITY: MonitorSecurityAnswer = {
  period,
  counts: [
    { type: 'ACCESS_DENIED', count: 2 },
    { type: 'SIGN_IN_FAILED', count: 5 },
  ],
  items: [{ id: 1, at: '2026-11-25T09:00:00.000Z', type: 'SIGN_IN_FAILED', userId: null, username: 'mario', address: '10.0.0.9', detail: null }],
  total: 7,
  page: 0,
  size: 50,
};

const USABILITY: MonitorUsabilityAnswer = {
  period,
  pages: [{ route: 'users/:id', views: 1234, users: 3, meanMs: 20_500, medianMs: 15_000 }],
  daily: [{ day: '2026-11-24', views: 1234, users: 3 }],
};

function renderPage(route: string) {
  render(
    <AppProviders>
      <MemoryRouter>
        <MonitorPage route={route} mode="list" rights={{ canRead: true, canCreate: false, canWrite: false, canDelete: false }} />
      </MemoryRouter>
    </AppProviders>,
  );
}

describe('monitor pages', () => {
  beforeEach(async () => {
    await initI18n('it');
    queryClient.clear();
    userStore.set({
      id: 2,
      username: 'manager',
      fullname: 'Maria Rossi',
      email: null,
      lang: 'it',
      token: 'tok',
      refreshToken: null,
      tokenExpiresAt: new Date(Date.now() + 3_600_000).toISOString(),
      authorities: ['ROLE_MANAGER', 'ACCESS_BACKOFFICE', 'MONITOR_R'],
      roles: ['ROLE_MANAGER', 'ACCESS_BACKOFFICE'],
      subjectId: null,
      subjects: [],
    });
  });

  it('shows performance per route with p50/p95/p99 and error rate in Italian formats, for the last 24 hours', async () => {
    const { calls } = stubApi({ '/api/monitor/performance': () => PERFORMANCE });
    renderPage('monitor-performance');
    const table = await screen.findByTestId('monitor-routes');
    const row = within(table).getByText('GET /api/security/users/:id').closest('tr')!;
    const cells = [...row.querySelectorAll('td')].map((td) => td.textContent);
    expect(cells).toEqual(['GET /api/security/users/:id', '1.500', '4,2 ms', '30 ms', '110 ms', '480 ms', '0,13 %', '3']);
    expect(screen.getByTestId('monitor-total-requests').textContent).toContain('2.000');
    expect((await screen.findByTestId('monitor-throughput-chart')).textContent).toBe('2');
    expect(screen.getByTestId('monitor-slow-queries').textContent).toContain('select * from "transaction"');
    const call = calls.find((c) => c.pathname === '/api/monitor/performance')!;
    const span = Date.parse(call.searchParams.get('to')!) - Date.parse(call.searchParams.get('from')!);
    expect(span).toBe(24 * 3_600_000);
  });

  it('asks again for the last hour when chosen', async () => {
    const { calls } = stubApi({ '/api/monitor/performance': () => PERFORMANCE });
    renderPage('monitor-performance');
    await screen.findByTestId('monitor-routes');
    fireEvent.click(screen.getByText('Ultima ora'));
    await waitFor(() => expect(calls.filter((c) => c.pathname === '/api/monitor/performance')).toHaveLength(2));
    const last = calls.at(-1)!;
    expect(Date.parse(last.searchParams.get('to')!) - Date.parse(last.searchParams.get('from')!)).toBe(3_600_000);
  });

  it('shows errors a page at a time from the server, the stack when the answer has it', async () => {
    const { calls } = stubApi({ '/api/monitor/errors': (url) => ({ ...ERRORS, page: Number(url.searchParams.get('page')) }) });
    renderPage('monitor-errors');
    const table = await screen.findByTestId('monitor-errors');
    expect(within(table).getByText('3f1e-req')).toBeTruthy();
    expect(within(table).getByText('http://localhost/users')).toBeTruthy();
    expect(within(screen.getByTestId('monitor-error-groups')).getByText('4')).toBeTruthy();
    expect(calls[0]!.searchParams.get('page')).toBe('0');
    expect(calls[0]!.searchParams.get('size')).toBe('50');
    // 120 errors: three pages; the second is asked of the server
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(calls.some((c) => c.searchParams.get('page') === '1')).toBe(true));
  });

  it('shows security events with their translated type and filters by a type', async () => {
    const { calls } = stubApi({ '/api/monitor/security': () => SECURITY });
    renderPage('monitor-security');
    const events = await screen.findByTestId('monitor-security-events');
    expect(within(events).getByText('Accesso fallito')).toBeTruthy();
    expect(within(events).getByText('mario')).toBeTruthy();
    fireEvent.click(within(screen.getByTestId('monitor-security-counts')).getByText('Accesso negato: 2'));
    await waitFor(() => expect(calls.some((c) => c.searchParams.get('type') === 'ACCESS_DENIED')).toBe(true));
  });

  it('shows page use with times in seconds and days as dd/mm/yyyy', async () => {
    stubApi({ '/api/monitor/usability': () => USABILITY });
    renderPage('monitor-usability');
    const pages = await screen.findByTestId('monitor-usability-pages');
    const cells = [...within(pages).getByText('/users/:id').closest('tr')!.querySelectorAll('td')].map((td) => td.textContent);
    expect(cells).toEqual(['/users/:id', '1.234', '3', '15 s', '20,5 s']);
    expect(screen.getByText('24/11/2026')).toBeTruthy();
  });

  it('reads a custom period from local midnight to the end of the last day', () => {
    const q = periodQuery({ preset: 'custom', days: { from: new Date(2026, 10, 1, 15), to: new Date(2026, 10, 3, 9) } });
    expect(new Date(q.from).getTime()).toBe(new Date(2026, 10, 1, 0, 0, 0, 0).getTime());
    expect(new Date(q.to).getTime()).toBe(new Date(2026, 10, 3, 23, 59, 59, 999).getTime());
  });

  it('charts requests without errors and errors stacked', () => {
    const option = throughputOption(PERFORMANCE.throughput, { requests: 'Richieste', errors: 'Errori' });
    const series = option.series as { data: number[] }[];
    expect(series[0]!.data).toEqual([1198, 800]);
    expect(series[1]!.data).toEqual([2, 0]);
  });
});

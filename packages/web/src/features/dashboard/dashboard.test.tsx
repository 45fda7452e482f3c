import type { DashboardAnswer, DashboardLink } from '@circula/model';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/AppProviders';
import { userStore } from '../../app/auth/user-store';
import { queryClient } from '../../app/query-client';
import { initI18n } from '../../i18n';
import { FILTERS_PARAM, parseListFilters } from '../../records/list/list-url';
import { stubApi } from '../../test/harness';
import { listHref, tonnesCellLink } from './dashboard-api';
import { DashboardFigures } from './DashboardFigures';
import type TonnesChartComponent from './TonnesChart';
import { tonnesOption } from './TonnesChart';
import { transportMarkers } from './TransportsMap';

// the chart itself needs a canvas: a stand-in that offers the same click (code 0, month 1)
vi.mock('./TonnesChart', async (original) => ({
  ...(await original<{ default: typeof TonnesChartComponent }>()),
  default: ({ onSelect }: { onSelect(codeIndex: number, monthIndex: number): void }) => (
    <button type="button" data-testid="chart-bar" onClick={() => onSelect(0, 1)}>
      bar
    </button>
  ),
}));

const link = (route: string, ...filters: DashboardLink['filters']): DashboardLink => ({ route, filters });
const period = { field: 'wishedFrom', op: 'between' as const, value: ['2025-12-01', '2026-11-25'] };
const during = (from: string, to: string) => [
  { field: 'operationDate', op: 'gte' as const, value: from },
  { field: 'operationDate', op: 'lt' as const, value: to },
];
const loads = [
  { field: 'movement', op: 'eq' as const, value: 'C' },
  { field: 'corrects', op: 'isNull' as const },
  { field: 'waste', op: 'notNull' as const },
];

const ANSWER: DashboardAnswer = {
  from: '2025-12-01',
  to: '2026-11-25',
  today: '2026-11-25',
  requests: [
    {
      route: 'movement-requests',
      total: { count: 1453, link: link('movement-requests', period) },
      byStatus: [
        { status: 'SUBMITTED', count: 15, link: link('movement-requests', period, { field: 'status', op: 'eq', value: 'SUBMITTED' }) },
        { status: 'DONE', count: 1139, link: link('movement-requests', period, { field: 'status', op: 'eq', value: 'DONE' }) },
      ],
      open: { count: 46, link: link('movement-requests', { field: 'status', op: 'in', value: ['SUBMITTED', 'ACCEPTED'] }) },
      age: [
        { bucket: '0-7', count: 28, link: link('movement-requests', { field: 'createdAt', op: 'gte', value: '2026-11-17T23:00:00.000Z' }) },
        { bucket: '8-30', count: 18, link: link('movement-requests') },
        { bucket: '31-90', count: 0, link: link('movement-requests') },
        { bucket: '90+', count: 0, link: link('movement-requests') },
      ],
    },
  ],
  transports: {
    today: { from: '2026-11-25', to: '2026-11-25', count: 3, link: link('transport', { field: 'date', op: 'eq', value: '2026-11-25' }), byStatus: [] },
    week: { from: '2026-11-23', to: '2026-11-29', count: 1, link: link('transport', { field: 'date', op: 'between', value: ['2026-11-23', '2026-11-29'] }), byStatus: [] },
    items: [
      {
        id: 328,
        code: 'TRA-000328',
        date: '2026-11-23',
        status: 'COMPLETED',
        estimatedKg: 14400,
        stops: [
          { kind: 'PICKUP', name: 'Stabilimento di Monza', lat: 45.5845, lng: 9.2744 },
          { kind: 'DELIVERY', name: 'Piattaforma di Pioltello', lat: 45.4977, lng: 9.3264 },
        ],
      },
    ],
  },
  tonnes: {
    months: ['2026-10', '2026-11'],
    monthLinks: [link('warehouse-movements', ...loads, ...during('A', 'B')), link('warehouse-movements', ...loads, ...during('B', 'C'))],
    codes: [
      { wasteId: 11, eer: '15 01 01', description: 'Imballaggi in carta e cartone', totalKg: 229904.219, monthlyKg: [100000, 129904.219], link: link('warehouse-movements', loads[0]!, loads[1]!, { field: 'waste', op: 'eq', value: 11 }) },
      { wasteId: null, eer: null, description: null, totalKg: 1000, monthlyKg: [400, 600], link: link('warehouse-movements', ...loads, { field: 'waste', op: 'nin', value: [11] }) },
    ],
    totalKg: 230904.219,
    link: link('warehouse-movements', ...loads),
  },
  stock: {
    items: [{ warehouseId: 72, code: 'MAG-000072', name: 'Piattaforma di Pioltello', stockKg: 793227.312, capacityKg: 2500000, ratio: 0.3173, link: link('warehouse-movements', { field: 'warehouse', op: 'eq', value: 72 }) }],
    link: link('warehouse', { field: 'capacityTons', op: 'gt', value: 0 }),
  },
  deadlines: [
    {
      route: 'albo-authorisations',
      field: 'expiry',
      within30: { count: 0, link: link('albo-authorisations', { field: 'expiry', op: 'between', value: ['2026-11-25', '2026-12-25'] }) },
      within60: { count: 1, link: link('albo-authorisations', { field: 'expiry', op: 'between', value: ['2026-11-25', '2027-01-24'] }) },
    },
  ],
};

/** The list page's stand-in: where a figure lands, with the filters it reads from the URL. */
function ListLanding() {
  const location = useLocation();
  const filters = parseListFilters(new URLSearchParams(location.search).get(FILTERS_PARAM));
  return (
    <div data-testid="landed" data-path={location.pathname}>
      {JSON.stringify(filters.filters)}
    </div>
  );
}

function renderFigures() {
  const router = createMemoryRouter(
    [
      { path: '/dashboard', element: <DashboardFigures /> },
      { path: '/:route', element: <ListLanding /> },
      { path: '/:route/:id', element: <ListLanding /> },
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

/** The filters a link's href carries, as the list page reads them. */
const hrefFilters = (href: string) => parseListFilters(new URL(href, 'http://localhost').searchParams.get(FILTERS_PARAM)).filters;

describe('dashboard figures', () => {
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
      authorities: ['ROLE_MANAGER', 'ACCESS_BACKOFFICE'],
      roles: ['ROLE_MANAGER', 'ACCESS_BACKOFFICE'],
      subjectId: null,
      subjects: [],
    });
  });

  it('renders the sections of the answer, in Italian formats, each figure linked to its filtered list', async () => {
    const { calls } = stubApi({ '/api/dashboard': () => ANSWER });
    renderFigures();
    const requests = await screen.findByTestId('dashboard-requests-movement-requests');
    expect(calls.map((c) => c.pathname)).toContain('/api/dashboard');
    // no period chosen: the server's default
    expect(calls.find((c) => c.pathname === '/api/dashboard')!.search).toBe('');
    expect(screen.getByTestId('dashboard-period').textContent).toBe('Periodo dal 01/12/2025 al 25/11/2026');

    const total = within(requests).getByTestId('dashboard-requests-movement-requests-total');
    expect(total.textContent).toBe('1.453');
    expect(total.getAttribute('data-count')).toBe('1453');
    expect(total.getAttribute('href')!.startsWith('/movement-requests?')).toBe(true);
    expect(hrefFilters(total.getAttribute('href')!)).toEqual([period]);
    const done = within(requests).getByTestId('dashboard-requests-movement-requests-status-DONE');
    expect(done.textContent).toBe('Eseguita: 1.139');
    expect(hrefFilters(done.getAttribute('href')!)).toEqual([period, { field: 'status', op: 'eq', value: 'DONE' }]);
    expect(within(requests).getByTestId('dashboard-requests-movement-requests-age-0-7').getAttribute('data-count')).toBe('28');
    expect(requests.textContent).toContain('Da 0 a 7 giorni');

    const transports = screen.getByTestId('dashboard-transports');
    expect(within(transports).getByTestId('dashboard-transports-today').textContent).toBe('3');
    expect(hrefFilters(within(transports).getByTestId('dashboard-transports-week').getAttribute('href')!)).toEqual([{ field: 'date', op: 'between', value: ['2026-11-23', '2026-11-29'] }]);
    expect(within(screen.getByTestId('dashboard-transports-list')).getByText('TRA-000328').closest('a')!.getAttribute('href')).toBe('/transport/328');
    expect(screen.getByTestId('dashboard-transports-list').textContent).toContain('14.400 kg');
    // the week's trips on the small map (Leaflet, loaded on demand)
    const map = await screen.findByTestId('dashboard-transports-map');
    expect(map.getAttribute('aria-label')).toBe('Mappa dei trasporti della settimana');
    await waitFor(() => expect(map.querySelector('.leaflet-container, .leaflet-pane')).not.toBeNull());
    expect(map.querySelectorAll('path.circula-map-line').length + map.querySelectorAll('.circula-map-line').length).toBeGreaterThan(0);

    // tonnes: one decimal, Italian grouping; the codes' table links to each code's load rows
    expect(screen.getByTestId('dashboard-tonnes-total').textContent).toBe('Totale 230,9 t');
    const code = screen.getByTestId('dashboard-tonnes-code-11');
    expect(code.textContent).toBe('229,9');
    expect(hrefFilters(code.getAttribute('href')!)).toEqual(ANSWER.tonnes!.codes[0]!.link.filters);
    expect(screen.getByTestId('dashboard-tonnes-codes').textContent).toContain('Altri codici');

    const stock = screen.getByTestId('dashboard-stock');
    expect(stock.textContent).toContain('793,2 t su 2.500 t');
    expect(hrefFilters(within(stock).getByTestId('dashboard-stock-72').getAttribute('href')!)).toEqual([{ field: 'warehouse', op: 'eq', value: 72 }]);

    const deadlines = screen.getByTestId('dashboard-deadlines');
    expect(deadlines.textContent).toContain('Iscrizioni Albo Gestori Ambientali – Scadenza');
    expect(within(deadlines).getByTestId('dashboard-deadlines-albo-authorisations-60').getAttribute('data-count')).toBe('1');

    // no invoice rights: no revenue card at all
    expect(screen.queryByTestId('dashboard-invoices')).toBeNull();
  });

  it('shows revenue and overdue amounts as money, linked to the invoices counted', async () => {
    const overdue = link('invoices', { field: 'dueDate', op: 'lt', value: '2026-11-25' });
    stubApi({
      '/api/dashboard': () => ({
        from: '2025-12-01',
        to: '2026-11-25',
        today: '2026-11-25',
        invoices: { issued: { count: 244, link: link('invoices', { field: 'issueDate', op: 'between', value: ['2025-12-01', '2026-11-25'] }) }, invoiced: '578751.51', credited: '4697.82', revenue: '574053.69', overdue: { count: 56, amount: '129680.61', link: overdue } },
      }),
    });
    renderFigures();
    const revenue = await screen.findByTestId('dashboard-invoices-revenue');
    expect(revenue.textContent).toBe('574.053,69\u00a0€');
    expect(revenue.getAttribute('data-count')).toBe('244');
    const late = screen.getByTestId('dashboard-invoices-overdue');
    expect(late.textContent).toBe('129.680,61\u00a0€');
    expect(hrefFilters(late.getAttribute('href')!)).toEqual(overdue.filters);
    expect(screen.getByTestId('dashboard-invoices').textContent).toContain('56 fatture scadute');
    expect(screen.queryByTestId('dashboard-requests-movement-requests')).toBeNull();
    expect(screen.queryByTestId('dashboard-tonnes')).toBeNull();
  });

  // each with one section: a whole page rendered twice is slow in jsdom on a loaded machine
  it('follows a figure to its list, with the filters it was counted with', async () => {
    stubApi({ '/api/dashboard': () => ({ ...ANSWER, transports: undefined, tonnes: undefined, stock: undefined, deadlines: undefined }) });
    const router = renderFigures();
    fireEvent.click(await screen.findByTestId('dashboard-requests-movement-requests-status-SUBMITTED'));
    const landed = await screen.findByTestId('landed');
    expect(router.state.location.pathname).toBe('/movement-requests');
    expect(JSON.parse(landed.textContent!)).toEqual([period, { field: 'status', op: 'eq', value: 'SUBMITTED' }]);
  });

  it('follows a bar of the chart to that month of that code', async () => {
    stubApi({ '/api/dashboard': () => ({ from: ANSWER.from, to: ANSWER.to, today: ANSWER.today, tonnes: ANSWER.tonnes }) });
    const router = renderFigures();
    fireEvent.click(await screen.findByTestId('chart-bar'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/warehouse-movements'));
    expect(JSON.parse((await screen.findByTestId('landed')).textContent!)).toEqual([...loads, ...during('B', 'C'), { field: 'waste', op: 'eq', value: 11 }]);
  });

  it('says when the period is refused, in the server message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ errorCode: 'BAD_REQUEST', errorMessage: 'DASHBOARD_RANGE_TOO_LONG' }), { status: 400, headers: { 'Content-Type': 'application/json' } })),
    );
    renderFigures();
    expect((await screen.findByTestId('dashboard-error')).textContent).toContain('Il cruscotto riassume al massimo cinque anni alla volta.');
  });
});

describe('dashboard links', () => {
  it("the small map's markers are the week's stops with a place, titled with the trip and the site", () => {
    const markers = transportMarkers(ANSWER.transports!.items);
    expect(markers.map((m) => [m.id, m.title, m.position])).toEqual([
      ['328:0', 'TRA-000328 · Stabilimento di Monza', { lat: 45.5845, lng: 9.2744 }],
      ['328:1', 'TRA-000328 · Piattaforma di Pioltello', { lat: 45.4977, lng: 9.3264 }],
    ]);
  });

  it('opens the list with the filters in the URL the list page reads, counted exactly as the figure was', () => {
    const filters = [period, { field: 'status', op: 'eq' as const, value: 'DONE' }];
    const href = listHref(link('movement-requests', ...filters));
    expect(href.startsWith('/movement-requests?filters=')).toBe(true);
    expect(hrefFilters(href)).toEqual(filters);
    expect(new URL(href, 'http://x').searchParams.get('count')).toBe('exact');
    expect(listHref(link('transport'))).toBe('/transport?count=exact');
  });

  it("a bar's link is its month's load rows of its code; the others' bar keeps the excluded codes", () => {
    const tonnes = ANSWER.tonnes!;
    expect(tonnesCellLink(tonnes, 0, 0)).toEqual(link('warehouse-movements', ...loads, ...during('A', 'B'), { field: 'waste', op: 'eq', value: 11 }));
    expect(tonnesCellLink(tonnes, 1, 1)).toEqual(link('warehouse-movements', ...loads, ...during('B', 'C'), { field: 'waste', op: 'nin', value: [11] }));
    expect(tonnesCellLink(tonnes, 2, 0)).toBeNull();
  });

  it('charts one stacked series of tonnes per code, months as mm/yyyy', () => {
    const option = tonnesOption(ANSWER.tonnes!, 'Altri codici', 't');
    expect(option.xAxis).toMatchObject({ data: ['10/2026', '11/2026'] });
    expect(option.series).toEqual([
      expect.objectContaining({ type: 'bar', stack: 'tonnes', name: '15 01 01', data: [100, 129.904] }),
      expect.objectContaining({ type: 'bar', stack: 'tonnes', name: 'Altri codici', data: [0.4, 0.6] }),
    ]);
  });
});

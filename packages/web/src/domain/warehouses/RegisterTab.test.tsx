import type { EntityConf } from '@circula/model';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/AppProviders';
import { signedInAsAdmin } from '../../test/harness';
import { RegisterTab } from './RegisterTab';
import type { RegisterPage, RegisterRow } from './warehouses-api';

const YEAR = new Date().getFullYear();
const WAREHOUSE = 7;

const conf = (route: string) => ({ route, canRead: true, canCreate: true, canWrite: true, canDelete: true, menu: { label: '' } }) as unknown as EntityConf;

const row = (number: number, movement: 'C' | 'S', quantity: number, extra: Partial<RegisterRow> = {}): RegisterRow => ({
  number,
  date: `${YEAR}-03-0${number}T09:00:00.000Z`,
  movement,
  eer: '15 01 06',
  quantity,
  unit: 'kg',
  origin: movement === 'C' ? 'Rossi S.r.l. – Via Roma 1, 20100 Milano (MI)' : null,
  destination: movement === 'S' ? 'Impianto Nord' : null,
  fir: movement === 'C' ? 'FIR 000123/26' : null,
  operation: 'R13',
  ledgerId: 100 + number,
  operationDate: `${YEAR}-03-0${number}T08:00:00.000Z`,
  causal: movement === 'C' ? 'LOAD_PICKUP' : 'UNLOAD_TO_PLANT',
  causalLabel: movement === 'C' ? 'Carico da ritiro presso il produttore' : 'Scarico per conferimento a impianto',
  description: 'imballaggi in materiali misti',
  hazardous: false,
  physicalState: null,
  hpProperties: [],
  corrects: null,
  notes: null,
  ...extra,
});

const ANSWER: RegisterPage = {
  items: [row(1, 'C', 1234.5), row(2, 'S', 1000.25), row(3, 'C', 1000.25, { corrects: 2, causalLabel: 'Scarico per conferimento a impianto' })],
  total: 120,
  totals: [{ eer: '15 01 06', description: 'imballaggi in materiali misti', loadKg: 2234.75, unloadKg: 1000.25 }],
  site: {
    id: WAREHOUSE,
    code: 'MAG-000007',
    name: 'CDR Bergamo',
    type: 'CDR',
    typeLabel: 'Centro di raccolta',
    address: 'Via Verdi 3, 24100 Bergamo (BG)',
    authorisationNumber: 'AUT-42',
    authorisationExpiry: '2030-06-30',
    holder: null,
  },
  year: YEAR,
};

/** The server: the user's areas, the waste search, the register page (recording every call with its query). */
function serve() {
  const calls: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      calls.push(url);
      const reply = (data: unknown) => new Response(JSON.stringify({ data }), { status: 200, headers: { 'Content-Type': 'application/json' } });
      if (url.pathname === '/api/entityconf/visible') return reply(['warehouse', 'warehouse-movements', 'waste'].map(conf));
      if (url.pathname === '/api/waste/waste') return reply({ items: [{ id: 300, code: '150106', displayCode: '15 01 06', description: 'imballaggi in materiali misti' }], total: 1, page: 0, size: 10 });
      if (url.pathname === `/api/warehouses/register/${WAREHOUSE}` && url.searchParams.get('format') === 'pdf') return new Response(new Blob(['%PDF-1.7']), { status: 200, headers: { 'Content-Type': 'application/pdf' } });
      if (url.pathname === `/api/warehouses/register/${WAREHOUSE}`) return reply(ANSWER);
      return new Response(JSON.stringify({ errorCode: 'NOT_FOUND', errorMessage: 'NOT_FOUND' }), { status: 404, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  const registerCalls = () => calls.filter((url) => url.pathname === `/api/warehouses/register/${WAREHOUSE}`);
  return { registerCalls };
}

function renderTab() {
  const router = createMemoryRouter([{ path: '/', element: <RegisterTab warehouseId={WAREHOUSE} /> }]);
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

describe('register tab', { timeout: 60_000 }, () => {
  signedInAsAdmin();

  it('shows a page of the register in Italian formats and the totals by EER code of the selection', async () => {
    const { registerCalls } = serve();
    renderTab();
    const first = await screen.findByTestId('register-row-1');
    expect(registerCalls()[0]!.search).toBe(`?year=${YEAR}&page=0&size=50&lang=it`);

    const cells = within(first).getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells).toEqual(['1', `01/03/${YEAR}`, 'C', 'Carico da ritiro presso il produttore', '15 01 06 imballaggi in materiali misti', '1.234,5', 'Rossi S.r.l. – Via Roma 1, 20100 Milano (MI)', 'FIR 000123/26', 'R13', '']);
    expect(within(first).getByRole('link', { name: '1' }).getAttribute('href')).toBe('/warehouse-movements/101');
    expect(within(screen.getByTestId('register-row-2')).getByText('Impianto Nord')).toBeTruthy();
    // the correction names the row it reverses
    expect(within(screen.getByTestId('register-row-3')).getAllByRole('cell').at(-1)!.textContent).toBe('2');
    expect(screen.getByText('120 registrazioni')).toBeTruthy();
    expect(screen.getByTestId('register-site').textContent).toBe('CDR Bergamo (MAG-000007) · Centro di raccolta · Via Verdi 3, 24100 Bergamo (BG) · Autorizzazione n. AUT-42, scadenza 30/06/2030');

    const totals = within(screen.getByTestId('register-totals'));
    const line = totals.getByText('15 01 06').closest('tr')!;
    expect(within(line).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['15 01 06', 'imballaggi in materiali misti', '2.234,75', '1.000,25', '1.234,5']);
  });

  it('asks one page of 50 rows at a time with the filters in the query string', async () => {
    const { registerCalls } = serve();
    renderTab();
    await screen.findByTestId('register-row-1');

    fireEvent.click(within(screen.getByTestId('register-filter-movement')).getByText('Scarichi (S)'));
    await waitFor(() => expect(registerCalls()).toHaveLength(2));
    expect(Object.fromEntries(registerCalls()[1]!.searchParams)).toEqual({ year: String(YEAR), page: '0', size: '50', movement: 'S', lang: 'it' });

    fireEvent.change(within(screen.getByTestId('register-filter-waste')).getByRole('combobox'), { target: { value: '150' } });
    fireEvent.click(await screen.findByRole('option', { name: /15 01 06/ }));
    await waitFor(() => expect(registerCalls()).toHaveLength(3));
    expect(Object.fromEntries(registerCalls()[2]!.searchParams)).toEqual({ year: String(YEAR), page: '0', size: '50', movement: 'S', waste: '300', lang: 'it' });

    // the next page: page 1 (0-based) of 50, the filters kept
    fireEvent.click(within(screen.getByTestId('register-grid')).getByTitle('2'));
    await waitFor(() => expect(registerCalls()).toHaveLength(4));
    expect(Object.fromEntries(registerCalls()[3]!.searchParams)).toEqual({ year: String(YEAR), page: '1', size: '50', movement: 'S', waste: '300', lang: 'it' });
    // never the whole year
    expect(registerCalls().every((url) => url.searchParams.get('size') === '50')).toBe(true);
  });

  it('prints the year register: the PDF opens in a new window', async () => {
    const { registerCalls } = serve();
    const opened = { location: { href: '' }, close: vi.fn() };
    const open = vi.fn(() => opened);
    vi.stubGlobal('open', open);
    const createObjectURL = vi.fn(() => 'blob:register');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    renderTab();
    await screen.findByTestId('register-row-1');

    fireEvent.click(screen.getByTestId('register-print'));
    await waitFor(() => expect(opened.location.href).toBe('blob:register'));
    expect(open).toHaveBeenCalledWith('', '_blank');
    const pdf = registerCalls().find((url) => url.searchParams.get('format') === 'pdf')!;
    expect(Object.fromEntries(pdf.searchParams)).toEqual({ year: String(YEAR), format: 'pdf', lang: 'it' });
  });
});

import { render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/AppProviders';
import { signedInAsAdmin } from '../../test/harness';
import { StockTab } from './StockTab';
import type { StockItem } from './warehouses-api';

const WAREHOUSE = 7;

const item = (values: Partial<StockItem>): StockItem => ({
  warehouseId: WAREHOUSE,
  warehouseName: 'CDR Bergamo',
  eer: '15 01 06',
  wasteId: 300,
  material: null,
  description: 'imballaggi in materiali misti',
  quantity: 1000,
  unit: 'kg',
  oldestLoadAt: '2026-01-10T09:00:00.000Z',
  storageOperation: 'R13',
  limitDays: 1095,
  ageDays: 40,
  overdue: false,
  ...values,
});

const STOCK: StockItem[] = [
  item({}),
  item({ eer: '16 06 01*', wasteId: 301, description: 'batterie al piombo', quantity: 2500.5, oldestLoadAt: '2024-11-02T09:00:00.000Z', storageOperation: 'D15', limitDays: 365, ageDays: 470, overdue: true }),
  item({ eer: null, wasteId: null, material: 12, description: 'Granulo di PET', quantity: 300, storageOperation: null, limitDays: null, oldestLoadAt: null, ageDays: null }),
];

function serve() {
  const calls: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      calls.push(url);
      if (url.pathname === '/api/warehouses/stock') return new Response(JSON.stringify({ data: { items: STOCK } }), { status: 200, headers: { 'Content-Type': 'application/json' } });
      return new Response(JSON.stringify({ errorCode: 'NOT_FOUND', errorMessage: 'NOT_FOUND' }), { status: 404, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return calls;
}

describe('stock tab', { timeout: 30_000 }, () => {
  signedInAsAdmin();

  it("lists the warehouse's stock and marks in red what is held beyond the storage limit", async () => {
    const calls = serve();
    render(
      <AppProviders>
        <StockTab warehouseId={WAREHOUSE} capacityTons={50} />
      </AppProviders>,
    );
    const overdueRow = await screen.findByTestId('stock-row-301');
    expect(Object.fromEntries(calls[0]!.searchParams)).toEqual({ warehouseId: String(WAREHOUSE), lang: 'it' });

    expect(within(overdueRow).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      '16 06 01*',
      'batterie al piombo',
      '2.500,5',
      '02/11/2024',
      '470',
      'D15 · entro 365 giorni',
      'Oltre il limite di stoccaggio',
    ]);
    expect(overdueRow.getAttribute('data-overdue')).toBe('true');
    expect(overdueRow.style.background).not.toBe('');
    expect(screen.getAllByTestId('stock-overdue')).toHaveLength(1);
    expect(within(overdueRow).getByTestId('stock-overdue')).toBeTruthy();

    const inTime = screen.getByTestId('stock-row-300');
    expect(inTime.getAttribute('data-overdue')).toBeNull();
    expect(inTime.style.background).toBe('');
    expect(within(inTime).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['15 01 06', 'imballaggi in materiali misti', '1.000', '10/01/2026', '40', 'R13 · entro 1.095 giorni', '']);
    expect(within(screen.getByTestId('stock-row-m12')).getAllByRole('cell')[0]!.textContent).toBe('Materiale');

    expect(screen.getByTestId('stock-overdue-summary').textContent).toContain('1 giacenza è oltre il limite di stoccaggio');
    expect(screen.getByTestId('stock-total').textContent).toBe('Totale in giacenza: 3.800,5 kg su una capacità di 50.000 kg');
    await waitFor(() => expect(calls).toHaveLength(1));
  });
});

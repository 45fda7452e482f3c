import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/AppProviders';
import { signedInAsAdmin } from '../../test/harness';
import { StorageAgeCard } from './StorageAgeCard';
import type { StockItem } from './warehouses-api';

const overdue = (warehouseId: number, eer: string, ageDays: number): StockItem => ({
  warehouseId,
  warehouseName: `Magazzino ${warehouseId}`,
  eer,
  wasteId: warehouseId * 10,
  material: null,
  description: null,
  quantity: 1250.5,
  unit: 'kg',
  oldestLoadAt: '2024-11-02T09:00:00.000Z',
  storageOperation: 'D15',
  limitDays: 365,
  ageDays,
  overdue: true,
});

function serve(items: StockItem[]) {
  const calls: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      calls.push(url);
      return new Response(JSON.stringify({ data: { items } }), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return calls;
}

const show = () =>
  render(
    <AppProviders>
      <MemoryRouter>
        <StorageAgeCard />
      </MemoryRouter>
    </AppProviders>,
  );

describe('dashboard storage warning', { timeout: 30_000 }, () => {
  signedInAsAdmin();

  it('lists the stock past its storage limit, the oldest first, five at most, each linked to its warehouse', async () => {
    const calls = serve([410, 470, 380, 500, 366, 390, 400].map((days, i) => overdue(i + 1, `16 06 0${i + 1}*`, days)));
    show();
    const card = await screen.findByTestId('dashboard-storage-overdue');
    expect(Object.fromEntries(calls[0]!.searchParams)).toEqual({ overdue: 'true', lang: 'it' });
    expect(card.textContent).toContain('7 giacenze oltre il limite di stoccaggio');
    const links = screen.getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/warehouse/4', '/warehouse/2', '/warehouse/1', '/warehouse/7', '/warehouse/6']);
    expect(card.textContent).toContain('16 06 04* · 1.250,5 kg · in D15 da 500 giorni (limite 365)');
    expect(card.textContent).toContain('e altre 2');
  });

  it('shows nothing while nothing is overdue', async () => {
    const calls = serve([]);
    const { container } = show();
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(container.querySelector('[data-testid="dashboard-storage-overdue"]')).toBeNull();
  });
});

import { CATALOGUE } from '@circula/model';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, setup, stubApi } from '../../test/harness';
import { PickupModal } from './PickupModal';

const target = CATALOGUE.target('tags')!;
const TAGS = Array.from({ length: 30 }, (_, i) => ({
  id: i + 1,
  code: `TAG-${String(i + 1).padStart(6, '0')}`,
  status: null,
  updatedAt: null,
  name: i === 6 ? 'Rifiuti speciali' : `Etichetta ${i + 1}`,
  delete: { deleted: false },
}));

function serve() {
  return stubApi({
    '/api/conf/tags': (url) => {
      const q = JSON.parse(url.searchParams.get('q') ?? '{}') as { query?: string };
      const size = Number(url.searchParams.get('size'));
      const pageNo = Number(url.searchParams.get('page'));
      const matching = TAGS.filter((t) => !q.query || t.name.toLowerCase().includes(q.query.toLowerCase()));
      return { items: matching.slice(pageNo * size, pageNo * size + size), total: matching.length, page: pageNo, size };
    },
  });
}

const confirmButton = () => screen.getByTestId('pickup-confirm') as HTMLButtonElement;
// AG Grid renders its first page late in jsdom on a loaded 2-core machine
const rowOf = async (text: string) => (await screen.findByText(text, undefined, { timeout: 40_000 })).closest('[role="row"]') as HTMLElement;

describe('list pickup modal', { timeout: 90_000 }, () => {
  beforeEach(() => setup('it'));
  afterEach(() => vi.unstubAllGlobals());

  it('pages the entity on its search API, keeps Confirm disabled until a row is chosen, and confirms it', async () => {
    const api = serve();
    const onConfirm = vi.fn();
    renderApp(<PickupModal open target={target} onConfirm={onConfirm} onCancel={() => {}} />);
    expect(screen.getByTestId('pickup-modal').getAttribute('data-route')).toBe('tags');
    const row = await rowOf('Etichetta 2');
    expect(confirmButton().disabled).toBe(true);
    // the grid asks for a block of rows, never the whole table
    const search = api.calls.find((c) => c.pathname === '/api/conf/tags')!;
    expect(search.searchParams.get('page')).toBe('0');
    expect(Number(search.searchParams.get('size'))).toBeLessThanOrEqual(100);
    expect(search.searchParams.get('showDeleted')).toBe('false');

    fireEvent.click(within(row).getByText('Etichetta 2'));
    await waitFor(() => expect(confirmButton().disabled).toBe(false));
    // single selection: another click replaces the choice
    fireEvent.click(within(await rowOf('Etichetta 3')).getByText('Etichetta 3'));
    await waitFor(() => expect(screen.getByTestId('pickup-selected').getAttribute('data-count')).toBe('1'));
    fireEvent.click(confirmButton());
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onConfirm.mock.calls[0]![0]).toMatchObject([{ id: 3, name: 'Etichetta 3' }]);
  });

  it('Cancel changes nothing', async () => {
    serve();
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    renderApp(<PickupModal open target={target} onConfirm={onConfirm} onCancel={onCancel} />);
    fireEvent.click(within(await rowOf('Etichetta 2')).getByText('Etichetta 2'));
    fireEvent.click(screen.getByTestId('pickup-cancel'));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('with multiple selection confirms every chosen row', async () => {
    serve();
    const onConfirm = vi.fn();
    renderApp(<PickupModal open multiple target={target} onConfirm={onConfirm} onCancel={() => {}} />);
    const checkbox = async (text: string) => within(await rowOf(text)).getByRole('checkbox');
    fireEvent.click(await checkbox('Etichetta 2'));
    fireEvent.click(await checkbox('Etichetta 4'));
    await waitFor(() => expect(screen.getByTestId('pickup-selected').getAttribute('data-count')).toBe('2'));
    fireEvent.click(confirmButton());
    expect((onConfirm.mock.calls[0]![0] as { id: number }[]).map((r) => r.id).sort()).toEqual([2, 4]);
  });

  it('with enableFilters searches the typed text on the server', async () => {
    const api = serve();
    renderApp(<PickupModal open enableFilters initialQuery="speciali" target={target} onConfirm={() => {}} onCancel={() => {}} />);
    await rowOf('Rifiuti speciali');
    expect(screen.queryByText('Etichetta 2')).toBeNull();
    const first = api.calls.find((c) => c.pathname === '/api/conf/tags')!;
    expect(JSON.parse(first.searchParams.get('q')!)).toEqual({ query: 'speciali' });

    fireEvent.change(screen.getByTestId('pickup-search-input'), { target: { value: 'Etichetta 1' } });
    fireEvent.click(screen.getByTestId('pickup-search-button'));
    await rowOf('Etichetta 12');
    const last = api.calls.filter((c) => c.pathname === '/api/conf/tags').at(-1)!;
    expect(JSON.parse(last.searchParams.get('q')!)).toEqual({ query: 'Etichetta 1' });
  });

  it('without enableFilters has no search box', async () => {
    serve();
    renderApp(<PickupModal open target={target} onConfirm={() => {}} onCancel={() => {}} />);
    await rowOf('Etichetta 1');
    expect(screen.queryByTestId('pickup-search-input')).toBeNull();
  });
});

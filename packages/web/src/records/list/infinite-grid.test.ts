import type { IGetRowsParams } from 'ag-grid-community';
import { describe, expect, it, vi } from 'vitest';
import { infiniteDatasource, lastRowOf, type BlockPage } from './infinite-grid';

/** What the grid hands getRows (the grid api and context are not read by the datasource). */
function rowsParams(startRow: number, endRow: number) {
  const successCallback = vi.fn();
  const failCallback = vi.fn();
  const sortModel = [{ colId: 'name', sort: 'desc' as const }];
  const params = { startRow, endRow, sortModel, filterModel: {}, successCallback, failCallback } as unknown as IGetRowsParams;
  return Object.assign(params, { successCallback, failCallback });
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('infinite-row-model datasource', () => {
  it('asks one page per block with the grid’s window and sort, and hands rows and total to the grid and the page', async () => {
    const fetchBlock = vi.fn(async (): Promise<BlockPage<{ id: number }>> => ({ items: [{ id: 101 }], total: 250 }));
    const feedback = { loaded: vi.fn(), failed: vi.fn() };
    const params = rowsParams(100, 200);
    infiniteDatasource(fetchBlock, () => feedback).getRows(params);
    await settle();
    expect(fetchBlock).toHaveBeenCalledWith({ startRow: 100, endRow: 200, sortModel: [{ colId: 'name', sort: 'desc' }] });
    expect(params.successCallback).toHaveBeenCalledWith([{ id: 101 }], 250);
    expect(feedback.loaded).toHaveBeenCalledWith(250, false);
  });

  it('tells the grid and the page of a failure', async () => {
    const error = new Error('offline');
    const feedback = { loaded: vi.fn(), failed: vi.fn() };
    const params = rowsParams(0, 100);
    infiniteDatasource(() => Promise.reject(error), () => feedback).getRows(params);
    await settle();
    expect(params.failCallback).toHaveBeenCalledTimes(1);
    expect(feedback.failed).toHaveBeenCalledWith(error);
  });

  it('a datasource the grid dropped still answers the grid but no longer the page (a late answer to an old search)', async () => {
    let answer!: (page: BlockPage<{ id: number }>) => void;
    const feedback = { loaded: vi.fn(), failed: vi.fn() };
    const source = infiniteDatasource(() => new Promise<BlockPage<{ id: number }>>((resolve) => (answer = resolve)), () => feedback);
    const params = rowsParams(0, 100);
    source.getRows(params);
    source.destroy!();
    answer({ items: [], total: 0 });
    await settle();
    expect(params.successCallback).toHaveBeenCalledWith([], 0);
    expect(feedback.loaded).not.toHaveBeenCalled();
  });
});

describe('an estimated total', () => {
  it('sizes the grid by the estimate until a block comes back short, and past it when the estimate fell short', () => {
    expect(lastRowOf({ items: new Array(100), total: 5000 }, { startRow: 0, endRow: 100 })).toBe(5000);
    expect(lastRowOf({ items: new Array(100), total: 1_200_000, estimated: true }, { startRow: 0, endRow: 100 })).toBe(1_200_000);
    expect(lastRowOf({ items: new Array(100), total: 10_001, estimated: true }, { startRow: 10_000, endRow: 10_100 })).toBe(10_101);
    expect(lastRowOf({ items: new Array(37), total: 1_200_000, estimated: true }, { startRow: 1_000_100, endRow: 1_000_200 })).toBe(1_000_137);
  });
});

import { describe, expect, it } from 'vitest';
import { BLOCK_SIZE, exportQuery, qParam, searchQuery, sortParam, sortSpecs, type ListRequest } from './list-request';

const request = (over: Partial<ListRequest> = {}): ListRequest => ({ filters: { query: '', filters: [] }, sort: [], showDeleted: false, ...over });

describe('searchQuery', () => {
  it('turns a block of rows into a page of the search API', () => {
    expect(searchQuery(request(), 0, BLOCK_SIZE)).toEqual({ q: undefined, page: 0, size: BLOCK_SIZE, sort: undefined, showDeleted: false });
    expect(searchQuery(request(), 900 * BLOCK_SIZE, 901 * BLOCK_SIZE)).toMatchObject({ page: 900, size: BLOCK_SIZE });
  });

  it('never asks for more than 1000 rows', () => {
    expect(searchQuery(request(), 0, 5000).size).toBe(1000);
    expect(BLOCK_SIZE).toBeLessThanOrEqual(1000);
  });

  it('asks for the exact count only when the reader did', () => {
    expect(searchQuery(request({ exactCount: true }), 0, BLOCK_SIZE)).toMatchObject({ exactCount: true });
    expect(searchQuery(request({ exactCount: false }), 0, BLOCK_SIZE)).not.toHaveProperty('exactCount');
  });

  it('refuses a window that is not a page', () => {
    expect(() => searchQuery(request(), 50, 150)).toThrow();
  });

  it('carries the free text, field filters, sort and deleted rows', () => {
    const query = searchQuery(
      request({
        filters: { query: ' rossi ', filters: [{ field: 'tableCode', op: 'eq', value: 'E2E_BULK' }] },
        sort: [{ field: 'code', dir: 'desc' }],
        showDeleted: true,
      }),
      100,
      200,
    );
    expect(query).toEqual({
      q: JSON.stringify({ query: 'rossi', filters: [{ field: 'tableCode', op: 'eq', value: 'E2E_BULK' }] }),
      page: 1,
      size: 100,
      sort: 'code,desc',
      showDeleted: true,
    });
  });
});

describe('sort', () => {
  it('maps the grid sort model in order and joins several with ;', () => {
    const specs = sortSpecs([
      { colId: 'name', sort: 'asc' },
      { colId: 'updatedAt', sort: 'desc' },
    ]);
    expect(specs).toEqual([
      { field: 'name', dir: 'asc' },
      { field: 'updatedAt', dir: 'desc' },
    ]);
    expect(sortParam(specs)).toBe('name,asc;updatedAt,desc');
    expect(sortParam([])).toBeUndefined();
  });
});

describe('qParam', () => {
  it('is undefined without a search and leaves out empty parts', () => {
    expect(qParam({ query: ' ', filters: [] })).toBeUndefined();
    expect(qParam({ query: 'x', filters: [] })).toBe('{"query":"x"}');
    expect(qParam({ query: '', filters: [{ field: 'a', op: 'isNull' }] })).toBe('{"filters":[{"field":"a","op":"isNull"}]}');
  });
});

describe('exportQuery', () => {
  it('exports what the list shows, in its order, without paging', () => {
    expect(exportQuery(request({ filters: { query: 'x', filters: [] }, sort: [{ field: 'code', dir: 'asc' }], showDeleted: true }), 'xlsx')).toEqual({
      format: 'xlsx',
      q: '{"query":"x"}',
      sort: 'code,asc',
      showDeleted: true,
    });
  });
});

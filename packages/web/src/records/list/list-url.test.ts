import { describe, expect, it } from 'vitest';
import { EMPTY_FILTERS, parseListFilters, serializeListFilters, withListFilters } from './list-url';

describe('parseListFilters', () => {
  it('reads the free text the global search bar sends', () => {
    expect(parseListFilters('{"query":"rossi"}')).toEqual({ query: 'rossi', filters: [] });
    expect(parseListFilters('{"query":"  acme srl "}')).toEqual({ query: 'acme srl', filters: [] });
  });

  it('reads field filters and drops the malformed ones', () => {
    const raw = JSON.stringify({
      query: '',
      filters: [
        { field: 'tableCode', op: 'eq', value: 'E2E_BULK' },
        { field: 'name', op: 'notNull' },
        { field: 'name', op: 'drop table' },
        { op: 'eq', value: 1 },
        'x',
      ],
    });
    expect(parseListFilters(raw)).toEqual({
      query: '',
      filters: [
        { field: 'tableCode', op: 'eq', value: 'E2E_BULK' },
        { field: 'name', op: 'notNull' },
      ],
    });
  });

  it('ignores what is not the expected JSON object', () => {
    for (const raw of [null, undefined, '', 'rossi', '{', '[1]', '"text"', '42', '{"query":3}']) {
      expect(parseListFilters(raw)).toEqual(EMPTY_FILTERS);
    }
  });

  it('cuts free text longer than the server accepts', () => {
    expect(parseListFilters(JSON.stringify({ query: 'a'.repeat(250) })).query).toHaveLength(200);
  });
});

describe('serializeListFilters', () => {
  it('writes the global search bar shape for free text only', () => {
    expect(serializeListFilters({ query: ' rossi ', filters: [] })).toBe('{"query":"rossi"}');
  });

  it('keeps field filters', () => {
    const filters = [{ field: 'tableCode', op: 'eq' as const, value: 'X' }];
    expect(JSON.parse(serializeListFilters({ query: '', filters })!)).toEqual({ query: '', filters });
  });

  it('is null when nothing is searched', () => {
    expect(serializeListFilters({ query: '  ', filters: [] })).toBeNull();
  });

  it('round-trips through parseListFilters', () => {
    const value = { query: 'verdi', filters: [{ field: 'sortOrder', op: 'between' as const, value: [1, 5] }] };
    expect(parseListFilters(serializeListFilters(value))).toEqual(value);
  });
});

describe('withListFilters', () => {
  it('sets the parameter and keeps the others', () => {
    const next = withListFilters(new URLSearchParams('tab=2'), { query: 'rossi', filters: [] });
    expect(next.get('tab')).toBe('2');
    expect(next.get('filters')).toBe('{"query":"rossi"}');
  });

  it('removes the parameter when the search is cleared', () => {
    const next = withListFilters(new URLSearchParams('filters=%7B%22query%22%3A%22a%22%7D&tab=2'), { query: '', filters: [] });
    expect(next.has('filters')).toBe(false);
    expect(next.toString()).toBe('tab=2');
  });
});

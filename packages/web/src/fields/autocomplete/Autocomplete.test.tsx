import { reference } from '@circula/model';
import { act, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CATALOGUE } from '@circula/model';
import { ReferenceInput } from '../inputs/ReferenceInput';
import { Autocomplete, type AutocompleteProps } from './Autocomplete';
import { page, renderApp, setup, stubApi } from '../../test/harness';

const TAGS = Array.from({ length: 12 }, (_, i) => ({ id: i + 1, code: `TAG${String(i + 1).padStart(3, '0')}`, name: i === 4 ? 'Rifiuti speciali' : `Etichetta ${i + 1}` }));
const target = CATALOGUE.target('tags')!;

function Harness({ multiple = false, onValue }: { multiple?: boolean; onValue: (v: unknown) => void }) {
  const [value, setValue] = useState<unknown>(null);
  return (
    <ReferenceInput
      name="related"
      id="related"
      mode="update"
      target={target}
      field={reference('tag', { multiple })}
      value={value}
      onChange={(v) => {
        setValue(v);
        onValue(v);
      }}
    />
  );
}

const input = () => screen.getByRole('combobox') as HTMLInputElement;
const type = (text: string) => fireEvent.change(input(), { target: { value: text } });
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('reference autocomplete', { timeout: 30_000 }, () => {
  let api: ReturnType<typeof stubApi>;

  beforeEach(async () => {
    await setup('it');
    vi.useFakeTimers();
    api = stubApi({
      '/api/conf/tags': (url) => {
        const q = JSON.parse(url.searchParams.get('q') ?? '{}') as { query?: string; filters?: { value: number[] }[] };
        if (q.filters) return page(TAGS.filter((t) => q.filters![0]!.value.includes(t.id)));
        const size = Number(url.searchParams.get('size'));
        const words = (q.query ?? '').toLowerCase();
        return page(TAGS.filter((t) => `${t.code} ${t.name}`.toLowerCase().includes(words) || words === 'eti').slice(0, size || 20));
      },
    });
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('searches only from 3 characters, after a 250 ms pause, asking for 10 results', async () => {
    renderApp(<Harness onValue={() => {}} />);
    fireEvent.focus(input());
    type('et');
    await wait(1000);
    expect(api.calls).toHaveLength(0);

    type('eti');
    await wait(249);
    expect(api.calls).toHaveLength(0);
    await wait(1);
    expect(api.calls).toHaveLength(1);
    const url = api.calls[0]!;
    expect(url.pathname).toBe('/api/conf/tags');
    expect(JSON.parse(url.searchParams.get('q')!)).toEqual({ query: 'eti' });
    expect(url.searchParams.get('size')).toBe('10');
    expect(url.searchParams.get('showDeleted')).toBe('false');
    expect(screen.getAllByRole('option')).toHaveLength(10);
  });

  it('waits for the typing to pause: one search for several quick keystrokes', async () => {
    renderApp(<Harness onValue={() => {}} />);
    type('eti');
    await wait(100);
    type('etic');
    await wait(100);
    type('etich');
    await wait(250);
    expect(api.calls).toHaveLength(1);
    expect(JSON.parse(api.calls[0]!.searchParams.get('q')!)).toEqual({ query: 'etich' });
  });

  it('navigates the suggestions with the arrows and chooses with enter', async () => {
    const onValue = vi.fn();
    renderApp(<Harness onValue={onValue} />);
    type('eti');
    await wait(250);
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    fireEvent.keyDown(input(), { key: 'ArrowUp' });
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    expect(screen.getAllByRole('option')[1]!.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(input(), { key: 'Enter' });
    expect(onValue).toHaveBeenLastCalledWith(2);
    expect(input().value).toBe('TAG002 — Etichetta 2');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(input().getAttribute('aria-invalid')).toBeNull();
  });

  it('marks free text incorrect until a suggestion is chosen', async () => {
    const onValue = vi.fn();
    renderApp(<Harness onValue={onValue} />);
    type('xyz');
    expect(input().getAttribute('aria-invalid')).toBe('true');
    expect(input().getAttribute('data-error')).toBe('incorrect');
    expect(screen.getByRole('alert').textContent).toBe('Scegli un valore tra i suggerimenti.');
    // the text is not a record id: the field's schema rejects it, so the form cannot save it
    expect(onValue).toHaveBeenLastCalledWith('xyz');

    type('eti');
    await wait(250);
    fireEvent.click(screen.getAllByRole('option')[0]!);
    expect(onValue).toHaveBeenLastCalledWith(1);
    expect(input().getAttribute('aria-invalid')).toBeNull();
  });

  it('on blur selects an exact case-insensitive match and closes after 150 ms', async () => {
    const onValue = vi.fn();
    renderApp(<Harness onValue={onValue} />);
    fireEvent.focus(input());
    type('rifiuti SPECIALI');
    await wait(250);
    expect(screen.getByRole('listbox')).toBeTruthy();
    fireEvent.blur(input());
    await wait(149);
    expect(screen.getByRole('listbox')).toBeTruthy();
    expect(onValue).not.toHaveBeenCalledWith(5);
    await wait(1);
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(onValue).toHaveBeenLastCalledWith(5);
    expect(input().value).toBe('TAG005 — Rifiuti speciali');
    expect(input().getAttribute('aria-invalid')).toBeNull();
  });

  it('keeps text without an exact match incorrect after blur', async () => {
    const onValue = vi.fn();
    renderApp(<Harness onValue={onValue} />);
    type('rifiuti');
    await wait(250);
    fireEvent.blur(input());
    await wait(150);
    expect(input().getAttribute('data-error')).toBe('incorrect');
    expect(onValue).toHaveBeenLastCalledWith('rifiuti');
  });

  it('clearing the text clears the value', async () => {
    const onValue = vi.fn();
    renderApp(<Harness onValue={onValue} />);
    type('eti');
    await wait(250);
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    fireEvent.keyDown(input(), { key: 'Enter' });
    type('');
    expect(onValue).toHaveBeenLastCalledWith(null);
    expect(input().getAttribute('aria-invalid')).toBeNull();
  });

  it('adds chosen records as unique chips in multiple mode', async () => {
    const onValue = vi.fn();
    renderApp(<Harness multiple onValue={onValue} />);
    type('eti');
    await wait(250);
    fireEvent.click(screen.getAllByRole('option')[2]!);
    expect(onValue).toHaveBeenLastCalledWith([3]);
    expect(input().value).toBe('');
    type('eti');
    await wait(250);
    fireEvent.click(screen.getAllByRole('option')[2]!);
    expect(onValue).toHaveBeenCalledTimes(1);
    type('eti');
    await wait(250);
    fireEvent.click(screen.getAllByRole('option')[0]!);
    expect(onValue).toHaveBeenLastCalledWith([3, 1]);
    expect(screen.getByText('TAG003 — Etichetta 3')).toBeTruthy();
  });
});

describe('autocomplete query types', { timeout: 30_000 }, () => {
  beforeEach(async () => {
    await setup('it');
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const ITEMS = [
    { value: 1, label: 'Carta e cartone', keys: ['CAR'] },
    { value: 2, label: 'Plastica', keys: ['PLA'] },
    { value: 3, label: 'Vetro', keys: ['VET'] },
  ];

  it('preFetch loads the full list once at start and filters it locally, from the first character and without waiting', async () => {
    const prefetch = vi.fn(async () => ITEMS);
    const onSelect = vi.fn();
    renderApp(<Autocomplete queryType="preFetch" prefetch={prefetch} selectedLabel={null} onSelect={onSelect} restrictToSuggestions />);
    await wait(0);
    expect(prefetch).toHaveBeenCalledTimes(1);
    type('t');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Carta e cartone', 'Plastica', 'Vetro']);
    type('vet');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Vetro']);
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    fireEvent.keyDown(input(), { key: 'Enter' });
    expect(onSelect).toHaveBeenLastCalledWith(ITEMS[2]);
    await wait(5000);
    expect(prefetch).toHaveBeenCalledTimes(1);
  });

  it('preFetch selects an exact case-insensitive match of the whole list on blur', async () => {
    const onSelect = vi.fn();
    renderApp(<Autocomplete queryType="preFetch" prefetch={async () => ITEMS} selectedLabel={null} onSelect={onSelect} restrictToSuggestions />);
    await wait(0);
    type('plastica');
    fireEvent.blur(input());
    await wait(150);
    expect(onSelect).toHaveBeenLastCalledWith(ITEMS[1]);
  });

  it('throws a developer error without a query type', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    const props = { selectedLabel: null, onSelect: () => {}, search: async () => [] } as unknown as AutocompleteProps;
    expect(() => renderApp(<Autocomplete {...props} />)).toThrow("autocomplete: missing 'queryType'");
    spy.mockRestore();
  });

  it('sends the skip-waiter header with the fetch search', async () => {
    const api = stubApi({ '/api/conf/tags': () => page(TAGS) });
    renderApp(<Harness onValue={() => {}} />);
    type('eti');
    await wait(250);
    const init = (api.fetchMock.mock.calls[0] as unknown[])[1] as RequestInit;
    expect(new Headers(init.headers).get('skipWaiter')).toBe('true');
  });
});

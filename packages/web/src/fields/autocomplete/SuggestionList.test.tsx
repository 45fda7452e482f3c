import { act, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChipsInput, type Chip } from '../chips/ChipsInput';
import { renderApp, setup } from '../../test/harness';
import { Autocomplete } from './Autocomplete';
import type * as Rules from './autocomplete-rules';
import { SUGGESTION_ROW_HEIGHT } from './SuggestionList';

// a number other than the default, so that a list that does not read the constant shows
vi.mock('./autocomplete-rules', async (importOriginal) => {
  const original = await importOriginal<typeof Rules>();
  return { ...original, AUTOCOMPLETE: { ...original.AUTOCOMPLETE, visibleRows: 6 } };
});

const ITEMS: Chip[] = Array.from({ length: 12 }, (_, i) => ({ value: i + 1, label: `Voce ${i + 1}` }));

function Chips({ onValue }: { onValue?: (chips: Chip[]) => void }) {
  const [value, setValue] = useState<Chip[]>([]);
  return (
    <ChipsInput
      value={value}
      suggest={async () => ITEMS.slice(0, 3)}
      onChange={(next) => {
        setValue(next);
        onValue?.(next);
      }}
    />
  );
}

const box = () => screen.getByRole('combobox') as HTMLInputElement;
const key = (name: string) => fireEvent.keyDown(box(), { key: name });
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const highlighted = () => screen.getAllByRole('option').findIndex((o) => o.getAttribute('aria-selected') === 'true');

describe('suggestion list of the autocomplete and the chips', { timeout: 30_000 }, () => {
  beforeEach(async () => {
    await setup('it');
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('shows about the autocomplete’s visible rows (spec §9) before scrolling, in both controls', async () => {
    const height = `${6 * SUGGESTION_ROW_HEIGHT + 8}px`;
    const { unmount } = renderApp(<Autocomplete queryType="preFetch" prefetch={async () => ITEMS} selectedLabel={null} onSelect={() => {}} />);
    await wait(0);
    fireEvent.change(box(), { target: { value: 'voce' } });
    expect(screen.getByRole('listbox').style.maxHeight).toBe(height);
    unmount();

    renderApp(<Chips />);
    fireEvent.change(box(), { target: { value: 'voce' } });
    await wait(400);
    expect(screen.getByRole('listbox').style.maxHeight).toBe(height);
    expect(screen.getByRole('listbox').style.overflowY).toBe('auto');
  });

  it('chips: the arrows move the highlight round the list, Enter adds the highlighted suggestion', async () => {
    const onValue = vi.fn();
    renderApp(<Chips onValue={onValue} />);
    fireEvent.change(box(), { target: { value: 'voce' } });
    await wait(400);
    expect(highlighted()).toBe(-1);
    key('ArrowUp');
    expect(highlighted()).toBe(2);
    key('ArrowDown');
    expect(highlighted()).toBe(0);
    key('ArrowDown');
    expect(box().getAttribute('aria-activedescendant')).toBe(screen.getAllByRole('option')[1]!.id);
    key('Enter');
    expect(onValue).toHaveBeenLastCalledWith([ITEMS[1]]);
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('Escape closes the list; Enter then takes the typed text, not a suggestion', async () => {
    const onValue = vi.fn();
    renderApp(<Chips onValue={onValue} />);
    fireEvent.change(box(), { target: { value: 'voce' } });
    await wait(400);
    key('ArrowDown');
    key('Escape');
    expect(screen.queryByRole('listbox')).toBeNull();
    key('Enter');
    expect(onValue).toHaveBeenLastCalledWith([{ value: 'voce', label: 'voce' }]);
  });
});

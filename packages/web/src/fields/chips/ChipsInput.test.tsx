import { act, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, setup } from '../../test/harness';
import { CHIPS, ChipsInput, type Chip, type ChipsInputProps } from './ChipsInput';

const SUGGESTIONS: Chip[] = [
  { value: 1, label: 'Carta' },
  { value: 2, label: 'Cartone' },
  { value: 3, label: 'Plastica' },
];

function Harness(props: Partial<ChipsInputProps> & { initial?: Chip[]; onValue?: (chips: Chip[]) => void }) {
  const { initial = [], onValue, ...rest } = props;
  const [value, setValue] = useState<Chip[]>(initial);
  return (
    <ChipsInput
      {...rest}
      value={value}
      onChange={(next) => {
        setValue(next);
        onValue?.(next);
      }}
    />
  );
}

const box = () => screen.getByRole('combobox') as HTMLInputElement;
const type = (text: string) => fireEvent.change(box(), { target: { value: text } });
const enter = () => fireEvent.keyDown(box(), { key: 'Enter' });
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const chips = () => screen.queryAllByTestId('chip').map((c) => c.textContent);

describe('chips input', { timeout: 30_000 }, () => {
  beforeEach(async () => {
    await setup('it');
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('asks for suggestions 400 ms after the typing pauses, once per pause', async () => {
    const suggest = vi.fn(async (text: string) => SUGGESTIONS.filter((s) => s.label.toLowerCase().includes(text.toLowerCase())));
    renderApp(<Harness suggest={suggest} />);
    type('ca');
    await wait(200);
    type('car');
    await wait(399);
    expect(suggest).not.toHaveBeenCalled();
    await wait(1);
    expect(suggest).toHaveBeenCalledTimes(1);
    expect(suggest.mock.calls[0]![0]).toBe('car');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Carta', 'Cartone']);
    expect(CHIPS.debounceMs).toBe(400);
  });

  it('adds a chosen suggestion, and each chip only once', async () => {
    const onValue = vi.fn();
    renderApp(<Harness suggest={async () => SUGGESTIONS} onValue={onValue} />);
    type('car');
    await wait(400);
    fireEvent.click(screen.getByRole('option', { name: 'Cartone' }));
    expect(chips()).toEqual(['Cartone']);
    expect(box().value).toBe('');
    type('car');
    await wait(400);
    fireEvent.click(screen.getByRole('option', { name: 'Cartone' }));
    expect(chips()).toEqual(['Cartone']);
    expect(screen.getByRole('alert').textContent).toBe('Elemento già presente.');
    expect(onValue).toHaveBeenCalledTimes(1);
  });

  it('with restrictToSuggestions refuses free text but takes an exact case-insensitive match', async () => {
    renderApp(<Harness suggest={async () => SUGGESTIONS} restrictToSuggestions />);
    type('carta riciclata');
    await wait(400);
    enter();
    expect(chips()).toEqual([]);
    expect(box().getAttribute('aria-invalid')).toBe('true');
    type('PLASTICA');
    await wait(400);
    enter();
    expect(chips()).toEqual(['Plastica']);
  });

  it('without restriction adds free text, unique regardless of case', async () => {
    renderApp(<Harness />);
    type('Urgente');
    enter();
    type('urgente');
    enter();
    expect(chips()).toEqual(['Urgente']);
  });

  it('disables the input once the maximum of chips is reached, and enables it again when one is removed', () => {
    renderApp(<Harness maxChips={2} initial={[{ value: 'a', label: 'A' }]} />);
    type('B');
    enter();
    expect(chips()).toEqual(['A', 'B']);
    expect(box().disabled).toBe(true);
    expect(box().placeholder).toBe('Massimo 2 elementi');
    fireEvent.click(screen.getAllByTestId('chip')[0]!.querySelector('.ant-tag-close-icon')!);
    expect(chips()).toEqual(['B']);
    expect(box().disabled).toBe(false);
  });

  it('limits the characters of a chip', () => {
    renderApp(<Harness maxChars={5} />);
    type('abcdefgh');
    expect(box().value).toBe('abcde');
    enter();
    expect(chips()).toEqual(['abcde']);
  });

  it('keeps each chip at most 200 px wide', () => {
    renderApp(<Harness initial={[{ value: 1, label: 'Un nome di etichetta molto lungo che non entra' }]} />);
    const chip = screen.getByTestId('chip');
    expect(chip.style.maxWidth).toBe('200px');
    expect(chip.style.textOverflow).toBe('ellipsis');
  });
});

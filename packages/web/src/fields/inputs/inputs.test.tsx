import { date, decimal, integer, json, lookup, measure, money, translations } from '@circula/model';
import { CATALOGUE, type FieldDefinition } from '@circula/model';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FIELD_WIDGETS, widgetFor } from '../registry';
import { page, renderApp, setup, stubApi, tableValue } from '../../test/harness';

const target = CATALOGUE.target('tables')!;

function Harness({ field, initial = null, onValue }: { field: FieldDefinition; initial?: unknown; onValue: (v: unknown) => void }) {
  const [value, setValue] = useState<unknown>(initial);
  const { Input } = widgetFor(field);
  return (
    <Input
      name="f"
      id="f"
      mode="update"
      target={target}
      field={field}
      value={value}
      onChange={(v) => {
        setValue(v);
        onValue(v);
      }}
    />
  );
}

const UNITS = [
  tableValue('MEASURE_UNIT', 'KG', 'Chilogrammo', 'Kilogram', { alpha1: 'WEIGHT', alpha2: 'kg' }),
  tableValue('MEASURE_UNIT', 'T', 'Tonnellata', 'Tonne', { alpha1: 'WEIGHT', alpha2: 't' }),
];
const LEGAL = [tableValue('SBJ_LEGAL_FORM', 'SRL', 'Società a responsabilità limitata', 'Limited liability company'), tableValue('SBJ_LEGAL_FORM', 'SPA', 'Società per azioni', 'Joint-stock company')];

async function chooseOption(combobox: HTMLElement, label: string) {
  fireEvent.mouseDown(combobox);
  const option = await screen.findByTitle(label, undefined, { timeout: 5000 });
  fireEvent.click(option);
}

describe('number inputs', { timeout: 30_000 }, () => {
  beforeEach(() => setup('it'));

  it('reads a decimal typed with a comma and shows it in Italian format, right-aligned', () => {
    const onValue = vi.fn();
    renderApp(<Harness field={decimal(2)} onValue={onValue} />);
    const box = screen.getByRole('textbox') as HTMLInputElement;
    expect(box.style.textAlign).toBe('right');
    fireEvent.focus(box);
    fireEvent.change(box, { target: { value: '1.234,5' } });
    expect(onValue).toHaveBeenLastCalledWith(1234.5);
    fireEvent.blur(box);
    expect(box.value).toBe('1.234,50');
    fireEvent.focus(box);
    expect(box.value).toBe('1234,5');
  });

  it('reports too many decimals for the scale and keeps the text for the form to reject', () => {
    const onValue = vi.fn();
    renderApp(<Harness field={decimal(2)} onValue={onValue} />);
    const box = screen.getByRole('textbox') as HTMLInputElement;
    fireEvent.change(box, { target: { value: '3,145' } });
    expect(onValue).toHaveBeenLastCalledWith('3,145');
    expect(screen.getByRole('alert').textContent).toBe('Al massimo 2 cifre decimali.');
    expect(box.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(box, { target: { value: '' } });
    expect(onValue).toHaveBeenLastCalledWith(null);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('accepts whole numbers only in an integer and checks its bounds', () => {
    const onValue = vi.fn();
    renderApp(<Harness field={integer({ min: 1, max: 10 })} onValue={onValue} />);
    const box = screen.getByRole('textbox');
    fireEvent.change(box, { target: { value: '2,5' } });
    expect(screen.getByRole('alert').textContent).toBe('Sono ammessi solo numeri interi.');
    fireEvent.change(box, { target: { value: '11' } });
    expect(onValue).toHaveBeenLastCalledWith(11);
    expect(screen.getByRole('alert').textContent).toBe('Valore troppo grande.');
  });

  it('shows money with two decimals and the euro sign', () => {
    renderApp(<Harness field={money()} initial={1500} onValue={() => {}} />);
    expect((screen.getByRole('textbox') as HTMLInputElement).value).toBe('1.500,00');
    expect(screen.getByText('€')).toBeTruthy();
  });
});

describe('date input', { timeout: 30_000 }, () => {
  beforeEach(() => setup('it'));

  it('shows the API date as dd/mm/yyyy and sends a typed date as YYYY-MM-DD', async () => {
    const onValue = vi.fn();
    renderApp(<Harness field={date()} initial="2026-03-05" onValue={onValue} />);
    const box = screen.getByRole('textbox') as HTMLInputElement;
    expect(box.value).toBe('05/03/2026');
    fireEvent.mouseDown(box);
    fireEvent.focus(box);
    fireEvent.change(box, { target: { value: '21/12/2025' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(onValue).toHaveBeenLastCalledWith('2025-12-21'));
  });

  it('starts the calendar weeks on Monday', async () => {
    renderApp(<Harness field={date()} initial="2026-03-05" onValue={() => {}} />);
    fireEvent.mouseDown(screen.getByRole('textbox'));
    fireEvent.click(screen.getByRole('textbox'));
    const headers = await screen.findAllByRole('columnheader');
    expect(headers[0]!.textContent).toBe('Lun');
  });

  it('starts the weeks on Monday in English too', async () => {
    await setup('en');
    renderApp(<Harness field={date()} initial="2026-03-05" onValue={() => {}} />);
    fireEvent.mouseDown(screen.getByRole('textbox'));
    fireEvent.click(screen.getByRole('textbox'));
    const headers = await screen.findAllByRole('columnheader');
    expect(headers[0]!.textContent).toBe('Mo');
  });
});

describe('lookup input', { timeout: 30_000 }, () => {
  let api: ReturnType<typeof stubApi>;
  beforeEach(async () => {
    await setup('en');
    api = stubApi({ '/api/conf/tables/tablevalue': () => page(LEGAL) });
  });

  it('loads the table with its filters and shows labels in the UI language', async () => {
    const onValue = vi.fn();
    renderApp(<Harness field={lookup('SBJ_LEGAL_FORM', { filters: { alpha1: 'X', tagIds: [3, 4] } })} onValue={onValue} />);
    await chooseOption(screen.getByRole('combobox'), 'Joint-stock company');
    expect(onValue).toHaveBeenLastCalledWith('SPA');
    const url = api.calls[0]!;
    expect(url.pathname).toBe('/api/conf/tables/tablevalue');
    expect(Object.fromEntries(url.searchParams)).toEqual({ tableCodes: 'SBJ_LEGAL_FORM', unpaged: 'true', alpha1: 'X', tagIds: '3,4' });
  });

  it('displays the label of a stored code', async () => {
    const { Display } = FIELD_WIDGETS.lookup;
    renderApp(<Display name="f" field={lookup('SBJ_LEGAL_FORM')} value="SRL" />);
    expect(await screen.findByText('Limited liability company')).toBeTruthy();
  });
});

describe('measure input', { timeout: 30_000 }, () => {
  let api: ReturnType<typeof stubApi>;
  beforeEach(async () => {
    await setup('it');
    api = stubApi({ '/api/conf/tables/tablevalue': () => page(UNITS) });
  });

  it('offers the units of the category and pairs number and unit (spec §4)', async () => {
    const onValue = vi.fn();
    renderApp(<Harness field={measure('WEIGHT', { scale: 3 })} onValue={onValue} />);
    const unit = screen.getByRole('combobox');
    await chooseOption(unit, 'kg');
    expect(onValue).toHaveBeenLastCalledWith({ value: null, unit: 'KG' });
    expect(api.calls[0]!.searchParams.get('tableCodes')).toBe('MEASURE_UNIT');
    expect(api.calls[0]!.searchParams.get('alpha1')).toBe('WEIGHT');

    const number = screen.getByRole('textbox', { name: 'Quantità' });
    fireEvent.change(number, { target: { value: '12,5' } });
    expect(onValue).toHaveBeenLastCalledWith({ value: 12.5, unit: 'KG' });

    // clearing the unit empties the number
    const clear = document.querySelector('.ant-select-clear')!;
    fireEvent.mouseDown(clear);
    fireEvent.click(clear);
    expect(onValue).toHaveBeenLastCalledWith(null);
    expect((number as HTMLInputElement).value).toBe('');

    // a number without unit; clearing it restores the last chosen unit
    fireEvent.change(number, { target: { value: '3' } });
    expect(onValue).toHaveBeenLastCalledWith({ value: 3, unit: null });
    fireEvent.change(number, { target: { value: '' } });
    expect(onValue).toHaveBeenLastCalledWith({ value: null, unit: 'KG' });
    await waitFor(() => expect(within(unit.closest('.ant-select')!).getByText('kg')).toBeTruthy());
  });
});

describe('translations and json', { timeout: 30_000 }, () => {
  beforeEach(() => setup('it'));

  it('keeps one text per language and leaves empty languages out', () => {
    const onValue = vi.fn();
    renderApp(<Harness field={translations()} onValue={onValue} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'IT' }), { target: { value: 'Ciao' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'EN' }), { target: { value: 'Hello' } });
    expect(onValue).toHaveBeenLastCalledWith({ it: 'Ciao', en: 'Hello' });
    fireEvent.change(screen.getByRole('textbox', { name: 'IT' }), { target: { value: '' } });
    expect(onValue).toHaveBeenLastCalledWith({ en: 'Hello' });
  });

  it('accepts a JSON object and reports other JSON', () => {
    const onValue = vi.fn();
    renderApp(<Harness field={json()} onValue={onValue} />);
    const box = screen.getByRole('textbox');
    fireEvent.change(box, { target: { value: '{"a": 1}' } });
    expect(onValue).toHaveBeenLastCalledWith({ a: 1 });
    fireEvent.change(box, { target: { value: '[1, 2]' } });
    expect(screen.getByRole('alert').textContent).toBe('Serve un oggetto JSON ({ … }).');
    fireEvent.change(box, { target: { value: '{"a": ' } });
    expect(screen.getByRole('alert').textContent).toBe('JSON non valido.');
    expect(onValue).toHaveBeenLastCalledWith('{"a": ');
  });
});

// keep act imported for timer-driven updates in antd pickers
void act;

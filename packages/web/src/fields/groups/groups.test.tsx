import { CATALOGUE, fieldSchema, group, groupArray, type FieldDefinition } from '@circula/model';
import { fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { widgetFor } from '../registry';
import { page, renderApp, setup, stubApi, tableValue } from '../../test/harness';
import { insertRowAfter, removeRow } from './GroupInput';

const target = CATALOGUE.target('tables')!;
const COUNTRIES = [tableValue('COUNTRIES', 'ITA', 'Italia', 'Italy', { alpha1: 'IT' }), tableValue('COUNTRIES', 'FRA', 'Francia', 'France', { alpha1: 'FR' }), tableValue('COUNTRIES', 'DEU', 'Germania', 'Germany')];
const PROVINCES = [tableValue('PROVINCES', 'BO', 'Bologna', 'Bologna', { alpha1: 'Emilia-Romagna', alpha2: 'ITA' }), tableValue('PROVINCES', 'MI', 'Milano', 'Milan', { alpha1: 'Lombardia', alpha2: 'ITA' })];

function Harness({ field, initial = null, onValue }: { field: FieldDefinition; initial?: unknown; onValue: (v: unknown) => void }) {
  const [value, setValue] = useState<unknown>(initial);
  const { Input } = widgetFor(field);
  return <Input name="address" id="address" mode="update" target={target} field={field} value={value} onChange={(v) => { setValue(v); onValue(v); }} />;
}

async function chooseOption(combobox: HTMLElement, label: string) {
  fireEvent.mouseDown(combobox);
  fireEvent.click(await screen.findByTitle(label, undefined, { timeout: 5000 }));
}

describe('address group', { timeout: 30_000 }, () => {
  let api: ReturnType<typeof stubApi>;
  beforeEach(async () => {
    await setup('it');
    api = stubApi({
      '/api/conf/tables/tablevalue': (url) => page(url.searchParams.get('tableCodes') === 'PROVINCES' ? PROVINCES : COUNTRIES),
      '/api/conf/tables': () => page([]),
    });
  });

  it('offers the Italian provinces when the country is ITA, free text otherwise', async () => {
    const onValue = vi.fn();
    renderApp(<Harness field={group('address')} initial={{ country: 'FRA', province: 'Paris' }} onValue={onValue} />);
    expect((screen.getByLabelText('Provincia') as HTMLInputElement).value).toBe('Paris');

    await chooseOption(screen.getByLabelText('Paese'), 'Italia');
    // changing to Italy resets the province
    expect(onValue).toHaveBeenLastCalledWith({ country: 'ITA', province: null });
    const province = screen.getByLabelText('Provincia');
    expect(province.getAttribute('role')).toBe('combobox');
    await chooseOption(province, 'Bologna (BO)');
    expect(onValue).toHaveBeenLastCalledWith({ country: 'ITA', province: 'BO' });
    const provinceCall = api.calls.find((c) => c.searchParams.get('tableCodes') === 'PROVINCES')!;
    expect(provinceCall.searchParams.get('alpha2')).toBe('ITA');
    expect(provinceCall.searchParams.get('sort')).toBe('code,asc');

    // and changing from Italy resets it too
    await chooseOption(screen.getByLabelText('Paese'), 'Germania');
    expect(onValue).toHaveBeenLastCalledWith({ country: 'DEU', province: null });
    expect(screen.getByLabelText('Provincia').getAttribute('role')).toBeNull();
  });

  it('keeps the province when the country changes between two foreign ones', async () => {
    const onValue = vi.fn();
    renderApp(<Harness field={group('address')} initial={{ country: 'FRA', province: 'Paris' }} onValue={onValue} />);
    await chooseOption(screen.getByLabelText('Paese'), 'Germania');
    expect(onValue).toHaveBeenLastCalledWith({ country: 'DEU', province: 'Paris' });
  });

  it('checks latitude and longitude and stores them with a dot', () => {
    const onValue = vi.fn();
    renderApp(<Harness field={group('address')} onValue={onValue} />);
    fireEvent.change(screen.getByLabelText('Latitudine'), { target: { value: '44,4949' } });
    expect(onValue).toHaveBeenLastCalledWith({ latitude: '44.4949' });
    fireEvent.change(screen.getByLabelText('Longitudine'), { target: { value: '011.34' } });
    expect(screen.getByRole('alert').textContent).toBe('Coordinata non valida (es. 44.4949).');
    fireEvent.change(screen.getByLabelText('Longitudine'), { target: { value: '200' } });
    expect(screen.getByRole('alert').textContent).toBe("Coordinata fuori dall'intervallo consentito.");
  });

  it('produces values the address schema accepts', () => {
    const onValue = vi.fn();
    renderApp(<Harness field={group('address')} onValue={onValue} />);
    fireEvent.change(screen.getByLabelText('Via'), { target: { value: 'Via Roma' } });
    fireEvent.change(screen.getByLabelText('CAP'), { target: { value: '40100' } });
    fireEvent.change(screen.getByLabelText('Latitudine'), { target: { value: '44.5' } });
    const last = onValue.mock.lastCall![0];
    expect(last).toEqual({ street: 'Via Roma', zip: '40100', latitude: '44.5' });
    expect(fieldSchema(group('address')).safeParse(last).success).toBe(true);
    // emptying every cell empties the group
    for (const label of ['Via', 'CAP', 'Latitudine']) fireEvent.change(screen.getByLabelText(label), { target: { value: '' } });
    expect(onValue).toHaveBeenLastCalledWith(null);
  });
});

const PAYMENT_TYPES = [
  tableValue('PAYMENT_TYPE', 'BONIFICO', 'Bonifico', 'Bank transfer', { flag3: true }),
  tableValue('PAYMENT_TYPE', 'CONTANTI', 'Contanti', 'Cash', { flag3: false }),
];

describe('payment group', { timeout: 30_000 }, () => {
  beforeEach(async () => {
    await setup('it');
    stubApi({ '/api/conf/tables/tablevalue': (url) => page(url.searchParams.get('tableCodes') === 'PAYMENT_TYPE' ? PAYMENT_TYPES : []) });
  });

  it('asks for the IBAN when the chosen payment type requires it (flag3), and only then', async () => {
    const onValue = vi.fn();
    renderApp(<Harness field={group('payment')} initial={{ type: 'CONTANTI' }} onValue={onValue} />);
    const type = screen.getByLabelText('Tipo di pagamento');
    await chooseOption(type, 'Bonifico');
    expect(onValue).toHaveBeenLastCalledWith({ type: 'BONIFICO' });
    expect((await screen.findByRole('alert')).textContent).toBe('IBAN obbligatorio per questo tipo di pagamento.');
    fireEvent.change(screen.getByLabelText('IBAN'), { target: { value: 'IT60X0542811101000000123456' } });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.change(screen.getByLabelText('IBAN'), { target: { value: '' } });
    expect(screen.getByRole('alert').textContent).toBe('IBAN obbligatorio per questo tipo di pagamento.');
    await chooseOption(type, 'Contanti');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('normalises the IBAN and reports one that fails the mod-97 check', () => {
    const onValue = vi.fn();
    renderApp(<Harness field={group('payment')} onValue={onValue} />);
    const iban = screen.getByLabelText('IBAN');
    fireEvent.change(iban, { target: { value: 'it60 x054 2811 1010 0000 0123 457' } });
    expect(onValue).toHaveBeenLastCalledWith({ iban: 'IT60X0542811101000000123457' });
    expect(screen.getByRole('alert').textContent).toBe('IBAN non valido.');
    expect(fieldSchema(group('payment')).safeParse(onValue.mock.lastCall![0]).success).toBe(false);
    fireEvent.change(iban, { target: { value: 'IT60X0542811101000000123456' } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(fieldSchema(group('payment')).safeParse(onValue.mock.lastCall![0]).success).toBe(true);
  });
});

describe('form arrays of groups', { timeout: 30_000 }, () => {
  beforeEach(async () => {
    await setup('it');
    stubApi({ '/api/conf/tables/tablevalue': () => page([]) });
  });

  it('inserts an empty row after the current one and removes rows, keeping one', () => {
    expect(insertRowAfter([{ a: 1 }, { a: 2 }], 0)).toEqual([{ a: 1 }, {}, { a: 2 }]);
    expect(removeRow([{ a: 1 }, { a: 2 }], 0)).toEqual([{ a: 2 }]);
    expect(removeRow([{ a: 1 }], 0)).toEqual([{}]);
  });

  it('adds and removes contact rows from their buttons', () => {
    const onValue = vi.fn();
    renderApp(<Harness field={groupArray('contact')} initial={[{ email: 'a@x.it' }, { email: 'b@x.it' }]} onValue={onValue} />);
    let rows = screen.getAllByTestId('form-array-row');
    expect(rows).toHaveLength(2);
    fireEvent.click(within(rows[0]!).getByRole('button', { name: 'Aggiungi una riga dopo questa' }));
    expect(onValue).toHaveBeenLastCalledWith([{ email: 'a@x.it' }, {}, { email: 'b@x.it' }]);
    rows = screen.getAllByTestId('form-array-row');
    expect(rows).toHaveLength(3);
    expect((within(rows[1]!).getByLabelText('Email') as HTMLInputElement).value).toBe('');
    fireEvent.change(within(rows[1]!).getByLabelText('Email'), { target: { value: 'c@x.it' } });
    expect(onValue).toHaveBeenLastCalledWith([{ email: 'a@x.it' }, { email: 'c@x.it' }, { email: 'b@x.it' }]);

    for (let i = 0; i < 3; i++) fireEvent.click(within(screen.getAllByTestId('form-array-row')[0]!).getByRole('button', { name: 'Rimuovi la riga' }));
    expect(onValue).toHaveBeenLastCalledWith([{}]);
    expect(screen.getAllByTestId('form-array-row')).toHaveLength(1);
    expect(fieldSchema(groupArray('contact')).safeParse(onValue.mock.lastCall![0]).success).toBe(true);
  });

  it('flags an invalid email of a contact', () => {
    renderApp(<Harness field={group('contact')} onValue={() => {}} />);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'non-una-mail' } });
    expect(screen.getByRole('alert').textContent).toBe('Indirizzo email non valido.');
  });
});

describe('fieldset reset (spec §4)', { timeout: 30_000 }, () => {
  beforeEach(async () => {
    await setup('it');
    stubApi({ '/api/conf/tables/tablevalue': () => page([]) });
  });

  it('shows the clear icon once a group differs from what it opened with, and restores that', () => {
    const onValue = vi.fn();
    renderApp(<Harness field={group('contact', { reset: true })} initial={{ email: 'a@b.it', phone: null }} onValue={onValue} />);
    expect(screen.queryByTestId('group-reset-address')).toBeNull();
    const email = screen.getByLabelText('Email') as HTMLInputElement;
    fireEvent.change(email, { target: { value: 'c@d.it' } });
    // the icon appears without remounting the controls the user is typing in
    expect(screen.getByTestId('group-reset-address')).toBeTruthy();
    expect(email.isConnected).toBe(true);
    fireEvent.click(screen.getByTestId('group-reset-address'));
    expect(onValue).toHaveBeenLastCalledWith({ email: 'a@b.it', phone: null });
    expect(email.value).toBe('a@b.it');
    expect(screen.queryByTestId('group-reset-address')).toBeNull();
  });

  it('restores the configured values instead when the declaration gives them', () => {
    const onValue = vi.fn();
    renderApp(<Harness field={group('contact', { reset: { website: 'https://example.it' } })} initial={null} onValue={onValue} />);
    // empty is not what the reset restores: the icon is there from the start
    fireEvent.click(screen.getByTestId('group-reset-address'));
    expect(onValue).toHaveBeenLastCalledWith({ website: 'https://example.it' });
    expect(screen.queryByTestId('group-reset-address')).toBeNull();
  });

  it('takes an array back to one reset row', () => {
    const onValue = vi.fn();
    renderApp(<Harness field={groupArray('contact', { reset: true })} initial={[{ email: 'a@b.it' }, { phone: '051 1' }]} onValue={onValue} />);
    expect(screen.getAllByTestId('form-array-row')).toHaveLength(2);
    fireEvent.click(screen.getByTestId('group-reset-address'));
    expect(onValue).toHaveBeenLastCalledWith([{}]);
    expect(screen.getAllByTestId('form-array-row')).toHaveLength(1);
    expect(screen.queryByTestId('group-reset-address')).toBeNull();
  });

  it('offers no reset unless the declaration enables it', () => {
    renderApp(<Harness field={group('contact')} initial={{ email: 'a@b.it' }} onValue={() => {}} />);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'c@d.it' } });
    expect(screen.queryByTestId('group-reset-address')).toBeNull();
  });
});

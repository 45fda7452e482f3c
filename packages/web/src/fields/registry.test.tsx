import { boolean, date, datetime, decimal, group, integer, lookup, measure, money, reference, tags, text, type FieldDefinition, type FieldType, type GroupField, type LookupField, type MeasureField, type ReferenceField } from '@circula/model';
import { screen } from '@testing-library/react';
import type { ValueFormatterParams } from 'ag-grid-community';
import { beforeEach, describe, expect, expectTypeOf, it } from 'vitest';
import { i18n } from '../i18n';
import { labelOf } from './labels';
import { FIELD_WIDGETS, widgetFor } from './registry';
import { page, renderApp, setup, stubApi, tableValue } from '../test/harness';

const format = (col: ReturnType<(typeof FIELD_WIDGETS)['text']['column']>, value: unknown) =>
  (col.valueFormatter as (p: ValueFormatterParams) => string)({ value } as ValueFormatterParams);

const ALL_TYPES: FieldType[] = ['text', 'longText', 'integer', 'decimal', 'money', 'boolean', 'date', 'datetime', 'time', 'lookup', 'reference', 'tags', 'document', 'measure', 'translations', 'json', 'group'];

describe('field widget registry', { timeout: 30_000 }, () => {
  beforeEach(() => setup('it'));

  it('has an input, a display and a column for every field type', () => {
    for (const type of ALL_TYPES) {
      expect(FIELD_WIDGETS[type].Input, type).toBeTypeOf('function');
      expect(FIELD_WIDGETS[type].Display, type).toBeTypeOf('function');
      expect(FIELD_WIDGETS[type].column, type).toBeTypeOf('function');
    }
  });

  it('hands each widget the definition of its own field type (checked by the compiler)', () => {
    type InputField<T extends FieldType> = Parameters<(typeof FIELD_WIDGETS)[T]['Input']>[0]['field'];
    type DisplayField<T extends FieldType> = Parameters<(typeof FIELD_WIDGETS)[T]['Display']>[0]['field'];
    expectTypeOf<InputField<'lookup'>>().toEqualTypeOf<LookupField>();
    expectTypeOf<InputField<'group'>>().toEqualTypeOf<GroupField>();
    expectTypeOf<DisplayField<'measure'>>().toEqualTypeOf<MeasureField>();
    expectTypeOf<Parameters<(typeof FIELD_WIDGETS)['reference']['column']>[0]['field']>().toEqualTypeOf<ReferenceField>();
    expectTypeOf(widgetFor(lookup('T')).Input).parameter(0).toHaveProperty('field').toEqualTypeOf<LookupField>();
  });

  it('builds columns with Italian formats, right-aligned numbers and no client filtering', async () => {
    // a column may be built in a language the page does not show: its dictionary loads on demand
    await i18n.loadLanguages('en');
    const dec = FIELD_WIDGETS.decimal.column({ name: 'weight', field: decimal(3), label: 'Peso', language: 'it' });
    expect(dec).toMatchObject({ headerName: 'Peso', field: 'weight', type: 'rightAligned', sortable: true, filter: false });
    expect(format(dec, 1234.5)).toBe('1.234,50');
    expect(format(FIELD_WIDGETS.integer.column({ name: 'n', field: integer(), label: 'N', language: 'it' }), 12000)).toBe('12.000');
    expect(format(FIELD_WIDGETS.money.column({ name: 'p', field: money(), label: 'P', language: 'it' }), 1234.5)).toBe('1.234,50\u00a0€');
    expect(format(FIELD_WIDGETS.date.column({ name: 'd', field: date(), label: 'D', language: 'it' }), '2026-03-05')).toBe('05/03/2026');
    expect(format(FIELD_WIDGETS.datetime.column({ name: 'd', field: datetime(), label: 'D', language: 'it' }), '2026-03-05T13:30:00.000Z')).toMatch(/^05\/03\/2026 \d\d:30$/);
    expect(format(FIELD_WIDGETS.boolean.column({ name: 'b', field: boolean(), label: 'B', language: 'en' }), true)).toBe('Yes');
    expect(format(FIELD_WIDGETS.text.column({ name: 't', field: text(), label: 'T', language: 'it' }), null)).toBe('');
  });

  it('lets the grid sort only what the server can sort', () => {
    const sortable = (field: FieldDefinition) => widgetFor(field).column({ name: 'x', field, label: 'X', language: 'it' }).sortable;
    expect(sortable(text())).toBe(true);
    expect(sortable(text({ filterable: false }))).toBe(false);
    expect(sortable(lookup('T'))).toBe(true);
    expect(sortable(lookup('T', { multiple: true }))).toBe(false);
    expect(sortable(reference('tag', { multiple: true }))).toBe(false);
    expect(sortable(tags())).toBe(false);
    expect(sortable(measure('MASS'))).toBe(false);
    expect(sortable(group('address'))).toBe(false);
  });

  it('names a field by its label in the language, else by its name', () => {
    expect(labelOf(text({ label: { it: 'Nome', en: 'Name' } }), 'name', 'en')).toBe('Name');
    expect(labelOf(text({ label: { it: 'Nome', en: '' } }), 'name', 'en')).toBe('Nome');
    expect(labelOf(text(), 'vatNumber', 'it')).toBe('vatNumber');
  });
});

describe('displays', { timeout: 30_000 }, () => {
  beforeEach(() => setup('it'));

  it('shows scalars in Italian formats', () => {
    const { Display } = FIELD_WIDGETS.date;
    renderApp(
      <>
        <Display name="d" field={date()} value="2026-03-05" />
        <FIELD_WIDGETS.decimal.Display name="w" field={decimal(2)} value={0.5} />
        <FIELD_WIDGETS.boolean.Display name="b" field={boolean()} value={false} />
      </>,
    );
    expect(screen.getByText('05/03/2026')).toBeTruthy();
    expect(screen.getByText('0,50')).toBeTruthy();
    expect(screen.getByText('No')).toBeTruthy();
  });

  it('shows references by code and name, asking for all of them in one request', async () => {
    const api = stubApi({
      '/api/conf/tags': (url) => {
        const q = JSON.parse(url.searchParams.get('q')!) as { filters: { field: string; op: string; value: number[] }[] };
        return page(q.filters[0]!.value.map((id) => ({ id, code: `TAG${id}`, name: `Etichetta ${id}` })));
      },
    });
    const { Display } = FIELD_WIDGETS.reference;
    renderApp(
      <>
        <Display name="a" field={reference('tag')} value={7} />
        <Display name="b" field={reference('tag', { multiple: true })} value={[8, 9]} />
      </>,
    );
    expect(await screen.findByText('TAG7 — Etichetta 7')).toBeTruthy();
    expect(await screen.findByText('TAG9 — Etichetta 9')).toBeTruthy();
    expect(api.calls).toHaveLength(1);
    expect(JSON.parse(api.calls[0]!.searchParams.get('q')!)).toEqual({ filters: [{ field: 'id', op: 'in', value: [7, 8, 9] }] });
  });

  it('shows a measure with its unit symbol and a group with lookup labels', async () => {
    stubApi({
      '/api/conf/tables/tablevalue': (url) =>
        page(
          url.searchParams.get('tableCodes') === 'MEASURE_UNIT'
            ? [tableValue('MEASURE_UNIT', 'T', 'Tonnellata', 'Tonne', { alpha1: 'WEIGHT', alpha2: 't' })]
            : [tableValue('COUNTRIES', 'ITA', 'Italia', 'Italy'), tableValue('PROVINCES', 'BO', 'Bologna', 'Bologna')],
        ),
    });
    renderApp(
      <>
        <FIELD_WIDGETS.measure.Display name="m" field={measure('WEIGHT', { scale: 3 })} value={{ value: 1250.5, unit: 'T' }} />
        <FIELD_WIDGETS.group.Display name="g" field={group('address')} value={{ street: 'Via Roma', country: 'ITA', province: 'BO' }} />
      </>,
    );
    expect(await screen.findByText('1.250,50 t')).toBeTruthy();
    expect(await screen.findByText('Italia')).toBeTruthy();
    expect(screen.getByText('Via Roma')).toBeTruthy();
  });
});

// the lookup column renders the label through the display
it('renders lookup cells through the display', async () => {
  await setup('it');
  stubApi({ '/api/conf/tables/tablevalue': () => page([tableValue('SBJ_LEGAL_FORM', 'SRL', 'S.r.l.', 'Ltd')]) });
  const col = FIELD_WIDGETS.lookup.column({ name: 'legalForm', field: lookup('SBJ_LEGAL_FORM'), label: 'Forma', language: 'it' });
  const Cell = col.cellRenderer as (p: { value: unknown }) => React.JSX.Element;
  renderApp(<Cell value="SRL" />);
  expect(await screen.findByText('S.r.l.')).toBeTruthy();
});

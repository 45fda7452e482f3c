import { describe, expect, it } from 'vitest';
import { computeInvoice, type VatCode } from '../../src/domain/invoices/compute.js';
import { pickPrice, type PriceQuery, type PriceRow } from '../../src/domain/invoices/pricing.js';

const CUSTOMER = 7;
let nextId = 1;
const row = (overrides: Partial<PriceRow>): PriceRow => ({
  rowId: nextId++,
  listId: overrides.listId ?? 1,
  listCode: null,
  direction: 'ACTIVE',
  counterpart: null,
  contract: null,
  listFrom: '2026-01-01',
  listTo: null,
  rowFrom: null,
  rowTo: null,
  waste: 100,
  material: null,
  service: null,
  unit: 'KG',
  price: '0.2000',
  minimumCharge: null,
  vatCode: 'IVA22',
  ...overrides,
});
const query = (overrides: Partial<PriceQuery> = {}): PriceQuery => ({
  direction: 'ACTIVE',
  counterpart: CUSTOMER,
  item: { waste: 100 },
  date: '2026-06-15',
  units: ['KG', 'T', 'FLAT'],
  ...overrides,
});

/** Which price applies to a line of work: every precedence rule of pricing.ts. */
describe('pickPrice', () => {
  it('takes only rows of the same item, direction and a usable unit', () => {
    const other = row({ waste: 101 });
    const purchase = row({ direction: 'PASSIVE' });
    const perTrip = row({ unit: 'TRIP' });
    const material = row({ waste: null, material: 100 });
    expect(pickPrice([other, purchase, perTrip, material], query())).toBeNull();
    const good = row({});
    expect(pickPrice([other, purchase, perTrip, material, good], query())).toBe(good);
    expect(pickPrice([material], query({ item: { material: 100 } }))).toBe(material);
  });

  it('needs the list and the row valid on the day of the work', () => {
    const ended = row({ listTo: '2026-06-14' });
    const notYet = row({ listFrom: '2026-06-16' });
    const rowEnded = row({ rowTo: '2026-05-31' });
    const rowNotYet = row({ rowFrom: '2026-07-01' });
    expect(pickPrice([ended, notYet, rowEnded, rowNotYet], query())).toBeNull();
    const lastDay = row({ listTo: '2026-06-15' });
    expect(pickPrice([ended, lastDay], query())).toBe(lastDay);
  });

  it("prefers the customer's own list to the default one, and never uses another customer's", () => {
    const fallback = row({ listFrom: '2026-06-01', price: '0.30' });
    const own = row({ counterpart: CUSTOMER, listFrom: '2026-01-01', price: '0.25' });
    const someoneElse = row({ counterpart: 8, listFrom: '2026-06-10', price: '0.10' });
    expect(pickPrice([fallback, own, someoneElse], query())).toBe(own);
    expect(pickPrice([fallback, someoneElse], query())).toBe(fallback);
  });

  it('takes the agreement that started last: a dated row within a list beats the list', () => {
    const older = row({ listId: 1, listFrom: '2026-01-01' });
    const newer = row({ listId: 2, listFrom: '2026-03-01' });
    expect(pickPrice([older, newer], query())).toBe(newer);
    const offer = row({ listId: 1, listFrom: '2026-01-01', rowFrom: '2026-06-01', rowTo: '2026-06-30', price: '0.15' });
    expect(pickPrice([older, newer, offer], query())).toBe(offer);
    expect(pickPrice([older, newer, offer], query({ date: '2026-07-01' }))).toBe(newer);
  });

  it("then follows the order of the work's units, then the row entered last", () => {
    const flat = row({ unit: 'FLAT', price: '90' });
    const perTonne = row({ unit: 'T', price: '180' });
    const perKg = row({ unit: 'KG' });
    expect(pickPrice([flat, perTonne, perKg], query())).toBe(perKg);
    expect(pickPrice([flat, perTonne], query())).toBe(perTonne);
    const a = row({ listId: 3 });
    const b = row({ listId: 3 });
    expect(pickPrice([b, a], query())).toBe(b.rowId > a.rowId ? b : a);
  });
});

const codes = new Map<string, VatCode>([
  ['IVA22', { code: 'IVA22', rate: '22', nature: null, stampDuty: false, label: 'IVA 22%' }],
  ['IVA10', { code: 'IVA10', rate: '10', nature: null, stampDuty: false, label: 'IVA 10%' }],
  ['N3.5', { code: 'N3.5', rate: '0', nature: 'N3.5', stampDuty: true, label: 'N3.5' }],
  ['N6.1', { code: 'N6.1', rate: '0', nature: 'N6.1', stampDuty: false, label: 'N6.1' }],
]);
const stamp = { threshold: '77.47', amount: '2.00' };

describe('computeInvoice', () => {
  it('rounds each line, sums per rate and computes VAT once per rate', () => {
    const totals = computeInvoice(
      [
        { quantity: '1250.5', unitPrice: '0.1235', vatCode: 'IVA22' }, // 154.43675 → 154.44
        { quantity: 3, unitPrice: '0.115', vatCode: 'IVA22' }, // 0.345 → 0.35
        { quantity: 1, unitPrice: '10.05', vatCode: 'IVA10' },
      ],
      codes,
      false,
      stamp,
    );
    expect(totals.lines.map((l) => l.amount)).toEqual(['154.44', '0.35', '10.05']);
    expect(totals.summary).toEqual([
      { vatRate: '22.00', nature: null, vatCode: 'IVA22', taxable: '154.79', vat: '34.05' }, // 34.0538
      { vatRate: '10.00', nature: null, vatCode: 'IVA10', taxable: '10.05', vat: '1.01' }, // 1.005 half up
    ]);
    expect([totals.taxable, totals.vat, totals.total, totals.payable, totals.stampDuty]).toEqual(['164.84', '35.06', '199.90', '199.90', null]);
  });

  it('applies minimum charges, keeps a premium negative and reverse charge without VAT or stamp duty', () => {
    const totals = computeInvoice(
      [
        { quantity: 100, unitPrice: '0.2', minimumCharge: 45, vatCode: 'IVA22' },
        { quantity: 2000, unitPrice: '-0.12', vatCode: 'N6.1' },
      ],
      codes,
      false,
      stamp,
    );
    expect(totals.lines.map((l) => l.amount)).toEqual(['45.00', '-240.00']);
    expect(totals.summary[1]).toMatchObject({ nature: 'N6.1', taxable: '-240.00', vat: '0.00' });
    expect(totals.stampDuty).toBeNull();
  });

  it('charges stamp duty only above the threshold of operations that carry it', () => {
    const at = computeInvoice([{ quantity: 1, unitPrice: '77.47', vatCode: 'N3.5' }], codes, false, stamp);
    expect(at.stampDuty).toBeNull();
    const above = computeInvoice([{ quantity: 1, unitPrice: '77.48', vatCode: 'N3.5' }], codes, false, stamp);
    expect(above.stampDuty).toBe('2.00');
    const taxed = computeInvoice([{ quantity: 1, unitPrice: '500', vatCode: 'IVA22' }], codes, false, stamp);
    expect(taxed.stampDuty).toBeNull();
  });

  it('leaves the VAT out of what the customer pays under split payment', () => {
    const totals = computeInvoice([{ quantity: 10, unitPrice: '10', vatCode: 'IVA22' }], codes, true, stamp);
    expect([totals.total, totals.payable]).toEqual(['122.00', '100.00']);
  });
});

import { describe, expect, it } from 'vitest';
import { lookupOption, lookupValue, valueFromOf } from './lookup-values';
import { tableValue } from '../test/harness';

describe('lookup option shapes (spec §3)', () => {
  it('labels a value by its translated text and carries the record as extra by default', () => {
    const v = tableValue('URGENCY', 'HIGH', 'Alta', 'High');
    expect(lookupOption(v, 'en')).toEqual({ value: 'HIGH', label: 'High', extra: v });
  });

  it('labels a warehouse type as value, a dash and the text', () => {
    expect(lookupOption(tableValue('WAREHOUSE_TYPE', 'CDR', 'Centro di raccolta', 'Collection centre'), 'it').label).toBe('CDR - Centro di raccolta');
  });

  it('shows an R/D operation with its legal code first', () => {
    expect(lookupOption(tableValue('RD_OPERATION', 'R13', 'Messa in riserva', 'Storage'), 'it').label).toBe('R13 - Messa in riserva');
  });

  it('gives a payment type its plain name and {val, useBuOwner, required}', () => {
    const v = tableValue('PAYMENT_TYPE', 'RIBA', 'Ricevuta bancaria', 'Bank receipt', { name: 'Ri.Ba.', val: 'MP12', flag1: true, flag3: false });
    expect(lookupOption(v, 'en')).toEqual({ value: 'RIBA', label: 'Ri.Ba.', extra: { val: 'MP12', useBuOwner: true, required: false } });
  });

  it('gives a subject-warehouse its relation type from alpha1 and its flags', () => {
    const v = tableValue('SUBJECT_WAREHOUSE', 'OWNER', 'Proprietario', 'Owner', { alpha1: 'OWNER_OF', flag2: true });
    expect(lookupOption(v, 'it').extra).toEqual({ code: 'OWNER', relationType: 'OWNER_OF', flag1: false, flag2: true, flag3: false });
  });

  it('labels campaigns by alpha1, keeps transport causals in Italian, and extracts mechanics and SMTP extras', () => {
    expect(lookupOption(tableValue('AGENT_CAMPAIGN', 'C1', 'Campagna', 'Campaign', { alpha1: 'Primavera 2026' }), 'en').label).toBe('Primavera 2026');
    expect(lookupOption(tableValue('TRANSPORT_CAUSAL', 'VEN', 'Vendita', 'Sale'), 'en').label).toBe('Vendita');
    expect(lookupOption(tableValue('MECHANICS', 'M1', 'Meccanica', 'Mechanics', { extraFields: { points: 3 } }), 'it').extra).toEqual({ points: 3 });
    expect(lookupOption(tableValue('SMTP', 'MAIN', 'Principale', 'Main', { extraValue: 'smtp://mail.example:587' }), 'it').extra).toBe('smtp://mail.example:587');
  });

  describe('option values from the column each table declares (spec §3)', () => {
    const vat = tableValue('VAT_RATE', 'STANDARD', 'Ordinaria', 'Standard', { val: '22' });

    it('stores the code unless the table says otherwise', () => {
      expect(valueFromOf('PAYMENT_TYPE')).toBe('code');
      expect(valueFromOf('NO_SUCH_TABLE')).toBe('code');
      expect(lookupOption(vat, 'it').value).toBe('STANDARD');
    });

    it('stores the val or the record id of tables declared so, whatever the option shape', () => {
      expect(lookupValue(vat, 'val')).toBe('22');
      expect(lookupValue(vat, 'id')).toBe(vat.id);
      expect(lookupOption(vat, 'it', 'val')).toMatchObject({ value: '22', label: 'Ordinaria' });
      const payment = tableValue('PAYMENT_TYPE', 'RIBA', 'Ricevuta bancaria', 'Bank receipt', { val: 'MP12' });
      expect(lookupOption(payment, 'it', 'id')).toMatchObject({ value: payment.id, extra: { val: 'MP12' } });
    });
  });
});

import { CATALOGUE } from '@circula/model';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../../i18n';
import { formatDateTime } from '../../app/format';
import { filterText } from './list-filter-text';

/** A list's filter tags (links from the dashboard open lists filtered by dates, instants and statuses). */
describe('list filter text', () => {
  const requests = CATALOGUE.target('movement-requests')!;
  const t = (key: string) => i18n.t(key);
  beforeAll(() => initI18n('it'));

  it('reads days as dd/mm/yyyy and statuses by their label', () => {
    expect(filterText({ field: 'wishedFrom', op: 'between', value: ['2025-12-01', '2026-11-25'] }, requests, 'it', t)).toBe('Dal giorno compreso tra 01/12/2025, 25/11/2026');
    expect(filterText({ field: 'status', op: 'eq', value: 'DONE' }, requests, 'it', t)).toBe('Stato = Eseguita');
    expect(filterText({ field: 'status', op: 'in', value: ['SUBMITTED', 'ACCEPTED'] }, requests, 'en', t)).toBe('Stato tra Submitted, Accepted');
  });

  it('reads instants in the Italian format, and the common columns by their label', () => {
    const instant = '2026-11-17T23:00:00.000Z';
    expect(filterText({ field: 'createdAt', op: 'gte', value: instant }, requests, 'it', t)).toBe(`Creato il ≥ ${formatDateTime(instant)}`);
    expect(formatDateTime(instant)).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
  });

  it('keeps other values and unknown fields as they are', () => {
    const ledger = CATALOGUE.target('warehouse-movements')!;
    expect(filterText({ field: 'corrects', op: 'isNull' }, ledger, 'it', t)).toBe('Rettifica della registrazione vuoto');
    expect(filterText({ field: 'waste', op: 'nin', value: [11, 12] }, ledger, 'it', t)).toBe('Codice EER non tra 11, 12');
    expect(filterText({ field: 'nothing', op: 'eq', value: 'x' }, ledger, 'it', t)).toBe('nothing = x');
  });
});

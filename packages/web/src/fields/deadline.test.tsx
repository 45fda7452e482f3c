import { date, deadlineState } from '@circula/model';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { localToday } from './displays';
import { FIELD_WIDGETS } from './registry';
import { renderApp, setup } from '../test/harness';

const shift = (days: number) => {
  const d = new Date(`${localToday()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

describe('deadlines (an authorisation expiry)', { timeout: 30_000 }, () => {
  beforeEach(() => setup('it'));

  it('tells expired, expiring within the warning days and valid dates apart', () => {
    expect(deadlineState('2026-11-21', 60, '2026-11-22')).toBe('expired');
    expect(deadlineState('2026-11-22', 60, '2026-11-22')).toBe('expiring');
    expect(deadlineState('2027-01-21', 60, '2026-11-22')).toBe('expiring');
    expect(deadlineState('2027-01-22', 60, '2026-11-22')).toBe('valid');
    expect(deadlineState(null, 60, '2026-11-22')).toBeNull();
  });

  it('flags an expired or expiring deadline on the record and in the list cell, and leaves the others plain', () => {
    const field = date({ deadline: { warnDays: 60 } });
    const { Display } = FIELD_WIDGETS.date;
    const { unmount } = renderApp(<Display name="expiry" field={field} value={shift(-1)} />);
    expect(screen.getByText(/scaduta/).closest('[data-deadline]')?.getAttribute('data-deadline')).toBe('expired');
    unmount();
    renderApp(<Display name="expiry" field={field} value={shift(10)} />);
    expect(screen.getByText(/in scadenza/).closest('[data-deadline]')?.getAttribute('data-deadline')).toBe('expiring');
    const plain = FIELD_WIDGETS.date.column({ name: 'd', field: date(), label: 'D', language: 'it' });
    expect(plain.cellRenderer).toBeUndefined();
    const flagged = FIELD_WIDGETS.date.column({ name: 'expiry', field, label: 'Scadenza', language: 'it' });
    expect(flagged.cellRenderer).toBeTypeOf('function');
  });
});

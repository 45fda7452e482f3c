import { describe, expect, it } from 'vitest';
import { addDays, calendarMonth, daysBetween, todayInItaly } from './calendar.js';

describe('the Italian calendar', () => {
  it('reads today on the Italian clock', () => {
    // 23:30 UTC on 31 March is already 1 April in Rome (summer time), 23:30 UTC on 31 December already 1 January (winter time)
    expect(todayInItaly(new Date('2026-03-31T23:30:00Z'))).toBe('2026-04-01');
    expect(todayInItaly(new Date('2025-12-31T23:30:00Z'))).toBe('2026-01-01');
    expect(todayInItaly(new Date('2026-06-15T10:00:00Z'))).toBe('2026-06-15');
  });

  it('gives a month back from a day: the invoice run\'s periods', () => {
    expect(calendarMonth('2026-03-15', 1)).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(calendarMonth('2024-03-01', 1)).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(calendarMonth('2026-01-31', 1)).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(calendarMonth('2026-11-25')).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(calendarMonth('2026-11-25', 12)).toEqual({ from: '2025-11-01', to: '2025-11-30' });
  });

  it('adds and counts days across months and years', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2026-12-31', 30)).toBe('2027-01-30');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysBetween('2026-03-30', '2026-03-31')).toBe(1);
    expect(daysBetween('2026-03-29', '2026-03-30')).toBe(1); // across the change to summer time
  });
});

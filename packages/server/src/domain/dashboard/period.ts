import { addDays, calendarMonth, DASHBOARD_MAX_RANGE_DAYS, daysBetween } from '@circula/model';
import { badRequest } from '../../http/errors.js';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A yyyy-mm-dd that names a real day of years 2000–2100 (2026-02-30 is not one). */
const isDay = (value: string): boolean => {
  if (!DAY.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value && d.getUTCFullYear() >= 2000 && d.getUTCFullYear() <= 2100;
};

/**
 * The dashboard's period (`from`, `to`: yyyy-mm-dd, both included): by default the last twelve
 * calendar months, this one included, up to today. A day that is not one, a reversed period or
 * one longer than DASHBOARD_MAX_RANGE_DAYS is a 400.
 */
export function parsePeriod(from: string | undefined, to: string | undefined, today: string): { from: string; to: string } {
  if (from !== undefined && !isDay(from)) throw badRequest('DASHBOARD_INVALID_FROM');
  if (to !== undefined && !isDay(to)) throw badRequest('DASHBOARD_INVALID_TO');
  const last = to ?? today;
  const first = from ?? calendarMonth(last, 11).from;
  if (last < first) throw badRequest('DASHBOARD_RANGE_REVERSED');
  if (daysBetween(first, last) + 1 > DASHBOARD_MAX_RANGE_DAYS) throw badRequest('DASHBOARD_RANGE_TOO_LONG');
  return { from: first, to: last };
}

/** Every month (yyyy-mm) from the one of `from` to the one of `to`, in order. */
export function monthsOf(from: string, to: string): string[] {
  const months: string[] = [];
  for (let month = from.slice(0, 7); month <= to.slice(0, 7); month = addDays(calendarMonth(`${month}-01`).to, 1).slice(0, 7)) months.push(month);
  return months;
}

/** Monday and Sunday of the week of `day`. */
export function weekOf(day: string): { from: string; to: string } {
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
  const monday = addDays(day, -((weekday + 6) % 7));
  return { from: monday, to: addDays(monday, 6) };
}

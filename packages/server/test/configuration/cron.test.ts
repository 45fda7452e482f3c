import { CHECKS, CRON_ERRORS, parseQuartzCron } from '@circula/model';
import { describe, expect, it } from 'vitest';
import { nextQuartzOccurrence } from '../../src/domain/configuration/cron.js';

const next = (expression: string, from: string, timeZone = 'Europe/Rome') => {
  const parsed = parseQuartzCron(expression);
  if (parsed.error !== undefined) throw new Error(`${expression}: ${parsed.error}`);
  return nextQuartzOccurrence(parsed.schedule, timeZone, new Date(from))?.toISOString() ?? null;
};

describe('quartz cron expressions', () => {
  it.each([
    '0 0 6 * * ?',
    '0 30 6 ? * MON-FRI',
    '0 0/15 8-18 ? * 2-6',
    '0 */5 * * * ?',
    '0 0 0 1,15 * ?',
    '0 0 12 ? JAN,JUL SUN',
    '0 5/20 9 ? * sat,sun',
    '0 0 0 ? * 1',
    '  0   10   4  ?  *  7  ',
    '0 0 0 29 2 ?',
    '0 59 23 31 DEC ?',
  ])('accepts %s', (expression) => {
    expect(parseQuartzCron(expression).error).toBeUndefined();
    expect(CHECKS.quartzCron!(expression)).toBe(true);
  });

  it.each([
    ['0 0 6 * *', CRON_ERRORS.fields],
    ['0 0 6 * * ? 2026', CRON_ERRORS.fields],
    ['', CRON_ERRORS.fields],
    ['30 0 6 * * ?', CRON_ERRORS.seconds],
    ['* 0 6 * * ?', CRON_ERRORS.seconds],
    ['0 60 6 * * ?', CRON_ERRORS.minutes],
    ['0 */0 6 * * ?', CRON_ERRORS.minutes],
    ['0 a 6 * * ?', CRON_ERRORS.minutes],
    ['0 0 24 * * ?', CRON_ERRORS.hours],
    ['0 0 18-8 * * ?', CRON_ERRORS.hours],
    ['0 0 6 32 * ?', CRON_ERRORS.dayOfMonth],
    ['0 0 6 0 * ?', CRON_ERRORS.dayOfMonth],
    ['0 0 6 L * ?', CRON_ERRORS.dayOfMonth],
    ['0 0 6 15W * ?', CRON_ERRORS.dayOfMonth],
    ['0 0 6 1 13 ?', CRON_ERRORS.month],
    ['0 0 6 1 JANUARY ?', CRON_ERRORS.month],
    ['0 0 6 ? * 8', CRON_ERRORS.dayOfWeek],
    ['0 0 6 ? * 0', CRON_ERRORS.dayOfWeek],
    ['0 0 6 ? * MON#2', CRON_ERRORS.dayOfWeek],
    ['0 0 6 ? * 6L', CRON_ERRORS.dayOfWeek],
    // quartz: `?` in exactly one of the day fields
    ['0 0 6 * * *', CRON_ERRORS.dayChoice],
    ['0 0 6 1 * MON', CRON_ERRORS.dayChoice],
    ['0 0 6 ? * ?', CRON_ERRORS.dayChoice],
    ['0 0 6 ?,1 * ?', CRON_ERRORS.dayOfMonth],
  ])('refuses %j with %s', (expression, error) => {
    expect(parseQuartzCron(expression).error).toBe(error);
    expect(CHECKS.quartzCron!(expression)).toBe(false);
  });

  it('normalises the expression: upper case, single spaces', () => {
    expect(parseQuartzCron('  0 30  6 ? * mon-fri ').schedule?.expression).toBe('0 30 6 ? * MON-FRI');
  });

  it('expands ranges, lists, steps and names into the values of each field', () => {
    const { schedule } = parseQuartzCron('0 5/20 8-10/2 ? JAN,MAR-APR MON-WED,SAT');
    expect(schedule).toMatchObject({ minutes: [5, 25, 45], hours: [8, 10], daysOfMonth: null, months: [1, 3, 4], daysOfWeek: [2, 3, 4, 7] });
  });
});

describe('next occurrence of a quartz expression', () => {
  it('goes from a Saturday to Monday 06:30 in Europe/Rome for a weekday schedule', () => {
    // Saturday 7 March 2026, 10:00 in Rome (CET, UTC+1)
    expect(next('0 30 6 ? * MON-FRI', '2026-03-07T09:00:00Z')).toBe('2026-03-09T05:30:00.000Z');
    // on a weekday before 06:30: the same day; just after: the next day
    expect(next('0 30 6 ? * MON-FRI', '2026-03-10T05:00:00Z')).toBe('2026-03-10T05:30:00.000Z');
    expect(next('0 30 6 ? * MON-FRI', '2026-03-10T05:30:00Z')).toBe('2026-03-11T05:30:00.000Z');
  });

  it('follows summer time (CEST, UTC+2)', () => {
    expect(next('0 30 6 ? * MON-FRI', '2026-07-04T12:00:00Z')).toBe('2026-07-06T04:30:00.000Z');
  });

  it('is strictly after the given instant, on whole minutes', () => {
    expect(next('0 * * * * ?', '2026-05-01T10:00:00Z', 'UTC')).toBe('2026-05-01T10:01:00.000Z');
    expect(next('0 * * * * ?', '2026-05-01T10:00:59.999Z', 'UTC')).toBe('2026-05-01T10:01:00.000Z');
    expect(next('0 */15 * * * ?', '2026-05-01T10:07:00Z', 'UTC')).toBe('2026-05-01T10:15:00.000Z');
  });

  it('handles day-of-month, months and the end of months', () => {
    expect(next('0 0 8 31 * ?', '2026-01-31T12:00:00Z', 'UTC')).toBe('2026-03-31T08:00:00.000Z');
    expect(next('0 0 12 1 JAN,JUL ?', '2026-03-06T12:00:00Z', 'America/New_York')).toBe('2026-07-01T16:00:00.000Z');
    // 29 February: the next leap year, midnight in Rome
    expect(next('0 0 0 29 2 ?', '2026-01-01T00:00:00Z')).toBe('2028-02-28T23:00:00.000Z');
  });

  it('uses day-of-week 1 = Sunday … 7 = Saturday', () => {
    // Wednesday 4 March 2026
    expect(next('0 0 9 ? * 1', '2026-03-04T12:00:00Z', 'UTC')).toBe('2026-03-08T09:00:00.000Z');
    expect(next('0 0 9 ? * 7', '2026-03-04T12:00:00Z', 'UTC')).toBe('2026-03-07T09:00:00.000Z');
    expect(next('0 0 9 ? * SAT', '2026-03-04T12:00:00Z', 'UTC')).toBe('2026-03-07T09:00:00.000Z');
  });

  it('moves a time inside the spring gap forward by the gap (02:30 → 03:30 CEST)', () => {
    // Rome, 29 March 2026: 02:00 CET becomes 03:00 CEST (01:00Z)
    expect(next('0 30 2 * * ?', '2026-03-28T12:00:00Z')).toBe('2026-03-29T01:30:00.000Z');
    expect(next('0 30 2 * * ?', '2026-03-29T00:59:00Z')).toBe('2026-03-29T01:30:00.000Z');
    expect(next('0 30 2 * * ?', '2026-03-29T01:30:00Z')).toBe('2026-03-30T00:30:00.000Z');
  });

  it('runs a chosen time once in the hour autumn repeats, and hourly jobs in both passes', () => {
    // Rome, 25 October 2026: 03:00 CEST becomes 02:00 CET (01:00Z); 02:30 happens at 00:30Z and 01:30Z
    expect(next('0 30 2 * * ?', '2026-10-24T12:00:00Z')).toBe('2026-10-25T00:30:00.000Z');
    expect(next('0 30 2 * * ?', '2026-10-25T00:30:00Z')).toBe('2026-10-26T01:30:00.000Z');
    expect(next('0 30 * * * ?', '2026-10-25T00:30:00Z')).toBe('2026-10-25T01:30:00.000Z');
    expect(next('0 * * * * ?', '2026-10-25T00:59:00Z')).toBe('2026-10-25T01:00:00.000Z');
  });

  it('answers null for an expression that never fires', () => {
    expect(next('0 0 0 30 2 ?', '2026-01-01T00:00:00Z')).toBeNull();
    expect(next('0 0 0 31 APR,JUN,SEP,NOV ?', '2026-01-01T00:00:00Z')).toBeNull();
  });
});

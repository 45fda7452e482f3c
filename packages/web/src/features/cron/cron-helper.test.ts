import { describe, expect, it } from 'vitest';
import { buildCron, DEFAULT_FORM, describeCron, describeExpression, formatRunTime, parseCron, type CronForm } from './cron-helper';

const form = (values: Partial<CronForm>): CronForm => ({ ...DEFAULT_FORM, ...values });

describe('cron helper', () => {
  it('builds quartz expressions from the form (seconds 0, ? in the unused day field)', () => {
    expect(buildCron(form({ baseFrequency: 'minute', minutes: [5] }))).toBe('0 0/5 * * * ?');
    expect(buildCron(form({ baseFrequency: 'hour', minutes: [30, 0] }))).toBe('0 0,30 * * * ?');
    expect(buildCron(form({ baseFrequency: 'day', minutes: [0], hours: [6] }))).toBe('0 0 6 * * ?');
    expect(buildCron(form({ baseFrequency: 'week', minutes: [30], hours: [8], daysOfWeek: [6, 2] }))).toBe('0 30 8 ? * 2,6');
    expect(buildCron(form({ baseFrequency: 'month', minutes: [0], hours: [6], daysOfMonth: [15, 1] }))).toBe('0 0 6 1,15 * ?');
    expect(buildCron(form({ baseFrequency: 'year', minutes: [0], hours: [6], daysOfMonth: [1], months: [7, 1] }))).toBe('0 0 6 1 1,7 ?');
    expect(buildCron(form({ baseFrequency: 'none', expression: ' 0 0 6 L * ? ' }))).toBe('0 0 6 L * ?');
  });

  it('reads an expression back into the form it was built from', () => {
    const forms: CronForm[] = [
      form({ baseFrequency: 'minute', minutes: [15] }),
      form({ baseFrequency: 'hour', minutes: [0, 30] }),
      form({ baseFrequency: 'day', minutes: [0], hours: [6, 18] }),
      form({ baseFrequency: 'week', minutes: [30], hours: [8], daysOfWeek: [2, 6] }),
      form({ baseFrequency: 'month', minutes: [0], hours: [6], daysOfMonth: [1, 15] }),
      form({ baseFrequency: 'year', minutes: [45], hours: [23], daysOfMonth: [31], months: [12] }),
    ];
    for (const f of forms) {
      const back = parseCron(buildCron(f));
      expect(back.baseFrequency, buildCron(f)).toBe(f.baseFrequency);
      expect(buildCron(back)).toBe(buildCron(f));
    }
    expect(parseCron('0 */10 * * * ?')).toMatchObject({ baseFrequency: 'minute', minutes: [10] });
    expect(parseCron('0 30 6 ? * 2')).toMatchObject({ baseFrequency: 'week', minutes: [30], hours: [6], daysOfWeek: [2] });
  });

  it('keeps what the form cannot hold as a typed expression', () => {
    for (const expression of ['0 30 6 ? * MON-FRI', '0 7 6 * * ?', '0 0/7 * * * ?', '0 0 6 L * ?', '15 0 6 * * ?', 'anything']) {
      expect(parseCron(expression), expression).toMatchObject({ baseFrequency: 'none', expression });
      expect(buildCron(parseCron(expression))).toBe(expression);
    }
  });

  it('says the schedule in plain Italian and English', () => {
    expect(describeExpression('0 0/5 * * * ?', 'it')).toBe('Ogni 5 minuti');
    expect(describeExpression('0 0/5 * * * ?', 'en')).toBe('Every 5 minutes');
    expect(describeExpression('0 15 * * * ?', 'it')).toBe('Ogni ora al minuto 15');
    expect(describeExpression('0 0 6 * * ?', 'it')).toBe('Ogni giorno alle 06:00');
    expect(describeExpression('0 0,30 6,18 * * ?', 'it')).toBe('Ogni giorno alle 06:00, 06:30, 18:00 e 18:30');
    expect(describeExpression('0 30 8 ? * 2', 'it')).toBe('Ogni lunedì alle 08:30');
    expect(describeExpression('0 30 8 ? * 2,6', 'en')).toBe('Every Monday and Friday at 08:30');
    expect(describeExpression('0 0 6 1 * ?', 'it')).toBe('Il giorno 1 di ogni mese alle 06:00');
    expect(describeExpression('0 0 6 1,15 * ?', 'it')).toBe('Nei giorni 1 e 15 di ogni mese alle 06:00');
    expect(describeExpression('0 0 6 1 1,7 ?', 'it')).toBe('Il giorno 1 di gennaio e luglio alle 06:00');
    expect(describeExpression('0 30 6 ? * MON-FRI', 'it')).toBe('Espressione personalizzata: 0 30 6 ? * MON-FRI');
    expect(describeCron(form({ baseFrequency: 'none', expression: '' }), 'it')).toBe('Nessuna frequenza');
  });

  it('shows run times as dd/mm/yyyy HH:mm in the entry time zone', () => {
    expect(formatRunTime('2026-07-01T04:05:00.000Z', 'Europe/Rome')).toBe('01/07/2026 06:05');
    expect(formatRunTime('2026-12-31T23:30:00.000Z', 'Europe/Rome')).toBe('01/01/2027 00:30');
    expect(formatRunTime('2026-12-31T23:30:00.000Z', 'UTC')).toBe('31/12/2026 23:30');
  });
});

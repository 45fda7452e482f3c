/**
 * The cron helper (spec §3 "Cron frequency", §9 "Cron"): a quartz expression of six fields, the
 * seconds fixed to 0, built from a form — a base frequency (none, minute, hour, day, week, month,
 * year: 0-6) and the minutes (steps of 5, 0-55), hours (0-23), days of the month (1-31), days of
 * the week (1 Sunday … 7 Saturday) and months (1-12) it runs on — read back into that form, and
 * said in a sentence. An expression the form cannot hold (ranges, names, other minutes…) is kept
 * as it is under the base frequency "none" (typed by hand).
 */

export const BASE_FREQUENCIES = ['none', 'minute', 'hour', 'day', 'week', 'month', 'year'] as const;
export type BaseFrequency = (typeof BASE_FREQUENCIES)[number];

export interface CronForm {
  baseFrequency: BaseFrequency;
  /** minute: one value, the interval; otherwise the minutes of the hour it runs at. */
  minutes: number[];
  hours: number[];
  daysOfMonth: number[];
  /** 1 Sunday … 7 Saturday (quartz). */
  daysOfWeek: number[];
  months: number[];
  /** The expression as typed, for the base frequency "none". */
  expression: string;
}

export type CronLang = 'it' | 'en';

const range = (from: number, to: number, step = 1) => Array.from({ length: Math.floor((to - from) / step) + 1 }, (_, i) => from + i * step);

/** What each control offers. */
export const CRON_OPTIONS = {
  minutes: range(0, 55, 5),
  intervals: range(5, 55, 5),
  hours: range(0, 23),
  daysOfMonth: range(1, 31),
  daysOfWeek: range(1, 7),
  months: range(1, 12),
} as const;

/** The form a new entry starts from: every 5 minutes. */
export const DEFAULT_FORM: CronForm = { baseFrequency: 'minute', minutes: [5], hours: [0], daysOfMonth: [1], daysOfWeek: [2], months: [1], expression: '' };

const sorted = (values: readonly number[]) => [...new Set(values)].sort((a, b) => a - b);
const list = (values: readonly number[], fallback: number) => (values.length ? sorted(values) : [fallback]).join(',');

/** The quartz expression of a form ('' when "none" and nothing typed). */
export function buildCron(form: CronForm): string {
  const m = list(form.minutes, 0);
  const h = list(form.hours, 0);
  switch (form.baseFrequency) {
    case 'none':
      return form.expression.trim();
    case 'minute':
      return `0 0/${form.minutes[0] ?? 5} * * * ?`;
    case 'hour':
      return `0 ${m} * * * ?`;
    case 'day':
      return `0 ${m} ${h} * * ?`;
    case 'week':
      return `0 ${m} ${h} ? * ${list(form.daysOfWeek, 2)}`;
    case 'month':
      return `0 ${m} ${h} ${list(form.daysOfMonth, 1)} * ?`;
    case 'year':
      return `0 ${m} ${h} ${list(form.daysOfMonth, 1)} ${list(form.months, 1)} ?`;
  }
}

/** A field as a list of numbers within the allowed values, or null ('*' gives every allowed value when `star`). */
function numbers(field: string, allowed: readonly number[]): number[] | null {
  if (!/^\d{1,2}(,\d{1,2})*$/.test(field)) return null;
  const values = sorted(field.split(',').map(Number));
  return values.every((v) => allowed.includes(v)) ? values : null;
}

/** Reads an expression back into the form; what the form cannot hold comes back as "none". */
export function parseCron(expression: string): CronForm {
  const text = expression.trim().replace(/\s+/g, ' ');
  const none: CronForm = { ...DEFAULT_FORM, baseFrequency: 'none', expression: text };
  const parts = text.toUpperCase().split(' ');
  if (parts.length !== 6 || parts[0] !== '0') return none;
  const [, min, hour, dom, month, dow] = parts as [string, string, string, string, string, string];
  const step = /^(?:0|\*)\/(\d{1,2})$/.exec(min);
  if (step && hour === '*' && (dom === '*' || dom === '?') && month === '*' && (dow === '?' || dow === '*') && dom !== dow) {
    const interval = Number(step[1]);
    return CRON_OPTIONS.intervals.includes(interval as never) ? { ...DEFAULT_FORM, baseFrequency: 'minute', minutes: [interval] } : none;
  }
  const minutes = numbers(min, CRON_OPTIONS.minutes);
  if (!minutes) return none;
  if (hour === '*') {
    return dom === '*' && month === '*' && dow === '?' ? { ...DEFAULT_FORM, baseFrequency: 'hour', minutes } : none;
  }
  const hours = numbers(hour, CRON_OPTIONS.hours);
  if (!hours) return none;
  const base = { ...DEFAULT_FORM, minutes, hours };
  if (dom === '*' && month === '*' && dow === '?') return { ...base, baseFrequency: 'day' };
  if (dom === '?' && month === '*') {
    const daysOfWeek = numbers(dow, CRON_OPTIONS.daysOfWeek);
    return daysOfWeek ? { ...base, baseFrequency: 'week', daysOfWeek } : none;
  }
  if (dow !== '?') return none;
  const daysOfMonth = numbers(dom, CRON_OPTIONS.daysOfMonth);
  if (!daysOfMonth) return none;
  if (month === '*') return { ...base, baseFrequency: 'month', daysOfMonth };
  const months = numbers(month, CRON_OPTIONS.months);
  return months ? { ...base, baseFrequency: 'year', daysOfMonth, months } : none;
}

const WEEKDAYS: Record<CronLang, readonly string[]> = {
  it: ['domenica', 'lunedì', 'martedì', 'mercoledì', 'giovedì', 'venerdì', 'sabato'],
  en: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
};
const MONTHS: Record<CronLang, readonly string[]> = {
  it: ['gennaio', 'febbraio', 'marzo', 'aprile', 'maggio', 'giugno', 'luglio', 'agosto', 'settembre', 'ottobre', 'novembre', 'dicembre'],
  en: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
};

/** "a, b e c" / "a, b and c". */
function join(items: readonly string[], lang: CronLang): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} ${lang === 'it' ? 'e' : 'and'} ${items[items.length - 1]}`;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** "alle 06:00 e 18:30" / "at 06:00 and 18:30": every hour × minute of the form. */
function times(form: CronForm, lang: CronLang): string {
  const all = sorted(form.hours.length ? form.hours : [0]).flatMap((h) => sorted(form.minutes.length ? form.minutes : [0]).map((m) => `${pad(h)}:${pad(m)}`));
  return `${lang === 'it' ? 'alle' : 'at'} ${join(all, lang)}`;
}

/** The plain sentence of a form: "Ogni 5 minuti", "Ogni giorno alle 06:00", "Ogni lunedì alle 08:30"… */
export function describeCron(form: CronForm, lang: CronLang): string {
  const it = lang === 'it';
  const days = (values: number[]) => join(sorted(values).map(String), lang);
  switch (form.baseFrequency) {
    case 'none':
      return form.expression ? (it ? `Espressione personalizzata: ${form.expression}` : `Custom expression: ${form.expression}`) : it ? 'Nessuna frequenza' : 'No frequency';
    case 'minute': {
      const n = form.minutes[0] ?? 5;
      return it ? `Ogni ${n} minuti` : `Every ${n} minutes`;
    }
    case 'hour': {
      const m = sorted(form.minutes.length ? form.minutes : [0]);
      const word = it ? (m.length > 1 ? 'ai minuti' : 'al minuto') : m.length > 1 ? 'at minutes' : 'at minute';
      return `${it ? 'Ogni ora' : 'Every hour'} ${word} ${join(m.map(String), lang)}`;
    }
    case 'day':
      return `${it ? 'Ogni giorno' : 'Every day'} ${times(form, lang)}`;
    case 'week': {
      const names = sorted(form.daysOfWeek.length ? form.daysOfWeek : [2]).map((d) => WEEKDAYS[lang][d - 1]!);
      return `${it ? 'Ogni' : 'Every'} ${join(names, lang)} ${times(form, lang)}`;
    }
    case 'month': {
      const d = form.daysOfMonth.length ? form.daysOfMonth : [1];
      const lead = it ? (d.length > 1 ? `Nei giorni ${days(d)}` : `Il giorno ${d[0]}`) : d.length > 1 ? `On days ${days(d)}` : `On day ${d[0]}`;
      return `${lead} ${it ? 'di ogni mese' : 'of every month'} ${times(form, lang)}`;
    }
    case 'year': {
      const d = form.daysOfMonth.length ? form.daysOfMonth : [1];
      const months = sorted(form.months.length ? form.months : [1]).map((m) => MONTHS[lang][m - 1]!);
      const lead = it ? (d.length > 1 ? `Nei giorni ${days(d)}` : `Il giorno ${d[0]}`) : d.length > 1 ? `On days ${days(d)}` : `On day ${d[0]}`;
      return `${lead} ${it ? 'di' : 'of'} ${join(months, lang)} ${times(form, lang)}`;
    }
  }
}

/** The sentence of an expression as stored. */
export const describeExpression = (expression: string, lang: CronLang) => describeCron(parseCron(expression), lang);

/** An instant as dd/mm/yyyy HH:mm in a time zone (the entry's). */
export function formatRunTime(iso: string, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}`;
}

/** Weekday and month names for the controls. */
export const weekdayName = (day: number, lang: CronLang) => WEEKDAYS[lang][day - 1] ?? String(day);
export const monthName = (month: number, lang: CronLang) => MONTHS[lang][month - 1] ?? String(month);

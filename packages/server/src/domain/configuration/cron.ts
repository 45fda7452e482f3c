import type { QuartzSchedule } from '@circula/model';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Far enough for the rarest schedule that still fires: 29 February skips a leap year every century. */
const HORIZON_DAYS = 366 * 10;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall-clock time of an instant in a time zone, as the UTC milliseconds of the same digits. */
function wallClock(instant: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(instant))) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
}

/** The zone's offset from UTC at an instant (ms, positive east of Greenwich). */
const offsetAt = (instant: number, timeZone: string) => wallClock(instant, timeZone) - Math.floor(instant / 1000) * 1000;

/**
 * The instants a wall-clock time stands for on a day with a DST change. In the gap of spring there
 * is none: the time moves forward by the gap, as java.time does (02:30 → 03:30). In the hour that
 * autumn repeats there are two: a job of every hour runs in both (no two-hour hole), a job of
 * chosen hours once, at the first (as cron daemons do).
 */
function instantsOf(wall: number, timeZone: string, everyHour: boolean): number[] {
  const before = offsetAt(wall - DAY, timeZone);
  const after = offsetAt(wall + DAY, timeZone);
  const valid = [...new Set([before, after])].map((o) => wall - o).filter((i) => wallClock(i, timeZone) === wall);
  if (valid.length === 0) return [wall - before];
  valid.sort((a, b) => a - b);
  return everyHour ? valid : valid.slice(0, 1);
}

/**
 * The first instant strictly after `after` that a quartz schedule names, in `timeZone` (an IANA
 * zone), or null when there is none within ten years (31 February…). Seconds are always 0.
 */
export function nextQuartzOccurrence(schedule: QuartzSchedule, timeZone: string, after: Date): Date | null {
  const start = (Math.floor(after.getTime() / MINUTE) + 1) * MINUTE;
  const startWall = wallClock(start, timeZone);
  const months = new Set(schedule.months);
  const daysOfMonth = schedule.daysOfMonth ? new Set(schedule.daysOfMonth) : null;
  const daysOfWeek = schedule.daysOfWeek ? new Set(schedule.daysOfWeek) : null;
  const everyHour = schedule.hours.length === 24;
  let day = Math.floor(startWall / DAY) * DAY;
  for (let i = 0; i < HORIZON_DAYS; i += 1, day += DAY) {
    const date = new Date(day);
    if (!months.has(date.getUTCMonth() + 1)) continue;
    if (daysOfMonth ? !daysOfMonth.has(date.getUTCDate()) : !daysOfWeek!.has(date.getUTCDay() + 1)) continue;
    const offset = offsetAt(day - HOUR * 14, timeZone);
    const steady = offset === offsetAt(day + DAY + HOUR * 14, timeZone);
    let best: number | null = null;
    for (const hour of schedule.hours) {
      for (const minute of schedule.minutes) {
        const wall = day + hour * HOUR + minute * MINUTE;
        if (steady) {
          // no clock change around this day: wall-clock order is time order, the first one wins
          const instant = wall - offset;
          if (instant >= start) return new Date(instant);
          continue;
        }
        for (const instant of instantsOf(wall, timeZone, everyHour)) if (instant >= start && (best === null || instant < best)) best = instant;
      }
    }
    if (best !== null) return new Date(best);
  }
  return null;
}

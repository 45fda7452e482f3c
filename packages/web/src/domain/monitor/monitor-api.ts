import type { MonitorErrorsAnswer, MonitorPerformanceAnswer, MonitorSecurityAnswer, MonitorUsabilityAnswer } from '@circula/model';
import { http } from '../../api/client';

export type MonitorPage = 'errors' | 'performance' | 'security' | 'usability';

/** The monitor page of each area route. */
export const MONITOR_ROUTES: Readonly<Record<string, MonitorPage>> = {
  'monitor-errors': 'errors',
  'monitor-performance': 'performance',
  'monitor-security': 'security',
  'monitor-usability': 'usability',
};

export type PeriodPreset = '1h' | '24h' | '7d' | 'custom';

export interface MonitorPeriodChoice {
  preset: PeriodPreset;
  /** Custom: first and last day (dd/mm/yyyy in the picker), local midnight to the end of the last day. */
  days?: { from: Date; to: Date };
}

const PRESET_MS: Record<Exclude<PeriodPreset, 'custom'>, number> = { '1h': 3_600_000, '24h': 86_400_000, '7d': 7 * 86_400_000 };

/** The `from`/`to` instants a choice names, at `now`. */
export function periodQuery(choice: MonitorPeriodChoice, now = new Date()): { from: string; to: string } {
  if (choice.preset === 'custom' && choice.days) {
    const from = new Date(choice.days.from);
    from.setHours(0, 0, 0, 0);
    const to = new Date(choice.days.to);
    to.setHours(23, 59, 59, 999);
    return { from: from.toISOString(), to: to.toISOString() };
  }
  const span = PRESET_MS[choice.preset === 'custom' ? '24h' : choice.preset];
  return { from: new Date(now.getTime() - span).toISOString(), to: now.toISOString() };
}

export interface MonitorAnswers {
  errors: MonitorErrorsAnswer;
  performance: MonitorPerformanceAnswer;
  security: MonitorSecurityAnswer;
  usability: MonitorUsabilityAnswer;
}

/** `GET /api/monitor/{page}?from=&to=` (and `page`, `size` for the paged ones). */
export const fetchMonitor = <P extends MonitorPage>(page: P, query: Record<string, string | number>, signal?: AbortSignal) =>
  http.data<MonitorAnswers[P]>(`/api/monitor/${page}`, { query, ...(signal ? { signal } : {}) });

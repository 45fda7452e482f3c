import { CATALOGUE, type DashboardAnswer, type DashboardLink, type DashboardTonnes } from '@circula/model';
import { http } from '../../api/client';
import { COUNT_PARAM, EXACT_COUNT, FILTERS_PARAM, serializeListFilters } from '../../records/list/list-url';

export type { DashboardAnswer, DashboardLink };

/** `GET /api/dashboard` (API.md "Operations"): the figures the user may read. */
export const DASHBOARD_ENDPOINT = '/api/dashboard';

/** The dashboard for a period (yyyy-mm-dd, both included); without one, the server's last twelve months. */
export const fetchDashboard = (period: { from: string; to: string } | null, signal?: AbortSignal) =>
  http.data<DashboardAnswer>(DASHBOARD_ENDPOINT, { query: period ? { from: period.from, to: period.to } : {}, ...(signal ? { signal } : {}) });

/**
 * Where a figure leads: its list, filtered as the server counted it (`/{route}?filters=…`, read
 * by the list page — records/list/list-url.ts), counted exactly as the figure was (`count=exact`:
 * a list past the server's exact count would otherwise show an estimate).
 */
export function listHref(link: DashboardLink): string {
  const value = serializeListFilters({ query: '', filters: link.filters });
  const exact = { [COUNT_PARAM]: EXACT_COUNT };
  return `/${link.route}?${new URLSearchParams(value === null ? exact : { [FILTERS_PARAM]: value, ...exact }).toString()}`;
}

/**
 * The load rows behind one bar of the tonnes chart: the month's rows of that code (or of the
 * codes outside the top, for "others").
 */
export function tonnesCellLink(tonnes: DashboardTonnes, codeIndex: number, monthIndex: number): DashboardLink | null {
  const code = tonnes.codes[codeIndex];
  const month = tonnes.monthLinks[monthIndex];
  if (!code || !month) return null;
  return { route: month.route, filters: [...month.filters, ...code.link.filters.filter((f) => f.field === 'waste' && f.op !== 'notNull')] };
}

const lang = (language: string): 'it' | 'en' => (language === 'en' ? 'en' : 'it');

/** A status's label in the catalogue (the status code when unknown). */
export function statusLabel(route: string, status: string, language: string): string {
  const found = CATALOGUE.target(route)?.entity.statuses?.list.find((s) => s.code === status);
  return found ? found.label[lang(language)] : status;
}

/** A list's label. */
export function routeLabel(route: string, language: string): string {
  return CATALOGUE.target(route)?.label[lang(language)] ?? route;
}

/** A field's label (the name when unknown). */
export function fieldLabel(route: string, field: string, language: string): string {
  return CATALOGUE.target(route)?.entity.fields[field]?.label?.[lang(language)] ?? field;
}

/** A status's colour in the catalogue. */
export function statusColor(route: string, status: string): string | undefined {
  return CATALOGUE.target(route)?.entity.statuses?.list.find((s) => s.code === status)?.color;
}

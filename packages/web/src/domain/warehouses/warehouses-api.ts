import type { RegisterPage, RegisterRow, RegisterSite, RegisterTotal, StockItem } from '@circula/model';
import { http } from '../../api/client';
import type { QueryValue } from '../../api/http';
import { downloadFile } from '../../records/list/list-api';

export type { RegisterPage, RegisterRow, RegisterSite, RegisterTotal, StockItem };

/**
 * The warehouse calls of API.md "Operations" (packages/server/src/domain/warehouses/routes.ts):
 * a warehouse's load/unload register for a year, paged with totals or as a file, and the stock at
 * an instant. Both need the ledger's read authority.
 */
export const REGISTER_ENDPOINT = '/api/warehouses/register';
export const STOCK_ENDPOINT = '/api/warehouses/stock';
/** The ledger's route: its abilities decide who sees the register and the stock. */
export const LEDGER_ROUTE = 'warehouse-movements';
export const REGISTER_PAGE_SIZE = 50;

/** What the register page asks: the year, a 0-based page and the filters (dates yyyy-mm-dd, both included). */
export interface RegisterFilters {
  year: number;
  page: number;
  waste?: number | null;
  movement?: 'C' | 'S' | null;
  from?: string | null;
  to?: string | null;
}

/** The query string of a register page: always one page of REGISTER_PAGE_SIZE rows, never the whole year. */
export function registerQuery(filters: RegisterFilters, lang: string): Record<string, QueryValue> {
  return {
    year: filters.year,
    page: filters.page,
    size: REGISTER_PAGE_SIZE,
    waste: filters.waste ?? undefined,
    movement: filters.movement ?? undefined,
    from: filters.from ?? undefined,
    to: filters.to ?? undefined,
    lang: registerLang(lang),
  };
}

const registerLang = (language: string) => (language.startsWith('en') ? 'en' : 'it');

export const fetchRegister = (warehouseId: number, filters: RegisterFilters, lang: string, signal?: AbortSignal) =>
  http.data<RegisterPage>(`${REGISTER_ENDPOINT}/${warehouseId}`, { query: registerQuery(filters, lang), silent: true, ...(signal ? { signal } : {}) });

export type RegisterFormat = 'pdf' | 'csv' | 'xml';

/** The legal register of the whole year as a file (the page's filters do not apply). */
export const registerFileUrl = (warehouseId: number, year: number, format: RegisterFormat, lang: string) =>
  `${REGISTER_ENDPOINT}/${warehouseId}?year=${year}&format=${format}&lang=${registerLang(lang)}`;

/** Downloads the year's register as CSV or XML under the server's file name (`registro-{site}-{year}`). */
export const downloadRegister = (warehouseId: number, year: number, format: 'csv' | 'xml', lang: string) =>
  downloadFile(`${REGISTER_ENDPOINT}/${warehouseId}`, { year, format, lang: registerLang(lang) }, `registro-${year}.${format}`);

/** One line of the stock (server `StockItem`, ledger/read.ts). */
/** A warehouse's stock now, or at an instant (ISO) when `at` is given. */
export const fetchStock = async (warehouseId: number, at: string | null, lang: string, signal?: AbortSignal) =>
  (
    await http.data<{ items: StockItem[] }>(STOCK_ENDPOINT, {
      query: { warehouseId, at: at ?? undefined, lang: registerLang(lang) },
      silent: true,
      ...(signal ? { signal } : {}),
    })
  ).items;

/** Stock held beyond its R13/D15 storage limit, in every warehouse the user may read (the dashboard's warning). */
export const fetchOverdueStock = async (lang: string, signal?: AbortSignal) =>
  (
    await http.data<{ items: StockItem[] }>(STOCK_ENDPOINT, {
      query: { overdue: 'true', lang: registerLang(lang) },
      silent: true,
      ...(signal ? { signal } : {}),
    })
  ).items;

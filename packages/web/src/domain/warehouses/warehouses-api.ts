import { http } from '../../api/client';
import type { QueryValue } from '../../api/http';
import { downloadFile } from '../../records/list/list-api';

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

/** One row of the register (server `RegisterRow`, register/document.ts). */
export interface RegisterRow {
  /** 1…n per warehouse and year, in registration order, without gaps. */
  number: number;
  /** Registration instant (ISO): the register's date. */
  date: string;
  movement: 'C' | 'S';
  /** The EER code as printed ("17 04 05*"), or null for a material. */
  eer: string | null;
  quantity: number;
  unit: 'kg';
  origin: string | null;
  destination: string | null;
  fir: string | null;
  operation: string | null;
  /** The warehouse-movements record of the row. */
  ledgerId: number;
  operationDate: string;
  causal: string;
  causalLabel: string;
  /** The EER code's description, or the material's name. */
  description: string | null;
  hazardous: boolean;
  physicalState: string | null;
  hpProperties: string[];
  /** The number of the row this one corrects. */
  corrects: number | null;
  notes: string | null;
}

/** Loads and unloads of one EER code or material over every row the filters select. */
export interface RegisterTotal {
  eer: string | null;
  description: string | null;
  loadKg: number;
  unloadKg: number;
}

/** The site the register belongs to (server `RegisterSite`). */
export interface RegisterSite {
  id: number;
  code: string;
  name: string;
  type: string;
  typeLabel: string;
  address: string | null;
  authorisationNumber: string | null;
  authorisationExpiry: string | null;
  holder: { name: string; fiscalCode: string | null; vatNumber: string | null } | null;
}

export interface RegisterPage {
  items: RegisterRow[];
  /** Rows the filters select (every page). */
  total: number;
  totals: RegisterTotal[];
  site: RegisterSite;
  year: number;
}

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
export interface StockItem {
  warehouseId: number;
  warehouseName: string;
  eer: string | null;
  wasteId: number | null;
  material: number | null;
  description: string | null;
  quantity: number;
  unit: 'kg';
  /** When the oldest load still in stock came in (ISO). */
  oldestLoadAt: string | null;
  storageOperation: 'R13' | 'D15' | null;
  limitDays: number | null;
  ageDays: number | null;
  overdue: boolean;
}

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

import type { FilterSpec } from '../define/entity.js';

/**
 * The dashboard of API.md "Operations" (`GET /api/dashboard?from=&to=`, issue 20), as server and
 * web both read it: the figures the user may read, each with the list it is counted from. A
 * section the user may not read (its entity's `_R` authority) is absent, not empty; row rules
 * apply to every figure (an external user counts their company's records only).
 *
 * Amounts are decimal strings with two decimals ("1234.50"), weights numbers in kg, days
 * 'yyyy-mm-dd' on the Italian calendar.
 */

/**
 * Where a figure comes from: the record list (`/{route}`) and the filters (API.md search `q`)
 * that select exactly the rows it counts — the web opens `/{route}?filters={"filters":[…]}`.
 */
export interface DashboardLink {
  route: string;
  filters: FilterSpec[];
}

/** A number of records and the list that shows them. */
export interface DashboardCount {
  count: number;
  link: DashboardLink;
}

/** Open requests by how long ago they were created (whole days on the Italian calendar). */
export const DASHBOARD_AGE_BUCKETS = ['0-7', '8-30', '31-90', '90+'] as const;
export type DashboardAgeBucket = (typeof DASHBOARD_AGE_BUCKETS)[number];

/** Statuses of a movement request still waiting for the company (submitted, or accepted and not yet planned). */
export const DASHBOARD_OPEN_REQUEST_STATUSES = ['SUBMITTED', 'ACCEPTED'] as const;

/** The requests of one list: `movement-requests` (every kind), or a kind's list for a user who reads only some kinds. */
export interface DashboardRequests {
  route: string;
  /** Requests wished in the period (`wishedFrom` within from–to), every status. */
  total: DashboardCount;
  /** Per status, in the workflow's order; statuses without requests left out. */
  byStatus: (DashboardCount & { status: string })[];
  /** The open requests (DASHBOARD_OPEN_REQUEST_STATUSES, whatever their dates) by age, every bucket present. */
  open: DashboardCount;
  age: (DashboardCount & { bucket: DashboardAgeBucket })[];
}

/** A stop of a transport on the dashboard's map: its place, where the warehouse has coordinates. */
export interface DashboardTransportStop {
  kind: 'PICKUP' | 'DELIVERY';
  name: string;
  lat: number;
  lng: number;
}

/** One transport of the week, for the compact list and the small map. */
export interface DashboardTransport {
  id: number;
  code: string;
  /** yyyy-mm-dd. */
  date: string;
  status: string;
  estimatedKg: number | null;
  /** Its stops in order, those whose warehouse has coordinates. */
  stops: DashboardTransportStop[];
}

export interface DashboardTransportSpan extends DashboardCount {
  /** yyyy-mm-dd, both included. */
  from: string;
  to: string;
  byStatus: (DashboardCount & { status: string })[];
}

export interface DashboardTransports {
  today: DashboardTransportSpan;
  /** Monday to Sunday of the current week. */
  week: DashboardTransportSpan;
  /** The week's transports by date (at most DASHBOARD_MAX_TRANSPORTS). */
  items: DashboardTransport[];
}

export const DASHBOARD_MAX_TRANSPORTS = 50;

/**
 * Tonnes loaded per EER code and month: the warehouse ledger's loads (registro di carico e
 * scarico, the legal record of what each site took in), by operation date, net of the
 * corrections that reversed loads.
 */
export interface DashboardTonnesCode {
  /** The waste record; null on the "others" row. */
  wasteId: number | null;
  /** The EER code as printed ("17 04 05"); null on the "others" row. */
  eer: string | null;
  description: string | null;
  /** kg over the period. */
  totalKg: number;
  /** kg per month of `months`, same order. */
  monthlyKg: number[];
  /** The period's load rows of this code (or of every code not in the top, for "others"). */
  link: DashboardLink;
}

export interface DashboardTonnes {
  /** yyyy-mm, every month of the period in order. */
  months: string[];
  /** Load rows of each month, in `months` order. */
  monthLinks: DashboardLink[];
  /** The codes with the most kg (at most DASHBOARD_TOP_CODES), then one "others" row when more codes were loaded. */
  codes: DashboardTonnesCode[];
  totalKg: number;
  /** Every load row of the period. */
  link: DashboardLink;
}

export const DASHBOARD_TOP_CODES = 8;

/** Stock held at a warehouse against its authorised capacity (warehouses with a capacity only). */
export interface DashboardStockItem {
  warehouseId: number;
  code: string;
  name: string;
  stockKg: number;
  capacityKg: number;
  /** stockKg / capacityKg (1 = full). */
  ratio: number;
  /** The warehouse's ledger rows. */
  link: DashboardLink;
}

export interface DashboardStock {
  /** Fullest first, at most DASHBOARD_MAX_WAREHOUSES. */
  items: DashboardStockItem[];
  /** The warehouses with a capacity. */
  link: DashboardLink;
}

export const DASHBOARD_MAX_WAREHOUSES = 20;

/** One kind of deadline (a date field the catalogue marks as one) in the next 30 and 60 days. */
export interface DashboardDeadline {
  route: string;
  field: string;
  /** From today to today + 30 days, both included. */
  within30: DashboardCount;
  /** From today to today + 60 days, both included (the 30 days' ones among them). */
  within60: DashboardCount;
}

export interface DashboardInvoices {
  /** Invoices and credit notes issued in the period (issue date within from–to, not drafts). */
  issued: DashboardCount;
  /** Taxable of the period's invoices (TD01, cancelled ones included: the credit note takes them back). */
  invoiced: string;
  /** Taxable of the period's credit notes (TD04). */
  credited: string;
  /** invoiced − credited: the period's revenue. */
  revenue: string;
  /** Issued invoices past their due date not paid in full, and what is still due on them. */
  overdue: DashboardCount & { amount: string };
}

export interface DashboardAnswer {
  /** The period (yyyy-mm-dd, both included) and today, on the Italian calendar. */
  from: string;
  to: string;
  today: string;
  /** One entry per list (usually `movement-requests` alone). */
  requests?: DashboardRequests[];
  transports?: DashboardTransports;
  tonnes?: DashboardTonnes;
  stock?: DashboardStock;
  /** Only the kinds the user may read; absent when none. */
  deadlines?: DashboardDeadline[];
  invoices?: DashboardInvoices;
}

/** The longest period the dashboard sums over (days). */
export const DASHBOARD_MAX_RANGE_DAYS = 1830;

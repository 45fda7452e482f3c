/**
 * The warehouse calls of API.md "Operations", as server and web both read them: a warehouse's
 * load/unload register for a year (`GET /api/warehouses/register/{wh}`) and the stock at an
 * instant (`GET /api/warehouses/stock`).
 */

/** One row of the load/unload register (registro di carico e scarico, D.Lgs 152/2006 art. 190). API.md names the first eleven fields. */
export interface RegisterRow {
  /** 1…n per warehouse and year, in registration order, without gaps. */
  number: number;
  /** When the row was registered (ISO instant): the register's date. */
  date: string;
  movement: 'C' | 'S';
  /** The six-digit EER code as printed ("17 04 05", with an asterisk when hazardous), or null for a material. */
  eer: string | null;
  /** Quantity in `unit`, three decimals at most. */
  quantity: number;
  /** Always "kg" today. */
  unit: 'kg';
  /** Where a load came from: producer / sending site (name, address line). Null on unloads. */
  origin: string | null;
  /** Where an unload went: receiving site or buyer. Null on loads. */
  destination: string | null;
  /** The FIR number, when a FIR travelled with it. */
  fir: string | null;
  /** R/D operation code (R13, D15, R4…), when known. */
  operation: string | null;
  /** The ledger row's id (warehouse-movements record). */
  ledgerId: number;
  /** When the load or unload happened (ISO instant; registration may follow by days). */
  operationDate: string;
  /** MOVEMENT_CAUSAL code and its label in the requested language. */
  causal: string;
  causalLabel: string;
  /** The EER code's description, or the material's name. */
  description: string | null;
  hazardous: boolean;
  /** WASTE_PHYSICAL_STATE code and HP properties, when known. */
  physicalState: string | null;
  hpProperties: string[];
  /** The number of the row this one corrects (a correction is a new row, never an edit). */
  corrects: number | null;
  notes: string | null;
}

/** Loads and unloads of one EER code or material over the rows a register query selects. */
export interface RegisterTotal {
  eer: string | null;
  description: string | null;
  loadKg: number;
  unloadKg: number;
}

/** The site a register belongs to. */
export interface RegisterSite {
  id: number;
  code: string;
  name: string;
  /** WAREHOUSE_TYPE code (CDR, PDP, SERVICE, PLANT) and label. */
  type: string;
  typeLabel: string;
  /** Address as one line ("Via Roma 1, 20100 Milano (MI)"), when known. */
  address: string | null;
  authorisationNumber: string | null;
  authorisationExpiry: string | null;
  /** The site's holder: name, fiscal code, VAT number. */
  holder: { name: string; fiscalCode: string | null; vatNumber: string | null } | null;
}

/** The JSON answer of the register: a page of rows (or all of them), the count and totals for the filters. */
export interface RegisterPage {
  items: RegisterRow[];
  total: number;
  totals: RegisterTotal[];
  site: RegisterSite;
  year: number;
}

/** One line of the stock answer: a warehouse × EER code or material. */
export interface StockItem {
  warehouseId: number;
  warehouseName: string;
  /** The EER code as printed ("17 04 05"), or null for a material. */
  eer: string | null;
  wasteId: number | null;
  /** The material's id, or null for an EER code. */
  material: number | null;
  description: string | null;
  quantity: number;
  unit: 'kg';
  /** When the oldest load still in stock came in (first in, first out), ISO. */
  oldestLoadAt: string | null;
  /** The storage operation the stock is held under (R13 or D15) and its limit in days, when the site stores under one. */
  storageOperation: 'R13' | 'D15' | null;
  limitDays: number | null;
  ageDays: number | null;
  overdue: boolean;
}

/**
 * The load/unload register of one warehouse for one year (registro di carico e scarico, D.Lgs
 * 152/2006 art. 190; DOMAIN.md "Registro di carico e scarico"), as every export reads it: the
 * site's header and its rows in number order. `data.ts` builds it from the ledger; `csv.ts`,
 * `pdf.ts` and `xml.ts` write it. The JSON answer of `GET /api/warehouses/register/{wh}` is
 * `{ data: { items: rows } }` with these row fields (API.md "Operations" names the first eleven).
 */
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

/** The site the register belongs to. */
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

export interface RegisterDocument {
  site: RegisterSite;
  year: number;
  lang: 'it' | 'en';
  rows: RegisterRow[];
  /** When the document was produced (ISO instant). */
  printedAt: string;
}

import type { RegisterRow, RegisterSite } from '@circula/model';

export type { RegisterRow, RegisterSite };

/**
 * The load/unload register of one warehouse for one year (registro di carico e scarico, D.Lgs
 * 152/2006 art. 190; DOMAIN.md "Registro di carico e scarico"), as every export reads it: the
 * site's header and its rows in number order. `data.ts` builds it from the ledger; `csv.ts`,
 * `pdf.ts` and `xml.ts` write it. The JSON answer of `GET /api/warehouses/register/{wh}` is
 * `{ data: { items: rows } }` with these row fields (API.md "Operations" names the first eleven).
 */
export interface RegisterDocument {
  site: RegisterSite;
  year: number;
  lang: 'it' | 'en';
  rows: RegisterRow[];
  /** When the document was produced (ISO instant). */
  printedAt: string;
}

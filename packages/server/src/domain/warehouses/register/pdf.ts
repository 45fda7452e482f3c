import PDFDocument from 'pdfkit';
import { drawPageFrame, stampPrintTemplate } from '../../print-templates/frame.js';
import type { PrintFrame } from '../../print-templates/templates.js';
import { yieldToEventLoop } from '../../../records/bulk.js';
import { physicalState } from '../../transports/fir/xml.js';
import { registerDateTime } from './csv.js';
import type { RegisterDocument, RegisterRow } from './document.js';

/*
 * The printable load/unload register: one site, one year, landscape A4. The columns are the
 * register's entries as art. 190 D.Lgs. 152/2006 asks for them and the register model annexed to
 * DM 4 aprile 2023 n. 59 (art. 4) lays them out:
 *   numero · data di registrazione (and, below it, the date of the operation) · C/S · causale ·
 *   codice EER and descrizione · stato fisico and caratteristiche di pericolo (HP) · quantità (kg) ·
 *   provenienza (loads) or destinazione (unloads) · FIR · operazione R/D · rettifica del n. ·
 *   annotazioni
 * Every page repeats the site's header (name, code, type, address, authorisation and its expiry,
 * holder with fiscal code and VAT number) and the year, and ends with "Pagina X di Y". The last
 * page adds the totals per EER code (loads and unloads, kg).
 *
 * Registers run to tens of thousands of rows, so: rows have a fixed height (two lines of text; what
 * does not fit is cut with an ellipsis, never wrapped further), text is placed without pdfkit's line
 * wrapper, cut texts are cached (causals, descriptions and parties repeat), and the page count is
 * known before drawing. That last point lets every page carry "di Y" as it is drawn and be flushed
 * at once, instead of keeping the whole document in memory (`bufferPages`) to number it at the end.
 * The event loop gets a turn every few pages.
 *
 * Standard Helvetica (WinAnsi: the Italian accented letters are in it), as the FIR and the
 * conferral receipt; `compress: false` leaves the content streams readable (tests).
 */

const PAGE = { width: 841.89, height: 595.28 };
const MARGIN = 24;
const WIDTH = PAGE.width - 2 * MARGIN;
const RIGHT = MARGIN + WIDTH;
const HEADER_HEIGHT = 66;
const HEAD_HEIGHT = 20;
const ROW_HEIGHT = 20;
const FOOTER_HEIGHT = 14;
const PAD = 3;

/** Where the column headings start, the rows start, and the body ends. */
const BODY_TOP = MARGIN + HEADER_HEIGHT;
const ROWS_TOP = BODY_TOP + HEAD_HEIGHT;
const BODY_BOTTOM = PAGE.height - MARGIN - FOOTER_HEIGHT;

/** Entries on a full page. */
export const REGISTER_ROWS_PER_PAGE = Math.floor((BODY_BOTTOM - ROWS_TOP) / ROW_HEIGHT);

/** The totals: space above them, their title and column headings, one line. */
const TOTALS_GAP = 14;
const TOTALS_HEAD = 30;
const TOTALS_LINE = 11;
const EMPTY_HEIGHT = 30;

/** Pages between two turns of the event loop. */
const YIELD_PAGES = 25;

const INK = '#111111';
const GREY = '#666666';
const RULE = '#333333';
const LIGHT_RULE = '#bbbbbb';
const ZEBRA = '#f2f2f2';
const HEAD_FILL = '#e4e4e4';

type Lang = RegisterDocument['lang'];
type Style = { font: 'Helvetica' | 'Helvetica-Bold' | 'Helvetica-Oblique'; size: number; color: string };

const ROW: Style = { font: 'Helvetica', size: 7, color: INK };
const ROW_BOLD: Style = { ...ROW, font: 'Helvetica-Bold' };
const ROW_GREY: Style = { ...ROW, color: GREY };
const ROW_NOTE: Style = { font: 'Helvetica-Oblique', size: 7, color: GREY };
const HEADING: Style = { font: 'Helvetica-Bold', size: 6, color: INK };
const SMALL: Style = { font: 'Helvetica', size: 6.5, color: GREY };

type ColumnKey = 'number' | 'date' | 'movement' | 'causal' | 'waste' | 'state' | 'quantity' | 'party' | 'fir' | 'operation' | 'corrects' | 'notes';

/** Widths in points; the annotations take what is left. */
const WIDTHS: Record<Exclude<ColumnKey, 'notes'>, number> = {
  number: 32,
  date: 64,
  movement: 20,
  causal: 98,
  waste: 132,
  state: 62,
  quantity: 56,
  party: 136,
  fir: 68,
  operation: 40,
  corrects: 38,
};

const COLUMN_KEYS: ColumnKey[] = ['number', 'date', 'movement', 'causal', 'waste', 'state', 'quantity', 'party', 'fir', 'operation', 'corrects', 'notes'];

const COLUMNS = (() => {
  let x = MARGIN;
  return COLUMN_KEYS.map((key) => {
    const width = key === 'notes' ? RIGHT - x : WIDTHS[key];
    const column = { key, x, width, inner: width - 2 * PAD };
    x += width;
    return column;
  });
})();
const COLUMN = Object.fromEntries(COLUMNS.map((c) => [c.key, c])) as Record<ColumnKey, (typeof COLUMNS)[number]>;

const LABELS = {
  it: {
    title: 'REGISTRO CRONOLOGICO DI CARICO E SCARICO DEI RIFIUTI',
    legal: 'Art. 190 D.Lgs. 152/2006 · modello del DM 4 aprile 2023 n. 59 · C = carico, S = scarico · quantità in kg',
    year: 'ANNO',
    code: 'codice',
    authorisation: (n: string, expiry: string | null) => `Autorizzazione n. ${n}${expiry ? `, scadenza ${expiry}` : ''}`,
    noAuthorisation: 'Autorizzazione: non indicata',
    holder: 'Titolare',
    noHolder: 'Titolare: non indicato',
    fiscalCode: 'C.F.',
    vatNumber: 'P.IVA',
    sameTaxIds: 'C.F. e P.IVA',
    footer: (code: string, year: number, at: string) => `Registro ${code} · anno ${year} · generato il ${at}`,
    page: (n: number, of: number) => `Pagina ${n} di ${of}`,
    empty: (year: number) => `Nessuna registrazione nell'anno ${year}`,
    material: 'Materiale',
    corrects: (n: number) => `n. ${n}`,
    columns: {
      number: ['N.'],
      date: ['Data registrazione', 'Data operazione'],
      movement: ['C/S'],
      causal: ['Causale'],
      waste: ['Codice EER', 'Descrizione'],
      state: ['Stato fisico', 'Caratt. pericolo'],
      quantity: ['Quantità', 'kg'],
      party: ['Provenienza (carico)', 'Destinazione (scarico)'],
      fir: ['FIR'],
      operation: ['Operazione', 'R/D'],
      corrects: ['Rettifica', 'del n.'],
      notes: ['Annotazioni'],
    } satisfies Record<ColumnKey, string[]>,
    totals: 'TOTALI PER CODICE EER',
    continued: ' (segue)',
    totalsColumns: ['Codice EER', 'Descrizione', 'Registrazioni', 'Carichi (kg)', 'Scarichi (kg)'],
    total: 'Totale',
  },
  en: {
    title: 'WASTE LOAD AND UNLOAD REGISTER',
    legal: 'Art. 190 D.Lgs. 152/2006 · register model of DM 4 April 2023 no. 59 · C = load, S = unload · quantities in kg',
    year: 'YEAR',
    code: 'code',
    authorisation: (n: string, expiry: string | null) => `Authorisation no. ${n}${expiry ? `, expires ${expiry}` : ''}`,
    noAuthorisation: 'Authorisation: not stated',
    holder: 'Holder',
    noHolder: 'Holder: not stated',
    fiscalCode: 'Fiscal code',
    vatNumber: 'VAT no.',
    sameTaxIds: 'Fiscal code and VAT no.',
    footer: (code: string, year: number, at: string) => `Register ${code} · year ${year} · produced on ${at}`,
    page: (n: number, of: number) => `Page ${n} of ${of}`,
    empty: (year: number) => `No entries in the year ${year}`,
    material: 'Material',
    corrects: (n: number) => `no. ${n}`,
    columns: {
      number: ['No.'],
      date: ['Registration date', 'Operation date'],
      movement: ['C/S'],
      causal: ['Reason'],
      waste: ['EER code', 'Description'],
      state: ['Physical state', 'Hazard. properties'],
      quantity: ['Quantity', 'kg'],
      party: ['Origin (load)', 'Destination (unload)'],
      fir: ['FIR'],
      operation: ['Operation', 'R/D'],
      corrects: ['Corrects', 'no.'],
      notes: ['Notes'],
    } satisfies Record<ColumnKey, string[]>,
    totals: 'TOTALS BY EER CODE',
    continued: ' (continued)',
    totalsColumns: ['EER code', 'Description', 'Entries', 'Loads (kg)', 'Unloads (kg)'],
    total: 'Total',
  },
} as const;

/** The totals table: code, description, entries, loads, unloads. */
const TOTALS_COLUMNS = (() => {
  const widths = [80, 360, 80, 110, 110];
  let x = MARGIN;
  return widths.map((width, i) => {
    const column = { x, width, inner: width - 2 * PAD, right: i >= 2 };
    x += width;
    return column;
  });
})();
const TOTALS_WIDTH = TOTALS_COLUMNS.reduce((sum, c) => sum + c.width, 0);

/** "1.234,500": Italian grouping and decimal comma, always three decimals (the columns line up). */
function kg(value: number, lang: Lang): string {
  const [int = '0', dec = '000'] = value.toFixed(3).split('.');
  const sign = int.startsWith('-') ? '-' : '';
  const digits = sign ? int.slice(1) : int;
  const [group, point] = lang === 'it' ? ['.', ','] : [',', '.'];
  return `${sign}${digits.replace(/\B(?=(\d{3})+(?!\d))/g, group)}${point}${dec}`;
}

/** A calendar date (ISO date or instant) as dd/mm/yyyy on the Italian clock. */
function day(value: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return `${value.slice(8, 10)}/${value.slice(5, 7)}/${value.slice(0, 4)}`;
  return registerDateTime(value).slice(0, 10);
}

interface Total {
  code: string | null;
  description: string | null;
  entries: number;
  /** In grams: whole numbers add up exactly over tens of thousands of rows, kilograms with decimals do not. */
  loads: number;
  unloads: number;
}

/** Loads and unloads per EER code (materials per name, after the codes), and their sum. */
function totalsOf(rows: RegisterRow[]): { lines: Total[]; sum: Total } {
  const byKey = new Map<string, Total>();
  const sum: Total = { code: null, description: null, entries: 0, loads: 0, unloads: 0 };
  for (const row of rows) {
    const key = row.eer !== null ? `0${row.eer.replace(/[^0-9]/g, '')}${row.eer.includes('*') ? '*' : ''}` : `1${row.description ?? ''}`;
    let total = byKey.get(key);
    if (!total) byKey.set(key, (total = { code: row.eer, description: row.description, entries: 0, loads: 0, unloads: 0 }));
    const grams = Math.round(row.quantity * 1000);
    for (const t of [total, sum]) {
      t.entries += 1;
      if (row.movement === 'C') t.loads += grams;
      else t.unloads += grams;
    }
  }
  const lines = [...byKey.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, total]) => total);
  return { lines, sum };
}

interface TotalsChunk {
  /** Whether the chunk starts a page of its own (else it follows the last rows). */
  newPage: boolean;
  top: number;
  from: number;
  to: number;
}

/**
 * Where the totals go: after the last rows when at least a few lines fit there, then on as many
 * pages as they need. Computed before drawing, so that the page count is known.
 */
function totalsPlan(afterRows: number, lines: number): TotalsChunk[] {
  const chunks: TotalsChunk[] = [];
  let top = afterRows + TOTALS_GAP;
  let newPage = false;
  let from = 0;
  while (from < lines) {
    const fit = Math.floor((BODY_BOTTOM - top - TOTALS_HEAD) / TOTALS_LINE);
    if (!newPage && fit < Math.min(lines - from, 3)) {
      top = BODY_TOP;
      newPage = true;
      continue;
    }
    const to = Math.min(lines, from + fit);
    chunks.push({ newPage, top, from, to });
    from = to;
    top = BODY_TOP;
    newPage = true;
  }
  return chunks;
}

/** The register as a landscape A4 PDF in the document's language. */
export function registerPdf(register: RegisterDocument, options: { compress?: boolean; frame?: PrintFrame | null } = {}): Promise<Buffer> {
  const { site, year, rows } = register;
  const L = LABELS[register.lang];
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 0,
    compress: options.compress ?? true,
    lang: register.lang === 'it' ? 'it-IT' : 'en-GB',
    info: { Title: `${L.title} ${site.code} ${year}`, Author: site.holder?.name ?? site.name, Subject: `${site.name} ${year}` },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  // ---- text helpers --------------------------------------------------------------------------

  /** The fill colour last set on this page (a new page starts black). */
  let color = '';
  const use = (style: Style) => {
    doc.font(style.font).fontSize(style.size);
    if (style.color !== color) {
      doc.fillColor(style.color);
      color = style.color;
    }
  };
  /**
   * The width of `text` from a table of advance widths per font, without kerning: pdfkit's own
   * measure looks up a kerning pair per character by building a string, and the register measures a
   * lot. Kerning moves a line by a fraction of a point, which the cell padding absorbs.
   */
  const advances = new Map<string, Float64Array>();
  const wide = new Map<string, number>();
  const measure = (text: string, style: Style) => {
    let table = advances.get(style.font);
    if (!table) {
      doc.font(style.font).fontSize(1);
      table = Float64Array.from({ length: 256 }, (_, code) => doc.widthOfString(String.fromCharCode(code)));
      advances.set(style.font, table);
    }
    let width = 0;
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (code < 256) {
        width += table[code]!;
        continue;
      }
      // beyond Latin-1: the WinAnsi punctuation (– … € ’), looked up once
      const key = `${style.font}${code}`;
      let advance = wide.get(key);
      if (advance === undefined) wide.set(key, (advance = doc.font(style.font).fontSize(1).widthOfString(text[i]!)));
      width += advance;
    }
    return width * style.size;
  };

  /** `text` on one line, cut with an ellipsis to `width`. */
  const cut = (text: string, width: number, style: Style) => {
    if (measure(text, style) <= width) return text;
    let low = 0;
    let high = text.length;
    while (low < high) {
      const mid = Math.ceil((low + high) / 2);
      if (measure(`${text.slice(0, mid).trimEnd()}…`, style) <= width) low = mid;
      else high = mid - 1;
    }
    return `${text.slice(0, low).trimEnd()}…`;
  };

  /** `text` broken into at most `max` lines of `width`, the last one cut. */
  const wrap = (text: string, width: number, style: Style, max: number): string[] => {
    const words = text.replace(/\s+/g, ' ').trim().split(' ');
    const space = measure(' ', style);
    const out: string[] = [];
    let i = 0;
    while (i < words.length && out.length < max) {
      if (out.length === max - 1) {
        out.push(cut(words.slice(i).join(' '), width, style));
        break;
      }
      let current = words[i++]!;
      let used = measure(current, style);
      for (let next = words[i]; next !== undefined; next = words[i]) {
        const grown = used + space + measure(next, style);
        if (grown > width) break;
        current += ` ${next}`;
        used = grown;
        i += 1;
      }
      out.push(cut(current, width, style));
    }
    return out;
  };

  /** Wrapped texts per column, since causals, parties and descriptions repeat from row to row. */
  const wrapped = new Map<string, Map<string, string[]>>();
  const wrapCached = (text: string, width: number, style: Style, max: number): string[] => {
    const where = `${style.font}|${style.size}|${width}|${max}`;
    let cache = wrapped.get(where);
    if (!cache) wrapped.set(where, (cache = new Map()));
    let lines = cache.get(text);
    if (!lines) {
      if (cache.size >= 5_000) cache.clear();
      cache.set(text, (lines = wrap(text, width, style, max)));
    }
    return lines;
  };

  /** One line of text at (x, y), outside pdfkit's line wrapper. */
  const put = (text: string, x: number, y: number, style: Style) => {
    if (!text) return;
    use(style);
    doc.text(text, x, y, { lineBreak: false });
  };
  /** One line cut to `width`, left or right aligned. */
  const line = (text: string | null | undefined, x: number, y: number, width: number, style: Style, align: 'left' | 'right' = 'left') => {
    if (!text) return;
    const fitted = cut(text.replace(/\s+/g, ' '), width, style);
    put(fitted, align === 'right' ? x + width - measure(fitted, style) : x, y, style);
  };
  /** Up to `max` lines, 8.5 points apart. */
  const lines = (text: string | null | undefined, x: number, y: number, width: number, style: Style, max = 2) => {
    if (!text) return;
    wrapCached(text, width, style, max).forEach((t, i) => put(t, x, y + i * 8.5, style));
  };

  // ---- page furniture -----------------------------------------------------------------------

  const holder = site.holder;
  const siteLine = [site.name, `${L.code} ${site.code}`, site.typeLabel || site.type].filter(Boolean).join(' · ');
  const addressLine = [
    site.address,
    site.authorisationNumber ? L.authorisation(site.authorisationNumber, site.authorisationExpiry ? day(site.authorisationExpiry) : null) : L.noAuthorisation,
  ]
    .filter(Boolean)
    .join(' · ');
  const taxIds = (h: NonNullable<typeof holder>) =>
    h.fiscalCode && h.fiscalCode === h.vatNumber
      ? [`${L.sameTaxIds} ${h.fiscalCode}`]
      : [h.fiscalCode ? `${L.fiscalCode} ${h.fiscalCode}` : null, h.vatNumber ? `${L.vatNumber} ${h.vatNumber}` : null];
  const holderLine = holder ? [`${L.holder}: ${holder.name}`, ...taxIds(holder)].filter(Boolean).join(' · ') : L.noHolder;
  const footerText = L.footer(site.code, year, registerDateTime(register.printedAt));

  const header = () => {
    const textWidth = WIDTH - 110;
    line(L.title, MARGIN, MARGIN, textWidth, { font: 'Helvetica-Bold', size: 12, color: INK });
    line(L.legal, MARGIN, MARGIN + 15, textWidth, SMALL);
    line(siteLine, MARGIN, MARGIN + 29, textWidth, { font: 'Helvetica-Bold', size: 9, color: INK });
    line(addressLine, MARGIN, MARGIN + 41, textWidth, { font: 'Helvetica', size: 7.5, color: INK });
    line(holderLine, MARGIN, MARGIN + 51, textWidth, { font: 'Helvetica', size: 7.5, color: INK });
    // the year, boxed on the right
    const box = { x: RIGHT - 96, y: MARGIN, w: 96, h: 44 };
    doc.lineWidth(1.2).strokeColor(INK).rect(box.x, box.y, box.w, box.h).stroke();
    line(L.year, box.x + 6, box.y + 5, box.w - 12, { font: 'Helvetica-Bold', size: 6.5, color: GREY });
    line(String(year), box.x + 6, box.y + 16, box.w - 12, { font: 'Helvetica-Bold', size: 20, color: INK }, 'right');
  };

  const footer = (page: number, pages: number) => {
    const y = PAGE.height - MARGIN - 7;
    doc.lineWidth(0.5).strokeColor(LIGHT_RULE).moveTo(MARGIN, y - 4).lineTo(RIGHT, y - 4).stroke();
    line(footerText, MARGIN, y, WIDTH - 120, SMALL);
    line(L.page(page, pages), RIGHT - 120, y, 120, { ...SMALL, color: INK }, 'right');
  };

  const columnHeadings = () => {
    doc.rect(MARGIN, BODY_TOP, WIDTH, HEAD_HEIGHT).fill(HEAD_FILL);
    color = HEAD_FILL;
    for (const column of COLUMNS) {
      const heading = L.columns[column.key];
      const right = column.key === 'quantity' || column.key === 'number';
      heading.forEach((text, i) => line(text, column.x + PAD, BODY_TOP + 3 + i * 7.5, column.inner, i === 0 ? HEADING : { ...HEADING, font: 'Helvetica', color: GREY }, right ? 'right' : 'left'));
    }
  };

  /** The column rules (down to `rules`) and the frame of a page's rows, from the headings down to `bottom`. */
  const grid = (bottom: number, rules = bottom) => {
    doc.lineWidth(0.4).strokeColor(LIGHT_RULE);
    for (const column of COLUMNS.slice(1)) doc.moveTo(column.x, BODY_TOP).lineTo(column.x, rules);
    doc.stroke();
    doc.lineWidth(0.8).strokeColor(RULE).rect(MARGIN, BODY_TOP, WIDTH, bottom - BODY_TOP).stroke();
    doc.moveTo(MARGIN, ROWS_TOP).lineTo(RIGHT, ROWS_TOP).stroke();
  };

  // ---- one entry ---------------------------------------------------------------------------------

  const entry = (row: RegisterRow, y: number, shaded: boolean) => {
    if (shaded) {
      doc.rect(MARGIN, y, WIDTH, ROW_HEIGHT).fill(ZEBRA);
      color = ZEBRA;
    }
    const y1 = y + 2.5;
    const y2 = y + 11;
    const c = COLUMN;
    line(String(row.number), c.number.x + PAD, y1, c.number.inner, ROW_BOLD, 'right');
    line(registerDateTime(row.date), c.date.x + PAD, y1, c.date.inner, ROW);
    line(day(row.operationDate), c.date.x + PAD, y2, c.date.inner, ROW_GREY);
    line(row.movement, c.movement.x + PAD, y1, c.movement.inner, ROW_BOLD);
    lines(row.causalLabel || row.causal, c.causal.x + PAD, y1, c.causal.inner, ROW);
    if (row.eer !== null) line(row.eer, c.waste.x + PAD, y1, c.waste.inner, ROW_BOLD);
    else line(L.material, c.waste.x + PAD, y1, c.waste.inner, ROW_NOTE);
    line(row.description, c.waste.x + PAD, y2, c.waste.inner, ROW);
    line(row.physicalState ? (physicalState(row.physicalState) ?? row.physicalState) : null, c.state.x + PAD, y1, c.state.inner, ROW);
    line(row.hpProperties.join(', '), c.state.x + PAD, y2, c.state.inner, ROW);
    line(kg(row.quantity, register.lang), c.quantity.x + PAD, y1, c.quantity.inner, ROW_BOLD, 'right');
    lines(row.movement === 'C' ? (row.origin ?? row.destination) : (row.destination ?? row.origin), c.party.x + PAD, y1, c.party.inner, ROW);
    line(row.fir, c.fir.x + PAD, y1, c.fir.inner, ROW);
    line(row.operation, c.operation.x + PAD, y1, c.operation.inner, ROW);
    if (row.corrects !== null) line(L.corrects(row.corrects), c.corrects.x + PAD, y1, c.corrects.inner, ROW_BOLD);
    lines(row.notes, c.notes.x + PAD, y1, c.notes.inner, ROW);
  };

  // ---- the totals ------------------------------------------------------------------------------

  const totals = totalsOf(rows);
  const totalsLine = (t: Total, y: number, style: Style, label?: string) => {
    const [code, description, entries, loads, unloads] = TOTALS_COLUMNS;
    if (label) line(label, code!.x + PAD, y, code!.inner, style);
    else if (t.code !== null) line(t.code, code!.x + PAD, y, code!.inner, ROW_BOLD);
    else line(L.material, code!.x + PAD, y, code!.inner, ROW_NOTE);
    line(t.description, description!.x + PAD, y, description!.inner, style);
    line(String(t.entries), entries!.x + PAD, y, entries!.inner, style, 'right');
    line(kg(t.loads / 1000, register.lang), loads!.x + PAD, y, loads!.inner, style, 'right');
    line(kg(t.unloads / 1000, register.lang), unloads!.x + PAD, y, unloads!.inner, style, 'right');
  };
  const totalsChunk = (chunk: TotalsChunk, first: boolean) => {
    line(L.totals + (first ? '' : L.continued), MARGIN, chunk.top, TOTALS_WIDTH, { font: 'Helvetica-Bold', size: 8.5, color: INK });
    const headTop = chunk.top + 13;
    doc.rect(MARGIN, headTop, TOTALS_WIDTH, 13).fill(HEAD_FILL);
    color = HEAD_FILL;
    TOTALS_COLUMNS.forEach((column, i) => line(L.totalsColumns[i], column.x + PAD, headTop + 3.5, column.inner, HEADING, column.right ? 'right' : 'left'));
    let y = chunk.top + TOTALS_HEAD;
    for (let i = chunk.from; i < chunk.to; i++) {
      const isSum = i === totals.lines.length;
      if (isSum) doc.lineWidth(0.8).strokeColor(RULE).moveTo(MARGIN, y - 1.5).lineTo(MARGIN + TOTALS_WIDTH, y - 1.5).stroke();
      if (isSum) totalsLine(totals.sum, y, ROW_BOLD, L.total);
      else totalsLine(totals.lines[i]!, y, ROW);
      y += TOTALS_LINE;
    }
  };

  // ---- the pages -------------------------------------------------------------------------------

  const rowPages = Math.max(1, Math.ceil(rows.length / REGISTER_ROWS_PER_PAGE));
  const lastRows = rows.length - (rowPages - 1) * REGISTER_ROWS_PER_PAGE;
  const afterRows = rows.length === 0 ? ROWS_TOP + EMPTY_HEIGHT : ROWS_TOP + lastRows * ROW_HEIGHT;
  // the lines of the totals and the sum below them; none for an empty register
  const plan = rows.length === 0 ? [] : totalsPlan(afterRows, totals.lines.length + 1);
  const pages = rowPages + plan.filter((chunk) => chunk.newPage).length;

  let page = 0;
  const startPage = () => {
    if (page > 0) doc.addPage();
    page += 1;
    color = '';
    header();
    footer(page, pages);
    drawPageFrame(doc, options.frame, MARGIN);
  };

  const draw = async () => {
    for (let p = 0; p < rowPages; p++) {
      startPage();
      columnHeadings();
      const from = p * REGISTER_ROWS_PER_PAGE;
      const to = Math.min(rows.length, from + REGISTER_ROWS_PER_PAGE);
      for (let i = from; i < to; i++) entry(rows[i]!, ROWS_TOP + (i - from) * ROW_HEIGHT, (i - from) % 2 === 1);
      if (rows.length === 0) {
        line(L.empty(year), MARGIN + 8, ROWS_TOP + 10, WIDTH - 16, { font: 'Helvetica-Oblique', size: 9, color: GREY });
        grid(afterRows, ROWS_TOP);
      } else {
        grid(ROWS_TOP + (to - from) * ROW_HEIGHT);
      }
      if (p % YIELD_PAGES === YIELD_PAGES - 1) await yieldToEventLoop();
    }
    plan.forEach((chunk, i) => {
      if (chunk.newPage) startPage();
      totalsChunk(chunk, i === 0);
    });
    if (page !== pages) throw new Error(`register PDF: drew ${page} pages, numbered them of ${pages}`);
    stampPrintTemplate(doc, options.frame);
    doc.end();
  };
  draw().catch((error: unknown) => doc.emit('error', error));
  return done;
}

import PDFDocument from 'pdfkit';
import { drawPageFrame, stampPrintTemplate } from '../print-templates/frame.js';
import type { PrintFrame } from '../print-templates/templates.js';
import type { InvoiceAddress, InvoiceBuyer, InvoiceDocument, InvoiceDocumentLine, InvoiceParty, InvoiceSeller, InvoiceVatSummary } from './document.js';

/*
 * The printable invoice or credit note (issue 19): the courtesy copy of the FatturaPA file, portrait
 * A4, in Italian. Written from `InvoiceDocument` only, which carries every amount and total already
 * computed as exact decimal strings: nothing is added up here, the strings are only formatted.
 *
 *   first page: the seller (name, address, P.IVA, C.F., email and phone, tax regime) and the title
 *     box ("Fattura" / "Nota di credito" n. … del …); the document's data (type, for a credit note
 *     the invoice it reverses, the SdI file) and the buyer's box ("Spett.le", codice destinatario or
 *     PEC)
 *   the lines: N. · Descrizione (reference and work date on a second, smaller line) · Q.tà · U.M. ·
 *     Prezzo unitario · Importo · IVA % or Natura; rows grow with their text, pages break between
 *     rows and repeat the column headings under a short header (seller, document, "segue")
 *   the VAT summary: Aliquota / Natura · Imponibile · Imposta · Esigibilità · Riferimento normativo
 *   the payment (method, due date, amount, IBAN, bank) beside the totals (Imponibile, IVA, Bollo
 *     virtuale, Totale documento, and Netto a pagare when the customer pays less than the total)
 *   the notes (Causale)
 *   every page: "Copia di cortesia …" and "Pagina X di Y" (pages are buffered, numbered at the end)
 *
 * Standard Helvetica (WinAnsi: the Italian accented letters and € are in it; other characters are
 * replaced, see `printable`), as the FIR and the register; `compress: false` leaves the content
 * streams readable (tests).
 */

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 36;
const WIDTH = PAGE.width - 2 * MARGIN;
const RIGHT = MARGIN + WIDTH;
/** The footer's rule; the body ends a little above it. */
const FOOTER_RULE = PAGE.height - 32;
const BODY_BOTTOM = FOOTER_RULE - 10;
/** Where the body starts on the pages after the first, below their short header. */
const CONTINUED_TOP = MARGIN + 28;

const INK = '#111111';
const GREY = '#5f5f5f';
const RULE = '#333333';
const LIGHT_RULE = '#c4c4c4';
const HEAD_FILL = '#e6e6e6';
const BAND_FILL = '#f0f0f0';

type FontName = 'Helvetica' | 'Helvetica-Bold' | 'Helvetica-Oblique';
interface Style {
  font: FontName;
  size: number;
  color: string;
}

const TEXT: Style = { font: 'Helvetica', size: 8.5, color: INK };
const TEXT_BOLD: Style = { ...TEXT, font: 'Helvetica-Bold' };
const SMALL: Style = { font: 'Helvetica', size: 7, color: GREY };
const LABEL: Style = { font: 'Helvetica-Bold', size: 6.5, color: GREY };
const HEADING: Style = { font: 'Helvetica-Bold', size: 7, color: INK };
const ROW: Style = { font: 'Helvetica', size: 8, color: INK };
const ROW_DETAIL: Style = { font: 'Helvetica', size: 6.8, color: GREY };

export const COURTESY_COPY = 'Copia di cortesia – il documento fiscalmente valido è il file XML trasmesso al Sistema di Interscambio';

const DOCUMENT_TYPES: Record<InvoiceDocument['documentType'], string> = { TD01: 'Fattura', TD04: 'Nota di credito' };

const VAT_DUE: Record<NonNullable<InvoiceVatSummary['vatDue']>, string> = {
  I: 'immediata',
  D: 'differita',
  S: 'scissione dei pagamenti (art. 17-ter DPR 633/72)',
};

const TAX_REGIMES: Record<string, string> = { RF01: 'ordinario', RF02: 'contribuenti minimi', RF19: 'forfettario' };

// ---- formatting ----------------------------------------------------------------------------------

const DECIMAL = /^-?\d+(\.\d+)?$/;

/**
 * Intl formats a numeric string as the exact decimal it spells (ECMA-402 NumberFormat v3), never
 * through a double; grouping 'always' because the Italian CLDR data leaves 4-digit numbers ungrouped
 * ("1234,50").
 */
const formatters = new Map<string, Intl.NumberFormat>();
function decimal(value: string, minDecimals: number, maxDecimals: number): string {
  const text = value.trim();
  if (!DECIMAL.test(text)) throw new Error(`invoice PDF: "${value}" is not a decimal number`);
  const key = `${minDecimals}/${maxDecimals}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.NumberFormat('it-IT', { useGrouping: 'always', minimumFractionDigits: minDecimals, maximumFractionDigits: maxDecimals });
    formatters.set(key, format);
  }
  // the strings have at most 8 decimals (quantities, unit prices): nothing is rounded
  return format.format(text as Intl.StringNumericLiteral).replace(/\u2212/g, '-');
}

const currencySign = (currency: string) => (currency === 'EUR' ? '€' : currency);

/** "1234.50" → "1.234,50 €": two decimals (or the ones the string has), Italian grouping. */
export function italianAmount(value: string, currency = 'EUR'): string {
  const decimals = value.split('.')[1]?.length ?? 0;
  return `${decimal(value, 2, Math.max(2, Math.min(decimals, 20)))} ${currencySign(currency)}`;
}

/** A unit price: at least two decimals, the further ones only when not zero ("0.1250" → "0,125"). */
const italianPrice = (value: string, currency: string) => `${decimal(value, 2, 20)} ${currencySign(currency)}`;

/** A quantity without trailing zeros ("1250.000" → "1.250", "0.50" → "0,5"). */
const italianQuantity = (value: string) => decimal(value, 0, 20);

/** "22.00" → "22%", "5.50" → "5,5%". */
const italianRate = (value: string) => `${decimal(value, 0, 20)}%`;

/** yyyy-mm-dd → dd/mm/yyyy. */
export function italianDate(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!match) throw new Error(`invoice PDF: "${value}" is not a date`);
  return `${match[3]}/${match[2]}/${match[1]}`;
}

/** "IT60X0542811101000000123456" → "IT60 X054 2811 1010 0000 0123 456". */
const grouped = (iban: string) => iban.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');

/** The WinAnsi characters beyond Latin-1 that pdfkit's standard fonts map. */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
const SUBSTITUTES: Record<string, string> = {
  '\u2010': '-',
  '\u2011': '-',
  '\u2212': '-',
  '\u2032': "'",
  '\u2033': '"',
  '\u2264': '<=',
  '\u2265': '>=',
  '\u2260': '!=',
  '\u2248': '~',
  // letters NFD does not take apart
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
};
const LATIN1 = /^[\x20-\x7e\xa0-\xff]*$/;

/**
 * `text` as the standard fonts can show it: composed accents, control characters as spaces, line
 * breaks kept; a character outside WinAnsi becomes its letter without accents when it has one, else
 * "?" (pdfkit would write a code the font does not have).
 */
export function printable(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFC').replace(/\r\n?/g, '\n')) {
    const code = ch.codePointAt(0)!;
    if (ch === '\n') out += ch;
    else if (code < 0x20 || (code >= 0x7f && code < 0xa0)) out += ' ';
    else if (code < 0x100 || WIN_ANSI_EXTRA.has(ch)) out += ch;
    else {
      const plain = SUBSTITUTES[ch] ?? ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
      out += plain && LATIN1.test(plain) ? plain : /\s/.test(ch) ? ' ' : '?';
    }
  }
  return out;
}

const oneLine = (text: string) => printable(text).replace(/\s+/g, ' ').trim();

// ---- the parties ---------------------------------------------------------------------------------

const partyName = (party: InvoiceParty) => [party.name, party.lastName].filter(Boolean).join(' ');

/** The street with its house number (unless the street already ends with it), then zip, city, province. */
function addressLines(address: InvoiceAddress): string[] {
  const number = address.houseNumber?.trim();
  const street = number && !address.street.trim().endsWith(number) ? `${address.street.trim()} ${number}` : address.street.trim();
  const city = [address.zip, address.city, address.province ? `(${address.province})` : null].filter(Boolean).join(' ');
  return [street, address.country && address.country !== 'IT' ? `${city} – ${address.country}` : city].filter(Boolean);
}

function taxIds(party: InvoiceParty): string | null {
  const ids = [party.vatNumber ? `P.IVA ${party.vatCountry}${party.vatNumber}` : null, party.fiscalCode ? `C.F. ${party.fiscalCode}` : null];
  return ids.filter(Boolean).join(' · ') || null;
}

function contacts(party: InvoiceParty): string | null {
  return [party.email ? `Email ${party.email}` : null, party.phone ? `Tel. ${party.phone}` : null].filter(Boolean).join(' · ') || null;
}

function recipient(buyer: InvoiceBuyer): string {
  if (buyer.sdiCode) return `Codice destinatario: ${buyer.sdiCode}`;
  if (buyer.pec) return `PEC: ${buyer.pec}`;
  return 'Codice destinatario: 0000000';
}

function sellerLines(seller: InvoiceSeller): string[] {
  const regime = TAX_REGIMES[seller.taxRegime];
  return [
    ...addressLines(seller.address),
    taxIds(seller),
    contacts(seller),
    `Regime fiscale: ${seller.taxRegime}${regime ? ` (${regime})` : ''}`,
  ].filter((line): line is string => !!line);
}

// ---- the tables ----------------------------------------------------------------------------------

interface Column {
  title: string;
  width: number;
  align: 'left' | 'right';
  /** Extra space on the left, after a column of right-aligned amounts. */
  indent?: number;
}

/** One piece of a cell's text: wrapped within the cell, or one line (numbers shrink to fit, text is cut). */
interface Part {
  text: string;
  style: Style;
  wrap?: boolean;
  /** Space above the part (points), when it is not the first. */
  gap?: number;
  /** One line made smaller until it fits (numbers, and so any right-aligned cell, always are). */
  fit?: boolean;
}

const PAD_X = 4;
const PAD_Y = 4;
const HEAD_HEIGHT = 18;

/** The lines' columns; the description takes what is left. */
const LINE_COLUMNS: Column[] = (() => {
  const fixed: Column[] = [
    { title: 'N.', width: 24, align: 'right' },
    { title: 'Descrizione', width: 0, align: 'left' },
    { title: 'Q.tà', width: 56, align: 'right' },
    { title: 'U.M.', width: 42, align: 'left' },
    { title: 'Prezzo unitario', width: 68, align: 'right' },
    { title: 'Importo', width: 72, align: 'right' },
    { title: 'IVA %', width: 40, align: 'right' },
  ];
  fixed[1]!.width = WIDTH - fixed.reduce((sum, c) => sum + c.width, 0);
  return fixed;
})();

const SUMMARY_COLUMNS: Column[] = [
  { title: 'Aliquota / Natura', width: 66, align: 'left' },
  { title: 'Imponibile', width: 72, align: 'right' },
  { title: 'Imposta', width: 66, align: 'right' },
  // wide enough for "scissione dei pagamenti (art. 17-ter DPR 633/72)" on one line
  { title: 'Esigibilità IVA', width: 194, align: 'left', indent: 10 },
  { title: 'Riferimento normativo', width: WIDTH - 66 - 72 - 66 - 194, align: 'left' },
];

/** The invoice or credit note as an A4 PDF, in Italian. */
export function invoicePdf(invoice: InvoiceDocument, options: { compress?: boolean; frame?: PrintFrame | null } = {}): Promise<Buffer> {
  const kind = DOCUMENT_TYPES[invoice.documentType];
  const identity = `${kind} n. ${invoice.number} del ${italianDate(invoice.issueDate)}`;
  const money = (value: string) => italianAmount(value, invoice.currency);

  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    bufferPages: true,
    compress: options.compress ?? true,
    lang: 'it-IT',
    info: { Title: oneLine(identity), Author: oneLine(invoice.seller.name), Subject: oneLine(`${identity} – ${partyName(invoice.buyer)}`) },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  // ---- text helpers --------------------------------------------------------------------------

  const use = (style: Style, size = style.size) => doc.font(style.font).fontSize(size).fillColor(style.color);
  const lineHeight = (style: Style) => {
    use(style);
    return doc.currentLineHeight(true);
  };

  /** `text` cut with an ellipsis to `width` (current font). */
  const cut = (text: string, width: number) => {
    if (doc.widthOfString(text) <= width) return text;
    let low = 0;
    let high = text.length;
    while (low < high) {
      const mid = Math.ceil((low + high) / 2);
      if (doc.widthOfString(`${text.slice(0, mid).trimEnd()}…`) <= width) low = mid;
      else high = mid - 1;
    }
    return `${text.slice(0, low).trimEnd()}…`;
  };

  /**
   * One line at (x, y) within `width`: a number (`shrink`) gets smaller until it fits (down to 70%),
   * on its baseline; anything else is cut with an ellipsis.
   */
  const one = (value: string | null | undefined, x: number, y: number, width: number, style: Style, align: 'left' | 'right' | 'center' = 'left', shrink = false) => {
    if (!value) return;
    let text = oneLine(value);
    let size = style.size;
    use(style);
    if (shrink) {
      while (size > style.size * 0.7 && doc.widthOfString(text) > width) {
        size -= 0.25;
        doc.fontSize(size);
      }
    }
    text = cut(text, width);
    const w = doc.widthOfString(text);
    const dx = align === 'right' ? width - w : align === 'center' ? (width - w) / 2 : 0;
    // on the same baseline as at full size (Helvetica's ascender is 0.718 em)
    doc.text(text, x + dx, y + (style.size - size) * 0.718, { lineBreak: false });
  };

  /** The height of `text` wrapped to `width`. */
  const wrappedHeight = (text: string, width: number, style: Style) => {
    use(style);
    return doc.heightOfString(printable(text), { width, lineGap: 0 });
  };

  /** `text` wrapped to `width` at (x, y), cut with an ellipsis below `maxHeight`; returns its height. */
  const para = (text: string, x: number, y: number, width: number, style: Style, align: 'left' | 'right' = 'left', maxHeight = Infinity) => {
    const height = Math.min(wrappedHeight(text, width, style), maxHeight);
    use(style);
    doc.text(printable(text), x, y, { width, align, lineGap: 0, ...(Number.isFinite(maxHeight) ? { height: maxHeight, ellipsis: true } : {}) });
    return height;
  };

  const rule = (x1: number, x2: number, y: number, width = 0.5, color = LIGHT_RULE) => {
    doc.lineWidth(width).strokeColor(color).moveTo(x1, y).lineTo(x2, y).stroke();
  };

  // ---- pages ---------------------------------------------------------------------------------------

  let y = MARGIN;

  /** A new page with the short header: seller, document, "segue". */
  const newPage = () => {
    doc.addPage();
    one(invoice.seller.name, MARGIN, MARGIN, WIDTH * 0.45, TEXT_BOLD);
    one(`${identity} (segue)`, MARGIN + WIDTH * 0.45, MARGIN, WIDTH * 0.55, TEXT_BOLD, 'right');
    rule(MARGIN, RIGHT, MARGIN + 15, 0.8, RULE);
    y = CONTINUED_TOP;
  };

  /** Room for `height` more points on this page, else a new page. */
  const ensure = (height: number) => {
    if (y + height > BODY_BOTTOM) newPage();
  };

  /** A section's small grey title. */
  const sectionTitle = (title: string, x = MARGIN, width = WIDTH) => {
    one(title.toUpperCase(), x, y, width, LABEL);
    y += 11;
  };
  const SECTION_TITLE = 11;

  // ---- tables --------------------------------------------------------------------------------------

  const columnsAt = (columns: Column[]) => {
    let x = MARGIN;
    return columns.map((column) => {
      const indent = column.indent ?? 0;
      const at = { ...column, x: x + indent, inner: column.width - indent - 2 * PAD_X };
      x += column.width;
      return at;
    });
  };

  /** The tallest a row's content may be: a whole page's body under the headings. */
  const MAX_CONTENT = BODY_BOTTOM - CONTINUED_TOP - HEAD_HEIGHT - SECTION_TITLE - 2 * PAD_Y;

  const partHeight = (part: Part, inner: number) => (part.wrap ? wrappedHeight(part.text, inner, part.style) : lineHeight(part.style));
  const gaps = (parts: Part[]) => parts.reduce((sum, part, i) => sum + (i > 0 ? (part.gap ?? 1) : 0), 0);
  /**
   * The heights of a cell's parts: as tall as their text, but a cell no taller than MAX_CONTENT: the
   * first wrapped part (a description) gives up what the others need, and is cut with an ellipsis.
   */
  const partHeights = (parts: Part[], inner: number) => {
    const heights = parts.map((part) => partHeight(part, inner));
    const excess = heights.reduce((a, b) => a + b, 0) + gaps(parts) - MAX_CONTENT;
    const first = parts.findIndex((part) => part.wrap);
    if (excess > 0 && first >= 0) {
      const style = parts[first]!.style;
      const line = lineHeight(style);
      // whole lines only, at least one
      heights[first] = Math.max(line, Math.floor((heights[first]! - excess) / line) * line);
    }
    return heights;
  };
  const cellHeight = (parts: Part[], inner: number) => partHeights(parts, inner).reduce((a, b) => a + b, 0) + gaps(parts);

  const drawCell = (parts: Part[], x: number, top: number, inner: number, align: 'left' | 'right') => {
    const heights = partHeights(parts, inner);
    let at = top;
    for (const [i, part] of parts.entries()) {
      if (i > 0) at += part.gap ?? 1;
      const height = heights[i]!;
      if (part.wrap) para(part.text, x, at, inner, part.style, align, height < partHeight(part, inner) ? height : Infinity);
      else one(part.text, x, at, inner, part.style, align, part.fit ?? align === 'right');
      at += height;
    }
  };

  /**
   * A table: its headings, then the rows; a row that does not fit goes to a new page, under the
   * headings again. Rows are as tall as their tallest cell.
   */
  const table = (columns: Column[], rows: Part[][][], title?: string) => {
    const cols = columnsAt(columns);
    const heights = rows.map((cells) => Math.min(MAX_CONTENT, Math.max(...cells.map((parts, i) => cellHeight(parts, cols[i]!.inner)))) + 2 * PAD_Y);
    const headings = (continued: boolean) => {
      if (title) sectionTitle(continued ? `${title} (segue)` : title);
      doc.rect(MARGIN, y, WIDTH, HEAD_HEIGHT).fill(HEAD_FILL);
      for (const c of cols) one(c.title, c.x + PAD_X, y + (HEAD_HEIGHT - 7) / 2, c.inner, HEADING, c.align);
      y += HEAD_HEIGHT;
    };
    const close = () => rule(MARGIN, RIGHT, y, 0.8, RULE);
    ensure((title ? SECTION_TITLE : 0) + HEAD_HEIGHT + (heights[0] ?? 0));
    headings(false);
    rows.forEach((cells, r) => {
      const height = heights[r]!;
      if (y + height > BODY_BOTTOM) {
        close();
        newPage();
        headings(true);
      } else if (r > 0) {
        rule(MARGIN, RIGHT, y, 0.4);
      }
      cells.forEach((parts, i) => drawCell(parts, cols[i]!.x + PAD_X, y + PAD_Y, cols[i]!.inner, cols[i]!.align));
      y += height;
    });
    close();
  };

  // ---- first page: seller and title --------------------------------------------------------------

  const boxWidth = 214;
  const boxX = RIGHT - boxWidth;
  const sellerWidth = boxX - MARGIN - 18;
  {
    // the title box
    const inner = boxWidth - 20;
    const numberStyle: Style = { font: 'Helvetica-Bold', size: 10.5, color: INK };
    const numberText = `n. ${invoice.number} del ${italianDate(invoice.issueDate)}`;
    const numberHeight = wrappedHeight(numberText, inner, numberStyle);
    const boxHeight = 10 + 22 + numberHeight + 10;
    doc.lineWidth(1.2).strokeColor(INK).rect(boxX, MARGIN, boxWidth, boxHeight).stroke();
    one(kind, boxX + 10, MARGIN + 10, inner, { font: 'Helvetica-Bold', size: 18, color: INK });
    para(numberText, boxX + 10, MARGIN + 32, inner, numberStyle);

    // the seller
    const seller = invoice.seller;
    const nameStyle: Style = { font: 'Helvetica-Bold', size: 13, color: INK };
    let sy = MARGIN + para(partyName(seller), MARGIN, MARGIN, sellerWidth, nameStyle, 'left', 2 * lineHeight(nameStyle)) + 3;
    for (const line of sellerLines(seller)) {
      sy += para(line, MARGIN, sy, sellerWidth, line.startsWith('Regime') ? SMALL : TEXT) + 1;
    }
    y = Math.max(sy, MARGIN + boxHeight) + 16;
  }

  // ---- first page: the document's data and the buyer -----------------------------------------------

  {
    const buyerWidth = 250;
    const buyerX = RIGHT - buyerWidth;
    const dataWidth = buyerX - MARGIN - 18;
    const top = y;
    const pad = 8;

    // left: what the document is
    const data: [string, string, Style?][] = [
      ['Tipo documento', `${invoice.documentType} – ${kind.toLowerCase()}`],
      ['Numero', invoice.number, TEXT_BOLD],
      ['Data', italianDate(invoice.issueDate)],
    ];
    if (invoice.currency !== 'EUR') data.push(['Valuta', invoice.currency, TEXT_BOLD]);
    data.push(['File SdI', invoice.fileName, SMALL]);
    const labelWidth = 62;
    // a credit note: the invoice it corrects, across the box
    const correction = invoice.related ? `Rettifica della fattura n. ${invoice.related.number} del ${italianDate(invoice.related.issueDate)}` : null;
    const dataHeight = (() => {
      let h = 0;
      for (const [, value, style] of data) h += wrappedHeight(value, dataWidth - labelWidth - 2 * pad, style ?? TEXT) + 3;
      if (correction) h += 3 + wrappedHeight(correction, dataWidth - 2 * pad, TEXT_BOLD) + 3;
      return h;
    })();

    // right: the buyer
    const buyer = invoice.buyer;
    const buyerLines: [string, Style][] = [
      [partyName(buyer), { font: 'Helvetica-Bold', size: 10.5, color: INK }],
      ...addressLines(buyer.address).map((line): [string, Style] => [line, TEXT]),
      ...(taxIds(buyer) ? [[taxIds(buyer)!, TEXT] as [string, Style]] : []),
      [recipient(buyer), TEXT_BOLD],
    ];
    if (buyer.sdiCode && buyer.pec) buyerLines.push([`PEC: ${buyer.pec}`, TEXT]);
    const buyerInner = buyerWidth - 2 * pad;
    const buyerHeight = 12 + buyerLines.reduce((sum, [text, style]) => sum + wrappedHeight(text, buyerInner, style) + 1.5, 0);

    const height = Math.max(dataHeight + 12, buyerHeight) + 2 * pad;
    doc.lineWidth(0.75).strokeColor(RULE).rect(MARGIN, top, dataWidth, height).stroke();
    doc.lineWidth(0.75).strokeColor(RULE).rect(buyerX, top, buyerWidth, height).stroke();

    one('DATI DEL DOCUMENTO', MARGIN + pad, top + pad, dataWidth - 2 * pad, LABEL);
    let dy = top + pad + 12;
    for (const [label, value, style] of data) {
      one(label, MARGIN + pad, dy + 0.8, labelWidth - 4, SMALL);
      dy += para(value, MARGIN + pad + labelWidth, dy, dataWidth - labelWidth - 2 * pad, style ?? TEXT) + 3;
    }
    if (correction) para(correction, MARGIN + pad, dy + 3, dataWidth - 2 * pad, TEXT_BOLD);

    one('Spett.le', buyerX + pad, top + pad, buyerInner, { font: 'Helvetica-Oblique', size: 7.5, color: GREY });
    let by = top + pad + 12;
    for (const [text, style] of buyerLines) by += para(text, buyerX + pad, by, buyerInner, style) + 1.5;

    y = top + height + 16;
  }

  // ---- the lines -----------------------------------------------------------------------------------

  const lineCells = (line: InvoiceDocumentLine): Part[][] => {
    const detail = [line.reference ? `Rif. ${line.reference}` : null, line.workDate ? `eseguito il ${italianDate(line.workDate)}` : null].filter(Boolean).join(' · ');
    const description: Part[] = [{ text: line.description, style: ROW, wrap: true }];
    if (detail) description.push({ text: detail, style: ROW_DETAIL, wrap: true, gap: 1.5 });
    return [
      [{ text: String(line.lineNo), style: ROW }],
      description,
      [{ text: line.quantity !== null ? italianQuantity(line.quantity) : '', style: ROW }],
      [{ text: line.quantity !== null ? (line.unit ?? '') : '', style: ROW, fit: true }],
      [{ text: italianPrice(line.unitPrice, invoice.currency), style: ROW }],
      [{ text: money(line.amount), style: { ...ROW, font: 'Helvetica-Bold' } }],
      [{ text: line.nature ?? italianRate(line.vatRate), style: ROW }],
    ];
  };
  table(LINE_COLUMNS, invoice.lines.map(lineCells));
  y += 16;

  // ---- the VAT summary -----------------------------------------------------------------------------

  const summaryCells = (s: InvoiceVatSummary): Part[][] => [
    [{ text: s.nature ?? italianRate(s.vatRate), style: TEXT_BOLD }],
    [{ text: money(s.taxable), style: ROW }],
    [{ text: money(s.vat), style: ROW }],
    [{ text: s.vatDue ? VAT_DUE[s.vatDue] : '—', style: ROW, wrap: true }],
    [{ text: s.legalReference ?? '—', style: ROW, wrap: true }],
  ];
  table(SUMMARY_COLUMNS, invoice.summary.map(summaryCells), 'Riepilogo IVA');
  y += 16;

  // ---- payment and totals --------------------------------------------------------------------------

  {
    const totalsWidth = 224;
    const totalsX = RIGHT - totalsWidth;
    const paymentWidth = totalsX - MARGIN - 18;
    const labelWidth = 64;

    const payment = invoice.payment;
    const iban = payment?.iban ?? invoice.seller.iban;
    const paymentRows: [string, string, Style][] = payment
      ? [
          ['Modalità', `${payment.methodLabel} (${payment.method})`, TEXT],
          ['Scadenza', payment.dueDate ? italianDate(payment.dueDate) : '—', TEXT_BOLD],
          ['Importo', money(payment.amount), TEXT_BOLD],
        ]
      : [];
    // no payment (a credit note, usually): no bank details either, nobody pays the seller
    if (payment && iban) paymentRows.push(['IBAN', grouped(iban), TEXT]);
    if (payment && invoice.seller.bank) paymentRows.push(['Banca', invoice.seller.bank, TEXT]);
    const paymentHeight = paymentRows.length ? SECTION_TITLE + paymentRows.reduce((sum, [, value, style]) => sum + wrappedHeight(value, paymentWidth - labelWidth, style) + 3, 0) : 0;

    const LINE = 14;
    const totals: [string, string][] = [
      ['Imponibile', money(invoice.taxable)],
      ['IVA', money(invoice.vat)],
    ];
    if (invoice.stampDuty !== null) totals.push(['Bollo virtuale', money(invoice.stampDuty)]);
    const payable = invoice.payable !== invoice.total;
    const totalsHeight = SECTION_TITLE + totals.length * LINE + 6 + 18 + (payable ? 24 : 0);

    ensure(Math.max(paymentHeight, totalsHeight));
    const top = y;

    if (paymentRows.length) {
      sectionTitle('Pagamento', MARGIN, paymentWidth);
      for (const [label, value, style] of paymentRows) {
        one(label, MARGIN, y + 1, labelWidth - 6, SMALL);
        y += para(value, MARGIN + labelWidth, y, paymentWidth - labelWidth, style) + 3;
      }
    }

    y = top;
    sectionTitle('Totali', totalsX, totalsWidth);
    // labels and amounts 5 points inside the column, as on the shaded band of the amount due
    const tx = totalsX + 5;
    const tw = totalsWidth - 10;
    const labelW = 104;
    for (const [label, value] of totals) {
      one(label, tx, y + 2, labelW, TEXT);
      one(value, tx + labelW, y + 2, tw - labelW, TEXT, 'right', true);
      y += LINE;
      rule(totalsX, RIGHT, y - 1.5, 0.4);
    }
    y += 4;
    rule(totalsX, RIGHT, y - 2, 0.9, RULE);
    const totalStyle: Style = { font: 'Helvetica-Bold', size: 10, color: INK };
    one('Totale documento', tx, y + 3, labelW, totalStyle);
    one(money(invoice.total), tx + labelW, y + 3, tw - labelW, totalStyle, 'right', true);
    y += 18;
    if (payable) {
      y += 4;
      doc.rect(totalsX, y, totalsWidth, 20).fill(BAND_FILL);
      const payStyle: Style = { font: 'Helvetica-Bold', size: 10.5, color: INK };
      one('Netto a pagare', tx, y + 5, labelW, payStyle);
      one(money(invoice.payable), tx + labelW, y + 5, tw - labelW, payStyle, 'right', true);
      y += 20;
    }
    y = Math.max(top + paymentHeight, y) + 16;
  }

  // ---- notes ---------------------------------------------------------------------------------------

  const notes = invoice.notes.filter((note) => note.trim());
  if (notes.length) {
    ensure(SECTION_TITLE + wrappedHeight(notes[0]!, WIDTH, TEXT));
    sectionTitle('Note');
    for (const note of notes) {
      ensure(wrappedHeight(note, WIDTH, TEXT));
      y += para(note, MARGIN, y, WIDTH, TEXT) + 3;
    }
  }

  // ---- the print template's closing text (issue 20), a paragraph at a time ---------------------

  if (options.frame?.closing) {
    y += 6;
    for (const paragraph of options.frame.closing.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean)) {
      ensure(wrappedHeight(paragraph, WIDTH, TEXT));
      y += para(paragraph, MARGIN, y, WIDTH, TEXT) + 5;
    }
  }

  // ---- footers -------------------------------------------------------------------------------------

  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    rule(MARGIN, RIGHT, FOOTER_RULE);
    one(COURTESY_COPY, MARGIN, FOOTER_RULE + 5, WIDTH - 80, { ...SMALL, size: 6.5 });
    one(`Pagina ${i - range.start + 1} di ${range.count}`, RIGHT - 76, FOOTER_RULE + 4.5, 76, { ...TEXT, size: 7.5 }, 'right');
    drawPageFrame(doc, options.frame, MARGIN);
  }
  stampPrintTemplate(doc, options.frame);

  doc.end();
  return done;
}

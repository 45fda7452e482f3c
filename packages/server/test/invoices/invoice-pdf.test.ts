import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import type { InvoiceBuyer, InvoiceDocument, InvoiceDocumentLine, InvoiceSeller } from '../../src/domain/invoices/document.js';
import { COURTESY_COPY, invoicePdf, italianAmount, italianDate } from '../../src/domain/invoices/pdf.js';
import { renderFirstPage } from '../support/pdf-render.js';
import { pdfText } from '../support/pdf-text.js';

const PDFJS_DIR = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
const A4 = { width: 595.28, height: 841.89 };

// ---- the documents -----------------------------------------------------------------------------
// Built by hand. The fixtures add up their amounts in cents here, so that every total is consistent;
// the PDF itself computes nothing.

const cents = (amount: string) => Math.round(Number(amount) * 100);
const amount = (value: number) => `${value < 0 ? '-' : ''}${Math.floor(Math.abs(value) / 100)}.${String(Math.abs(value) % 100).padStart(2, '0')}`;
/** taxable × rate / 100, half up to the cent. */
const vatOf = (taxable: number, rate: number) => Math.round((taxable * rate) / 100);

const SELLER: InvoiceSeller = {
  name: 'Circula Ambiente S.r.l.',
  lastName: null,
  vatNumber: '01234567890',
  vatCountry: 'IT',
  fiscalCode: '01234567890',
  address: { street: 'Via Raffaele Rubattino', houseNumber: '84', zip: '20134', city: 'Milano', province: 'MI', country: 'IT' },
  email: 'amministrazione@circula-ambiente.it',
  phone: '+39 02 2641 7700',
  taxRegime: 'RF01',
  iban: 'IT60X0542811101000000123456',
  bank: 'Banca Popolare di Sondrio – filiale di Milano Lambrate',
};

const BUYER: InvoiceBuyer = {
  name: 'Officine Brambilla & Figli S.p.A.',
  lastName: null,
  vatNumber: '09876543210',
  vatCountry: 'IT',
  fiscalCode: '09876543210',
  address: { street: 'Via dell’Industria', houseNumber: '12/B', zip: '20900', city: 'Monza', province: 'MB', country: 'IT' },
  email: 'contabilita@brambilla.it',
  phone: null,
  sdiCode: 'M5UXCR1',
  pec: null,
};

const LONG_DESCRIPTION =
  'Servizio di raccolta, trasporto e avvio a recupero di rifiuti speciali non pericolosi provenienti dalla manutenzione straordinaria ' +
  'del capannone B (imballaggi misti, legno, ferro e acciaio), compreso il noleggio di due cassoni scarrabili da 30 m³, ' +
  'la pesatura a destino e la compilazione dei formulari – a corpo secondo offerta n. 2025/418 del 12/12/2025';

function line(lineNo: number, fields: Partial<InvoiceDocumentLine> & Pick<InvoiceDocumentLine, 'description' | 'unitPrice' | 'amount'>): InvoiceDocumentLine {
  return { lineNo, quantity: null, unit: null, vatRate: '22.00', nature: null, workDate: null, reference: null, ...fields };
}

/** 58 lines at 22%, one reverse-charge scrap sale (N6.1), one excluded refund (N1): 60 lines, stamp duty. */
function bigInvoice(): InvoiceDocument {
  const lines: InvoiceDocumentLine[] = [];
  for (let n = 1; n <= 58; n++) {
    const day = String(((n - 1) % 28) + 1).padStart(2, '0');
    const common = { workDate: `2026-01-${day}`, reference: `FIR/2026/${String(100 + n).padStart(6, '0')}` };
    if (n === 7) lines.push(line(n, { description: LONG_DESCRIPTION, unitPrice: '980.00', amount: '980.00', reference: 'Offerta 2025/418' }));
    else if (n === 10) lines.push(line(n, { description: 'Bonifica dell’area di stoccaggio esterna', unitPrice: '1234.50', amount: '1234.50', workDate: '2026-01-10' }));
    else if (n % 3 === 0) lines.push(line(n, { description: 'Trasporto rifiuti con autocarro con gru', quantity: '1', unit: 'viaggio', unitPrice: '85.00', amount: '85.00', ...common }));
    else if (n % 3 === 1) lines.push(line(n, { description: 'Recupero imballaggi in materiali misti (EER 15 01 06)', quantity: '1250.000', unit: 'kg', unitPrice: '0.1250', amount: '156.25', ...common }));
    else lines.push(line(n, { description: 'Noleggio cassone scarrabile 30 m³', quantity: '3', unit: 'giorno', unitPrice: '12.50', amount: '37.50', workDate: common.workDate }));
  }
  lines.push(line(59, { description: 'Cessione di rottami ferrosi (EER 17 04 05)', quantity: '2480.000', unit: 'kg', unitPrice: '0.2200', amount: '545.60', vatRate: '0.00', nature: 'N6.1', reference: 'Conferimento CF-2026-0042', workDate: '2026-01-29' }));
  lines.push(line(60, { description: 'Rimborso diritti di segreteria anticipati in nome e per conto del cliente', unitPrice: '120.00', amount: '120.00', vatRate: '0.00', nature: 'N1' }));

  const sum = (filter: (l: InvoiceDocumentLine) => boolean) => lines.filter(filter).reduce((s, l) => s + cents(l.amount), 0);
  const taxable22 = sum((l) => l.nature === null);
  const vat22 = vatOf(taxable22, 22);
  const taxable = sum(() => true);
  const stamp = 200;
  const total = taxable + vat22 + stamp;
  return {
    id: 123,
    documentType: 'TD01',
    number: '2026/000123',
    issueDate: '2026-01-31',
    currency: 'EUR',
    seller: SELLER,
    buyer: BUYER,
    transmission: { progressive: '00123' },
    lines,
    summary: [
      { vatRate: '22.00', nature: null, taxable: amount(taxable22), vat: amount(vat22), vatDue: 'I', legalReference: null },
      { vatRate: '0.00', nature: 'N6.1', taxable: '545.60', vat: '0.00', vatDue: null, legalReference: 'Inversione contabile – art. 74, commi 7 e 8, DPR 633/72' },
      { vatRate: '0.00', nature: 'N1', taxable: '120.00', vat: '0.00', vatDue: null, legalReference: 'Escluse ex art. 15 DPR 633/72' },
    ],
    taxable: amount(taxable),
    vat: amount(vat22),
    total: amount(total),
    payable: amount(total),
    stampDuty: amount(stamp),
    payment: { method: 'MP05', methodLabel: 'Bonifico', dueDate: '2026-03-02', amount: amount(total), iban: null },
    related: null,
    notes: ['Servizi di gennaio 2026 secondo il contratto quadro n. 14/2024.', 'Imposta di bollo assolta in modo virtuale ai sensi dell’art. 6 del DM 17 giugno 2014.'],
    fileName: 'IT01234567890_00123.xml',
  };
}

/** A public body under split payment: the buyer pays the taxable amount, the VAT goes to the Treasury. */
function splitPaymentInvoice(): InvoiceDocument {
  return {
    id: 124,
    documentType: 'TD01',
    number: '2026/000124',
    issueDate: '2026-02-02',
    currency: 'EUR',
    seller: SELLER,
    buyer: {
      name: 'Comune di Sesto San Giovanni',
      lastName: null,
      vatNumber: '02253930156',
      vatCountry: 'IT',
      fiscalCode: '02253930156',
      address: { street: 'Piazza della Resistenza', houseNumber: '20', zip: '20099', city: 'Sesto San Giovanni', province: 'MI', country: 'IT' },
      email: null,
      phone: null,
      sdiCode: 'UF7HLB',
      pec: 'protocollo@pec.sestosg.net',
    },
    transmission: { progressive: '00124' },
    lines: [
      line(1, { description: 'Svuotamento cestini stradali – gennaio 2026', quantity: '1', unit: 'servizio', unitPrice: '1000.00', amount: '1000.00', workDate: '2026-01-31' }),
      line(2, { description: 'Raccolta ingombranti su chiamata', quantity: '7', unit: 'viaggio', unitPrice: '33.50', amount: '234.50', reference: 'Ordine 2026/17' }),
    ],
    summary: [{ vatRate: '22.00', nature: null, taxable: '1234.50', vat: '271.59', vatDue: 'S', legalReference: null }],
    taxable: '1234.50',
    vat: '271.59',
    total: '1506.09',
    payable: '1234.50',
    stampDuty: null,
    payment: { method: 'MP05', methodLabel: 'Bonifico', dueDate: '2026-03-04', amount: '1234.50', iban: 'IT02L1234512345123456789012' },
    related: null,
    notes: ['CIG Z1A3B5C7D9 – determina n. 112 del 15/12/2025'],
    fileName: 'IT01234567890_00124.xml',
  };
}

/** A credit note reversing part of an invoice; the buyer receives by PEC. */
function creditNote(): InvoiceDocument {
  return {
    id: 125,
    documentType: 'TD04',
    number: 'NC 3/2026',
    issueDate: '2026-02-10',
    currency: 'EUR',
    seller: SELLER,
    buyer: { ...BUYER, sdiCode: null, pec: 'brambilla@pec.brambilla.it' },
    transmission: { progressive: '00125' },
    lines: [line(1, { description: 'Storno trasporto non effettuato', quantity: '2', unit: 'viaggio', unitPrice: '85.00', amount: '170.00', reference: 'FIR/2026/000103', workDate: '2026-01-03' })],
    summary: [{ vatRate: '22.00', nature: null, taxable: '170.00', vat: '37.40', vatDue: 'I', legalReference: null }],
    taxable: '170.00',
    vat: '37.40',
    total: '207.40',
    payable: '207.40',
    stampDuty: null,
    payment: null,
    related: { number: '2026/000123', issueDate: '2026-01-31' },
    notes: [],
    fileName: 'IT01234567890_00125.xml',
  };
}

// ---- reading the PDF back ------------------------------------------------------------------------

/** The PDF's text with its line breaks as spaces: a phrase that wraps is still found. */
const flatText = (pdf: Buffer) => pdfText(pdf).replace(/\s*\n\s*/g, ' ');

const pageCount = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type \/Page\b(?!s)/g)?.length ?? 0;

interface Placed {
  page: number;
  str: string;
  x: number;
  /** Baseline, from the bottom of the page. */
  y: number;
  width: number;
  size: number;
}

/** Every piece of text with where pdf.js places it. */
async function placedText(pdf: Buffer): Promise<Placed[]> {
  const loaded = await getDocument({ data: new Uint8Array(pdf), standardFontDataUrl: `${PDFJS_DIR}/standard_fonts/`, verbosity: 0 }).promise;
  try {
    const out: Placed[] = [];
    for (let n = 1; n <= loaded.numPages; n++) {
      const content = await (await loaded.getPage(n)).getTextContent();
      for (const item of content.items) {
        if (!('str' in item) || !item.str.trim()) continue;
        const [a, b, , , x, y] = item.transform as number[];
        out.push({ page: n, str: item.str, x: x!, y: y!, width: item.width, size: Math.hypot(a!, b!) });
      }
    }
    return out;
  } finally {
    await loaded.destroy();
  }
}

/** Texts whose boxes (advance × ascender..descender) cross each other on the same page. */
function overlaps(items: Placed[]): string[] {
  const found: string[] = [];
  const box = (t: Placed) => ({ left: t.x + 0.5, right: t.x + t.width - 0.5, bottom: t.y - 0.2 * t.size, top: t.y + 0.72 * t.size });
  for (let i = 0; i < items.length; i++) {
    for (let j = i + 1; j < items.length; j++) {
      const p = items[i]!;
      const q = items[j]!;
      if (p.page !== q.page) continue;
      const a = box(p);
      const b = box(q);
      if (a.left < b.right && b.left < a.right && a.bottom < b.top && b.bottom < a.top) found.push(`p.${p.page}: "${p.str}" × "${q.str}"`);
    }
  }
  return found;
}

/** Nothing outside the page's margins (36 points, a little slack for kerning). */
function outside(items: Placed[]): string[] {
  return items.filter((t) => t.x < 35 || t.x + t.width > A4.width - 35 || t.y < 20 || t.y > A4.height - 35).map((t) => `p.${t.page}: "${t.str}" at ${t.x.toFixed(1)},${t.y.toFixed(1)} w ${t.width.toFixed(1)}`);
}

// ---- the tests -----------------------------------------------------------------------------------

describe('invoice PDF', () => {
  it('formats amounts and dates the Italian way, exactly', () => {
    expect(italianAmount('1234.50')).toBe('1.234,50 €');
    expect(italianAmount('0.10')).toBe('0,10 €');
    expect(italianAmount('-12.00')).toBe('-12,00 €');
    expect(italianAmount('999.99')).toBe('999,99 €');
    // beyond what a double holds exactly
    expect(italianAmount('12345678901234567.89')).toBe('12.345.678.901.234.567,89 €');
    expect(italianAmount('10.00', 'USD')).toBe('10,00 USD');
    expect(() => italianAmount('12,50')).toThrow(/not a decimal/);
    expect(italianDate('2026-01-31')).toBe('31/01/2026');
  });

  it('prints a 60-line invoice over numbered pages, with the VAT summary, the natures and the totals', async () => {
    const invoice = bigInvoice();
    // the fixture's own figures, as the assertions below spell them
    expect([invoice.taxable, invoice.vat, invoice.total]).toEqual(['8020.10', '1617.99', '9640.09']);
    const pdf = await invoicePdf(invoice, { compress: false });
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.toString('latin1')).toMatch(/\/MediaBox \[0 0 595\.28 841\.89\]/);
    const pages = pageCount(pdf);
    expect(pages).toBeGreaterThanOrEqual(2);

    const text = flatText(pdf);
    for (const expected of [
      'Circula Ambiente S.r.l.',
      'P.IVA IT01234567890 · C.F. 01234567890',
      'Email amministrazione@circula-ambiente.it · Tel. +39 02 2641 7700',
      'Fattura',
      'n. 2026/000123 del 31/01/2026',
      'Spett.le',
      'Officine Brambilla & Figli S.p.A.',
      'Via dell’Industria 12/B',
      '20900 Monza (MB)',
      'Codice destinatario: M5UXCR1',
      // a line: the reference and the work date below the description, quantity, unit price, amount
      'Rif. FIR/2026/000158 · eseguito il 02/01/2026',
      '1.250',
      '0,125 €',
      '156,25 €',
      '1.234,50 €',
      // the reverse-charge and excluded lines and their summary
      'N6.1',
      'N1',
      'Inversione contabile – art. 74, commi 7 e 8, DPR 633/72',
      'Escluse ex art. 15 DPR 633/72',
      'immediata',
      // totals
      'Imponibile',
      '8.020,10 €',
      '1.617,99 €',
      'Bollo virtuale',
      '2,00 €',
      'Totale documento',
      '9.640,09 €',
      // payment
      'Bonifico (MP05)',
      '02/03/2026',
      'IT60 X054 2811 1010 0000 0123 456',
      'Banca Popolare di Sondrio – filiale di Milano Lambrate',
      'Servizi di gennaio 2026 secondo il contratto quadro n. 14/2024.',
    ]) {
      expect(text, expected).toContain(expected.replace(/’/g, '\x92').replace(/–/g, '\x96').replace(/€/g, '\x80'));
    }
    // every page says which it is and that it is a courtesy copy; the lines' headings repeat
    for (let n = 1; n <= pages; n++) expect(text).toContain(`Pagina ${n} di ${pages}`);
    expect(text).not.toContain(`Pagina ${pages + 1} di`);
    // (pdfText reads an uncompressed stream twice, once from its "endstream": counted per page with pdf.js)
    expect(text.match(/Prezzo unitario/g)!.length).toBeGreaterThanOrEqual(2);
    expect(text).toContain('(segue)');
    // the long description wraps instead of being cut, the whole of it is there
    expect(text).toContain('12/12/2025');
    expect(text).not.toContain('\x85');
    // the customer pays the total
    expect(text).not.toContain('Netto a pagare');

    // laid out: all 60 line numbers, nothing outside the margins, no text over other text
    const placed = await placedText(pdf);
    for (let n = 1; n <= pages; n++) {
      const onPage = placed.filter((t) => t.page === n).map((t) => t.str);
      expect(onPage.filter((s) => /^Pagina \d+ di \d+$/.test(s)), `page ${n}`).toEqual([`Pagina ${n} di ${pages}`]);
      expect(onPage.filter((s) => s === COURTESY_COPY), `page ${n}`).toHaveLength(1);
      // the lines' headings on every page that has lines
      if (n < pages) expect(onPage, `page ${n}`).toContain('Prezzo unitario');
    }
    expect(new Set(placed.filter((t) => /^\d+$/.test(t.str) && t.x < 60).map((t) => t.str)).size).toBe(60);
    expect(outside(placed)).toEqual([]);
    expect(overlaps(placed)).toEqual([]);
  });

  it('prints the split payment: its VAT due, and the net amount the public body pays', async () => {
    const pdf = await invoicePdf(splitPaymentInvoice(), { compress: false });
    expect(pageCount(pdf)).toBe(1);
    const text = flatText(pdf);
    for (const expected of [
      'scissione dei pagamenti (art. 17-ter DPR 633/72)',
      'Codice destinatario: UF7HLB',
      'PEC: protocollo@pec.sestosg.net',
      '1.000,00 \x80',
      '271,59 \x80',
      'Totale documento',
      '1.506,09 \x80',
      'Netto a pagare',
      '1.234,50 \x80',
      'IT02 L123 4512 3451 2345 6789 012',
      'Pagina 1 di 1',
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).not.toContain('Bollo virtuale');
    const placed = await placedText(pdf);
    expect(outside(placed)).toEqual([]);
    expect(overlaps(placed)).toEqual([]);
  });

  it('prints a credit note with the invoice it corrects and the buyer’s PEC', async () => {
    const pdf = await invoicePdf(creditNote(), { compress: false });
    const text = flatText(pdf);
    expect(text).toContain('Nota di credito');
    expect(text).toContain('n. NC 3/2026 del 10/02/2026');
    expect(text).toContain('Rettifica della fattura n. 2026/000123 del 31/01/2026');
    expect(text).toContain('PEC: brambilla@pec.brambilla.it');
    expect(text).not.toContain('Codice destinatario');
    expect(text).toContain('207,40 \x80');
    expect(text).not.toContain('Pagamento'.toUpperCase());
    expect(text).toContain('Pagina 1 di 1');
    const placed = await placedText(pdf);
    expect(outside(placed)).toEqual([]);
    expect(overlaps(placed)).toEqual([]);
  });

  it('replaces what the standard fonts cannot show, and cuts a description longer than a page', async () => {
    const invoice = creditNote();
    invoice.lines = [{ ...invoice.lines[0]!, description: `Łukasz – ${'rifiuti '.repeat(2000)}fine`, reference: 'Ref ≥ 5 ✓' }];
    const pdf = await invoicePdf(invoice, { compress: false });
    const text = flatText(pdf);
    expect(text).toContain('Lukasz');
    expect(text).toContain('Rif. Ref >= 5 ?');
    expect(text).toContain('\x85');
    expect(text).not.toContain('fine');
    const placed = await placedText(pdf);
    expect(outside(placed)).toEqual([]);
    expect(overlaps(placed)).toEqual([]);
  });

  it('renders the first page: ink on white, A4', async () => {
    const renders = { 'invoice-page1': bigInvoice(), 'invoice-split-payment-page1': splitPaymentInvoice(), 'invoice-credit-note-page1': creditNote() };
    for (const [name, invoice] of Object.entries(renders)) {
      const png = await renderFirstPage(await invoicePdf(invoice));
      writeFileSync(`/tmp/${name}.png`, png);
      const image = await loadImage(png);
      expect(image.width).toBe(Math.ceil(A4.width * 2));
      expect(image.height).toBe(Math.ceil(A4.height * 2));
      const canvas = createCanvas(image.width, image.height);
      const context = canvas.getContext('2d');
      context.drawImage(image, 0, 0);
      const pixels = context.getImageData(0, 0, image.width, image.height).data;
      let ink = 0;
      for (let i = 0; i < pixels.length; i += 4) if (0.299 * pixels[i]! + 0.587 * pixels[i + 1]! + 0.114 * pixels[i + 2]! < 160) ink++;
      const fraction = ink / (pixels.length / 4);
      expect(fraction, name).toBeGreaterThan(0.01);
      expect(fraction, name).toBeLessThan(0.25);
    }
  });
});

import PDFDocument from 'pdfkit';
import { drawPageFrame, stampPrintTemplate } from '../../print-templates/frame.js';
import type { PrintFrame } from '../../print-templates/templates.js';
import { italianDateTime } from '../../activities/receipt.js';
import type { FirDocument, FirParty, FirSignature, FirSignatureRole, FirSite } from './document.js';

/*
 * The printable FIR, laid out like the paper form: the FIR model annexed to DM 4 aprile 2023 n. 59
 * (art. 5; in use since 13 Feb 2025), filled in as the MASE's compilation instructions say
 * (Decreto direttoriale n. 251 del 19/12/2023, Allegato 2). Its boxes, in the order printed here:
 *   header: numero FIR, data di emissione
 *   1 produttore / detentore (with the luogo di produzione)   2 destinatario (impianto, autorizzazione)
 *   3 trasportatore (iscrizione Albo)                         4 intermediario / commerciante
 *   5 caratteristiche del rifiuto: codice EER, descrizione, provenienza, stato fisico,
 *     caratteristiche di pericolo (HP), colli
 *   6 destinazione del rifiuto: operazione R / D              7 quantità (kg, litri, m³), peso da
 *                                                               verificarsi a destino / verificato in partenza
 *   8 percorso (se diverso dal più breve)                     9 trasporto sottoposto a normativa ADR
 *  10 mezzo e modalità di trasporto: conducente, targhe, data e ora di inizio del trasporto
 *  11 firme del produttore / detentore e del trasportatore
 *  12 riservato al destinatario: accettato per intero / parzialmente / respinto, quantità accettata e
 *     respinta, motivo, data e ora di arrivo, firma
 *     annotazioni
 * The digital FIR's dataset (RENTRI, `xml.ts`) has the same parts.
 *
 * Every box has a fixed place and size (values that do not fit are cut with an ellipsis), so a FIR
 * is always one A4 page. Standard Helvetica (WinAnsi: the Italian accented letters are in it), as
 * the conferral receipt; `compress: false` leaves the content streams readable (tests).
 */

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 28;
const WIDTH = PAGE.width - 2 * MARGIN;
const HALF = WIDTH / 2;
const HEADER_HEIGHT = 58;

/** The rows of boxes, top to bottom, with their heights (points). */
const ROWS = {
  parties: 140,
  carriers: 104,
  waste: 86,
  destination: 58,
  route: 50,
  vehicle: 38,
  signatures: 66,
  acceptance: 110,
  notes: 50,
} as const;

/** Where the form's frame (the outer border of the numbered boxes) is drawn, in points from the top left. */
export const FIR_FRAME = {
  x: MARGIN,
  y: MARGIN + HEADER_HEIGHT,
  width: WIDTH,
  height: Object.values(ROWS).reduce((a, b) => a + b, 0),
} as const;

const INK = '#111111';
const GREY = '#666666';
const RULE = '#333333';
const RED = '#b3261e';

const STATUS_LABELS: Record<string, string> = {
  ISSUED: 'Emesso, da firmare',
  SIGNED_PRODUCER: 'Firmato dal produttore',
  SIGNED_TRANSPORTER: 'In trasporto',
  ACCEPTED: 'Accettato',
  PARTIALLY_ACCEPTED: 'Accettato parzialmente',
  REFUSED: 'Respinto',
  CANCELLED: 'Annullato',
};

const UNIT_LABELS: Record<string, string> = { kg: 'kg', t: 't', l: 'litri', m3: 'm³' };

/**
 * A number the Italian way: "1.234,5" (up to 3 decimals). Written out rather than with
 * Intl.NumberFormat('it-IT'), whose CLDR data leaves 4-digit numbers ungrouped ("1234,5").
 */
export function italianNumber(value: number, maxDecimals = 3): string {
  const [int = '0', dec] = Number(value.toFixed(maxDecimals)).toString().split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return dec ? `${grouped},${dec}` : grouped;
}

const quantityText = (value: number, unit: string) => `${italianNumber(value)} ${UNIT_LABELS[unit] ?? unit}`;

const taxIds = (party: FirParty) =>
  [party.vatNumber ? `P.IVA ${party.vatNumber}` : null, party.fiscalCode && party.fiscalCode !== party.vatNumber ? `C.F. ${party.fiscalCode}` : null]
    .filter(Boolean)
    .join(' · ') || null;

const siteText = (site: FirSite) => [site.name, site.address].filter(Boolean).join(' – ') || null;

/** The printable FIR as a one-page A4 PDF, in Italian. */
export function firPdf(fir: FirDocument, options: { compress?: boolean; frame?: PrintFrame | null } = {}): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    compress: options.compress ?? true,
    lang: 'it-IT',
    info: { Title: `Formulario di identificazione del rifiuto ${fir.number}`, Author: fir.producer.name, Subject: `FIR ${fir.number}` },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  // ---- drawing helpers ----------------------------------------------------------------------

  /** One line (or `lines` lines) of text cut to its box: never spills, never adds a page. */
  const put = (text: string, x: number, y: number, width: number, style: { size?: number; bold?: boolean; color?: string; lines?: number; align?: 'left' | 'right' | 'center'; oblique?: boolean } = {}) => {
    const size = style.size ?? 9;
    const lines = style.lines ?? 1;
    const font = style.bold ? 'Helvetica-Bold' : style.oblique ? 'Helvetica-Oblique' : 'Helvetica';
    doc.font(font).fontSize(size).fillColor(style.color ?? INK);
    doc.text(text, x, y, { width, height: size * 1.18 * lines, ellipsis: true, lineGap: 0, align: style.align ?? 'left' });
  };

  /** A box with a thin border and its small grey heading. */
  const box = (x: number, y: number, w: number, h: number, title: string) => {
    doc.lineWidth(0.75).strokeColor(RULE).rect(x, y, w, h).stroke();
    put(title.toUpperCase(), x + 5, y + 4, w - 10, { size: 6.5, bold: true, color: GREY });
  };

  /** A labelled value inside a box; returns the y below it. */
  const field = (label: string, value: string | null | undefined, x: number, y: number, w: number, style: { size?: number; bold?: boolean; lines?: number } = {}) => {
    const size = style.size ?? 9;
    const lines = style.lines ?? 1;
    put(label, x, y, w, { size: 6, color: GREY });
    if (value) put(value, x, y + 7.5, w, { size, bold: style.bold, lines });
    else put('—', x, y + 7.5, w, { size, color: GREY });
    return y + 7.5 + size * 1.18 * lines + 3.5;
  };

  /** A small square, ticked when `checked`, with its label; returns the x after it. */
  const checkbox = (label: string, checked: boolean, x: number, y: number) => {
    doc.lineWidth(0.6).strokeColor(RULE).rect(x, y, 7, 7).stroke();
    if (checked) {
      doc.lineWidth(1.1).strokeColor(INK).moveTo(x + 1.5, y + 1.5).lineTo(x + 5.5, y + 5.5).moveTo(x + 5.5, y + 1.5).lineTo(x + 1.5, y + 5.5).stroke();
    }
    doc.font(checked ? 'Helvetica-Bold' : 'Helvetica').fontSize(8).fillColor(INK);
    const width = doc.widthOfString(label);
    doc.text(label, x + 10, y, { lineBreak: false });
    return x + 10 + width + 12;
  };

  const signatureOf = (role: FirSignatureRole) => fir.signatures.find((s) => s.role === role) ?? null;

  /** A signature: who, when and the start of the hash, or "Da firmare". */
  const signature = (sig: FirSignature | null, x: number, y: number, w: number, h: number) => {
    if (sig) {
      put(sig.signedBy, x, y, w, { size: 9.5, bold: true });
      put(`Firmato il ${italianDateTime(sig.signedAt)}`, x, y + 12, w, { size: 8 });
      put(`Impronta SHA-256: ${sig.hash.slice(0, 16)}`, x, y + 22, w, { size: 7, color: GREY });
    } else {
      put('Da firmare', x, y + 4, w, { size: 9, oblique: true, color: GREY });
      doc.lineWidth(0.5).strokeColor('#999999').moveTo(x, y + h - 6).lineTo(x + w, y + h - 6).dash(2, { space: 2 }).stroke().undash();
    }
  };

  const party = (p: FirParty, x: number, y: number, w: number) => {
    y = field('Denominazione / ragione sociale', p.name, x, y, w, { bold: true, size: 9.5 });
    y = field('Partita IVA / codice fiscale', taxIds(p), x, y, w);
    return field('Sede', p.address, x, y, w);
  };

  // ---- header ----------------------------------------------------------------------------------

  const cancelled = fir.status === 'CANCELLED';
  put('FORMULARIO DI IDENTIFICAZIONE DEL RIFIUTO', MARGIN, MARGIN, 330, { size: 13, bold: true });
  put('Art. 193 D.Lgs. 152/2006 · modello del DM 4 aprile 2023 n. 59', MARGIN, MARGIN + 16, 330, { size: 7, color: GREY });
  put(`Data di emissione: ${italianDateTime(fir.issuedAt)}`, MARGIN, MARGIN + 30, 200, { size: 9 });
  put(`Stato: ${STATUS_LABELS[fir.status] ?? fir.status}`, MARGIN + 200, MARGIN + 30, 150, { size: 9, bold: cancelled, color: cancelled ? RED : INK });
  const numberBox = { x: MARGIN + WIDTH - 190, y: MARGIN, w: 190, h: HEADER_HEIGHT - 8 };
  doc.lineWidth(1.2).strokeColor(INK).rect(numberBox.x, numberBox.y, numberBox.w, numberBox.h).stroke();
  put('NUMERO FIR', numberBox.x + 6, numberBox.y + 5, numberBox.w - 12, { size: 6.5, bold: true, color: GREY });
  // as large as fits the box
  let numberSize = 17;
  doc.font('Helvetica-Bold');
  while (numberSize > 10 && doc.fontSize(numberSize).widthOfString(fir.number) > numberBox.w - 12) numberSize -= 0.5;
  put(fir.number, numberBox.x + 6, numberBox.y + 18 + (17 - numberSize) / 2, numberBox.w - 12, { size: numberSize, bold: true, align: 'right' });

  // ---- the numbered boxes ----------------------------------------------------------------------

  const pad = 6;
  const inner = (w: number) => w - 2 * pad;
  let y = FIR_FRAME.y;

  // 1 producer / holder, 2 destination
  box(MARGIN, y, HALF, ROWS.parties, '1 · Produttore / detentore');
  let fy = party(fir.producer, MARGIN + pad, y + 15, inner(HALF));
  const pickup = fir.pickupSite;
  fy = field('Luogo di produzione / unità locale', siteText(pickup), MARGIN + pad, fy, inner(HALF), { lines: 2 });
  if (pickup.authorisation) field('Autorizzazione / iscrizione', pickup.authorisation, MARGIN + pad, fy, inner(HALF));
  box(MARGIN + HALF, y, HALF, ROWS.parties, '2 · Destinatario');
  fy = party(fir.destination, MARGIN + HALF + pad, y + 15, inner(HALF));
  fy = field('Impianto di destinazione', siteText(fir.destinationSite), MARGIN + HALF + pad, fy, inner(HALF), { lines: 2 });
  field('Autorizzazione n.', fir.destinationSite.authorisation, MARGIN + HALF + pad, fy, inner(HALF));
  y += ROWS.parties;

  // 3 transporter, 4 intermediary
  box(MARGIN, y, HALF, ROWS.carriers, '3 · Trasportatore');
  fy = party(fir.transporter, MARGIN + pad, y + 15, inner(HALF));
  const albo = [fir.transporter.alboNumber, fir.transporter.alboCategory ? `categoria ${fir.transporter.alboCategory}` : null].filter(Boolean).join(' – ');
  field('Iscrizione Albo gestori ambientali n.', albo || null, MARGIN + pad, fy, inner(HALF));
  box(MARGIN + HALF, y, HALF, ROWS.carriers, '4 · Intermediario / commerciante');
  if (fir.intermediary) {
    fy = party(fir.intermediary, MARGIN + HALF + pad, y + 15, inner(HALF));
    field('Iscrizione Albo gestori ambientali n.', fir.intermediary.alboNumber, MARGIN + HALF + pad, fy, inner(HALF));
  } else {
    put('Nessun intermediario', MARGIN + HALF + pad, y + 17, inner(HALF), { size: 9, oblique: true, color: GREY });
  }
  y += ROWS.carriers;

  // 5 the waste
  const waste = fir.waste;
  box(MARGIN, y, WIDTH, ROWS.waste, '5 · Caratteristiche del rifiuto');
  const col = { eer: 92, desc: WIDTH - 92 - 150 - 2 * pad, origin: 150 };
  put('Codice EER', MARGIN + pad, y + 15, col.eer, { size: 6, color: GREY });
  put(waste.eer, MARGIN + pad, y + 23, col.eer, { size: 13, bold: true });
  if (waste.hazardous) put('PERICOLOSO', MARGIN + pad, y + 38, col.eer, { size: 7, bold: true, color: RED });
  field('Descrizione', waste.description, MARGIN + pad + col.eer, y + 15, col.desc - 8, { lines: 2 });
  const ox = MARGIN + WIDTH - pad - col.origin;
  put('Provenienza', ox, y + 15, col.origin, { size: 6, color: GREY });
  const nx = checkbox('Urbano', waste.origin === 'U', ox, y + 23);
  checkbox('Speciale', waste.origin === 'S', nx, y + 23);
  const wy = y + 49;
  const third = inner(WIDTH) / 3;
  const physical = [waste.physicalStateCode, waste.physicalState].filter(Boolean).join(' – ') || null;
  field('Stato fisico', physical, MARGIN + pad, wy, third - 8);
  field('Caratteristiche di pericolo', waste.hpProperties.length ? waste.hpProperties.join(', ') : waste.hazardous ? null : 'Nessuna (rifiuto non pericoloso)', MARGIN + pad + third, wy, third - 8);
  field('Colli / unità di carico', fir.loadUnits, MARGIN + pad + 2 * third, wy, third);
  y += ROWS.waste;

  // 6 destination operation, 7 quantity
  box(MARGIN, y, HALF, ROWS.destination, '6 · Destinazione del rifiuto');
  const op = fir.operation;
  const cx = checkbox('Recupero', op?.code.startsWith('R') ?? false, MARGIN + pad, y + 16);
  checkbox('Smaltimento', op?.code.startsWith('D') ?? false, cx, y + 16);
  if (op) {
    put(op.code, MARGIN + pad, y + 30, 40, { size: 13, bold: true });
    put(op.description, MARGIN + pad + 42, y + 29, inner(HALF) - 42, { size: 7.5, lines: 3 });
  } else {
    put('Operazione non indicata', MARGIN + pad, y + 32, inner(HALF), { size: 9, oblique: true, color: GREY });
  }
  box(MARGIN + HALF, y, HALF, ROWS.destination, '7 · Quantità');
  const qx = MARGIN + HALF + pad;
  put(quantityText(fir.quantity, fir.unit), qx, y + 16, 130, { size: 13, bold: true });
  put(fir.departureVerifiedKg === null ? 'stimata in partenza' : 'in partenza', qx, y + 31, 130, { size: 7, color: GREY });
  const verified = fir.departureVerifiedKg !== null;
  checkbox('Peso da verificarsi a destino', !verified, qx + 135, y + 16);
  checkbox('Peso verificato in partenza', verified, qx + 135, y + 28);
  if (fir.departureVerifiedKg !== null) put(`Peso verificato: ${quantityText(fir.departureVerifiedKg, 'kg')}`, qx + 135, y + 42, inner(HALF) - 135, { size: 8, bold: true });
  y += ROWS.destination;

  // 8 route, 9 ADR
  box(MARGIN, y, HALF, ROWS.route, '8 · Percorso (se diverso dal più breve)');
  if (fir.transport.routeNotes) put(fir.transport.routeNotes, MARGIN + pad, y + 16, inner(HALF), { size: 8.5, lines: 2 });
  else put('Percorso più breve', MARGIN + pad, y + 17, inner(HALF), { size: 9, oblique: true, color: GREY });
  box(MARGIN + HALF, y, HALF, ROWS.route, '9 · Trasporto sottoposto a normativa ADR');
  const ax = checkbox('Sì', fir.adr !== null, MARGIN + HALF + pad, y + 16);
  checkbox('No', fir.adr === null, ax, y + 16);
  if (fir.adr) {
    const adrWidth = (inner(HALF) - 70) / 3;
    const adrX = MARGIN + HALF + pad + 70;
    field('Numero ONU', `UN ${fir.adr.unNumber.replace(/^UN\s*/i, '')}`, adrX, y + 15, adrWidth - 4, { bold: true });
    field('Classe', fir.adr.adrClass, adrX + adrWidth, y + 15, adrWidth - 4);
    field('Gruppo di imballaggio', fir.adr.packingGroup, adrX + 2 * adrWidth, y + 15, adrWidth);
  }
  y += ROWS.route;

  // 10 vehicle and transport
  box(MARGIN, y, WIDTH, ROWS.vehicle, '10 · Mezzo e modalità di trasporto');
  const quarter = inner(WIDTH) / 4;
  field('Conducente', fir.transport.driver, MARGIN + pad, y + 15, quarter - 8);
  field('Targa automezzo', fir.transport.vehiclePlate, MARGIN + pad + quarter, y + 15, quarter - 8, { bold: true });
  field('Targa rimorchio', fir.transport.trailerPlate, MARGIN + pad + 2 * quarter, y + 15, quarter - 8);
  field('Data e ora di inizio del trasporto', italianDateTime(fir.transport.startAt), MARGIN + pad + 3 * quarter, y + 15, quarter);
  y += ROWS.vehicle;

  // 11 signatures of producer and transporter
  box(MARGIN, y, HALF, ROWS.signatures, '11 · Firma del produttore / detentore');
  signature(signatureOf('PRODUCER'), MARGIN + pad, y + 16, inner(HALF), ROWS.signatures - 16);
  box(MARGIN + HALF, y, HALF, ROWS.signatures, '11 · Firma del trasportatore');
  signature(signatureOf('TRANSPORTER'), MARGIN + HALF + pad, y + 16, inner(HALF), ROWS.signatures - 16);
  y += ROWS.signatures;

  // 12 reserved to the destination
  box(MARGIN, y, WIDTH, ROWS.acceptance, '12 · Riservato al destinatario');
  const acc = fir.acceptance;
  let kx = checkbox('Accettato per intero', acc?.outcome === 'ACCEPTED', MARGIN + pad, y + 16);
  kx = checkbox('Accettato parzialmente', acc?.outcome === 'PARTIALLY_ACCEPTED', kx, y + 16);
  checkbox('Respinto', acc?.outcome === 'REFUSED', kx, y + 16);
  const leftW = WIDTH * 0.6 - pad;
  const accW = (leftW - pad) / 3;
  const ay = y + 30;
  field('Quantità accettata', acc ? quantityText(acc.acceptedKg, 'kg') : null, MARGIN + pad, ay, accW - 6, { bold: true, size: 10 });
  field('Quantità respinta', acc ? quantityText(acc.refusedKg, 'kg') : null, MARGIN + pad + accW, ay, accW - 6, { size: 10 });
  field('Data e ora di arrivo', acc ? italianDateTime(acc.at) : null, MARGIN + pad + 2 * accW, ay, accW, { size: 10 });
  field('Motivo del respingimento', acc?.refusalReason, MARGIN + pad, ay + 25, leftW - pad, { lines: 3, size: 8.5 });
  const sx = MARGIN + WIDTH * 0.6;
  doc.lineWidth(0.5).strokeColor('#999999').moveTo(sx, y + 30).lineTo(sx, y + ROWS.acceptance - 8).stroke();
  put('Firma del destinatario', sx + pad, y + 31, WIDTH * 0.4 - 2 * pad, { size: 6, color: GREY });
  signature(signatureOf('DESTINATION'), sx + pad, y + 42, WIDTH * 0.4 - 2 * pad, ROWS.acceptance - 50);
  y += ROWS.acceptance;

  // notes
  box(MARGIN, y, WIDTH, ROWS.notes, 'Annotazioni');
  if (fir.notes) put(fir.notes, MARGIN + pad, y + 15, inner(WIDTH), { size: 8.5, lines: 2 });
  y += ROWS.notes;

  // the whole frame once more, a little heavier
  doc.lineWidth(1.2).strokeColor(INK).rect(FIR_FRAME.x, FIR_FRAME.y, FIR_FRAME.width, FIR_FRAME.height).stroke();

  put(`Formulario n. ${fir.number} · copia stampabile generata da Circula · firme elettroniche: l'impronta SHA-256 identifica i dati firmati`, MARGIN, y + 6, WIDTH, { size: 6.5, color: GREY });

  if (cancelled) {
    // a banner over the header and a watermark across the page
    doc.save();
    doc.rect(MARGIN, MARGIN + 42, 340, 14).fill(RED);
    put('ANNULLATO – questo formulario non è valido', MARGIN + 5, MARGIN + 45, 330, { size: 8.5, bold: true, color: '#ffffff' });
    doc.restore();
    doc.save();
    doc.rotate(-52, { origin: [PAGE.width / 2, PAGE.height / 2] });
    doc.fillOpacity(0.16).fillColor(RED).font('Helvetica-Bold').fontSize(120);
    const mark = doc.widthOfString('ANNULLATO');
    doc.text('ANNULLATO', PAGE.width / 2 - mark / 2, PAGE.height / 2 - 45, { width: mark + 20, lineBreak: false });
    doc.restore();
  }

  drawPageFrame(doc, options.frame, MARGIN);
  stampPrintTemplate(doc, options.frame);
  doc.end();
  return done;
}

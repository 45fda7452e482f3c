import { conferral, type Catalogue } from '@circula/model';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import PDFDocument from 'pdfkit';
import { printable } from '../invoices/pdf.js';
import { installationCompany, printFrame } from '../print-templates/context.js';
import { drawPageFrame, stampPrintTemplate } from '../print-templates/frame.js';
import type { PrintFrame } from '../print-templates/templates.js';
import { z } from 'zod';
import { requirePrincipal } from '../../auth/request-auth.js';
import type { Db } from '../../db/connect.js';
import type { RecordData } from '../../records/hooks.js';
import type { RecordService } from '../../records/service.js';

/** Everything the receipt prints, gathered before drawing (the PDF is drawn from plain data). */
export interface ReceiptData {
  code: string;
  status: string;
  /** ISO instant of the conferral. */
  conferredAt: string;
  issuer: { name: string; vatNumber: string | null; address: string | null } | null;
  cdr: { name: string; address: string | null };
  conferrer: { kind: 'citizen'; name: string; fiscalCode: string | null; municipality: string | null } | { kind: 'company'; name: string; vatNumber: string | null };
  vehiclePlate: string | null;
  lines: { eer: string; description: string; kg: number; accepted: boolean; refusalReason: string | null }[];
  totalKg: number;
  refusalMotivation: string | null;
  notes: string | null;
}

type Address = { streetType?: string; street?: string; houseNumber?: string; zip?: string; city?: string; province?: string };

/** "Via Roma 12, 20900 Monza (MB)". */
export function addressLine(address: Address | null | undefined): string | null {
  if (!address) return null;
  const street = [address.streetType, address.street, address.houseNumber].filter(Boolean).join(' ');
  const town = [address.zip, address.city].filter(Boolean).join(' ') + (address.province ? ` (${address.province})` : '');
  const text = [street, town.trim()].filter(Boolean).join(', ');
  return text || null;
}

const ITALIAN_DATE_TIME = new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** dd/mm/yyyy hh:mm on the Italian clock (the CDR's), whatever the server's time zone. */
export function italianDateTime(iso: string): string {
  const parts = Object.fromEntries(
    ITALIAN_DATE_TIME.formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}`;
}

const KG = new Intl.NumberFormat('it-IT', { minimumFractionDigits: 0, maximumFractionDigits: 3 });
const kg = (value: number) => `${KG.format(value)} kg`;

const statusLabel = (status: string) => conferral.statuses?.list.find((s) => s.code === status)?.label.it ?? status;

/** The data of the receipt of a conferral record (already read through the user's rights). */
export async function receiptData(db: Db, record: RecordData): Promise<ReceiptData> {
  const lines = (record.lines ?? []) as { waste: number; description: string | null; weightKg: number; accepted: boolean | null; refusalReason: string | null }[];
  const wasteIds = [...new Set(lines.map((l) => l.waste))];
  const [{ rows: wastes }, { rows: cdrs }, issuer] = await Promise.all([
    sql<{ id: number; display_code: string | null; code: string | null; description: { it?: string } | null }>`
      select id, display_code, code, description from waste where id = any(${wasteIds}::bigint[])`.execute(db),
    sql<{ name: string; address: Address | null }>`select name, address from warehouse where id = ${record.cdr as number}`.execute(db),
    // the company that runs the CDR and issues the receipt: the subject of the DEFAULT business unit
    installationCompany(db),
  ]);
  const waste = new Map(wastes.map((w) => [Number(w.id), w]));
  let conferrer: ReceiptData['conferrer'];
  if (record.company != null) {
    const { rows } = await sql<{ name: string; last_name: string | null; vat_number: string | null; fiscal_code: string | null }>`
      select name, last_name, vat_number, fiscal_code from subject where id = ${record.company as number}`.execute(db);
    const company = rows[0];
    conferrer = { kind: 'company', name: [company?.name, company?.last_name].filter(Boolean).join(' '), vatNumber: company?.vat_number ?? company?.fiscal_code ?? null };
  } else {
    conferrer = {
      kind: 'citizen',
      name: String(record.citizenName ?? ''),
      fiscalCode: (record.citizenFiscalCode as string | null) ?? null,
      municipality: (record.municipality as string | null) ?? null,
    };
  }
  let refusalMotivation: string | null = null;
  if (record.refusalMotivation) {
    const { rows } = await sql<{ label: string | null }>`
      select coalesce(translations->>'it', name) as label from table_value
      where table_code = 'REFUSAL_MOTIVATION' and code = ${record.refusalMotivation as string} and not deleted`.execute(db);
    refusalMotivation = rows[0]?.label ?? (record.refusalMotivation as string);
  }
  return {
    code: String(record.code ?? record.id),
    status: String(record.status ?? ''),
    conferredAt: String(record.conferredAt),
    issuer: issuer ? { name: issuer.name, vatNumber: issuer.vatNumber, address: issuer.address } : null,
    cdr: { name: cdrs[0]?.name ?? '', address: addressLine(cdrs[0]?.address) },
    conferrer,
    vehiclePlate: (record.vehiclePlate as string | null) ?? null,
    lines: lines.map((line) => {
      const w = waste.get(Number(line.waste));
      return {
        eer: w?.display_code ?? w?.code ?? '',
        description: line.description || w?.description?.it || '',
        kg: Number(line.weightKg),
        accepted: line.accepted !== false,
        refusalReason: line.refusalReason,
      };
    }),
    totalKg: Number(record.totalKg ?? 0),
    refusalMotivation,
    notes: (record.notes as string | null) ?? null,
  };
}

/**
 * The receipt as an A4 PDF, in Italian. Standard Helvetica (WinAnsi: the Italian accented letters
 * are in it); `compress: false` leaves the content streams readable (tests).
 */
export function receiptPdf(data: ReceiptData, options: { compress?: boolean; frame?: PrintFrame | null } = {}): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    compress: options.compress ?? true,
    lang: 'it-IT',
    info: { Title: `Ricevuta di conferimento ${data.code}`, Author: data.issuer?.name ?? 'Circula', Subject: data.cdr.name },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  // the print template's header and footer on every page (issue 20)
  drawPageFrame(doc, options.frame, left);
  doc.on('pageAdded', () => drawPageFrame(doc, options.frame, left));

  // the issuer
  if (data.issuer) {
    doc.font('Helvetica-Bold').fontSize(13).text(data.issuer.name, left, 50, { width });
    doc.font('Helvetica').fontSize(9);
    if (data.issuer.address) doc.text(data.issuer.address, { width });
    if (data.issuer.vatNumber) doc.text(`P.IVA ${data.issuer.vatNumber}`, { width });
  }
  doc.moveDown(1.5);
  doc.font('Helvetica-Bold').fontSize(16).text('Ricevuta di conferimento', left, doc.y, { width, align: 'center' });
  doc.font('Helvetica').fontSize(9).fillColor('#555555').text('Conferral receipt', { width, align: 'center' }).fillColor('black');
  doc.moveDown(1);

  // the conferral
  const field = (label: string, value: string | null) => {
    if (!value) return;
    const y = doc.y;
    doc.font('Helvetica-Bold').fontSize(10).text(label, left, y, { width: 150 });
    doc.font('Helvetica').fontSize(10).text(value, left + 155, y, { width: width - 155 });
    doc.moveDown(0.3);
  };
  field('Numero', data.code);
  field('Data e ora', italianDateTime(data.conferredAt));
  field('Centro di raccolta', data.cdr.name);
  field('Indirizzo', data.cdr.address);
  if (data.conferrer.kind === 'citizen') {
    field('Conferito da', data.conferrer.name);
    field('Codice fiscale', data.conferrer.fiscalCode);
    field('Comune di residenza', data.conferrer.municipality);
  } else {
    field('Azienda conferente', data.conferrer.name);
    field('Partita IVA', data.conferrer.vatNumber);
  }
  field('Targa del mezzo', data.vehiclePlate);
  field('Stato', statusLabel(data.status));
  field('Motivo del respingimento', data.refusalMotivation);
  doc.moveDown(0.8);

  // the lines
  const columns = [
    { title: 'Codice EER', x: left, w: 70 },
    { title: 'Descrizione', x: left + 75, w: 225 },
    { title: 'Peso', x: left + 305, w: 75, align: 'right' as const },
    { title: 'Esito', x: left + 390, w: width - 390 },
  ];
  const rule = () => {
    doc.moveTo(left, doc.y).lineTo(left + width, doc.y).lineWidth(0.5).strokeColor('#999999').stroke();
    doc.y += 4;
  };
  const row = (cells: string[], bold = false) => {
    if (doc.y > doc.page.height - doc.page.margins.bottom - 60) doc.addPage();
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
    let bottom = y;
    cells.forEach((text, i) => {
      const c = columns[i]!;
      doc.text(text, c.x, y, { width: c.w, align: c.align ?? 'left' });
      bottom = Math.max(bottom, doc.y);
    });
    doc.y = bottom + 4;
  };
  row(columns.map((c) => c.title), true);
  rule();
  for (const line of data.lines) {
    row([line.eer, line.description, kg(line.kg), line.accepted ? 'Accettato' : `Respinto${line.refusalReason ? `: ${line.refusalReason}` : ''}`]);
  }
  rule();
  doc.moveDown(0.3);
  const y = doc.y;
  doc.font('Helvetica-Bold').fontSize(10).text('Totale accettato', columns[1]!.x, y, { width: columns[1]!.w });
  doc.text(kg(data.totalKg), columns[2]!.x, y, { width: columns[2]!.w, align: 'right' });
  doc.x = left;
  doc.moveDown(1);
  if (data.notes) {
    doc.font('Helvetica-Bold').fontSize(9).text('Note', left, doc.y, { width });
    doc.font('Helvetica').fontSize(9).text(data.notes, { width });
    doc.moveDown(1);
  }

  // the print template's closing text
  if (options.frame?.closing) {
    doc.font('Helvetica').fontSize(9).text(printable(options.frame.closing), left, doc.y, { width });
    doc.moveDown(1);
  }

  // signatures
  if (doc.y > doc.page.height - doc.page.margins.bottom - 80) doc.addPage();
  doc.moveDown(2);
  const sy = doc.y;
  doc.font('Helvetica').fontSize(9);
  doc.text("Firma dell'operatore del centro", left, sy, { width: width / 2 - 20 });
  doc.text('Firma del conferente', left + width / 2 + 20, sy, { width: width / 2 - 20 });
  doc.moveTo(left, sy + 40).lineTo(left + width / 2 - 20, sy + 40).stroke();
  doc.moveTo(left + width / 2 + 20, sy + 40).lineTo(left + width, sy + 40).stroke();
  stampPrintTemplate(doc, options.frame);
  doc.end();
  return done;
}

/**
 * `GET /api/transactions/conferral/{id}/receipt`: the receipt of a conferral as a PDF, for whoever
 * may read that conferral (the record is read through the `conferral` target: its authority and
 * the row rules, so an external user gets 404 for another company's conferral).
 */
export function receiptRoutes(app: FastifyInstance, db: Db, catalogue: Catalogue, records: RecordService): void {
  const target = catalogue.target('conferral');
  if (!target) return;
  app.withTypeProvider<ZodTypeProvider>().get(
    `${target.endpoint}/:id/receipt`,
    { schema: { tags: ['conferral'], params: z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) }) } },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const record = await records.get(principal, target, request.params.id);
      const data = await receiptData(db, record);
      const pdf = await receiptPdf(data, { frame: await printFrame(db, principal, { document: 'CONFERRAL_RECEIPT', data }, 'it') });
      const file = `ricevuta-${String(record.code ?? record.id)}.pdf`;
      return reply.header('content-type', 'application/pdf').header('content-disposition', `inline; filename="${file}"`).header('cache-control', 'no-store').send(pdf);
    },
  );
}

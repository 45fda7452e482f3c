import { CATALOGUE } from '@circula/model';
import { sql } from 'kysely';
import { insertDemoPdf, storeDemoPdf } from '../../seed/demo-document.js';
import { systemPrincipal, type SeedContext } from '../module.js';

const SYSTEM = systemPrincipal('demo-privacy');

export const DEMO_PRIVACY_CODE = 'PRIVACY_GENERALE';
export const DEMO_PRIVACY_FILE = 'informativa-privacy.pdf';

const escapePdf = (text: string) => text.replace(/[\\()]/g, (c) => `\\${c}`);

/**
 * A one-page PDF 1.4 with lines of text in Helvetica (WinAnsi, so Italian accents show), with a
 * correct cross-reference table: what a real privacy notice file looks like to a PDF reader.
 */
export function textPdf(lines: string[]): Buffer {
  const content = ['BT', '/F1 12 Tf', '16 TL', '56 780 Td', ...lines.map((line, i) => `${i === 0 ? '' : 'T* '}(${escapePdf(line)}) Tj`), 'ET'].join('\n');
  const stream = Buffer.from(content, 'latin1');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${stream.length} >>\nstream\n${stream.toString('latin1')}\nendstream`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

const NOTICE = [
  'Circula Ambiente S.r.l. - Informativa sul trattamento dei dati personali',
  '(art. 13 del Regolamento UE 2016/679)',
  '',
  'Titolare del trattamento: Circula Ambiente S.r.l., Via Raffaele Rubattino 84, 20134 Milano.',
  'Finalità: gestione degli accessi al gestionale, della sicurezza e delle attività di servizio.',
  'Base giuridica: esecuzione del contratto e obblighi di legge (tracciabilità dei rifiuti).',
  'Conservazione: per la durata del rapporto e per i termini previsti dalla legge.',
  'Diritti: accesso, rettifica, cancellazione, limitazione, opposizione, portabilità,',
  'scrivendo a privacy@circula.example; reclamo al Garante per la protezione dei dati personali.',
];

/**
 * Demo data: one active privacy definition with a real PDF, already accepted by every user that
 * exists when it is seeded (the demo users), so that only users created later are asked to
 * accept it at their first sign-in. Only into a database with demo data and no definition yet.
 */
export async function seedDemoPrivacy({ db, config, log, records }: SeedContext): Promise<boolean> {
  if (!config.demoData) return false;
  const { rows: existing } = await sql<{ id: number }>`select id from privacy_definition limit 1`.execute(db);
  if (existing.length > 0) return false;
  const pdf = textPdf(NOTICE);
  const stored = await storeDemoPdf(config.documentsDir, pdf);
  const target = CATALOGUE.target('privacy-definitions');
  if (!target) throw new Error('demo privacy: the privacy definition is not in the catalogue');
  await db.transaction().execute(async (trx) => {
    const documentId = await insertDemoPdf(trx, SYSTEM, stored, DEMO_PRIVACY_FILE, null);
    const definition = await records.create(
      SYSTEM,
      target,
      {
        code: DEMO_PRIVACY_CODE,
        label: { it: 'Informativa sul trattamento dei dati personali', en: 'Personal data processing notice' },
        document: documentId,
        revision: 1,
        validFrom: '2026-01-01',
        mandatory: true,
        active: true,
      },
      trx,
    );
    await sql`
      insert into privacy_acceptance (user_id, privacy_id, revision, document_version)
      select id, ${definition.id as number}, 1, 1 from users`.execute(trx);
  });
  log.info(`Demo privacy definition ${DEMO_PRIVACY_CODE} created, accepted by the existing users`);
  return true;
}

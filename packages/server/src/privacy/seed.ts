import { Readable } from 'node:stream';
import { CATALOGUE } from '@circula/model';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Principal } from '../auth/users.js';
import type { Config } from '../config.js';
import type { Db } from '../db/connect.js';
import { registerDomainHooks } from '../domain/index.js';
import { LocalDiskStorage } from '../documents/local-disk-storage.js';
import { HookRegistry } from '../records/hooks.js';
import { RecordService } from '../records/service.js';

const SYSTEM: Principal = { userId: 0, username: 'system', sessionId: 'demo-privacy', authorities: ['ROLE_ADMIN'], lang: 'it' };

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
export async function seedDemoPrivacy(db: Db, config: Pick<Config, 'demoData' | 'documentsDir'>, log: Pick<FastifyBaseLogger, 'info'>): Promise<boolean> {
  if (!config.demoData) return false;
  const { rows: existing } = await sql<{ id: number }>`select id from privacy_definition limit 1`.execute(db);
  if (existing.length > 0) return false;
  const pdf = textPdf(NOTICE);
  const stored = await new LocalDiskStorage(config.documentsDir).put(Readable.from([pdf]));
  const target = CATALOGUE.target('privacy-definitions');
  if (!target) throw new Error('demo privacy: the privacy definition is not in the catalogue');
  const service = new RecordService(db, CATALOGUE, registerDomainHooks(new HookRegistry(), CATALOGUE));
  await db.transaction().execute(async (trx) => {
    const { id: documentId } = await trx
      .insertInto('documents')
      .values({ file_name: DEMO_PRIVACY_FILE, current_version: 1, owner_entity: null, owner_id: null, author_id: SYSTEM.userId, created_by: SYSTEM.username, updated_by: SYSTEM.username })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('document_versions')
      .values({ document_id: documentId, version: 1, sha256: stored.sha256, size: stored.size, mime_type: 'application/pdf', file_name: DEMO_PRIVACY_FILE, created_by: SYSTEM.username })
      .execute();
    const definition = await service.create(
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

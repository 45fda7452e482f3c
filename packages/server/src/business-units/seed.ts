import { Readable } from 'node:stream';
import { CATALOGUE, DEFAULT_BUSINESS_UNIT_TYPE } from '@circula/model';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Principal } from '../auth/users.js';
import type { Config } from '../config.js';
import type { Db } from '../db/connect.js';
import { registerDomainHooks } from '../domain/index.js';
import { LocalDiskStorage } from '../documents/local-disk-storage.js';
import { textPdf } from '../privacy/seed.js';
import { HookRegistry } from '../records/hooks.js';
import { RecordService } from '../records/service.js';
import { COMPANY_NAME } from '../seed/demo-master-data.js';
import { BUSINESS_UNIT_DOCUMENTS } from './hooks.js';

const SYSTEM: Principal = { userId: 0, username: 'system', sessionId: 'demo-business-unit', authorities: ['ROLE_ADMIN'], lang: 'it' };

export const DEMO_BUSINESS_UNIT_CODE = 'CIRCULA';
export const DEMO_BUSINESS_UNIT_FILE = 'visura-camerale-circula.pdf';

const CHAMBER_EXTRACT = [
  `${COMPANY_NAME} - Visura ordinaria`,
  'Camera di Commercio di Milano Monza Brianza Lodi',
  '',
  'Sede legale: Via Raffaele Rubattino 84, 20134 Milano (MI)',
  'Forma giuridica: societa a responsabilita limitata',
  'Attivita: raccolta, trasporto, stoccaggio e recupero di rifiuti (ATECO 38.11, 38.12, 38.32)',
  'Iscrizione Albo Gestori Ambientali MI/004521, categorie 1, 4, 5 e 8',
];

/**
 * Demo data: the demo company (the OWNER subject of the demo master data) becomes the DEFAULT
 * business unit, with its chamber-of-commerce extract attached. Only when the demo data is on,
 * no business unit exists yet and the company is there (a database seeded before business units
 * existed gets its unit at the next start).
 */
export async function seedDemoBusinessUnit(db: Db, config: Pick<Config, 'demoData' | 'documentsDir'>, log: Pick<FastifyBaseLogger, 'info'>): Promise<number | null> {
  if (!config.demoData) return null;
  const { rows: existing } = await sql<{ id: number }>`select id from business_unit limit 1`.execute(db);
  if (existing.length > 0) return null;
  const { rows: companies } = await sql<{ id: number }>`
    select id from subject where name = ${COMPANY_NAME} and 'OWNER' = any(roles) and not deleted order by id limit 1`.execute(db);
  const company = companies[0];
  if (!company) return null;
  const target = CATALOGUE.target('business-units');
  if (!target) throw new Error('demo business unit: the business unit is not in the catalogue');
  const pdf = textPdf(CHAMBER_EXTRACT);
  const stored = await new LocalDiskStorage(config.documentsDir).put(Readable.from([pdf]));
  const service = new RecordService(db, CATALOGUE, registerDomainHooks(new HookRegistry(), CATALOGUE));
  const unitId = await db.transaction().execute(async (trx) => {
    const unit = await service.create(
      SYSTEM,
      target,
      {
        code: DEMO_BUSINESS_UNIT_CODE,
        name: COMPANY_NAME,
        type: DEFAULT_BUSINESS_UNIT_TYPE,
        subject: Number(company.id),
        description: 'Sede di Milano: raccolta, trasporto e recupero rifiuti.',
      },
      trx,
    );
    const id = unit.id as number;
    const { id: documentId } = await trx
      .insertInto('documents')
      .values({ file_name: DEMO_BUSINESS_UNIT_FILE, current_version: 1, owner_entity: BUSINESS_UNIT_DOCUMENTS, owner_id: id, author_id: SYSTEM.userId, created_by: SYSTEM.username, updated_by: SYSTEM.username })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('document_versions')
      .values({ document_id: documentId, version: 1, sha256: stored.sha256, size: stored.size, mime_type: 'application/pdf', file_name: DEMO_BUSINESS_UNIT_FILE, created_by: SYSTEM.username })
      .execute();
    return id;
  });
  log.info(`Demo business unit ${DEMO_BUSINESS_UNIT_CODE} (DEFAULT) created for ${COMPANY_NAME}`);
  return unitId;
}

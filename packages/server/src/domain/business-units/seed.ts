import { CATALOGUE, DEFAULT_BUSINESS_UNIT_TYPE } from '@circula/model';
import { sql } from 'kysely';
import { insertDemoPdf, storeDemoPdf } from '../../seed/demo-document.js';
import { textPdf } from '../privacy/seed.js';
import { COMPANY_NAME } from '../../seed/demo-master-data.js';
import { BUSINESS_UNIT_DOCUMENTS } from './hooks.js';
import { systemPrincipal, type SeedContext } from '../module.js';

const SYSTEM = systemPrincipal('demo-business-unit');

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
export async function seedDemoBusinessUnit({ db, config, log, records }: SeedContext): Promise<number | null> {
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
  const stored = await storeDemoPdf(config.documentsDir, pdf);
  const unitId = await db.transaction().execute(async (trx) => {
    const unit = await records.create(
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
    await insertDemoPdf(trx, SYSTEM, stored, DEMO_BUSINESS_UNIT_FILE, { authority: BUSINESS_UNIT_DOCUMENTS, id });
    return id;
  });
  log.info(`Demo business unit ${DEMO_BUSINESS_UNIT_CODE} (DEFAULT) created for ${COMPANY_NAME}`);
  return unitId;
}

import { CATALOGUE, printTemplate } from '@circula/model';
import { sql } from 'kysely';
import { systemPrincipal, type SeedContext } from '../module.js';

const SYSTEM = systemPrincipal('demo-print-templates');

const LETTERHEAD = '{{company.name}} · P.IVA {{company.vatNumber}}\n{{company.address}} · {{company.email}}';

/** The demo company's print templates: its letterhead on invoices, FIRs, registers and receipts. */
const TEMPLATES = [
  {
    document: 'INVOICE',
    name: 'Fattura con carta intestata',
    header: LETTERHEAD,
    footer: 'Stampata il {{today}} da {{user.fullname}}',
    closing:
      'In caso di ritardato pagamento si applicano gli interessi di mora previsti dal D.Lgs. 231/2002.\n\n' +
      'I dati personali sono trattati secondo il Regolamento (UE) 2016/679: l\'informativa è disponibile presso la nostra sede.',
  },
  { document: 'FIR', name: 'FIR con carta intestata', header: LETTERHEAD, footer: 'Copia stampata il {{today}} da {{user.fullname}}', closing: null },
  { document: 'REGISTER', name: 'Registro con carta intestata', header: '{{company.name}} · {{warehouse.name}}\n{{warehouse.address}}', footer: 'Stampato il {{today}} da {{user.fullname}}', closing: null },
  {
    document: 'CONFERRAL_RECEIPT',
    name: 'Ricevuta del centro di raccolta',
    header: LETTERHEAD,
    footer: '{{warehouse.name}} · {{warehouse.address}}',
    closing: 'Conservare la ricevuta: attesta il conferimento dei rifiuti al centro di raccolta.',
  },
] as const;

/**
 * Demo print templates (issue 20), once: one per document in Italian, the invoice's saved twice
 * (its first version had no closing text) so that its versions show.
 */
export async function seedDemoPrintTemplates({ db, config, records }: SeedContext): Promise<{ templates: number } | null> {
  if (!config.demoData) return null;
  const { rows } = await sql<{ id: number }>`select id from print_template limit 1`.execute(db);
  if (rows.length) return null;
  const target = CATALOGUE.target(printTemplate.route)!;
  for (const spec of TEMPLATES) {
    const created = await records.create(SYSTEM, target, { document: spec.document, lang: 'it', name: spec.name, header: spec.header, footer: spec.footer, closing: null });
    if (spec.closing) await records.update(SYSTEM, target, Number(created.id), { closing: spec.closing, version: created.version });
  }
  return { templates: TEMPLATES.length };
}

import { AREAS, lookupTable, type EntityDefinition, type FieldDefinition } from '@circula/model';

let counter = 0;

/** Valid values of text fields with a named check (a generic text would not pass it). */
const BY_CHECK: Record<string, string> = {
  timeZone: 'Europe/Rome',
  hexColor: '#1f6f50',
  email: 'ufficio@esempio.it',
  italianVatNumber: '00159560366',
  italianFiscalCode: 'RSSMRA85T10A562S',
};

/** Valid values of fields a domain hook validates, by `entity.field` (a function is called with the sample's `refs`). */
const BY_FIELD: Record<string, unknown> = {
  'scheduler.cron': '0 30 6 ? * MON-FRI',
  // the parameters of the sampled job (SCHEDULER_JOB's first value, DEADLINE_REMINDERS): its schema refuses others
  'scheduler.parameters': { days: 15 },
  'subject.subjectType': 'COMPANY',
  // one active template per document and language: the demo's are; samples are prepared beside them
  'print-template.active': false,
  // plates are unique: a new one at each call
  'vehicle.plate': () => {
    const n = (counter += 1);
    const letter = (i: number) => String.fromCharCode(65 + (i % 26));
    return `${letter(n)}${letter(Math.floor(n / 26))}${String(n % 1000).padStart(3, '0')}${letter(Math.floor(n / 676))}Z`;
  },
  'waste.entryType': 'ABSOLUTE_NON_HAZARDOUS',
  'icon.svg': '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M4 4h16v16H4z"/></svg>',
  // optional, but a contract (signed-contracts) is dated
  'attachment.documentDate': '2026-11-22',
  // a kind whose route the MOVEMENT authority governs (a pickup request would need RDR rights too)
  'transaction.kind': 'UR',
  // optional, but an activity is done (its first transition) with its day and outcome
  'msa-activity.doneDate': '2026-11-22',
  'msa-activity.outcome': 'Sopralluogo eseguito',
  // a transport's sample stop is a delivery (a pickup takes an accepted request) at the sample warehouse
  'transport-stop.kind': 'DELIVERY',
  'transport-stop.warehouse': (refs: Record<string, number>) => refs.warehouse,
  // a ledger row by hand: a causal a user may post, one EER code, a past day
  'warehouse-movement.causal': 'LOAD_INVENTORY',
  'warehouse-movement.waste': (refs: Record<string, number>) => refs.waste,
  'warehouse-movement.operationDate': '2026-11-20T08:00:00.000Z',
  // a treatment and a displacement that balance: 100 kg of one EER code in and out, on a past day
  'treatment.treatedAt': '2026-11-20T08:00:00.000Z',
  'treatment-input.quantityKg': 100,
  'treatment-output.waste': (refs: Record<string, number>) => refs.waste,
  'treatment-output.quantityKg': 100,
  'displacement.movedAt': '2026-11-20T08:00:00.000Z',
  'displacement-line.waste': (refs: Record<string, number>) => refs.waste,
  // an invoice's section is a short code; its lines and a price list's rows name a VAT code
  'invoice.section': 'A',
  'invoice-line.vatCode': 'IVA22',
  'supplier-invoice-line.vatCode': 'IVA22',
  'pricelist-row.vatCode': 'IVA22',
  'pricelist-row.unit': 'KG',
  'pricelist-row.waste': (refs: Record<string, number>) => refs.waste,
  // a collection names the (issued) invoice it pays
  'account-movement.invoice': (refs: Record<string, number>) => refs['account-movement.invoice'],
};

/** Typed codes a domain hook validates: an entity-conf record overrides a route (one record per route). */
let routeIndex = 0;
const CODES: Record<string, () => string> = {
  'entity-conf': () => AREAS[routeIndex++ % AREAS.length]!.route,
  // EER codes are six digits in chapters 01–20; no sub-chapter 20 9x exists, so none is taken
  waste: () => `209${String((counter += 1) % 1000).padStart(3, '0')}`,
};

/** A valid value of a field, for tests that need a record of any entity. */
export function sampleValue(field: FieldDefinition): unknown {
  counter += 1;
  switch (field.type) {
    case 'text':
      if (field.check && BY_CHECK[field.check]) return BY_CHECK[field.check];
      // seven upper-case letters and digits: an upper snake case job, an SDI code…
      return field.pattern ? `S${String(counter % 1_000_000).padStart(6, '0')}` : `Campione ${counter}`;
    case 'longText':
      return `Testo ${counter}`;
    case 'integer':
      return Math.max(field.min ?? 0, 1);
    case 'decimal':
    case 'money':
      return 1.5;
    case 'boolean':
      return true;
    case 'date':
      return '2026-11-22';
    case 'datetime':
      return '2026-11-22T10:00:00.000Z';
    case 'time':
      return '10:30';
    case 'lookup': {
      // a code the table really holds: the server checks lookup values against their table
      const code = lookupTable(field.table)?.values[0]?.code;
      if (!code) throw new Error(`no seeded value in ${field.table}`);
      return field.multiple ? [code] : code;
    }
    case 'tags':
      return [];
    case 'translations':
      return { it: `Etichetta ${counter}`, en: `Label ${counter}` };
    case 'json':
      return { note: counter };
    case 'measure':
      return { value: 1, unit: 'KG' };
    case 'group':
      return field.array ? [] : {};
    case 'reference':
    case 'document':
      throw new Error('references need a real target record');
    case 'lines':
      throw new Error('lines are sampled by sampleRecord (their references need real records)');
  }
}

/**
 * A body with every required field of the entity filled (and the optional ones of BY_FIELD), plus
 * a code when the entity does not generate one. Required references take their id from `refs`
 * (by `entity.field` first, then by target entity name; `document` for a document field): records
 * the caller made beforehand.
 */
export function sampleRecord(entity: EntityDefinition, refs: Record<string, number> = {}): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(entity.fields)) {
    if (field.type === 'lines') {
      // one line, as the child entity's own sample (without the code a line never has)
      if (field.required || (field.min ?? 0) > 0) {
        const { code: _code, ...line } = sampleRecord(field.entity, refs);
        body[name] = [line];
      }
    } else if (field.required && !field.readOnly && (field.type === 'reference' || field.type === 'document')) {
      const id = refs[`${entity.name}.${name}`] ?? refs[field.type === 'document' ? 'document' : field.entity];
      if (id === undefined) throw new Error(`${entity.name}.${name}: references need a real target record`);
      body[name] = field.type === 'reference' && field.multiple ? [id] : id;
    } else if ((field.required || Object.hasOwn(BY_FIELD, `${entity.name}.${name}`)) && !field.readOnly) {
      const given = BY_FIELD[`${entity.name}.${name}`];
      body[name] = typeof given === 'function' ? (given as (r: Record<string, number>) => unknown)(refs) : (given ?? sampleValue(field));
    }
  }
  if (!entity.code.autogenerated && !entity.parent) body.code = CODES[entity.name]?.() ?? `C${Date.now().toString(36)}${(counter += 1)}`.toUpperCase().slice(0, 32);
  return body;
}

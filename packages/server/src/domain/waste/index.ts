import type { DomainModule } from '../module.js';
import { seedWasteCatalogue } from '../../seed/waste-catalogue.js';
import { constraintViolation } from '../../http/errors.js';
import type { HookContext, HookRegistry, RecordData } from '../../records/hooks.js';
import { lookupTable, waste } from '@circula/model';

/** The entry types flagged hazardous (flag1) in the WASTE_ENTRY_TYPE table. */
const HAZARDOUS_ENTRY_TYPES = new Set((lookupTable('WASTE_ENTRY_TYPE')?.values ?? []).filter((v) => v.flag1).map((v) => v.code));

/** "200301" → "20 03 01", with the asterisk of hazardous entries. */
export const displayEerCode = (code: string, hazardous: boolean): string =>
  `${code.slice(0, 2)} ${code.slice(2, 4)} ${code.slice(4, 6)}${hazardous ? '*' : ''}`;
const hasItems = (value: unknown) => Array.isArray(value) && value.length > 0;

/**
 * The computed part of an EER entry (display code, chapter, hazardous flag from the entry type)
 * and the company rules: a hazardous entry names its hazard properties (HP), and a UN number
 * comes with its ADR class.
 */
function complete(ctx: HookContext, record: RecordData): RecordData {
  const errors: { field: string; message: string }[] = [];
  const code = ctx.code ?? '';
  // six digits, the first two a chapter of the list (01–20)
  if (!/^(0[1-9]|1\d|20)\d{4}$/.test(code)) errors.push({ field: 'code', message: 'EER_CODE_FORMAT' });
  const hazardous = HAZARDOUS_ENTRY_TYPES.has(String(record.entryType));
  if (hazardous && !hasItems(record.hpProperties)) errors.push({ field: 'hpProperties', message: 'REQUIRED' });
  if (record.unNumber && !record.adrClass) errors.push({ field: 'adrClass', message: 'REQUIRED' });
  if (errors.length) throw constraintViolation(errors);
  return { hazardous, displayCode: displayEerCode(code, hazardous), chapter: code.slice(0, 2) };
}

export function registerWasteHooks(registry: HookRegistry): HookRegistry {
  registry.register(waste, {
    async beforeCreate(ctx, values) {
      return { ...values, ...complete(ctx, values) };
    },
    async beforeUpdate(ctx, current, values) {
      return { ...values, ...complete(ctx, { ...current, ...values }) };
    },
  });
  return registry;
}

/** The EER catalogue (842 codes) is the waste module's base data. */
export const wasteModule: DomainModule = { name: 'waste', hooks: registerWasteHooks, seed: ({ db }) => seedWasteCatalogue(db) };

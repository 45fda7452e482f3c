import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ROLES as ROLE_STRINGS } from '../security/roles.js';
import { LOOKUP_TABLES, lookupTable } from './index.js';
import type { LookupTableSeed } from './types.js';

/** The shared reference data sits next to the repository; a fresh clone in CI may not have it. */
const sharedData = (file: string): string => fileURLToPath(new URL(`../../../../../shared/data/${file}`, import.meta.url));
const readShared = <T>(file: string): T | undefined =>
  existsSync(sharedData(file)) ? (JSON.parse(readFileSync(sharedData(file), 'utf8')) as T) : undefined;

const table = (code: string): LookupTableSeed => {
  const found = lookupTable(code);
  if (!found) throw new Error(`missing table ${code}`);
  return found;
};
const codes = (code: string): string[] => table(code).values.map((value) => value.code);
const alpha1s = (code: string): string[] => table(code).values.flatMap((value) => (value.alpha1 ? [value.alpha1] : []));

/** Every table the product needs (spec §3 lookup fields, pickers and the domain tables). */
const EXPECTED_TABLES = [
  'CURRENCY_TYPE', 'DOCUMENT_TYPE', 'LANGUAGE', 'SBJ_LEGAL_FORM', 'MEASURE_UNIT', 'MOVEMENT_CAUSAL', 'PAYMENT_TYPE',
  'QUALIFICATION', 'ROLE_LEVEL', 'VAT_CODES', 'SUBJECT_ROLE', 'PARTICIPATION_FIELDS', 'WAREHOUSE_TYPE', 'WRH_UNIT_TYPE',
  'CUSTOMER_CATEGORY', 'CONSUMER_FIELDS', 'SUBJECT_WAREHOUSE', 'LEVEL', 'ADMINISTRATIVE_STATUS', 'RATING', 'VAT_EXEMPTION',
  'COST_CENTER', 'TRANSMISSION_IMPORT_TYPE', 'TRANSMISSION_TYPE', 'TRANSMISSION_REASON', 'TRANSMISSION_KIND',
  'TRANSMISSION_DOC_TYPE', 'TRANSMISSION_RECEIVER_TYPE', 'TRANSPORT_CAUSAL', 'MECHANICS', 'WASTE_PHYSICAL_STATE',
  'WASTE_DESTINATION_USE', 'SUBJECT_TO_SUBJECT', 'LOAD_TYPE', 'MSA_REASON', 'SMTP', 'REFUSAL_MOTIVATION', 'PLAYING',
  'PRIVACY_SOURCE', 'PRIZE', 'CHEMICAL', 'EVENT_TYPE', 'PENALTY', 'EC_TYPE', 'ANNUAL_FREQUENCY', 'TEMPLATE_PLACEHOLDERS', 'PRINT_DOCUMENT',
  'SERVICE_KIND', 'PRODUCT_KIND', 'SERVICE_AGREEMENTS_ENTITY', 'AGENT_CAMPAIGN', 'DEALER_CAMPAIGN', 'PRICELIST_TYPE',
  'INVITATION', 'POLLUTION_CATEGORY', 'VEHICLE_TYPE', 'URGENCY', 'COUNTRIES', 'PROVINCES', 'PAYMENT_STATUS', 'ROLES',
  'LOAD_STATUS', 'TRANSACTION_KIND', 'AREA_SUBJECT_ROLE', 'AREA_WAREHOUSE', 'WAREHOUSE_AREA', 'BIZ_JOB_SUBJECT_ROLE',
  'BIZ_JOB_WAREHOUSE', 'VEHICLE_SUBJECT_ROLE', 'WAREHOUSE_MATERIAL', 'AREA_BIZ_OBJECT', 'BIZ_OBJECT_SUBTYPE', 'DIRECTION',
  'MEASURE_UNIT_CATEGORY', 'HP_PROPERTY', 'RD_OPERATION', 'ADR_CLASS', 'ADR_PACKING_GROUP', 'WASTE_ENTRY_TYPE', 'WASTE_CLASSIFICATION', 'EER_CHAPTER', 'SUBJECT_TYPE', 'ALBO_CATEGORY', 'ALBO_CLASS',
  'TRANSPORT_STOP_KIND', 'FIR_ANOMALY', 'FIR_VERIFICATION', 'LEDGER_MOVEMENT', 'LEDGER_SOURCE',
  'PRICE_UNIT', 'INVOICE_DOCUMENT_TYPE', 'INVOICE_CHECK', 'FINANCIAL_ACCOUNT', 'SCHEDULER_JOB',
];

/** The 107 province codes of data/comuni-istat-2020.json, so the check also runs without that file. */
const ISTAT_SIGLE =
  'AG AL AN AO AP AQ AR AT AV BA BG BI BL BN BO BR BS BT BZ CA CB CE CH CL CN CO CR CS CT CZ EN FC FE FG FI FM FR GE GO GR ' +
  'IM IS KR LC LE LI LO LT LU MB MC ME MI MN MO MS MT NA NO NU OR PA PC PD PE PG PI PN PO PR PT PU PV PZ RA RC RE RG RI ' +
  'RM RN RO SA SI SO SP SR SS SU SV TA TE TN TO TP TR TS TV UD VA VB VC VE VI VR VT VV';

describe('lookup tables', () => {
  it('have unique upper snake case codes', () => {
    const tableCodes = LOOKUP_TABLES.map((t) => t.code);
    expect(new Set(tableCodes).size).toBe(tableCodes.length);
    for (const code of tableCodes) expect(code).toMatch(/^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/);
  });

  it('include every table the product names', () => {
    for (const code of EXPECTED_TABLES) expect(lookupTable(code), code).toBeDefined();
    expect(LOOKUP_TABLES).toHaveLength(EXPECTED_TABLES.length);
    expect(lookupTable('NOT_A_TABLE')).toBeUndefined();
  });

  it('have unique value codes and Italian and English labels on every value', () => {
    for (const t of LOOKUP_TABLES) {
      expect(t.values.length, t.code).toBeGreaterThan(0);
      expect(t.name.it.trim() && t.name.en.trim(), t.code).toBeTruthy();
      const valueCodes = t.values.map((value) => value.code);
      expect(new Set(valueCodes).size, `${t.code} value codes`).toBe(valueCodes.length);
      for (const value of t.values) {
        expect(value.code.trim(), t.code).not.toBe('');
        expect(value.it.trim(), `${t.code}.${value.code} it`).not.toBe('');
        expect(value.en.trim(), `${t.code}.${value.code} en`).not.toBe('');
      }
    }
  });

  it('fit the columns of the table-value record', () => {
    for (const t of LOOKUP_TABLES) {
      expect(t.code.length, t.code).toBeLessThanOrEqual(32);
      expect((t.description ?? '').length, t.code).toBeLessThanOrEqual(2000);
      for (const value of t.values) {
        const where = `${t.code}.${value.code}`;
        expect(value.code.length, where).toBeLessThanOrEqual(32);
        expect((value.val ?? '').length, where).toBeLessThanOrEqual(200);
        expect((value.name ?? '').length, where).toBeLessThanOrEqual(300);
        for (const alpha of [value.alpha1, value.alpha2, value.alpha3]) expect((alpha ?? '').length, where).toBeLessThanOrEqual(200);
        expect((value.extraValue ?? '').length, where).toBeLessThanOrEqual(2000);
      }
    }
  });

  it('explain every alpha, flag and extraValue column they use', () => {
    const columns = ['alpha1', 'alpha2', 'alpha3', 'flag1', 'flag2', 'flag3', 'extraValue'] as const;
    for (const t of LOOKUP_TABLES) {
      for (const column of columns) {
        if (t.values.some((value) => value[column] !== undefined)) expect(t.columns?.[column], `${t.code}.${column}`).toBeTruthy();
      }
    }
  });
});

describe('geography', () => {
  it('has the 107 Italian provinces of the ISTAT file, each in Italy with its region', () => {
    const provinces = table('PROVINCES');
    expect(provinces.values).toHaveLength(107);
    expect(codes('PROVINCES').sort()).toEqual(ISTAT_SIGLE.split(' '));
    for (const value of provinces.values) {
      expect(value.alpha2).toBe('ITA');
      expect(value.alpha1).toBeTruthy();
    }
    expect(provinces.values.find((value) => value.code === 'FI')).toMatchObject({ it: 'Firenze', en: 'Florence', alpha1: 'Toscana' });
  });

  it('matches the ISTAT file when it is present', () => {
    const comuni = readShared<{ sigla: string; provincia: string; regione: string }[]>('comuni-istat-2020.json');
    if (!comuni) return;
    const byCode = new Map(table('PROVINCES').values.map((value) => [value.code, value]));
    for (const comune of comuni) expect(byCode.get(comune.sigla)).toMatchObject({ it: comune.provincia, alpha1: comune.regione });
  });

  it('has every ISO 3166-1 country keyed by alpha-3, Italy included', () => {
    const countries = table('COUNTRIES').values;
    expect(countries).toHaveLength(249);
    expect(countries.find((value) => value.code === 'ITA')).toMatchObject({ alpha1: 'IT', it: 'Italia', en: 'Italy' });
    for (const value of countries) {
      expect(value.code).toMatch(/^[A-Z]{3}$/);
      expect(value.alpha1).toMatch(/^[A-Z]{2}$/);
    }
    expect(new Set(countries.map((value) => value.alpha1)).size).toBe(249);
    expect(countries.filter((value) => value.flag1)).toHaveLength(27);
  });
});

describe('waste tables', () => {
  it('has the 28 recovery and disposal operations with their English wording', () => {
    const operations = table('RD_OPERATION').values;
    expect(operations).toHaveLength(28);
    for (const value of operations) expect(value.alpha1).toBe(value.code[0]);
    expect(codes('RD_OPERATION').filter((code) => code.startsWith('R'))).toHaveLength(13);
    const file = readShared<Record<string, { code: string; description: string }[]>>('recovery-disposal-codes.json');
    if (!file) return;
    const english = new Map([...(file.RECOVERY_CODES ?? []), ...(file.DISPOSAL_CODES ?? [])].map((row) => [row.code, row.description]));
    for (const value of operations) expect(value.en).toBe(english.get(value.code));
  });

  it('maps every entry type of the EWC catalogue', () => {
    const vals = table('WASTE_ENTRY_TYPE').values.map((value) => value.val);
    expect(vals).toEqual(['Absolute hazardous', 'Absolute non-hazardous', 'Mirror hazardous', 'Mirror non-hazardous']);
    const ewc = readShared<{ entryType: string }[]>('ewc-codes.json');
    if (ewc) for (const row of ewc) expect(vals).toContain(row.entryType);
  });

  it('has HP1 to HP15 and POP', () => {
    expect(codes('HP_PROPERTY')).toEqual([...Array.from({ length: 15 }, (_, i) => `HP${i + 1}`), 'POP']);
  });
});

describe('cross references', () => {
  it('puts every measure unit in one of the four categories', () => {
    const categories = ['DISTANCE', 'MASS', 'VOLUME', 'WEIGHT'];
    expect(codes('MEASURE_UNIT_CATEGORY')).toEqual(categories);
    for (const value of table('MEASURE_UNIT').values) {
      expect(categories).toContain(value.alpha1);
      if (value.extraValue !== undefined) expect(Number(value.extraValue)).toBeGreaterThan(0);
    }
  });

  it('refers to existing codes from alpha1', () => {
    const transmissionTypes = codes('TRANSMISSION_TYPE');
    for (const code of ['TRANSMISSION_DOC_TYPE', 'TRANSMISSION_RECEIVER_TYPE', 'TRANSMISSION_KIND', 'TRANSMISSION_IMPORT_TYPE', 'PENALTY']) {
      for (const alpha1 of alpha1s(code)) expect(transmissionTypes, code).toContain(alpha1);
    }
    const roles = codes('SUBJECT_ROLE');
    for (const alpha1 of [...alpha1s('SUBJECT_TO_SUBJECT'), ...alpha1s('SUBJECT_WAREHOUSE')]) expect(roles).toContain(alpha1);
    for (const alpha1 of alpha1s('BIZ_OBJECT_SUBTYPE')) expect(codes('AREA_BIZ_OBJECT')).toContain(alpha1);
    const natures = alpha1s('VAT_CODES');
    for (const alpha1 of alpha1s('VAT_EXEMPTION')) expect(natures).toContain(alpha1);
    for (const alpha1 of alpha1s('PRICELIST_TYPE')) expect(codes('DIRECTION')).toContain(alpha1);
    for (const alpha1 of alpha1s('INVITATION')) expect(codes('ROLES')).toContain(alpha1);
  });

  it('marks movement causals as loads or unloads and keeps manual ones selectable', () => {
    const causals = table('MOVEMENT_CAUSAL').values;
    for (const value of causals) expect(['C', 'S']).toContain(value.alpha1);
    expect(causals.some((value) => value.flag1 && value.alpha1 === 'C')).toBe(true);
    expect(causals.some((value) => value.flag1 && value.alpha1 === 'S')).toBe(true);
  });

  it('gives payment methods their FatturaPA code and VAT rates their rate', () => {
    for (const value of table('PAYMENT_TYPE').values) {
      if (value.extraValue !== undefined) expect(value.val).toBe(value.extraValue);
      if (value.extraValue !== undefined) expect(value.extraValue).toMatch(/^MP(0[1-9]|1\d|2[0-3])$/);
    }
    expect(table('CURRENCY_TYPE').values[0]).toMatchObject({ code: 'EUR', alpha1: '€' });
    const rates = table('VAT_CODES').values.filter((value) => !value.alpha1).map((value) => value.val);
    expect(rates).toEqual(['22', '10', '5', '4']);
  });

  it('lists every role of the security model', () => {
    expect(codes('ROLES').sort()).toEqual([...ROLE_STRINGS].sort());
  });

  it('keys annual frequencies by occurrences per year', () => {
    for (const code of codes('ANNUAL_FREQUENCY')) expect(Number.isInteger(Number(code))).toBe(true);
    expect(codes('ANNUAL_FREQUENCY')).toEqual(expect.arrayContaining(['1', '2', '3', '4', '6', '12', '24', '52']));
  });
});

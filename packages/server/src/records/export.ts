import { PassThrough, type Readable } from 'node:stream';
import type { EntityDefinition, FieldDefinition } from '@circula/model';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';
import type { RecordData } from './hooks.js';

export type ExportFormat = 'csv' | 'xlsx';

interface Column {
  key: string;
  header: string;
  field: FieldDefinition | null;
  value: (record: RecordData) => unknown;
}

/** The exported columns: code, status, every field, creation and update (labels in the reader's language). */
export function exportColumns(entity: EntityDefinition, lang: 'it' | 'en'): Column[] {
  const common = (key: string, it: string, en: string, value: (r: RecordData) => unknown): Column => ({ key, header: lang === 'it' ? it : en, field: null, value });
  return [
    common('code', 'Codice', 'Code', (r) => r.code),
    ...(entity.statuses ? [common('status', 'Stato', 'Status', (r) => r.status)] : []),
    ...Object.entries(entity.fields).map(([name, field]) => ({ key: name, header: field.label?.[lang] ?? name, field, value: (r: RecordData) => r[name] })),
    common('createdAt', 'Creato il', 'Created at', (r) => r.createdAt),
    common('createdBy', 'Creato da', 'Created by', (r) => r.createdBy),
    common('updatedAt', 'Modificato il', 'Updated at', (r) => r.updatedAt),
  ];
}

const itNumber = (n: number) => String(n).replace('.', ',');
const itDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/**
 * Characters that make a spreadsheet read a cell as a formula when they lead it (CSV or formula
 * injection: `=HYPERLINK(…)`, `@SUM(…)`, DDE calls). OWASP's "CSV Injection" page and ASVS 4.0 §5.3.10
 * / 5.0 §1.2.10 ask for a leading single quote, which Excel and Calc take as "this is text".
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Text typed by users, made inert for spreadsheets; the numbers and dates we format ourselves are not touched. */
export const neutralised = (text: string): string => (FORMULA_START.test(text) ? `'${text}` : text);

/**
 * A cell as text: Italian dates and decimal commas for Italian readers, JSON for groups. User text
 * goes through `inert` (CSV: `neutralised`; XLSX keeps it as it is, since its strings are never formulas).
 */
function csvCell(column: Column, value: unknown, lang: 'it' | 'en', inert: (text: string) => string = neutralised): string {
  if (value === null || value === undefined) return '';
  const type = column.field?.type;
  if (typeof value === 'number') return lang === 'it' ? itNumber(value) : String(value);
  if (typeof value === 'boolean') return lang === 'it' ? (value ? 'sì' : 'no') : value ? 'yes' : 'no';
  if (type === 'date' && typeof value === 'string') return lang === 'it' ? itDate(value) : value;
  if ((type === 'datetime' || column.key === 'createdAt' || column.key === 'updatedAt') && typeof value === 'string') {
    return lang === 'it' ? `${itDate(value)} ${value.slice(11, 16)}` : value;
  }
  if (type === 'translations' && typeof value === 'object') return inert((value as Record<string, string>)[lang] ?? '');
  if (Array.isArray(value) && value.every((v) => typeof v !== 'object')) return inert(value.join(', '));
  if (typeof value === 'object') return JSON.stringify(value);
  return inert(String(value));
}

function xlsxCell(column: Column, value: unknown, lang: 'it' | 'en'): ExcelJS.CellValue {
  if (value === null || value === undefined) return null;
  const type = column.field?.type;
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  if (type === 'date' && typeof value === 'string') return new Date(`${value}T00:00:00Z`);
  if ((type === 'datetime' || column.key === 'createdAt' || column.key === 'updatedAt') && typeof value === 'string') return new Date(value);
  return csvCell(column, value, lang, (text) => text);
}

/**
 * Streams every record the batches yield as CSV (UTF-8 with BOM; `;` and decimal commas for
 * Italian readers, as Italian spreadsheets expect) or XLSX (real numbers and dates, dd/mm/yyyy).
 */
export function exportStream(
  entity: EntityDefinition,
  batches: AsyncIterable<RecordData[]>,
  format: ExportFormat,
  lang: 'it' | 'en',
): Readable {
  const columns = exportColumns(entity, lang);
  if (format === 'csv') {
    const csv = stringify({ delimiter: lang === 'it' ? ';' : ',', bom: true, header: true, columns: columns.map((c) => ({ key: c.key, header: c.header })) });
    (async () => {
      for await (const batch of batches) {
        for (const record of batch) {
          const row = Object.fromEntries(columns.map((c) => [c.key, csvCell(c, c.value(record), lang)]));
          if (!csv.write(row)) await new Promise((resolve) => csv.once('drain', resolve));
        }
      }
      csv.end();
    })().catch((error: unknown) => csv.destroy(error as Error));
    return csv;
  }
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
  const sheet = workbook.addWorksheet(entity.label[lang].slice(0, 31));
  sheet.columns = columns.map((c) => ({
    header: c.header,
    key: c.key,
    width: Math.min(40, Math.max(12, c.header.length + 2)),
    ...(c.field?.type === 'date' ? { style: { numFmt: 'dd/mm/yyyy' } } : {}),
    ...(c.field?.type === 'datetime' || c.key === 'createdAt' || c.key === 'updatedAt' ? { style: { numFmt: 'dd/mm/yyyy hh:mm' } } : {}),
  }));
  (async () => {
    for await (const batch of batches) {
      for (const record of batch) sheet.addRow(columns.map((c) => xlsxCell(c, c.value(record), lang))).commit();
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => out.destroy(error as Error));
  return out;
}

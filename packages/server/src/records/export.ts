import { PassThrough, type Duplex, type Readable } from 'node:stream';
import { isStored, type EntityDefinition, type FieldDefinition } from '@circula/model';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';
import { yieldToEventLoop } from './bulk.js';
import type { RecordData } from './hooks.js';
import { JobCancelled } from './jobs.js';

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
    ...Object.entries(entity.fields).filter(([, field]) => isStored(field)).map(([name, field]) => ({ key: name, header: field.label?.[lang] ?? name, field, value: (r: RecordData) => r[name] })),
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

/** Rows formatted between two turns of the event loop. */
const YIELD_ROWS = 100;

/** Reports rows written so far (answers true to stop) and carries the switch that stops the export. */
export interface ExportControl {
  progress?: (rows: number) => Promise<boolean>;
  signal?: AbortSignal;
}

/** Resolves when the stream can take more, or is closed. */
function writable(stream: NodeJS.EventEmitter): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
  });
}

/**
 * Streams every record the batches yield as CSV (UTF-8 with BOM; `;` and decimal commas for
 * Italian readers, as Italian spreadsheets expect) or XLSX (real numbers and dates, dd/mm/yyyy).
 * After each batch the event loop is free for other requests and the progress is reported.
 * `done` resolves with the number of rows once all are written; it rejects with JobCancelled,
 * and no further batch is read, when the reader went away or the export was cancelled.
 */
export function exportStream(
  entity: EntityDefinition,
  batches: AsyncIterable<RecordData[]>,
  format: ExportFormat,
  lang: 'it' | 'en',
  control: ExportControl = {},
): { stream: Readable; done: Promise<number> } {
  const columns = exportColumns(entity, lang);
  let rows = 0;
  // formatting is CPU work: other requests get a turn every few rows, not only between batches
  const pause = async (stream: Duplex, index: number) => {
    if (index % YIELD_ROWS !== YIELD_ROWS - 1) return;
    await yieldToEventLoop();
    if (stream.destroyed) throw new JobCancelled();
  };
  const afterBatch = async (stream: Duplex, count: number) => {
    rows += count;
    if (control.signal?.aborted || (await control.progress?.(rows)) === true) throw new JobCancelled();
    // a slow reader: wait for it rather than keep the file in memory
    if (stream.writableNeedDrain) await writable(stream);
    await yieldToEventLoop();
    if (stream.destroyed) throw new JobCancelled();
  };
  if (format === 'csv') {
    const csv = stringify({ delimiter: lang === 'it' ? ';' : ',', bom: true, header: true, columns: columns.map((c) => ({ key: c.key, header: c.header })) });
    const done = (async () => {
      await yieldToEventLoop();
      for await (const batch of batches) {
        for (const [index, record] of batch.entries()) {
          const row = Object.fromEntries(columns.map((c) => [c.key, csvCell(c, c.value(record), lang)]));
          if (!csv.write(row)) await writable(csv);
          if (csv.destroyed) throw new JobCancelled();
          await pause(csv, index);
        }
        await afterBatch(csv, batch.length);
      }
      csv.end();
      return rows;
    })();
    // destroyed with the error, so that the answer is cut too (a cancelled export ends its connection)
    done.catch((error: unknown) => csv.destroy(error as Error));
    return { stream: csv, done };
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
  const done = (async () => {
    await yieldToEventLoop();
    for await (const batch of batches) {
      for (const [index, record] of batch.entries()) {
        sheet.addRow(columns.map((c) => xlsxCell(c, c.value(record), lang))).commit();
        await pause(out, index);
      }
      await afterBatch(out, batch.length);
    }
    sheet.commit();
    await workbook.commit();
    return rows;
  })();
  done.catch((error: unknown) => out.destroy(error as Error));
  return { stream: out, done };
}

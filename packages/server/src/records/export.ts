import { performance } from 'node:perf_hooks';
import { PassThrough, type Readable } from 'node:stream';
import { isStored, type EntityDefinition, type FieldDefinition } from '@circula/model';
import ExcelJS from 'exceljs';
import { yieldToEventLoop } from './bulk.js';
import type { RecordData } from './hooks.js';
import { JobCancelled } from './jobs.js';

export type ExportFormat = 'csv' | 'xlsx';

export interface Column {
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
export function csvCell(column: Column, value: unknown, lang: 'it' | 'en', inert: (text: string) => string = neutralised): string {
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

/** A cell as XLSX holds it: numbers, booleans and dates as themselves, anything else as csvCell's text. */
export function xlsxCell(column: Column, value: unknown, lang: 'it' | 'en'): ExcelJS.CellValue {
  if (value === null || value === undefined) return null;
  const type = column.field?.type;
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  if (type === 'date' && typeof value === 'string') return new Date(`${value}T00:00:00Z`);
  if ((type === 'datetime' || column.key === 'createdAt' || column.key === 'updatedAt') && typeof value === 'string') return new Date(value);
  return csvCell(column, value, lang, (text) => text);
}

/**
 * About this long (ms) of formatting runs between two turns of the event loop: other requests
 * wait at most about as much (a turn every N rows would cost a slow row type as much as a quick
 * one, and give up the loop thousands of times an export for no one).
 */
const SLICE_MS = 15;
/** The XLSX sheet goes to the compressor, and comes out of it, in pieces of this many bytes. */
const SHEET_PIECE = 1 << 20;
/** The job's progress is written (an UPDATE) at most this often (ms), and once at the end. */
const PROGRESS_MS = 500;

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

/** Per delimiter, the fields csv-stringify quotes: those holding the delimiter, a quote or a line break. */
const NEEDS_QUOTES = { ';': /[;"\n\r]/, ',': /[,"\n\r]/ } as const;

/**
 * One CSV field exactly as csv-stringify (default options, one-character delimiter) writes it:
 * quoted, with its quotes doubled, when it holds the delimiter, a quote, `\n` or `\r`; as it is
 * otherwise (an empty field stays empty). test/records/export-format.test.ts checks the two agree.
 */
export const csvField = (text: string, delimiter: ';' | ','): string =>
  NEEDS_QUOTES[delimiter].test(text) ? `"${text.replaceAll('"', '""')}"` : text;

/** A column's letters (1 → A, 27 → AA). */
function columnLetters(n: number): string {
  let letters = '';
  for (let rest = n; rest > 0; rest = Math.floor((rest - 1) / 26)) letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  return letters;
}

/** What ExcelJS escapes in XML text (utils.xmlEncode): the five entities, and drops the control characters XML cannot hold. */
// eslint-disable-next-line no-control-regex -- the control characters are what it looks for
const XML_SPECIAL = /[<>&'"\x7F\x00-\x08\x0B\x0C\x0E-\x1F]/g;
const XML_ENTITY: Record<string, string> = { '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' };
const xmlText = (text: string): string => text.replace(XML_SPECIAL, (c) => XML_ENTITY[c] ?? '');

/**
 * A sheet row as ExcelJS 4.4 writes one (RowXform and CellXform, no shared strings): every column
 * has a cell, so the row spans them all; an empty cell is written only when it has a style (a date
 * column's format); dates are serial days since 1899-12-30. A row without a value is not written.
 * test/records/export-format.test.ts checks the sheet against ExcelJS's own.
 */
function xlsxRow(number: number, cells: { column: Column; letters: string; style: number }[], valueOf: (column: Column) => ExcelJS.CellValue): string {
  let xml = '';
  let values = false;
  for (const { column, letters, style } of cells) {
    const value = valueOf(column);
    const head = `<c r="${letters}${number}"${style ? ` s="${style}"` : ''}`;
    if (value === null || value === undefined) {
      if (style) xml += `${head}/>`;
      continue;
    }
    values = true;
    if (typeof value === 'number') xml += `${head}><v>${value}</v></c>`;
    else if (typeof value === 'boolean') xml += `${head} t="b"><v>${value ? 1 : 0}</v></c>`;
    else if (value instanceof Date) xml += `${head}><v>${25569 + value.getTime() / (24 * 3600 * 1000)}</v></c>`;
    else xml += `${head} t="str"><v>${xmlText(String(value))}</v></c>`;
  }
  return values ? `<row r="${number}" spans="1:${cells.length}" x14ac:dyDescent="0.25">${xml}</row>` : '';
}

/**
 * Streams every record the batches yield as CSV (UTF-8 with BOM; `;` and decimal commas for
 * Italian readers, as Italian spreadsheets expect) or XLSX (real numbers and dates, dd/mm/yyyy).
 * Rows are formatted for about SLICE_MS at a time, then the event loop is free for other requests;
 * a CSV slice goes out as one chunk. A slow reader is waited for (the file is never held in
 * memory), and the progress is reported every PROGRESS_MS. `done` resolves with the number of
 * rows once all are written; it rejects with JobCancelled, and asks for no further batch, when
 * the reader went away or the export was cancelled.
 */
export function exportStream(
  entity: EntityDefinition,
  batches: AsyncIterable<RecordData[]>,
  format: ExportFormat,
  lang: 'it' | 'en',
  control: ExportControl = {},
): { stream: Readable; done: Promise<number> } {
  const columns = exportColumns(entity, lang);
  const out = new PassThrough();
  let rows = 0;
  let reportedAt = 0;
  let sliceStart = 0;
  const report = async () => {
    reportedAt = performance.now();
    if (control.signal?.aborted || (await control.progress?.(rows)) === true) throw new JobCancelled();
  };
  /**
   * Writes every record through `row`; after each slice `flush` hands over what is pending, and
   * the loop waits for a slow reader, then gives other requests their turn.
   */
  const run = async (row: (record: RecordData) => void, flush: () => void): Promise<void> => {
    await yieldToEventLoop();
    sliceStart = reportedAt = performance.now();
    for await (const batch of batches) {
      for (const record of batch) {
        row(record);
        rows += 1;
        if (performance.now() - sliceStart < SLICE_MS) continue;
        flush();
        if (control.signal?.aborted) throw new JobCancelled();
        // a slow reader: wait for it rather than keep the file in memory
        if (out.writableNeedDrain) await writable(out);
        await yieldToEventLoop();
        if (out.destroyed) throw new JobCancelled();
        sliceStart = performance.now();
      }
      if (performance.now() - reportedAt >= PROGRESS_MS) await report();
    }
    flush();
    await report();
  };
  if (format === 'csv') {
    const delimiter = lang === 'it' ? ';' : ',';
    // the BOM and the header go out with the first rows (an error before them still answers an error)
    let pending = `\uFEFF${columns.map((c) => csvField(c.header, delimiter)).join(delimiter)}\n`;
    const row = (record: RecordData) => {
      let line = '';
      for (let i = 0; i < columns.length; i++) {
        const column = columns[i]!;
        if (i > 0) line += delimiter;
        line += csvField(csvCell(column, column.value(record), lang), delimiter);
      }
      pending += `${line}\n`;
    };
    const flush = () => {
      if (pending === '') return;
      out.write(pending);
      pending = '';
    };
    const done = run(row, flush).then(() => {
      out.end();
      return rows;
    });
    // destroyed with the error, so that the answer is cut too (a cancelled export ends its connection)
    done.catch((error: unknown) => out.destroy(error as Error));
    return { stream: out, done };
  }
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false, zip: { zlib: { chunkSize: SHEET_PIECE } } });
  const sheet = workbook.addWorksheet(entity.label[lang].slice(0, 31));
  const numFmt = (c: Column) =>
    c.field?.type === 'date' ? 'dd/mm/yyyy' : c.field?.type === 'datetime' || c.key === 'createdAt' || c.key === 'updatedAt' ? 'dd/mm/yyyy hh:mm' : null;
  sheet.columns = columns.map((c) => {
    const format = numFmt(c);
    return { header: c.header, key: c.key, width: Math.min(40, Math.max(12, c.header.length + 2)), ...(format ? { style: { numFmt: format } } : {}) };
  });
  // ExcelJS writes the workbook around the rows (the zip, the styles, the columns, the header row);
  // the rows are written here as its RowXform and CellXform write them (xlsxRow), straight into
  // the sheet's stream: its Row and Cell objects cost 70 µs a row (20 with their styles shared),
  // these strings 3. The sheet goes to the compressor, and comes out, in pieces of SHEET_PIECE:
  // in ExcelJS's 64 KiB and zlib's 16 KiB, each piece waiting for a turn of the event loop, the
  // compressor fell behind (3 MiB of XML a second, 18 s for 100 000 customers, the rest of the
  // sheet waiting in memory).
  sheet.getRow(1).commit();
  const sheetXml = (sheet as unknown as { stream: { write(xml: string): unknown; bufSize: number } }).stream;
  sheetXml.bufSize = SHEET_PIECE;
  const styles = (workbook as unknown as { styles: { addStyleModel(style: Partial<ExcelJS.Style>, type: ExcelJS.ValueType): number } }).styles;
  const cells = columns.map((c, i) => {
    const format = numFmt(c);
    // the header row registered the formats: this is the index ExcelJS gave each
    return { column: c, letters: columnLetters(i + 1), style: format ? styles.addStyleModel({ numFmt: format }, ExcelJS.ValueType.Date) : 0 };
  });
  let rowNumber = 1;
  let pending = '';
  const row = (record: RecordData) => {
    rowNumber += 1;
    pending += xlsxRow(rowNumber, cells, (c) => xlsxCell(c, c.value(record), lang));
  };
  const flush = () => {
    if (pending === '') return;
    sheetXml.write(pending);
    pending = '';
  };
  const done = run(row, flush).then(async () => {
    sheet.commit();
    await workbook.commit();
    return rows;
  });
  done.catch((error: unknown) => out.destroy(error as Error));
  return { stream: out, done };
}

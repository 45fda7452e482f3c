import { stringify } from 'csv-stringify/sync';
import { neutralised } from '../../../records/export.js';
import { physicalState } from '../../transports/fir/xml.js';
import type { RegisterDocument, RegisterRow } from './document.js';

/*
 * The load/unload register as CSV, one line per entry in number order, for spreadsheets. The
 * columns are the register's entries as art. 190 D.Lgs. 152/2006 and the register model annexed
 * to DM 4 aprile 2023 n. 59 (art. 4) list them — number and date of registration, load or unload,
 * causal, EER code and description, hazardous properties and physical state, quantity, origin or
 * destination, FIR, R/D operation, the entry corrected, annotations — plus the date of the
 * operation itself, which may precede the registration by days.
 *
 * As the other CSV exports (records/export.ts): UTF-8 with a BOM, so that Excel does not read it as
 * ANSI; user text made inert against formula injection. Unlike them the separator is always `;` and
 * dates are always dd/mm/yyyy on the Italian clock: the register is an Italian document in either
 * language. Quantities have three decimals, with a decimal comma in Italian and a point in English
 * (what a spreadsheet of that language parses as a number).
 */

const COLUMNS = [
  'number',
  'date',
  'operationDate',
  'movement',
  'causal',
  'eer',
  'description',
  'hazardous',
  'physicalState',
  'hpProperties',
  'quantity',
  'unit',
  'origin',
  'destination',
  'fir',
  'operation',
  'corrects',
  'notes',
] as const;

type Column = (typeof COLUMNS)[number];

const HEADERS: Record<RegisterDocument['lang'], Record<Column, string>> = {
  it: {
    number: 'Numero',
    date: 'Data registrazione',
    operationDate: 'Data operazione',
    movement: 'Movimento',
    causal: 'Causale',
    eer: 'Codice EER',
    description: 'Descrizione',
    hazardous: 'Pericoloso',
    physicalState: 'Stato fisico',
    hpProperties: 'Caratteristiche di pericolo',
    quantity: 'Quantità',
    unit: 'Unità',
    origin: 'Provenienza',
    destination: 'Destinazione',
    fir: 'FIR',
    operation: 'Operazione R/D',
    corrects: 'Rettifica del n.',
    notes: 'Note',
  },
  en: {
    number: 'Number',
    date: 'Registration date',
    operationDate: 'Operation date',
    movement: 'Movement',
    causal: 'Reason',
    eer: 'EER code',
    description: 'Description',
    hazardous: 'Hazardous',
    physicalState: 'Physical state',
    hpProperties: 'Hazardous properties',
    quantity: 'Quantity',
    unit: 'Unit',
    origin: 'Origin',
    destination: 'Destination',
    fir: 'FIR',
    operation: 'R/D operation',
    corrects: 'Corrects no.',
    notes: 'Notes',
  },
};

const ROME = new Intl.DateTimeFormat('it-IT', {
  timeZone: 'Europe/Rome',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/**
 * dd/mm/yyyy hh:mm on the Italian clock, whatever the server's time zone: italianDateTime
 * (activities/receipt.ts) with one formatter for every row, since building an Intl.DateTimeFormat
 * costs more than writing the rest of a register row.
 */
export function registerDateTime(iso: string): string {
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of ROME.formatToParts(new Date(iso))) parts[part.type] = part.value;
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}`;
}

const WORDS = {
  it: { C: 'Carico', S: 'Scarico', yes: 'sì', no: 'no' },
  en: { C: 'Load', S: 'Unload', yes: 'yes', no: 'no' },
} as const;

/** User text made inert for spreadsheets; absent is an empty cell. */
const text = (value: string | null) => (value ? neutralised(value) : '');

function cells(row: RegisterRow, lang: RegisterDocument['lang']): Record<Column, string> {
  const words = WORDS[lang];
  const quantity = row.quantity.toFixed(3);
  return {
    number: String(row.number),
    date: registerDateTime(row.date),
    operationDate: registerDateTime(row.operationDate).slice(0, 10),
    movement: words[row.movement],
    causal: text(row.causalLabel || row.causal),
    eer: row.eer ?? '',
    description: text(row.description),
    // a material has no EER entry, so neither hazardous nor not
    hazardous: row.eer === null ? '' : row.hazardous ? words.yes : words.no,
    physicalState: row.physicalState ? (physicalState(row.physicalState) ?? row.physicalState) : '',
    hpProperties: row.hpProperties.join(', '),
    quantity: lang === 'it' ? quantity.replace('.', ',') : quantity,
    unit: row.unit,
    origin: text(row.origin),
    destination: text(row.destination),
    fir: text(row.fir),
    operation: row.operation ?? '',
    corrects: row.corrects === null ? '' : String(row.corrects),
    notes: text(row.notes),
  };
}

/** The register as CSV text (UTF-8 with BOM, `;`-separated, header in the document's language). */
export function registerCsv(doc: RegisterDocument): string {
  const headers = HEADERS[doc.lang];
  return stringify(
    doc.rows.map((row) => cells(row, doc.lang)),
    { delimiter: ';', bom: true, header: true, columns: COLUMNS.map((key) => ({ key, header: headers[key] })) },
  );
}

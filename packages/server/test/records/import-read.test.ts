import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { readHeaders, readSheet } from '../../src/records/import.js';

async function workbook(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Clienti');
  ws.addRow(['Nome', 'Nato il']);
  ws.addRow(['Mario', new Date(Date.UTC(1980, 4, 17))]);
  ws.addRow([]);
  ws.addRow(['Anna', '03/02/1990']);
  wb.addWorksheet('Altro').addRow(['not', 'read']);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The same workbook re-zipped with its worksheets before xl/workbook.xml (as some writers order it). */
async function sheetsFirst(file: Buffer): Promise<Buffer> {
  const zip = await JSZip.loadAsync(file);
  const names = Object.keys(zip.files).filter((name) => !zip.files[name]!.dir);
  const first = (name: string) => (name.startsWith('xl/worksheets/') || name === 'xl/sharedStrings.xml' || name.endsWith('.rels') ? 0 : 1);
  const out = new JSZip();
  for (const name of [...names].sort((a, b) => first(a) - first(b))) out.file(name, await zip.files[name]!.async('uint8array'));
  return out.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

const all = async (file: Buffer) => {
  const rows = [];
  for await (const row of readSheet(file)) rows.push(row);
  return rows;
};

describe('readSheet', () => {
  const expected = [
    { row: 1, cells: ['Nome', 'Nato il'] },
    { row: 2, cells: ['Mario', new Date(Date.UTC(1980, 4, 17))] },
    { row: 4, cells: ['Anna', '03/02/1990'] },
  ];

  it('reads the first sheet of an XLSX, skipping blank rows and keeping their numbers', async () => {
    expect(await all(await workbook())).toEqual(expected);
  });

  it('reads it the same when the zip holds the sheets before xl/workbook.xml', async () => {
    const reordered = await sheetsFirst(await workbook());
    const names = Object.keys((await JSZip.loadAsync(reordered)).files);
    expect(names.indexOf('xl/worksheets/sheet1.xml')).toBeLessThan(names.indexOf('xl/workbook.xml'));
    expect(await all(reordered)).toEqual(expected);
    expect(await readHeaders(reordered)).toEqual(['Nome', 'Nato il']);
  });

  it('refuses a zip that is not a workbook and bytes that are not text', async () => {
    const zip = new JSZip();
    zip.file('hello.txt', 'ciao');
    const notWorkbook = await zip.generateAsync({ type: 'nodebuffer' });
    await expect(all(notWorkbook)).rejects.toMatchObject({ errorCode: 'CONSTRAINT_VIOLATION', extra: { errors: [{ field: 'file', message: 'UNSUPPORTED_TYPE' }] } });
    await expect(all(Buffer.from([0x00, 0xff, 0x10]))).rejects.toMatchObject({ errorCode: 'CONSTRAINT_VIOLATION' });
  });

  it('reads a CSV with ; or , and a BOM', async () => {
    expect(await all(Buffer.from('\uFEFFNome;Città\nMario;"Milano; centro"\n', 'utf8'))).toEqual([
      { row: 1, cells: ['Nome', 'Città'] },
      { row: 2, cells: ['Mario', 'Milano; centro'] },
    ]);
    expect(await all(Buffer.from('a,b\n1,2\n'))).toEqual([{ row: 1, cells: ['a', 'b'] }, { row: 2, cells: ['1', '2'] }]);
  });
});

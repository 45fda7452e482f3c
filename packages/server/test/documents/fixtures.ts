import { crc32, deflateRawSync } from 'node:zlib';

/** A minimal but complete PDF 1.4: one empty page, with a correct cross-reference table. */
export function minimalPdf(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A real 1×1 RGBA PNG (IHDR, IDAT, IEND with valid CRCs). */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** The start of a 64-bit Linux executable. */
export const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]), Buffer.alloc(56, 0x01)]);

/** The start of a Windows executable: DOS header with the PE offset, then the PE signature. */
export function windowsExecutable(): Buffer {
  const bytes = Buffer.alloc(256, 0);
  bytes.write('MZ', 0, 'latin1');
  bytes.writeUInt32LE(0x80, 0x3c);
  bytes.write('PE\0\0', 0x80, 'latin1');
  return bytes;
}

export const HTML = Buffer.from('<!doctype html><html><head><title>x</title></head><body><script>alert(1)</script></body></html>\n');

/** A zip archive built by hand: entries deflated unless `stored`, with central directory. */
export function zip(entries: { name: string; content: string | Buffer; stored?: boolean }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const data = Buffer.from(entry.content);
    const packed = entry.stored ? data : deflateRawSync(data);
    const method = entry.stored ? 0 : 8;
    const name = Buffer.from(entry.name, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE(0x21, 12); // 1980-01-01
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(method, 10);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += local.length + name.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const contentTypes = (main: string) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">
<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>
<Default Extension="xml" ContentType="application/xml"/>
<Override PartName="/${main.split('|')[0]}" ContentType="${main.split('|')[1]}"/>
</Types>`;

const RELS = `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"/>`;

/** A Word document whose [Content_Types].xml comes last, as some generators write it. */
export const docx = () =>
  zip([
    { name: '_rels/.rels', content: RELS },
    { name: 'word/document.xml', content: '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body/></w:document>' },
    { name: '[Content_Types].xml', content: contentTypes('word/document.xml|application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml') },
  ]);

export const xlsx = () =>
  zip([
    { name: '[Content_Types].xml', content: contentTypes('xl/workbook.xml|application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml') },
    { name: '_rels/.rels', content: RELS },
    { name: 'xl/workbook.xml', content: '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"/>' },
  ]);

/** OpenDocument: the uncompressed `mimetype` entry first, as the standard requires. */
export const openDocument = (mimeType: string) =>
  zip([
    { name: 'mimetype', content: mimeType, stored: true },
    { name: 'content.xml', content: '<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"/>' },
    { name: 'META-INF/manifest.xml', content: '<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0"/>' },
  ]);

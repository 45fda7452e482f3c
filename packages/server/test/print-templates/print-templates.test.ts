import { lookupTable, PRINT_DOCUMENT_CODES, PRINT_DOCUMENTS } from '@circula/model';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fullContext, placeholdersOf, PLACEHOLDERS } from '../../src/domain/print-templates/templates.js';
import { callers, json, type Call } from '../configuration/support.js';
import { pdfText } from '../support/pdf-text.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

const TEMPLATES = '/api/templates/print-templates';

describe('print templates', () => {
  let t: TestApp;
  let admin: Call;
  let operator: Call;
  let owner: Call;

  const idOf = async (query: string) => Number((await sql<{ id: number }>`${sql.raw(query)}`.execute(t.db)).rows[0]!.id);
  const templateOf = async (document: string) => {
    const res = await admin({ method: 'GET', url: `${TEMPLATES}/${await idOf(`select id from print_template where document = '${document}' and lang = 'it' and active and not deleted`)}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { id: number; version: number; code: string; header: string; footer: string; closing: string | null };
  };
  const flat = (pdf: Buffer) => pdfText(pdf).replace(/\s*\n\s*/g, ' ');
  // pdfkit writes each entry of the document information as an object of its own: "14 0 obj (…)"
  const keywords = (pdf: Buffer) => /\((Modello di stampa [^)]*)\)/.exec(pdf.toString('latin1'))?.[1] ?? null;

  beforeAll(async () => {
    t = await createTestApp();
    ({ admin, operator, owner } = await callers(t.app, 'admin', 'operator', 'owner'));
  }, 240_000);
  afterAll(() => t.close());

  it('the PRINT_DOCUMENT table lists the model documents, and every placeholder is filled by some document', () => {
    expect(lookupTable('PRINT_DOCUMENT')!.values.map((v) => v.code).sort()).toEqual([...PRINT_DOCUMENT_CODES].sort());
    const objects = new Set<string>(Object.values(PRINT_DOCUMENTS).flatMap((d) => d.objects));
    // requests and links are in mails only
    expect(new Set(PLACEHOLDERS.filter((p) => !objects.has(p.object)).map((p) => p.object))).toEqual(new Set(['transaction', 'link']));
    for (const document of PRINT_DOCUMENT_CODES) expect(placeholdersOf(document).length).toBeGreaterThan(3);
    expect(fullContext('INVOICE', { invoice: { number: '7/A' } })).toMatchObject({ invoice: { number: '7/A', total: '' }, company: { name: '' } });
  });

  it('refuses a template that names a placeholder its document lacks, is too long, does not compile or adds a closing the FIR has no room for', async () => {
    const bad = await admin({
      method: 'POST',
      url: TEMPLATES,
      ...json({ document: 'FIR', lang: 'en', name: 'Prova', header: 'a\nb\nc', footer: '{{invoice.number}}', closing: 'Grazie' }),
    });
    expect(bad.statusCode, bad.body).toBe(400);
    expect(bad.json().errors).toEqual(
      expect.arrayContaining([
        { field: 'lang', message: 'PRINT_LANGUAGE_NOT_AVAILABLE', params: { langs: 'it' } },
        { field: 'header', message: 'TOO_MANY_LINES', params: { max: 2 } },
        { field: 'footer', message: 'PRINT_UNKNOWN_PLACEHOLDER' },
        { field: 'closing', message: 'CLOSING_NOT_PRINTED' },
      ]),
    );
    const broken = await admin({ method: 'POST', url: TEMPLATES, ...json({ document: 'INVOICE', lang: 'it', name: 'Rotto', footer: '{{#if company.name}}senza chiusura' }) });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().errors).toEqual([{ field: 'footer', message: 'INVALID_TEMPLATE' }]);
    // one active template per document and language; another is prepared beside it, not in use
    const twice = await admin({ method: 'POST', url: TEMPLATES, ...json({ document: 'INVOICE', lang: 'it', name: 'Seconda', footer: 'x' }) });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().errors).toEqual([{ field: 'active', message: 'ALREADY_EXISTS' }]);
    // nothing was stored
    expect(Number((await sql<{ n: number }>`select count(*)::int as n from print_template where not deleted`.execute(t.db)).rows[0]!.n)).toBe(4);
    const prepared = await admin({ method: 'POST', url: TEMPLATES, ...json({ document: 'INVOICE', lang: 'it', name: 'Nuova carta intestata', active: false, footer: 'Bozza {{today}}' }) });
    expect(prepared.statusCode, prepared.body).toBe(201);
  });

  it('prints the invoice PDF with the stored template, filled with the invoice, and names its version', async () => {
    const invoiceId = await idOf(`select id from invoice where status in ('ISSUED', 'SENT', 'PAID') and not deleted order by id limit 1`);
    const { rows } = await sql<{ number: string; buyer: string }>`
      select i.document_number as number, s.name as buyer from invoice i join subject s on s.id = i.customer where i.id = ${invoiceId}`.execute(t.db);
    const template = await templateOf('INVOICE');
    const pdf = (await operator({ method: 'GET', url: `/api/invoices/invoices/${invoiceId}/pdf` })).rawPayload;
    const text = flat(pdf);
    // the demo letterhead: the company's name and VAT number, the footer with the printing user
    const company = (await sql<{ name: string; vat: string }>`
      select s.name, s.vat_number as vat from business_unit u join subject s on s.id = u.subject order by (u.type = 'DEFAULT') desc, u.id limit 1`.execute(t.db)).rows[0]!;
    expect(text).toContain(`${company.name} · P.IVA ${company.vat}`);
    expect(text).toMatch(/Stampata il \d{2}\/\d{2}\/\d{4} da \S+/);
    expect(text).toContain('D.Lgs. 231/2002');
    expect(keywords(pdf)).toBe(`Modello di stampa ${template.code} v${template.version}`);

    // a new version is used from the next print on
    const saved = await admin({ method: 'PUT', url: `${TEMPLATES}/${template.id}`, ...json({ version: template.version, footer: 'Fattura {{invoice.number}} per {{subject.name}}' }) });
    expect(saved.statusCode, saved.body).toBe(200);
    const again = (await operator({ method: 'GET', url: `/api/invoices/invoices/${invoiceId}/pdf` })).rawPayload;
    expect(flat(again)).toContain(`Fattura ${rows[0]!.number} per ${rows[0]!.buyer}`);
    expect(keywords(again)).toBe(`Modello di stampa ${template.code} v${template.version + 1}`);
  });

  it('lists every version, newest first, rebuilt from the history; an older one comes back by saving it', async () => {
    const template = await templateOf('INVOICE');
    const res = await admin({ method: 'GET', url: `${TEMPLATES}/${template.id}/versions` });
    expect(res.statusCode, res.body).toBe(200);
    const { items, currentVersion } = res.json().data as { items: { version: number; action: string; values: Record<string, string | null> }[]; currentVersion: number };
    expect(currentVersion).toBe(template.version);
    expect(items.map((v) => v.version)).toEqual([...items.map((v) => v.version)].sort((a, b) => b - a));
    expect(items[0]!.values.footer).toBe(template.footer);
    const first = items[items.length - 1]!;
    expect(first.action).toBe('CREATE');
    expect(first.values).toMatchObject({ document: 'INVOICE', lang: 'it', closing: null, footer: 'Stampata il {{today}} da {{user.fullname}}' });
    const restored = await admin({ method: 'PUT', url: `${TEMPLATES}/${template.id}`, ...json({ version: template.version, footer: first.values.footer, closing: first.values.closing }) });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().data).toMatchObject({ footer: 'Stampata il {{today}} da {{user.fullname}}', closing: null });
    // a stale version is a conflict, not an overwrite
    const stale = await admin({ method: 'PUT', url: `${TEMPLATES}/${template.id}`, ...json({ version: template.version, footer: 'x' }) });
    expect(stale.statusCode).toBe(409);
  });

  it('previews the text being edited on a real record the user may read, without storing it', async () => {
    const firId = await idOf(`select id from fir where not deleted order by id limit 1`);
    const preview = await admin({ method: 'POST', url: `${TEMPLATES}/preview`, ...json({ document: 'FIR', header: 'Anteprima di {{transport.firNumber}}', footer: '{{subject.name}}', recordId: firId }) });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.headers['content-type']).toBe('application/pdf');
    const number = (await sql<{ number: string }>`select number from fir where id = ${firId}`.execute(t.db)).rows[0]!.number;
    expect(flat(preview.rawPayload)).toContain(`Anteprima di ${number}`);
    expect(keywords(preview.rawPayload)).toBe('Modello di stampa Anteprima');
    expect((await templateOf('FIR')).header).not.toContain('Anteprima');

    const wh = await idOf(`select id from warehouse where warehouse_type = 'CDR' and not deleted order by id limit 1`);
    const register = await admin({ method: 'POST', url: `${TEMPLATES}/preview`, ...json({ document: 'REGISTER', lang: 'en', header: '{{warehouse.name}}', recordId: wh }) });
    expect(register.statusCode, register.body).toBe(200);
    const name = (await sql<{ name: string }>`select name from warehouse where id = ${wh}`.execute(t.db)).rows[0]!.name;
    expect(flat(register.rawPayload)).toContain(name);

    const conferralId = await idOf(`select id from conferral where not deleted order by id limit 1`);
    const receipt = await admin({ method: 'POST', url: `${TEMPLATES}/preview`, ...json({ document: 'CONFERRAL_RECEIPT', closing: 'Grazie, {{subject.name}}!', recordId: conferralId }) });
    expect(receipt.statusCode, receipt.body).toBe(200);
    expect(flat(receipt.rawPayload)).toMatch(/Grazie, .+!/);

    // a wrong template is refused as a save would be; a record the caller cannot read is 404 or 403
    const wrong = await admin({ method: 'POST', url: `${TEMPLATES}/preview`, ...json({ document: 'FIR', closing: 'x', recordId: firId }) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([{ field: 'closing', message: 'CLOSING_NOT_PRINTED' }]);
    expect((await admin({ method: 'POST', url: `${TEMPLATES}/preview`, ...json({ document: 'FIR', recordId: 999_999_999 }) })).statusCode).toBe(404);
    // the owner may not read templates at all
    expect((await owner({ method: 'POST', url: `${TEMPLATES}/preview`, ...json({ document: 'FIR', recordId: firId }) })).statusCode).toBe(403);
  });
});

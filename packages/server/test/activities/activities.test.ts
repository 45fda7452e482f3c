import { isItalianFiscalCode, italianInstant, todayInItaly } from '@circula/model';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACTIVITY_COUNTS, personFiscalCode } from '../../src/domain/activities/demo.js';
import { italianDateTime } from '../../src/domain/activities/receipt.js';
import { pdfText } from '../support/pdf-text.js';
import { callers, json, q, type Call } from '../configuration/support.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

const CONFERRAL = '/api/transactions/conferral';
const MSA = '/api/jobs/msa';
const SAMPLING = '/api/jobs/sampling';

type Line = { id: number; lineNo: number; waste: number; weightKg: number; accepted: boolean; refusalReason: string | null };
type FieldError = { field: string; message: string };


const days = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const errorsOf = (body: string) => (JSON.parse(body) as { errors: FieldError[] }).errors.map((e) => `${e.field}:${e.message}`);

describe('activities: conferrals, MSA activities, samplings', () => {
  let t: TestApp;
  let admin: Call;
  let operator: Call;
  let owner: Call;
  let ownerCompany: number;
  let customerCompany: number;
  let cdr: number;
  let cdrName: string;
  let pdp: number;
  const waste: Record<string, number> = {};
  let laboratory: number;
  let customerId: number;

  const idOf = async (query: string) => Number((await sql<{ id: number }>`${sql.raw(query)}`.execute(t.db)).rows[0]!.id);

  beforeAll(async () => {
    t = await createTestApp();
    ({ admin, operator, owner } = await callers(t.app, 'admin', 'operator', 'owner'));
    ownerCompany = await idOf(`select subject_id as id from users where username = 'owner'`);
    customerCompany = await idOf(`select subject_id as id from users where username = 'customer'`);
    const row = (await sql<{ id: number; name: string }>`select id, name from warehouse where warehouse_type = 'CDR' order by id limit 1`.execute(t.db)).rows[0]!;
    cdr = Number(row.id);
    cdrName = row.name;
    pdp = await idOf(`select id from warehouse where warehouse_type = 'PDP' order by id limit 1`);
    const { rows } = await sql<{ id: number; code: string }>`
      select id, code from waste where code in ('200101', '200102', '200135', '170605', '170503', '170504', '130205', '200140')`.execute(t.db);
    for (const r of rows) waste[r.code] = Number(r.id);
    laboratory = await idOf(`select id from subject where name like 'Laboratorio%' order by id limit 1`);
    customerId = ownerCompany;
  });
  afterAll(() => t.close());

  const citizen = { citizenName: 'Mario Rossi', citizenFiscalCode: 'RSSMRA80A01H501U', municipality: 'Monza' };
  const newConferral = (extra: Record<string, unknown> = {}) => ({
    cdr,
    conferredAt: new Date(Date.now() - 3_600_000).toISOString(),
    ...citizen,
    lines: [
      { waste: waste['200101'], weightKg: 12.5 },
      { waste: waste['200102'], weightKg: 7.25, accepted: true },
    ],
    ...extra,
  });
  const post = (call: Call, url: string, body: unknown) => call({ method: 'POST', url, ...json(body) });
  const put = (call: Call, url: string, body: unknown) => call({ method: 'PUT', url, ...json(body) });

  describe('conferrals', () => {
    it('creates a citizen conferral with its weighed lines; the accepted total is the sum of accepted lines', async () => {
      const res = await post(operator, CONFERRAL, newConferral());
      expect(res.statusCode, res.body).toBe(201);
      const created = res.json().data;
      expect(created).toMatchObject({ status: 'WEIGHED', totalKg: 19.75, citizenFiscalCode: 'RSSMRA80A01H501U', allowedStatuses: ['ACCEPTED', 'REFUSED', 'CANCELLED'] });
      expect(created.code).toMatch(/^CONF-\d{6}$/);
      expect(created.lines.map((l: Line) => [l.lineNo, l.accepted])).toEqual([
        [1, true],
        [2, true],
      ]);

      // a line turned away at the gate: it needs its reason, and leaves the total
      const lines = created.lines as Line[];
      const missing = await put(operator, `${CONFERRAL}/${created.id}`, { version: created.version, lines: [lines[0], { ...lines[1], accepted: false }] });
      expect(missing.statusCode).toBe(400);
      expect(errorsOf(missing.body)).toEqual(['lines.1.refusalReason:REQUIRED']);
      const updated = await put(operator, `${CONFERRAL}/${created.id}`, {
        version: created.version,
        lines: [lines[0], { ...lines[1], accepted: false, refusalReason: 'Vetro misto a ceramica' }, { waste: waste['200140'], weightKg: 30 }],
      });
      expect(updated.statusCode, updated.body).toBe(200);
      expect(updated.json().data.totalKg).toBe(42.5);
    });

    it('needs a company or a citizen, not both; a citizen comes with name and personal fiscal code', async () => {
      const both = await post(operator, CONFERRAL, newConferral({ company: ownerCompany }));
      expect(errorsOf(both.body)).toEqual(expect.arrayContaining(['company:COMPANY_OR_CITIZEN', 'citizenName:COMPANY_OR_CITIZEN']));
      const none = await post(operator, CONFERRAL, newConferral({ citizenName: null, citizenFiscalCode: null }));
      expect(errorsOf(none.body)).toEqual(['company:COMPANY_OR_CITIZEN', 'citizenName:COMPANY_OR_CITIZEN']);
      const nameOnly = await post(operator, CONFERRAL, newConferral({ citizenFiscalCode: null }));
      expect(errorsOf(nameOnly.body)).toEqual(['citizenFiscalCode:REQUIRED']);
      const codeOnly = await post(operator, CONFERRAL, newConferral({ citizenName: '' }));
      expect(errorsOf(codeOnly.body)).toEqual(['citizenName:REQUIRED']);
      // the check character is the field's own rule
      const wrong = await post(operator, CONFERRAL, newConferral({ citizenFiscalCode: 'RSSMRA80A01H501A' }));
      expect(wrong.statusCode).toBe(400);
      expect(errorsOf(wrong.body)[0]).toMatch(/^citizenFiscalCode:/);
      const company = await post(operator, CONFERRAL, newConferral({ citizenName: null, citizenFiscalCode: null, municipality: null, company: ownerCompany }));
      expect(company.statusCode, company.body).toBe(201);
      // a company's code is not a citizen's
      const vat = (await sql<{ v: string }>`select vat_number as v from subject where id = ${ownerCompany}`.execute(t.db)).rows[0]!.v;
      const asCitizen = await post(operator, CONFERRAL, newConferral({ citizenFiscalCode: vat }));
      expect(errorsOf(asCitizen.body)).toEqual(['citizenFiscalCode:PERSON_FISCAL_CODE']);
    });

    it('takes drop-offs only at collection centres, only now or before, and accepts only codes the centre is authorised for', async () => {
      const notCdr = await post(operator, CONFERRAL, newConferral({ cdr: pdp }));
      expect(errorsOf(notCdr.body)).toEqual(['cdr:CDR_REQUIRED']);
      const future = await post(operator, CONFERRAL, newConferral({ conferredAt: new Date(Date.now() + 3_600_000).toISOString() }));
      expect(errorsOf(future.body)).toEqual(['conferredAt:DATE_IN_FUTURE']);
      // a scale whose clock runs two minutes fast is fine
      const skew = await post(operator, CONFERRAL, newConferral({ conferredAt: new Date(Date.now() + 120_000).toISOString() }));
      expect(skew.statusCode, skew.body).toBe(201);
      // asbestos is not among the demo CDRs' codes: weighed and refused, never accepted
      const asbestos = await post(operator, CONFERRAL, newConferral({ lines: [{ waste: waste['170605'], weightKg: 40 }] }));
      expect(errorsOf(asbestos.body)).toEqual(['lines.0.waste:NOT_AUTHORISED_AT_CDR']);
      const refused = await post(operator, CONFERRAL, newConferral({ lines: [{ waste: waste['170605'], weightKg: 40, accepted: false, refusalReason: 'Amianto' }] }));
      expect(refused.statusCode, refused.body).toBe(201);
      expect(refused.json().data.totalKg).toBe(0);
    });

    it('accepts a conferral with an accepted line; refuses one with its motivation, turning every line away', async () => {
      const allRefused = (await post(operator, CONFERRAL, newConferral({ lines: [{ waste: waste['200101'], weightKg: 3, accepted: false, refusalReason: 'Carta sporca di vernice' }] }))).json().data;
      const noLine = await put(operator, `${CONFERRAL}/${allRefused.id}?newStatus=ACCEPTED`, { version: allRefused.version });
      expect(noLine.statusCode).toBe(400);
      expect(errorsOf(noLine.body)).toEqual(['lines:NO_ACCEPTED_LINE']);

      const created = (await post(operator, CONFERRAL, newConferral())).json().data;
      const accepted = await put(operator, `${CONFERRAL}/${created.id}?newStatus=ACCEPTED`, { version: created.version });
      expect(accepted.statusCode, accepted.body).toBe(200);
      expect(accepted.json().data).toMatchObject({ status: 'ACCEPTED', totalKg: 19.75 });

      const other = (await post(operator, CONFERRAL, newConferral())).json().data;
      const unmotivated = await put(operator, `${CONFERRAL}/${other.id}?newStatus=REFUSED`, { version: other.version });
      expect(errorsOf(unmotivated.body)).toEqual(['refusalMotivation:REQUIRED']);
      const refused = await put(operator, `${CONFERRAL}/${other.id}?newStatus=REFUSED`, { version: other.version, refusalMotivation: 'NON_CONFORMING_WASTE' });
      expect(refused.statusCode, refused.body).toBe(200);
      const data = refused.json().data;
      expect(data).toMatchObject({ status: 'REFUSED', totalKg: 0, refusalMotivation: 'NON_CONFORMING_WASTE' });
      expect(data.lines.map((l: Line) => l.accepted)).toEqual([false, false]);
      expect(data.lines.map((l: Line) => l.id)).toEqual(other.lines.map((l: Line) => l.id));
    });

    it('prints the receipt as an Italian A4 PDF with the centre, the time, the conferrer, the lines and the total', async () => {
      const created = (await post(operator, CONFERRAL, newConferral({ conferredAt: '2025-07-14T08:05:00.000Z', vehiclePlate: 'fa123bc' }))).json().data;
      const res = await operator({ method: 'GET', url: `${CONFERRAL}/${created.id}/receipt` });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toContain(`ricevuta-${created.code}.pdf`);
      const pdf = res.rawPayload;
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      // A4 portrait: 595.28 × 841.89 points
      expect(pdf.toString('latin1')).toMatch(/\/MediaBox \[0 0 595\.28 841\.89\]/);
      const text = pdfText(pdf);
      expect(text).toContain('Ricevuta di conferimento');
      expect(text).toContain(created.code);
      expect(text).toContain(cdrName);
      // summer time in Italy: 08:05 UTC is 10:05
      expect(text).toContain('14/07/2025 10:05');
      expect(text).toContain('Mario Rossi');
      expect(text).toContain('RSSMRA80A01H501U');
      expect(text).toContain('FA123BC');
      expect(text).toContain('20 01 01');
      expect(text).toContain('20 01 02');
      expect(text).toContain('19,75 kg');
      expect(text).toContain('Circula Ambiente S.r.l.');

      const company = (await post(operator, CONFERRAL, newConferral({ citizenName: null, citizenFiscalCode: null, municipality: null, company: ownerCompany }))).json().data;
      const vat = (await sql<{ v: string; n: string }>`select vat_number as v, name as n from subject where id = ${ownerCompany}`.execute(t.db)).rows[0]!;
      const companyText = pdfText((await operator({ method: 'GET', url: `${CONFERRAL}/${company.id}/receipt` })).rawPayload);
      expect(companyText).toContain(vat.n);
      expect(companyText).toContain(vat.v);
      expect((await operator({ method: 'GET', url: `${CONFERRAL}/999999999/receipt` })).statusCode).toBe(404);
    });

    it("lets an external user read their own company's conferrals and receipts only", async () => {
      // owners hold no MOVEMENT authority: no conferral at all
      expect((await owner({ method: 'GET', url: CONFERRAL })).statusCode).toBe(403);
      const mine = (await post(operator, CONFERRAL, newConferral({ citizenName: null, citizenFiscalCode: null, company: ownerCompany }))).json().data;
      const theirs = (await post(operator, CONFERRAL, newConferral({ citizenName: null, citizenFiscalCode: null, company: customerCompany }))).json().data;
      const citizens = (await post(operator, CONFERRAL, newConferral())).json().data;
      expect((await owner({ method: 'GET', url: `${CONFERRAL}/${mine.id}/receipt` })).statusCode).toBe(403);

      // with the read authority, the row rules answer: the company's conferrals, nobody else's
      await sql`insert into group_authorities (group_id, authority_code) select id, 'MOVEMENT_R' from groups where code = 'OWNERS'`.execute(t.db);
      const { owner: reader } = await callers(t.app, 'owner');
      const list = (await reader({ method: 'GET', url: `${CONFERRAL}?size=1000` })).json().data;
      const expected = (await sql<{ n: number }>`select count(*)::int as n from conferral where company = ${ownerCompany} and not deleted`.execute(t.db)).rows[0]!.n;
      expect(list.total).toBe(expected);
      expect(list.items.every((c: { company: number }) => c.company === ownerCompany)).toBe(true);
      const receipt = await reader({ method: 'GET', url: `${CONFERRAL}/${mine.id}/receipt` });
      expect(receipt.statusCode, receipt.body).toBe(200);
      expect(pdfText(receipt.rawPayload)).toContain(mine.code);
      for (const other of [theirs, citizens]) {
        expect((await reader({ method: 'GET', url: `${CONFERRAL}/${other.id}` })).statusCode).toBe(404);
        expect((await reader({ method: 'GET', url: `${CONFERRAL}/${other.id}/receipt` })).statusCode).toBe(404);
      }
      await sql`delete from group_authorities where authority_code = 'MOVEMENT_R' and group_id = (select id from groups where code = 'OWNERS')`.execute(t.db);
    });
  });

  describe('MSA activities', () => {
    const newMsa = (extra: Record<string, unknown> = {}) => ({ reason: 'SITE_SURVEY', customer: customerId, plannedDate: days(-2), ...extra });

    it('is done on a day that has come, with its outcome', async () => {
      const created = (await post(operator, MSA, newMsa())).json().data;
      expect(created.status).toBe('PLANNED');
      const bare = await put(operator, `${MSA}/${created.id}?newStatus=DONE`, { version: created.version });
      expect(errorsOf(bare.body)).toEqual(['doneDate:REQUIRED', 'outcome:REQUIRED']);
      const future = await put(operator, `${MSA}/${created.id}?newStatus=DONE`, { version: created.version, doneDate: days(3), outcome: 'Fatto' });
      expect(errorsOf(future.body)).toEqual(['doneDate:DATE_IN_FUTURE']);
      const blank = await put(operator, `${MSA}/${created.id}?newStatus=DONE`, { version: created.version, doneDate: todayInItaly(), outcome: '   ' });
      expect(errorsOf(blank.body)).toEqual(['outcome:REQUIRED']);
      const done = await put(operator, `${MSA}/${created.id}?newStatus=DONE`, { version: created.version, doneDate: todayInItaly(), outcome: 'Sopralluogo eseguito.' });
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json().data).toMatchObject({ status: 'DONE', doneDate: todayInItaly() });
      // a day in the future is refused on any write; a planned activity may be cancelled without one
      expect(errorsOf((await post(operator, MSA, newMsa({ doneDate: days(5) }))).body)).toEqual(['doneDate:DATE_IN_FUTURE']);
      const other = (await post(operator, MSA, newMsa({ plannedDate: days(10) }))).json().data;
      expect((await put(operator, `${MSA}/${other.id}?newStatus=CANCELLED`, { version: other.version })).statusCode).toBe(200);
    });
  });

  describe('samplings', () => {
    const newSampling = (extra: Record<string, unknown> = {}) => ({ producer: customerId, waste: waste['170504'], sampledOn: days(-20), ...extra });
    const advance = async (id: number, status: string, body: Record<string, unknown> = {}) => {
      const current = (await operator({ method: 'GET', url: `${SAMPLING}/${id}` })).json().data;
      return put(operator, `${SAMPLING}/${id}?newStatus=${status}`, { version: current.version, ...body });
    };

    it('computes whether each result reaches its limit', async () => {
      const substances = (await sql<{ id: number }>`select id from chemistry order by id limit 3`.execute(t.db)).rows.map((r) => Number(r.id));
      const res = await post(operator, SAMPLING, {
        ...newSampling(),
        results: [
          { substance: substances[0], concentration: 12, limitValue: 10 },
          { substance: substances[1], concentration: 10, limitValue: 10 },
          { substance: substances[2], concentration: 0.5, limitValue: 10, exceeds: true },
          { substance: substances[0], concentration: 500 },
        ],
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data.results.map((r: { exceeds: boolean }) => r.exceeds)).toEqual([true, true, false, false]);
      const updated = await put(operator, `${SAMPLING}/${res.json().data.id}`, { version: 1, results: [{ substance: substances[0], concentration: 9.99, limitValue: 10 }] });
      expect(updated.json().data.results[0].exceeds).toBe(false);
    });

    it('goes to the lab with the laboratory and the day sent, in order of dates', async () => {
      const created = (await post(operator, SAMPLING, newSampling())).json().data;
      expect((await advance(created.id, 'TAKEN')).statusCode).toBe(200);
      expect(errorsOf((await advance(created.id, 'SENT')).body)).toEqual(['laboratory:REQUIRED', 'sentOn:REQUIRED']);
      expect(errorsOf((await advance(created.id, 'SENT', { laboratory, sentOn: days(-25) })).body)).toEqual(['sentOn:BEFORE_SAMPLED_ON']);
      expect(errorsOf((await advance(created.id, 'SENT', { laboratory, sentOn: days(2) })).body)).toEqual(['sentOn:DATE_IN_FUTURE']);
      expect((await advance(created.id, 'SENT', { laboratory, sentOn: days(-19) })).statusCode).toBe(200);
      // at the lab, the laboratory stays
      const sent = (await operator({ method: 'GET', url: `${SAMPLING}/${created.id}` })).json().data;
      expect(errorsOf((await put(operator, `${SAMPLING}/${created.id}`, { version: sent.version, laboratory: null })).body)).toEqual(['laboratory:REQUIRED']);
      // a sample not taken yet cannot be in the future once taken
      const planned = (await post(operator, SAMPLING, newSampling({ sampledOn: days(4) }))).json().data;
      expect(errorsOf((await advance(planned.id, 'TAKEN')).body)).toEqual(['sampledOn:DATE_IN_FUTURE']);
    });

    it('is analysed with its report; a mirror entry with its classification, a hazardous one with its HP properties', async () => {
      const atLab = async (code: string) => {
        const created = (await post(operator, SAMPLING, newSampling({ waste: waste[code], laboratory, sentOn: days(-18) }))).json().data;
        expect((await advance(created.id, 'TAKEN')).statusCode).toBe(200);
        expect((await advance(created.id, 'SENT')).statusCode).toBe(200);
        return created.id as number;
      };
      const mirror = await atLab('170504');
      expect(errorsOf((await advance(mirror, 'ANALYSED')).body)).toEqual(['reportNumber:REQUIRED', 'reportDate:REQUIRED', 'classification:REQUIRED']);
      expect(errorsOf((await advance(mirror, 'ANALYSED', { reportNumber: 'RdP 1', reportDate: days(-19), classification: 'NON_HAZARDOUS' })).body)).toEqual([
        'reportDate:BEFORE_SENT_ON',
      ]);
      expect(errorsOf((await advance(mirror, 'ANALYSED', { reportNumber: 'RdP 1', reportDate: days(-5), classification: 'HAZARDOUS' })).body)).toEqual(['hpProperties:REQUIRED']);
      const hazardous = await advance(mirror, 'ANALYSED', { reportNumber: 'RdP 1', reportDate: days(-5), classification: 'HAZARDOUS', hpProperties: ['HP14'] });
      expect(hazardous.statusCode, hazardous.body).toBe(200);
      expect(hazardous.json().data).toMatchObject({ status: 'ANALYSED', classification: 'HAZARDOUS', hpProperties: ['HP14'] });

      const other = await atLab('170504');
      const clean = await advance(other, 'ANALYSED', { reportNumber: 'RdP 2', reportDate: days(-5), classification: 'NON_HAZARDOUS' });
      expect(clean.statusCode, clean.body).toBe(200);

      // an absolute entry is what the list says: the classification follows it, and cannot contradict it
      const oil = await atLab('130205');
      expect(errorsOf((await advance(oil, 'ANALYSED', { reportNumber: 'RdP 3', reportDate: days(-5), classification: 'NON_HAZARDOUS' })).body)).toEqual([
        'classification:CONTRADICTS_ENTRY',
      ]);
      expect(errorsOf((await advance(oil, 'ANALYSED', { reportNumber: 'RdP 3', reportDate: days(-5) })).body)).toEqual(['hpProperties:REQUIRED']);
      const analysed = await advance(oil, 'ANALYSED', { reportNumber: 'RdP 3', reportDate: days(-5), hpProperties: ['HP14'] });
      expect(analysed.statusCode, analysed.body).toBe(200);
      expect(analysed.json().data.classification).toBe('HAZARDOUS');

      // a HAZARDOUS classification names its properties on any write
      expect(errorsOf((await post(operator, SAMPLING, newSampling({ classification: 'HAZARDOUS' }))).body)).toEqual(['hpProperties:REQUIRED']);
    });
  });

  describe('demo data', () => {
    it('computes valid codici fiscali and Italian wall-clock instants', () => {
      // the Agenzia delle Entrate's customary example
      expect(personFiscalCode({ surname: 'Rossi', name: 'Mario', birth: '1980-01-01', female: false, birthplace: 'H501' })).toBe('RSSMRA80A01H501U');
      // four consonants in the name: 1st, 3rd and 4th; a woman's day + 40
      expect(personFiscalCode({ surname: "D'Angelo", name: 'Francesca', birth: '1975-10-09', female: true, birthplace: 'F205' }).slice(0, 11)).toBe('DNGFNC75R49');
      expect(italianInstant('2025-01-15', 9, 30)).toBe('2025-01-15T08:30:00.000Z');
      expect(italianInstant('2025-07-15', 9, 30)).toBe('2025-07-15T07:30:00.000Z');
      expect(italianDateTime('2025-01-15T08:30:00.000Z')).toBe('15/01/2025 09:30');
    });

    it('seeds a year of conferrals at the demo CDRs, mostly accepted, each obeying the rules', async () => {
      const rows = (
        await sql<{ id: number; status: string; cdr_type: string; company: number | null; citizen_fiscal_code: string | null; total_kg: string; conferred_at: Date }>`
          select c.id, c.status, w.warehouse_type as cdr_type, c.company, c.citizen_fiscal_code, c.total_kg, c.conferred_at
          from conferral c join warehouse w on w.id = c.cdr where c.created_by = 'system' order by c.id`.execute(t.db)
      ).rows;
      expect(rows).toHaveLength(DEMO_ACTIVITY_COUNTS.conferrals);
      const byStatus: Record<string, number> = {};
      for (const r of rows) byStatus[r.status] = (byStatus[r.status] ?? 0) + 1;
      expect(byStatus).toEqual(DEMO_ACTIVITY_COUNTS.conferralsByStatus);
      const yearAgo = Date.now() - 367 * 86_400_000;
      for (const r of rows) {
        expect(r.cdr_type).toBe('CDR');
        expect((r.company === null) !== (r.citizen_fiscal_code === null)).toBe(true);
        if (r.citizen_fiscal_code) expect(isItalianFiscalCode(r.citizen_fiscal_code), r.citizen_fiscal_code).toBe(true);
        expect(new Date(r.conferred_at).getTime()).toBeGreaterThan(yearAgo);
        expect(new Date(r.conferred_at).getTime()).toBeLessThan(Date.now());
      }
      expect(rows.filter((r) => r.company === ownerCompany).length).toBeGreaterThan(0);
      // every conferral read back through the API: totals, lines, the final statuses' rules
      const list = (await admin({ method: 'GET', url: `${CONFERRAL}?size=1000&q=${q({ filters: [{ field: 'createdBy', op: 'eq', value: 'system' }] })}` })).json().data;
      expect(list.total).toBe(DEMO_ACTIVITY_COUNTS.conferrals);
      const codes = new Set<string>();
      for (const r of rows.filter((_r, i) => i % 10 === 0)) {
        const c = (await admin({ method: 'GET', url: `${CONFERRAL}/${r.id}` })).json().data;
        const lines = c.lines as Line[];
        expect(lines.length).toBeGreaterThan(0);
        const accepted = lines.filter((l) => l.accepted);
        expect(c.totalKg).toBeCloseTo(accepted.reduce((n, l) => n + l.weightKg, 0), 3);
        if (c.status === 'ACCEPTED') expect(accepted.length).toBeGreaterThan(0);
        if (c.status === 'REFUSED') expect(c.refusalMotivation).toBeTruthy();
        for (const l of lines) if (!l.accepted) expect(l.refusalReason || c.status === 'REFUSED').toBeTruthy();
        for (const l of lines) codes.add(String(l.waste));
        const history = (await admin({ method: 'GET', url: `${CONFERRAL}/${r.id}/history` })).json().data.items as { action: string }[];
        expect(history.map((h) => h.action)).toEqual(c.status === 'WEIGHED' ? ['CREATE'] : ['CREATE', 'TRANSITION']);
      }
      expect(codes.size).toBeGreaterThan(5);
      const receipt = await admin({ method: 'GET', url: `${CONFERRAL}/${rows[0]!.id}/receipt` });
      expect(receipt.statusCode).toBe(200);
    });

    it('seeds MSA activities in every status and samplings with results, mirror entries classified both ways', async () => {
      const msa = (await sql<{ status: string; n: number }>`select status, count(*)::int as n from msa_activity where created_by = 'system' group by status`.execute(t.db)).rows;
      expect(msa.reduce((n, r) => n + r.n, 0)).toBe(DEMO_ACTIVITY_COUNTS.msaActivities);
      expect(msa.map((r) => r.status).sort()).toEqual(['CANCELLED', 'DONE', 'PLANNED']);
      const done = (await sql<{ n: number }>`select count(*)::int as n from msa_activity where status = 'DONE' and (done_date is null or outcome is null or done_date > ${todayInItaly()})`.execute(t.db)).rows[0]!.n;
      expect(done).toBe(0);

      const samplings = (
        await sql<{ status: string; classification: string | null; entry_type: string; hp: string[] | null; results: number; wrong: number }>`
          select s.status, s.classification, w.entry_type, s.hp_properties as hp,
            (select count(*)::int from sampling_result r where r.parent_id = s.id and not r.deleted) as results,
            (select count(*)::int from sampling_result r where r.parent_id = s.id and not r.deleted
              and r.exceeds is distinct from (r.limit_value is not null and r.concentration >= r.limit_value)) as wrong
          from sampling s join waste w on w.id = s.waste where s.created_by = 'system'`.execute(t.db)
      ).rows;
      expect(samplings).toHaveLength(DEMO_ACTIVITY_COUNTS.samplings);
      expect(new Set(samplings.map((s) => s.status))).toEqual(new Set(['PLANNED', 'TAKEN', 'SENT', 'ANALYSED', 'CANCELLED']));
      const analysed = samplings.filter((s) => s.status === 'ANALYSED');
      const mirrors = analysed.filter((s) => s.entry_type.startsWith('MIRROR'));
      expect(new Set(mirrors.map((s) => s.classification))).toEqual(new Set(['HAZARDOUS', 'NON_HAZARDOUS']));
      for (const s of analysed) {
        expect(s.results).toBeGreaterThan(0);
        expect(s.wrong).toBe(0);
        if (s.classification === 'HAZARDOUS') expect(s.hp?.length).toBeGreaterThan(0);
      }
      expect(analysed.some((s) => s.entry_type.startsWith('ABSOLUTE'))).toBe(true);
      const exceeding = (await sql<{ n: number }>`select count(*)::int as n from sampling_result where exceeds`.execute(t.db)).rows[0]!.n;
      expect(exceeding).toBeGreaterThan(0);
    });
  });
});

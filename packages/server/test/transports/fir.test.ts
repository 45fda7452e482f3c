import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepUnsignedFirs } from '../../src/domain/transports/fir/routes.js';
import { CORE_COLUMNS, signatureHash, verdictAnomalies, type StoredSignature } from '../../src/domain/transports/fir/sign.js';
import { callers, json, q, type Call } from '../configuration/support.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

const TRANSPORTS = '/api/transports/transport';
const FIRS = '/api/transports/transaction-documents';
const WORKLIST = '/api/transports/fir-anomalies';
const REQUESTS = '/api/transactions/movement-requests';
const DAY = '2030-06-10';

type Rec = Record<string, unknown> & { id: number; version: number };
const errorsOf = (res: { json(): unknown }) => ((res.json() as { errors?: { field: string; message: string }[] }).errors ?? []).map((e) => `${e.field}:${e.message}`);

/** FIRs (issue 16): issued at departure, signed in turn, frozen once signed, printed and exported, checked by the verifier. */
describe('FIR', () => {
  let t: TestApp;
  let admin: Call;
  let logistic: Call;
  let operator: Call;
  let owner: Call;
  let customer: Call;
  let verifier: Call;
  let ownerCompany: number;
  let ownerPdp: number;
  let plain: number;
  let plant: number;
  let carrier: number;
  let truck: number;
  let spare: number;

  const idOf = async (query: string) => Number((await sql<{ id: number }>`${sql.raw(query)}`.execute(t.db)).rows[0]!.id);
  const created = async (call: Call, url: string, body: unknown): Promise<Rec> => {
    const res = await call({ method: 'POST', url, ...json(body) });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data;
  };
  const move = (call: Call, url: string, record: { id: number; version: number }, status: string, body: Record<string, unknown> = {}) =>
    call({ method: 'PUT', url: `${url}/${record.id}?newStatus=${status}`, ...json({ version: record.version, ...body }) });
  const get = async (url: string, id: number): Promise<Rec> => (await admin({ method: 'GET', url: `${url}/${id}` })).json().data;
  const sign = (call: Call, transport: number, fir: number, body: Record<string, unknown>) =>
    call({ method: 'PUT', url: `${TRANSPORTS}/${transport}/fir/${fir}/sign`, ...json(body) });
  const firsOf = async (transport: number): Promise<Rec[]> => {
    const res = await admin({ method: 'GET', url: `${FIRS}?q=${q({ filters: [{ field: 'transport', op: 'eq', value: transport }], sort: [{ field: 'id', dir: 'asc' }] })}&size=50` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.items;
  };

  const accepted = async (lines: [number, number][]) => {
    const request = await created(admin, REQUESTS, {
      kind: 'RDR',
      requester: ownerCompany,
      pickupPoint: ownerPdp,
      wishedFrom: '2030-06-01',
      lines: lines.map(([waste, kg]) => ({ waste, description: 'Imballaggi misti', quantity: { value: kg, unit: 'KG' } })),
    });
    const submitted = (await move(admin, REQUESTS, request, 'SUBMITTED')).json().data;
    return (await move(admin, REQUESTS, submitted, 'ACCEPTED')).json().data as Rec;
  };
  /** A transport of these requests to the plant, started: its FIRs are issued. */
  const started = async (requests: Rec[]) => {
    const transport = await created(logistic, TRANSPORTS, { date: DAY, transporter: carrier, vehicle: truck, stops: [...requests.map((r) => ({ kind: 'PICKUP', request: r.id })), { kind: 'DELIVERY', warehouse: plant }] });
    const res = await move(logistic, TRANSPORTS, transport, 'IN_PROGRESS');
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Rec;
  };

  beforeAll(async () => {
    t = await createTestApp();
    ({ admin, logistic, operator, owner, customer, verifier } = await callers(t.app, 'admin', 'logistic', 'operator', 'owner', 'customer', 'verifier'));
    ownerCompany = await idOf(`select subject_id as id from users where username = 'owner'`);
    ownerPdp = await idOf(`select id from warehouse where owner = ${ownerCompany} and warehouse_type = 'PDP' order by id limit 1`);
    plain = await idOf(`select id from waste where code = '150106'`);
    await sql`update waste set operations = ${['R3', 'R13']}::text[] where id = ${plain}`.execute(t.db);
    plant = (await created(admin, '/api/warehouses/warehouse', { name: 'Impianto FIR', warehouseType: 'PLANT', authorisedWaste: [plain], operations: ['R13', 'D15'], authorisationNumber: 'AUA 123/2029' })).id;
    carrier = (await created(admin, '/api/subjects/transporters', { subjectType: 'COMPANY', name: 'Trasporti FIR S.r.l.' })).id;
    await created(admin, '/api/subjects/albo-authorisations', { holder: carrier, number: 'MI/777001', category: '4', validFrom: '2026-01-01', expiry: '2031-12-31' });
    truck = (await created(admin, '/api/vehicles/vehicles', { plate: 'FR123AA', vehicleType: 'SCARRABILE', capacityKg: 20_000, alboNumber: 'MI/777001' })).id;
    spare = (await created(admin, '/api/vehicles/vehicles', { plate: 'FR456BB', vehicleType: 'SCARRABILE', capacityKg: 20_000, alboNumber: 'MI/777001' })).id;
  });
  afterAll(() => t.close());

  it('the departure issues one FIR per load line, numbered from the series, with a snapshot of the parties, plates and the one R/D operation both sides admit', async () => {
    const first = await accepted([[plain, 1200], [plain, 300]]);
    const second = await accepted([[plain, 800]]);
    const transport = await started([first, second]);
    const firs = await firsOf(transport.id);
    expect(firs).toHaveLength(3);
    const numbers = firs.map((f) => String(f.number));
    expect(new Set(numbers).size).toBe(3);
    for (const n of numbers) expect(n).toMatch(/^FIR\/2030\/\d{6}$/);
    const sequence = numbers.map((n) => Number(n.slice(-6)));
    expect(sequence).toEqual([sequence[0], sequence[0]! + 1, sequence[0]! + 2]);
    const full = await get(FIRS, firs[0]!.id);
    expect(full).toMatchObject({
      status: 'ISSUED',
      transport: transport.id,
      request: first.id,
      requestLine: 1,
      producer: ownerCompany,
      pickupPoint: ownerPdp,
      transporter: carrier,
      transporterAlbo: 'MI/777001',
      destination: plant,
      destinationAuthorisation: 'AUA 123/2029',
      waste: plain,
      operation: 'R13',
      estimatedKg: 1200,
      quantity: { value: 1200, unit: 'KG' },
      vehiclePlate: 'FR123AA',
      signatures: [],
    });
    expect(Date.parse(String(full.signDeadline)) - Date.parse(String(full.issuedAt))).toBe(48 * 3600_000);
  });

  it('signatures go in turn — producer, transporter, destination — each with who, when and a hash of the data signed; out of turn is 409 FIR_SIGN_ORDER', async () => {
    const transport = await started([await accepted([[plain, 1000]])]);
    const [fir] = await firsOf(transport.id);
    const early = await sign(logistic, transport.id, fir!.id, { role: 'TRANSPORTER' });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ errorCode: 'FIR_SIGN_ORDER' });

    // the owner signs for their company, the producer; not for the transporter
    const produced = await sign(owner, transport.id, fir!.id, { role: 'PRODUCER' });
    expect(produced.statusCode, produced.body).toBe(200);
    expect(produced.json().data).toMatchObject({ status: 'SIGNED_PRODUCER' });
    expect((await sign(owner, transport.id, fir!.id, { role: 'TRANSPORTER' })).statusCode).toBe(403);
    expect((await sign(owner, transport.id, fir!.id, { role: 'PRODUCER' })).json()).toMatchObject({ errorCode: 'FIR_SIGN_ORDER' });

    expect((await sign(logistic, transport.id, fir!.id, { role: 'TRANSPORTER' })).json().data.status).toBe('SIGNED_TRANSPORTER');
    const missing = await sign(operator, transport.id, fir!.id, { role: 'DESTINATION' });
    expect(missing.statusCode).toBe(400);
    expect(errorsOf(missing)).toContain('acceptedKg:REQUIRED');
    const unexplained = await sign(operator, transport.id, fir!.id, { role: 'DESTINATION', acceptedKg: 900, refusedKg: 100 });
    expect(errorsOf(unexplained), unexplained.body).toContain('refusalReason:REQUIRED');
    const done = await sign(operator, transport.id, fir!.id, { role: 'DESTINATION', acceptedKg: 1000 });
    expect(done.statusCode, done.body).toBe(200);
    const data = done.json().data as Rec & { signatures: StoredSignature[] };
    expect(data).toMatchObject({ status: 'ACCEPTED', acceptedKg: 1000, refusedKg: 0, verifiedKg: 1000, anomalies: [] });
    expect(data.signatures.map((s) => [s.role, s.username])).toEqual([['PRODUCER', 'owner'], ['TRANSPORTER', 'logistic'], ['DESTINATION', 'operator']]);
    expect(data.signatures[0]!.signedBy).toBe('Giulia Verdi');
    for (const s of data.signatures) expect(s.hash).toMatch(/^[0-9a-f]{64}$/);

    // each hash is the data signed: recomputed from the stored row it matches; a changed core value does not
    const { rows } = await sql<Record<string, unknown>>`select * from fir where id = ${fir!.id}`.execute(t.db);
    const core = Object.fromEntries(CORE_COLUMNS.map((c) => [c, rows[0]![c] ?? null]));
    data.signatures.forEach((s, i) => {
      const { hash, ...rest } = s;
      expect(signatureHash(core, data.signatures.slice(0, i), rest)).toBe(hash);
      expect(signatureHash({ ...core, estimated_kg: 1 }, data.signatures.slice(0, i), rest)).not.toBe(hash);
    });
    expect((await sign(operator, transport.id, fir!.id, { role: 'DESTINATION', acceptedKg: 1 })).json()).toMatchObject({ errorCode: 'FIR_SIGN_ORDER' });
    const history = (await admin({ method: 'GET', url: `${FIRS}/${fir!.id}/history` })).json().data.items as { action: string; by: string; changes: Record<string, unknown[]> }[];
    expect(history.filter((h) => h.action === 'TRANSITION').map((h) => [h.by, h.changes.status?.[1]])).toEqual([
      ['owner', 'SIGNED_PRODUCER'],
      ['logistic', 'SIGNED_TRANSPORTER'],
      ['operator', 'ACCEPTED'],
    ]);
  });

  it('freezes the core data after the first signature (409 FIR_SIGNED) and checks the R/D operation before it', async () => {
    const transport = await started([await accepted([[plain, 500]])]);
    const [fir] = await firsOf(transport.id);
    const current = await get(FIRS, fir!.id);
    const wrong = await admin({ method: 'PUT', url: `${FIRS}/${fir!.id}`, ...json({ version: current.version, operation: 'D1' }) });
    expect(wrong.statusCode).toBe(400);
    expect(errorsOf(wrong)).toEqual(['operation:NOT_AUTHORISED_OPERATION']);
    const noted = await logistic({ method: 'PUT', url: `${FIRS}/${fir!.id}`, ...json({ version: current.version, routeNotes: 'Via tangenziale est' }) });
    expect(noted.statusCode, noted.body).toBe(200);
    expect((await sign(logistic, transport.id, fir!.id, { role: 'PRODUCER' })).statusCode).toBe(200);
    const after = await get(FIRS, fir!.id);
    const frozen = await logistic({ method: 'PUT', url: `${FIRS}/${fir!.id}`, ...json({ version: after.version, routeNotes: 'Altro percorso' }) });
    expect(frozen.statusCode).toBe(409);
    expect(frozen.json()).toMatchObject({ errorCode: 'FIR_SIGNED' });
    // the trip's vehicle is in the signed FIR: changing it is refused too
    const trip = await get(TRANSPORTS, transport.id);
    const vehicle = await logistic({ method: 'PUT', url: `${TRANSPORTS}/${transport.id}`, ...json({ version: trip.version, vehicle: spare }) });
    expect(vehicle.statusCode).toBe(409);
    expect(vehicle.json(), vehicle.body).toMatchObject({ errorCode: 'FIR_SIGNED' });
    expect((await get(FIRS, fir!.id)).routeNotes).toBe('Via tangenziale est');
  });

  it('a change of vehicle before anyone signed cancels the FIRs and issues new ones with new numbers', async () => {
    const transport = await started([await accepted([[plain, 400]])]);
    const [old] = await firsOf(transport.id);
    const trip = await get(TRANSPORTS, transport.id);
    const res = await logistic({ method: 'PUT', url: `${TRANSPORTS}/${transport.id}`, ...json({ version: trip.version, vehicle: spare }) });
    expect(res.statusCode, res.body).toBe(200);
    const firs = await firsOf(transport.id);
    expect(firs.map((f) => [f.number === old!.number, f.status])).toEqual([[true, 'CANCELLED'], [false, 'ISSUED']]);
    expect((await get(FIRS, firs[1]!.id)).vehiclePlate).toBe('FR456BB');
  });

  it('is never created, deleted or moved by hand; an unsigned FIR can be cancelled; a cancelled transport cancels its open FIRs', async () => {
    const transport = await started([await accepted([[plain, 400]]), await accepted([[plain, 300]])]);
    const [a, b] = await firsOf(transport.id);
    const byHand = await admin({ method: 'POST', url: FIRS, ...json({ routeNotes: 'x' }) });
    expect(byHand.json(), byHand.body).toMatchObject({ errorCode: 'FIR_ISSUED_BY_TRANSPORT' });
    expect((await admin({ method: 'PUT', url: `${FIRS}/${a!.id}/delete` })).json()).toMatchObject({ errorCode: 'FIR_NOT_DELETABLE' });
    const jump = await move(admin, FIRS, await get(FIRS, a!.id), 'SIGNED_PRODUCER');
    expect(jump.json()).toMatchObject({ errorCode: 'FIR_SIGN_ORDER' });
    expect((await move(logistic, FIRS, await get(FIRS, a!.id), 'CANCELLED')).json().data.status).toBe('CANCELLED');
    expect((await sign(logistic, transport.id, b!.id, { role: 'PRODUCER' })).statusCode).toBe(200);
    const cancelled = await move(logistic, TRANSPORTS, await get(TRANSPORTS, transport.id), 'CANCELLED');
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await firsOf(transport.id)).map((f) => f.status)).toEqual(['CANCELLED', 'CANCELLED']);
    expect((await sign(logistic, transport.id, b!.id, { role: 'TRANSPORTER' })).json()).toMatchObject({ errorCode: 'FIR_CANCELLED' });
  });

  it("the verifier's worklist: weight off the tolerance, a partial refusal and a signature past its deadline; verified or annotated, a FIR leaves it", async () => {
    const transport = await started([await accepted([[plain, 1000]]), await accepted([[plain, 2000]]), await accepted([[plain, 700]])]);
    const [off, partial, late] = await firsOf(transport.id);
    for (const fir of [off, partial]) {
      await sign(owner, transport.id, fir!.id, { role: 'PRODUCER' });
      await sign(logistic, transport.id, fir!.id, { role: 'TRANSPORTER' });
    }
    // 1 080 kg against 1 000 estimated: 8 % off, beyond the registry's 5 %
    expect((await sign(operator, transport.id, off!.id, { role: 'DESTINATION', acceptedKg: 1080 })).json().data).toMatchObject({ status: 'ACCEPTED', anomalies: ['WEIGHT_OFF'] });
    const refused = await sign(operator, transport.id, partial!.id, { role: 'DESTINATION', acceptedKg: 1950, refusedKg: 50, refusalReason: 'Presenza di materiale estraneo' });
    expect(refused.json().data).toMatchObject({ status: 'PARTIALLY_ACCEPTED', anomalies: ['PARTIAL_REFUSAL'], refusalReason: 'Presenza di materiale estraneo' });
    await sql`update fir set sign_deadline = now() - interval '1 hour' where id = ${late!.id}`.execute(t.db);
    expect(await sweepUnsignedFirs(t.db)).toBeGreaterThanOrEqual(1);
    expect(await sweepUnsignedFirs(t.db)).toBe(0);
    expect((await get(FIRS, late!.id)).anomalies).toEqual(['SIGNATURE_MISSING']);

    const listed = async () => {
      const res = await verifier({ method: 'GET', url: `${WORKLIST}?q=${q({ filters: [{ field: 'transport', op: 'eq', value: transport.id }] })}&size=50` });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data.items as Rec[]).map((f) => f.id).sort((x, y) => x - y);
    };
    expect(await listed()).toEqual([off!.id, partial!.id, late!.id].sort((x, y) => x - y));
    const fir = await get(FIRS, partial!.id);
    const bare = await verifier({ method: 'PUT', url: `${FIRS}/${fir.id}`, ...json({ version: fir.version, verification: 'ANNOTATED' }) });
    expect(errorsOf(bare)).toEqual(['verificationNote:REQUIRED']);
    const annotated = await verifier({ method: 'PUT', url: `${FIRS}/${fir.id}`, ...json({ version: fir.version, verification: 'ANNOTATED', verificationNote: 'Respingimento concordato con il produttore' }) });
    expect(annotated.statusCode, annotated.body).toBe(200);
    expect(annotated.json().data).toMatchObject({ verification: 'ANNOTATED', verifiedBy: 'verifier' });
    const checked = await get(FIRS, off!.id);
    expect((await verifier({ method: 'PUT', url: `${FIRS}/${checked.id}`, ...json({ version: checked.version, verification: 'VERIFIED' }) })).statusCode).toBe(200);
    expect(await listed()).toEqual([late!.id]);
  });

  it('prints the FIR as a PDF and exports it as XML for whoever reads it; another company gets 404', async () => {
    const transport = await started([await accepted([[plain, 650]])]);
    const [fir] = await firsOf(transport.id);
    const pdf = await owner({ method: 'GET', url: `${TRANSPORTS}/${transport.id}/fir/${fir!.id}/pdf` });
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const xml = await logistic({ method: 'GET', url: `${TRANSPORTS}/${transport.id}/fir/${fir!.id}/xml` });
    expect(xml.statusCode, xml.body).toBe(200);
    expect(xml.headers['content-type']).toContain('application/xml');
    expect(xml.body).toContain(String(fir!.number));
    expect(xml.body).toContain('MI/777001');
    // the customer's company is not this FIR's producer: it does not exist for them
    expect((await customer({ method: 'GET', url: `${TRANSPORTS}/${transport.id}/fir/${fir!.id}/pdf` })).statusCode).toBe(404);
    expect((await sign(customer, transport.id, fir!.id, { role: 'PRODUCER' })).statusCode).toBe(404);
    // a FIR reached through another transport's path does not exist either
    expect((await logistic({ method: 'GET', url: `${TRANSPORTS}/${transport.id + 100000}/fir/${fir!.id}/xml` })).statusCode).toBe(404);
  });

  it('completing the trip takes each delivery\'s verified weight from its FIRs once the destination signed them all; the requests are DONE', async () => {
    const request = await accepted([[plain, 600], [plain, 400]]);
    const transport = await started([request]);
    const firs = await firsOf(transport.id);
    const early = await move(logistic, TRANSPORTS, await get(TRANSPORTS, transport.id), 'COMPLETED');
    expect(errorsOf(early)).toEqual(['stops.1.verifiedKg:REQUIRED']);
    for (const [fir, kg] of [[firs[0]!, 610], [firs[1]!, 395.5]] as const) {
      await sign(owner, transport.id, fir.id, { role: 'PRODUCER' });
      await sign(logistic, transport.id, fir.id, { role: 'TRANSPORTER' });
      expect((await sign(operator, transport.id, fir.id, { role: 'DESTINATION', acceptedKg: kg })).statusCode).toBe(200);
    }
    const done = await move(logistic, TRANSPORTS, await get(TRANSPORTS, transport.id), 'COMPLETED');
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toMatchObject({ status: 'COMPLETED', verifiedKg: 1005.5 });
    expect((done.json().data.stops as Rec[])[1]).toMatchObject({ kind: 'DELIVERY', verifiedKg: 1005.5 });
    expect((await get(REQUESTS, request.id)).status).toBe('DONE');
  });

  it('numbers stay unique when transports depart at the same time', async () => {
    const trips = await Promise.all([1, 2, 3].map(async () => created(logistic, TRANSPORTS, { date: DAY, transporter: carrier, vehicle: truck, stops: [{ kind: 'PICKUP', request: (await accepted([[plain, 100]])).id }, { kind: 'DELIVERY', warehouse: plant }] })));
    const results = await Promise.all(trips.map((trip) => move(logistic, TRANSPORTS, trip, 'IN_PROGRESS')));
    for (const r of results) expect(r.statusCode, r.body).toBe(200);
    const numbers = (await Promise.all(trips.map((trip) => firsOf(trip.id)))).flat().map((f) => f.number);
    expect(numbers).toHaveLength(3);
    expect(new Set(numbers).size).toBe(3);
  });

  it('the demo holds FIRs in every signing state, with hashes that match their data, and anomalies for the verifier', async () => {
    const { rows } = await sql<Record<string, unknown>>`select * from fir where created_by = 'system' order by id`.execute(t.db);
    expect(rows.length).toBeGreaterThan(100);
    const statuses = new Set(rows.map((r) => r.status));
    for (const s of ['SIGNED_TRANSPORTER', 'ACCEPTED', 'PARTIALLY_ACCEPTED']) expect(statuses).toContain(s);
    const anomalies = new Set(rows.flatMap((r) => (r.anomalies as string[] | null) ?? []));
    for (const a of ['WEIGHT_OFF', 'PARTIAL_REFUSAL', 'SIGNATURE_MISSING']) expect(anomalies).toContain(a);
    const numbers = rows.map((r) => r.number);
    expect(new Set(numbers).size).toBe(numbers.length);
    for (const row of rows.filter((r) => r.status === 'PARTIALLY_ACCEPTED').slice(0, 3)) {
      const signatures = row.signatures as StoredSignature[];
      const core = Object.fromEntries(CORE_COLUMNS.map((c) => [c, row[c] ?? null]));
      expect(signatures.map((s) => s.role)).toEqual(['PRODUCER', 'TRANSPORTER', 'DESTINATION']);
      signatures.forEach((s, i) => {
        const { hash, ...rest } = s;
        expect(signatureHash(core, signatures.slice(0, i), rest)).toBe(hash);
      });
    }
    const worklist = await verifier({ method: 'GET', url: `${WORKLIST}?size=5` });
    expect(worklist.statusCode, worklist.body).toBe(200);
    expect(worklist.json().data.total).toBeGreaterThan(0);
  });

  it('finds the anomalies of a verdict from the tolerance', () => {
    expect(verdictAnomalies(1000, 1050, 0, 5)).toEqual([]);
    expect(verdictAnomalies(1000, 1051, 0, 5)).toEqual(['WEIGHT_OFF']);
    expect(verdictAnomalies(1000, 0, 1000, 5)).toEqual(['REFUSED']);
    expect(verdictAnomalies(null, 10, 0, 5)).toEqual([]);
  });
});

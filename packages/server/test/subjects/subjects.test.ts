import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Call, callers, json, q } from '../configuration/support.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

const SUBJECTS = '/api/subjects/subjects';
const CUSTOMERS = '/api/subjects/customers';
const SUPPLIERS = '/api/subjects/suppliers';

describe('subjects and their role views', () => {
  let t: TestApp;
  let admin: Call;

  beforeAll(async () => {
    t = await createTestApp();
    ({ admin } = await callers(t.app, 'admin'));
  });
  afterAll(() => t.close());

  const total = async (url: string) => (await admin({ method: 'GET', url })).json().data.total as number;

  it('creates a customer through its view: the role comes with it, and only the customer views see it', async () => {
    const res = await admin({
      method: 'POST',
      url: CUSTOMERS,
      ...json({ name: 'Ecologia Brianza S.r.l.', vatNumber: '00159560366', fiscalCode: '00159560366', sdiCode: 'm5uxcr1', pec: 'ecologia.brianza@pec.it' }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const customer = res.json().data;
    expect(customer).toMatchObject({ code: expect.stringMatching(/^SBJ-\d{6}$/), subjectType: 'COMPANY', roles: ['CUSTOMER'], sdiCode: 'M5UXCR1' });
    const byVat = q({ query: '00159560366' });
    expect(await total(`${CUSTOMERS}?q=${byVat}`)).toBe(1);
    expect(await total(`${SUBJECTS}?q=${byVat}`)).toBe(1);
    expect(await total(`${SUPPLIERS}?q=${byVat}`)).toBe(0);
    expect((await admin({ method: 'GET', url: `${SUPPLIERS}/${customer.id}` })).statusCode).toBe(404);
    // found by a word of its name, accents and case aside
    expect(await total(`${CUSTOMERS}?q=${q({ query: 'brianza ecolog' })}`)).toBe(1);
  });

  it('lists a subject with two roles in both views', async () => {
    const res = await admin({ method: 'POST', url: SUBJECTS, ...json({ name: 'Doppio Ruolo S.p.A.', roles: ['CUSTOMER', 'SUPPLIER'] }) });
    expect(res.statusCode, res.body).toBe(201);
    const filter = q({ query: 'doppio ruolo' });
    expect(await total(`${CUSTOMERS}?q=${filter}`)).toBe(1);
    expect(await total(`${SUPPLIERS}?q=${filter}`)).toBe(1);
  });

  it('adds the view’s role to the roles given when creating through a view', async () => {
    const res = await admin({ method: 'POST', url: CUSTOMERS, ...json({ name: 'Anche fornitore', roles: ['SUPPLIER'] }) });
    expect(res.statusCode, res.body).toBe(201);
    expect([...res.json().data.roles].sort()).toEqual(['CUSTOMER', 'SUPPLIER']);
  });

  it('keeps a record changed through a view inside it: dropping the view’s role there is refused, nothing written', async () => {
    const created = (await admin({ method: 'POST', url: CUSTOMERS, ...json({ name: 'Resta Cliente', roles: ['SUPPLIER'] }) })).json().data;
    const res = await admin({ method: 'PUT', url: `${CUSTOMERS}/${created.id}`, ...json({ version: created.version, roles: ['SUPPLIER'] }) });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'roles', message: 'OUTSIDE_VIEW' }]);
    const after = (await admin({ method: 'GET', url: `${SUBJECTS}/${created.id}` })).json().data;
    expect({ version: after.version, roles: [...after.roles].sort() }).toEqual({ version: created.version, roles: ['CUSTOMER', 'SUPPLIER'] });
  });

  it('checks the partita IVA, the codice fiscale and the PEC, writing nothing when wrong', async () => {
    const before = await total(SUBJECTS);
    const res = await admin({
      method: 'POST',
      url: SUBJECTS,
      ...json({ name: 'Numeri Sbagliati', vatNumber: '00159560367', fiscalCode: 'RSSMRA85T10A562T', pec: 'non-una-pec', payment: { iban: 'IT60X0542811101000000123457' } }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errorCode).toBe('CONSTRAINT_VIOLATION');
    expect(res.json().errors).toEqual(
      expect.arrayContaining([
        { field: 'vatNumber', message: 'INVALID' },
        { field: 'fiscalCode', message: 'INVALID' },
        { field: 'pec', message: 'INVALID' },
        { field: 'payment.iban', message: 'INVALID' },
      ]),
    );
    expect(await total(SUBJECTS)).toBe(before);
  });

  it('wants a last name and a personal codice fiscale for a person', async () => {
    const noLastName = await admin({ method: 'POST', url: SUBJECTS, ...json({ subjectType: 'PERSON', name: 'Mario' }) });
    expect(noLastName.statusCode).toBe(400);
    expect(noLastName.json().errors).toEqual([{ field: 'lastName', message: 'REQUIRED' }]);
    const companyCode = await admin({ method: 'POST', url: SUBJECTS, ...json({ subjectType: 'PERSON', name: 'Mario', lastName: 'Rossi', fiscalCode: '00159560366' }) });
    expect(companyCode.json().errors).toEqual([{ field: 'fiscalCode', message: 'PERSON_FISCAL_CODE' }]);
    const ok = await admin({
      method: 'POST',
      url: SUBJECTS,
      ...json({ subjectType: 'PERSON', name: 'Mario', lastName: 'Rossi', fiscalCode: 'rssmra85t10a562s', birthDate: '1985-12-10', birthPlace: { bornCity: 'Ancona', bornProvince: 'AN', bornCountry: 'ITA' } }),
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().data.fiscalCode).toBe('RSSMRA85T10A562S');
    // the rule holds on update too: the last name cannot be emptied
    const { id, version } = ok.json().data;
    const cleared = await admin({ method: 'PUT', url: `${SUBJECTS}/${id}`, ...json({ version, lastName: '' }) });
    expect(cleared.statusCode).toBe(400);
    expect(cleared.json().errors).toEqual([{ field: 'lastName', message: 'REQUIRED' }]);
  });

  it('keeps several addresses with coordinates, contacts and payment conditions', async () => {
    const res = await admin({
      method: 'POST',
      url: CUSTOMERS,
      ...json({
        name: 'Metalli Lombardi S.r.l.',
        contact: { email: 'info@metallilombardi.it', phone: '+39 02 1234567' },
        addresses: [
          { street: 'Via Roma', houseNumber: '1', city: 'Milano', zip: '20121', province: 'MI', country: 'ITA', latitude: 45.4642, longitude: 9.19 },
          { street: 'Via dell’Industria', houseNumber: '12', city: 'Monza', zip: '20900', province: 'MB', country: 'ITA', latitude: 45.5845, longitude: 9.2744 },
        ],
        payment: { currency: 'EUR', type: 'RIBA_60', bank: 'Banca di Milano', iban: 'IT60 X054 2811 1010 0000 0123 456' },
      }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const got = (await admin({ method: 'GET', url: `${CUSTOMERS}/${res.json().data.id}` })).json().data;
    expect(got.addresses).toHaveLength(2);
    expect(got.addresses[1]).toMatchObject({ city: 'Monza', latitude: 45.5845 });
    expect(got.contact.email).toBe('info@metallilombardi.it');
  });

  it('exports a subject as a vCard for whoever may read it', async () => {
    const created = await admin({
      method: 'POST',
      url: CUSTOMERS,
      ...json({
        name: 'Rossi; Bianchi & C. S.n.c.',
        vatNumber: '00905811006',
        pec: 'rossibianchi@pec.it',
        contact: { email: 'info@rossibianchi.it', phone: '+39 02 555 1234' },
        addresses: [{ street: 'Via Torino', houseNumber: '5', city: 'Milano', zip: '20123', province: 'MI', country: 'ITA', latitude: 45.4628, longitude: 9.1859 }],
      }),
    });
    const { id, code } = created.json().data;
    const res = await admin({ method: 'GET', url: `${SUBJECTS}/${id}/exportVcard` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/vcard');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${code}.vcf"`);
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe('BEGIN:VCARD');
    expect(lines).toContain('VERSION:4.0');
    expect(lines).toContain('ORG:Rossi\\; Bianchi & C. S.n.c.');
    expect(lines).toContain('EMAIL;TYPE=work;PREF=1:rossibianchi@pec.it');
    expect(lines).toContain('TEL;TYPE=work,voice;VALUE=uri:tel:+39025551234');
    expect(lines).toContain('ADR;TYPE=work;GEO="geo:45.4628,9.1859":;;Via Torino 5;Milano;MI;20123;ITA');
    expect(lines).toContain('NOTE:P.IVA 00905811006');
    expect(lines.at(-2)).toBe('END:VCARD');
    // unreadable or missing subjects are not exported
    expect((await admin({ method: 'GET', url: `${SUBJECTS}/999999/exportVcard` })).statusCode).toBe(404);
    const { owner } = await callers(t.app, 'owner');
    const ownerStatus = (await owner({ method: 'GET', url: `${SUBJECTS}/${id}/exportVcard` })).statusCode;
    const ownerReads = (await owner({ method: 'GET', url: `${SUBJECTS}/${id}` })).statusCode;
    expect(ownerStatus).toBe(ownerReads === 200 ? 200 : ownerReads);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Call, callers, json, q } from '../configuration/support.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

const E = '/api/waste/waste';

describe('the EER catalogue (waste)', () => {
  let t: TestApp;
  let admin: Call;

  beforeAll(async () => {
    t = await createTestApp();
    ({ admin } = await callers(t.app, 'admin'));
  });
  afterAll(() => t.close());

  const search = async (query: string) => {
    const res = await admin({ method: 'GET', url: `${E}?q=${q({ query })}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { total: number; items: { id: number; version: number; code: string; displayCode: string; hazardous: boolean; description: { it?: string; en: string } }[] };
  };

  it('holds the 842 entries of the list, Italian where written, English from the file', async () => {
    expect((await admin({ method: 'GET', url: `${E}?size=1` })).json().data.total).toBe(842);
    const [entry] = (await search('200301')).items;
    expect(entry).toMatchObject({ code: '200301', displayCode: '20 03 01', chapter: '20', hazardous: false, entryType: 'ABSOLUTE_NON_HAZARDOUS' });
    expect(entry!.description).toEqual({ it: 'rifiuti urbani non differenziati', en: 'Mixed municipal waste' });
  });

  it('finds an entry by its code in both spellings and by an Italian word', async () => {
    for (const query of ['20 03 01', '200301', 'urbani', 'URBANI non differenziati']) {
      const found = await search(query);
      expect(found.items.map((i) => i.code), query).toEqual(['200301']);
    }
    // an English word finds it too, among others
    expect((await search('municipal')).items.map((i) => i.code)).toContain('200301');
  });

  it('finds an entry however its code is typed: separators, asterisk, the start of it', async () => {
    const codes = async (query: string) => (await search(query)).items.map((i) => i.code);
    for (const query of ['200301', '20 03 01', '20.03.01', '20-03-01', '20/03/01', '200301*', '20.03.01*', '20 03 01*', ' 20.03.01 ', '2003 01']) {
      expect(await codes(query), query).toEqual(['200301']);
    }
    // the start of a code finds its section, in code order
    const section = ['200301', '200302', '200303', '200304', '200306', '200307', '200399'];
    for (const query of ['20.03', '20 03', '2003', '20-03', '20/03*']) expect(await codes(query), query).toEqual(section);
    // a hazardous entry, with or without its asterisk, and with words of its description
    for (const query of ['13.02.05', '13 02 05*', '130205*', '13-02-05* engine']) expect(await codes(query), query).toEqual(['130205']);
    // one group with the asterisk is the start of a word, as without it
    expect((await search('20*')).total).toBe((await search('20')).total);
  });

  it('marks hazardous entries with the asterisk and wants their hazard properties', async () => {
    const [oil] = (await search('13 02 05')).items;
    expect(oil).toMatchObject({ displayCode: '13 02 05*', hazardous: true });
    const withoutHp = await admin({ method: 'PUT', url: `${E}/${oil!.id}`, ...json({ version: oil!.version, physicalState: '4' }) });
    expect(withoutHp.statusCode).toBe(400);
    expect(withoutHp.json().errors).toEqual([{ field: 'hpProperties', message: 'REQUIRED' }]);
    const withHp = await admin({
      method: 'PUT',
      url: `${E}/${oil!.id}`,
      ...json({ version: oil!.version, physicalState: '4', hpProperties: ['HP5', 'HP14'], operations: ['R9', 'R13'], destinationUse: 'MATERIAL_RECOVERY' }),
    });
    expect(withHp.statusCode, withHp.body).toBe(200);
    expect(withHp.json().data).toMatchObject({ hpProperties: ['HP5', 'HP14'], operations: ['R9', 'R13'], displayCode: '13 02 05*' });
  });

  it('refuses a code that is not six digits and a UN number without its ADR class', async () => {
    const badCode = await admin({ method: 'POST', url: E, ...json({ code: '20 03 01', description: { it: 'prova' }, entryType: 'ABSOLUTE_NON_HAZARDOUS' }) });
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json().errors).toEqual([{ field: 'code', message: 'EER_CODE_FORMAT' }]);
    // six digits, but no chapter 99 in the list
    const noChapter = await admin({ method: 'POST', url: E, ...json({ code: '990001', description: { it: 'prova' }, entryType: 'ABSOLUTE_NON_HAZARDOUS' }) });
    expect(noChapter.json().errors).toEqual([{ field: 'code', message: 'EER_CODE_FORMAT' }]);
    const unknownState = await admin({ method: 'POST', url: E, ...json({ code: '209002', description: { it: 'prova' }, entryType: 'ABSOLUTE_NON_HAZARDOUS', physicalState: 'GASSOSO' }) });
    expect(unknownState.json().errors).toEqual([{ field: 'physicalState', message: 'UNKNOWN_VALUE' }]);
    const noClass = await admin({ method: 'POST', url: E, ...json({ code: '209001', description: { it: 'prova' }, entryType: 'ABSOLUTE_NON_HAZARDOUS', unNumber: '1202' }) });
    expect(noClass.json().errors).toEqual([{ field: 'adrClass', message: 'REQUIRED' }]);
  });
});

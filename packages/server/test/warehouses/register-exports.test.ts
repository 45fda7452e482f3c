import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { lookupTable } from '@circula/model';
import { parse } from 'csv-parse/sync';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { italianDateTime } from '../../src/domain/activities/receipt.js';
import { registerCsv, registerDateTime } from '../../src/domain/warehouses/register/csv.js';
import type { RegisterDocument, RegisterRow, RegisterSite } from '../../src/domain/warehouses/register/document.js';
import { REGISTER_ROWS_PER_PAGE, registerPdf } from '../../src/domain/warehouses/register/pdf.js';
import { CAUSALE_OPERAZIONE, REGISTER_XML_NAMESPACE, registerXml } from '../../src/domain/warehouses/register/xml.js';
import { useXsd } from '../support/xsd.js';
import { XmlDocument } from 'libxml2-wasm';

const XSD_PATH = fileURLToPath(new URL('../../src/domain/warehouses/register/register.xsd', import.meta.url));
const PDFJS_DIR = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
const NS = { r: REGISTER_XML_NAMESPACE };

// ---- the register -----------------------------------------------------------------------------

const SITE: RegisterSite = {
  id: 7,
  code: 'MAG-0007',
  name: 'Piattaforma di Sesto – Società Città',
  type: 'PLANT',
  typeLabel: 'Impianto di trattamento',
  address: 'Via Torino 12, 20099 Sesto San Giovanni (MI)',
  authorisationNumber: 'AUA 2021/4471',
  authorisationExpiry: '2027-12-31',
  holder: { name: 'Società Città S.r.l.', fiscalCode: '01234567890', vatNumber: '01234567890' },
};

/** A row with the values most rows share; `over` changes what the test is about. */
const row = (over: Partial<RegisterRow> & Pick<RegisterRow, 'number'>): RegisterRow => ({
  date: '2026-01-15T09:30:00Z',
  operationDate: '2026-01-14T15:00:00Z',
  movement: 'C',
  eer: '17 04 05',
  quantity: 1250.5,
  unit: 'kg',
  origin: null,
  destination: null,
  fir: null,
  operation: 'R13',
  ledgerId: 1000 + over.number,
  causal: 'LOAD_PICKUP',
  causalLabel: 'Carico da ritiro presso il produttore',
  description: 'Ferro e acciaio',
  hazardous: false,
  physicalState: '2',
  hpProperties: [],
  corrects: null,
  notes: null,
  ...over,
});

/** Five entries: a load with FIR, a hazardous load, a material sold, a correction, a delivery to a plant. */
const ROWS: RegisterRow[] = [
  row({ number: 1, origin: 'Officine Brambilla S.p.A., Via Roma 1, 20099 Sesto San Giovanni (MI)', fir: 'FIR/2026/000123' }),
  row({
    number: 2,
    date: '2026-02-03T16:05:00Z',
    operationDate: '2026-02-03T15:40:00Z',
    eer: '16 06 01*',
    quantity: 320,
    causal: 'LOAD_CONFERRAL',
    causalLabel: 'Carico da conferimento al centro di raccolta',
    description: 'Batterie al piombo',
    hazardous: true,
    hpProperties: ['HP8', 'HP14'],
    origin: 'Conferimento di Mario Rossi, Milano',
  }),
  row({
    number: 3,
    date: '2026-03-10T08:00:00Z',
    operationDate: '2026-03-10T07:30:00Z',
    movement: 'S',
    eer: null,
    quantity: 800,
    causal: 'UNLOAD_SALE',
    causalLabel: 'Scarico per vendita di materiale recuperato',
    description: 'Rottame ferroso selezionato',
    physicalState: null,
    destination: 'Acciaierie Lombarde S.p.A., Brescia',
    operation: null,
  }),
  row({
    number: 4,
    date: '2026-03-12T10:00:00Z',
    operationDate: '2026-01-14T15:00:00Z',
    movement: 'S',
    quantity: 0.5,
    causal: 'UNLOAD_INVENTORY',
    causalLabel: 'Rettifica inventariale in diminuzione',
    operation: null,
    corrects: 1,
    notes: 'Peso del carico n. 1 corretto a 1.250,000 kg',
  }),
  row({
    number: 5,
    date: '2026-04-02T12:15:00Z',
    operationDate: '2026-04-02T11:50:00Z',
    movement: 'S',
    quantity: 1000,
    causal: 'UNLOAD_TO_PLANT',
    causalLabel: 'Scarico per conferimento a impianto',
    destination: 'Fonderia Brianza S.r.l., Lissone (MB)',
    fir: 'FIR/2026/000210',
    operation: 'R4',
    notes: '=SOMMA(A1:A2)',
  }),
];

const register = (over: Partial<RegisterDocument> = {}): RegisterDocument => ({
  site: SITE,
  year: 2026,
  lang: 'it',
  rows: ROWS,
  printedAt: '2026-04-30T16:00:00Z',
  ...over,
});

/** `count` entries cycling through a few codes and parties, as a busy site's year looks. */
function manyRows(count: number): RegisterRow[] {
  const codes = [
    { eer: '17 04 05', description: 'Ferro e acciaio', hazardous: false },
    { eer: '15 01 01', description: 'Imballaggi di carta e cartone', hazardous: false },
    { eer: '16 06 01*', description: 'Batterie al piombo', hazardous: true },
    { eer: '20 01 36', description: 'Apparecchiature elettriche ed elettroniche fuori uso', hazardous: false },
  ];
  return Array.from({ length: count }, (_, i) => {
    const code = codes[i % codes.length]!;
    const load = i % 3 !== 2;
    return row({
      number: i + 1,
      ...code,
      hpProperties: code.hazardous ? ['HP8'] : [],
      movement: load ? 'C' : 'S',
      causal: load ? 'LOAD_PICKUP' : 'UNLOAD_TO_PLANT',
      causalLabel: load ? 'Carico da ritiro presso il produttore' : 'Scarico per conferimento a impianto',
      quantity: 100 + (i % 7) * 12.25,
      origin: load ? `Produttore ${i % 250}, Via dell'Industria ${i % 90}, Monza (MB)` : null,
      destination: load ? null : 'Fonderia Brianza S.r.l., Lissone (MB)',
      fir: `FIR/2026/${String(i + 1).padStart(6, '0')}`,
      notes: i % 10 === 0 ? `Nota della registrazione ${i + 1}` : null,
    });
  });
}

// ---- CSV --------------------------------------------------------------------------------------

const IT_HEADER =
  'Numero;Data registrazione;Data operazione;Movimento;Causale;Codice EER;Descrizione;Pericoloso;Stato fisico;Caratteristiche di pericolo;Quantità;Unità;Provenienza;Destinazione;FIR;Operazione R/D;Rettifica del n.;Note';

describe('register as CSV', () => {
  const csv = registerCsv(register());
  const records = (text: string): string[][] => parse(text, { delimiter: ';', bom: true });

  it('starts with a UTF-8 BOM and the Italian header', () => {
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.slice(1).split('\n')[0]).toBe(IT_HEADER);
    expect(records(csv)).toHaveLength(ROWS.length + 1);
  });

  it('writes dates on the Italian clock, quantities with a decimal comma and three decimals', () => {
    expect(records(csv)[1]).toEqual([
      '1',
      '15/01/2026 10:30',
      '14/01/2026',
      'Carico',
      'Carico da ritiro presso il produttore',
      '17 04 05',
      'Ferro e acciaio',
      'no',
      'S',
      '',
      '1250,500',
      'kg',
      'Officine Brambilla S.p.A., Via Roma 1, 20099 Sesto San Giovanni (MI)',
      '',
      'FIR/2026/000123',
      'R13',
      '',
      '',
    ]);
  });

  it('marks hazardous codes, materials, corrections, and makes formulas inert', () => {
    const [, , hazardous, material, correction, plant] = records(csv);
    expect(hazardous!.slice(5, 11)).toEqual(['16 06 01*', 'Batterie al piombo', 'sì', 'S', 'HP8, HP14', '320,000']);
    // a material has neither an EER code nor a hazard
    expect(material!.slice(3, 8)).toEqual(['Scarico', 'Scarico per vendita di materiale recuperato', '', 'Rottame ferroso selezionato', '']);
    expect(material![13]).toBe('Acciaierie Lombarde S.p.A., Brescia');
    expect(correction![10]).toBe('0,500');
    expect(correction![16]).toBe('1');
    expect(plant![17]).toBe("'=SOMMA(A1:A2)");
  });

  it('speaks English when asked', () => {
    const english = registerCsv(register({ lang: 'en' }));
    const [header, first] = records(english);
    expect(header).toEqual([
      'Number', 'Registration date', 'Operation date', 'Movement', 'Reason', 'EER code', 'Description', 'Hazardous', 'Physical state',
      'Hazardous properties', 'Quantity', 'Unit', 'Origin', 'Destination', 'FIR', 'R/D operation', 'Corrects no.', 'Notes',
    ]);
    expect(first!.slice(0, 4)).toEqual(['1', '15/01/2026 10:30', '14/01/2026', 'Load']);
    expect(first![10]).toBe('1250.500');
  });

  it('formats instants as italianDateTime does, across the changes of summer time', () => {
    for (const iso of ['2026-03-29T00:59:00Z', '2026-03-29T01:00:00Z', '2026-10-25T00:59:00Z', '2026-10-25T01:00:00Z', '2026-12-31T23:30:00Z']) {
      expect(registerDateTime(iso), iso).toBe(italianDateTime(iso));
    }
    expect(registerDateTime('2026-12-31T23:30:00Z')).toBe('01/01/2027 00:30');
  });

  it('writes only the header for an empty register', () => {
    expect(registerCsv(register({ rows: [] }))).toBe(`\uFEFF${IT_HEADER}\n`);
  });
});

// ---- XML --------------------------------------------------------------------------------------

const schemaErrors = useXsd(XSD_PATH);

/** The texts of the nodes at `xpath` (prefix r: our namespace). */
function xmlValues(xml: string, xpath: string): string[] {
  const doc = XmlDocument.fromString(xml);
  try {
    return doc.find(xpath, NS).map((node) => node.content);
  } finally {
    doc.dispose();
  }
}

describe('register as RENTRI-shaped XML', () => {
  const xml = registerXml(register());

  it('validates against register.xsd, in our namespace', () => {
    expect(schemaErrors(xml)).toEqual([]);
    expect(xml).toContain(`<registro xmlns="${REGISTER_XML_NAMESPACE}">`);
    expect(schemaErrors(registerXml(register({ rows: [] })))).toEqual([]);
    expect(schemaErrors(registerXml(register({ site: { ...SITE, address: null, authorisationNumber: null, authorisationExpiry: null, holder: null } })))).toEqual([]);
    expect(schemaErrors(registerXml(register({ rows: manyRows(200) })))).toEqual([]);
  });

  it('writes the site, its holder and the year', () => {
    expect(xmlValues(xml, '/r:registro/r:anno')).toEqual(['2026']);
    expect(xmlValues(xml, '/r:registro/r:unita_locale/r:denominazione')).toEqual(['Piattaforma di Sesto – Società Città']);
    expect(xmlValues(xml, '/r:registro/r:unita_locale/r:num_autorizzazione')).toEqual(['AUA 2021/4471']);
    expect(xmlValues(xml, '/r:registro/r:unita_locale/r:scadenza_autorizzazione')).toEqual(['2027-12-31']);
    expect(xmlValues(xml, '/r:registro/r:operatore/r:denominazione_operatore')).toEqual(['Società Città S.r.l.']);
  });

  it('numbers the entries by year and progressive and writes the waste as RENTRI does', () => {
    expect(xmlValues(xml, '//r:movimento/r:riferimenti/r:numero_registrazione/r:progressivo')).toEqual(['1', '2', '3', '4', '5']);
    expect(xmlValues(xml, '//r:movimento[1]/r:riferimenti/r:data_ora_registrazione')).toEqual(['2026-01-15T09:30:00Z']);
    expect(xmlValues(xml, '//r:movimento/r:rifiuto/r:codice_eer')).toEqual(['170405', '160601', '170405', '170405']);
    expect(xmlValues(xml, '//r:movimento[2]/r:rifiuto/r:caratteristiche_pericolo')).toEqual(['HP08', 'HP14']);
    expect(xmlValues(xml, '//r:movimento[2]/r:rifiuto/r:pericoloso')).toEqual(['true']);
    expect(xmlValues(xml, '//r:movimento[1]/r:rifiuto/r:stato_fisico')).toEqual(['S']);
    expect(xmlValues(xml, '//r:movimento[1]/r:rifiuto/r:quantita/r:valore')).toEqual(['1250.5']);
    expect(xmlValues(xml, '//r:movimento[5]/r:rifiuto/r:destinato_attivita')).toEqual(['R4']);
    expect(xmlValues(xml, '//r:movimento[1]/r:integrazione_fir/r:numero_fir')).toEqual(['FIR/2026/000123']);
  });

  it('writes a material under materiali and a correction with the number it corrects', () => {
    expect(xmlValues(xml, '//r:movimento[3]/r:rifiuto')).toEqual([]);
    expect(xmlValues(xml, '//r:movimento[3]/r:materiali/r:descrizione_materiale')).toEqual(['Rottame ferroso selezionato']);
    expect(xmlValues(xml, '//r:movimento[3]/r:materiali/r:quantita/r:unita_misura')).toEqual(['kg']);
    expect(xmlValues(xml, '//r:movimento[4]/r:riferimenti/r:numero_registrazione_rettifica/r:progressivo')).toEqual(['1']);
    expect(xmlValues(xml, '//r:movimento[4]/r:riferimenti/r:numero_registrazione_rettifica/r:anno')).toEqual(['2026']);
  });

  it('writes causale_operazione only for the causals with a certain RENTRI match', () => {
    expect(xmlValues(xml, '//r:movimento/r:riferimenti/r:causale_operazione_cs')).toEqual(['Carico', 'Carico', 'Scarico', 'Scarico', 'Scarico']);
    // pickup and drop-off: T*; sale of material and inventory adjustment: none; delivery to a plant: aT
    const causals = [1, 2, 3, 4, 5].map((n) => xmlValues(xml, `//r:movimento[${n}]/r:riferimenti/r:causale_operazione`));
    expect(causals).toEqual([['T*'], ['T*'], [], [], ['aT']]);
  });

  it('maps only real MOVEMENT_CAUSAL codes, loads to load causals and unloads to unload causals', () => {
    const causals = new Map(lookupTable('MOVEMENT_CAUSAL')!.values.map((v) => [v.code, v.alpha1]));
    for (const [causal, rentri] of Object.entries(CAUSALE_OPERAZIONE)) {
      expect(causals.has(causal), causal).toBe(true);
      expect(causals.get(causal) === 'C' ? ['DT', 'NP', 'T*', 'RE'] : ['I', 'aT', 'M'], causal).toContain(rentri);
    }
  });

  it('fails validation for a five-digit EER code and for a number used twice', () => {
    const short = registerXml(register({ rows: [row({ number: 1, eer: '17 04 5' })] }));
    const errors = schemaErrors(short);
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.join('\n')).toContain('codice_eer');
    const twice = registerXml(register({ rows: [row({ number: 1 }), row({ number: 1 })] }));
    expect(schemaErrors(twice).length).toBeGreaterThan(0);
  });
});

// ---- PDF --------------------------------------------------------------------------------------

/** The page count and the text of the pages asked for (1-based; negative counts from the end). */
async function readPdf(pdf: Buffer, wanted: number[] = []): Promise<{ pages: number; text: Map<number, string>; mediaBox: number[] }> {
  const loaded = await getDocument({ data: new Uint8Array(pdf), standardFontDataUrl: `${PDFJS_DIR}/standard_fonts/`, verbosity: 0 }).promise;
  try {
    const text = new Map<number, string>();
    let mediaBox: number[] = [];
    for (const w of wanted) {
      const n = w < 0 ? loaded.numPages + 1 + w : w;
      const page = await loaded.getPage(n);
      mediaBox = page.view;
      const content = await page.getTextContent();
      text.set(w, content.items.map((item) => ('str' in item ? item.str : '')).join('\n'));
    }
    return { pages: loaded.numPages, text, mediaBox };
  } finally {
    await loaded.destroy();
  }
}

describe('register as PDF', () => {
  it('prints a landscape A4 page with the site header, the rows and "Pagina 1 di 1"', async () => {
    const pdf = await registerPdf(register(), { compress: false });
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const { pages, text, mediaBox } = await readPdf(pdf, [1]);
    expect(pages).toBe(1);
    expect(mediaBox).toEqual([0, 0, 841.89, 595.28]);
    const page = text.get(1)!;
    for (const expected of [
      'REGISTRO CRONOLOGICO DI CARICO E SCARICO DEI RIFIUTI',
      'Piattaforma di Sesto – Società Città · codice MAG-0007 · Impianto di trattamento',
      'Via Torino 12, 20099 Sesto San Giovanni (MI) · Autorizzazione n. AUA 2021/4471, scadenza 31/12/2027',
      'Titolare: Società Città S.r.l. · C.F. e P.IVA 01234567890',
      'ANNO',
      '2026',
      // the first entry
      '15/01/2026 10:30',
      '14/01/2026',
      '17 04 05',
      'Ferro e acciaio',
      '1.250,500',
      'FIR/2026/000123',
      'R13',
      // the hazardous one, the material, the correction
      '16 06 01*',
      'HP8, HP14',
      'Materiale',
      'Rottame ferroso selezionato',
      'n. 1',
      'Pagina 1 di 1',
    ]) {
      expect(page, expected).toContain(expected);
    }
  });

  it('says so when the year has no entries, in Italian and in English', async () => {
    const empty = await readPdf(await registerPdf(register({ rows: [] })), [1]);
    expect(empty.pages).toBe(1);
    expect(empty.text.get(1)).toContain("Nessuna registrazione nell'anno 2026");
    expect(empty.text.get(1)).toContain('Pagina 1 di 1');
    const english = await readPdf(await registerPdf(register({ rows: [], lang: 'en' })), [1]);
    expect(english.text.get(1)).toContain('No entries in the year 2026');
    expect(english.text.get(1)).toContain('Page 1 of 1');
  });

  it('cuts long texts to their cells instead of growing the row', async () => {
    const long = 'Società Cooperativa di Raccolta e Trasporto Rifiuti Speciali della Brianza Orientale '.repeat(6);
    const { pages, text } = await readPdf(await registerPdf(register({ rows: [row({ number: 1, origin: long, notes: long, description: long })] })), [1]);
    expect(pages).toBe(1);
    expect(text.get(1)).toContain('…');
    expect(text.get(1)).not.toContain(long.trim());
  });

  it('repeats the header on every page of 2 000 entries and totals them per EER code on the last', async () => {
    const rows = manyRows(2000);
    const pdf = await registerPdf(register({ rows }));
    const { pages, text, mediaBox } = await readPdf(pdf, [1, 2, -1]);
    expect(pages).toBeGreaterThanOrEqual(Math.ceil(2000 / REGISTER_ROWS_PER_PAGE));
    expect(mediaBox).toEqual([0, 0, 841.89, 595.28]);
    expect(text.get(1)).toContain(`Pagina 1 di ${pages}`);
    expect(text.get(2)).toContain(`Pagina 2 di ${pages}`);
    expect(text.get(2)).toContain('Piattaforma di Sesto – Società Città · codice MAG-0007 · Impianto di trattamento');
    const last = text.get(-1)!;
    expect(last).toContain(`Pagina ${pages} di ${pages}`);
    expect(last).toContain('TOTALI PER CODICE EER');
    // 16 06 01*: rows 3, 7, 11… (i % 4 === 2); loads unless i % 3 === 2
    const hazardous = rows.filter((r) => r.eer === '16 06 01*');
    const loads = hazardous.filter((r) => r.movement === 'C').reduce((sum, r) => sum + r.quantity, 0);
    const unloads = hazardous.filter((r) => r.movement === 'S').reduce((sum, r) => sum + r.quantity, 0);
    const italian = (n: number) => n.toFixed(3).replace('.', ',').replace(/\B(?=(\d{3})+(?!\d))/g, '.');
    expect(last).toContain('16 06 01*');
    expect(last).toContain(italian(loads));
    expect(last).toContain(italian(unloads));
    expect(last).toContain('Totale');
    expect(last).toContain('2000');
  });

  // no timing asserted: the generous limit only keeps a loaded two-core machine from failing it
  it('continues the totals on further pages when a year has many codes', async () => {
    // 150 entries of 150 different codes: the totals take more than the space left below the rows
    const rows = Array.from({ length: 150 }, (_, i) =>
      row({ number: i + 1, eer: `20 ${String(Math.floor(i / 100) + 1).padStart(2, '0')} ${String(i % 100).padStart(2, '0')}`, description: `Rifiuto ${i + 1}` }),
    );
    const { pages, text } = await readPdf(await registerPdf(register({ rows })), [-2, -1]);
    expect(pages).toBeGreaterThan(Math.ceil(150 / REGISTER_ROWS_PER_PAGE));
    expect(text.get(-2)).toContain('TOTALI PER CODICE EER');
    expect(text.get(-1)).toContain('TOTALI PER CODICE EER (segue)');
    expect(text.get(-1)).toContain('20 02 49');
    expect(text.get(-1)).toContain('Totale');
    expect(text.get(-1)).toContain(`Pagina ${pages} di ${pages}`);
  });

  it('prints a year of 50 000 entries', { timeout: 300_000 }, async () => {
    const pdf = await registerPdf(register({ rows: manyRows(50_000) }));
    const { pages } = await readPdf(pdf);
    const rowPages = Math.ceil(50_000 / REGISTER_ROWS_PER_PAGE);
    expect(pages).toBeGreaterThanOrEqual(rowPages);
    expect(pages).toBeLessThanOrEqual(rowPages + 1);
  });
});

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { FirDocument, FirSignature } from '../../src/domain/transports/fir/document.js';
import { FIR_FRAME, firPdf, italianNumber } from '../../src/domain/transports/fir/pdf.js';
import { FIR_XML_NAMESPACE, firXml } from '../../src/domain/transports/fir/xml.js';
import { renderPage } from '../support/pdf-render.js';
import { pdfText } from '../support/pdf-text.js';
import { useXsd } from '../support/xsd.js';
import { XmlDocument } from 'libxml2-wasm';

const XSD_PATH = fileURLToPath(new URL('../../src/domain/transports/fir/fir.xsd', import.meta.url));
const NS = { f: FIR_XML_NAMESPACE };

// ---- the FIRs ---------------------------------------------------------------------------------

const hash = (seed: string) => seed.repeat(64).slice(0, 64);
const sign = (role: FirSignature['role'], signedBy: string, signedAt: string, seed: string): FirSignature => ({ role, signedBy, signedAt, hash: hash(seed) });

/** A plain FIR: issued, not signed, urban waste to recovery. */
function plainFir(): FirDocument {
  return {
    number: 'FIR/2026/000123',
    status: 'ISSUED',
    // winter time in Italy: 07:30 UTC is 08:30
    issuedAt: '2026-01-15T07:30:00Z',
    producer: { name: 'Officine Brambilla S.p.A.', vatNumber: '01234567890', fiscalCode: '01234567890', address: 'Via Roma 12, 20900 Monza (MB)' },
    pickupSite: { name: 'Stabilimento di Monza', address: 'Viale Lombardia 40, 20900 Monza (MB)', authorisation: null },
    destination: { name: 'Circula Ambiente S.r.l.', vatNumber: '09876543210', fiscalCode: null, address: 'Via dell’Industria 5, 20099 Sesto San Giovanni (MI)' },
    destinationSite: { name: 'Impianto di Sesto San Giovanni', address: 'Via Falck 21, 20099 Sesto San Giovanni (MI)', authorisation: 'Aut. R.L. n. 1234 del 12/05/2021' },
    transporter: { name: 'Trasporti Verdi S.r.l.', vatNumber: '11223344556', fiscalCode: null, address: 'Via Milano 7, 20052 Monza (MB)', alboNumber: 'MI/031877', alboCategory: '4' },
    intermediary: null,
    waste: { eer: '20 03 01', description: 'Rifiuti urbani non differenziati', physicalState: 'Solido non pulverulento', physicalStateCode: '2', hpProperties: [], hazardous: false, origin: 'U' },
    operation: { code: 'R13', description: 'Messa in riserva di rifiuti per sottoporli a una delle operazioni da R1 a R12' },
    quantity: 1234.5,
    unit: 'kg',
    departureVerifiedKg: null,
    loadUnits: '1 × Cassone scarrabile',
    adr: null,
    transport: { vehiclePlate: 'FA123BC', trailerPlate: null, driver: 'Mario Rossi', startAt: '2026-01-15T08:00:00Z', routeNotes: null },
    acceptance: null,
    signatures: [],
    notes: null,
  };
}

/** Hazardous, under ADR, with HP properties, weighed at departure and signed by producer and transporter. */
function hazardousFir(): FirDocument {
  const fir = plainFir();
  return {
    ...fir,
    number: 'FIR/2026/000124',
    status: 'SIGNED_TRANSPORTER',
    waste: { eer: '16 06 01*', description: 'Batterie al piombo', physicalState: 'Solido', physicalStateCode: 'S', hpProperties: ['HP8', 'HP14'], hazardous: true, origin: 'S' },
    operation: { code: 'R4', description: 'Riciclo/recupero dei metalli e dei composti metallici' },
    quantity: 2000,
    departureVerifiedKg: 1987.25,
    loadUnits: '4 × Contenitore a tenuta',
    adr: { unNumber: '2794', adrClass: '8', packingGroup: 'III' },
    transport: { ...fir.transport, trailerPlate: 'XA456YZ', routeNotes: 'A4 fino a Brescia, poi SP19 (più breve chiusa per lavori)' },
    signatures: [
      sign('PRODUCER', 'Giulia Brambilla', '2026-01-15T07:45:00Z', 'a1'),
      sign('TRANSPORTER', 'Mario Rossi', '2026-01-15T07:58:00Z', 'b2'),
    ],
  };
}

/** Partially accepted at the destination, with all three signatures. */
function partialFir(): FirDocument {
  const fir = hazardousFir();
  return {
    ...fir,
    number: 'FIR/2026/000125',
    status: 'PARTIALLY_ACCEPTED',
    acceptance: { outcome: 'PARTIALLY_ACCEPTED', acceptedKg: 1487.25, refusedKg: 500, refusalReason: 'Contenitori danneggiati: 1 collo respinto', at: '2026-01-15T10:12:00Z' },
    signatures: [...fir.signatures, sign('DESTINATION', 'Luca Bianchi', '2026-01-15T10:20:00Z', 'c3')],
    notes: 'Consegna al varco 2.',
  };
}

function cancelledFir(): FirDocument {
  return { ...plainFir(), number: 'FIR/2026/000126', status: 'CANCELLED', notes: 'Annullato: trasporto non effettuato.' };
}

/** With an intermediary, and the characters XML must escape and the Italian accents in the names. */
function intermediaryFir(): FirDocument {
  const fir = plainFir();
  return {
    ...fir,
    number: 'FIR/2026/000127',
    producer: { ...fir.producer, name: 'Rossi & Figli <Metalli> "Srl"' },
    destination: { ...fir.destination, name: "L'Ecologica di Niccolò & C. S.a.s." },
    intermediary: { name: 'Intermediazioni Città Più S.r.l.', vatNumber: '55667788990', fiscalCode: null, address: 'Corso Perù 3, 10121 Torino (TO)', alboNumber: 'TO/004512' },
    waste: { ...fir.waste, description: 'Imballaggi in materiali misti (è già selezionato: > 90% carta & cartone)' },
    notes: 'Perché "urgente": l\'impianto chiude alle 12 <sabato>.',
  };
}

/** Texts far longer than their boxes. */
function longFir(): FirDocument {
  const long = (text: string) => Array.from({ length: 30 }, (_, i) => `${text} ${i + 1}`).join(' ');
  const fir = partialFir();
  return {
    ...fir,
    number: 'FIR/2026/0001234567890',
    producer: { ...fir.producer, name: long('Società Cooperativa di Produzione e Lavoro') },
    pickupSite: { ...fir.pickupSite, address: long('Via della Circonvallazione Esterna'), authorisation: long('Autorizzazione') },
    waste: { ...fir.waste, description: long('Rifiuti misti') },
    transport: { ...fir.transport, routeNotes: long('Deviazione'), driver: long('Nome') },
    acceptance: { ...fir.acceptance!, refusalReason: long('Motivo') },
    notes: long('Annotazione'),
  };
}

// ---- XML validation ---------------------------------------------------------------------------

const schemaErrors = useXsd(XSD_PATH);

/** The text of the first node at `xpath` (prefix f: our namespace). */
function xmlValue(xml: string, xpath: string): string | null {
  const doc = XmlDocument.fromString(xml);
  try {
    return doc.get(xpath, NS)?.content ?? null;
  } finally {
    doc.dispose();
  }
}

describe('FIR as RENTRI-shaped XML', () => {
  const all = { plain: plainFir(), hazardous: hazardousFir(), partial: partialFir(), cancelled: cancelledFir(), intermediary: intermediaryFir(), long: longFir() };

  it.each(Object.entries(all))('the %s FIR validates against fir.xsd', (_name, fir) => {
    const xml = firXml(fir);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(schemaErrors(xml)).toEqual([]);
  });

  it('writes the RENTRI names and forms of the values', () => {
    const xml = firXml(all.partial);
    expect(xmlValue(xml, '/f:formulario/f:stato')).toBe('PARTIALLY_ACCEPTED');
    expect(xmlValue(xml, '/f:formulario/f:dati_partenza/f:numero_fir')).toBe('FIR/2026/000125');
    expect(xmlValue(xml, '/f:formulario/f:dati_partenza/f:data_emissione')).toBe('2026-01-15T07:30:00Z');
    expect(xmlValue(xml, '//f:rifiuto/f:codice_eer')).toBe('160601');
    expect(xmlValue(xml, '//f:rifiuto/f:pericoloso')).toBe('true');
    expect(xmlValue(xml, '//f:rifiuto/f:caratteristiche_pericolo[1]')).toBe('HP08');
    expect(xmlValue(xml, '//f:rifiuto/f:caratteristiche_pericolo[2]')).toBe('HP14');
    expect(xmlValue(xml, '//f:rifiuto/f:stato_fisico')).toBe('S');
    expect(xmlValue(xml, '//f:rifiuto/f:quantita/f:valore')).toBe('2000');
    expect(xmlValue(xml, '//f:rifiuto/f:quantita/f:unita_misura')).toBe('kg');
    expect(xmlValue(xml, '//f:rifiuto/f:peso_verificato_partenza/f:valore')).toBe('1987.25');
    expect(xmlValue(xml, '//f:rifiuto/f:dati_adr/f:numero_onu')).toBe('2794');
    expect(xmlValue(xml, '//f:destinatario/f:attivita')).toBe('R4');
    expect(xmlValue(xml, '//f:trasportatori/f:numero_iscrizione_albo')).toBe('MI/031877');
    expect(xmlValue(xml, '//f:dati_partenza/f:dati_firma_produttore/f:denominazione_firmatario')).toBe('Giulia Brambilla');
    expect(xmlValue(xml, '//f:dati_trasporto/f:dati_firma_trasportatore/f:impronta')).toBe(hash('b2'));
    expect(xmlValue(xml, '//f:dati_trasporto/f:conducente/f:nominativo')).toBe('Mario Rossi');
    expect(xmlValue(xml, '//f:dati_accettazione/f:tipo_accettazione')).toBe('P');
    expect(xmlValue(xml, '//f:dati_accettazione/f:quantita_accettata/f:valore')).toBe('1487.25');
    expect(xmlValue(xml, '//f:dati_accettazione/f:quantita_respinta/f:valore')).toBe('500');
    expect(xmlValue(xml, '//f:dati_accettazione/f:dati_firma/f:data_firma')).toBe('2026-01-15T10:20:00Z');
    // a FIR not yet at the destination has no acceptance, no signatures
    const plain = firXml(all.plain);
    expect(xmlValue(plain, '//f:dati_accettazione')).toBeNull();
    expect(xmlValue(plain, '//f:dati_firma_produttore')).toBeNull();
    expect(xmlValue(plain, '//f:intermediari')).toBeNull();
    expect(xmlValue(plain, '//f:rifiuto/f:provenienza')).toBe('U');
    expect(xmlValue(plain, '//f:rifiuto/f:trasporto_adr')).toBe('false');
  });

  it('escapes markup characters and keeps the accented letters', () => {
    const fir = all.intermediary;
    const xml = firXml(fir);
    expect(xml).toContain('Rossi &amp; Figli &lt;Metalli&gt;');
    expect(xml).not.toContain('<Metalli>');
    expect(xmlValue(xml, '//f:produttore/f:denominazione')).toBe(fir.producer.name);
    expect(xmlValue(xml, '//f:destinatario/f:denominazione')).toBe(fir.destination.name);
    expect(xmlValue(xml, '//f:rifiuto/f:descrizione')).toBe(fir.waste.description);
    expect(xmlValue(xml, '//f:dati_partenza/f:annotazioni')).toBe(fir.notes);
    expect(xmlValue(xml, '//f:intermediari/f:denominazione')).toBe('Intermediazioni Città Più S.r.l.');
    expect(xmlValue(xml, '//f:intermediari/f:numero_iscrizione_albo')).toBe('TO/004512');
    // a control character XML 1.0 cannot carry is dropped, the document stays well-formed and valid
    const control = firXml({ ...fir, notes: 'riga\u0001 pulita\u000b' });
    expect(schemaErrors(control)).toEqual([]);
    expect(xmlValue(control, '//f:dati_partenza/f:annotazioni')).toBe('riga pulita');
  });

  it('the schema rejects a FIR without a required element, a bad EER code, operation or status', () => {
    const xml = firXml(all.plain);
    expect(schemaErrors(xml)).toEqual([]);
    const withoutEer = xml.replace(/\s*<codice_eer>[^<]*<\/codice_eer>/, '');
    expect(withoutEer).not.toContain('codice_eer');
    expect(schemaErrors(withoutEer).join('\n')).toMatch(/pericoloso.*Expected is.*codice_eer/s);
    expect(schemaErrors(xml.replace('<codice_eer>200301</codice_eer>', '<codice_eer>20 03 01</codice_eer>')).join('\n')).toMatch(/codice_eer/);
    expect(schemaErrors(xml.replace('<attivita>R13</attivita>', '<attivita>R14</attivita>')).join('\n')).toMatch(/attivita/);
    expect(schemaErrors(xml.replace('<stato>ISSUED</stato>', '<stato>DRAFT</stato>')).join('\n')).toMatch(/stato/);
    expect(schemaErrors(xml.replace(/<numero_fir>[^<]*<\/numero_fir>/, '')).join('\n')).toMatch(/numero_fir/);
    expect(schemaErrors(xml.replace('<valore>1234.5</valore>', '<valore>-1</valore>')).join('\n')).toMatch(/valore/);
    // and the writer itself cannot make a bad code pass
    expect(schemaErrors(firXml({ ...all.plain, waste: { ...all.plain.waste, eer: '20 03' } })).join('\n')).toMatch(/codice_eer/);
  });
});

// ---- PDF --------------------------------------------------------------------------------------


const SCALE = 2;
const outDir = mkdtempSync(join(tmpdir(), 'circula-fir-'));

const render = (pdf: Buffer) => renderPage(pdf, SCALE);

describe('FIR as a printable PDF', () => {
  it('formats numbers the Italian way', () => {
    expect(italianNumber(1234.5)).toBe('1.234,5');
    expect(italianNumber(1234567.125)).toBe('1.234.567,125');
    expect(italianNumber(950)).toBe('950');
    expect(italianNumber(0.5)).toBe('0,5');
  });

  it('prints the parties, the waste, the quantities and the signatures on one A4 page', async () => {
    const fir = partialFir();
    const pdf = await firPdf(fir, { compress: false });
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const raw = pdf.toString('latin1');
    expect(raw).toMatch(/\/MediaBox \[0 0 595\.28 841\.89\]/);
    expect(raw.match(/\/Type \/Page\b(?!s)/g)).toHaveLength(1);
    const text = pdfText(pdf);
    for (const expected of [
      'FORMULARIO DI IDENTIFICAZIONE DEL RIFIUTO',
      'FIR/2026/000125',
      'Officine Brambilla S.p.A.',
      'Circula Ambiente S.r.l.',
      'Trasporti Verdi S.r.l.',
      'MI/031877',
      'Impianto di Sesto San Giovanni',
      '16 06 01*',
      'Batterie al piombo',
      'HP8, HP14',
      'R4',
      'UN 2794',
      '2.000 kg',
      '1.987,25 kg',
      '1.487,25 kg',
      '500 kg',
      'FA123BC',
      'XA456YZ',
      'Contenitori danneggiati: 1 collo respinto',
      // the three signatures: who, when on the Italian clock, the start of the hash
      'Giulia Brambilla',
      'Firmato il 15/01/2026 08:45',
      'Mario Rossi',
      'Luca Bianchi',
      'Firmato il 15/01/2026 11:20',
      hash('c3').slice(0, 16),
      '15/01/2026 11:12',
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).not.toContain(hash('c3').slice(0, 17));
    expect(text).not.toContain('Da firmare');
    expect(text).not.toContain('ANNULLATO');
  });

  it('says which signatures are missing, the plain quantity and the intermediary with its accents', async () => {
    const plain = pdfText(await firPdf(plainFir(), { compress: false }));
    expect(plain.match(/Da firmare/g)).toHaveLength(3);
    expect(plain).toContain('1.234,5 kg');
    expect(plain).toContain('20 03 01');
    expect(plain).toContain('R13');
    expect(plain).toContain('Data di emissione: 15/01/2026 08:30');
    expect(plain).toContain('Nessun intermediario');
    const withIntermediary = pdfText(await firPdf(intermediaryFir(), { compress: false }));
    expect(withIntermediary).toContain('Rossi & Figli <Metalli> "Srl"');
    expect(withIntermediary).toContain("L'Ecologica di Niccolò & C. S.a.s.");
    expect(withIntermediary).toContain('Intermediazioni Città Più S.r.l.');
    expect(withIntermediary).toContain('TO/004512');
  });

  it('cuts what does not fit its box: a FIR with long texts stays one page', async () => {
    const pdf = await firPdf(longFir(), { compress: false });
    expect(pdf.toString('latin1').match(/\/Type \/Page\b(?!s)/g)).toHaveLength(1);
    const text = pdfText(pdf);
    expect(text).toContain('Società Cooperativa di Produzione e Lavoro 1');
    expect(text).not.toContain('Lavoro 30');
    // the ellipsis, WinAnsi 0x85
    expect(text).toContain('\x85');
  });

  it('marks a cancelled FIR', async () => {
    const text = pdfText(await firPdf(cancelledFir(), { compress: false }));
    expect(text).toContain('ANNULLATO');
    expect(text).toContain('Stato: Annullato');
  });

  it('renders to a page with ink and the form’s frame', async () => {
    const samples = { partial: partialFir(), plain: plainFir(), cancelled: cancelledFir(), intermediary: intermediaryFir(), long: longFir() };
    for (const [name, fir] of Object.entries(samples)) {
      const image = await render(await firPdf(fir));
      const file = join(outDir, `fir-${name}.png`);
      writeFileSync(file, image.png);
      expect(image.pages, name).toBe(1);
      expect(image.width).toBe(Math.ceil(595.28 * SCALE));
      expect(image.height).toBe(Math.ceil(841.89 * SCALE));

      const { width, pixels } = image;
      const luminance = (x: number, y: number) => {
        const i = (y * width + x) * 4;
        return 0.299 * pixels[i]! + 0.587 * pixels[i + 1]! + 0.114 * pixels[i + 2]!;
      };
      let ink = 0;
      for (let i = 0; i < pixels.length; i += 4) if (0.299 * pixels[i]! + 0.587 * pixels[i + 1]! + 0.114 * pixels[i + 2]! < 160) ink++;
      const inkFraction = ink / (pixels.length / 4);
      expect(inkFraction, `${name}: ink`).toBeGreaterThan(0.01);
      expect(inkFraction, `${name}: ink`).toBeLessThan(0.25);

      // the frame: each of its four sides is a dark line (darkest pixel within ±2 px of where it is drawn)
      const px = (pt: number) => Math.round(pt * SCALE);
      const frame = { left: px(FIR_FRAME.x), right: px(FIR_FRAME.x + FIR_FRAME.width), top: px(FIR_FRAME.y), bottom: px(FIR_FRAME.y + FIR_FRAME.height) };
      const darkAcross = (at: (d: number) => number) => Math.min(...[-2, -1, 0, 1, 2].map(at)) < 100;
      const fraction = (from: number, to: number, dark: (t: number) => boolean) => {
        let hits = 0;
        for (let t = from; t < to; t++) if (dark(t)) hits++;
        return hits / (to - from);
      };
      const inset = 4;
      expect(fraction(frame.top + inset, frame.bottom - inset, (y) => darkAcross((d) => luminance(frame.left + d, y))), `${name}: left side`).toBeGreaterThan(0.97);
      expect(fraction(frame.top + inset, frame.bottom - inset, (y) => darkAcross((d) => luminance(frame.right + d, y))), `${name}: right side`).toBeGreaterThan(0.97);
      expect(fraction(frame.left + inset, frame.right - inset, (x) => darkAcross((d) => luminance(x, frame.top + d))), `${name}: top side`).toBeGreaterThan(0.97);
      expect(fraction(frame.left + inset, frame.right - inset, (x) => darkAcross((d) => luminance(x, frame.bottom + d))), `${name}: bottom side`).toBeGreaterThan(0.97);
      // and the middle of the page between two rows of boxes is not a line
      const middle = px(FIR_FRAME.y + 20);
      expect(fraction(frame.left + inset, frame.right - inset, (x) => darkAcross((d) => luminance(x, middle + d)))).toBeLessThan(0.5);
    }
    console.info(`FIR pages rendered to ${outDir}`);
  });
});

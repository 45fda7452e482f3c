import { create } from 'xmlbuilder2';
import { eerDigits, physicalState } from '../../transports/fir/xml.js';
import type { RegisterDocument, RegisterRow } from './document.js';

/*
 * The load/unload register as RENTRI-shaped XML: the entries of the registro cronologico di carico e
 * scarico (art. 190 D.Lgs. 152/2006; register model annexed to DM 4 aprile 2023 n. 59, art. 4) with
 * the element names of RENTRI's "dati-registri" API. RENTRI publishes that API as OpenAPI 3, not as
 * an XML schema: the names below are the models' property names in their original snake_case, read
 * from the client generated from RENTRI's OpenAPI in the public repository
 * TeuronSrl/rentri-dati-registri (openapi/dati-registri.yaml, version 1.0.20250114-613; docs/*.md
 * per model). The namespace is ours, `urn:circula:rentri:registro:1`, NOT a RENTRI one;
 * `register.xsd` beside this file is its schema.
 *
 * Conventions (as fir/xml.ts): a JSON object is an element with child elements; a JSON array is the
 * element repeated under the array's own name (`caratteristiche_pericolo`); absent values are
 * omitted elements; instants are xs:dateTime in UTC; quantities are decimals with at most 4
 * decimals (RENTRI: 10 integer digits, 4 decimal). The entries are RENTRI's request body of
 * `POST /operatore/{identificativo_registro}/movimenti`, an unnamed array of MovimentoModel: here
 * each is a `movimento`.
 *
 * registro                                    ours: one site's register for one year
 *   anno                                      ours: the year (AnnoProgressivoMovimentoModel.anno bounds)
 *   data_ora_generazione                      ours: when the document was produced
 *   unita_locale                              ours: the site (RENTRI: the registered "unità locale")
 *     codice, denominazione                   ours: our warehouse code and name
 *     tipo, descrizione_tipo                  ours: WAREHOUSE_TYPE code and label
 *     indirizzo_sito                          EsitoValidaRegistroDataModel.indirizzo_sito (one line)
 *     num_autorizzazione                      DatiDestinatarioModel.num_autorizzazione
 *     scadenza_autorizzazione                 ours: xs:date
 *   operatore                                 ours: the site's holder
 *     denominazione_operatore                 EsitoValidaRegistroDataModel.denominazione_operatore
 *     codice_fiscale_operatore                EsitoValidaRegistroDataModel.codice_fiscale_operatore
 *     partita_iva_operatore                   ours
 *   movimento                                 MovimentoModel, one per entry in number order
 *     riferimenti                             MovimentoModel.riferimenti (DatiRiferimentiModel)
 *       numero_registrazione/anno, progressivo  AnnoProgressivoMovimentoModel: the register's year, our number
 *       data_ora_registrazione                DatiRiferimentiModel.data_ora_registrazione. For a correction
 *                                             this is the correction's own instant: a correction is a new
 *                                             numbered entry here, while RENTRI's rettifica transmission
 *                                             repeats the date of the entry it corrects
 *       causale_operazione_cs                 DatiRiferimentiCompletoModel.causale_operazione_cs: Carico (C) /
 *                                             Scarico (S), always known
 *       causale_operazione                    DatiRiferimentiModel.causale_operazione, only for the causals
 *                                             CAUSALE_OPERAZIONE maps (below); omitted otherwise
 *       numero_registrazione_rettifica/anno, progressivo  DatiRiferimentiModel.numero_registrazione_rettifica
 *                                             (the entry corrected, taken to be of the same year)
 *       causale_movimento, descrizione_causale_movimento  ours: MOVEMENT_CAUSAL code and label
 *       data_ora_operazione                   ours: when the load or unload happened
 *     rifiuto                                 MovimentoModel.rifiuto (DatiRifiutoModel), for a waste (EER code)
 *       codice_eer                            six digits without separators, as RENTRI: "170405"
 *       pericoloso                            ours: the code is a hazardous entry (the asterisk)
 *       descrizione_eer                       DatiRifiutoModel.descrizione_eer (RENTRI asks it for .99 codes
 *                                             only; we always give the description)
 *       caratteristiche_pericolo              DatiRifiutoModel.caratteristiche_pericolo, HP01–HP15 (zero-padded;
 *                                             properties without an HP code, such as POP, are left out)
 *       stato_fisico                          DatiRifiutoModel.stato_fisico (SP, S, FP, L, VS), as fir/xml.ts
 *                                             maps WASTE_PHYSICAL_STATE; omitted when unknown
 *       quantita/valore, quantita/unita_misura  DatiRifiutoModel.quantita (UnitaMisuraQuantitaModel: kg, l)
 *       destinato_attivita                    DatiRifiutoModel.destinato_attivita (R1–R13, D1–D15, CR)
 *     materiali                               MovimentoModel.materiali (DatiMaterialiModel), for a material
 *                                             (no EER code). RENTRI's `materiale` code (ACV…A) is not
 *                                             known to us and is omitted
 *       descrizione_materiale                 DatiMaterialiModel.descrizione_materiale
 *       quantita/valore, quantita/unita_misura  DatiMaterialiModel.quantita (UnitaMisuraPesoQuantitaModel: kg)
 *     integrazione_fir/numero_fir             MovimentoModel.integrazione_fir (DatiIntegrazioneFirModel).
 *                                             Written whenever the ledger has a FIR (RENTRI accepts it with
 *                                             the causals aT, TR, T*, T*aT only)
 *     origine, destinazione                   ours: where a load came from / an unload went, as one line
 *                                             (RENTRI's produttore and destinatario are structured)
 *     annotazioni                             MovimentoModel.annotazioni
 *     id_movimento_magazzino                  ours: the ledger row (warehouse-movements record)
 * RENTRI's esito (DatiEsitoModel) is not written: the register rows do not carry the outcome.
 */

type XMLBuilder = ReturnType<typeof create>;

export const REGISTER_XML_NAMESPACE = 'urn:circula:rentri:registro:1';

/**
 * MOVEMENT_CAUSAL → RENTRI's causale_operazione, only where RENTRI's own wording makes the match
 * certain. The meanings are those of DatiRiferimentiModel.causale_operazione in
 * TeuronSrl/rentri-dati-registri openapi/dati-registri.yaml ("Valori ammessi": DT Prodotto o
 * detenuto nell'unità locale, NP Nuovo produttore, T* Ricevuto da terzi, RE Prodotto al di fuori
 * dell'unità locale, I Scarico interno, aT Scarico a terzi, M Scarico per produzione di materiali,
 * TR Intermediario, T*aT Carico e scarico).
 *
 * Left unmapped, so the element is omitted: transfers between our own warehouses (RENTRI's text
 * does not say whether another local unit of the same operator is a "terzo"), the return of a
 * refused load, the pick-up from a pickup point (its receiver varies), the sale of recovered
 * material (a sale of material is not a waste entry; M records the waste turned into material),
 * and inventory adjustments (RENTRI corrects by rettifica, it has no adjustment causal).
 */
export const CAUSALE_OPERAZIONE: Readonly<Record<string, string>> = {
  // waste collected from its producer or dropped off by a citizen or company: "Ricevuto da terzi"
  LOAD_PICKUP: 'T*',
  LOAD_CONFERRAL: 'T*',
  // waste produced on the site itself: "Prodotto o detenuto nell'unità locale"
  LOAD_OWN_PRODUCTION: 'DT',
  // fractions produced by treating waste: "Nuovo produttore", who in art. 183 c. 1 lett. f)
  // D.Lgs. 152/2006 is whoever carries out treatment that changes the waste's nature or composition
  LOAD_TREATMENT_OUTPUT: 'NP',
  // delivered to a treatment plant: "Scarico a terzi"
  UNLOAD_TO_PLANT: 'aT',
  // sent to treatment within the site: "Scarico interno"
  UNLOAD_TREATMENT_INPUT: 'I',
};

const DESTINATIONS = /^(R([1-9]|1[0-3])|D([1-9]|1[0-5])|CR)$/;

/** An instant as xs:dateTime in UTC, without milliseconds. */
const instant = (iso: string) => new Date(iso).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** A calendar date as xs:date: an ISO date is kept, an instant becomes its date on the Italian clock. */
const calendarDate = (value: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date(value));

/** A quantity as xs:decimal with at most 4 decimals (never in exponent form). */
const decimal = (value: number) => value.toFixed(4).replace(/0+$/, '').replace(/\.$/, '');

/** "HP4", "hp 04" → "HP04"; null when it is not one of HP1–HP15. */
const hpCode = (hp: string) => {
  const match = /^HP\s*0*(\d{1,2})$/i.exec(hp.trim());
  const n = match ? Number(match[1]) : 0;
  return n >= 1 && n <= 15 ? `HP${String(n).padStart(2, '0')}` : null;
};

/** The register as RENTRI-shaped XML (UTF-8, indented). */
export function registerXml(doc: RegisterDocument): string {
  // characters XML 1.0 cannot carry (control characters pasted into a note) are dropped
  const root = create({ version: '1.0', encoding: 'UTF-8', invalidCharReplacement: '' }).ele(REGISTER_XML_NAMESPACE, 'registro');

  /** A child element with text, unless the value is absent. */
  const leaf = (parent: XMLBuilder, name: string, value: string | number | boolean | null | undefined) => {
    if (value === null || value === undefined || value === '') return;
    parent.ele(name).txt(typeof value === 'number' ? decimal(value) : String(value));
  };
  const number = (parent: XMLBuilder, name: string, progressive: number) => {
    const el = parent.ele(name);
    el.ele('anno').txt(String(doc.year));
    el.ele('progressivo').txt(String(progressive));
  };
  const quantity = (parent: XMLBuilder, row: RegisterRow) => {
    const el = parent.ele('quantita');
    leaf(el, 'valore', row.quantity);
    leaf(el, 'unita_misura', row.unit);
  };

  leaf(root, 'anno', String(doc.year));
  leaf(root, 'data_ora_generazione', instant(doc.printedAt));

  const { site } = doc;
  const unit = root.ele('unita_locale');
  leaf(unit, 'codice', site.code);
  leaf(unit, 'denominazione', site.name);
  leaf(unit, 'tipo', site.type);
  leaf(unit, 'descrizione_tipo', site.typeLabel);
  leaf(unit, 'indirizzo_sito', site.address);
  leaf(unit, 'num_autorizzazione', site.authorisationNumber);
  leaf(unit, 'scadenza_autorizzazione', site.authorisationExpiry ? calendarDate(site.authorisationExpiry) : null);

  if (site.holder) {
    const holder = root.ele('operatore');
    leaf(holder, 'denominazione_operatore', site.holder.name);
    leaf(holder, 'codice_fiscale_operatore', site.holder.fiscalCode ?? site.holder.vatNumber);
    leaf(holder, 'partita_iva_operatore', site.holder.vatNumber);
  }

  for (const row of doc.rows) {
    const entry = root.ele('movimento');

    const refs = entry.ele('riferimenti');
    number(refs, 'numero_registrazione', row.number);
    leaf(refs, 'data_ora_registrazione', instant(row.date));
    leaf(refs, 'causale_operazione_cs', row.movement === 'C' ? 'Carico' : 'Scarico');
    leaf(refs, 'causale_operazione', CAUSALE_OPERAZIONE[row.causal]);
    if (row.corrects !== null) number(refs, 'numero_registrazione_rettifica', row.corrects);
    leaf(refs, 'causale_movimento', row.causal);
    leaf(refs, 'descrizione_causale_movimento', row.causalLabel);
    leaf(refs, 'data_ora_operazione', instant(row.operationDate));

    if (row.eer !== null) {
      const waste = entry.ele('rifiuto');
      leaf(waste, 'codice_eer', eerDigits(row.eer));
      leaf(waste, 'pericoloso', row.hazardous);
      leaf(waste, 'descrizione_eer', row.description);
      for (const hp of row.hpProperties) leaf(waste, 'caratteristiche_pericolo', hpCode(hp));
      leaf(waste, 'stato_fisico', physicalState(row.physicalState));
      quantity(waste, row);
      const operation = row.operation?.trim().toUpperCase();
      leaf(waste, 'destinato_attivita', operation && DESTINATIONS.test(operation) ? operation : null);
    } else {
      const material = entry.ele('materiali');
      leaf(material, 'descrizione_materiale', row.description);
      quantity(material, row);
    }

    if (row.fir) entry.ele('integrazione_fir').ele('numero_fir').txt(row.fir);
    leaf(entry, 'origine', row.origin);
    leaf(entry, 'destinazione', row.destination);
    leaf(entry, 'annotazioni', row.notes);
    leaf(entry, 'id_movimento_magazzino', String(row.ledgerId));
  }

  return root.end({ prettyPrint: true });
}

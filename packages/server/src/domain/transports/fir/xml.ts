import { create } from 'xmlbuilder2';
import type { FirDocument, FirParty, FirSignature, FirSignatureRole, FirSite } from './document.js';

/*
 * The FIR as RENTRI-shaped XML: the dataset of the digital FIR (DM 4 aprile 2023 n. 59), with the
 * element names of RENTRI's "formulari" API. RENTRI publishes that API as OpenAPI 3 (JSON), not as
 * an XML schema: the names below are the models' property names in their original snake_case,
 * read from the client generated from RENTRI's OpenAPI in the public repository
 * TeuronSrl/rentri-formulari (openapi/formulari.yaml; docs/*.md per model). The namespace is ours,
 * `urn:circula:rentri:fir:1`, NOT a RENTRI one; `fir.xsd` beside this file is its schema.
 *
 * Conventions: a JSON object is an element with child elements; a JSON array is the element
 * repeated under the array's own name (`trasportatori`, `intermediari`, `caratteristiche_pericolo`);
 * absent values are omitted elements; instants are xs:dateTime in UTC; quantities are decimals
 * with at most 4 decimals (RENTRI: 10 integer digits, 4 decimal).
 *
 * formulario                                  (ours; the shape of DettaglioFormulario)
 *   stato                                     ours: our status code (RENTRI's stato_formulario has other values)
 *   dati_partenza                             DettaglioFormulario.dati_partenza (DatiPartenzaResultModel)
 *     numero_fir                              DatiPartenzaResultModel.numero_fir (ours: "FIR/2026/000123")
 *     data_emissione                          DatiPartenzaResultModel.data_emissione
 *     produttore                              DatiPartenzaModel.produttore (DatiProduttoreFormularioModel)
 *       denominazione, codice_fiscale         DatiProduttoreFormularioModel (codice_fiscale: C.F., else P.IVA)
 *       partita_iva                           ours
 *       indirizzo                             DatiProduttoreFormularioModel.indirizzo, as one line (RENTRI's
 *                                             IndirizzoModel is structured; FirDocument keeps the formatted line)
 *       luogo_produzione                      DatiProduttoreFormularioModel.luogo_produzione, with our
 *         denominazione, indirizzo            children: the pick-up site's name and address line
 *       autorizzazione/numero                 DatiProduttoreFormularioModel.autorizzazione (AutorizzazioneModel.numero)
 *     destinatario                            DatiPartenzaModel.destinatario (DatiDestinatarioFormularioModel)
 *       denominazione, codice_fiscale, partita_iva (ours), indirizzo: as for produttore
 *       luogo_destinazione                    ours: the destination site (denominazione, indirizzo)
 *       autorizzazione/numero                 DatiDestinatarioFormularioModel.autorizzazione
 *       attivita                              DatiDestinatarioFormularioModel.attivita (R1–R13, D1–D15)
 *       descrizione_attivita                  ours: the operation's description
 *     trasportatori                           DatiPartenzaModel.trasportatori (DatiTrasportatoreFormularioModel)
 *       tipo_trasporto                        TipoTrasporto: always "Terrestre" here
 *       numero_iscrizione_albo                DatiTrasportatoreFormularioModel.numero_iscrizione_albo
 *       categoria_albo                        ours
 *       denominazione, codice_fiscale, partita_iva (ours), indirizzo (ours for a transporter)
 *     intermediari                            DatiPartenzaModel.intermediari (DatiIntermediariFormularioModel)
 *       denominazione, codice_fiscale, partita_iva (ours), indirizzo (ours), numero_iscrizione_albo
 *     rifiuto                                 DatiPartenzaModel.rifiuto (DatiRifiutoModel)
 *       codice_eer                            six digits without separators, as RENTRI: "160601"
 *       pericoloso                            ours: the code is a hazardous entry (the asterisk)
 *       descrizione                           DatiRifiutoModel.descrizione
 *       provenienza                           DatiRifiutoModel.provenienza (U / S), when known
 *       caratteristiche_pericolo              DatiRifiutoModel.caratteristiche_pericolo, HP01–HP15 (zero-padded)
 *       stato_fisico                          DatiRifiutoModel.stato_fisico (SP, S, FP, L, VS) when the code is one
 *                                             of them or of the paper form's scale 1–4 (1 SP, 2 S, 3 FP, 4 L)
 *       descrizione_stato_fisico              ours: the label
 *       quantita/valore, quantita/unita_misura  DatiRifiutoModel.quantita (QuantitaModel); unita_misura
 *                                             kg, t, l, m3 (RENTRI accepts kg and l only)
 *       verificato_in_partenza                DatiRifiutoModel.verificato_in_partenza
 *       peso_verificato_partenza/valore       ours: the weight verified at departure (kg)
 *       trasporto_adr                         DatiRifiutoModel.trasporto_adr
 *       dati_adr                              DatiRifiutoModel.dati_adr (NormativaADRModel)
 *         numero_onu, classe                  NormativaADRModel (numero_onu: the four digits, without "UN")
 *         gruppo_imballaggio                  ours
 *       numero_colli                          DatiRifiutoModel.numero_colli (our load units text)
 *     dati_firma_produttore                   DatiPartenzaResultModel.dati_firma_produttore (DatiFirmaResult)
 *       denominazione_firmatario, data_firma  DatiFirmaResult
 *       impronta                              ours: sha256 (hex) of the data signed
 *     annotazioni                             DatiPartenzaModel.annotazioni
 *   dati_trasporto                            DettaglioFormulario.dati_trasporto (DatiTrasportoTerrestreModel)
 *     tipo_trasporto                          "Terrestre"
 *     dati_firma_trasportatore                DettaglioFormularioDatiTrasportoInner.dati_firma_trasportatore
 *     conducente/nominativo                   DatiTrasportoTerrestreModel.conducente; ours inside it: the full
 *                                             name (RENTRI's ConducenteModel has nome and cognome apart)
 *     targa_automezzo, targa_rimorchio, percorso, data_ora_inizio_trasporto   DatiTrasportoTerrestreModel
 *   dati_accettazione                         DettaglioFormulario.dati_accettazione (DatiAccettazioneResultModel)
 *     dati_firma                              DatiAccettazioneResultModel.dati_firma
 *     tipo_accettazione                       A / P / R
 *     quantita_accettata/valore               DatiAccettazioneModel.quantita_accettata (QuantitaKgModel, kg)
 *     quantita_respinta/valore                ours (kg)
 *     motivo_respingimento                    DatiAccettazioneModel.motivo_respingimento
 *     data_ora_arrivo                         DatiAccettazioneModel.data_ora_arrivo
 */

type XMLBuilder = ReturnType<typeof create>;

export const FIR_XML_NAMESPACE = 'urn:circula:rentri:fir:1';

const ACCEPTANCE_TYPES = { ACCEPTED: 'A', PARTIALLY_ACCEPTED: 'P', REFUSED: 'R' } as const;
const RENTRI_PHYSICAL_STATES = new Set(['SP', 'S', 'FP', 'L', 'VS']);
const PAPER_PHYSICAL_STATES: Record<string, string> = { '1': 'SP', '2': 'S', '3': 'FP', '4': 'L' };

/** An instant as xs:dateTime in UTC, without milliseconds. */
const instant = (iso: string) => new Date(iso).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** A quantity as xs:decimal with at most 4 decimals (never in exponent form). */
const decimal = (value: number) => {
  const fixed = value.toFixed(4);
  return fixed.includes('.') ? fixed.replace(/0+$/, '').replace(/\.$/, '') : fixed;
};

/** "16 06 01*" → "160601". */
export const eerDigits = (eer: string) => eer.replace(/[^0-9]/g, '');

/** "HP4" → "HP04". */
const hpCode = (hp: string) => {
  const match = /^HP\s*0*(\d{1,2})$/i.exec(hp.trim());
  return match ? `HP${match[1]!.padStart(2, '0')}` : hp;
};

/** A WASTE_PHYSICAL_STATE code as RENTRI's stato_fisico (SP, S, FP, L, VS), or null when it has none. */
export const physicalState = (code: string | null) => {
  if (!code) return null;
  const upper = code.trim().toUpperCase();
  return RENTRI_PHYSICAL_STATES.has(upper) ? upper : (PAPER_PHYSICAL_STATES[upper] ?? null);
};

/** The FIR as RENTRI-shaped XML (UTF-8, indented). */
export function firXml(fir: FirDocument): string {
  // characters XML 1.0 cannot carry (control characters pasted into a note) are dropped
  const root = create({ version: '1.0', encoding: 'UTF-8', invalidCharReplacement: '' }).ele(FIR_XML_NAMESPACE, 'formulario');

  /** A child element with text, unless the value is absent. */
  const leaf = (parent: XMLBuilder, name: string, value: string | number | boolean | null | undefined) => {
    if (value === null || value === undefined || value === '') return;
    parent.ele(name).txt(typeof value === 'number' ? decimal(value) : String(value));
  };
  const subject = (parent: XMLBuilder, party: FirParty) => {
    leaf(parent, 'denominazione', party.name);
    leaf(parent, 'codice_fiscale', party.fiscalCode ?? party.vatNumber);
    leaf(parent, 'partita_iva', party.vatNumber);
    leaf(parent, 'indirizzo', party.address);
  };
  const site = (parent: XMLBuilder, name: string, value: FirSite) => {
    const el = parent.ele(name);
    leaf(el, 'denominazione', value.name);
    leaf(el, 'indirizzo', value.address);
  };
  const authorisation = (parent: XMLBuilder, value: string | null) => {
    if (value) parent.ele('autorizzazione').ele('numero').txt(value);
  };
  const signature = (parent: XMLBuilder, name: string, role: FirSignatureRole) => {
    const sig: FirSignature | undefined = fir.signatures.find((s) => s.role === role);
    if (!sig) return;
    const el = parent.ele(name);
    leaf(el, 'denominazione_firmatario', sig.signedBy);
    leaf(el, 'data_firma', instant(sig.signedAt));
    leaf(el, 'impronta', sig.hash.toLowerCase());
  };
  const quantity = (parent: XMLBuilder, name: string, value: number, unit?: string) => {
    const el = parent.ele(name);
    leaf(el, 'valore', value);
    if (unit) leaf(el, 'unita_misura', unit);
  };

  leaf(root, 'stato', fir.status);

  const departure = root.ele('dati_partenza');
  leaf(departure, 'numero_fir', fir.number);
  leaf(departure, 'data_emissione', instant(fir.issuedAt));

  const producer = departure.ele('produttore');
  subject(producer, fir.producer);
  site(producer, 'luogo_produzione', fir.pickupSite);
  authorisation(producer, fir.pickupSite.authorisation);

  const destination = departure.ele('destinatario');
  subject(destination, fir.destination);
  site(destination, 'luogo_destinazione', fir.destinationSite);
  authorisation(destination, fir.destinationSite.authorisation);
  leaf(destination, 'attivita', fir.operation?.code);
  leaf(destination, 'descrizione_attivita', fir.operation?.description);

  const transporter = departure.ele('trasportatori');
  leaf(transporter, 'tipo_trasporto', 'Terrestre');
  leaf(transporter, 'numero_iscrizione_albo', fir.transporter.alboNumber);
  leaf(transporter, 'categoria_albo', fir.transporter.alboCategory);
  subject(transporter, fir.transporter);

  if (fir.intermediary) {
    const intermediary = departure.ele('intermediari');
    subject(intermediary, fir.intermediary);
    leaf(intermediary, 'numero_iscrizione_albo', fir.intermediary.alboNumber);
  }

  const waste = departure.ele('rifiuto');
  leaf(waste, 'codice_eer', eerDigits(fir.waste.eer));
  leaf(waste, 'pericoloso', fir.waste.hazardous);
  leaf(waste, 'descrizione', fir.waste.description);
  leaf(waste, 'provenienza', fir.waste.origin);
  for (const hp of fir.waste.hpProperties) leaf(waste, 'caratteristiche_pericolo', hpCode(hp));
  leaf(waste, 'stato_fisico', physicalState(fir.waste.physicalStateCode));
  leaf(waste, 'descrizione_stato_fisico', fir.waste.physicalState);
  quantity(waste, 'quantita', fir.quantity, fir.unit);
  leaf(waste, 'verificato_in_partenza', fir.departureVerifiedKg !== null);
  if (fir.departureVerifiedKg !== null) quantity(waste, 'peso_verificato_partenza', fir.departureVerifiedKg);
  leaf(waste, 'trasporto_adr', fir.adr !== null);
  if (fir.adr) {
    const adr = waste.ele('dati_adr');
    leaf(adr, 'numero_onu', fir.adr.unNumber.replace(/^UN\s*/i, ''));
    leaf(adr, 'classe', fir.adr.adrClass);
    leaf(adr, 'gruppo_imballaggio', fir.adr.packingGroup);
  }
  leaf(waste, 'numero_colli', fir.loadUnits);

  signature(departure, 'dati_firma_produttore', 'PRODUCER');
  leaf(departure, 'annotazioni', fir.notes);

  const transport = root.ele('dati_trasporto');
  leaf(transport, 'tipo_trasporto', 'Terrestre');
  signature(transport, 'dati_firma_trasportatore', 'TRANSPORTER');
  if (fir.transport.driver) transport.ele('conducente').ele('nominativo').txt(fir.transport.driver);
  leaf(transport, 'targa_automezzo', fir.transport.vehiclePlate);
  leaf(transport, 'targa_rimorchio', fir.transport.trailerPlate);
  leaf(transport, 'percorso', fir.transport.routeNotes);
  leaf(transport, 'data_ora_inizio_trasporto', instant(fir.transport.startAt));

  if (fir.acceptance) {
    const acc = fir.acceptance;
    const acceptance = root.ele('dati_accettazione');
    signature(acceptance, 'dati_firma', 'DESTINATION');
    leaf(acceptance, 'tipo_accettazione', ACCEPTANCE_TYPES[acc.outcome]);
    quantity(acceptance, 'quantita_accettata', acc.acceptedKg);
    quantity(acceptance, 'quantita_respinta', acc.refusedKg);
    leaf(acceptance, 'motivo_respingimento', acc.refusalReason);
    leaf(acceptance, 'data_ora_arrivo', instant(acc.at));
  }

  return root.end({ prettyPrint: true });
}

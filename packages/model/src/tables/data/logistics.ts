import type { LookupTableSeed } from '../types.js';
import { v } from './value.js';

/** Tables of the warehouse, transport and request flows. */

export const WAREHOUSE_TYPE: LookupTableSeed = {
  code: 'WAREHOUSE_TYPE',
  name: { it: 'Tipo di magazzino', en: 'Warehouse type' },
  description: 'The picker shows "code - label" (spec §3), e.g. "CDR - Centro di raccolta".',
  columns: { alpha1: 'Vista (route) che elenca i magazzini di questo tipo' },
  values: [
    v('CDR', 'Centro di raccolta', 'Collection centre', { alpha1: 'warehouses-cdr' }),
    v('PDP', 'Punto di prelievo', 'Pickup point', { alpha1: 'warehouses-pdp' }),
    v('SERVICE', 'Magazzino di servizio', 'Service warehouse', { alpha1: 'warehouses-service' }),
    v('PLANT', 'Impianto di trattamento', 'Treatment plant', { alpha1: 'warehouse' }),
  ],
};

export const WRH_UNIT_TYPE: LookupTableSeed = {
  code: 'WRH_UNIT_TYPE',
  name: { it: 'Tipo di unità di stoccaggio', en: 'Storage unit type' },
  description: 'Physical units a warehouse is divided into for storing waste and materials.',
  columns: { flag1: 'Unità al coperto' },
  values: [
    v('BAY', 'Box o baia di stoccaggio', 'Storage bay', { flag1: false }),
    v('SHED', 'Area coperta in capannone', 'Covered area in a shed', { flag1: true }),
    v('YARD', 'Piazzale scoperto impermeabilizzato', 'Sealed open yard', { flag1: false }),
    v('CONTAINER', 'Cassone o container', 'Skip or container', { flag1: false }),
    v('TANK', 'Serbatoio', 'Tank', { flag1: false }),
    v('SILO', 'Silo', 'Silo', { flag1: true }),
    v('SHELVING', 'Scaffalatura per colli', 'Racking for packages', { flag1: true }),
  ],
};

export const MOVEMENT_CAUSAL: LookupTableSeed = {
  code: 'MOVEMENT_CAUSAL',
  name: { it: 'Causale di movimento', en: 'Movement reason' },
  description:
    'Reasons of the warehouse ledger rows. Rows with flag1 unset are posted by the server (transport completion, treatments) and are not offered when a movement is created by hand (spec §5).',
  columns: { alpha1: 'C = carico, S = scarico', flag1: 'Selezionabile nella creazione manuale di un movimento' },
  values: [
    v('LOAD_PICKUP', 'Carico da ritiro presso il produttore', 'Load from a pickup at the producer', { alpha1: 'C', flag1: true }),
    v('LOAD_CONFERRAL', 'Carico da conferimento al centro di raccolta', 'Load from a drop-off at the collection centre', { alpha1: 'C', flag1: true }),
    v('LOAD_OWN_PRODUCTION', 'Carico di rifiuti prodotti nel sito', 'Load of waste produced on site', { alpha1: 'C', flag1: true }),
    v('LOAD_TRANSFER_IN', 'Carico per trasferimento da altro magazzino', 'Load from a transfer from another warehouse', { alpha1: 'C', flag1: true }),
    v('LOAD_TREATMENT_OUTPUT', 'Carico da trattamento (frazioni prodotte)', 'Load from treatment (output fractions)', { alpha1: 'C', flag1: false }),
    v('LOAD_RETURN', 'Carico per rientro di un carico respinto', 'Load of a refused consignment returned', { alpha1: 'C', flag1: true }),
    v('LOAD_INVENTORY', 'Rettifica inventariale in aumento', 'Inventory adjustment (increase)', { alpha1: 'C', flag1: true }),
    v('UNLOAD_PICKUP', 'Scarico per ritiro dal punto di prelievo', 'Unload for a pickup from the pickup point', { alpha1: 'S', flag1: false }),
    v('UNLOAD_TO_PLANT', 'Scarico per conferimento a impianto', 'Unload for delivery to a plant', { alpha1: 'S', flag1: true }),
    v('UNLOAD_TRANSFER_OUT', 'Scarico per trasferimento ad altro magazzino', 'Unload for a transfer to another warehouse', { alpha1: 'S', flag1: true }),
    v('UNLOAD_TREATMENT_INPUT', 'Scarico per avvio a trattamento', 'Unload as treatment input', { alpha1: 'S', flag1: false }),
    v('UNLOAD_SALE', 'Scarico per vendita di materiale recuperato', 'Unload for sale of recovered material', { alpha1: 'S', flag1: true }),
    v('UNLOAD_INVENTORY', 'Rettifica inventariale in diminuzione', 'Inventory adjustment (decrease)', { alpha1: 'S', flag1: true }),
  ],
};

export const TRANSPORT_CAUSAL: LookupTableSeed = {
  code: 'TRANSPORT_CAUSAL',
  name: { it: 'Causale del trasporto', en: 'Reason for transport' },
  description: 'Reasons for transport printed on transport documents; the picker always shows the Italian label (spec §3).',
  columns: { alpha1: 'Documento che accompagna il trasporto: DDT (merci e materiali) o FIR (rifiuti)' },
  values: [
    v('SALE', 'Vendita', 'Sale', { alpha1: 'DDT' }),
    v('RETURN', 'Reso', 'Return', { alpha1: 'DDT' }),
    v('PROCESSING', 'Conto lavorazione', 'Processing on behalf of third parties', { alpha1: 'DDT' }),
    v('PROCESSING_RETURN', 'Rientro da conto lavorazione', 'Return from processing', { alpha1: 'DDT' }),
    v('CONSIGNMENT', 'Conto deposito', 'Consignment stock', { alpha1: 'DDT' }),
    v('APPROVAL', 'Conto visione', 'Goods on approval', { alpha1: 'DDT' }),
    v('LOAN_FOR_USE', "Comodato d'uso", 'Loan for use', { alpha1: 'DDT' }),
    v('REPAIR', 'Riparazione', 'Repair', { alpha1: 'DDT' }),
    v('INTERNAL_TRANSFER', 'Trasferimento tra sedi', 'Transfer between sites', { alpha1: 'DDT' }),
    v('FREE_GIFT', 'Omaggio', 'Free gift', { alpha1: 'DDT' }),
    v('WASTE_TRANSFER', 'Trasporto di rifiuti a destinazione', 'Waste transfer to destination', { alpha1: 'FIR' }),
    v('WASTE_INTERNAL_TRANSFER', 'Trasporto di rifiuti tra unità locali', 'Waste transfer between local units', { alpha1: 'FIR' }),
    v('WASTE_REFUSAL_RETURN', 'Rientro di rifiuti respinti dal destinatario', 'Return of waste refused by the consignee', { alpha1: 'FIR' }),
  ],
};

export const LOAD_TYPE: LookupTableSeed = {
  code: 'LOAD_TYPE',
  name: { it: 'Tipo di carico', en: 'Load type' },
  description: 'How a load travels on the vehicle.',
  values: [
    v('BULK', 'Alla rinfusa', 'In bulk'),
    v('SKIP', 'In cassone scarrabile', 'In a roll-off skip'),
    v('PACKAGES', 'In colli', 'In packages'),
    v('PALLETS', 'Su bancali', 'On pallets'),
    v('BIG_BAG', 'In big bag', 'In big bags'),
    v('DRUMS', 'In fusti o cisternette', 'In drums or IBCs'),
    v('TANKER', 'In cisterna', 'In a tanker'),
  ],
};

export const LOAD_STATUS: LookupTableSeed = {
  code: 'LOAD_STATUS',
  name: { it: 'Stato del carico', en: 'Load status' },
  description: 'Progress of a single load (one FIR) from planning to acceptance at destination.',
  values: [
    v('PLANNED', 'Pianificato', 'Planned'),
    v('LOADED', 'Caricato', 'Loaded'),
    v('IN_TRANSIT', 'In viaggio', 'In transit'),
    v('DELIVERED', 'Consegnato, in attesa di accettazione', 'Delivered, awaiting acceptance'),
    v('ACCEPTED', 'Accettato', 'Accepted'),
    v('PARTIALLY_ACCEPTED', 'Accettato parzialmente', 'Partially accepted'),
    v('REFUSED', 'Respinto', 'Refused'),
    v('CANCELLED', 'Annullato', 'Cancelled'),
  ],
};

export const MEASURE_UNIT_CATEGORY: LookupTableSeed = {
  code: 'MEASURE_UNIT_CATEGORY',
  name: { it: 'Categoria di unità di misura', en: 'Measure unit category' },
  description:
    'The four categories of spec §3. The product has no count category: pieces, packages and pallets are kept under MASS, with no conversion factor.',
  values: [
    v('DISTANCE', 'Distanza', 'Distance'),
    v('MASS', 'Unità numerabili (pezzi, colli, bancali)', 'Count units (pieces, packages, pallets)'),
    v('VOLUME', 'Volume', 'Volume'),
    v('WEIGHT', 'Peso', 'Weight'),
  ],
};

export const MEASURE_UNIT: LookupTableSeed = {
  code: 'MEASURE_UNIT',
  name: { it: 'Unità di misura', en: 'Measure unit' },
  description:
    'Base units: KG for WEIGHT, L for VOLUME, M for DISTANCE. Count units (MASS, see MEASURE_UNIT_CATEGORY) convert to nothing and have no factor.',
  columns: {
    alpha1: 'Categoria (MEASURE_UNIT_CATEGORY)',
    alpha2: 'Simbolo',
    flag1: 'Unità ammessa per le quantità nei formulari e registri RENTRI',
    extraValue: "Fattore di conversione verso l'unità base della categoria",
  },
  values: [
    v('KG', 'Chilogrammo', 'Kilogram', { alpha1: 'WEIGHT', alpha2: 'kg', flag1: true, extraValue: '1' }),
    v('T', 'Tonnellata', 'Tonne', { alpha1: 'WEIGHT', alpha2: 't', extraValue: '1000' }),
    v('Q', 'Quintale', 'Quintal (100 kg)', { alpha1: 'WEIGHT', alpha2: 'q', extraValue: '100' }),
    v('G', 'Grammo', 'Gram', { alpha1: 'WEIGHT', alpha2: 'g', extraValue: '0.001' }),
    v('MG', 'Milligrammo', 'Milligram', { alpha1: 'WEIGHT', alpha2: 'mg', extraValue: '0.000001' }),
    v('L', 'Litro', 'Litre', { alpha1: 'VOLUME', alpha2: 'l', flag1: true, extraValue: '1' }),
    v('ML', 'Millilitro', 'Millilitre', { alpha1: 'VOLUME', alpha2: 'ml', extraValue: '0.001' }),
    v('HL', 'Ettolitro', 'Hectolitre', { alpha1: 'VOLUME', alpha2: 'hl', extraValue: '100' }),
    v('M3', 'Metro cubo', 'Cubic metre', { alpha1: 'VOLUME', alpha2: 'm³', extraValue: '1000' }),
    v('M', 'Metro', 'Metre', { alpha1: 'DISTANCE', alpha2: 'm', extraValue: '1' }),
    v('KM', 'Chilometro', 'Kilometre', { alpha1: 'DISTANCE', alpha2: 'km', extraValue: '1000' }),
    v('PZ', 'Pezzo', 'Piece', { alpha1: 'MASS', alpha2: 'pz' }),
    v('COLLO', 'Collo', 'Package', { alpha1: 'MASS', alpha2: 'colli' }),
    v('PALLET', 'Bancale', 'Pallet', { alpha1: 'MASS', alpha2: 'bancali' }),
  ],
};

export const URGENCY: LookupTableSeed = {
  code: 'URGENCY',
  name: { it: 'Urgenza', en: 'Urgency' },
  columns: { alpha1: 'Colore del badge' },
  values: [
    v('LOW', 'Bassa', 'Low', { alpha1: 'green' }),
    v('NORMAL', 'Normale', 'Normal', { alpha1: 'blue' }),
    v('HIGH', 'Alta', 'High', { alpha1: 'orange' }),
    v('URGENT', 'Urgente', 'Urgent', { alpha1: 'red' }),
  ],
};

export const REFUSAL_MOTIVATION: LookupTableSeed = {
  code: 'REFUSAL_MOTIVATION',
  name: { it: 'Motivo di rifiuto della richiesta', en: 'Request refusal reason' },
  description: 'Why a pickup or transport request is refused (status REFUSED).',
  values: [
    v('EER_NOT_AUTHORISED', 'Codice EER non autorizzato', 'EWC code not authorised'),
    v('QUANTITY_OVER_CAPACITY', 'Quantità superiore alla capacità disponibile', 'Quantity over the available capacity'),
    v('MISSING_ANALYSIS', 'Analisi di caratterizzazione mancante o scaduta', 'Characterisation analysis missing or expired'),
    v('INCOMPLETE_DOCUMENTS', 'Documentazione incompleta', 'Incomplete documents'),
    v('NON_CONFORMING_WASTE', 'Rifiuto non conforme all\'omologa', 'Waste not matching its acceptance profile'),
    v('AREA_NOT_SERVED', 'Zona non servita', 'Area not served'),
    v('NO_CONTRACT', 'Contratto assente o scaduto', 'No valid contract'),
    v('CUSTOMER_BLOCKED', 'Cliente bloccato per insoluti', 'Customer blocked for unpaid invoices'),
    v('NO_VEHICLE_AVAILABLE', 'Nessun mezzo idoneo disponibile nelle date richieste', 'No suitable vehicle available on the requested dates'),
    v('DUPLICATE_REQUEST', 'Richiesta duplicata', 'Duplicate request'),
    v('OTHER', 'Altro (specificare nelle note)', 'Other (explain in the notes)'),
  ],
};

export const TRANSACTION_KIND: LookupTableSeed = {
  code: 'TRANSACTION_KIND',
  name: { it: 'Tipo di richiesta', en: 'Request kind' },
  // The spec does not define PPC, R3T and UR: they are further kinds of the same request model
  // (DOMAIN.md), so their labels stay generic until the business names them.
  description:
    'Kinds of the transaction (request) model. PPC, R3T and UR are not defined by the spec: generic labels, to be renamed by administrators.',
  columns: { alpha1: 'Vista (route) della richiesta' },
  values: [
    v('RDR', 'Richiesta di ritiro', 'Pickup request', { alpha1: 'rdr' }),
    v('RDT', 'Richiesta di trasporto', 'Transport request', { alpha1: 'rdt' }),
    v('PPC', 'Pratica PPC', 'PPC request', { alpha1: 'ppc' }),
    v('R3T', 'Pratica R3T', 'R3T request', { alpha1: 'r3t' }),
    v('UR', 'Pratica UR', 'UR request', { alpha1: 'ur' }),
    v('MOVEMENT', 'Spostamento', 'Displacement', { alpha1: 'movement-requests' }),
    v('CONFERRAL', 'Conferimento', 'Conferral (drop-off)', { alpha1: 'conferral' }),
  ],
};

export const TRANSPORT_STOP_KIND: LookupTableSeed = {
  code: 'TRANSPORT_STOP_KIND',
  name: { it: 'Tipo di tappa del trasporto', en: 'Transport stop kind' },
  description: 'What a transport does at a stop: picks up a request\'s load at its pickup point, or delivers loads to a destination warehouse or plant.',
  values: [
    v('PICKUP', 'Ritiro', 'Pickup'),
    v('DELIVERY', 'Consegna', 'Delivery'),
  ],
};

export const FIR_ANOMALY: LookupTableSeed = {
  code: 'FIR_ANOMALY',
  name: { it: 'Anomalia del FIR', en: 'FIR anomaly' },
  description: "What puts a FIR on the FIR verifier's worklist: the weight at destination off the estimate beyond the registry's tolerance (FIR_WEIGHT_TOLERANCE_PCT), a signature still missing past the deadline (FIR_SIGN_DEADLINE_HOURS), a load refused in part or in full.",
  values: [
    v('WEIGHT_OFF', 'Peso a destino diverso dalla stima oltre la tolleranza', 'Weight at destination off the estimate beyond the tolerance'),
    v('SIGNATURE_MISSING', 'Firma mancante oltre il termine', 'Signature missing past the deadline'),
    v('PARTIAL_REFUSAL', 'Carico respinto in parte', 'Load partially refused'),
    v('REFUSED', 'Carico respinto', 'Load refused'),
  ],
};

export const FIR_VERIFICATION: LookupTableSeed = {
  code: 'FIR_VERIFICATION',
  name: { it: 'Esito della verifica del FIR', en: 'FIR verification outcome' },
  description: "The FIR verifier's outcome on a FIR with anomalies: verified (nothing to do) or annotated (a note says what was found or done).",
  values: [
    v('VERIFIED', 'Verificato', 'Verified'),
    v('ANNOTATED', 'Annotato', 'Annotated'),
  ],
};

export const LEDGER_MOVEMENT: LookupTableSeed = {
  code: 'LEDGER_MOVEMENT',
  name: { it: 'Movimento del registro', en: 'Register movement' },
  description: 'The two kinds of row of the load/unload register (D.Lgs 152/2006 art. 190): C = carico (load), S = scarico (unload). A ledger row takes it from its causal (MOVEMENT_CAUSAL alpha1).',
  values: [
    v('C', 'Carico', 'Load'),
    v('S', 'Scarico', 'Unload'),
  ],
};

export const LEDGER_SOURCE: LookupTableSeed = {
  code: 'LEDGER_SOURCE',
  name: { it: 'Origine della registrazione', en: 'Entry source' },
  description: 'The record that posted a ledger row: the server posts the rows of transports, conferrals, displacements and treatments in their own transaction; MANUAL rows are typed by a user; CORRECTION rows reverse an earlier row (ledger rows are never edited or deleted).',
  values: [
    v('TRANSPORT', 'Trasporto', 'Transport'),
    v('CONFERRAL', 'Conferimento', 'Conferral'),
    v('DISPLACEMENT', 'Trasferimento tra magazzini', 'Displacement'),
    v('TREATMENT', 'Trattamento', 'Treatment'),
    v('MANUAL', 'Registrazione manuale', 'Manual entry'),
    v('CORRECTION', 'Rettifica', 'Correction'),
  ],
};

export const LOGISTICS_TABLES: LookupTableSeed[] = [
  LEDGER_MOVEMENT,
  LEDGER_SOURCE,
  WAREHOUSE_TYPE,
  WRH_UNIT_TYPE,
  MOVEMENT_CAUSAL,
  TRANSPORT_CAUSAL,
  LOAD_TYPE,
  LOAD_STATUS,
  MEASURE_UNIT_CATEGORY,
  MEASURE_UNIT,
  URGENCY,
  REFUSAL_MOTIVATION,
  TRANSACTION_KIND,
  TRANSPORT_STOP_KIND,
  FIR_ANOMALY,
  FIR_VERIFICATION,
];

import type { LookupTableSeed } from '../types.js';
import { v } from './value.js';

/**
 * Assignment pickers of spec §3: the role a subject, warehouse, material or business object
 * plays when it is attached to an area, a job (commessa), a vehicle or a warehouse.
 */

export const AREA_SUBJECT_ROLE: LookupTableSeed = {
  code: 'AREA_SUBJECT_ROLE',
  name: { it: "Ruolo del soggetto nell'area", en: 'Subject role in the area' },
  values: [
    v('AREA_MANAGER', "Responsabile dell'area", 'Area manager'),
    v('PLANNER', 'Pianificatore dei trasporti', 'Transport planner'),
    v('SALES_AGENT', 'Agente commerciale di zona', 'Area sales agent'),
    v('TRANSPORTER', 'Trasportatore di zona', 'Area transporter'),
    v('CUSTOMER', "Cliente dell'area", 'Customer in the area'),
  ],
};

export const AREA_WAREHOUSE: LookupTableSeed = {
  code: 'AREA_WAREHOUSE',
  name: { it: "Ruolo del magazzino nell'area", en: 'Warehouse role in the area' },
  values: [
    v('SERVED_SITE', "Sito servito dall'area", 'Site served by the area'),
    v('OPERATING_BASE', 'Base operativa e rimessa mezzi', 'Operating base and vehicle depot'),
    v('TRANSFER_STATION', 'Stazione di trasferenza', 'Transfer station'),
    v('REFERENCE_PLANT', 'Impianto di riferimento', 'Reference plant'),
  ],
};

export const WAREHOUSE_AREA: LookupTableSeed = {
  code: 'WAREHOUSE_AREA',
  name: { it: 'Zona del magazzino', en: 'Warehouse zone' },
  description: 'Zones inside a warehouse where waste and materials are received, stored or treated.',
  columns: { alpha1: 'Operazione R/D tipica della zona' },
  values: [
    v('RECEPTION', 'Zona di accettazione e pesatura', 'Reception and weighing zone'),
    v('RECOVERY_STORAGE', 'Zona di messa in riserva', 'Storage pending recovery zone', { alpha1: 'R13' }),
    v('DISPOSAL_STORAGE', 'Zona di deposito preliminare', 'Storage pending disposal zone', { alpha1: 'D15' }),
    v('TREATMENT', 'Zona di trattamento', 'Treatment zone'),
    v('PRODUCTS', 'Zona materiali recuperati (End of Waste)', 'Recovered materials (end-of-waste) zone'),
    v('NON_CONFORMING', 'Zona rifiuti non conformi', 'Non-conforming waste zone'),
    v('TEMPORARY_STORAGE', 'Deposito temporaneo prima della raccolta', 'Temporary storage pending collection'),
  ],
};

export const BIZ_JOB_SUBJECT_ROLE: LookupTableSeed = {
  code: 'BIZ_JOB_SUBJECT_ROLE',
  name: { it: 'Ruolo del soggetto nella commessa', en: 'Subject role in the job' },
  values: [
    v('CLIENT', 'Committente', 'Client'),
    v('JOB_MANAGER', 'Responsabile di commessa', 'Job manager'),
    v('WORKS_DIRECTOR', 'Direttore dei lavori', 'Works director'),
    v('SAFETY_COORDINATOR', "Coordinatore per la sicurezza in fase di esecuzione", 'Construction safety coordinator'),
    v('SUBCONTRACTOR', 'Subappaltatore', 'Subcontractor'),
    v('TRANSPORTER', 'Trasportatore', 'Transporter'),
    v('PLANT', 'Impianto di destinazione', 'Destination plant'),
  ],
};

export const BIZ_JOB_WAREHOUSE: LookupTableSeed = {
  code: 'BIZ_JOB_WAREHOUSE',
  name: { it: 'Ruolo del magazzino nella commessa', en: 'Warehouse role in the job' },
  values: [
    v('WORK_SITE', 'Cantiere (luogo di produzione)', 'Work site (place of production)'),
    v('INTERMEDIATE_STORAGE', 'Stoccaggio intermedio', 'Intermediate storage'),
    v('DESTINATION', 'Impianto di destinazione', 'Destination plant'),
  ],
};

export const VEHICLE_SUBJECT_ROLE: LookupTableSeed = {
  code: 'VEHICLE_SUBJECT_ROLE',
  name: { it: 'Ruolo del soggetto sul veicolo', en: 'Subject role on the vehicle' },
  values: [
    v('OWNER', 'Intestatario', 'Registered owner'),
    v('LESSEE', 'Locatario (leasing o noleggio)', 'Lessee (leasing or rental)'),
    v('USER', 'Utilizzatore', 'User'),
    v('DRIVER', 'Autista abituale', 'Regular driver'),
    v('WORKSHOP', 'Officina di manutenzione', 'Maintenance workshop'),
  ],
};

export const WAREHOUSE_MATERIAL: LookupTableSeed = {
  code: 'WAREHOUSE_MATERIAL',
  name: { it: 'Relazione magazzino-materiale', en: 'Warehouse-material relation' },
  columns: { alpha1: 'C = il materiale entra nel magazzino, S = ne esce' },
  values: [
    v('ACCEPTED_INPUT', 'Materiale accettato in ingresso', 'Material accepted as input', { alpha1: 'C' }),
    v('PRODUCED_OUTPUT', 'Materiale prodotto', 'Material produced', { alpha1: 'C' }),
    v('FOR_SALE', 'Materiale in vendita', 'Material for sale', { alpha1: 'S' }),
    v('SHIPPED', 'Materiale avviato a destinazione', 'Material shipped to destination', { alpha1: 'S' }),
  ],
};

export const AREA_BIZ_OBJECT: LookupTableSeed = {
  code: 'AREA_BIZ_OBJECT',
  name: { it: "Oggetto di business dell'area", en: 'Area business object' },
  description: 'Kinds of business object an area can be assigned; BIZ_OBJECT_SUBTYPE refines them.',
  values: [
    v('WASTE', 'Rifiuto (codice EER)', 'Waste (EWC code)'),
    v('MATERIAL', 'Materiale', 'Material'),
    v('SERVICE', 'Servizio', 'Service'),
    v('LOAD_UNIT', 'Unità di carico', 'Load unit'),
    v('VEHICLE', 'Veicolo', 'Vehicle'),
  ],
};

export const BIZ_OBJECT_SUBTYPE: LookupTableSeed = {
  code: 'BIZ_OBJECT_SUBTYPE',
  name: { it: "Sottotipo di oggetto di business", en: 'Business object subtype' },
  description: 'Subtypes of the business objects; the picker filters them by alpha1 = the AREA_BIZ_OBJECT code (spec §7).',
  columns: { alpha1: 'Oggetto di business a cui appartiene (AREA_BIZ_OBJECT)' },
  values: [
    v('WASTE_URBAN', 'Rifiuto urbano', 'Municipal waste', { alpha1: 'WASTE' }),
    v('WASTE_SPECIAL', 'Rifiuto speciale non pericoloso', 'Non-hazardous special waste', { alpha1: 'WASTE' }),
    v('WASTE_SPECIAL_HAZARDOUS', 'Rifiuto speciale pericoloso', 'Hazardous special waste', { alpha1: 'WASTE' }),
    v('MATERIAL_END_OF_WASTE', 'Materiale End of Waste', 'End-of-waste material', { alpha1: 'MATERIAL' }),
    v('MATERIAL_BY_PRODUCT', 'Sottoprodotto', 'By-product', { alpha1: 'MATERIAL' }),
    v('SERVICE_COLLECTION', 'Servizio di raccolta', 'Collection service', { alpha1: 'SERVICE' }),
    v('SERVICE_RENTAL', 'Servizio di noleggio', 'Rental service', { alpha1: 'SERVICE' }),
    v('LOAD_UNIT_SKIP', 'Cassone scarrabile', 'Roll-off skip', { alpha1: 'LOAD_UNIT' }),
    v('LOAD_UNIT_BIN', 'Bidone carrellato', 'Wheelie bin', { alpha1: 'LOAD_UNIT' }),
    v('LOAD_UNIT_BIG_BAG', 'Big bag', 'Big bag', { alpha1: 'LOAD_UNIT' }),
    v('LOAD_UNIT_DRUM', 'Fusto', 'Drum', { alpha1: 'LOAD_UNIT' }),
    v('LOAD_UNIT_IBC', 'Cisternetta (IBC)', 'Intermediate bulk container (IBC)', { alpha1: 'LOAD_UNIT' }),
    v('LOAD_UNIT_PALLET', 'Bancale', 'Pallet', { alpha1: 'LOAD_UNIT' }),
    v('VEHICLE_COLLECTION', 'Mezzo di raccolta', 'Collection vehicle', { alpha1: 'VEHICLE' }),
    v('VEHICLE_HAULAGE', 'Mezzo di trasporto', 'Haulage vehicle', { alpha1: 'VEHICLE' }),
  ],
};

export const ASSIGNMENT_TABLES: LookupTableSeed[] = [
  AREA_SUBJECT_ROLE,
  AREA_WAREHOUSE,
  WAREHOUSE_AREA,
  BIZ_JOB_SUBJECT_ROLE,
  BIZ_JOB_WAREHOUSE,
  VEHICLE_SUBJECT_ROLE,
  WAREHOUSE_MATERIAL,
  AREA_BIZ_OBJECT,
  BIZ_OBJECT_SUBTYPE,
];

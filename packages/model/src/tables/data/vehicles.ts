import type { LookupTableSeed } from '../types.js';
import { v } from './value.js';

/** Tables of the vehicle master data. */

export const VEHICLE_TYPE: LookupTableSeed = {
  code: 'VEHICLE_TYPE',
  name: { it: 'Tipo di veicolo', en: 'Vehicle type' },
  description: 'Body and configuration of the vehicles used to collect and move waste.',
  columns: { flag1: 'Veicolo trainato (rimorchio o semirimorchio)' },
  values: [
    v('MOTRICE', 'Motrice (autocarro)', 'Rigid truck', { flag1: false }),
    v('TRATTORE', 'Trattore stradale', 'Tractor unit', { flag1: false }),
    v('AUTOARTICOLATO', 'Autoarticolato (trattore con semirimorchio)', 'Articulated lorry (tractor and semi-trailer)', { flag1: false }),
    v('BILICO', 'Bilico con semirimorchio a vasca ribaltabile', 'Articulated tipper (semi-trailer with tipping body)', { flag1: false }),
    v('AUTOTRENO', 'Autotreno (motrice con rimorchio)', 'Truck and trailer combination', { flag1: false }),
    v('SEMIRIMORCHIO', 'Semirimorchio', 'Semi-trailer', { flag1: true }),
    v('RIMORCHIO', 'Rimorchio', 'Trailer', { flag1: true }),
    v('SCARRABILE', 'Autocarro scarrabile (gancio)', 'Hook-lift truck', { flag1: false }),
    v('MULTIBENNA', 'Autocarro multibenna (catene)', 'Skip loader truck', { flag1: false }),
    v('COMPATTATORE', 'Autocompattatore', 'Refuse compactor truck', { flag1: false }),
    v('VASCA', 'Autocarro con vasca (costipatore)', 'Small tipper collection truck', { flag1: false }),
    v('FURGONE', 'Furgone', 'Van', { flag1: false }),
    v('GRU', 'Autocarro con gru', 'Crane truck', { flag1: false }),
    v('CISTERNA', 'Autocisterna', 'Tanker truck', { flag1: false }),
    v('AUTOSPURGO', 'Autospurgo (canal jet)', 'Vacuum and jetting truck', { flag1: false }),
    v('SPAZZATRICE', 'Spazzatrice stradale', 'Street sweeper', { flag1: false }),
  ],
};

export const POLLUTION_CATEGORY: LookupTableSeed = {
  code: 'POLLUTION_CATEGORY',
  name: { it: 'Classe ambientale', en: 'Emission class' },
  description: 'Euro emission class of the vehicle, as on the registration certificate, or its powertrain when it has no Euro class.',
  values: [
    v('EURO_0', 'Euro 0', 'Euro 0'),
    v('EURO_1', 'Euro 1', 'Euro 1'),
    v('EURO_2', 'Euro 2', 'Euro 2'),
    v('EURO_3', 'Euro 3', 'Euro 3'),
    v('EURO_4', 'Euro 4', 'Euro 4'),
    v('EURO_5', 'Euro 5', 'Euro 5'),
    v('EURO_6', 'Euro 6', 'Euro 6'),
    v('HYBRID', 'Ibrido', 'Hybrid'),
    v('ELECTRIC', 'Elettrico', 'Electric'),
  ],
};

export const EC_TYPE: LookupTableSeed = {
  code: 'EC_TYPE',
  name: { it: 'Categoria di omologazione CE', en: 'EC type-approval category' },
  description:
    'Assumed meaning (the spec gives only the name): the EC type-approval category of a goods vehicle or trailer (Regulation (EU) 2018/858), field J of the registration certificate.',
  columns: { alpha1: 'Massa massima ammissibile' },
  values: [
    v('N1', 'N1 – Veicolo per trasporto merci fino a 3,5 t', 'N1 – Goods vehicle up to 3.5 t', { alpha1: '≤ 3,5 t' }),
    v('N2', 'N2 – Veicolo per trasporto merci oltre 3,5 t fino a 12 t', 'N2 – Goods vehicle over 3.5 t up to 12 t', { alpha1: '> 3,5 t ≤ 12 t' }),
    v('N3', 'N3 – Veicolo per trasporto merci oltre 12 t', 'N3 – Goods vehicle over 12 t', { alpha1: '> 12 t' }),
    v('O1', 'O1 – Rimorchio fino a 0,75 t', 'O1 – Trailer up to 0.75 t', { alpha1: '≤ 0,75 t' }),
    v('O2', 'O2 – Rimorchio oltre 0,75 t fino a 3,5 t', 'O2 – Trailer over 0.75 t up to 3.5 t', { alpha1: '> 0,75 t ≤ 3,5 t' }),
    v('O3', 'O3 – Rimorchio oltre 3,5 t fino a 10 t', 'O3 – Trailer over 3.5 t up to 10 t', { alpha1: '> 3,5 t ≤ 10 t' }),
    v('O4', 'O4 – Rimorchio oltre 10 t', 'O4 – Trailer over 10 t', { alpha1: '> 10 t' }),
  ],
};

export const VEHICLE_TABLES: LookupTableSeed[] = [VEHICLE_TYPE, POLLUTION_CATEGORY, EC_TYPE];

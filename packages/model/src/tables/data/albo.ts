import type { LookupTableSeed } from '../types.js';
import { v } from './value.js';

/** The register of authorised transporters and brokers (Albo Nazionale Gestori Ambientali). */

export const ALBO_CATEGORY: LookupTableSeed = {
  code: 'ALBO_CATEGORY',
  name: { it: 'Categorie dell\'Albo Gestori Ambientali', en: 'Categories of the Albo Gestori Ambientali' },
  description: 'Registration categories of the national register of environmental operators (art. 8, DM 120/2014). flag1: the category covers hazardous waste.',
  columns: { flag1: 'Comprende rifiuti pericolosi' },
  values: [
    v('1', 'Raccolta e trasporto di rifiuti urbani', 'Collection and transport of municipal waste', { flag1: true }),
    v('2-bis', 'Produttori iniziali che trasportano i propri rifiuti', 'Producers transporting their own waste', { flag1: true }),
    v('3-bis', 'Distributori e installatori di AEE (raccolta RAEE)', 'EEE distributors and installers (WEEE collection)', { flag1: true }),
    v('4', 'Raccolta e trasporto di rifiuti speciali non pericolosi', 'Collection and transport of special non-hazardous waste', { flag1: false }),
    v('5', 'Raccolta e trasporto di rifiuti speciali pericolosi', 'Collection and transport of special hazardous waste', { flag1: true }),
    v('6', 'Gestione dei centri di raccolta', 'Management of collection centres', { flag1: true }),
    v('8', 'Intermediazione e commercio di rifiuti senza detenzione', 'Brokerage and trade of waste without holding it', { flag1: true }),
    v('9', 'Bonifica di siti', 'Remediation of sites', { flag1: true }),
    v('10', 'Bonifica di beni contenenti amianto', 'Removal of asbestos-containing goods', { flag1: true }),
  ],
};

export const ALBO_CLASS: LookupTableSeed = {
  code: 'ALBO_CLASS',
  name: { it: 'Classi dell\'Albo Gestori Ambientali', en: 'Classes of the Albo Gestori Ambientali' },
  description: 'Classes by size (DM 120/2014): for categories 4, 5 and 8 the yearly tonnes handled (alpha1), for category 1 the inhabitants served (alpha2).',
  columns: { alpha1: 'Tonnellate annue (categorie 4, 5, 8)', alpha2: 'Abitanti serviti (categoria 1)' },
  values: [
    v('A', 'Classe A', 'Class A', { alpha1: '≥ 200.000 t', alpha2: '≥ 500.000' }),
    v('B', 'Classe B', 'Class B', { alpha1: '60.000 – 200.000 t', alpha2: '100.000 – 500.000' }),
    v('C', 'Classe C', 'Class C', { alpha1: '15.000 – 60.000 t', alpha2: '50.000 – 100.000' }),
    v('D', 'Classe D', 'Class D', { alpha1: '6.000 – 15.000 t', alpha2: '20.000 – 50.000' }),
    v('E', 'Classe E', 'Class E', { alpha1: '3.000 – 6.000 t', alpha2: '5.000 – 20.000' }),
    v('F', 'Classe F', 'Class F', { alpha1: '< 3.000 t', alpha2: '< 5.000' }),
  ],
};

export const ALBO_TABLES: LookupTableSeed[] = [ALBO_CATEGORY, ALBO_CLASS];

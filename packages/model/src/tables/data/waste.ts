import type { LookupTableSeed } from '../types.js';
import { v } from './value.js';

/** Tables that classify waste: physical state, hazard properties, EER entry types, ADR data. */

export const WASTE_PHYSICAL_STATE: LookupTableSeed = {
  code: 'WASTE_PHYSICAL_STATE',
  name: { it: 'Stato fisico del rifiuto', en: 'Physical state of waste' },
  description:
    'Codes 1–4 are the physical states of the FIR and register forms (DM 145/1998 and DM 148/1998). The RENTRI forms in force since 13 February 2025 (DM 59/2023) code the same states as SP, S, FP and L and add VS (vischioso sciropposo), kept here under its RENTRI code. No official form lists a gaseous state, so none is seeded.',
  columns: { alpha1: 'Codice dello stato fisico nei formulari e registri RENTRI' },
  values: [
    v('1', 'Solido pulverulento', 'Powdery solid', { alpha1: 'SP' }),
    v('2', 'Solido non pulverulento', 'Non-powdery solid', { alpha1: 'S' }),
    v('3', 'Fangoso palabile', 'Shovelable sludge', { alpha1: 'FP' }),
    v('4', 'Liquido', 'Liquid', { alpha1: 'L' }),
    v('VS', 'Vischioso sciropposo', 'Viscous, syrupy', { alpha1: 'VS' }),
  ],
};

export const WASTE_DESTINATION_USE: LookupTableSeed = {
  code: 'WASTE_DESTINATION_USE',
  name: { it: 'Destinazione del rifiuto', en: 'Waste destination' },
  description: 'What the waste is sent to, in the order of the waste hierarchy (art. 179 D.Lgs. 152/2006).',
  columns: { alpha1: 'Famiglia di operazioni: R (recupero) o D (smaltimento)', alpha2: 'Operazioni R/D tipiche' },
  values: [
    v('REUSE_PREPARATION', 'Preparazione per il riutilizzo', 'Preparing for re-use', { alpha1: 'R', alpha2: 'R3,R4,R5' }),
    v('MATERIAL_RECOVERY', 'Recupero di materia (riciclaggio)', 'Material recovery (recycling)', { alpha1: 'R', alpha2: 'R2,R3,R4,R5,R6,R7,R8,R9,R11' }),
    v('ENERGY_RECOVERY', 'Recupero di energia', 'Energy recovery', { alpha1: 'R', alpha2: 'R1' }),
    v('RECOVERY_STORAGE', 'Messa in riserva prima del recupero', 'Storage pending recovery', { alpha1: 'R', alpha2: 'R12,R13' }),
    v('DISPOSAL', 'Smaltimento', 'Disposal', { alpha1: 'D', alpha2: 'D1,D8,D9,D10' }),
    v('DISPOSAL_STORAGE', 'Deposito preliminare prima dello smaltimento', 'Storage pending disposal', { alpha1: 'D', alpha2: 'D13,D14,D15' }),
  ],
};

export const WASTE_CLASSIFICATION: LookupTableSeed = {
  code: 'WASTE_CLASSIFICATION',
  name: { it: 'Classificazione del rifiuto', en: 'Waste classification' },
  description:
    'Outcome of the characterisation of a waste under a mirror EER entry (Allegato D, Parte IV, D.Lgs. 152/2006: a mirror entry is hazardous or not according to the analysis).',
  columns: { flag1: 'Pericoloso' },
  values: [
    v('HAZARDOUS', 'Pericoloso', 'Hazardous', { flag1: true }),
    v('NON_HAZARDOUS', 'Non pericoloso', 'Non-hazardous', { flag1: false }),
  ],
};

export const WASTE_ENTRY_TYPE: LookupTableSeed = {
  code: 'WASTE_ENTRY_TYPE',
  name: { it: 'Tipo di voce EER', en: 'EWC entry type' },
  description:
    'Kinds of entry of the European List of Waste. val is the entryType string of data/ewc-codes.json, so catalogue rows map to these values by val.',
  columns: { flag1: 'Voce pericolosa (codice con asterisco)' },
  values: [
    v('ABSOLUTE_HAZARDOUS', 'Voce assoluta pericolosa', 'Absolute hazardous entry', { val: 'Absolute hazardous', flag1: true }),
    v('ABSOLUTE_NON_HAZARDOUS', 'Voce assoluta non pericolosa', 'Absolute non-hazardous entry', { val: 'Absolute non-hazardous', flag1: false }),
    v('MIRROR_HAZARDOUS', 'Voce a specchio pericolosa', 'Mirror hazardous entry', { val: 'Mirror hazardous', flag1: true }),
    v('MIRROR_NON_HAZARDOUS', 'Voce a specchio non pericolosa', 'Mirror non-hazardous entry', { val: 'Mirror non-hazardous', flag1: false }),
  ],
};

export const HP_PROPERTY: LookupTableSeed = {
  code: 'HP_PROPERTY',
  name: { it: 'Caratteristiche di pericolo', en: 'Hazardous properties' },
  description:
    'Hazardous properties of waste, Annex III of Directive 2008/98/EC as replaced by Regulation (EU) No 1357/2014 (Allegato I, Parte IV, D.Lgs. 152/2006), plus persistent organic pollutants (Regulation (EU) 2019/1021).',
  columns: { alpha1: 'Codice nei formulari e registri RENTRI' },
  values: [
    v('HP1', 'Esplosivo', 'Explosive', { alpha1: 'HP01' }),
    v('HP2', 'Comburente', 'Oxidising', { alpha1: 'HP02' }),
    v('HP3', 'Infiammabile', 'Flammable', { alpha1: 'HP03' }),
    v('HP4', 'Irritante – Irritazione cutanea e lesioni oculari', 'Irritant – skin irritation and eye damage', { alpha1: 'HP04' }),
    v('HP5', 'Tossicità specifica per organi bersaglio (STOT)/Tossicità in caso di aspirazione', 'Specific target organ toxicity (STOT)/Aspiration toxicity', { alpha1: 'HP05' }),
    v('HP6', 'Tossicità acuta', 'Acute toxicity', { alpha1: 'HP06' }),
    v('HP7', 'Cancerogeno', 'Carcinogenic', { alpha1: 'HP07' }),
    v('HP8', 'Corrosivo', 'Corrosive', { alpha1: 'HP08' }),
    v('HP9', 'Infettivo', 'Infectious', { alpha1: 'HP09' }),
    v('HP10', 'Tossico per la riproduzione', 'Toxic for reproduction', { alpha1: 'HP10' }),
    v('HP11', 'Mutageno', 'Mutagenic', { alpha1: 'HP11' }),
    v('HP12', 'Liberazione di gas a tossicità acuta', 'Release of an acute toxic gas', { alpha1: 'HP12' }),
    v('HP13', 'Sensibilizzante', 'Sensitising', { alpha1: 'HP13' }),
    v('HP14', 'Ecotossico', 'Ecotoxic', { alpha1: 'HP14' }),
    v(
      'HP15',
      'Rifiuto che non possiede direttamente una delle caratteristiche di pericolo summenzionate ma può manifestarla successivamente',
      'Waste capable of exhibiting a hazardous property listed above not directly displayed by the original waste',
      { alpha1: 'HP15' },
    ),
    v('POP', 'Contiene inquinanti organici persistenti (POP)', 'Contains persistent organic pollutants (POPs)'),
  ],
};

export const ADR_CLASS: LookupTableSeed = {
  code: 'ADR_CLASS',
  name: { it: 'Classe ADR', en: 'ADR class' },
  description: 'Classes of dangerous goods of the ADR agreement (part 2), with the divisions of class 1 and the label sub-classes of class 2.',
  columns: { alpha1: 'Classe principale' },
  values: [
    v('1', 'Materie e oggetti esplosivi', 'Explosive substances and articles', { alpha1: '1' }),
    v('1.1', 'Esplosivi con pericolo di esplosione in massa', 'Explosives with a mass explosion hazard', { alpha1: '1' }),
    v('1.2', 'Esplosivi con pericolo di proiezione, senza esplosione in massa', 'Explosives with a projection hazard but not a mass explosion hazard', { alpha1: '1' }),
    v('1.3', 'Esplosivi con pericolo di incendio e lieve pericolo di spostamento d\'aria o di proiezione', 'Explosives with a fire hazard and a minor blast or projection hazard', { alpha1: '1' }),
    v('1.4', 'Esplosivi che presentano solo un pericolo minore', 'Explosives presenting only a minor hazard', { alpha1: '1' }),
    v('1.5', 'Materie molto poco sensibili con pericolo di esplosione in massa', 'Very insensitive substances with a mass explosion hazard', { alpha1: '1' }),
    v('1.6', 'Oggetti estremamente poco sensibili senza pericolo di esplosione in massa', 'Extremely insensitive articles without a mass explosion hazard', { alpha1: '1' }),
    v('2', 'Gas', 'Gases', { alpha1: '2' }),
    v('2.1', 'Gas infiammabili', 'Flammable gases', { alpha1: '2' }),
    v('2.2', 'Gas non infiammabili e non tossici', 'Non-flammable, non-toxic gases', { alpha1: '2' }),
    v('2.3', 'Gas tossici', 'Toxic gases', { alpha1: '2' }),
    v('3', 'Liquidi infiammabili', 'Flammable liquids', { alpha1: '3' }),
    v(
      '4.1',
      'Materie solide infiammabili, materie autoreattive, materie che polimerizzano ed esplosivi solidi desensibilizzati',
      'Flammable solids, self-reactive substances, polymerizing substances and solid desensitized explosives',
      { alpha1: '4' },
    ),
    v('4.2', 'Materie soggette ad accensione spontanea', 'Substances liable to spontaneous combustion', { alpha1: '4' }),
    v('4.3', "Materie che, a contatto con l'acqua, sviluppano gas infiammabili", 'Substances which, in contact with water, emit flammable gases', { alpha1: '4' }),
    v('5.1', 'Materie comburenti', 'Oxidizing substances', { alpha1: '5' }),
    v('5.2', 'Perossidi organici', 'Organic peroxides', { alpha1: '5' }),
    v('6.1', 'Materie tossiche', 'Toxic substances', { alpha1: '6' }),
    v('6.2', 'Materie infettanti', 'Infectious substances', { alpha1: '6' }),
    v('7', 'Materiali radioattivi', 'Radioactive material', { alpha1: '7' }),
    v('8', 'Materie corrosive', 'Corrosive substances', { alpha1: '8' }),
    v('9', 'Materie e oggetti pericolosi diversi', 'Miscellaneous dangerous substances and articles', { alpha1: '9' }),
  ],
};

export const ADR_PACKING_GROUP: LookupTableSeed = {
  code: 'ADR_PACKING_GROUP',
  name: { it: 'Gruppo di imballaggio ADR', en: 'ADR packing group' },
  values: [
    v('I', 'Gruppo I – materie molto pericolose', 'Group I – high danger'),
    v('II', 'Gruppo II – materie mediamente pericolose', 'Group II – medium danger'),
    v('III', 'Gruppo III – materie poco pericolose', 'Group III – low danger'),
  ],
};

export const CHEMICAL: LookupTableSeed = {
  code: 'CHEMICAL',
  name: { it: 'Parametro chimico', en: 'Chemical parameter' },
  description: 'Substances and parameters commonly determined when characterising waste or checking landfill acceptance.',
  columns: { alpha1: 'Numero CAS (se la voce è una sostanza singola)', alpha2: 'Simbolo o formula' },
  values: [
    v('AS', 'Arsenico', 'Arsenic', { alpha1: '7440-38-2', alpha2: 'As' }),
    v('CD', 'Cadmio', 'Cadmium', { alpha1: '7440-43-9', alpha2: 'Cd' }),
    v('CR_TOT', 'Cromo totale', 'Total chromium', { alpha1: '7440-47-3', alpha2: 'Cr' }),
    v('CR_VI', 'Cromo esavalente', 'Hexavalent chromium', { alpha1: '18540-29-9', alpha2: 'Cr(VI)' }),
    v('CU', 'Rame', 'Copper', { alpha1: '7440-50-8', alpha2: 'Cu' }),
    v('HG', 'Mercurio', 'Mercury', { alpha1: '7439-97-6', alpha2: 'Hg' }),
    v('NI', 'Nichel', 'Nickel', { alpha1: '7440-02-0', alpha2: 'Ni' }),
    v('PB', 'Piombo', 'Lead', { alpha1: '7439-92-1', alpha2: 'Pb' }),
    v('ZN', 'Zinco', 'Zinc', { alpha1: '7440-66-6', alpha2: 'Zn' }),
    v('BENZENE', 'Benzene', 'Benzene', { alpha1: '71-43-2', alpha2: 'C6H6' }),
    v('TOLUENE', 'Toluene', 'Toluene', { alpha1: '108-88-3', alpha2: 'C7H8' }),
    v('ASBESTOS', 'Amianto', 'Asbestos', { alpha1: '1332-21-4' }),
    v('PCB', 'Policlorobifenili (PCB)', 'Polychlorinated biphenyls (PCBs)', { alpha1: '1336-36-3' }),
    v('PAH', 'Idrocarburi policiclici aromatici (IPA)', 'Polycyclic aromatic hydrocarbons (PAHs)'),
    v('HC_C10_C40', 'Idrocarburi C10-C40', 'Hydrocarbons C10-C40'),
    v('CHLORIDES', 'Cloruri', 'Chlorides', { alpha2: 'Cl⁻' }),
    v('SULPHATES', 'Solfati', 'Sulphates', { alpha2: 'SO₄²⁻' }),
    v('FLUORIDES', 'Fluoruri', 'Fluorides', { alpha2: 'F⁻' }),
    v('DOC', 'Carbonio organico disciolto (DOC)', 'Dissolved organic carbon (DOC)'),
    v('TOC', 'Carbonio organico totale (TOC)', 'Total organic carbon (TOC)'),
  ],
};


export const EER_CHAPTER: LookupTableSeed = {
  code: 'EER_CHAPTER',
  name: { it: 'Capitoli dell\'elenco europeo dei rifiuti', en: 'Chapters of the European List of Waste' },
  description:
    'The 20 chapters of the European List of Waste (Decision 2014/955/EU; Allegato D, Parte IV, D.Lgs. 152/2006): the first two digits of an EER code. English titles from data/ewc-codes.json (Open Government Licence v3.0), Italian titles from the Italian text of the list.',
  values: [
    v('01', 'Rifiuti derivanti da prospezione, estrazione da miniera o cava, nonché dal trattamento fisico o chimico di minerali', 'Wastes resulting from exploration, mining, quarrying, and physical and chemical treatment of minerals'),
    v('02', 'Rifiuti prodotti da agricoltura, orticoltura, acquacoltura, selvicoltura, caccia e pesca, trattamento e preparazione di alimenti', 'Wastes from agriculture, horticulture, aquaculture, forestry, hunting and fishing, food preparation and processing'),
    v('03', 'Rifiuti della lavorazione del legno e della produzione di pannelli, mobili, polpa, carta e cartone', 'Wastes from wood processing and the production of panels and furniture, pulp, paper and cardboard'),
    v('04', 'Rifiuti della lavorazione di pelli e pellicce e dell\'industria tessile', 'Wastes from the leather, fur and textile industries'),
    v('05', 'Rifiuti della raffinazione del petrolio, purificazione del gas naturale e trattamento pirolitico del carbone', 'Wastes from petroleum refining, natural gas purification and pyrolytic treatment of coal'),
    v('06', 'Rifiuti dei processi chimici inorganici', 'Wastes from inorganic chemical processes'),
    v('07', 'Rifiuti dei processi chimici organici', 'Wastes from organic chemical processes'),
    v('08', 'Rifiuti della produzione, formulazione, fornitura ed uso di rivestimenti (pitture, vernici e smalti vetrati), adesivi, sigillanti e inchiostri per stampa', 'Wastes from the manufacture, formulation, supply and use (mfsu) of coatings (paints, varnishes and vitreous enamels), adhesives, sealants and printing inks'),
    v('09', 'Rifiuti dell\'industria fotografica', 'Wastes from the photographic industry'),
    v('10', 'Rifiuti provenienti da processi termici', 'Wastes from thermal processes'),
    v('11', 'Rifiuti prodotti dal trattamento chimico superficiale e dal rivestimento di metalli ed altri materiali; idrometallurgia non ferrosa', 'Wastes from chemical surface treatment and coating of metals and other materials; non-ferrous hydro-metallurgy'),
    v('12', 'Rifiuti prodotti dalla lavorazione e dal trattamento fisico e meccanico superficiale di metalli e plastica', 'Wastes from shaping and physical and mechanical surface treatment of metals and plastics'),
    v('13', 'Oli esauriti e residui di combustibili liquidi (tranne oli commestibili ed oli di cui ai capitoli 05, 12 e 19)', 'Oil wastes and wastes of liquid fuels (except edible oils, and those in chapters 05, 12 and 19)'),
    v('14', 'Solventi organici, refrigeranti e propellenti di scarto (tranne 07 e 08)', 'Waste organic solvents, refrigerants and propellants (except 07 and 08)'),
    v('15', 'Rifiuti di imballaggio, assorbenti, stracci, materiali filtranti e indumenti protettivi (non specificati altrimenti)', 'Waste packaging, absorbents, wiping cloths, filter materials and protective clothing not otherwise specified'),
    v('16', 'Rifiuti non specificati altrimenti nell\'elenco', 'Wastes not otherwise specified in the list'),
    v('17', 'Rifiuti delle attività di costruzione e demolizione (compreso il terreno prelevato da siti contaminati)', 'Construction and demolition wastes (including excavated soil from contaminated sites)'),
    v('18', 'Rifiuti prodotti dal settore sanitario e veterinario o da attività di ricerca collegate (tranne i rifiuti di cucina e di ristorazione non direttamente provenienti da trattamento terapeutico)', 'Wastes from human or animal health care and/or related research (except kitchen and restaurant wastes not arising from immediate health care)'),
    v('19', 'Rifiuti prodotti da impianti di trattamento dei rifiuti, impianti di trattamento delle acque reflue fuori sito, nonché dalla potabilizzazione dell\'acqua e dalla sua preparazione per uso industriale', 'Wastes from waste management facilities, off-site waste water treatment plants and the preparation of water intended for human consumption and water for industrial use'),
    v('20', 'Rifiuti urbani (rifiuti domestici e assimilabili prodotti da attività commerciali e industriali nonché dalle istituzioni) inclusi i rifiuti della raccolta differenziata', 'Municipal wastes (household waste and similar commercial, industrial and institutional wastes) including separately collected fractions'),
  ],
};

export const WASTE_TABLES: LookupTableSeed[] = [
  EER_CHAPTER,
  WASTE_PHYSICAL_STATE,
  WASTE_DESTINATION_USE,
  WASTE_ENTRY_TYPE,
  WASTE_CLASSIFICATION,
  HP_PROPERTY,
  ADR_CLASS,
  ADR_PACKING_GROUP,
  CHEMICAL,
];

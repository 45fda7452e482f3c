// Contains public sector information licensed under the Open Government Licence v3.0.
// English descriptions: data/recovery-disposal-codes.json (List of Wastes (England) Regulations 2005,
// as kept by DEFRA's waste-movement-external-api). Italian wording: Allegati B (D) and C (R) alla
// Parte IV del D.Lgs. 152/2006, as coded in the RENTRI forms and registers; footnotes left out.
import type { LookupTableSeed } from '../types.js';
import { v } from './value.js';

export const RD_OPERATION: LookupTableSeed = {
  code: 'RD_OPERATION',
  name: { it: 'Operazioni di recupero e smaltimento', en: 'Recovery and disposal operations' },
  description: 'R1–R13 recovery and D1–D15 disposal operations (Annexes I and II of Directive 2008/98/EC).',
  columns: {
    alpha1: 'R = recupero, D = smaltimento',
    flag1: 'Operazione intermedia (scambio, raggruppamento, ricondizionamento o stoccaggio prima di un trattamento finale)',
  },
  values: [
    v('R1', 'Utilizzazione principale come combustibile o come altro mezzo per produrre energia', 'Use principally as a fuel or other means to generate energy', { alpha1: 'R', flag1: false }),
    v('R2', 'Rigenerazione/recupero di solventi', 'Solvent reclamation/regeneration', { alpha1: 'R', flag1: false }),
    v('R3', 'Riciclo/recupero delle sostanze organiche non utilizzate come solventi (comprese le operazioni di compostaggio e altre trasformazioni biologiche)', 'Recycling/reclamation of organic substances which are not used as solvents (including composting and other biological transformation processes)', { alpha1: 'R', flag1: false }),
    v('R4', 'Riciclo/recupero dei metalli e dei composti metallici', 'Recycling/reclamation of metals and metal compounds', { alpha1: 'R', flag1: false }),
    v('R5', 'Riciclo/recupero di altre sostanze inorganiche', 'Recycling/reclamation of other inorganic materials', { alpha1: 'R', flag1: false }),
    v('R6', 'Rigenerazione degli acidi o delle basi', 'Regeneration of acids or bases', { alpha1: 'R', flag1: false }),
    v('R7', 'Recupero dei prodotti che servono a captare gli inquinanti', 'Recovery of components used for pollution abatement', { alpha1: 'R', flag1: false }),
    v('R8', 'Recupero dei prodotti provenienti dai catalizzatori', 'Recovery of components from catalysts', { alpha1: 'R', flag1: false }),
    v('R9', 'Rigenerazione o altri reimpieghi degli oli', 'Oil re-refining or other reuses of oil', { alpha1: 'R', flag1: false }),
    v('R10', "Spandimento sul suolo a beneficio dell'agricoltura o dell'ecologia", 'Land treatment resulting in benefit to agriculture or ecological improvement', { alpha1: 'R', flag1: false }),
    v('R11', 'Utilizzazione di rifiuti ottenuti da una delle operazioni indicate da R1 a R10', 'Use of wastes obtained from any of the operations numbered R1 to R10', { alpha1: 'R', flag1: false }),
    v('R12', 'Scambio di rifiuti per sottoporli a una delle operazioni indicate da R1 a R11', 'Exchange of wastes for submission to any of the operations numbered R1 to R11', { alpha1: 'R', flag1: true }),
    v('R13', 'Messa in riserva di rifiuti per sottoporli a una delle operazioni indicate nei punti da R1 a R12 (escluso il deposito temporaneo, prima della raccolta, nel luogo in cui sono prodotti)', 'Storage of wastes pending any of the operations numbered R1 to R12 (excluding temporary storage, pending collection, on the site where it is produced)', { alpha1: 'R', flag1: true }),
    v('D1', 'Deposito sul o nel suolo (ad esempio discarica)', 'Deposit into or onto land, e.g. landfill', { alpha1: 'D', flag1: false }),
    v('D2', 'Trattamento in ambiente terrestre (ad esempio biodegradazione di rifiuti liquidi o fanghi nei suoli)', 'Land treatment, e.g. biodegradation of liquid or sludgy discards in soils', { alpha1: 'D', flag1: false }),
    v('D3', 'Iniezioni in profondità (ad esempio iniezioni dei rifiuti pompabili in pozzi, in cupole saline o faglie geologiche naturali)', 'Deep injection, e.g. injection of pumpable discards into wells, salt domes or naturally occurring repositories', { alpha1: 'D', flag1: false }),
    v('D4', 'Lagunaggio (ad esempio scarico di rifiuti liquidi o di fanghi in pozzi, stagni o lagune, ecc.)', 'Surface impoundment, e.g. placement of liquid or sludgy discards into pits, ponds or lagoons', { alpha1: 'D', flag1: false }),
    v('D5', "Messa in discarica specialmente allestita (ad esempio sistematizzazione in alveoli stagni, separati, ricoperti o isolati gli uni dagli altri e dall'ambiente)", 'Specially engineered landfill, e.g. placement into lined discrete cells which are capped and isolated from one another and the environment', { alpha1: 'D', flag1: false }),
    v('D6', "Scarico dei rifiuti solidi nell'ambiente idrico eccetto l'immersione", 'Release into a water body, except seas/oceans', { alpha1: 'D', flag1: false }),
    v('D7', 'Immersione, compreso il seppellimento nel sottosuolo marino', 'Release into seas/oceans, including sea-bed insertion', { alpha1: 'D', flag1: false }),
    v('D8', 'Trattamento biologico non specificato altrove nel presente allegato, che dia origine a composti o a miscugli che vengono eliminati secondo uno dei procedimenti elencati nei punti da D1 a D12', 'Biological treatment resulting in final compounds or mixtures which are discarded by any of the operations numbered D1 to D12', { alpha1: 'D', flag1: false }),
    v('D9', 'Trattamento fisico-chimico non specificato altrove nel presente allegato, che dia origine a composti o a miscugli eliminati secondo uno dei procedimenti elencati nei punti da D1 a D12 (ad esempio evaporazione, essiccazione, calcinazione, ecc.)', 'Physico-chemical treatment resulting in final compounds or mixtures which are discarded by any of the operations numbered D1 to D12, e.g. evaporation, drying, calcination', { alpha1: 'D', flag1: false }),
    v('D10', 'Incenerimento a terra', 'Incineration on land', { alpha1: 'D', flag1: false }),
    v('D11', 'Incenerimento in mare', 'Incineration at sea', { alpha1: 'D', flag1: false }),
    v('D12', 'Deposito permanente (ad esempio sistemazione di contenitori in una miniera)', 'Permanent storage, e.g. emplacement of containers in a mine', { alpha1: 'D', flag1: false }),
    v('D13', 'Raggruppamento preliminare prima di una delle operazioni di cui ai punti da D1 a D12', 'Blending or mixing prior to submission to any of the operations numbered D1 to D12', { alpha1: 'D', flag1: true }),
    v('D14', 'Ricondizionamento preliminare prima di una delle operazioni di cui ai punti da D1 a D13', 'Repackaging prior to submission to any of the operations numbered D1 to D13', { alpha1: 'D', flag1: true }),
    v('D15', 'Deposito preliminare prima di una delle operazioni di cui ai punti da D1 a D14 (escluso il deposito temporaneo, prima della raccolta, nel luogo in cui sono prodotti)', 'Storage pending any of the operations numbered D1 to D14 (excluding temporary storage, pending collection, on the site where it is produced)', { alpha1: 'D', flag1: true }),
  ],
};

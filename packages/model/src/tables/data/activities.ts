import type { LookupTableSeed } from '../types.js';
import { v } from './value.js';

/** Tables of the calendar, field activities and scheduling. */

export const EVENT_TYPE: LookupTableSeed = {
  code: 'EVENT_TYPE',
  name: { it: 'Tipo di evento', en: 'Event type' },
  description: 'Calendar event types; alpha1 is one of the calendar colours of spec §9 (red, green, grey, yellow).',
  columns: { alpha1: 'Colore nel calendario: red, green, grey, yellow' },
  values: [
    v('PICKUP', 'Ritiro', 'Pickup', { alpha1: 'green' }),
    v('TRANSPORT', 'Trasporto', 'Transport', { alpha1: 'green' }),
    v('CONTAINER_DELIVERY', 'Consegna contenitore', 'Container delivery', { alpha1: 'green' }),
    v('TREATMENT', 'Trattamento', 'Treatment', { alpha1: 'grey' }),
    v('SAMPLING', 'Campionamento', 'Sampling', { alpha1: 'yellow' }),
    v('SITE_VISIT', 'Sopralluogo', 'Site visit', { alpha1: 'yellow' }),
    v('VEHICLE_MAINTENANCE', 'Manutenzione mezzi', 'Vehicle maintenance', { alpha1: 'yellow' }),
    v('MEETING', 'Appuntamento', 'Meeting', { alpha1: 'grey' }),
    v('INSPECTION', 'Controllo degli enti', 'Inspection by the authorities', { alpha1: 'red' }),
    v('DEADLINE', 'Scadenza', 'Deadline', { alpha1: 'red' }),
  ],
};

export const MSA_REASON: LookupTableSeed = {
  code: 'MSA_REASON',
  name: { it: 'Motivo attività MSA', en: 'MSA activity reason' },
  description: 'Assumed meaning (the spec does not expand MSA): reasons for a field activity at a customer site.',
  values: [
    v('SITE_SURVEY', 'Sopralluogo tecnico', 'Technical site survey'),
    v('CONTAINER_DELIVERY', 'Consegna contenitore', 'Container delivery'),
    v('CONTAINER_EXCHANGE', 'Sostituzione contenitore', 'Container exchange'),
    v('CONTAINER_REMOVAL', 'Ritiro contenitore', 'Container removal'),
    v('EQUIPMENT_MAINTENANCE', 'Manutenzione di contenitori e attrezzature', 'Container and equipment maintenance'),
    v('COMPLAINT_CHECK', 'Verifica su segnalazione o reclamo', 'Check after a report or complaint'),
    v('PRODUCER_AUDIT', 'Verifica presso il produttore', 'Producer audit'),
  ],
};

export const ANNUAL_FREQUENCY: LookupTableSeed = {
  code: 'ANNUAL_FREQUENCY',
  name: { it: 'Frequenza annuale', en: 'Annual frequency' },
  description: 'How many times a year something recurs; the code is the number of occurrences per year.',
  columns: { extraValue: 'Espressione cron Quartz suggerita (ore 06:00; giorni della settimana 1 = domenica)' },
  values: [
    v('1', 'Annuale', 'Yearly', { extraValue: '0 0 6 1 1 ?' }),
    v('2', 'Semestrale', 'Every six months', { extraValue: '0 0 6 1 1,7 ?' }),
    v('3', 'Quadrimestrale', 'Every four months', { extraValue: '0 0 6 1 1,5,9 ?' }),
    v('4', 'Trimestrale', 'Quarterly', { extraValue: '0 0 6 1 1,4,7,10 ?' }),
    v('6', 'Bimestrale', 'Every two months', { extraValue: '0 0 6 1 1/2 ?' }),
    v('12', 'Mensile', 'Monthly', { extraValue: '0 0 6 1 * ?' }),
    v('24', 'Due volte al mese', 'Twice a month', { extraValue: '0 0 6 1,15 * ?' }),
    v('52', 'Settimanale', 'Weekly', { extraValue: '0 0 6 ? * 2' }),
    v('104', 'Due volte a settimana', 'Twice a week', { extraValue: '0 0 6 ? * 2,5' }),
    v('156', 'Tre volte a settimana', 'Three times a week', { extraValue: '0 0 6 ? * 2,4,6' }),
    v('260', 'Ogni giorno feriale (lunedì-venerdì)', 'Every weekday (Monday to Friday)', { extraValue: '0 0 6 ? * 2-6' }),
    v('365', 'Giornaliera', 'Daily', { extraValue: '0 0 6 * * ?' }),
  ],
};

export const ACTIVITY_TABLES: LookupTableSeed[] = [EVENT_TYPE, MSA_REASON, ANNUAL_FREQUENCY];

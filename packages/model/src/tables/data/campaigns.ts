import type { LookupTableSeed } from '../types.js';
import { v } from './value.js';

/**
 * Engagement tables: incentive campaigns for citizens, agents and dealers, registration
 * invitations and privacy consents. The spec names most of these tables without values; each
 * table's description says what was assumed.
 */

const DATA_TYPE = 'Tipo di dato del campo: TEXT, NUMBER, BOOLEAN, DATE, EMAIL, PHONE';

export const PARTICIPATION_FIELDS: LookupTableSeed = {
  code: 'PARTICIPATION_FIELDS',
  name: { it: 'Campi di partecipazione', en: 'Participation fields' },
  description:
    'Assumed meaning (the spec gives only the name): the data a participant gives to join a campaign (e.g. rewards for separate collection at a collection centre).',
  columns: { alpha1: DATA_TYPE, flag1: 'Obbligatorio per partecipare' },
  values: [
    v('FIRST_NAME', 'Nome', 'First name', { alpha1: 'TEXT', flag1: true }),
    v('LAST_NAME', 'Cognome', 'Last name', { alpha1: 'TEXT', flag1: true }),
    v('FISCAL_CODE', 'Codice fiscale', 'Italian tax code', { alpha1: 'TEXT', flag1: true }),
    v('EMAIL', 'Indirizzo email', 'Email address', { alpha1: 'EMAIL', flag1: true }),
    v('MOBILE', 'Cellulare', 'Mobile phone', { alpha1: 'PHONE', flag1: false }),
    v('BIRTH_DATE', 'Data di nascita', 'Date of birth', { alpha1: 'DATE', flag1: false }),
  ],
};

export const CONSUMER_FIELDS: LookupTableSeed = {
  code: 'CONSUMER_FIELDS',
  name: { it: 'Campi del profilo utente', en: 'Consumer profile fields' },
  description:
    'Assumed meaning (the spec gives only the name): attributes kept on a citizen or household user of the collection service, as used for the municipal waste tariff (TARI).',
  columns: { alpha1: DATA_TYPE },
  values: [
    v('USER_TYPE', 'Tipo di utenza (domestica o non domestica)', 'User type (household or business)', { alpha1: 'TEXT' }),
    v('TARI_CODE', 'Codice utenza TARI', 'Waste tariff (TARI) account code', { alpha1: 'TEXT' }),
    v('HOUSEHOLD_SIZE', 'Componenti del nucleo familiare', 'Household members', { alpha1: 'NUMBER' }),
    v('HOME_COMPOSTING', 'Pratica il compostaggio domestico', 'Does home composting', { alpha1: 'BOOLEAN' }),
    v('CDR_CARD', 'Numero tessera del centro di raccolta', 'Collection centre card number', { alpha1: 'TEXT' }),
  ],
};

export const MECHANICS: LookupTableSeed = {
  code: 'MECHANICS',
  name: { it: 'Meccanica della campagna', en: 'Campaign mechanics' },
  description:
    'Assumed meaning (the spec gives only the name): how a reward campaign assigns prizes. Italian law (DPR 430/2001) separates prize competitions (concorsi, assigned by chance under a notary or chamber-of-commerce officer) from prize operations (operazioni, every qualifying participant gets the prize). extraFields: legalType CONCORSO | OPERAZIONE, assignment INSTANT | FINAL_DRAW | THRESHOLD, pointsBased, requiresNotary.',
  values: [
    v('POINTS_COLLECTION', 'Raccolta punti', 'Points collection', {
      extraFields: { legalType: 'OPERAZIONE', assignment: 'THRESHOLD', pointsBased: true, requiresNotary: false },
    }),
    v('SURE_GIFT', 'Premio certo a ogni partecipazione', 'Guaranteed gift for every entry', {
      extraFields: { legalType: 'OPERAZIONE', assignment: 'THRESHOLD', pointsBased: false, requiresNotary: false },
    }),
    v('INSTANT_WIN', 'Vincita immediata (instant win)', 'Instant win', {
      extraFields: { legalType: 'CONCORSO', assignment: 'INSTANT', pointsBased: false, requiresNotary: true },
    }),
    v('FINAL_DRAW', 'Estrazione finale', 'Final prize draw', {
      extraFields: { legalType: 'CONCORSO', assignment: 'FINAL_DRAW', pointsBased: false, requiresNotary: true },
    }),
  ],
};

export const PLAYING: LookupTableSeed = {
  code: 'PLAYING',
  name: { it: 'Modalità di partecipazione', en: 'Way of taking part' },
  description: 'Assumed meaning (the spec gives only the name): how a participant records an entry (a "play") in a campaign.',
  values: [
    v('CDR_CONFERRAL', 'Conferimento al centro di raccolta', 'Drop-off at a collection centre'),
    v('CARD_SCAN', 'Lettura della tessera utente', 'User card scan'),
    v('QR_CODE', 'Scansione di un codice QR', 'QR code scan'),
    v('WEB_FORM', 'Modulo sul sito web', 'Website form'),
  ],
};

export const PRIZE: LookupTableSeed = {
  code: 'PRIZE',
  name: { it: 'Tipo di premio', en: 'Prize type' },
  description: 'Assumed meaning (the spec gives only the name): kinds of prize a campaign can award.',
  values: [
    v('SHOPPING_VOUCHER', 'Buono acquisto', 'Shopping voucher'),
    v('TARIFF_DISCOUNT', 'Riduzione sulla tariffa rifiuti (TARI)', 'Discount on the waste tariff (TARI)'),
    v('COMPOSTER', 'Compostiera domestica', 'Home composter'),
    v('RECYCLED_PRODUCT', 'Prodotto in materiale riciclato', 'Product made of recycled material'),
    v('SORTING_KIT', 'Kit per la raccolta differenziata', 'Separate collection kit'),
  ],
};

export const AGENT_CAMPAIGN: LookupTableSeed = {
  code: 'AGENT_CAMPAIGN',
  name: { it: 'Campagna agenti', en: 'Agent campaign' },
  description: 'Sales campaigns assigned to commercial agents. The picker shows alpha1 as the label (spec §3).',
  columns: { alpha1: 'Etichetta mostrata nel selettore' },
  values: [
    v('NEW_CUSTOMERS', 'Acquisizione nuovi clienti', 'New customer acquisition', { alpha1: 'Nuovi clienti' }),
    v('CONTAINER_RENTAL', 'Noleggio cassoni e contenitori', 'Skip and container rental', { alpha1: 'Noleggio contenitori' }),
    v('HAZARDOUS_WASTE', 'Gestione rifiuti pericolosi', 'Hazardous waste management', { alpha1: 'Rifiuti pericolosi' }),
    v('CONTRACT_RENEWAL', 'Rinnovo dei contratti in scadenza', 'Renewal of expiring contracts', { alpha1: 'Rinnovi' }),
  ],
};

export const DEALER_CAMPAIGN: LookupTableSeed = {
  code: 'DEALER_CAMPAIGN',
  name: { it: 'Campagna rivenditori', en: 'Dealer campaign' },
  description: 'Take-back campaigns run with retailers. The picker shows alpha1 as the label (spec §3).',
  columns: { alpha1: 'Etichetta mostrata nel selettore' },
  values: [
    v('WEEE_ONE_FOR_ONE', 'Ritiro RAEE "uno contro uno"', 'WEEE one-for-one take-back', { alpha1: 'RAEE uno contro uno' }),
    v('WEEE_ONE_FOR_ZERO', 'Ritiro RAEE di piccolissime dimensioni "uno contro zero"', 'Very small WEEE one-for-zero take-back', { alpha1: 'RAEE uno contro zero' }),
    v('BATTERIES', 'Raccolta di pile e accumulatori portatili', 'Portable battery collection', { alpha1: 'Pile e accumulatori' }),
    v('COOKING_OIL', 'Raccolta di oli vegetali esausti', 'Used cooking oil collection', { alpha1: 'Oli vegetali esausti' }),
    v('TONER', 'Raccolta di toner e cartucce', 'Toner and cartridge collection', { alpha1: 'Toner e cartucce' }),
  ],
};

export const INVITATION: LookupTableSeed = {
  code: 'INVITATION',
  name: { it: 'Tipo di invito', en: 'Invitation type' },
  description:
    'Types of emailed registration link (spec §3: the registration record has a type, COLLABORATOR by default). alpha1 is the role granted once registration completes.',
  columns: { alpha1: 'Ruolo assegnato al termine della registrazione' },
  values: [
    v('COLLABORATOR', 'Collaboratore', 'Collaborator', { alpha1: 'ROLE_USER' }),
    v('CUSTOMER', 'Cliente', 'Customer', { alpha1: 'ROLE_CUSTOMER' }),
    v('OWNER', 'Titolare di un punto di prelievo', 'Pickup point owner', { alpha1: 'ROLE_OWNER' }),
    v('SUPPLIER', 'Fornitore', 'Supplier', { alpha1: 'ROLE_SUPPLIER' }),
    v('CITIZEN', 'Cittadino', 'Citizen', { alpha1: 'ROLE_CITIZEN' }),
  ],
};

export const PRIVACY_SOURCE: LookupTableSeed = {
  code: 'PRIVACY_SOURCE',
  name: { it: 'Origine del consenso privacy', en: 'Privacy consent source' },
  description: 'Where a privacy consent was collected (GDPR accountability).',
  values: [
    v('WEB_REGISTRATION', 'Registrazione online', 'Online registration'),
    v('PAPER_FORM', 'Modulo cartaceo firmato', 'Signed paper form'),
    v('CONTRACT', 'Contratto', 'Contract'),
    v('CDR_DESK', 'Sportello del centro di raccolta', 'Collection centre desk'),
    v('EMAIL', 'Email', 'Email'),
    v('PHONE', 'Telefono', 'Phone'),
  ],
};

export const SERVICE_AGREEMENTS_ENTITY: LookupTableSeed = {
  code: 'SERVICE_AGREEMENTS_ENTITY',
  name: { it: 'Destinatari delle informative', en: 'Service agreement audience' },
  description: 'Who must accept a service agreement (privacy notice, terms of use).',
  values: [
    v('USER', 'Utenti del back-office', 'Back-office users'),
    v('COLLABORATOR', 'Collaboratori', 'Collaborators'),
    v('CUSTOMER', 'Clienti', 'Customers'),
    v('SUPPLIER', 'Fornitori', 'Suppliers'),
    v('CITIZEN', 'Cittadini', 'Citizens'),
    v('CAMPAIGN_PARTICIPANT', 'Partecipanti alle campagne', 'Campaign participants'),
  ],
};

export const CAMPAIGN_TABLES: LookupTableSeed[] = [
  PARTICIPATION_FIELDS,
  CONSUMER_FIELDS,
  MECHANICS,
  PLAYING,
  PRIZE,
  AGENT_CAMPAIGN,
  DEALER_CAMPAIGN,
  INVITATION,
  PRIVACY_SOURCE,
  SERVICE_AGREEMENTS_ENTITY,
];

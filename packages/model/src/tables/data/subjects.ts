import type { LookupTableSeed } from '../types.js';
import { v } from './value.js';

/** Tables about subjects (anagrafiche): legal form, roles, relations, classification. */

export const SBJ_LEGAL_FORM: LookupTableSeed = {
  code: 'SBJ_LEGAL_FORM',
  name: { it: 'Forma giuridica', en: 'Legal form' },
  description: 'Italian legal forms of subjects; name is the acronym printed after the company name.',
  columns: { alpha1: 'Tipo di soggetto: PERSON (persona fisica, anche titolare di ditta individuale) o ORGANIZATION' },
  values: [
    v('SRL', 'Società a responsabilità limitata', 'Limited liability company', { name: 'S.r.l.', alpha1: 'ORGANIZATION' }),
    v('SRLS', 'Società a responsabilità limitata semplificata', 'Simplified limited liability company', { name: 'S.r.l.s.', alpha1: 'ORGANIZATION' }),
    v('SPA', 'Società per azioni', 'Joint-stock company', { name: 'S.p.A.', alpha1: 'ORGANIZATION' }),
    v('SAPA', 'Società in accomandita per azioni', 'Partnership limited by shares', { name: 'S.a.p.a.', alpha1: 'ORGANIZATION' }),
    v('SAS', 'Società in accomandita semplice', 'Limited partnership', { name: 'S.a.s.', alpha1: 'ORGANIZATION' }),
    v('SNC', 'Società in nome collettivo', 'General partnership', { name: 'S.n.c.', alpha1: 'ORGANIZATION' }),
    v('SS', 'Società semplice', 'Simple partnership', { name: 'S.s.', alpha1: 'ORGANIZATION' }),
    v('DI', 'Ditta individuale', 'Sole proprietorship', { name: 'D.I.', alpha1: 'PERSON' }),
    v('COOP', 'Società cooperativa', 'Cooperative society', { name: 'Soc. coop.', alpha1: 'ORGANIZATION' }),
    v('SCARL', 'Società consortile a responsabilità limitata', 'Consortium limited liability company', { name: 'S.c.a r.l.', alpha1: 'ORGANIZATION' }),
    v('CONSORZIO', 'Consorzio', 'Consortium', { name: 'Consorzio', alpha1: 'ORGANIZATION' }),
    v('ASSOCIAZIONE', 'Associazione', 'Association', { name: 'Associazione', alpha1: 'ORGANIZATION' }),
    v('FONDAZIONE', 'Fondazione', 'Foundation', { name: 'Fondazione', alpha1: 'ORGANIZATION' }),
    v('ETS', 'Ente del Terzo settore', 'Third-sector organisation', { name: 'ETS', alpha1: 'ORGANIZATION' }),
    v('ENTE_PUBBLICO', 'Ente pubblico', 'Public body', { name: 'Ente pubblico', alpha1: 'ORGANIZATION' }),
    v('CONDOMINIO', 'Condominio', 'Condominium (building owners)', { name: 'Condominio', alpha1: 'ORGANIZATION' }),
    v('SOCIETA_ESTERA', 'Società di diritto estero', 'Foreign company', { name: 'Società estera', alpha1: 'ORGANIZATION' }),
    v('PERSONA_FISICA', 'Persona fisica', 'Natural person', { name: 'Persona fisica', alpha1: 'PERSON' }),
  ],
};

export const SUBJECT_ROLE: LookupTableSeed = {
  code: 'SUBJECT_ROLE',
  name: { it: 'Ruolo del soggetto', en: 'Subject role' },
  description: 'Roles a subject can hold; the route views (customers, transporters, …) filter subjects by role.',
  columns: { flag1: 'Figura della filiera indicata nel formulario (FIR): produttore, trasportatore, destinatario, intermediario' },
  values: [
    v('CUSTOMER', 'Cliente', 'Customer'),
    v('SUPPLIER', 'Fornitore', 'Supplier'),
    v('TRANSPORTER', 'Trasportatore', 'Transporter', { flag1: true }),
    v('INTERMEDIARY', 'Intermediario', 'Intermediary', { flag1: true }),
    v('TRNINTM', 'Intermediario di trasporto', 'Transport intermediary'),
    v('PRODUCER', 'Produttore', 'Producer', { flag1: true }),
    v('OWNER', 'Titolare', 'Owner'),
    v('LOGISTIC', 'Operatore logistico', 'Logistic operator'),
    v('COLLABORATOR', 'Collaboratore', 'Collaborator'),
    v('GENERAL_CONTRACTOR', 'General contractor', 'General contractor'),
    v('SIGNATORY', 'Firmatario', 'Signatory'),
    v('REQUESTER', 'Richiedente', 'Requester'),
    v('RETAILER', 'Rivenditore', 'Retailer'),
    v('PLANT', 'Impianto di destinazione', 'Destination plant', { flag1: true }),
    v('COMPANY', 'Azienda', 'Company'),
    v('REGISTRY', 'Anagrafica generica', 'General registry entry'),
  ],
};

export const SUBJECT_TO_SUBJECT: LookupTableSeed = {
  code: 'SUBJECT_TO_SUBJECT',
  name: { it: 'Relazione tra soggetti', en: 'Subject-to-subject relation' },
  description:
    'How one subject relates to another. When the form sets a relationType (a SUBJECT_ROLE code) only values with that alpha1, or none, are offered (spec §5); alpha3 groups the relations for extra filtering.',
  columns: {
    alpha1: 'relationType a cui si applica (codice SUBJECT_ROLE); vuoto = sempre proposta',
    alpha3: 'Famiglia della relazione: CORPORATE (gruppo societario), COMMERCIAL, WASTE_CHAIN (filiera dei rifiuti)',
  },
  values: [
    v('PARENT_COMPANY', 'Società controllante (capogruppo)', 'Parent company', { alpha3: 'CORPORATE' }),
    v('SUBSIDIARY', 'Società controllata', 'Subsidiary', { alpha3: 'CORPORATE' }),
    v('BRANCH', 'Sede secondaria o filiale di', 'Branch of', { alpha3: 'CORPORATE' }),
    v('GROUP_COMPANY', 'Società dello stesso gruppo', 'Company of the same group', { alpha3: 'CORPORATE' }),
    v('SIGNATORY_FOR', 'Firmatario autorizzato per', 'Authorised signatory for', { alpha1: 'SIGNATORY', alpha3: 'CORPORATE' }),
    v('CONTACT_PERSON', 'Referente di', 'Contact person of', { alpha3: 'COMMERCIAL' }),
    v('AGENT_OF', 'Agente di commercio di', 'Sales agent of', { alpha1: 'COLLABORATOR', alpha3: 'COMMERCIAL' }),
    v('RETAILER_FOR', 'Rivenditore per', 'Retailer for', { alpha1: 'RETAILER', alpha3: 'COMMERCIAL' }),
    v('BILL_TO', 'Intestatario delle fatture per', 'Invoice recipient for', { alpha1: 'CUSTOMER', alpha3: 'COMMERCIAL' }),
    v('SUBCONTRACTOR_OF', 'Subappaltatore di', 'Subcontractor of', { alpha1: 'SUPPLIER', alpha3: 'COMMERCIAL' }),
    v('GENERAL_CONTRACTOR_FOR', 'General contractor per', 'General contractor for', { alpha1: 'GENERAL_CONTRACTOR', alpha3: 'COMMERCIAL' }),
    v('INTERMEDIARY_FOR', 'Intermediario per', 'Intermediary for', { alpha1: 'INTERMEDIARY', alpha3: 'WASTE_CHAIN' }),
    v('TRANSPORT_INTERMEDIARY_FOR', 'Intermediario di trasporto per', 'Transport intermediary for', { alpha1: 'TRNINTM', alpha3: 'WASTE_CHAIN' }),
    v('TRANSPORTER_FOR', 'Trasportatore per', 'Transporter for', { alpha1: 'TRANSPORTER', alpha3: 'WASTE_CHAIN' }),
    v('PRODUCER_FOR', 'Produttore per', 'Producer for', { alpha1: 'PRODUCER', alpha3: 'WASTE_CHAIN' }),
    v('PLANT_FOR', 'Impianto di destinazione per', 'Destination plant for', { alpha1: 'PLANT', alpha3: 'WASTE_CHAIN' }),
    v('LOGISTIC_FOR', 'Operatore logistico per', 'Logistic operator for', { alpha1: 'LOGISTIC', alpha3: 'WASTE_CHAIN' }),
    v('REQUESTER_FOR', 'Richiedente per conto di', 'Requester on behalf of', { alpha1: 'REQUESTER', alpha3: 'WASTE_CHAIN' }),
  ],
};

export const SUBJECT_WAREHOUSE: LookupTableSeed = {
  code: 'SUBJECT_WAREHOUSE',
  name: { it: 'Relazione soggetto-magazzino', en: 'Subject-warehouse relation' },
  description: 'How a subject is linked to a warehouse (CDR, PDP, service warehouse or plant).',
  columns: {
    alpha1: 'relationType: ruolo del soggetto nella relazione (codice SUBJECT_ROLE)',
    flag1: 'Relazione unica: un solo soggetto per magazzino',
    flag2: 'Il soggetto riceve avvisi e comunicazioni del magazzino',
    flag3: 'Il soggetto può inserire richieste di ritiro per il magazzino',
  },
  values: [
    v('OWNER', 'Titolare del sito', 'Site owner', { alpha1: 'OWNER', flag1: true, flag2: true, flag3: true }),
    v('OPERATOR', 'Gestore', 'Operator', { alpha1: 'LOGISTIC', flag1: true, flag2: true, flag3: true }),
    v('PRODUCER_SITE', 'Unità locale del produttore', "Producer's local unit", { alpha1: 'PRODUCER', flag1: false, flag2: true, flag3: true }),
    v('CUSTOMER', 'Cliente servito', 'Customer served', { alpha1: 'CUSTOMER', flag1: false, flag2: true, flag3: true }),
    v('REQUESTER', 'Richiedente autorizzato', 'Authorised requester', { alpha1: 'REQUESTER', flag1: false, flag2: true, flag3: true }),
    v('INTERMEDIARY', 'Intermediario', 'Intermediary', { alpha1: 'INTERMEDIARY', flag1: false, flag2: true, flag3: true }),
    v('TRANSPORTER', 'Trasportatore autorizzato', 'Authorised transporter', { alpha1: 'TRANSPORTER', flag1: false, flag2: true, flag3: false }),
    v('DESTINATION', 'Impianto di destinazione', 'Destination plant', { alpha1: 'PLANT', flag1: false, flag2: false, flag3: false }),
    v('SITE_CONTACT', 'Referente del sito', 'Site contact', { alpha1: 'COLLABORATOR', flag1: false, flag2: true, flag3: false }),
  ],
};

export const QUALIFICATION: LookupTableSeed = {
  code: 'QUALIFICATION',
  name: { it: 'Qualifica', en: 'Qualification' },
  description: "Position of a contact person within the subject's organisation.",
  values: [
    v('OWNER', 'Titolare', 'Owner'),
    v('LEGAL_REPRESENTATIVE', 'Legale rappresentante', 'Legal representative'),
    v('MANAGING_DIRECTOR', 'Amministratore delegato', 'Managing director'),
    v('TECHNICAL_MANAGER', 'Responsabile tecnico (Albo Gestori Ambientali)', 'Technical manager (National Register of Environmental Managers)'),
    v('ENVIRONMENT_MANAGER', 'Responsabile ambiente e sicurezza', 'Health, safety and environment manager'),
    v('ADR_ADVISER', 'Consulente per la sicurezza dei trasporti ADR', 'ADR dangerous goods safety adviser'),
    v('ADMINISTRATION', 'Responsabile amministrativo', 'Administration manager'),
    v('PURCHASING', 'Responsabile acquisti', 'Purchasing manager'),
    v('SALES', 'Referente commerciale', 'Sales contact'),
    v('SITE_MANAGER', 'Capocantiere', 'Site foreman'),
    v('DRIVER', 'Autista', 'Driver'),
    v('OPERATOR', 'Operatore di impianto', 'Plant operator'),
    v('CLERK', 'Impiegato', 'Office clerk'),
  ],
};

export const ROLE_LEVEL: LookupTableSeed = {
  code: 'ROLE_LEVEL',
  name: { it: 'Livello di inquadramento', en: 'Job grade' },
  description:
    'Assumed meaning (the spec gives only the name): the employment grade of a person, as the Italian national collective agreements (CCNL) classify staff.',
  values: [
    v('DIRIGENTE', 'Dirigente', 'Executive'),
    v('QUADRO', 'Quadro', 'Middle manager'),
    v('IMPIEGATO', 'Impiegato', 'White-collar employee'),
    v('OPERAIO', 'Operaio', 'Blue-collar worker'),
    v('APPRENDISTA', 'Apprendista', 'Apprentice'),
  ],
};

export const CUSTOMER_CATEGORY: LookupTableSeed = {
  code: 'CUSTOMER_CATEGORY',
  name: { it: 'Categoria cliente', en: 'Customer category' },
  values: [
    v('CITIZEN', 'Privato cittadino', 'Private citizen'),
    v('COMPANY', 'Impresa industriale o commerciale', 'Industrial or commercial company'),
    v('CRAFT', 'Impresa artigiana', 'Craft business'),
    v('CONSTRUCTION', 'Impresa edile', 'Construction company'),
    v('AGRICULTURE', 'Azienda agricola', 'Farm'),
    v('HEALTHCARE', 'Struttura sanitaria', 'Healthcare facility'),
    v('MUNICIPALITY', 'Comune', 'Municipality'),
    v('PUBLIC_ADMINISTRATION', 'Altra pubblica amministrazione', 'Other public administration'),
    v('SUPPLY_CHAIN_CONSORTIUM', 'Consorzio di filiera', 'Producer-responsibility consortium'),
    v('WASTE_OPERATOR', 'Operatore del settore rifiuti', 'Waste management operator'),
  ],
};

export const LEVEL: LookupTableSeed = {
  code: 'LEVEL',
  name: { it: 'Livello di servizio', en: 'Service level' },
  description: 'Assumed meaning (the spec gives only the name): the service level agreed with a customer.',
  values: [
    v('BASE', 'Base', 'Basic'),
    v('STANDARD', 'Standard', 'Standard'),
    v('PREMIUM', 'Premium', 'Premium'),
    v('KEY_ACCOUNT', 'Cliente strategico (key account)', 'Key account'),
  ],
};

export const ADMINISTRATIVE_STATUS: LookupTableSeed = {
  code: 'ADMINISTRATIVE_STATUS',
  name: { it: 'Stato amministrativo', en: 'Administrative status' },
  description: 'Administrative standing of a subject.',
  columns: { flag1: 'Blocca nuove richieste, trasporti e fatture verso il soggetto' },
  values: [
    v('ACTIVE', 'Attivo', 'Active', { flag1: false }),
    v('DOCUMENT_CHECK', 'In verifica documentale', 'Documents under review', { flag1: false }),
    v('BLOCKED_UNPAID', 'Bloccato per insoluti', 'Blocked for unpaid invoices', { flag1: true }),
    v('SUSPENDED', 'Sospeso', 'Suspended', { flag1: true }),
    v('LIQUIDATION', 'In liquidazione', 'In liquidation', { flag1: false }),
    v('INSOLVENCY_PROCEEDING', 'In procedura concorsuale', 'In insolvency proceedings', { flag1: true }),
    v('CEASED', 'Cessato', 'Ceased', { flag1: true }),
  ],
};

export const RATING: LookupTableSeed = {
  code: 'RATING',
  name: { it: 'Affidabilità', en: 'Rating' },
  description: 'Internal reliability rating of a customer or supplier (payments, documents, conformity of loads).',
  columns: { alpha1: 'Colore del badge' },
  values: [
    v('A', 'A – Ottima affidabilità', 'A – Excellent reliability', { alpha1: 'green' }),
    v('B', 'B – Buona affidabilità', 'B – Good reliability', { alpha1: 'blue' }),
    v('C', 'C – Affidabilità con riserva', 'C – Reliable with reservations', { alpha1: 'orange' }),
    v('D', 'D – Non affidabile', 'D – Unreliable', { alpha1: 'red' }),
  ],
};

export const SUBJECT_TYPE: LookupTableSeed = {
  code: 'SUBJECT_TYPE',
  name: { it: 'Tipo di soggetto', en: 'Subject type' },
  description: 'Natural person or legal entity: a person has a last name and a 16-character codice fiscale.',
  values: [v('COMPANY', 'Persona giuridica o ditta', 'Company or firm'), v('PERSON', 'Persona fisica', 'Natural person')],
};

export const SUBJECT_TABLES: LookupTableSeed[] = [
  SUBJECT_TYPE,
  SBJ_LEGAL_FORM,
  SUBJECT_ROLE,
  SUBJECT_TO_SUBJECT,
  SUBJECT_WAREHOUSE,
  QUALIFICATION,
  ROLE_LEVEL,
  CUSTOMER_CATEGORY,
  LEVEL,
  ADMINISTRATIVE_STATUS,
  RATING,
];

import type { LookupTableSeed } from '../types.js';
import { v } from './value.js';

/** Application-level tables: languages, roles, documents, mail servers and templates. */

export const LANGUAGE: LookupTableSeed = {
  code: 'LANGUAGE',
  name: { it: 'Lingua', en: 'Language' },
  description: 'Languages of the application (LANGUAGE/APP), keyed by ISO 639-1 code; Italian is the default.',
  columns: { alpha1: 'Nome della lingua nella lingua stessa' },
  values: [
    v('it', 'Italiano', 'Italian', { alpha1: 'Italiano' }),
    v('en', 'Inglese', 'English', { alpha1: 'English' }),
    v('es', 'Spagnolo', 'Spanish', { alpha1: 'Español' }),
    v('de', 'Tedesco', 'German', { alpha1: 'Deutsch' }),
    v('fr', 'Francese', 'French', { alpha1: 'Français' }),
    v('ru', 'Russo', 'Russian', { alpha1: 'Русский' }),
  ],
};

export const ROLES: LookupTableSeed = {
  code: 'ROLES',
  name: { it: 'Ruoli', en: 'Roles' },
  // ROLE_SC is listed by the spec without any meaning; its label stays neutral.
  description: 'The roles of spec §6. The spec does not say what ROLE_SC stands for.',
  values: [
    v('ROLE_ADMIN', 'Amministratore', 'Administrator'),
    v('ROLE_MANAGER', 'Responsabile', 'Manager'),
    v('ROLE_USER', 'Operatore interno', 'Internal user'),
    v('ROLE_CUSTOMER', 'Cliente', 'Customer'),
    v('ROLE_SUPPLIER', 'Fornitore', 'Supplier'),
    v('ROLE_SUBSCRIBER', 'Abbonato', 'Subscriber'),
    v('ROLE_OWNER', 'Titolare', 'Owner'),
    v('ROLE_LOGISTIC', 'Operatore logistico', 'Logistic operator'),
    v('ROLE_GENERAL_CONTRACTOR', 'General contractor', 'General contractor'),
    v('ROLE_PLANT', 'Impianto', 'Plant'),
    v('ROLE_TREATMENT', 'Addetto ai trattamenti', 'Treatment operator'),
    v('ROLE_CITIZEN', 'Cittadino', 'Citizen'),
    v('ROLE_FIR_VERIFIER', 'Verificatore FIR', 'FIR verifier'),
    v('ROLE_REG_WORKFLOW', 'Flusso di registrazione', 'Registration workflow'),
    v('ROLE_SC', 'Ruolo SC', 'SC role'),
    v('ON_BOARD', 'In registrazione', 'Onboarding'),
    v('ACCESS_BACKOFFICE', 'Accesso al back-office', 'Back-office access'),
  ],
};

export const DOCUMENT_TYPE: LookupTableSeed = {
  code: 'DOCUMENT_TYPE',
  name: { it: 'Tipo di documento', en: 'Document type' },
  description: 'Documents a waste management company files for its subjects, vehicles, warehouses and processes.',
  columns: { flag1: 'Documento con data di scadenza da monitorare' },
  values: [
    v('FIR', 'Formulario di identificazione dei rifiuti (FIR)', 'Waste identification form (FIR)', { flag1: false }),
    v('DDT', 'Documento di trasporto (DDT)', 'Delivery note (DDT)', { flag1: false }),
    v('WEIGHING_TICKET', 'Scontrino di pesata', 'Weighbridge ticket', { flag1: false }),
    v('REGISTER', 'Registro cronologico di carico e scarico', 'Chronological load and unload register', { flag1: false }),
    v('MUD', 'MUD – Modello unico di dichiarazione ambientale', 'MUD – Annual environmental declaration', { flag1: false }),
    v('CONTRACT', 'Contratto', 'Contract', { flag1: true }),
    v('ALBO_AUTHORISATION', "Iscrizione all'Albo Nazionale Gestori Ambientali", 'National Register of Environmental Managers enrolment', { flag1: true }),
    v('PLANT_AUTHORISATION', "Autorizzazione dell'impianto (art. 208 D.Lgs. 152/2006, AIA, AUA, procedura semplificata)", 'Plant permit (art. 208 Legislative Decree 152/2006, IPPC, single environmental permit, simplified procedure)', { flag1: true }),
    v('ANALYSIS_CERTIFICATE', 'Certificato di analisi (rapporto di prova)', 'Analysis certificate (test report)', { flag1: true }),
    v('WASTE_ACCEPTANCE', 'Omologa del rifiuto', 'Waste acceptance profile', { flag1: true }),
    v('SAFETY_DATA_SHEET', 'Scheda di dati di sicurezza (SDS)', 'Safety data sheet (SDS)', { flag1: false }),
    v('ADR_DRIVER_CERTIFICATE', 'Certificato di formazione ADR del conducente', "ADR driver's training certificate", { flag1: true }),
    v('ADR_VEHICLE_CERTIFICATE', 'Certificato di approvazione ADR del veicolo', 'ADR certificate of approval for the vehicle', { flag1: true }),
    v('VEHICLE_REGISTRATION', 'Carta di circolazione', 'Vehicle registration certificate', { flag1: false }),
    v('DRIVING_LICENCE', 'Patente di guida e CQC', 'Driving licence and driver CPC', { flag1: true }),
    v('INSURANCE_POLICY', 'Polizza assicurativa', 'Insurance policy', { flag1: true }),
    v('FINANCIAL_GUARANTEE', 'Garanzia finanziaria', 'Financial guarantee', { flag1: true }),
    v('IDENTITY_DOCUMENT', "Documento d'identità", 'Identity document', { flag1: true }),
    v('VISURA_CAMERALE', 'Visura camerale', 'Company register extract (visura camerale)', { flag1: true }),
    v('DURC', 'DURC – Documento unico di regolarità contributiva', 'DURC – Social security compliance certificate', { flag1: true }),
    v('ANTIMAFIA', 'Iscrizione nella white list antimafia della Prefettura', "Prefecture's anti-mafia white list enrolment", { flag1: true }),
    v('ISO_CERTIFICATE', 'Certificazione di sistema di gestione (ISO 9001, ISO 14001, ISO 45001)', 'Management system certificate (ISO 9001, ISO 14001, ISO 45001)', { flag1: true }),
    v('DELEGATION', 'Delega', 'Proxy', { flag1: true }),
    v('PRIVACY_CONSENT', 'Informativa privacy firmata', 'Signed privacy notice', { flag1: false }),
    v('INVOICE', 'Fattura', 'Invoice', { flag1: false }),
    v('PHOTO', 'Fotografia', 'Photograph', { flag1: false }),
    v('OTHER', 'Altro documento', 'Other document', { flag1: false }),
  ],
};

export const SMTP: LookupTableSeed = {
  code: 'SMTP',
  name: { it: 'Server di posta in uscita', en: 'Outgoing mail server' },
  description:
    'Mail server profiles. extraValue is an SMTP URL template: {user} and {host} are filled from the mail account, and the password is read from the secret store, never from this table.',
  columns: { extraValue: 'Modello di URL SMTP senza credenziali', flag1: 'Posta elettronica certificata (PEC)' },
  values: [
    v('COMPANY', 'Server SMTP aziendale', 'Company SMTP server', { extraValue: 'smtp://{user}@{host}:587', flag1: false }),
    v('MICROSOFT_365', 'Microsoft 365', 'Microsoft 365', { extraValue: 'smtp://{user}@smtp.office365.com:587', flag1: false }),
    v('GOOGLE_WORKSPACE', 'Google Workspace', 'Google Workspace', { extraValue: 'smtps://{user}@smtp.gmail.com:465', flag1: false }),
    v('PEC_ARUBA', 'PEC Aruba', 'Aruba certified email (PEC)', { extraValue: 'smtps://{user}@smtps.pec.aruba.it:465', flag1: true }),
    v('PEC_LEGALMAIL', 'PEC Legalmail', 'Legalmail certified email (PEC)', { extraValue: 'smtps://{user}@sendm.cert.legalmail.it:465', flag1: true }),
    v('LOCAL_TEST', 'Server di prova locale', 'Local test server', { extraValue: 'smtp://localhost:1025', flag1: false }),
  ],
};

export const TEMPLATE_PLACEHOLDERS: LookupTableSeed = {
  code: 'TEMPLATE_PLACEHOLDERS',
  name: { it: 'Segnaposto dei modelli', en: 'Template placeholders' },
  description: 'Placeholders that mail and print templates can contain; extraValue is the exact text to write in the template.',
  columns: { extraValue: 'Testo del segnaposto', alpha1: 'Oggetto a cui si riferisce' },
  values: [
    v('SUBJECT_NAME', 'Ragione sociale o nome del soggetto', 'Subject name', { alpha1: 'subject', extraValue: '{{subject.name}}' }),
    v('SUBJECT_VAT_NUMBER', 'Partita IVA del soggetto', 'Subject VAT number', { alpha1: 'subject', extraValue: '{{subject.vatNumber}}' }),
    v('SUBJECT_FISCAL_CODE', 'Codice fiscale del soggetto', 'Subject tax code', { alpha1: 'subject', extraValue: '{{subject.fiscalCode}}' }),
    v('SUBJECT_ADDRESS', 'Indirizzo del soggetto', 'Subject address', { alpha1: 'subject', extraValue: '{{subject.address}}' }),
    v('SUBJECT_EMAIL', 'Email del soggetto', 'Subject email', { alpha1: 'subject', extraValue: '{{subject.email}}' }),
    v('REQUEST_CODE', 'Codice della richiesta', 'Request code', { alpha1: 'transaction', extraValue: '{{transaction.code}}' }),
    v('REQUEST_KIND', 'Tipo di richiesta', 'Request kind', { alpha1: 'transaction', extraValue: '{{transaction.kind}}' }),
    v('REQUEST_STATUS', 'Stato della richiesta', 'Request status', { alpha1: 'transaction', extraValue: '{{transaction.status}}' }),
    v('REQUEST_DATE', 'Data della richiesta', 'Request date', { alpha1: 'transaction', extraValue: '{{transaction.date}}' }),
    v('REQUESTED_DATE', 'Data di ritiro desiderata', 'Requested pickup date', { alpha1: 'transaction', extraValue: '{{transaction.requestedDate}}' }),
    v('REFUSAL_MOTIVATION', 'Motivo del rifiuto della richiesta', 'Request refusal reason', { alpha1: 'transaction', extraValue: '{{transaction.refusalMotivation}}' }),
    v('PICKUP_POINT', 'Punto di prelievo', 'Pickup point', { alpha1: 'warehouse', extraValue: '{{warehouse.name}}' }),
    v('PICKUP_ADDRESS', 'Indirizzo del punto di prelievo', 'Pickup point address', { alpha1: 'warehouse', extraValue: '{{warehouse.address}}' }),
    v('TRANSPORT_DATE', 'Data del trasporto', 'Transport date', { alpha1: 'transport', extraValue: '{{transport.date}}' }),
    v('VEHICLE_PLATE', 'Targa del veicolo', 'Vehicle plate', { alpha1: 'transport', extraValue: '{{transport.vehiclePlate}}' }),
    v('DRIVER_NAME', "Nome dell'autista", 'Driver name', { alpha1: 'transport', extraValue: '{{transport.driverName}}' }),
    v('FIR_NUMBER', 'Numero del formulario (FIR)', 'Waste form (FIR) number', { alpha1: 'transport', extraValue: '{{transport.firNumber}}' }),
    v('INVOICE_NUMBER', 'Numero della fattura', 'Invoice number', { alpha1: 'invoice', extraValue: '{{invoice.number}}' }),
    v('INVOICE_DATE', 'Data della fattura', 'Invoice date', { alpha1: 'invoice', extraValue: '{{invoice.date}}' }),
    v('INVOICE_TOTAL', 'Totale della fattura', 'Invoice total', { alpha1: 'invoice', extraValue: '{{invoice.total}}' }),
    v('INVOICE_DUE_DATE', 'Scadenza del pagamento', 'Payment due date', { alpha1: 'invoice', extraValue: '{{invoice.dueDate}}' }),
    v('COMPANY_NAME', "Ragione sociale dell'azienda", 'Company name', { alpha1: 'company', extraValue: '{{company.name}}' }),
    v('COMPANY_VAT_NUMBER', "Partita IVA dell'azienda", 'Company VAT number', { alpha1: 'company', extraValue: '{{company.vatNumber}}' }),
    v('COMPANY_FISCAL_CODE', "Codice fiscale dell'azienda", 'Company tax code', { alpha1: 'company', extraValue: '{{company.fiscalCode}}' }),
    v('COMPANY_ADDRESS', "Indirizzo della sede dell'azienda", 'Company address', { alpha1: 'company', extraValue: '{{company.address}}' }),
    v('COMPANY_EMAIL', "Email dell'azienda", 'Company email', { alpha1: 'company', extraValue: '{{company.email}}' }),
    v('USER_FULLNAME', "Nome e cognome dell'utente", 'User full name', { alpha1: 'user', extraValue: '{{user.fullname}}' }),
    v('REGISTRATION_LINK', 'Link di registrazione', 'Registration link', { alpha1: 'link', extraValue: '{{links.registration}}' }),
    v('PASSWORD_RESET_LINK', 'Link di recupero della password', 'Password recovery link', { alpha1: 'link', extraValue: '{{links.passwordRecovery}}' }),
    v('TODAY', 'Data odierna', "Today's date", { alpha1: 'system', extraValue: '{{today}}' }),
  ],
};

/**
 * The jobs a scheduler entry may run (issue 20): one value per job the server's domain modules
 * declare (packages/server/src/scheduler), with its label; the server refuses an entry naming a
 * code it does not run, and a test keeps this table and the server's registry the same.
 */
export const SCHEDULER_JOB: LookupTableSeed = {
  code: 'SCHEDULER_JOB',
  name: { it: 'Attività pianificabili', en: 'Schedulable jobs' },
  description: 'The jobs the scheduler runs; a code the server does not know is refused (JOB_NOT_REGISTERED).',
  values: [
    v('DEADLINE_REMINDERS', 'Promemoria scadenze (Albo, ADR, autorizzazioni)', 'Deadline reminders (Albo, ADR, authorisations)'),
    v('STORAGE_AGE_ALERTS', 'Avvisi giacenze oltre i limiti di stoccaggio', 'Storage-age alerts'),
    v('OVERDUE_INVOICES', 'Avvisi fatture scadute non incassate', 'Overdue invoices'),
    v('OUTBOX_RETRY', 'Invio delle mail in coda', 'Mail outbox retry'),
    v('DATA_RETENTION', 'Pulizia dati scaduti', 'Data retention'),
  ],
};

/**
 * The documents a print template may dress (issue 20; the model's PRINT_DOCUMENTS says which
 * placeholders, languages and parts each takes, and a test keeps the two the same).
 */
export const PRINT_DOCUMENT: LookupTableSeed = {
  code: 'PRINT_DOCUMENT',
  name: { it: 'Documenti stampabili', en: 'Printable documents' },
  description: 'The documents the application prints as PDF; a print template names one of them.',
  values: [
    v('INVOICE', 'Fattura e nota di credito (copia di cortesia)', 'Invoice and credit note (courtesy copy)'),
    v('FIR', 'Formulario di identificazione del rifiuto (FIR)', 'Waste identification form (FIR)'),
    v('REGISTER', 'Registro di carico e scarico', 'Load and unload register'),
    v('CONFERRAL_RECEIPT', 'Ricevuta di conferimento', 'Conferral receipt'),
  ],
};

export const SYSTEM_TABLES: LookupTableSeed[] = [LANGUAGE, ROLES, DOCUMENT_TYPE, SMTP, TEMPLATE_PLACEHOLDERS, SCHEDULER_JOB, PRINT_DOCUMENT];

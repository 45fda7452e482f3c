import type { AuthorityPrefix } from '../security/authorities.js';

/**
 * Every route area of spec §2 "Shell and routes", with the authority that makes it readable,
 * its type and labels. An area whose entity or view the catalogue declares is served from that
 * declaration; `/api/entityconf/visible` lists the others from here, so that menus and guards
 * follow the user's real authorities for them too.
 */
export type AreaType = 'configuration' | 'path' | 'other';

export interface AreaDefinition {
  /** Route path segment, also the entity name. */
  route: string;
  /** Feature authority prefix; `null` = readable by every back-office user. */
  authority: AuthorityPrefix | null;
  type: AreaType;
  /** Ant Design icon name. */
  icon: string;
  label: { it: string; en: string };
  /** HTTP endpoint of the records behind the area. */
  endpoint: string;
  /** Listed in the global search bar (only configuration-type areas qualify, spec §6). */
  globalSearch?: boolean;
  /**
   * What the area will hold, for an area not built yet (no entity and no page of its own): its page
   * says so, and `/api/entityconf/visible` offers nothing to create, change or search there.
   */
  planned?: { it: string; en: string };
}

const a = (
  route: string,
  authority: AuthorityPrefix | null,
  type: AreaType,
  icon: string,
  it: string,
  en: string,
  endpoint: string,
  globalSearch = false,
): AreaDefinition => ({ route, authority, type, icon, label: { it, en }, endpoint, globalSearch });

const DECLARED: readonly AreaDefinition[] = [
  a('dashboard', null, 'other', 'DashboardOutlined', 'Cruscotto', 'Dashboard', '/api/dashboard'),
  // transactions
  a('rdr', 'RDR', 'path', 'InboxOutlined', 'Richieste di ritiro', 'Pickup requests', '/api/transactions/rdr'),
  a('rdt', 'RDT', 'path', 'SendOutlined', 'Richieste di trasporto', 'Transport requests', '/api/transactions/rdt'),
  a('ppc', 'MOVEMENT', 'path', 'FileDoneOutlined', 'PPC', 'PPC', '/api/transactions/ppc'),
  a('r3t', 'MOVEMENT', 'path', 'FileSyncOutlined', 'R3T', 'R3T', '/api/transactions/r3t'),
  a('ur', 'MOVEMENT', 'path', 'FileProtectOutlined', 'UR', 'UR', '/api/transactions/ur'),
  a('movement-requests', 'MOVEMENT', 'path', 'SwapOutlined', 'Richieste di movimentazione', 'Movement requests', '/api/transactions/movement-requests'),
  a('conferral', 'MOVEMENT', 'path', 'ImportOutlined', 'Conferimenti', 'Conferrals', '/api/transactions/conferral'),
  a('msa', 'MSA', 'path', 'ScheduleOutlined', 'Attività MSA', 'MSA activities', '/api/jobs/msa'),
  a('sampling', 'SAMPLING', 'path', 'ExperimentOutlined', 'Campionamenti', 'Sampling', '/api/jobs/sampling'),
  a('job', 'JOB', 'path', 'ProjectOutlined', 'Commesse', 'Jobs', '/api/jobs/job'),
  a('area', 'AREA', 'configuration', 'GlobalOutlined', 'Aree', 'Areas', '/api/areas/area', true),
  // warehouse process
  a('transport', 'TRANSPORT', 'path', 'CarOutlined', 'Trasporti', 'Transports', '/api/transports/transport'),
  a('transaction-documents', 'TRANSPORT', 'path', 'FileTextOutlined', 'Documenti di trasporto', 'Transport documents', '/api/transports/transaction-documents'),
  a('treatments', 'TREATMENT', 'path', 'ExperimentOutlined', 'Trattamenti', 'Treatments', '/api/treatments/treatments'),
  a('warehouse-movements', 'MOVEMENT', 'path', 'RetweetOutlined', 'Movimenti di magazzino', 'Warehouse movements', '/api/warehouses/warehouse-movements'),
  a('movement-treatments', 'MOVEMENT', 'path', 'BranchesOutlined', 'Movimenti di trattamento', 'Treatment movements', '/api/warehouses/movement-treatments'),
  a('displacements', 'MOVEMENT', 'path', 'SwapOutlined', 'Trasferimenti tra magazzini', 'Displacements', '/api/warehouses/displacements'),
  // stakeholders (route views of subject)
  a('subjects', 'SUBJECT', 'configuration', 'IdcardOutlined', 'Anagrafiche', 'Subjects', '/api/subjects/subjects', true),
  a('customers', 'SUBJECT_CUSTOMER', 'configuration', 'ShopOutlined', 'Clienti', 'Customers', '/api/subjects/customers', true),
  a('suppliers', 'SUBJECT_SUPPLIER', 'configuration', 'ShoppingOutlined', 'Fornitori', 'Suppliers', '/api/subjects/suppliers', true),
  a('transporters', 'SUBJECT_TRANSPORTER', 'configuration', 'CarOutlined', 'Trasportatori', 'Transporters', '/api/subjects/transporters', true),
  a('collaborators', 'SUBJECT_COLLABORATOR', 'configuration', 'TeamOutlined', 'Collaboratori', 'Collaborators', '/api/subjects/collaborators', true),
  a('trnintm', 'SUBJECT_INTERMEDIARY', 'configuration', 'NodeIndexOutlined', 'Intermediari di trasporto', 'Transport intermediaries', '/api/subjects/trnintm', true),
  a('intermediary', 'SUBJECT_INTERMEDIARY', 'configuration', 'ApartmentOutlined', 'Intermediari', 'Intermediaries', '/api/subjects/intermediary', true),
  a('owner', 'SUBJECT_OWNER', 'configuration', 'CrownOutlined', 'Titolari', 'Owners', '/api/subjects/owner', true),
  a('requester', 'SUBJECT', 'configuration', 'UserSwitchOutlined', 'Richiedenti', 'Requesters', '/api/subjects/requester', true),
  a('registry', 'SUBJECT_LOGISTIC', 'configuration', 'DeploymentUnitOutlined', 'Operatori logistici', 'Logistic operators', '/api/subjects/registry', true),
  a('general-contractor', 'SUBJECT', 'configuration', 'BuildOutlined', 'General contractor', 'General contractors', '/api/subjects/general-contractor', true),
  a('signatory', 'SUBJECT', 'configuration', 'EditOutlined', 'Firmatari', 'Signatories', '/api/subjects/signatory', true),
  a('retailers', 'SUBJECT', 'configuration', 'ShopOutlined', 'Rivenditori', 'Retailers', '/api/subjects/retailers', true),
  a('companies', 'SUBJECT', 'configuration', 'BankOutlined', 'Aziende', 'Companies', '/api/subjects/companies', true),
  // logistic
  a('warehouses-cdr', 'WAREHOUSE_CDR', 'configuration', 'HomeOutlined', 'Centri di raccolta', 'Collection centres', '/api/warehouses/warehouses-cdr', true),
  a('warehouses-service', 'WAREHOUSE_SERVICE', 'configuration', 'ToolOutlined', 'Magazzini di servizio', 'Service warehouses', '/api/warehouses/warehouses-service', true),
  a('warehouses-pdp', 'WAREHOUSE_PDP', 'configuration', 'EnvironmentOutlined', 'Punti di prelievo', 'Pickup points', '/api/warehouses/warehouses-pdp', true),
  a('warehouse', 'WAREHOUSE', 'configuration', 'DatabaseOutlined', 'Magazzini', 'Warehouses', '/api/warehouses/warehouse', true),
  // documents and notes
  a('documents', 'DOC_BU', 'other', 'FolderOpenOutlined', 'Documenti aziendali', 'Company documents', '/api/documents/documents'),
  a('signed-contracts', 'DOC_SUBJECT', 'other', 'FileProtectOutlined', 'Contratti firmati', 'Signed contracts', '/api/documents/signed-contracts'),
  a('subject-documents', 'DOC_SUBJECT', 'other', 'FileOutlined', 'Documenti anagrafiche', 'Subject documents', '/api/documents/subject-documents'),
  a('process-documents', 'DOC_PROCESS', 'other', 'FileOutlined', 'Documenti di processo', 'Process documents', '/api/documents/process-documents'),
  a('activity-attach', 'DOC_PROCESS', 'other', 'PaperClipOutlined', 'Allegati attività', 'Task documents', '/api/documents/activity-attach'),
  a('warehouse-documents', 'DOC_WAREHOUSE', 'other', 'FileOutlined', 'Documenti magazzino', 'Warehouse documents', '/api/documents/warehouse-documents'),
  a('warehouses-documents', 'DOC_WAREHOUSE', 'other', 'FileOutlined', 'Documenti dei magazzini', 'Warehouses documents', '/api/documents/warehouses-documents'),
  a('vehicle-attach', 'VEHICLE', 'other', 'PaperClipOutlined', 'Allegati veicoli', 'Vehicle documents', '/api/documents/vehicle-attach'),
  a('notes', 'NOTE', 'other', 'FormOutlined', 'Note', 'Notes', '/api/notes/notes'),
  a('subject-notes', 'DOC_SUBJECT', 'other', 'FormOutlined', 'Note anagrafiche', 'Subject notes', '/api/notes/subject-notes'),
  a('process-notes', 'DOC_PROCESS', 'other', 'FormOutlined', 'Note di processo', 'Process notes', '/api/notes/process-notes'),
  a('warehouse-notes', 'DOC_WAREHOUSE', 'other', 'FormOutlined', 'Note magazzino', 'Warehouse notes', '/api/notes/warehouse-notes'),
  a('vehicle-notes', 'VEHICLE', 'other', 'FormOutlined', 'Note veicoli', 'Vehicle notes', '/api/notes/vehicle-notes'),
  // master data
  a('waste', 'WASTE', 'configuration', 'DeleteOutlined', 'Rifiuti (EER)', 'Waste (EWC)', '/api/waste/waste', true),
  a('materials', 'MATERIAL', 'configuration', 'GoldOutlined', 'Materiali', 'Materials', '/api/waste/materials', true),
  a('fraction', 'FRACTION', 'configuration', 'PieChartOutlined', 'Frazioni', 'Fractions', '/api/waste/fraction', true),
  a('chemistry', 'CHEMISTRY', 'configuration', 'ExperimentOutlined', 'Chimica', 'Chemistry', '/api/waste/chemistry', true),
  a('load-unit', 'LOAD_UNIT', 'configuration', 'InboxOutlined', 'Unità di carico', 'Load units', '/api/waste/load-unit', true),
  a('biz-services', 'SERVICE', 'configuration', 'CustomerServiceOutlined', 'Servizi', 'Services', '/api/waste/biz-services', true),
  a('vehicles', 'VEHICLE', 'configuration', 'TruckOutlined', 'Veicoli', 'Vehicles', '/api/vehicles/vehicles', true),
  // commercial
  a('pricelists', 'PRICELIST', 'path', 'DollarOutlined', 'Listini di vendita', 'Sale price lists', '/api/pricelists/pricelists'),
  a('pricelists-purchase', 'PRICELIST', 'path', 'DollarOutlined', 'Listini di acquisto', 'Purchase price lists', '/api/pricelists/pricelists-purchase'),
  a('invoices', 'INVOICE', 'path', 'AccountBookOutlined', 'Fatture', 'Invoices', '/api/invoices/invoices'),
  a('supplier-invoices', 'INVOICE', 'path', 'AuditOutlined', 'Fatture fornitori', 'Supplier invoices', '/api/invoices/supplier-invoices'),
  a('account-movements', 'INVOICE', 'path', 'TransactionOutlined', 'Movimenti contabili', 'Account movements', '/api/invoices/account-movements'),
  // user data
  a('communications', 'MAIL', 'other', 'MailOutlined', 'Posta', 'Mail', '/api/mail/communications'),
  a('mail-outbox', 'MAIL', 'other', 'SendOutlined', 'Posta in uscita', 'Mail outbox', '/api/mail/outbox'),
  a('notices', 'MAIL', 'other', 'NotificationOutlined', 'Avvisi', 'Notices', '/api/mail/notices'),
  // security
  a('users', 'USER', 'configuration', 'UserOutlined', 'Utenti', 'Users', '/api/security/users', true),
  a('groups', 'GROUP', 'configuration', 'UsergroupAddOutlined', 'Gruppi', 'Groups', '/api/security/groups', true),
  a('authorities', 'AUTHORITY', 'configuration', 'SafetyCertificateOutlined', 'Autorizzazioni', 'Authorities', '/api/security/authorities', true),
  a('sessions', 'SESSION', 'other', 'FieldTimeOutlined', 'Sessioni', 'Sessions', '/api/security/sessions'),
  a('profiles', 'USER', 'configuration', 'SolutionOutlined', 'Profili', 'Profiles', '/api/security/profiles', true),
  a('authorizations', 'AUTHORITY', 'configuration', 'LockOutlined', 'Abilitazioni', 'Authorizations', '/api/security/authorizations', true),
  a('accounts', 'USER', 'configuration', 'ContactsOutlined', 'Account', 'Accounts', '/api/security/accounts', true),
  // templates
  a('email-templates', 'TEMPLATE', 'configuration', 'MailOutlined', 'Modelli email', 'Email templates', '/api/templates/email-templates', true),
  a('print-templates', 'TEMPLATE', 'configuration', 'PrinterOutlined', 'Modelli di stampa', 'Print templates', '/api/templates/print-templates', true),
  a('service-agreements', 'PRIVACY', 'configuration', 'SafetyOutlined', 'Informative e consensi', 'Service agreements', '/api/privacy/service-agreements', true),
  a('business-units', 'DOC_BU', 'configuration', 'ApartmentOutlined', 'Unità di business', 'Business units', '/api/bu/units', true),
  a('cms-structures', 'TABLE', 'configuration', 'BuildOutlined', 'Strutture CMS', 'CMS structures', '/api/cms/structures', true),
  a('cms-resources', 'TABLE', 'configuration', 'FileTextOutlined', 'Risorse CMS', 'CMS resources', '/api/cms/resources', true),
  a('privacy-definitions', 'PRIVACY', 'configuration', 'FileProtectOutlined', 'Informative privacy', 'Privacy documents', '/api/privacy/definitions', true),
  // configuration
  a('tags', 'TAG', 'configuration', 'TagsOutlined', 'Etichette', 'Tags', '/api/conf/tags', true),
  a('tables', 'TABLE', 'configuration', 'TableOutlined', 'Tabelle di configurazione', 'Configuration tables', '/api/conf/tables', true),
  a('entityconf', 'ENTITYCONF', 'configuration', 'ControlOutlined', 'Configurazione entità', 'Entity configuration', '/api/entityconf/entityconf', true),
  a('scheduler', 'SCHEDULER', 'configuration', 'ClockCircleOutlined', 'Pianificatore', 'Scheduler', '/api/conf/scheduler', true),
  a('sysregistry', 'SYSREGISTRY', 'configuration', 'SettingOutlined', 'Registro di sistema', 'System registry', '/api/conf/sysregistry', true),
  a('icons', 'ICON', 'configuration', 'AppstoreOutlined', 'Icone', 'Icons', '/api/conf/icons', true),
  a('token', 'TOKEN', 'configuration', 'KeyOutlined', 'Token API', 'API tokens', '/api/conf/token', true),
  // monitor
  a('monitor-errors', 'MONITOR', 'other', 'BugOutlined', 'Errori', 'Errors', '/api/monitor/errors'),
  a('monitor-performance', 'MONITOR', 'other', 'LineChartOutlined', 'Prestazioni', 'Performance', '/api/monitor/performance'),
  a('monitor-security', 'MONITOR', 'other', 'SecurityScanOutlined', 'Sicurezza', 'Security', '/api/monitor/security'),
  a('monitor-usability', 'MONITOR', 'other', 'EyeOutlined', 'Usabilità', 'Usability', '/api/monitor/usability'),
];

/** What each area not built yet will hold (its placeholder page says it). */
const PLANNED: Readonly<Record<string, { it: string; en: string }>> = {
  'accounts': {
    it: "Qui arriveranno gli account degli utenti.",
    en: "This area will hold users' accounts.",
  },
};

export const AREAS: readonly AreaDefinition[] = DECLARED.map((area) => (Object.hasOwn(PLANNED, area.route) ? { ...area, planned: PLANNED[area.route]! } : area));

const byRoute = new Map(AREAS.map((area) => [area.route, area]));

export function findArea(route: string): AreaDefinition | undefined {
  return byRoute.get(route);
}

/**
 * Feature authorities of spec §6: each feature has read, write and delete authorities with the
 * suffixes _R, _W, _D. The prefix list is the single source for the authorities table.
 */
export const AUTHORITY_PREFIXES = {
  RDR: 'Pickup requests (RDR)',
  RDT: 'Transport requests (RDT)',
  MOVEMENT: 'Warehouse transactions and movements',
  TRANSPORT: 'Transport process',
  TREATMENT: 'Treatments',
  SUBJECT: 'Subjects',
  SUBJECT_INTERMEDIARY: 'Intermediaries',
  SUBJECT_PRODUCER: 'Producers',
  SUBJECT_OWNER: 'Owners',
  SUBJECT_LOGISTIC: 'Logistic operators',
  SUBJECT_TRANSPORTER: 'Transporters',
  SUBJECT_COLLABORATOR: 'Collaborators',
  SUBJECT_CUSTOMER: 'Customers',
  SUBJECT_SUPPLIER: 'Suppliers',
  WAREHOUSE: 'Warehouses',
  WAREHOUSE_CDR: 'Collection centres (CDR)',
  WAREHOUSE_SERVICE: 'Service warehouses',
  WAREHOUSE_PDP: 'Pickup points (PDP)',
  DOC_BU: 'Business-unit documents and notes',
  DOC_PROCESS: 'Process documents and notes',
  DOC_SUBJECT: 'Subject documents and notes',
  DOC_WAREHOUSE: 'Warehouse documents and notes',
  INVOICE: 'Invoices and account movements',
  PRICELIST: 'Price lists',
  PROFILE: 'Profile',
  MAIL: 'Mail and notices',
  NOTE: 'Notes',
  WASTE: 'Waste (EER catalogue)',
  FRACTION: 'Fractions',
  CHEMISTRY: 'Chemistry',
  LOAD_UNIT: 'Load units',
  SERVICE: 'Services',
  MATERIAL: 'Materials',
  VEHICLE: 'Vehicles',
  AREA: 'Areas',
  JOB: 'Jobs',
  MSA: 'MSA activities',
  SAMPLING: 'Sampling activities',
  USER: 'Users',
  GROUP: 'Groups',
  AUTHORITY: 'Authorities',
  SESSION: 'Sessions',
  PRIVACY: 'Privacy definitions and service agreements',
  TEMPLATE: 'Mail and print templates',
  TAG: 'Tags',
  TABLE: 'Configuration tables',
  ENTITYCONF: 'Entity configuration',
  SYSREGISTRY: 'System registry',
  SCHEDULER: 'Scheduler',
  ICON: 'Icons',
  TOKEN: 'API tokens',
  MONITOR: 'Monitoring',
} as const;

export type AuthorityPrefix = keyof typeof AUTHORITY_PREFIXES;
export type AuthorityAction = 'R' | 'W' | 'D';

export const authority = (prefix: AuthorityPrefix, action: AuthorityAction): string => `${prefix}_${action}`;

export function allFeatureAuthorities(): { code: string; description: string }[] {
  const actions: [AuthorityAction, string][] = [
    ['R', 'read'],
    ['W', 'write'],
    ['D', 'delete'],
  ];
  return (Object.entries(AUTHORITY_PREFIXES) as [AuthorityPrefix, string][]).flatMap(([prefix, label]) =>
    actions.map(([action, verb]) => ({ code: authority(prefix, action), description: `${label}: ${verb}` })),
  );
}
